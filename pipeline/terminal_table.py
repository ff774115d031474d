"""Tables on the terminal, laid out here in plain aligned columns that fit the terminal width (the
widest columns fold first). One pass over the cells: rich's Table measures every cell several
times, which made `hoyle games` spend half a second drawing its rows."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

GAP = "  "


@dataclass
class Grid:
    """A table to print: column names, rows of cell strings (plain text, never markup), an
    optional style per row ("red", "bold", …)."""

    title: str
    columns: list[str]
    right: frozenset[str] = frozenset()     # columns aligned right (numbers)
    caption: str | None = None              # rich markup allowed
    rows: list[tuple[list[str], str]] = field(default_factory=list)

    def add_row(self, *cells: str, style: str = "") -> None:
        self.rows.append(([str(c) for c in cells], style))


def _widths(grid: Grid) -> list[int]:
    widths = [_cells(c) for c in grid.columns]
    for cells, _ in grid.rows:
        for i, c in enumerate(cells):
            n = _cells(c)
            if n > widths[i]:
                widths[i] = n
    return widths


def _cells(text: str) -> int:
    return len(text) if text.isascii() else cell_len(text)


def _pad(text: str, width: int, right: bool) -> str:
    space = " " * (width - _cells(text))
    return space + text if right else text + space


def _fold(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` cells: broken at spaces, a longer word cut."""
    if _cells(text) <= width:
        return [text]
    lines, line = [], ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if _cells(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if _cells(line + ch) > width:
                lines.append(line)
                line = ""
            line += ch
    return [*lines, line] if line or not lines else lines


def _fitted(natural: list[int], floor: list[int], room: int) -> list[int]:
    """Column widths within `room`: every column at most a common cap, never under its floor
    (the widest columns give way first, as a terminal reader expects)."""
    if sum(natural) <= room:
        return natural
    lo, hi = 1, max(natural)
    while lo < hi:   # the largest cap that fits
        cap = (lo + hi + 1) // 2
        if sum(min(n, max(cap, f)) for n, f in zip(natural, floor, strict=True)) <= room:
            lo = cap
        else:
            hi = cap - 1
    return [min(n, max(lo, f)) for n, f in zip(natural, floor, strict=True)]


def render(grid: Grid, width: int) -> Text:
    """The table laid out in `width` columns (wider only when even the floors do not fit)."""
    natural = _widths(grid)
    floor = [min(n, max(4, len(c.split()[0]) if c.split() else 4)) for n, c in zip(natural, grid.columns, strict=True)]
    widths = _fitted(natural, floor, width - len(GAP) * (len(natural) - 1))
    rights = [c in grid.right for c in grid.columns]
    out = Text(no_wrap=True, overflow="ignore")
    out.append(grid.title + "\n", style="bold")

    def emit(cells: list[str], style: str | None) -> None:
        folded = [_fold(c, w) for c, w in zip(cells, widths, strict=True)]
        for k in range(max(len(f) for f in folded)):
            parts = [_pad(f[k] if k < len(f) else "", w, r) for f, w, r in zip(folded, widths, rights, strict=True)]
            out.append(GAP.join(parts).rstrip() + "\n", style=style)

    emit(grid.columns, "bold")
    out.append(GAP.join("─" * w for w in widths) + "\n")
    for cells, style in grid.rows:
        emit(cells, style or None)
    return out


def show(console: Console, grid: Grid) -> None:
    console.print(render(grid, console.width), soft_wrap=True, highlight=False)
    if grid.caption:
        console.print(grid.caption, highlight=False)
