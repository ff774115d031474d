"""Files as they come: a PDF, an EPUB, a saved web page or a Word file is kept byte-for-byte in
the corpus, and the build derives the text the pipeline reads from it, deterministically, with a
map from each run of that text back to its place in the file (`SourceSpan`). The format is told
by the bytes, not by the file name. A plain text (`.txt`, `.md`, an XML manual) is not derived:
it is decoded as it is (pipeline.ingest.decode).

Each format is a registered reader class (`FORMATS`); a new format is a new class."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import regex

from pipeline.errors import HoyleError
from pipeline.ingest.formats.budget import ReadBudget
from pipeline.ingest.formats.builder import TextBuilder
from pipeline.patterns import compile_pattern
from schemas import SourceSpan

# what may come before a web page's first tag: an XML declaration, comments, space
_HTML_LEAD = compile_pattern(r"^(?:<\?xml[^>]*\?>|<!--.*?-->|\s)+", regex.DOTALL)


@dataclass
class DerivedText:
    format: str
    text: str
    encoding: str
    pages: int | None
    source_map: list[SourceSpan] = field(default_factory=list)


class FileFormat:
    name: ClassVar[str]
    suffix: ClassVar[str]

    @staticmethod
    def detect(raw: bytes) -> bool:
        raise NotImplementedError

    def read(self, raw: bytes, path: str, encoding: str | None, budget: ReadBudget) -> tuple[TextBuilder, int | None]:
        """The derived text and the page count (by default: the printed pages marked in it)."""
        out = self.text_of(raw, path, encoding, budget)
        return out, len(out.page_labels) or None

    def text_of(self, raw: bytes, path: str, encoding: str | None, budget: ReadBudget) -> TextBuilder:
        raise NotImplementedError


def _zip_names(raw: bytes) -> set[str]:
    import io
    import zipfile

    if not raw.startswith(b"PK\x03\x04"):
        return set()
    try:
        return set(zipfile.ZipFile(io.BytesIO(raw)).namelist())
    except (zipfile.BadZipFile, EOFError, ValueError):
        return {"<damaged>"}


class PdfFormat(FileFormat):
    name, suffix = "pdf", ".pdf"

    @staticmethod
    def detect(raw: bytes) -> bool:
        return b"%PDF-" in raw[:1024]

    def read(self, raw, path, encoding, budget):   # a PDF's page count is its pages, marked or not
        from pipeline.ingest.formats.pdf import read_pdf

        return read_pdf(raw, path, budget)


class EpubFormat(FileFormat):
    name, suffix = "epub", ".epub"

    @staticmethod
    def detect(raw: bytes) -> bool:
        return raw[30:58] == b"mimetypeapplication/epub+zip" or "META-INF/container.xml" in _zip_names(raw)

    def text_of(self, raw, path, encoding, budget):
        from pipeline.ingest.formats.epub import read_epub

        return read_epub(raw, path, budget)


class DocxFormat(FileFormat):
    name, suffix = "docx", ".docx"

    @staticmethod
    def detect(raw: bytes) -> bool:
        return "word/document.xml" in _zip_names(raw)

    def text_of(self, raw, path, encoding, budget):
        from pipeline.ingest.formats.docx import read_docx

        return read_docx(raw, path, budget)


class HtmlFormat(FileFormat):
    name, suffix = "html", ".html"

    @staticmethod
    def detect(raw: bytes) -> bool:
        head = raw[:2048].removeprefix(b"\xef\xbb\xbf").decode("latin-1").lower()
        return _HTML_LEAD.sub("", head, count=1).startswith(("<!doctype html", "<html"))

    def text_of(self, raw, path, encoding, budget):
        from pipeline.ingest.formats.html import read_html

        return read_html(raw, path, encoding, budget)


FORMATS: tuple[type[FileFormat], ...] = (PdfFormat, EpubFormat, DocxFormat, HtmlFormat)
# Files no reader takes, told apart from text by their first bytes, with what to do instead.
_NOT_TEXT = (
    (b"\xd0\xcf\x11\xe0", "an old binary Word/Office file (.doc)", "save it as .docx (or as text) and add that"),
    (b"\x89PNG", "a PNG image", "run OCR on it and add the text"),
    (b"\xff\xd8\xff", "a JPEG image", "run OCR on it and add the text"),
    (b"{\\rtf", "an RTF file", "save it as .docx or as text and add that"),
    (b"PK\x03\x04", "a zip archive that is neither an EPUB nor a Word file", "unpack it and add the text inside"),
)


def detect_format(raw: bytes, path: str) -> type[FileFormat] | None:
    """The reader for these bytes, None for plain text; a clear error for a file no reader takes."""
    for fmt in FORMATS:
        if fmt.detect(raw):
            return fmt
    for magic, what, hint in _NOT_TEXT:
        if raw.startswith(magic):
            raise HoyleError(f"{path}: {what}, not a text, PDF, EPUB, HTML or .docx file", hint=hint)
    return None


def derive_text(raw: bytes, path: str, encoding: str | None, budget: ReadBudget | None = None) -> DerivedText | None:
    """The derived text of a PDF, EPUB, HTML page or Word file; None for a plain text."""
    fmt = detect_format(raw, path)
    if fmt is None:
        return None
    out, pages = fmt().read(raw, path, encoding, budget or ReadBudget(path))
    text = out.result()
    if not text.strip():
        raise HoyleError(f"{path}: the {fmt.name.upper()} file holds no text",
                         hint="if it is a scan, run OCR on it first; else export it again")
    return DerivedText(format=fmt.name, text=text, encoding=encoding or fmt.name, pages=pages,
                       source_map=out.spans)
