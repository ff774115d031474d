"""Token rules: spaCy Matcher patterns as data (pipeline/lang/<lang>/token_rules.yaml).

Regex rules read the surface; token rules read lemmas, where a language inflects what a
statement says ("сдавали/сдавалось/сдаётся по двенадцать карт", "dealt/deals"). Only sentences
that pass a cheap pre-filter are parsed: they hold a number and the stem of every content word
some rule requires.

A token spec is spaCy's Matcher syntax plus three shorthands:
  LEMMA: [w, ...]   any candidate lemma of the token is one of these  (Token._.lemmas)
  NUM: name         one number, possibly several tokens ("тридцать два"), captured as `name`
  CAPTURE: name     capture this token's text as `name` (e.g. a rank)
Captured texts are read by the same value builder as the regex rules' named groups.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex
from spacy.matcher import Matcher

from pipeline.errors import HoyleError
from pipeline.extract.readers import Reader
from pipeline.extract.rules import check_rule
from pipeline.extract.sentences import SENTENCE
from pipeline.nlp import annotate, texts_for_pipeline
from pipeline.patterns import compile_pattern


@dataclass(frozen=True)
class TokenRule:
    id: str
    facet: str
    reader: Reader
    qualifier: str | None
    captures: tuple[str | None, ...]   # per pattern token: the capture name, if any
    item: str | None = None


@dataclass(frozen=True)
class TokenMatch:
    """A token-rule match in the coordinates of the text it was run on; behaves like a regex
    match for the value builder (`groupdict`, `group`)."""
    rule: TokenRule
    start: int
    end: int
    groups: dict[str, str]
    text: str

    def groupdict(self) -> dict[str, str]:
        return self.groups

    def group(self, *_):
        return self.text


def _spec_token(spec: dict) -> tuple[dict, str | None]:
    spec = dict(spec)
    capture = spec.pop("CAPTURE", None)
    if "LEMMA" in spec:
        lemmas = spec.pop("LEMMA")
        spec["_"] = {"lemmas": {"INTERSECTS": [str(x) for x in (lemmas if isinstance(lemmas, list) else [lemmas])]}}
    if "NUM" in spec:
        capture = spec.pop("NUM")
        spec["_"] = {"is_number": True}
        spec.setdefault("OP", "+")
    return spec, capture


def _required_stems(spec: dict, stem) -> tuple[str, ...]:
    """Stems a sentence must contain for this rule to match: its required content words (LEMMA
    lists; any one of each list), else its literal words."""

    def words_of(tok: dict, keys: tuple[str, ...]) -> list[str]:
        out = []
        for key in keys:
            words = tok.get(key)
            words = words.get("IN") if isinstance(words, dict) else words
            out += [str(w).lower() for w in (words if isinstance(words, list) else [words] if words else [])]
        return out

    required = [t for t in spec["tokens"] if t.get("OP") not in ("?", "*") and not str(t.get("OP", "")).startswith("{0")]
    lists = [words_of(t, ("LEMMA",)) for t in required if "LEMMA" in t] \
        or [words_of(t, ("LOWER", "TEXT")) for t in required if words_of(t, ("LOWER", "TEXT"))]
    return tuple("|".join(regex.escape(stem(w)) for w in words) for words in lists if words)


def token_rules_of(knowledge, lang: str) -> TokenRules:
    """The token rules of one language (its spaCy pipeline loads when it has any), built once."""
    return knowledge.compiled(("token_rules", lang), lambda: TokenRules(knowledge.languages[lang], knowledge))


class TokenRules:
    """One language's compiled token rules and its pre-filter."""

    def __init__(self, language, knowledge):
        self.language = language
        self.rules: dict[str, TokenRule] = {}
        self.nlp = None
        self.matcher = None
        self._items_key: tuple = ()
        self._items: list = []
        specs = language.token_rules
        if not specs:
            return
        self.nlp = language.nlp
        self.matcher = Matcher(self.nlp.vocab, validate=True)
        path = language.path("token_rules.yaml")
        for i, spec in enumerate(specs):
            reader = check_rule(spec, knowledge, path, ("rules", i))
            tokens = [_spec_token(t) for t in spec.tokens]
            rule = TokenRule(id=f"{language.code}.tok.{spec.id}", facet=spec.facet, reader=reader,
                             qualifier=spec.qualifier, captures=tuple(c for _, c in tokens), item=spec.item)
            self.rules[rule.id] = rule
            try:
                self.matcher.add(rule.id, [[t for t, _ in tokens]])
            except ValueError as exc:  # spaCy's own pattern validation
                raise HoyleError(f"{path}: rule {spec.id!r}: invalid token pattern: {exc}") from None
        # the pre-filter: every required word of some rule is in the sentence
        self.required = [[compile_pattern(alt, regex.IGNORECASE)
                          for alt in _required_stems(spec.model_dump(), language.stem)] for spec in specs]
        self.number = compile_pattern(language.numbers.pattern, regex.IGNORECASE)

    def candidates(self, text: str) -> list[tuple[int, str]]:
        """Sentences worth parsing: they hold a number and every word some rule requires."""
        return [(m.start(), m.group()) for m in SENTENCE.finditer(text)
                if any(all(p.search(m.group()) for p in rule) for rule in self.required)
                and self.number.search(m.group())]

    def _item_lemmas(self, items: dict[str, str]) -> list[tuple[tuple[frozenset, ...], str]]:
        """Each scoring item name as a sequence of lemma sets, longest first."""
        key = tuple(sorted(items))
        if self._items_key != key:
            self._items_key = key
            self._items = sorted(((tuple(frozenset(t._.lemmas) for t in annotate(self.nlp(name), self.language)
                                          if not t.is_punct), name)
                                  for name in items if name.strip()), key=lambda p: -len(p[0]))
        return self._items

    def _item_named(self, tokens: list, items: dict[str, str]) -> str | None:
        """The longest item name the captured tokens begin with, read by lemmas ("за оннеры" ~ онер)."""
        for lemmas, name in self._item_lemmas(items):
            if len(lemmas) <= len(tokens) and all(set(t._.lemmas) & want for t, want in zip(tokens, lemmas, strict=False)):
                return name
        return None

    def matches(self, text: str, start: int = 0, end: int | None = None,
                items: dict[str, str] | None = None) -> list[TokenMatch]:
        if self.matcher is None:
            return []
        piece = text[start:end]
        pieces = [(start + off + o, part) for off, sent in self.candidates(piece)
                  for o, part in texts_for_pipeline(sent)]
        out: list[TokenMatch] = []
        docs = (annotate(d, self.language) for d in self.nlp.pipe(p for _, p in pieces))
        for (base, _), doc in zip(pieces, docs, strict=False):
            best: dict[tuple[str, int], TokenMatch] = {}
            for match_id, s, e, align in self.matcher(doc, with_alignments=True):
                rule = self.rules[self.nlp.vocab.strings[match_id]]
                captured: dict[str, list] = {}
                for token, pattern_index in zip(doc[s:e], align, strict=False):
                    name = rule.captures[pattern_index]
                    if name:
                        captured.setdefault(name, []).append(token)
                groups = {k: "".join(t.text_with_ws for t in v).strip() for k, v in captured.items()}
                if "item" in captured:
                    named = self._item_named(captured["item"], items or {})
                    if named is None:
                        continue
                    groups["item"] = named
                    e = captured["item"][0].i + len(self.nlp(named))  # the match ends with the name
                    e = min(e, captured["item"][-1].i + 1)
                cs, ce = doc[s].idx, doc[e - 1].idx + len(doc[e - 1].text)
                found = TokenMatch(rule, base + cs, base + ce, groups, doc.text[cs:ce])
                key = (rule.id, found.start)
                if key not in best or found.end > best[key].end:
                    best[key] = found
            out.extend(best.values())
        return sorted(out, key=lambda m: (m.start, m.rule.id))
