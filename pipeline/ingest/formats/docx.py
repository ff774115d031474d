"""A Word file (.docx) to a derived text with python-docx: body paragraphs and tables in order,
headings (a Heading/Title style, or an outline level) as `# ` lines, list paragraphs as `- `
items, table rows as `cell | cell` lines, each run mapped to `paragraph N` / `table T row R cell C`.
Page breaks Word wrote (hard breaks, and the breaks of its last layout) become `{n}` marks."""

from __future__ import annotations

import io

import regex

from pipeline.errors import HoyleError
from pipeline.ingest.formats.budget import ReadBudget, open_zip, read_member
from pipeline.ingest.formats.builder import TextBuilder
from pipeline.patterns import compile_pattern

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HEADING_STYLE = compile_pattern(r"^(?:heading|title)\s*(\d?)$", regex.IGNORECASE)
_SPACES = compile_pattern(r"\s+")


def _heading_level(paragraph) -> int | None:
    style = paragraph.style
    for name in (getattr(style, "name", None), getattr(style, "style_id", None)):
        found = _HEADING_STYLE.match(name or "")
        if found:
            return int(found.group(1) or 1)
    level = paragraph._p.find(f"{_W}pPr/{_W}outlineLvl")
    if level is not None and (level.get(f"{_W}val") or "").isdigit() and int(level.get(f"{_W}val")) < 9:
        return int(level.get(f"{_W}val")) + 1
    return None


def _page_breaks(element) -> int:
    hard = sum(1 for br in element.iter(f"{_W}br") if br.get(f"{_W}type") == "page")
    return hard + sum(1 for _ in element.iter(f"{_W}lastRenderedPageBreak"))


def _paragraph(out: TextBuilder, paragraph, locator: str) -> None:
    text = paragraph.text.strip()
    if not text:
        out.end_block()
        return
    level = _heading_level(paragraph)
    if level:
        out.end_block()
        out.mark("#" * min(level, 6) + " ")
    elif paragraph._p.find(f"{_W}pPr/{_W}numPr") is not None:
        out.end_line()
        out.mark("- ")
    for k, line in enumerate(text.split("\n")):
        if k:
            out.end_line()
        out.text(line.strip(), locator)
    out.end_block() if level else out.end_line()


def _table(out: TextBuilder, table, number: int) -> None:
    out.end_block()
    for r, row in enumerate(table.rows, 1):
        for c, cell in enumerate(row.cells, 1):
            if c > 1:
                out.mark(" | ")
            out.text(_SPACES.sub(" ", cell.text).strip(), f"table {number} row {r} cell {c}")
        out.end_line()
    out.end_block()


def read_docx(raw: bytes, path: str, budget: ReadBudget) -> TextBuilder:
    archive = open_zip(raw, path, "Word file")
    read_member(archive, "word/document.xml", path, "Word file")   # present, and honest about its size
    import docx
    from docx.table import Table

    try:
        document = docx.Document(io.BytesIO(raw))
    except Exception as exc:   # noqa: BLE001 - python-docx raises many kinds on a broken package
        raise HoyleError(f"{path}: not a readable Word file ({type(exc).__name__})",
                         hint="open it in Word or LibreOffice and save it again as .docx") from None
    out, page, tables, paragraphs = TextBuilder(), 1, 0, 0
    breaks = sum(_page_breaks(block._element) for block in document.iter_inner_content())
    if breaks:
        out.page("1")
    for block in document.iter_inner_content():
        budget.check(f"block {paragraphs + tables + 1}")
        for _ in range(_page_breaks(block._element)):
            page += 1
            out.page(str(page))
        if isinstance(block, Table):
            tables += 1
            _table(out, block, tables)
        else:
            paragraphs += 1
            _paragraph(out, block, f"paragraph {paragraphs}")
    return out
