"""Sentences, the unit a statement of a rule does not cross: ended by 。 . ! ? ; or a line end
(unless the next line goes on in lower case).
Cheap and language-agnostic; used to pick what to parse and where a game name still counts."""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.patterns import compile_pattern

# U+2029: a paragraph break of markup (ingest/markup.py)
# a line broken inside a sentence (hard-wrapped text: "Выигрышем\nсчитается набор 21 очка")
# goes on when the next line begins with a lower-case letter, or with a bracket after a line
# that ends in no colon and is no blank line ("ace\n(highest), ten"; not "強さは:\n(強)キング、…"),
# or with a number after a line ending in one ("K Q J 10 9 8\n7 6 5 4 3 2 A")
# a point between digits groups them ("1.000 очков"), and dots going on to more of a list
# ("10→...→2", "4, ..., К") stand for what is left out: neither ends a sentence
_LINE_GOES_ON = r"\n(?=[ \t]*\p{Ll})|(?<![:：\n][ \t]*)\n(?=[ \t]*[(（])|(?<=\d[ \t]*)\n(?=[ \t]*\d)"   # (see above)
SENTENCE_END = compile_pattern(r"[。!?！？;；\u2029]|(?<!\.)(?:\.(?!\d)|(?<!\d)\.)(?!\.)|\.{2,}(?!\S)"
                               rf"|(?!{_LINE_GOES_ON})\n")
SENTENCE = compile_pattern(rf"(?:[^。.!?！？;；\n\u2029]|{_LINE_GOES_ON}|(?<=\d)\.(?=\d)|\.{{2,}}(?=[^\s.]))+[。.!?！？;；]?")


MAX_SENTENCE_CHARS = 1000   # a longer "sentence" is a run without stops (a list, a table, junk)
_LAST_CUT = compile_pattern(r"(?r)[\s,，、]")


def sentences(text: str) -> Iterator[tuple[int, str]]:
    """(start, sentence) for every sentence of `text`; one over MAX_SENTENCE_CHARS comes in pieces
    cut at a space or comma, so that what is read per sentence stays bounded."""
    for m in SENTENCE.finditer(text):
        start, sentence = m.start(), m.group()
        while len(sentence) > MAX_SENTENCE_CHARS:
            last = _LAST_CUT.search(sentence, MAX_SENTENCE_CHARS // 2, MAX_SENTENCE_CHARS)
            cut = last.end() if last else MAX_SENTENCE_CHARS
            yield start, sentence[:cut]
            start, sentence = start + cut, sentence[cut:]
        yield start, sentence

def sentence_bounds(text: str, start: int, end: int, before: int, after: int | None = None) -> tuple[int, int]:
    """The sentence around text[start:end], at most `before` characters back and `after` (or
    `before`) on (searched in C, not a character loop: this runs once per fact)."""
    after = before if after is None else after
    lo = max(0, start - before)
    ends = [m.end() for m in SENTENCE_END.finditer(text, lo, start)]
    lo = ends[-1] if ends else lo
    nxt = SENTENCE_END.search(text, end, min(len(text), end + after))
    return lo, (nxt.start() if nxt else min(len(text), end + after))
