"""Sentences, the unit a statement of a rule does not cross: ended by 。 . ! ? ; or a line end
(unless the next line goes on in lower case).
Cheap and language-agnostic; used to pick what to parse and where a game name still counts."""

from __future__ import annotations

import regex

# U+2029: a paragraph break of markup (ingest/markup.py)
# a line broken inside a sentence (hard-wrapped text: "Выигрышем\nсчитается набор 21 очка")
# goes on when the next line begins with a lower-case letter
SENTENCE_END = regex.compile(r"[。.!?！？;；\u2029]|\n(?![ \t]*\p{Ll})")
SENTENCE = regex.compile(r"(?:[^。.!?！？;；\n\u2029]|\n(?=[ \t]*\p{Ll}))+[。.!?！？;；]?")


def sentence_bounds(text: str, start: int, end: int, before: int, after: int | None = None) -> tuple[int, int]:
    """The sentence around text[start:end], at most `before` characters back and `after` (or
    `before`) on (searched in C, not a character loop: this runs once per fact)."""
    after = before if after is None else after
    lo = max(0, start - before)
    ends = [m.end() for m in SENTENCE_END.finditer(text, lo, start)]
    lo = ends[-1] if ends else lo
    nxt = SENTENCE_END.search(text, end, min(len(text), end + after))
    return lo, (nxt.start() if nxt else min(len(text), end + after))
