"""Value readers: how a rule's match becomes a typed value. A rule names its reader (`read:`);
the default is its facet type's. Each reader declares the facet types it can produce and the
match groups it needs, so a rule that cannot work is refused at load, not silently empty.

A reader takes the match's named groups and a `ReadContext` and returns `(facet, value)`
pairs, or none when the match gives no usable value."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import MappingProxyType

import regex

from pipeline.extract.cards import (
    RankVocabulary,
    highest_first,
    parse_points,
    parse_rank_list,
    parse_rank_list_with_gaps,
    rank_code,
    rank_taken_out,
)
from pipeline.knowledge.facets import FacetRegistry
from pipeline.lang import Language
from pipeline.patterns import BudgetedPattern, compile_pattern
from schemas import PlayerRange

_SPACES = compile_pattern(r"\s+")
MAX_ROUNDS = 6   # rounds of one size in a deal ("4枚ずつ3回"); more is no deal in rounds
_TOKENS = compile_pattern(r"\S+")

Groups = dict[str, str]
Found = list[tuple[str, object]]


@dataclass(frozen=True)
class ReadContext:
    facet: str                  # the rule's facet (`score` for an item named by the match)
    item: str | None            # the rule's `item:`
    language: Language
    vocab: RankVocabulary
    facets: FacetRegistry
    items: dict[str, str]       # item names of the language -> item id
    suits: dict[str, str]       # suit names -> suit id
    point_link: BudgetedPattern   # words tying a rank to its points
    orders: object              # terms.yaml `orders`
    four_of: dict[str, str]     # rank code -> plural ("kings")
    # item names of every language -> item id: a label's gloss may name the item in another
    # language ("Bright5 (Gokō/五光)")
    any_items: dict[str, str] = field(default_factory=dict)

    def num(self, g: Groups, name: str) -> int | None:
        return self.language.numbers.parse(g[name]) if g.get(name) else None

    def ok(self, facet: str, n: int | None) -> bool:
        return self.facets.within(facet, n)


@dataclass(frozen=True)
class Reader:
    read: Callable[[Groups, ReadContext], Found]
    types: frozenset[str]       # facet types it produces
    groups: tuple[str, ...]     # groups the pattern must define (any one of each `a|b`)


def _number(g: Groups, c: ReadContext) -> Found:
    n = c.num(g, "n")
    return [(c.facet, n)] if c.ok(c.facet, n) else []


def _product(g: Groups, c: ReadContext) -> Found:  # "32枚のカードを2組": 64
    n, m = c.num(g, "n"), c.num(g, "m")
    n = n * m if n is not None and m is not None else None
    return [(c.facet, n)] if c.ok(c.facet, n) else []


def _difference(g: Groups, c: ReadContext) -> Found:  # "52枚のうち1枚を抜いて": 51
    n, m = c.num(g, "m"), c.num(g, "k")
    n = n - m if n is not None and m is not None and 0 < m < n else None
    return [(c.facet, n)] if c.ok(c.facet, n) else []


def _doubled(g: Groups, c: ReadContext) -> Found:  # "the piquet pack … in duplicate": two of it
    n = c.num(g, "n")
    n = 2 * n if n is not None else None
    return [(c.facet, n)] if c.ok(c.facet, n) else []


def _player_range(g: Groups, c: ReadContext) -> Found:
    vals = [c.num(g, k) for k in ("n", "lo", "hi", "a", "b", "c") if g.get(k)]
    if not vals or not all(c.ok(c.facet, v) for v in vals):
        return []
    return [(c.facet, PlayerRange(min=min(vals), max=max(vals)))]


def _sides(g: Groups, c: ReadContext) -> Found:
    """"2対2", "two against two": the players of both sides; "two teams of two": teams × size.
    Sides of unequal size ("1 対 2 で戦う", "one against two") are a moment of play or a
    declarer against the rest, not how many play."""
    n, m = c.num(g, "n"), c.num(g, "m")
    if n is None or m is None or (n != m and not g.get("teams")):
        return []
    total = n * m if g.get("teams") else n + m
    return [(c.facet, PlayerRange(min=total, max=total))] if c.ok(c.facet, total) else []


def _deal_sequence(g: Groups, c: ReadContext) -> Found:
    if g.get("seq"):
        joiners = "|".join([r",", "，", "、", "-", r"\+", "＋", *c.language.profile.words.and_])
        parts = compile_pattern(rf"\s*(?:{joiners})\s*").split(g["seq"])
        vals = [c.language.numbers.parse(x) for x in parts if x.strip()]
    elif g.get("a"):
        vals = [c.num(g, k) for k in ("a", "b", "c", "d") if g.get(k)]
    else:
        vals = [c.num(g, "n")]
    if not vals or not all(c.ok(c.facet, v) for v in vals):
        return []
    return [(c.facet, vals)]


def _deal_rounds(g: Groups, c: ReadContext) -> Found:
    """"4枚ずつ3回", "three rounds of four": the round repeated `times` times (one at a time is one
    at a time however many rounds); a `first` round before it ("three the first round, then two
    rounds of four"), a `last` round after it ("then one more")."""
    n, times, first, last = c.num(g, "n"), c.num(g, "times"), c.num(g, "first"), c.num(g, "last")
    if n is None or times is None or not 2 <= times <= MAX_ROUNDS:
        return []
    vals = [n] if n == 1 and last is None and first is None else \
        ([first] if first is not None else []) + [n] * times + ([last] if last is not None else [])
    return [(c.facet, vals)] if all(c.ok(c.facet, v) for v in vals) else []


def _rounds_total(g: Groups, c: ReadContext) -> Found:
    """"1人あたり1枚ずつ4周": what each player holds after the rounds."""
    n, times, last = c.num(g, "n"), c.num(g, "times"), c.num(g, "last")
    if n is None or times is None or times < 2:   # one at a time runs many rounds: the bounds judge
        return []
    total = n * times + (last or 0)
    return [(c.facet, total)] if c.ok(c.facet, total) else []


def _rank_list(g: Groups, c: ReadContext) -> Found:
    codes = parse_rank_list_with_gaps(g["ranks"], c.vocab, c.orders.gap)
    if not codes or len(codes) < 4 or len(set(codes)) != len(codes):
        return []
    codes = highest_first(codes, c.orders.standard)
    return [] if rank_taken_out(codes, c.orders.standard, c.orders.gap) else [(c.facet, codes)]


COURTS = frozenset({"K", "Q", "J"})


def _rank_span(g: Groups, c: ReadContext) -> Found:
    """"the ace is highest, the two lowest": the standard order between them."""
    hi, lo = rank_code(g.get("hi") or "", c.vocab), rank_code(g.get("lo") or "", c.vocab)
    order = c.orders.standard if hi != "K" or lo != "A" else c.orders.ace_low
    if hi in order and lo in order and order.index(hi) < order.index(lo) - 3:
        span = order[order.index(hi):order.index(lo) + 1]
        # a pack's order has its court cards; "seven high and deuce low" is a poker hand
        if COURTS & set(span):
            return [(c.facet, span)]
    return []


def _rank_points(g: Groups, c: ReadContext) -> Found:
    if not c.point_link.search(g["pairs"]) \
            and len(parse_rank_list(g["pairs"], c.vocab)) >= len(_TOKENS.findall(g["pairs"])):
        return []  # "K Q J 10 9 8 7": a rank list, not ranks with points
    pts = parse_points(g["pairs"], c.vocab, c.language.numbers)
    named = [k for k in pts if not k.isdigit()]
    # a point map names cards (A, K, ...) and gives small values; rows of a score sheet
    # ("8 3 2 0 1") or domino sums are not one
    if len(pts) < 3 or len(named) < 2 or not all(c.ok(c.facet, v) for v in pts.values()):
        return []
    return [(c.facet, pts)]


def _ranks_each(g: Groups, c: ReadContext) -> Found:
    """"2 (A) と X (10) が各 1 枚 10 点": one value for each rank."""
    codes = parse_rank_list(g["ranks"], c.vocab)
    n = c.num(g, "n")
    if len(codes) < 2 or len(set(codes)) != len(codes) or n is None or not n > 0 or not c.ok(c.facet, n):
        return []
    return [(c.facet, {code: n for code in codes})]


def _item(c: ReadContext, item: str | None, n: int | None) -> Found:
    facet = f"score:{item}" if item else None
    if facet is None or not c.facets.known(facet) or not c.ok(facet, n):
        return []
    return [(facet, n)]


def _four_of_rank(g: Groups, c: ReadContext) -> Found:
    """"four kings", "Kの4枚組": four of a rank."""
    plural = c.four_of.get(rank_code(g.get("rank") or "", c.vocab) or "")
    return _item(c, f"four_{plural}" if plural else None, c.num(g, "n"))


def _four_of_rank_list(g: Groups, c: ReadContext) -> Found:
    """"A，10，R(K)，D(Q)の4枚組: 100点", "9とAの4枚組: 150点と100点"."""
    codes = parse_rank_list(g["ranks"], c.vocab)
    nums = [c.language.numbers.parse(x)
            for x in compile_pattern(c.language.numbers.pattern, regex.IGNORECASE).findall(g["nums"])]
    if len(nums) == 1:
        nums = nums * len(codes)  # one value for each of them
    if len(nums) != len(codes) or len(set(codes)) != len(codes) or not all(c.four_of.get(x) for x in codes):
        return []
    found = [_item(c, f"four_{c.four_of[code]}", n) for code, n in zip(codes, nums, strict=False)]
    return [f for one in found for f in one] if all(found) else []


def _suit_item(g: Groups, c: ReadContext) -> Found:
    """"マリアージュの点は，ハートが100点": the rule's item in that suit (hearts_marriage)."""
    suit = c.suits.get((g.get("suit") or "").lower())
    return _item(c, f"{suit}_{c.item}" if suit and c.item else None, c.num(g, "n"))


_ASIDE = compile_pattern(r"\s*[(（][^()（）]*[)）]\s*")   # a bracketed aside inside an item's name


def _item_points(g: Groups, c: ReadContext) -> Found:
    """An item named by the match ({ITEM}), or by the rule's facet (`score:last_trick`)."""
    if c.facet != "score":
        return _item(c, c.facets.item(c.facet), c.num(g, "n"))
    said = _ASIDE.sub("", (g.get("item") or "").lower()).strip()   # "最後の（つまり32番目の）トリック"
    return _item(c, c.items.get(said) or c.items.get(_SPACES.sub("", said)), c.num(g, "n"))


_COUNT = compile_pattern(r"\d+")


def _item_by_count(g: Groups, c: ReadContext) -> Found:
    """An item left out, only its count said, after an item named by a count ("３枚の連続…は３点。
    ４枚の場合は４点"): the antecedent's name with the new count ("4枚の連続", quart)."""
    said = _SPACES.sub("", (g.get("ante") or "").lower())
    count = c.num(g, "count")
    if count is None or len(_COUNT.findall(said)) != 1:
        return []
    return _item(c, c.items.get(_COUNT.sub(str(count), said)), c.num(g, "n"))


READERS = MappingProxyType({
    "number": Reader(_number, frozenset({"int"}), ("n",)),
    "product": Reader(_product, frozenset({"int"}), ("n", "m")),
    "difference": Reader(_difference, frozenset({"int"}), ("m", "k")),
    "doubled": Reader(_doubled, frozenset({"int"}), ("n",)),
    "player_range": Reader(_player_range, frozenset({"range"}), ("n|lo|a",)),
    "sides": Reader(_sides, frozenset({"range"}), ("n", "m")),
    "deal_sequence": Reader(_deal_sequence, frozenset({"list_int"}), ("n|seq|a",)),
    "deal_rounds": Reader(_deal_rounds, frozenset({"list_int"}), ("n", "times")),
    "rounds_total": Reader(_rounds_total, frozenset({"int"}), ("n", "times")),
    "rank_list": Reader(_rank_list, frozenset({"ranks"}), ("ranks",)),
    "rank_span": Reader(_rank_span, frozenset({"ranks"}), ("hi", "lo")),
    "rank_points": Reader(_rank_points, frozenset({"rank_points"}), ("pairs",)),
    "ranks_each": Reader(_ranks_each, frozenset({"rank_points"}), ("ranks", "n")),
    "item_points": Reader(_item_points, frozenset({"item_points"}), ("n",)),
    "four_of_rank": Reader(_four_of_rank, frozenset({"item_points"}), ("rank", "n")),
    "four_of_rank_list": Reader(_four_of_rank_list, frozenset({"item_points"}), ("ranks", "nums")),
    "suit_item": Reader(_suit_item, frozenset({"item_points"}), ("suit", "n")),
    "item_by_count": Reader(_item_by_count, frozenset({"item_points"}), ("ante", "count", "n")),
})

# The reader a rule gets when it names none: its facet type's.
DEFAULT_READER = MappingProxyType({
    "int": "number", "range": "player_range", "list_int": "deal_sequence", "ranks": "rank_list",
    "rank_points": "rank_points", "item_points": "item_points",
})
