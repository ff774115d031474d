"""Ditto-mark tables: a row that repeats the row above with marks (” 〃 ″ do.).

    When Spades are trumps, each trick counts 2 points.
    ” Clubs ” ” ” ” ” 6 ”

The row is read as the model row with its own words put in: marks at the start take the model's
first words, marks after the row's own words take the model's last words, right-aligned (the
number in between replaces the model's number). Rules then run on the expanded row, and a fact
found there is cited by the ditto row itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.patterns import compile_pattern

# typographic ditto marks; the words ("do.", "ditto") are each language's `words: ditto:`
MARKS = frozenset({"”", "〃", "″", "\"", "“"})
_TOKEN = compile_pattern(r"\S+")


@dataclass(frozen=True)
class DittoRow:
    start: int        # chunk offset of the row's first own word
    end: int          # chunk offset of the row's end (last mark included)
    expanded: str     # the model row with this row's words put in


def _expand(row: list[str], model: list[str], marks: frozenset[str]) -> list[str] | None:
    def _is_mark(token: str) -> bool:
        return token.lower() in marks

    lead = 0
    while lead < len(row) and _is_mark(row[lead]):
        lead += 1
    own_end = lead
    while own_end < len(row) and not _is_mark(row[own_end]):
        own_end += 1
    own, rest = row[lead:own_end], row[own_end:]
    if not own or lead > len(model) or len(rest) > len(model) - lead - 1:
        return None
    tail = model[len(model) - len(rest):] if rest else []
    filled = [m if _is_mark(r) else r for r, m in zip(rest, tail, strict=False)]
    return model[:lead] + own + filled


def ditto_rows(chunk: str, words: frozenset[str] = frozenset()) -> list[DittoRow]:
    """Ditto rows of `chunk`; `words` are the languages' ditto words ("do.", "ditto")."""
    mark_set = MARKS | {w.lower() for w in words}

    def _is_mark(token: str) -> bool:
        return token.lower() in mark_set

    rows: list[DittoRow] = []
    model: list[str] | None = None
    pos = 0
    for line in chunk.split("\n"):
        words = line.split()   # (the places of the words only for a ditto row)
        marks = sum(1 for w in words if _is_mark(w))
        if words and marks >= 2 and marks < len(words) and model:
            expanded = _expand(words, model, mark_set)
            if expanded:
                tokens = [(m.start(), m.group()) for m in _TOKEN.finditer(line)]
                words = [t for _, t in tokens]
                first_own = next(i for i, w in enumerate(words) if not _is_mark(w))
                rows.append(DittoRow(pos + tokens[first_own][0], pos + tokens[-1][0] + len(words[-1]),
                                     " ".join(expanded)))
                model = expanded
        elif words and marks == 0:
            model = words
        pos += len(line) + 1
    return rows
