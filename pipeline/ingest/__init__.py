"""Ingest: manifest entry + raw bytes -> `Document` (original text (for a PDF, EPUB, HTML page or
Word file: the text derived from it, with its map back to the file), normalized view with an
offset map, lines, printed pages, footnote markers, boilerplate spans), and the warnings about
it (`ingest_warnings`)."""

from __future__ import annotations

from pipeline.ingest.boilerplate import find_boilerplate, mid_text_warnings
from pipeline.ingest.decode import decode_source
from pipeline.ingest.formats import derive_text
from pipeline.ingest.markers import blank_page_marks, find_footnote_markers, find_page_markers
from pipeline.ingest.markup import read_markup
from pipeline.ingest.normalize import normalize_with_segments
from pipeline.lang import Languages, load_languages
from pipeline.positions import line_starts
from schemas import Document, ManifestEntry


def ingest(entry: ManifestEntry, raw: bytes, *, path: str, languages: Languages | None = None) -> tuple[Document, str]:
    """Return the document and the encoding actually used. Boilerplate patterns come from every
    language profile (`languages`; the embedded profiles when not given): a Japanese translation
    keeps English Gutenberg markers, and vice versa."""
    languages = languages if languages is not None else load_languages()
    derived = derive_text(raw, path, entry.encoding)
    if derived is None:
        text, encoding, repairs = decode_source(raw, path=path, encoding=entry.encoding)
    else:
        text, encoding, repairs = derived.text, derived.encoding, []
    normalized, seg_norm, seg_orig, seg_olen = normalize_with_segments(text)
    normalized = read_markup(normalized)  # tags are not words (same length: the offset map holds)
    normalized = blank_page_marks(normalized)
    lines = line_starts(text)
    doc = Document(
        source_id=entry.id,
        language=entry.language,
        text=text,
        normalized=normalized,
        seg_norm=seg_norm,
        seg_orig=seg_orig,
        seg_olen=seg_olen,
        line_starts=lines,
        page_markers=find_page_markers(text, lines),
        footnotes=find_footnote_markers(text, lines),
        boilerplate=find_boilerplate(text, normalized, seg_norm, seg_orig, seg_olen, lines, languages),
        repairs=repairs,
        format=derived.format if derived else "text",
        pages=derived.pages if derived else None,
        source_map=derived.source_map if derived else [],
    )
    return doc, encoding


def ingest_warnings(doc: Document, path: str | None = None) -> list[str]:
    """Warnings about an ingested document, each naming `path:line` (`source_id:line` when no path
    is given, as the segmenter's warnings do): end-of-text cues kept in the middle of the text.
    Derived from the document alone, so a cached document gives the same warnings."""
    return mid_text_warnings(doc.text, doc.boilerplate, path if path is not None else doc.source_id)
