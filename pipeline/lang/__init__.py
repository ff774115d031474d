"""Language profiles: one folder per language (`pipeline/lang/<code>/`, or a corpus's own
`lang/<code>/`), read into typed models and compiled once per build.

Shared code asks a `Language` for its words, numbers and pipeline, and a `Languages` registry
for what every language contributes (a text may quote another language); it never asks which
language it is."""

from __future__ import annotations

import hashlib
from functools import cached_property
from pathlib import Path

from pipeline.datafile import load_model
from pipeline.errors import HoyleError
from pipeline.lang.numbers import NumberReader
from pipeline.lang.profile import FactRuleSpec, FactsFile, Profile, TokenRulesFile, TokenRuleSpec
from pipeline.patterns import BudgetedPattern, compile_pattern

_LETTER_RUNS = compile_pattern(r"\p{L}+")

EMBEDDED_LANG_DIR = Path(__file__).parent
PROFILE_FILES = ("profile.yaml", "facts.yaml", "token_rules.yaml")
_CODE = compile_pattern(r"^[a-z]{2,3}$")


class Language:
    """One language: its profile and rules, and what is compiled from them (lazily, once)."""

    def __init__(self, code: str, folder: Path, profile: Profile, facts: list[FactRuleSpec],
                 token_rules: list[TokenRuleSpec]):
        self.code = code
        self.folder = folder
        self.profile = profile
        self.facts = facts
        self.token_rules = token_rules

    def __repr__(self) -> str:
        return f"Language({self.code!r}, {str(self.folder)!r})"

    def path(self, name: str) -> Path:
        return self.folder / name

    @cached_property
    def morph(self):
        """The morphological analyzer, if the profile names one (loading it is not free)."""
        if self.profile.morphology == "pymorphy3":
            import pymorphy3
            return Morphology(pymorphy3.MorphAnalyzer(lang=self.code))
        return None

    @cached_property
    def numbers(self) -> NumberReader:
        return NumberReader(self.profile, (lambda: self.morph) if self.profile.morphology else None)

    @cached_property
    def nlp(self):
        """The spaCy pipeline of this language (pipeline/nlp.py); built on first use."""
        from pipeline.nlp import build_pipeline
        return build_pipeline(self)

    @cached_property
    def script(self) -> BudgetedPattern | None:
        return compile_pattern(self.profile.script) if self.profile.script else None

    def reading(self, text: str) -> str | None:
        """How a short text (a name) sounds, by the tokenizer's readings, where the profile
        compares names so (`names.by_reading`): 7ならべ and 7並べ are both ナナナラベ."""
        if not self.profile.names.by_reading:
            return None
        tokenizer = self.nlp.tokenizer
        analyzer = getattr(tokenizer, "tokenizer", None)
        if not hasattr(analyzer, "tokenize") or not text.strip():
            return None
        mode = getattr(tokenizer, "split_mode", None)
        morphemes = analyzer.tokenize(text, mode) if mode is not None else analyzer.tokenize(text)
        return "".join(m.reading_form() for m in morphemes)

    def inflections(self, word: str) -> tuple[str, ...]:
        """Every case form of a card name (туз -> туза, тузом, ...) where the profile inflects them."""
        if not (self.profile.inflect_card_names and self.morph) or len(word) < 3 \
                or not _LETTER_RUNS.fullmatch(word):
            return (word,)
        forms = {word}
        for parse in self.morph.parse(word)[:2]:
            if parse.normal_form == word.lower():
                forms.update(f.word for f in parse.lexeme)
        return tuple(sorted(forms))

    def stem(self, word: str) -> str:
        """A prefix every inflected form of `word` shares (the token-rule pre-filter): the
        profile's inflecting ending stripped (配る: 配), else the first letters (карта: карт)."""
        strip = self.profile.stem_strip
        if strip and (pattern := compile_pattern(strip, origin=f"{self.path('profile.yaml')} stem_strip")).search(word):
            return pattern.sub("", word)
        return word[:max(2, min(len(word) - 1, 4))] if len(word) > 2 else word


class Morphology:
    """A morphological analyzer that never raises on a word: pymorphy3 looks up every letter's
    Unicode name, and a letter without one (a Tangut ideograph under Python 3.11) raised
    ValueError out of the build. Such a word has no parse."""

    def __init__(self, analyzer):
        self.analyzer = analyzer

    def parse(self, word: str) -> list:
        try:
            return self.analyzer.parse(word)
        except ValueError:
            return []


class Languages:
    """The registry of language profiles in force for a corpus, ordered by code."""

    def __init__(self, languages: dict[str, Language]):
        self.by_code = dict(sorted(languages.items()))

    def __iter__(self):
        return iter(self.by_code.values())

    def __contains__(self, code: str) -> bool:
        return code in self.by_code

    def __getitem__(self, code: str) -> Language:
        try:
            return self.by_code[code]
        except KeyError:
            raise HoyleError(f"no language profile for {code!r}",
                             hint=f"known: {', '.join(self.codes)}; a corpus may add lang/{code}/profile.yaml") from None

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(self.by_code)

    def all_patterns(self, get) -> list[str]:
        """What every language contributes to one word list, in registry order."""
        return [p for lang in self for p in get(lang.profile)]

    def digest(self) -> str:
        h = hashlib.sha256()
        for lang in self:
            for name in PROFILE_FILES:
                p = lang.path(name)
                h.update(f"{lang.code}/{name}".encode())
                h.update(p.read_bytes() if p.is_file() else b"")
        return h.hexdigest()


def load_language(code: str, folder: Path) -> Language:
    profile = load_model(folder / "profile.yaml", Profile)
    facts = load_model(folder / "facts.yaml", FactsFile).facts if (folder / "facts.yaml").is_file() else []
    tokens = (load_model(folder / "token_rules.yaml", TokenRulesFile).rules
              if (folder / "token_rules.yaml").is_file() else [])
    return Language(code, folder, profile, facts, tokens)


def language_folders(extra: Path | None = None) -> dict[str, Path]:
    """Profile folders: the embedded ones, then a corpus's own `lang/` (which may add or replace)."""
    found: dict[str, Path] = {}
    for root in (EMBEDDED_LANG_DIR, extra):
        if root is None or not root.is_dir():
            continue
        for folder in sorted(root.iterdir()):
            if (folder / "profile.yaml").is_file():
                if not _CODE.match(folder.name):
                    raise HoyleError(f"{folder}: a language folder is named by its code (e.g. 'de')")
                found[folder.name] = folder
    return found


def load_languages(extra: Path | None = None) -> Languages:
    return Languages({code: load_language(code, folder) for code, folder in language_folders(extra).items()})
