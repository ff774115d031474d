"""The words of a text as a full-text index wants them, from each language's profile: a run of
letters goes to the language whose `script` it is written in; a language whose lemmas come from
its tokenizer (Japanese: Sudachi) is cut into words, each followed by its dictionary form (a
two-character word like ピケ is a token of its own); a language with a morphology (Russian:
pymorphy3) gives each word followed by every candidate lemma (колоды -> колода); any other word
stays as written (English forms are merged by the index's porter stemmer). A one-word name of a
scoring item or a game brings its other one-word spellings in the same script (repic -> repique,
Пикет -> пикета is the lemma's job): a search for one spelling finds the sections with another."""

from __future__ import annotations

from pipeline.nlp import word_lemmas
from pipeline.patterns import compile_pattern

_RUN = compile_pattern(r"\w+")
_LETTER = compile_pattern(r"\p{L}")
_SCRIPT = compile_pattern(r"(?P<latin>\p{Latin})|(?P<cyrillic>\p{Cyrillic})")


def _script(word: str) -> str | None:
    m = _SCRIPT.match(word)
    return m.lastgroup if m else None


def spelling_variants(knowledge) -> dict[str, tuple[str, ...]]:
    """word -> the other one-word spellings, in its script, of the one scoring item or game it
    names (repic -> repique). A word that names two concepts gets none: it would mix them."""
    concepts = [[str(w) for w in spec.all_words()] for spec in knowledge.facets.items.values()]
    concepts += [[n for n in (g.names.en, g.names.ja, g.names.ru, *g.aliases) if n] for g in knowledge.games]
    groups = [sorted({n.lower() for n in names if _RUN.fullmatch(n) and _script(n)}) for names in concepts]
    owners: dict[str, int] = {}
    for words in groups:
        for w in words:
            owners[w] = owners.get(w, 0) + 1
    variants: dict[str, tuple[str, ...]] = {}
    for words in groups:
        for w in words:
            others = tuple(o for o in words if o != w and owners[o] == 1 and _script(o) == _script(w))
            if owners[w] == 1 and others:
                variants[w] = others
    return variants


class SearchWords:
    def __init__(self, languages, variants: dict[str, tuple[str, ...]] | None = None):
        self._by_script = [lang for lang in languages if lang.script is not None]
        self._variants = variants or {}
        self._lemmas: dict[tuple[str, str], tuple[str, ...]] = {}
        self._lines: dict[str, str] = {}          # a line -> its words (sections nest and lines repeat)
        self._script_of: dict[str, object] = {}   # a first letter -> its language (or None)

    def _language_of(self, run: str):
        """The language whose script the run's first letter is in."""
        letter = _LETTER.search(run)
        if not letter:
            return None
        ch = letter.group()
        if ch not in self._script_of:
            self._script_of[ch] = next((lang for lang in self._by_script if lang.script.match(ch)), None)
        return self._script_of[ch]

    def _cut(self, lang, run: str) -> list[str]:
        out = []
        for word, lemma in word_lemmas(lang, run):
            out.append(word)
            if lemma and lemma != word:
                out.append(lemma)
        return out

    def _forms(self, lang, word: str) -> list[str]:
        low = word.lower()
        key = (lang.code, low)
        if key not in self._lemmas:
            self._lemmas[key] = tuple(sorted({p.normal_form for p in lang.morph.parse(low)} - {low}))
        return [low, *self._lemmas[key]]

    def __call__(self, text: str) -> str:
        """The words of `text`, line by line (no word spans a line break)."""
        out = []
        for line in text.split("\n"):
            if line not in self._lines:
                self._lines[line] = self._line(line)
            if self._lines[line]:
                out.append(self._lines[line])
        return " ".join(out)

    def _line(self, text: str) -> str:
        words: list[str] = []
        for m in _RUN.finditer(text):
            run = m.group()
            lang = self._language_of(run)
            if lang is not None and lang.profile.spacy.lemmas == "tokenizer":
                cut = self._cut(lang, run)    # "repiqueと" -> repique, と
            elif lang is not None and lang.morph is not None:
                cut = self._forms(lang, run)
            else:
                cut = [run]
            words += cut
            for w in cut:
                words += self._variants.get(w.lower().strip("_"), ())   # _Repique_ (italics)
        return " ".join(words)
