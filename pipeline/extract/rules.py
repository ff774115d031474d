"""Extraction rules as data: each language's `facts.yaml` (regex rules) and `token_rules.yaml`.

A regex rule is a pattern with macros, expanded here from the knowledge:
  {N} / {N:name}   one number (digits, kanji, number words)  -> group `n` / `name`
  {RANKS}          a list of four or more rank names          -> group `ranks`
  {PAIRS}          three or more "rank points" pairs          -> group `pairs`
  {ITEM}           a named scoring item (corpus/facets.yaml)  -> group `item`
  {SEQ}            two to five numbers in a comma, dash or plus list -> group `seq`
  {RANK}           one rank name                              -> group `rank`
  {RANKLIST}       two or more rank names ("A，10，R(K)")      -> group `ranks`
  {NUMS}           one or more numbers ("150点と100点")        -> group `nums`
  {SUIT}           one suit name (terms.yaml)                 -> group `suit`

Every rule names a registered facet and a registered reader (extract/readers.py); an unknown
facet, reader, item or macro, or a pattern without the groups its reader needs, is an error at
load naming the file and line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import regex

from pipeline.datafile import located_error
from pipeline.errors import HoyleError
from pipeline.extract.cards import ELLIPSIS, MAX_LIST_ITEMS, RANGE_MARK, pairs_regex, vocabulary
from pipeline.extract.readers import DEFAULT_READER, READERS, Reader
from pipeline.patterns import BudgetedPattern, compile_pattern

_DIGIT_EDGE = compile_pattern(r"(?<=\d)(?=\D)|(?<=\D)(?=\d)")

MACROS = ("N", "NUMS", "RANKS", "RANKLIST", "RANK", "SUIT", "PAIRS", "ITEM", "SEQ")
_MACRO = compile_pattern(r"\{(N|NUMS|RANKS|RANKLIST|RANK|SUIT|PAIRS|ITEM|SEQ)(?::(\w+))?\}")
_ANY_MACRO = compile_pattern(r"(?<!\\[pPN])(?<!\\)\{([A-Z][A-Z_]*)(?::\w+)?\}")


@dataclass(frozen=True)
class Rule:
    id: str
    facet: str
    reader: Reader
    pattern: BudgetedPattern | None
    qualifier: str | None
    item: str | None = None
    weak: bool = False         # yields to another value of its facet for the game (FactRuleSpec)


def _name_regex(name: str, asides: tuple[str, ...] = ()) -> str:
    """A literal name whose digit/letter joints may carry a space ("3枚続き" ~ "3 枚続き"), and
    whose words after an `asides` word may carry a bracketed aside ("最後の（つまり32番目の）トリック")."""
    parts = _DIGIT_EDGE.split(name)
    out = r"\s*".join(regex.escape(p) for p in parts if p)
    for word in asides:   # (the escaped name holds the word escaped): an aside after it, inside the name
        esc = regex.escape(word)
        i = out.find(esc, 1)
        while i != -1:
            j = i + len(esc)
            if j < len(out):
                out = out[:j] + _ASIDE_IN_NAME + out[j:]
                j += len(_ASIDE_IN_NAME)
            i = out.find(esc, j)
    return out


_ASIDE_IN_NAME = r"(?:\s*[(（][^()（）\n]{1,20}[)）]\s*)?"


def _fail(path: Path, loc: tuple, message: str) -> HoyleError:
    return located_error(path, loc, message)


def check_rule(spec, knowledge, path: Path, loc: tuple) -> Reader:
    """The reader of a rule spec, after checking its facet, reader and item against the registries."""
    facets = knowledge.facets
    spec_facet = facets.spec(spec.facet)
    if spec_facet is None:
        known = ", ".join([*facets.specs, "score:<item>"])
        raise _fail(path, (*loc, "facet"), f"unknown facet {spec.facet!r} (known: {known})")
    name = spec.read or DEFAULT_READER[spec_facet.type]
    reader = READERS.get(name)
    if reader is None:
        raise _fail(path, (*loc, "read"), f"unknown reader {name!r} (known: {', '.join(READERS)})")
    if spec_facet.type not in reader.types:
        raise _fail(path, (*loc, "read"), f"reader {name!r} gives {'/'.join(sorted(reader.types))}, "
                                          f"but facet {spec.facet!r} is {spec_facet.type}")
    if spec.qualifier and spec.qualifier not in facets.qualifiers:
        raise _fail(path, (*loc, "qualifier"), f"unknown qualifier {spec.qualifier!r} "
                                               f"(facets.yaml `qualifiers`: {', '.join(facets.qualifiers)})")
    if spec.item is not None and not any(i == spec.item or i.endswith("_" + spec.item) for i in facets.items):
        raise _fail(path, (*loc, "item"), f"no scoring item {spec.item!r} in facets.yaml")
    return reader


def _has_groups(pattern: BudgetedPattern, reader: Reader) -> bool:
    return all(any(g in pattern.groupindex for g in need.split("|")) for need in reader.groups)


def rules_of(knowledge, lang: str) -> list[Rule]:
    """The compiled regex rules of one language, built once per knowledge."""
    return knowledge.compiled(("rules", lang), lambda: compile_rules(knowledge.languages[lang], knowledge))


def _macro_expander(language, knowledge):
    """The function a rule's pattern macros ({N}, {RANKS}, {ITEM}, …) are expanded by, in one
    language (its numbers, its items) with every language's rank and suit names."""
    num = language.numbers.pattern
    vocab = vocabulary(knowledge)
    suits = sorted(knowledge.suit_names, key=len, reverse=True)
    suit_alt = "|".join(regex.escape(x) for x in suits) or "(?!)"
    items = sorted(knowledge.facets.item_names(language.code), key=len, reverse=True)
    asides = tuple(language.profile.words.name_aside_after)
    item_alt = "|".join(_name_regex(i, asides) for i in items) or "(?!)"
    courts = "|".join(regex.escape(w) for w, code in sorted(vocab.names.items(), key=lambda x: -len(x[0]))
                      if code in ("A", "K", "Q", "J") and len(w) >= 3 and w.isalpha()) or "(?!)"
    pair = pairs_regex(vocab, language.numbers)
    sep = vocab.sep
    unit = rf"(?:\s*(?:{vocab.points_unit}))?"
    joiners = "|".join(["、", ",", *knowledge.languages.all_patterns(lambda p: p.words.and_)])
    notes = "|".join(knowledge.languages.all_patterns(lambda p: p.words.rank_note)) or "(?!)"

    def expand(m: regex.Match) -> str:
        kind, name = m.group(1), m.group(2)
        if kind == "N":
            return f"(?P<{name or 'n'}>{num})"
        if kind == "SEQ":
            return f"(?P<{name or 'seq'}>{num}(?:\\s*[,、，\\-+＋]\\s*{num}){{1,4}})"
        if kind == "NUMS":
            return f"(?P<{name or 'nums'}>{num}{unit}(?:\\s*(?:{joiners})\\s*{num}{unit}){{0,{MAX_LIST_ITEMS}}})"
        if kind == "SUIT":
            return rf"(?P<{name or 'suit'}>(?<![A-Za-z\p{{Cyrillic}}])(?:{suit_alt})(?![A-Za-z\p{{Cyrillic}}]))"
        if kind == "RANKLIST":
            return f"(?P<{name or 'ranks'}>{vocab.token}(?:{sep}{vocab.token}){{1,{MAX_LIST_ITEMS}}})"
        if kind == "RANK":
            return f"(?P<{name or 'rank'}>{vocab.token})"
        if kind == "RANKS":
            # a rank may carry a note or its number: "エース（最高）", "7 (lowest)", "J(11)"; an item
            # may be a span of ranks ("3、4~10、J")
            tok = rf"(?:{vocab.token})(?:\s*[(（](?:{notes}|\d{{1,2}})[)）])?"
            tok = rf"{tok}(?:\s*{RANGE_MARK}\s*{tok})?"
            # "10，9，…，2，1": an ellipsis stands for the ranks in between
            gap = ELLIPSIS
            return f"(?P<{name or 'ranks'}>{tok}(?:{sep}(?:{gap}{sep})?{tok}){{3,{MAX_LIST_ITEMS}}})"
        if kind == "PAIRS":
            # a short qualifier may stand between pairs ("…20 点，切札の 9 が 14 点")
            filler = r"(?:[^\d\s,，、;。.]{1,4}?\s*[,，、]?\s*)?"
            return f"(?P<{name or 'pairs'}>(?:{pair})(?:{sep}{filler}(?:{pair})){{2,{MAX_LIST_ITEMS}}})"
        before, after = r"A-Za-z\p{Cyrillic}\p{Katakana}ー\d・･\-", r"A-Za-z\p{Cyrillic}\p{Katakana}ー\d"
        # (after a court card's or ace's name an item's word names a card: «король пик» is the king of
        # spades, no «пик»; names of three letters or more: "a pair royal" is no ace)
        return rf"(?P<{name or 'item'}>(?<![{before}])(?<!\b(?:{courts})[ \t]{{1,2}})(?:{item_alt})(?![{after}]))"

    return expand


def compile_rules(language, knowledge) -> list[Rule]:
    expand = _macro_expander(language, knowledge)
    path = language.path("facts.yaml")
    rules = []
    for i, spec in enumerate(language.facts):
        loc = ("facts", i)
        reader = check_rule(spec, knowledge, path, loc)
        unknown = [m.group(1) for m in _ANY_MACRO.finditer(spec.pattern) if m.group(1) not in MACROS]
        if unknown:
            raise _fail(path, (*loc, "pattern"), f"unknown macro {{{unknown[0]}}} (known: {', '.join(MACROS)})")
        try:
            pattern = compile_pattern(_MACRO.sub(expand, spec.pattern), regex.IGNORECASE | regex.MULTILINE | regex.V0,
                                      origin=f"{path} rule {spec.id!r}")
        except regex.error as exc:
            raise _fail(path, (*loc, "pattern"), f"invalid pattern: {exc}") from None
        if not _has_groups(pattern, reader):
            raise _fail(path, (*loc, "pattern"), f"reader {spec.read or 'default'!r} needs the group(s) "
                                                 f"{', '.join(reader.groups)} (e.g. {{N}})")
        rules.append(Rule(id=f"{language.code}.{spec.id}", facet=spec.facet, reader=reader, pattern=pattern,
                          qualifier=spec.qualifier, item=spec.item, weak=spec.weak))
    return rules


def check_all_rules(knowledge) -> None:
    """Every rule of every language checked against the registries, and the regex rules compiled
    (extraction runs every language's rules anyway: untranslated passages)."""
    for language in knowledge.languages:
        rules_of(knowledge, language.code)
        for i, spec in enumerate(language.token_rules):
            check_rule(spec, knowledge, language.path("token_rules.yaml"), ("rules", i))
