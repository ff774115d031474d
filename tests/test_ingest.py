"""Ingest: decoding, printed pages, footnotes and boilerplate, on examples and on the received texts."""

from pathlib import Path

import pytest

from pipeline.errors import HoyleError
from pipeline.ingest import ingest
from pipeline.ingest.decode import decode_source, guess_encodings
from pipeline.manifest import load_manifest
from pipeline.positions import Locator, page_at
from schemas import ManifestEntry
from tests.test_segment import KNOWLEDGE

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def entry(**kw) -> ManifestEntry:
    base = {"id": "t", "file": "texts/t.txt", "language": "ja", "title": "T"}
    return ManifestEntry.model_validate(base | kw)


def test_a_page_marker_inside_a_line_switches_the_page_at_that_offset():
    text = "序文\n本文です{1}。続き{2}さらに\n次の行"
    doc, _ = ingest(entry(), text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    loc = Locator(doc)
    assert [m.label for m in doc.page_markers] == ["1", "2"]
    assert loc.page(0) is None
    assert loc.page(text.index("本文")) is None
    assert loc.page(text.index("。続き")) == "1"
    assert loc.page(text.index("さらに")) == "2"
    assert loc.page(text.index("次の行")) == "2"
    assert page_at(doc.page_markers, text.index("{2}")) == "2"


def test_roman_front_matter_pages_are_recognised():
    doc, _ = ingest(entry(), "{v}\n序文\n{xvi}\n{1}本文".encode(), path="t.txt", languages=KNOWLEDGE.languages)
    assert [(m.label, m.roman) for m in doc.page_markers] == [("v", True), ("xvi", True), ("1", False)]


def test_footnote_markers_are_recorded_not_removed():
    text = "バカラ。[4]\n本文"
    doc, _ = ingest(entry(), text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    assert doc.text == text
    assert [(f.number, f.line) for f in doc.footnotes] == [(4, 1)]


def test_declared_cp1251_decodes():
    raw = "Играют вдвоём колодой из 32 карт.".encode("cp1251")
    text, enc, _ = decode_source(raw, path="x.txt", encoding="cp1251")
    assert text == "Играют вдвоём колодой из 32 карт." and enc == "cp1251"


def test_declared_cp932_decodes():
    raw = "２人でプレイする。切り札".encode("cp932")
    text, enc, _ = decode_source(raw, path="x.txt", encoding="cp932")
    assert text == "２人でプレイする。切り札" and enc == "cp932"


def test_undeclared_legacy_encoding_is_an_error_that_suggests_the_declaration():
    raw = ("ピケは二人で遊ぶゲームです。\n" * 20).encode("cp932")
    with pytest.raises(HoyleError) as exc:
        decode_source(raw, path="x.txt", encoding=None)
    assert "x.txt:1" in exc.value.message
    assert 'encoding = "cp932"' in exc.value.hint
    assert guess_encodings(("Пикет - игра для двоих. " * 20).encode("koi8-r"))[0] == "koi8-r"


def test_utf8_bom_is_dropped_and_recorded():
    text, _, repairs = decode_source(b"\xef\xbb\xbfabc", path="x.txt", encoding=None)
    assert text == "abc" and [r.kind for r in repairs] == ["bom"]


@pytest.fixture(scope="module")
def documents():
    corpus = load_manifest(CORPUS)
    return {e.id: ingest(e, (CORPUS / e.file).read_bytes(), path=e.file, languages=KNOWLEDGE.languages)[0] for e in corpus.entries}


def kinds(doc):
    return {(b.kind, b.start_line) for b in doc.boilerplate}


def test_boilerplate_in_the_translated_gutenberg_book(documents):
    doc = documents["hoyle1909-ja"]
    found = kinds(doc)
    assert {k for k, _ in found} >= {"preamble", "gutenberg_start", "gutenberg_end", "transcriber_note"}
    start = next(b for b in doc.boilerplate if b.kind == "gutenberg_start")
    assert "開始" in doc.text[start.start:start.end]
    pre = next(b for b in doc.boilerplate if b.kind == "preamble")
    assert pre.start == 0 and "ノー・チェック" in doc.text[pre.start:pre.end]


def test_boilerplate_in_each_received_text(documents):
    by_lang_kind = {(d.language, frozenset(k for k, _ in kinds(d))) for d in documents.values()}
    # The forum post's mail header, the web reader's title lines and "Spotted a typo" leftover.
    assert any("mail_header" in ks for _, ks in by_lang_kind)
    en = documents["foster1914-en"]
    assert sorted(b.kind for b in en.boilerplate) == ["reader_leftover"] * 3
    last = en.boilerplate[-1]
    assert en.text[last.start:last.end].startswith("Spotted a typo")
    # The Gutenberg English original keeps its licence header and trailer apart from the book.
    original = {b.kind for b in documents["hoyle1909-en"].boilerplate}
    assert original >= {"preamble", "gutenberg_start", "gutenberg_end", "trailer"}
    # The Russian translation and the web pages have none: nothing is flagged by mistake.
    assert [d.boilerplate for d in documents.values() if d.language == "ru"] == [[]]


def test_printed_pages_of_the_gutenberg_book(documents):
    doc = next(d for d in documents.values() if d.page_markers)
    arabic = [int(m.label) for m in doc.page_markers if not m.roman]
    assert arabic[0] == 1 and arabic[-1] == 475
    assert [m.label for m in doc.page_markers if m.roman][0] == "v"


@pytest.mark.parametrize("line_end", ["\r\n", "\r", "mixed"])
def test_line_ends_are_counted_as_an_editor_counts_them(line_end):
    """A CR-only file (old Mac) cited every fact at line 1; CRLF, CR and LF give the same lines,
    sections and facts, and every quote is the original at its offsets."""
    from tests.test_extract import facts_of

    lines = ["PIQUET.", "", "Piquet is played by two persons.", "", "WHIST.", "", "Whist is played by four players,",
             "with a pack of fifty-two cards.", ""]
    lf = "\n".join(lines)
    if line_end == "mixed":
        ends = ["\r\n", "\n", "\r"]   # a CR never right before an LF (that pair is one CRLF)
        other = "".join(line + ends[i % 3] for i, line in enumerate(lines[:-1]))
    else:
        other = lf.replace("\n", line_end)
    got_lf, facts_lf, _ = facts_of(lf, "en")
    got, facts, doc = facts_of(other, "en")
    assert got == got_lf and len(got) >= 3
    assert [f.anchor.line for f in facts] == [f.anchor.line for f in facts_lf]
    assert {f.anchor.line for f in facts} >= {3, 7}
    for f in facts:
        assert doc.text[f.anchor.start:f.anchor.end] == f.anchor.quote
    from pipeline.positions import count_lines
    assert count_lines(other) == count_lines(lf) == 8
