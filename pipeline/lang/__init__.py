"""Language knowledge as data, one YAML file per language (like spaCy's `lang/` folders).

Shared code reads these files and never branches on a language code.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

LANG_DIR = Path(__file__).parent
LANGUAGES = ("en", "ja", "ru")


@lru_cache(maxsize=None)
def language_data(lang: str) -> dict[str, Any]:
    path = LANG_DIR / f"{lang}.yaml"
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.safe_load(fh) or {}
    except yaml.YAMLError as exc:
        from pipeline.errors import HoyleError
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        raise HoyleError(f"{where}: malformed language data: {getattr(exc, 'problem', exc)}; "
                         f"fix the YAML (a quote inside a '...' pattern is written '')") from None


def all_languages_key(key: str) -> dict[str, list[str]]:
    """Merge a `kind -> [patterns]` mapping across every language file.

    Used where a convention can appear in any language regardless of the source's own
    (a Japanese translation keeps English Gutenberg markers, and vice versa).
    """
    merged: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        for kind, patterns in (language_data(lang).get(key) or {}).items():
            merged.setdefault(kind, []).extend(patterns)
    return merged
