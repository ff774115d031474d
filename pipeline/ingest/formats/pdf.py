"""A PDF's text layer to a derived text, page by page (pypdf; pdfminer.six measured against it
in bench/formats.py). Each page begins with a `{label}` mark: its printed page number (the folio
read at its top or bottom, or inferred from its neighbours' folios), else its place in the file.
Running heads and folios are page furniture, not text: a line at a page's edge that recurs at
the edges of many pages (numbers aside), or a lone number there, is left out.

Refused with a clear line: a damaged or truncated file, an encrypted one, a file over the page
budget, and one without a text layer (a scan never OCR'd)."""

from __future__ import annotations

import io
import logging
from collections import Counter

import regex

from pipeline.errors import HoyleError
from pipeline.ingest.formats.budget import ReadBudget
from pipeline.ingest.formats.builder import TextBuilder
from pipeline.patterns import compile_pattern

_FOLIO = compile_pattern(r"^[\s\-–—.(\[]*(\d{1,4}|[ivxlcdm]{1,8})[\s\-–—.)\]]*$", regex.IGNORECASE)
_EDGE_NUMBER = compile_pattern(r"^\s*(\d{1,4})\s+(?=\S)|(?<=\S)\s+(\d{1,4})\s*$")
_DIGITS = compile_pattern(r"\d+")
_SPACE = compile_pattern(r"\s")
_SPACES = compile_pattern(r"\s+")
EDGE_LINES = 2          # lines at the top and at the bottom of a page that may be furniture
MIN_CHARS_PER_PAGE = 25  # less text than this on average: no text layer (an image-only scan)


def _open(raw: bytes, path: str, budget: ReadBudget):
    import pypdf
    from pypdf.errors import DependencyError, FileNotDecryptedError, PdfReadError

    logging.getLogger("pypdf").setLevel(logging.ERROR)   # its warnings about odd files are not ours to print
    try:
        reader = pypdf.PdfReader(io.BytesIO(raw), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            raise FileNotDecryptedError("a password is needed")
        count = len(reader.pages)
    except (FileNotDecryptedError, DependencyError, NotImplementedError):
        raise HoyleError(f"{path}: the PDF is encrypted (password-protected)",
                         hint="save an unlocked copy (print to PDF, or remove the password) and add that") from None
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
        raise HoyleError(f"{path}: not a readable PDF: damaged or truncated ({type(exc).__name__})",
                         hint="download or export the PDF again") from None
    if count > budget.max_pages:
        raise HoyleError(f"{path}: {count:,} pages, over the {budget.max_pages:,}-page limit for one source",
                         hint="split the PDF into volumes or parts and add each as a source")
    return reader


def _page_lines(reader, path: str, budget: ReadBudget) -> list[list[str]]:
    pages = []
    for i, page in enumerate(reader.pages):
        budget.check(f"page {i + 1}")
        try:
            text = page.extract_text() or ""
        except Exception as exc:   # noqa: BLE001 - pypdf raises many kinds on broken content streams
            raise HoyleError(f"{path}: page {i + 1} of the PDF cannot be read ({type(exc).__name__})",
                             hint="the file is damaged; export it again") from None
        pages.append([line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")])
    if sum(len(_SPACE.sub("", "".join(p))) for p in pages) < MIN_CHARS_PER_PAGE * max(len(pages), 1):
        raise HoyleError(f"{path}: the PDF has no text layer (an image-only scan: {len(pages)} pages, almost no text)",
                         hint="run OCR on it first (for example: ocrmypdf in.pdf out.pdf) and add the OCR'd PDF")
    return pages


def _edges(lines: list[str]) -> list[int]:
    filled = [k for k, line in enumerate(lines) if line.strip()]
    return sorted(set(filled[:EDGE_LINES] + filled[-EDGE_LINES:]))


def _head_key(line: str) -> str:
    return _DIGITS.sub("#", _SPACES.sub(" ", line.strip().lower()))


def _furniture(pages: list[list[str]]) -> tuple[list[str | None], list[set[int]]]:
    """Per page: the folio read at its edges (or None), and the line numbers that are furniture."""
    heads = Counter(key for lines in pages for key in {_head_key(lines[k]) for k in _edges(lines)})
    recurring = max(3, len(pages) // 5)
    folios: list[str | None] = []
    dropped: list[set[int]] = []
    for lines in pages:
        folio, drop = None, set()
        for k in _edges(lines):
            bare = _FOLIO.match(lines[k])
            if bare:
                folio = folio or bare.group(1).lower()
                drop.add(k)
            elif heads[_head_key(lines[k])] >= recurring:
                edge = _EDGE_NUMBER.search(lines[k])
                folio = folio or (edge and (edge.group(1) or edge.group(2)))
                drop.add(k)
        folios.append(folio)
        dropped.append(drop)
    return folios, dropped


def page_labels(folios: list[str | None]) -> list[str]:
    """Printed page labels: a page's own folio; else its index shifted as most arabic folios
    are (a chapter opening without a number); else its place in the file."""
    shifts = Counter(int(f) - i for i, f in enumerate(folios) if f and f.isdigit())
    shift = shifts.most_common(1)[0][0] if shifts else 1
    return [f if f else str(i + shift if i + shift >= 1 else i + 1) for i, f in enumerate(folios)]


def read_pdf(raw: bytes, path: str, budget: ReadBudget) -> tuple[TextBuilder, int]:
    reader = _open(raw, path, budget)
    pages = _page_lines(reader, path, budget)
    folios, dropped = _furniture(pages)
    out = TextBuilder()
    for i, (lines, label) in enumerate(zip(pages, page_labels(folios), strict=True)):
        out.page(label)
        offset = 0
        for k, line in enumerate(lines):
            if not line.strip():
                out.end_block()
            elif k not in dropped[i]:
                out.text(line.strip(), f"pdf p. {i + 1}, char {offset + len(line) - len(line.lstrip())}")
                out.end_line()
            offset += len(line) + 1
        out.end_block()
    return out, len(pages)
