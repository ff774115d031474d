"""Ditto-mark tables: a row that repeats the row above with marks (” 〃 ″ do.).

    When Spades are trumps, each trick counts 2 points.
    ” Clubs ” ” ” ” ” 6 ”

The row is read as the model row with its own words put in: marks at the start take the model's
first words, marks after the row's own words take the model's last words, right-aligned (the
number in between replaces the model's number). Rules then run on the expanded row, and a fact
found there is cited by the ditto row itself.

A table whose rows were run together into one line gives each later row as its numbers alone,
a mark standing for the model's words after each (`_run_on_rows`):

    3 Players, 15 cards each 7 in the stock. 4 ” 12 ” 4 ” 5 ” 9 ” 7 ”
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.patterns import compile_pattern

# typographic ditto marks; the words ("do.", "ditto") are each language's `words: ditto:`
MARKS = frozenset({"”", "〃", "″", "\"", "“"})
_TOKEN = compile_pattern(r"\S+")
_NUMBER = compile_pattern(r"\d+[½¼¾]?")   # a table cell's number, with the punctuation around it


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


def _run_on_rows(tokens: list[tuple[int, str]], is_mark) -> list[tuple[int, int, str]] | None:
    """Rows of a line "<model row> n ” n ” n ” n ” …": the (number, mark) pairs that end the line,
    taken as many at a time as the model row has numbers, each row the model with its numbers
    in their order. (start, end, expanded) in line offsets; None when the line is not so made."""
    pairs = 0
    while 2 * pairs + 2 <= len(tokens) and is_mark(tokens[-2 * pairs - 1][1]) \
            and _NUMBER.fullmatch(tokens[-2 * pairs - 2][1]):
        pairs += 1
    model = [t for _, t in tokens[:len(tokens) - 2 * pairs]]
    if any(is_mark(t) for t in model):
        return None
    slots = [i for i, t in enumerate(model) if _NUMBER.search(t) and not _has_letter(t)]
    if len(slots) < 2 or not pairs or pairs % len(slots):
        return None
    rows = []
    for first in range(len(tokens) - 2 * pairs, len(tokens), 2 * len(slots)):
        cells = [tokens[first + 2 * k][1] for k in range(len(slots))]
        words = list(model)
        for i, cell in zip(slots, cells, strict=True):
            words[i] = _NUMBER.sub(cell, words[i], count=1)
        last = tokens[first + 2 * len(slots) - 1]
        rows.append((tokens[first][0], last[0] + len(last[1]), " ".join(words)))
    return rows


def _has_letter(token: str) -> bool:
    """`token` has a letter ("3rd", "x2"): no table number."""
    return any(c.isalpha() for c in token)


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
        run_on = _run_on_rows([(m.start(), m.group()) for m in _TOKEN.finditer(line)], _is_mark) \
            if marks >= 2 else None
        if run_on:
            rows.extend(DittoRow(pos + a, pos + b, expanded) for a, b, expanded in run_on)
            model = None
        elif words and marks >= 2 and marks < len(words) and model:
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
