"""Tables of cells whose header names a column of points: the numbers under it are points,
unit or not ("| Card | Points |" over "| Jack (J) | 20 |", "meld | description | points" over
"run | one of each card … | 2 |", "| 役名 | 点数 |" over "| 五光 | 10 |"). A row whose label is
ranks gives a card's points (the table's card rows together are one point map); any other label
is a scoring item, the registry's when it names one, else the label as written.

A table is a run of lines of two or more cells (split at `|`, or at tabs in a line without one),
its first line the header; a line of dashes under it is skipped. Which header words name points
is data: `statements: point_columns:` in pipeline/lang/<lang>/profile.yaml."""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.extract.points import TableGrammar, table_ranks
from pipeline.extract.score_lines import LABEL_CHARS, ranks_only
from pipeline.patterns import BudgetedPattern, compile_pattern

_RULE_CELL = compile_pattern(r"[ \t]*:?-{2,}:?[ \t]*|[ \t]*")   # "---", ":--:", an empty cell
_PIPE = compile_pattern(r"[|｜]")
_TABS = compile_pattern(r"\t+")
_LETTER = compile_pattern(r"\p{L}")
_SENTENCE_MARK = compile_pattern(r"[.。!?！？;；]\s*\S")
_HEADER_NOTE = compile_pattern(r"[ \t]*[(（][^()（）]*[)）][ \t]*$")   # "Points (each)"


@dataclass(frozen=True)
class Cell:
    start: int     # offsets in the text read
    end: int
    text: str      # stripped


@dataclass(frozen=True)
class PointRow:
    start: int     # the row's label to its points
    end: int
    label: str
    value: int


@dataclass(frozen=True)
class CardRows:
    start: int     # the first card row to the last
    end: int
    points: dict[str, int]


@dataclass(frozen=True)
class PointTableGrammar:
    header: BudgetedPattern      # a header cell naming points (whole cell)
    value: BudgetedPattern       # a points cell: a signed number, its unit, a bracketed note
    numbers: object              # the language's NumberReader
    rank: BudgetedPattern        # a rank's name: a label of ranks alone is a card row
    cards: TableGrammar | None   # a card row read as a rank-value pair (ranges, face value)
    determiner: BudgetedPattern  # words before a row's ranks ("Each Ace")
    spaced: bool                 # words written apart (profile `spaced_words`)


def point_table_grammar(language, vocab, cards: TableGrammar | None) -> PointTableGrammar | None:
    st = language.profile.statements
    if not st.point_columns:
        return None
    units = "|".join([*st.units.get("points", []), *st.item_units]) or "(?!)"
    num = language.numbers.pattern
    value = compile_pattern(rf"(?P<sign>[+＋\-−－])?[ \t]*(?P<n>{num})[ \t]*(?P<unit>{units})?[ \t]*"
                            r"(?:[(（][^()（）\n]{0,30}[)）])?[ \t]*", regex.IGNORECASE)
    determiner = language.profile.card_points.determiner if language.profile.card_points else ""
    return PointTableGrammar(compile_pattern("|".join(st.point_columns), regex.IGNORECASE), value,
                             language.numbers, compile_pattern(vocab.token, regex.IGNORECASE), cards,
                             compile_pattern(rf"^(?:{determiner or '(?!)'})", regex.IGNORECASE),
                             language.profile.spaced_words)


def _cells(line: str, at: int) -> list[Cell]:
    """The cells of one line starting at offset `at` (empty edge cells of "| a | b |" dropped)."""
    splitter = _PIPE if _PIPE.search(line) else _TABS
    bounds, last = [], 0
    for m in splitter.finditer(line):
        bounds.append((last, m.start()))
        last = m.end()
    bounds.append((last, len(line)))
    if bounds and not line[bounds[0][0]:bounds[0][1]].strip():
        bounds = bounds[1:]
    if bounds and not line[bounds[-1][0]:bounds[-1][1]].strip():
        bounds = bounds[:-1]
    out = []
    for a, b in bounds:
        raw = line[a:b]
        lead = len(raw) - len(raw.lstrip())
        out.append(Cell(at + a + lead, at + a + len(raw.rstrip()), raw.strip()))
    return out


def tables(text: str) -> list[list[list[Cell]]]:
    """Runs of consecutive lines of two or more cells, rule lines ("---|---") left out."""
    runs, run, at = [], [], 0
    for line in text.split("\n"):
        cells = _cells(line, at) if ("|" in line or "｜" in line or "\t" in line.strip()) else []
        if len(cells) >= 2 or (run and cells and all(_RULE_CELL.fullmatch(c.text) for c in cells)):
            if not all(_RULE_CELL.fullmatch(c.text) for c in cells):
                run.append(cells)
        elif run:
            runs.append(run)
            run = []
        at += len(line) + 1
    if run:
        runs.append(run)
    return [r for r in runs if len(r) >= 2]


def point_tables(text: str, grammar: PointTableGrammar | None, vocab) -> tuple[list[PointRow], list[CardRows]]:
    """The scoring rows and the card point maps of every table of `text` with a points column.
    A table is of cards or of items, as most of its rows are: a meld table's rank rows are
    items ("Aces | one ace in each suit | 100"); a card table's rows naming no rank are cards by
    another name, not read ("Bauer | 20" over "Ace | 11", "King | 4", ...)."""
    rows: list[PointRow] = []
    maps: list[CardRows] = []
    for table in tables(text) if grammar else ():
        maps += _transposed(table, grammar, vocab, text)
        columns, rows_of = _points_columns(table, grammar)
        if not columns:
            continue
        items, cards, card_cells, strange = [], {}, [], 0
        for cells in rows_of:
            label = cells[0].text
            filled = [cells[i] for i in columns if i < len(cells) and cells[i].text]
            if not filled:
                continue
            cell = filled[0]      # the first points column a row fills is its points
            got = _card_row(label, cell.text, grammar, vocab)
            if not (_is_label(label) or got):
                strange += 1      # a row named neither by ranks nor by words ("12 | 4": another pack's numbers)
                continue
            if got:
                cards.update({r: v for r, v in got.items() if r not in cards})
                card_cells += [cells[0], cell]
            # (an item scoring nothing in this column states nothing: "Run + Marriage | 0 | 45")
            if (m := grammar.value.fullmatch(cell.text)) and (n := grammar.numbers.parse(m.group("n"))) \
                    and _is_label(label):
                sign = m.group("sign")
                items.append((got is not None, PointRow(cells[0].start, cell.end, label,
                                                        -n if sign and sign not in "+＋" else n)))
        named = sum(1 for card, _ in items if not card)
        if named > len(card_cells) // 2 or (named and len(cards) < 3):
            rows += [row for _, row in items]
        elif not strange and len(cards) >= 3 and len(set(cards.values())) >= 2:
            maps.append(CardRows(card_cells[0].start, card_cells[-1].end, cards))
    return rows, maps


def _points_columns(table: list[list[Cell]], grammar: PointTableGrammar) -> tuple[list[int], list[list[Cell]]]:
    """The columns of points and the rows under them: the columns a header cell names (not the
    first), else a second column whose every cell is points with their unit ("各エース | 11点")."""
    header = [grammar.header.fullmatch(_HEADER_NOTE.sub("", c.text)) is not None for c in table[0]]
    columns = [i for i, named in enumerate(header) if named]
    if columns:
        return ([], []) if columns[0] == 0 else (columns, table[1:])
    units = [grammar.value.fullmatch(cells[1].text) for cells in table if len(cells) > 1]
    return ([1], table) if len(units) == len(table) and all(m and m.group("unit") for m in units) else ([], [])


def _transposed(table: list[list[Cell]], grammar: PointTableGrammar, vocab, text: str) -> list[CardRows]:
    """A card point map laid out sideways: a row of ranks over a row of their points, the
    points row labelled by a header word ("Card | A | 10 | K" over "Points | 11 | 10 | 4") or the
    table just under words naming card values ("カードの得点" over "A | 3 | K" over "11 | 10 | 4")."""
    if grammar.cards is None:
        return []
    out = []
    for ranks, values in zip(table, table[1:], strict=False):
        labelled = grammar.header.fullmatch(_HEADER_NOTE.sub("", values[0].text)) is not None
        if labelled:
            ranks, values = ranks[1:], values[1:]
        elif not grammar.cards.cue.search(text, max(0, ranks[0].start - 120), ranks[0].start):
            continue
        if len(ranks) != len(values) or len(ranks) < 3:
            continue
        points: dict[str, int] = {}
        for r, v in zip(ranks, values, strict=True):
            if not grammar.value.fullmatch(v.text):
                continue
            for rank, n in (_card_row(r.text, v.text, grammar, vocab) or {}).items():
                points.setdefault(rank, n)
        if len(points) >= 3 and len(set(points.values())) >= 2:
            out.append(CardRows(ranks[0].start, values[-1].end, points))
    return out


def _is_label(label: str) -> bool:
    return 0 < len(label) <= LABEL_CHARS and _LETTER.search(label) is not None and not _SENTENCE_MARK.search(label)


def _card_row(label: str, value: str, grammar: PointTableGrammar, vocab) -> dict[str, int] | None:
    """A card row's points ("Jack (J)" | "20"; "2–10" | "Face value"), or None when the label is
    not ranks alone (it names a scoring item)."""
    label = grammar.determiner.sub("", label, count=1) or label
    if grammar.cards is None or not ranks_only(label, grammar.rank, grammar.spaced):
        return None
    m = grammar.cards.item.fullmatch(f"{label}: {value}")
    if m is None:
        return {}
    points = {}
    for r in table_ranks(m, grammar.cards, vocab):
        v = (int(r) if r.isdigit() else None) if m.group("face") else int(m.group("n").lstrip("+"))
        if v is not None and 0 <= v <= grammar.cards.max_points:
            points.setdefault(r, v)
    return points
