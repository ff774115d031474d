"""Candidates by construction (issue 29): every number with a unit in a game's section, once per
facet its unit may state, with what stands around it as named features; the facet's
`not_stated` relations rule a candidate out. The phrase rules and
the general statements decide by cue nearest the number; a candidate is decided by a fitted
model (`knowledge/fact_scorer.py`) over the same cue groups seen from every side, so a count
that no rule's cue reaches ("There can be 2 to 4 players", «Используется колода от 24 до 32
карт») is still weighed.

Features are language-independent names: a cue group's name is the same in every profile
(`statements: cues:`), so what the model learns of `each` or `deck` in one language holds in
the others."""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass

from pipeline.extract.general import (
    _BRACKETED,
    _QUOTED,
    CUE_WINDOW,
    SKIP_WINDOW,
    StatementGrammar,
    _nearest_cue,
    _values,
    clause_of,
    middle_counts,
)
from pipeline.extract.sentences import sentences
from pipeline.patterns import compile_pattern

_WORD = compile_pattern(r"\p{L}+")
_UNSPACED = compile_pattern(r"[\p{Han}\p{Hiragana}\p{Katakana}ー]+")
_BULLET = compile_pattern(r"^[ \t]*(?:[-•・*●■◆▪︎]|\d{1,2}[.)])[ \t]*")
_LABEL_STOP = compile_pattern(r"[:：]\s*$|[:：|｜][^:：|｜]{0,20}$")
WORD_REACH = 4           # words each side of the number read as its context
STEM = 5                 # a word's first letters stand for its forms (получает, получают)
SHORT_LINE = 60          # a line this short is an entry of a list or a summary, not prose
LEAD_SENTENCES = 3       # the section's first sentences name what the game is played with
VALUE_BUCKETS = (1, 3, 6, 10, 15, 30, 60, 120)   # upper bounds of the value's size classes


@dataclass(frozen=True)
class Candidate:
    start: int          # chunk offsets of the number and its unit
    end: int
    facet: str
    value: object
    qualifier: str | None
    features: dict[str, float]


def _line_of(text: str, start: int, end: int) -> tuple[int, str]:
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", end)
    return lo, text[lo:hi if hi >= 0 else len(text)]


def _bucket(n: int) -> str:
    return next((f"value<={b}" for b in VALUE_BUCKETS if n <= b), "value>120")


def _cue_features(sentence: str, span: tuple[int, int], clause: tuple[int, int], grammar: StatementGrammar,
                  others: list[tuple[int, int]], asides: list[tuple[int, int]]) -> dict[str, float]:
    """Each cue group before the number in its clause (near), after it (near), anywhere in the
    sentence, and nearest it of all numbers (as the general statements read a cue)."""
    out: dict[str, float] = {}
    for group, pattern in grammar.cues.items():
        for m in pattern.finditer(sentence):
            if m.end() <= 0 or m.start() >= len(sentence):
                continue
            out[f"{group}~sentence"] = 1.0
            if clause[0] <= m.start() and m.end() <= clause[1]:
                if m.end() <= span[0] and span[0] - m.end() <= CUE_WINDOW:
                    out[f"{group}<near"] = 1.0
                elif m.start() >= span[1] and m.start() - span[1] <= CUE_WINDOW:
                    out[f"{group}>near"] = 1.0
                elif m.start() < span[1] and m.end() > span[0]:
                    out[f"{group}=inside"] = 1.0
        if f"{group}~sentence" in out and _nearest_cue(sentence, span, [group], grammar, others, asides, clause):
            out[f"{group}*nearest"] = 1.0
    return out


def _word_features(clause: str, span_in_clause: tuple[int, int]) -> dict[str, float]:
    """The words of the number's clause nearest it on each side, by their first letters
    (in a script written without spaces, each pair of letters): what a reader of the language
    sees that no cue group names ("There can be 2 to 4 players", "5 cards are dealt")."""
    out: dict[str, float] = {}
    for side, part in (("<", clause[:span_in_clause[0]]), (">", clause[span_in_clause[1]:])):
        words = [w.lower()[:STEM] for w in _WORD.findall(part) if not _UNSPACED.fullmatch(w)]
        words = words[-WORD_REACH:] if side == "<" else words[:WORD_REACH]
        runs = "".join(_UNSPACED.findall(part))
        runs = runs[-2 * WORD_REACH:] if side == "<" else runs[:2 * WORD_REACH]
        for w in words + [runs[i:i + 2] for i in range(len(runs) - 1)]:
            out[f"w{side}{w}"] = 1.0
    return out


def _place_features(text: str, s_start: int, sentence: str, m, index: int) -> dict[str, float]:
    """Where the number stands: a short line, a list entry, a label's value, a table row, the lead."""
    a, b = s_start + m.start(), s_start + m.end()
    lo, line = _line_of(text, a, b)
    before = text[lo:a]
    out = {"line_short": float(len(line.strip()) <= SHORT_LINE), "line_bullet": float(bool(_BULLET.match(line))),
           "label_before": float(bool(_LABEL_STOP.search(before))), "table_row": float(line.count("|") >= 2),
           "line_start": float(not before.strip()), "lead": float(index < LEAD_SENTENCES),
           "sentence_long": float(len(sentence) > 200)}
    return out


def _blocked(sentence: str, span: tuple[int, int], clause: tuple[int, int], near: list[str],
             whole: list[str], grammar: StatementGrammar) -> bool:
    """The facet's declared `not_stated` relations rule the number out: a clause group near it
    ("a batch of three cards to each player": a round of the deal), a sentence group anywhere
    in its sentence (as the general statements read them). Tried as features the model weighs
    instead, they were learned too weakly to keep a deal's batch from being a hand."""
    lo, hi = max(clause[0], span[0] - CUE_WINDOW), min(clause[1], span[1] + CUE_WINDOW)
    return any(grammar.cues[b].search(sentence, lo, hi) for b in near if b in grammar.cues) or \
        any(grammar.cues[b].search(sentence) for b in whole if b in grammar.cues)


def _offered(facet: str, lo, hi, join, grammar: StatementGrammar, open_: bool,
             middle: tuple = ()) -> list[tuple[object, str | None, str]]:
    """The values a number or range may state of `facet`, as the general statements read them;
    for a count given as a range ("колода от 24 до 32 карт"), each end, the feature saying which."""
    values = [(v, q, "one") for v, q in _values(facet, lo, hi, join, grammar, open_, middle)]
    if values or hi is None or lo is None:
        return values
    spec = grammar.facets.spec(facet)
    if spec is None or spec.type != "int":
        return []
    return [(n, None, end) for n, end in ((lo, "range_low"), (hi, "range_high")) if grammar.facets.within(facet, n)]


def candidates(text: str, grammar: StatementGrammar | None, skip=None) -> list[Candidate]:
    """Every number with a unit in `text` (a section's normalized text), per facet of its unit;
    `skip(start, end)` (text offsets) says which numbers are already read (no features for them)."""
    if grammar is None:
        return []
    out: list[Candidate] = []
    parse = grammar.numbers.parse
    # where a number with a unit stands at all (one pass over the text): the other sentences
    # are not read again
    starts = [m.start() for m in grammar.number.finditer(text)]
    for index, (s_start, sentence) in enumerate(sentences(text)):
        at = bisect_left(starts, s_start)
        if at == len(starts) or starts[at] >= s_start + len(sentence):
            continue
        found = [m for m in grammar.number.finditer(sentence)
                 if skip is None or not skip(s_start + m.start(), s_start + m.end())]
        if not found:
            continue   # (most sentences: nothing else is read of them)
        asides = [x.span() for x in _BRACKETED.finditer(sentence)]
        quoted = [q.span() for q in _QUOTED.finditer(sentence)]
        conditions = [c.span() for c in grammar.condition.finditer(sentence)] if grammar.condition else []
        numbers = [n.span() for n in grammar.any_number.finditer(sentence)]
        for m in found:
            unit = next((k[5:] for k, v in m.groupdict().items() if k.startswith("unit_") and v), None)
            clause = clause_of(sentence, m.span(), grammar)
            facets = [f for f, _, near, whole in grammar.by_unit.get(unit, [])
                      if not _blocked(sentence, m.span(), clause, near, whole, grammar)]
            if not facets:
                continue
            others = [(x, y) for x, y in numbers if y <= m.start() or x >= m.end()]
            lo, hi = parse(m.group("lo")), (parse(m.group("hi")) if m.group("hi") else None)
            open_ = bool(m.groupdict().get("open")) or bool(m.groupdict().get("openmid")) \
                or bool(grammar.open_after.match(sentence, m.end()))
            common = {
                **_cue_features(sentence, m.span(), clause, grammar, others, asides),
                **_place_features(text, s_start, sentence, m, index),
                **_word_features(sentence[clause[0]:clause[1]], (m.start() - clause[0], m.end() - clause[0])),
                "range": float(hi is not None), "open": float(open_),
                "rate": float(bool(grammar.rate_after.match(sentence, m.end()))),
                "in_aside": float(any(x <= m.start() and m.end() <= y for x, y in asides)),
                "in_quote": float(any(x <= m.start() and m.end() <= y for x, y in quoted)),
                "in_condition": float(any(x <= m.start() and m.end() <= y for x, y in conditions)),
                "condition_near": float(any(y <= m.start() and m.start() - y <= SKIP_WINDOW for x, y in conditions)),
                "skip_near": float(bool(grammar.skip.search(sentence, max(clause[0], m.start() - SKIP_WINDOW),
                                                            min(clause[1], m.end() + SKIP_WINDOW // 2)))),
                "alternative": float(bool(grammar.alternative.search(sentence, *clause))),
                "numbers_in_clause": min(3, sum(1 for x, y in others if clause[0] <= x and y <= clause[1])) / 3,
                "glued": float(m.start() > 0 and sentence[m.start() - 1].isalpha()),
            }
            for facet in facets:
                for value, qualifier, end in _offered(facet, lo, hi, m.group("join"), grammar, open_,
                                                             middle_counts(m, grammar.numbers.parse)):
                    n = value if isinstance(value, int) else getattr(value, "max", 0)
                    features = {**common, _bucket(n): 1.0, "log_value": math.log10(max(1, n)) / 3, end: 1.0}
                    out.append(Candidate(s_start + m.start(), s_start + m.end(), facet, value, qualifier, features))
    return out
