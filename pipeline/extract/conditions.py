"""Player-count conditions around a fact: "If there are four players, six cards are dealt to
each" holds when four play."""

from __future__ import annotations

from pipeline.extract.sentences import sentence_bounds
from pipeline.patterns import BudgetedPattern, compile_pattern

CONDITION_BEFORE, CONDITION_AFTER = 100, 60   # how far from a fact a player-count condition is read
_CLAUSE_STOP = compile_pattern(r"[:;：；]")   # a condition after one of these speaks of what follows it


def condition_of(norm: str, start: int, end: int, pattern: BudgetedPattern | None, numbers) -> str | None:
    """"<n>p" when a player-count condition stands in the fact's sentence near it; "conditional"
    when the condition is a bound ("if more than six play", "8〜15人の時"); "self" when the
    only condition is a bound in the fact's own words (a players fact read from "8〜15人の時は");
    "said" when the fact's own words are a condition with a count ("when four play")."""
    if pattern is None:
        return None
    lo, hi = sentence_bounds(norm, start, end, CONDITION_BEFORE, CONDITION_AFTER)
    best, own, said = None, False, False
    for m in pattern.finditer(norm, lo, hi):
        if m.start() < end and m.end() > start:
            # the fact's own words: "when four play" may state the count; "8〜15人の時は" does not
            own = own or bool(m.groupdict().get("cmp"))
            said = True
            continue
        if m.start() >= end and _CLAUSE_STOP.search(norm, start, m.start()):
            continue   # "Two to six players: you can play with more than six": another clause's
        n = numbers.parse(m.group("n")) if m.group("n") else None
        bound = bool(m.groupdict().get("cmp"))   # "more than six", "8〜15人": no one count
        # the nearest condition before the fact governs it ("if five play, five cards to each,
        # and if six play, four"); one after it only when none stands before
        distance = start - m.end() if m.end() <= start else (hi - lo) + m.start() - end
        if n is not None and (best is None or distance < best[0]):
            best = (distance, "conditional" if bound else f"{n}p")
    return best[1] if best else ("self" if own else ("said" if said else None))
