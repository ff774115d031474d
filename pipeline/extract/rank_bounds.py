"""A rank order whose ends are named beside the list: "2が一番弱く、3 4 5 …… 10 J Q Kと強くなって
行き、Aが最強", "A, K, Q, J, 10, 9, 8, 7 then 5 & 3 are lowest". The list read and the ranks said
highest (`high_bound`) or lowest (`low_bound`) near it in its sentence are one order: the
highest go first, the lowest last (the profile's cue groups, {R} a rank or two)."""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.extract.cards import parse_rank_list
from pipeline.patterns import BudgetedPattern, compile_pattern

BOUND_REACH = 24   # a bound stands this near the list
_STOP = compile_pattern(r"[.!?。！？\n]")


@dataclass(frozen=True)
class RankBounds:
    high: BudgetedPattern
    low: BudgetedPattern
    vocab: object

    def extend(self, norm: str, codes: list[str], a: int, b: int) -> tuple[list[str], int, int]:
        """The order with the bounds named near [a, b) in its sentence added, and its new extent."""
        lo, hi = max(0, a - BOUND_REACH), min(len(norm), b + BOUND_REACH)
        for pattern, first in ((self.high, True), (self.low, False)):
            for m in pattern.finditer(norm, lo, hi):
                between = norm[m.end():a] if m.end() <= a else norm[b:m.start()] if m.start() >= b else ""
                bound = parse_rank_list(m.group("r"), self.vocab)
                new = [c for c in bound if c not in codes]
                if _STOP.search(between) or not new or len(new) != len(bound):
                    continue   # (another sentence's; or a bound already in the list says nothing more)
                codes = [*new, *codes] if first else [*codes, *new]
                a, b = min(a, m.start()), max(b, m.end())
                break
        return codes, a, b


def rank_bounds(language, vocab) -> RankBounds:
    cues = language.profile.statements.cues
    rank = rf"(?P<r>{vocab.token}(?:[ \t]*(?:&|,|、|and|и|と)[ \t]*{vocab.token})?)"

    def compiled(group: str) -> BudgetedPattern:
        words = [w.replace("{R}", rank) for w in cues.get(group) or []]
        return compile_pattern("|".join(f"(?:{w})" for w in words) or "(?!)", regex.IGNORECASE | regex.V0)

    return RankBounds(compiled("high_bound"), compiled("low_bound"), vocab)
