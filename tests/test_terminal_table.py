"""Tables on the terminal: aligned columns that fit the width, CJK cells counted by their width."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from pipeline.terminal_table import Grid, render


def lines(grid: Grid, width: int) -> list[str]:
    return render(grid, width).plain.splitlines()


def test_a_table_that_fits_is_aligned_with_numbers_on_the_right():
    grid = Grid("2 games", ["id", "ja", "sources"], right=frozenset({"sources"}))
    grid.add_row("piquet", "ピケ", 3)
    grid.add_row("whist", "ホイスト", 12)
    out = lines(grid, 80)
    assert out[0] == "2 games"
    assert out[1].split() == ["id", "ja", "sources"]
    # the Japanese column is as wide in cells on every row, so the counts line up on the right
    assert len({cell_len(line) for line in out[3:]}) == 1
    assert out[3].endswith(" 3") and out[4].endswith("12")


def test_a_wide_table_folds_its_widest_column_first():
    grid = Grid("facts", ["source", "quote"])
    grid.add_row("foster1914-en", "The player who has the highest card deals, and the elder hand leads first.")
    out = lines(grid, 40)
    assert all(cell_len(line) <= 40 for line in out)
    assert out[3].startswith("foster1914-en")          # the narrow column keeps its width
    assert " ".join(line[15:].strip() for line in out[3:]) == grid.rows[0][0][1]   # nothing lost


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.text(alphabet="abc ピケ宣言xyz", max_size=30), min_size=3, max_size=3), max_size=6),
       st.integers(min_value=30, max_value=120))
def test_no_line_is_wider_than_the_terminal(rows, width):
    grid = Grid("t", ["one", "two", "three"])
    for r in rows:
        grid.add_row(*r)
    assert all(cell_len(line) <= width for line in lines(grid, width))
