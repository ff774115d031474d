"""The site's own words in each UI language (strings.yaml), validated: every key has every
language, and a `{name}` placeholder of one language is in the others too."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import RootModel, model_validator

from pipeline.datafile import load_model
from pipeline.patterns import compile_pattern

UI_LANGUAGES = ("en", "ja", "ru")   # en is the site's root; the others live under ja/, ru/
STRINGS = Path(__file__).with_name("strings.yaml")


def root_of(lang: str) -> str:
    """Where a UI language's pages sit in the whole site: the root for the first, ja/, ru/ else."""
    return "" if lang == UI_LANGUAGES[0] else f"{lang}/"
_PLACEHOLDER = compile_pattern(r"\{(\w+)\}")


class UiStrings(RootModel[dict[str, dict[str, str]]]):
    @model_validator(mode="after")
    def _complete(self):
        for key, by_lang in self.root.items():
            if set(by_lang) != set(UI_LANGUAGES):
                raise ValueError(f"{key}: needs exactly {', '.join(UI_LANGUAGES)} (has {', '.join(sorted(by_lang))})")
            names = {lang: set(_PLACEHOLDER.findall(text)) for lang, text in by_lang.items()}
            if len({frozenset(v) for v in names.values()}) > 1:
                raise ValueError(f"{key}: the languages differ in their {{placeholders}}: {names}")
        return self

    def text(self, key: str, lang: str, **values) -> str:
        out = self.root[key][lang]
        for name, value in values.items():
            out = out.replace("{" + name + "}", str(value))
        return out


@lru_cache(maxsize=1)   # a package file: read once per process
def ui_strings() -> UiStrings:
    return load_model(STRINGS, UiStrings)
