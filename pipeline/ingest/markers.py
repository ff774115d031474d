"""Printed page markers (`{12}`, `{xvi}`) and footnote markers (`[3]`), recorded not removed."""

from __future__ import annotations

from pipeline.patterns import compile_pattern
from pipeline.positions import line_of
from schemas import FootnoteMarker, PageMarker

_PAGE = compile_pattern(r"\{(\d{1,4}|[ivxlcdm]{1,8})\}")
_ROMAN = compile_pattern(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
_FOOTNOTE = compile_pattern(r"\[(\d{1,3})\]")


def find_page_markers(text: str, starts: list[int]) -> list[PageMarker]:
    found = []
    for m in _PAGE.finditer(text):
        label = m.group(1)
        roman = not label.isdigit()
        if roman and not _ROMAN.match(label):
            continue
        found.append(PageMarker(start=m.start(), end=m.end(), line=line_of(starts, m.start()),
                                label=label, roman=roman))
    return found


def find_footnote_markers(text: str, starts: list[int]) -> list[FootnoteMarker]:
    return [FootnoteMarker(start=m.start(), end=m.end(), line=line_of(starts, m.start()),
                           number=int(m.group(1)))
            for m in _FOOTNOTE.finditer(text)]


def blank_page_marks(normalized: str) -> str:
    """The normalized view with every page mark blanked (same length: the offset map holds): a
    printed page number is where the page turns, not a number of the sentence it interrupts
    ("… the rubber {33} counts …")."""
    return _PAGE.sub(lambda m: " " * len(m.group()), normalized)


def only_page_marks(line: str) -> bool:
    """A line holding page marks and nothing else (a page turn, never a title)."""
    return bool(line.strip()) and not _PAGE.sub("", line).strip()
