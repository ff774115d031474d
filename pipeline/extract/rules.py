"""Extraction rules as data: each language's `facts:` list in pipeline/lang/<lang>.yaml.

A rule is a regex with macros, expanded here from the language's knowledge:
  {N} / {N:name}   one number (digits, kanji, number words)  -> group `n` / `name`
  {RANKS}          a list of four or more rank names          -> group `ranks`
  {PAIRS}          three or more "rank points" pairs          -> group `pairs`
  {ITEM}           a named scoring item (corpus/facets.yaml)  -> group `item`
  {SEQ}            two to five numbers in a comma list        -> group `seq`
  {RANK}           one rank name                              -> group `rank`
  {RANKLIST}       two or more rank names ("A，10，R(K)")      -> group `ranks`
  {NUMS}           one or more numbers ("150点と100点")        -> group `nums`
  {SUIT}           one suit name (terms.yaml)                 -> group `suit`
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.extract.cards import SEP, RankVocabulary, pairs_regex
from pipeline.extract.numbers import number_regex
from pipeline.lang import language_data

_MACRO = regex.compile(r"\{(N|NUMS|RANKS|RANKLIST|RANK|SUIT|PAIRS|ITEM|SEQ)(?::(\w+))?\}")


@dataclass(frozen=True)
class Rule:
    id: str
    facet: str
    pattern: regex.Pattern
    qualifier: str | None
    derive: str | None      # e.g. "multiply": deck_size = n × m


def item_names(facets: dict, lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item, names in (facets.get("items") or {}).items():
        for name in (names or {}).get(lang) or []:
            out.setdefault(str(name).lower(), item)
            out.setdefault(regex.sub(r"\s+", "", str(name).lower()), item)
    return out


def _name_regex(name: str) -> str:
    """A literal name whose digit/letter joints may carry a space ("3枚続き" ~ "3 枚続き")."""
    parts = regex.split(r"(?<=\d)(?=\D)|(?<=\D)(?=\d)", name)
    return r"\s*".join(regex.escape(p) for p in parts if p)


def suit_names(terms: dict) -> dict[str, str]:
    """Every suit name in every language -> suit id."""
    return {str(w).lower(): suit for suit, names in (terms.get("suits") or {}).items()
            for lang in ("en", "ja", "ru") for w in (names or {}).get(lang) or []}


def compile_rules(lang: str, vocab: RankVocabulary, facets: dict, terms: dict | None = None) -> list[Rule]:
    num = number_regex(lang)
    suits = sorted(suit_names(terms or {}), key=len, reverse=True)
    suit_alt = "|".join(regex.escape(x) for x in suits) or "(?!)"
    items = sorted(item_names(facets, lang), key=len, reverse=True)
    item_alt = "|".join(_name_regex(i) for i in items) or "(?!)"
    pair = pairs_regex(vocab, lang)

    def expand(m: regex.Match) -> str:
        kind, name = m.group(1), m.group(2)
        if kind == "N":
            return f"(?P<{name or 'n'}>{num})"
        if kind == "SEQ":
            return f"(?P<{name or 'seq'}>{num}(?:\\s*[,、，\\-]\\s*{num}){{1,4}})"
        if kind == "NUMS":
            unit = r"(?:\s*(?:点|points?|очк\w*))?"
            return f"(?P<{name or 'nums'}>{num}{unit}(?:\\s*(?:と|,|、|and|и)\\s*{num}{unit})*)"
        if kind == "SUIT":
            return rf"(?P<{name or 'suit'}>(?<![A-Za-z\p{{Cyrillic}}])(?:{suit_alt})(?![A-Za-z\p{{Cyrillic}}]))"
        if kind == "RANKLIST":
            tok = vocab.token
            return f"(?P<{name or 'ranks'}>{tok}(?:{SEP}{tok})+)"
        if kind == "RANK":
            return f"(?P<{name or 'rank'}>{vocab.token})"
        if kind == "RANKS":
            # a rank may carry a note: "エース（最高）", "7 (lowest)"
            note = r"(?:\s*[(（](?:最高|最低|最上位|最下位|highest|lowest|high|low|старш\w*|младш\w*)[)）])?"
            tok = f"(?:{vocab.token}){note}"
            # "10，9，…，2，1": an ellipsis stands for the ranks in between
            gap = r"(?:…|\.\.\.|・・・)"
            return f"(?P<{name or 'ranks'}>{tok}(?:{SEP}(?:{gap}{SEP})?{tok}){{3,}})"
        if kind == "PAIRS":
            # a short qualifier may stand between pairs ("…20 点，切札の 9 が 14 点")
            filler = r"(?:[^\d\s,，、;。.]{1,4}?\s*[,，、]?\s*)?"
            return f"(?P<{name or 'pairs'}>(?:{pair})(?:{SEP}{filler}(?:{pair})){{2,}})"
        return rf"(?P<{name or 'item'}>(?<![A-Za-z\p{{Cyrillic}}\p{{Katakana}}ー\d・･\-])(?:{item_alt})(?![A-Za-z\p{{Cyrillic}}\p{{Katakana}}ー\d]))"

    rules = []
    for spec in language_data(lang).get("facts") or []:
        source = _MACRO.sub(expand, spec["pattern"])
        flags = regex.IGNORECASE | regex.MULTILINE | regex.V0
        rules.append(Rule(id=f"{lang}.{spec['id']}", facet=spec["facet"], pattern=regex.compile(source, flags),
                          qualifier=spec.get("qualifier"), derive=spec.get("derive")))
    return rules
