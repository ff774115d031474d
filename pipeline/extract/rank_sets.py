"""Cards named by their ranks, every suit at once ("the twos, threes, fours, and fives", "the 2s
to 5s", «двойки, тройки и четвёрки»): how many cards a removal of them takes out of a pack. A
rank count read as a number ("fives" is 5) would take out five cards instead of sixteen."""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.extract.cards import RankVocabulary, rank_code
from pipeline.patterns import BudgetedPattern, compile_pattern

SUITS = 4        # a rank named without a suit is that rank in each of a pack's four suits
SET_REACH = 120  # the longest set of ranks read before a removal
# "the fives are thrown out", "… of each suit being removed"
_GAP_BEFORE = compile_pattern(r"\s+(?:\p{L}+\s+){0,4}")
_WORD_LETTER = compile_pattern(r"\p{Ll}s?|\p{L}s")   # "a", "as", "As": a word, not a rank
AFTER_GAP = 9    # what may stand between a removal and the ranks it takes out ("out all the ")


@dataclass(frozen=True)
class RankSets:
    pattern: BudgetedPattern   # ranks in a list or a range, short words (articles) before each
    token: BudgetedPattern     # one rank
    between: BudgetedPattern   # what joins the two ends of a range ("to", "–", "до")
    vocab: RankVocabulary
    order: tuple[str, ...]     # the standard order, to count a range's ranks
    suits: frozenset[str]      # suit names: ranks of one suit named are not in every suit


def rank_sets(vocab: RankVocabulary, range_between: list[str], order: list[str], suits) -> RankSets:
    between = "|".join(range_between) or "(?!)"
    item = rf"(?:\p{{L}}{{1,3}}\s+){{0,2}}(?:{vocab.token})"
    pattern = rf"{item}(?:(?:{vocab.sep}|{between}){item})*"
    return RankSets(compile_pattern(pattern, regex.IGNORECASE), compile_pattern(vocab.token, regex.IGNORECASE),
                    compile_pattern(rf"(?:{between})(?:\p{{L}}{{1,3}}\s+){{0,2}}$", regex.IGNORECASE), vocab, tuple(order),
                    frozenset(s.lower() for s in suits))


def a_letter_word(token: str) -> bool:
    """A lone lower-case letter or a letter with a plural s ("a", "as", "As"): a word, no rank."""
    return bool(_WORD_LETTER.fullmatch(token.strip()))


def cards_of(sets: RankSets, text: str) -> int | None:
    """How many cards a set of ranks names (ranks times four suits); None unless it is a set of
    ranks in all suits: two ranks or more, or one rank in a plural form ("the sixes")."""
    tokens = list(sets.token.finditer(text))
    codes = [rank_code(t.group(), sets.vocab) for t in tokens]
    # (a lone lower-case letter is a word, "a", "as": no rank; "A, K and Q" are)
    if not tokens or None in codes or any(a_letter_word(t.group()) for t in tokens):
        return None
    plural = [t.group().strip().lower() not in sets.vocab.names for t in tokens]
    for a, b, pa, pb in zip(tokens, tokens[1:], plural, plural[1:], strict=False):
        if pb and not pa and a.group().strip().isalpha() and not text[a.end():b.start()].strip():
            return None   # "three queens": a count of cards, not the threes and the queens
    ranks = set(codes)
    for a, b, left, right in zip(tokens, tokens[1:], codes, codes[1:], strict=False):
        if sets.between.match(text, a.end(), b.start()) and left in sets.order and right in sets.order:
            i, j = sorted((sets.order.index(left), sets.order.index(right)))
            ranks |= set(sets.order[i:j + 1])
    return len(ranks) * SUITS if len(ranks) > 1 or plural[0] else None


def ranks_taken_out(sets: RankSets, rest: str, cue_start: int, cue_end: int) -> tuple[int, int] | None:
    """(cards, end) of a set of ranks a removal cue at [cue_start, cue_end) of `rest` takes out:
    the set just before it ("the twos … and fives are thrown out") or right after it ("take out
    the 2s to 5s"); None when neither stands there."""
    for m in sets.pattern.finditer(rest, max(0, cue_start - SET_REACH), cue_start):
        if (_GAP_BEFORE.fullmatch(rest, m.end(), cue_start) or m.end() == cue_start) \
                and not set(rest[m.end():cue_start].lower().split()) & sets.suits:
            cards = cards_of(sets, m.group())
            return (cards, cue_end) if cards else None
    # after the cue, or inside its end: a cue may hold the rank it takes out ("remove all the sixes")
    for m in sets.pattern.finditer(rest, cue_start, min(len(rest), cue_end + SET_REACH)):
        if m.start() > cue_end + AFTER_GAP:
            break
        cards = cards_of(sets, m.group())
        if cards:
            return cards, max(m.end(), cue_end)
    return None
