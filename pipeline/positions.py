"""Positions in a source: lines, printed pages and citation anchors, all in ORIGINAL offsets."""

from __future__ import annotations

from bisect import bisect_right

from pipeline.patterns import compile_pattern
from schemas import Anchor, Document, PageMarker

CONTEXT = 40  # characters of prefix/suffix kept with a quote
# Line ends as an editor counts them: CRLF is one, a lone CR (old Mac files) one, LF one.
LINE_END = compile_pattern(r"\r\n|\r|\n")


def line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in LINE_END.finditer(text))]


def split_lines(text: str) -> list[str]:
    """The lines of `text` without their line ends, one per entry of `line_starts(text)`."""
    return LINE_END.split(text)


def count_lines(text: str) -> int:
    """Physical lines as an editor counts them (a final line end ends a line, opens none)."""
    if not text:
        return 0
    return len(line_starts(text)) - (1 if text.endswith(("\n", "\r")) else 0)


def line_of(starts: list[int], offset: int) -> int:
    """1-based line holding `offset`."""
    return bisect_right(starts, offset)


def page_at(markers: list[PageMarker], offset: int) -> str | None:
    """The printed page in force at `offset` (the last marker starting at or before it)."""
    if not markers:
        return None
    i = bisect_right([m.start for m in markers], offset) - 1
    return markers[i].label if i >= 0 else None


class Locator:
    """Fast line/page look-ups and anchors for one document."""

    def __init__(self, doc: Document):
        self.doc = doc
        self._marker_starts = [m.start for m in doc.page_markers]

    def line(self, offset: int) -> int:
        return bisect_right(self.doc.line_starts, offset)

    def page(self, offset: int) -> str | None:
        i = bisect_right(self._marker_starts, offset) - 1
        return self.doc.page_markers[i].label if i >= 0 else None

    def anchor(self, start: int, end: int) -> Anchor:
        text = self.doc.text
        if not 0 <= start < end <= len(text):
            raise ValueError(f"bad anchor span {start}:{end}")
        return Anchor(
            start=start,
            end=end,
            line=self.line(start),
            page=self.page(start),
            quote=text[start:end],
            prefix=text[max(0, start - CONTEXT):start],
            suffix=text[end:end + CONTEXT],
        )

    def anchor_from_normalized(self, ns: int, ne: int) -> Anchor:
        start, end = self.doc.orig_span(ns, ne)
        return self.anchor(start, end)


class Covered:
    """Is an offset, or a range, inside one of some spans (ORIGINAL offsets)? Answered by
    bisection: a text of many table rows or boilerplate lines asks it once per line."""

    def __init__(self, spans):
        ordered = sorted((s, e) for s, e in spans)
        self.starts = [s for s, _ in ordered]
        self.reach: list[int] = []  # the furthest end of the spans starting at or before each one
        for _, e in ordered:
            self.reach.append(max(e, self.reach[-1]) if self.reach else e)

    def __call__(self, start: int, end: int) -> bool:
        """[start, end) lies inside the reach of the spans starting at or before `start`."""
        i = bisect_right(self.starts, start) - 1
        return i >= 0 and self.reach[i] >= end

    def __contains__(self, offset: int) -> bool:
        i = bisect_right(self.starts, offset) - 1
        return i >= 0 and self.reach[i] > offset
