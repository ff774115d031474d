"""Translations aligned with their originals. A source declared `same_edition_as` another is a
translation of that edition: its sections are paired with the original's, top-level parts first
and then the sub-sections inside each pair, by one monotone alignment that weighs what both texts
keep (the game a section is about, the printed page it starts on, the kind of part it is). A
translation's sections can be lost, merged or split by its translator, so nothing here assumes
the two lists have the same length or the same headings.

Comparisons read the pairs' sources as one edition: a value the translation states differently
from its original is a translation difference, never an edition difference (alignment.py)."""

from __future__ import annotations

from collections import defaultdict

from schemas import Section, SectionPair, Source

# An unpaired section on either side costs this much.
GAP = -1
# A pair of top-level parts needs evidence of its own (the same game, the same printed page); parts
# inside a pair need less: their parents' pairing already places them.
TOP_FLOOR, INNER_FLOOR = 2, 1
# Above this many sections on both sides, the table would be too large: pair by game id only.
MAX_CELLS = 4_000_000


def _page_number(page: str | None) -> int | None:
    return int(page) if page and page.isdigit() else None


def similarity(a: Section, b: Section) -> int:
    """How strongly two sections look like the same passage of one edition."""
    score = 0
    if a.game_id and b.game_id:
        score += 4 if a.game_id == b.game_id else -2
    pa, pb = _page_number(a.page), _page_number(b.page)
    if pa is not None and pb is not None:
        gap = abs(pa - pb)
        score += 2 if gap == 0 else 1 if gap == 1 else 0 if gap <= 3 else -3
    elif a.page and a.page == b.page:   # roman front-matter pages
        score += 2
    if a.kind == b.kind:
        score += 1
    return score


def _best_path(xs: list[Section], ys: list[Section], floor: int) -> list[tuple[int, int]]:
    """The monotone pairing of `xs` with `ys` of the highest total similarity (Needleman-Wunsch)."""
    n, m = len(xs), len(ys)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    move = [[0] * (m + 1) for _ in range(n + 1)]   # 0 pair, 1 skip x, 2 skip y
    for i in range(1, n + 1):
        table[i][0], move[i][0] = table[i - 1][0] + GAP, 1
    for j in range(1, m + 1):
        table[0][j], move[0][j] = table[0][j - 1] + GAP, 2
    for i in range(1, n + 1):
        row, prev = table[i], table[i - 1]
        for j in range(1, m + 1):
            options = (prev[j - 1] + similarity(xs[i - 1], ys[j - 1]), prev[j] + GAP, row[j - 1] + GAP)
            best = max(options)
            row[j], move[i][j] = best, options.index(best)
    pairs, i, j = [], n, m
    while i > 0 and j > 0:
        step = move[i][j]
        if step == 0:
            if similarity(xs[i - 1], ys[j - 1]) >= floor:
                pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif step == 1:
            i -= 1
        else:
            j -= 1
    return pairs[::-1]


def _by_game(xs: list[Section], ys: list[Section]) -> list[tuple[int, int]]:
    """The fallback for very long books: the k-th section of a game with the k-th of that game."""
    seen: dict[str, list[int]] = defaultdict(list)
    for j, y in enumerate(ys):
        if y.game_id:
            seen[y.game_id].append(j)
    used: dict[str, int] = defaultdict(int)
    pairs = []
    for i, x in enumerate(xs):
        if x.game_id and used[x.game_id] < len(seen[x.game_id]):
            pairs.append((i, seen[x.game_id][used[x.game_id]]))
            used[x.game_id] += 1
    return pairs


def _pair(xs: list[Section], ys: list[Section], floor: int) -> list[tuple[Section, Section]]:
    path = _best_path(xs, ys, floor) if len(xs) * len(ys) <= MAX_CELLS else _by_game(xs, ys)
    return [(xs[i], ys[j]) for i, j in path]


def pair_translation(translation: list[Section], original: list[Section]) -> list[SectionPair]:
    """Every section of a translation paired with its original's, where one is found."""
    def children(sections: list[Section]) -> dict[str | None, list[Section]]:
        out: dict[str | None, list[Section]] = defaultdict(list)
        for s in sections:
            out[s.parent_id].append(s)
        return out

    kids_t, kids_o = children(translation), children(original)
    out: list[SectionPair] = []
    todo = [(kids_t[None], kids_o[None], TOP_FLOOR)]
    while todo:
        xs, ys, floor = todo.pop(0)
        for t, o in _pair(xs, ys, floor):
            out.append(SectionPair(source_id=t.source_id, section_id=t.id, original_source_id=o.source_id,
                                   original_section_id=o.id, score=similarity(t, o),
                                   same_game=bool(t.game_id) and t.game_id == o.game_id))
            if kids_t.get(t.id) and kids_o.get(o.id):
                todo.append((kids_t[t.id], kids_o[o.id], INNER_FLOOR))
    return sorted(out, key=lambda p: (p.source_id, _line_key(p.section_id)))


def _line_key(section_id: str) -> tuple[int, str]:
    tail = section_id.rsplit(":", 1)[-1]
    return (int(tail), "") if tail.isdigit() else (0, tail)


def original_of(sources: list[Source]) -> dict[str, str]:
    """translation id -> the id of the source it translates (both in this build)."""
    ids = {s.id for s in sources}
    return {s.id: s.same_edition_as for s in sources if s.same_edition_as in ids and s.same_edition_as != s.id}


def pair_editions(sources: list[Source], sections: dict[str, list[Section]]) -> list[SectionPair]:
    """The section pairs of every translation in the build with its original."""
    out: list[SectionPair] = []
    for translation, original in sorted(original_of(sources).items()):
        if translation in sections and original in sections:
            out += pair_translation(sections[translation], sections[original])
    return out
