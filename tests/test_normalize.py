"""The normalized view maps back to the original, exactly."""

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pipeline.ingest.normalize import map_span, normalize, normalize_with_map
from pipeline.positions import LINE_END
from tests.test_segment import KNOWLEDGE

# Characters that stress the mapping: kana (incl. half-width and voiced marks), kanji, Cyrillic,
# full-width forms, spaces of every kind, combining marks, invisibles, CR/LF.
PIECES = st.sampled_from(list(
    "aZ09 .,\n\r\t" "かカｶﾞﾟﾊﾟ゙゚" "札切漢字" "ТКДВтуз" "ＡＺ０９．，～（）" "\u00a0\u3000\u2003"
    "\u0301\u0308\u20dd" "\u200b\ufeff\u00ad" "é\u212b\uf900{}[]「」"
))
TEXTS = st.lists(PIECES, max_size=60).map("".join) | st.text(max_size=40)


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.data())
def test_every_normalized_span_maps_back_to_an_original_span(text, data):
    norm, starts, ends = normalize_with_map(text)
    assert len(starts) == len(ends) == len(norm)
    ns = data.draw(st.integers(0, len(norm)))
    ne = data.draw(st.integers(ns, len(norm)))
    s, e = map_span(starts, ends, ns, ne, len(text))
    assert 0 <= s <= e <= len(text)
    assert norm[ns:ne] in normalize(text[s:e])


@settings(max_examples=400, deadline=None)
@given(TEXTS)
@example("\r\u200b\n")   # invisible characters inside a CRLF (found by this test in a suite run)
def test_normalizing_twice_changes_nothing(text):
    once = normalize(text)
    assert normalize(once) == once


@settings(max_examples=200, deadline=None)
@given(TEXTS)
@example("a\rb\r\nc\n\r\u200b\nd")   # a lone CR, CRLF, LF, and a CR and LF parted by an invisible
def test_map_is_monotonic_and_newlines_survive(text):
    norm, starts, ends = normalize_with_map(text)
    assert starts == sorted(starts)
    assert norm.count("\n") == len(LINE_END.findall(text))   # the editor's lines, one by one


def test_full_width_and_spaces_become_ascii():
    assert normalize("カードを４ 組\u3000１０，Ｋ．") == "カードを4 組 10,K."
    assert normalize("a\u00a0\u00a0 b") == "a b"
    assert normalize("ｶﾞｰﾄﾞ") == "ガード"


def test_span_of_a_collapsed_run_covers_every_original_space():
    text = "12\u00a0 \u3000枚"
    norm, starts, ends = normalize_with_map(text)
    assert norm == "12 枚"
    assert map_span(starts, ends, 0, 4, len(text)) == (0, len(text))
    assert map_span(starts, ends, 3, 4, len(text)) == (5, 6)


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.data())
def test_document_segments_agree_with_the_character_map(text, data):
    from pipeline.ingest import ingest
    from pipeline.ingest.markers import blank_page_marks
    from schemas import ManifestEntry

    entry = ManifestEntry(id="t", file="t.txt", language="ja", title="t")
    if not text or "\x00" in text:
        return  # empty files and NUL bytes are refused by ingest (see test_bad_input)
    from pipeline.ingest.formats import HtmlFormat
    if HtmlFormat.detect(text.encode("utf-8")):
        return  # a text that opens as a web page ("<!doctype html") is read as one (tests/test_formats*)
    doc, _ = ingest(entry, text.encode("utf-8"), path="t.txt", languages=KNOWLEDGE.languages)
    norm, starts, ends = normalize_with_map(doc.text)
    # (the document's view blanks printed page marks, "{12}", keeping every offset)
    assert doc.normalized == blank_page_marks(norm)
    for i in range(len(norm)):
        assert (doc.orig_start(i), doc.orig_end(i)) == (starts[i], ends[i])
    off = data.draw(st.integers(0, len(doc.text)))
    ni = doc.norm_index(off)
    assert all(starts[j] < off for j in range(ni))
    assert ni == len(norm) or starts[ni] >= off


def test_a_page_mark_is_blanked_in_the_documents_view_only():
    # found by the property test above on a fresh machine: text "{0}"
    from pipeline.ingest import ingest
    from schemas import ManifestEntry

    doc, _ = ingest(ManifestEntry(id="t", file="t.txt", language="ja", title="t"), b"{0}", path="t.txt",
                    languages=KNOWLEDGE.languages)
    norm, starts, ends = normalize_with_map(doc.text)
    assert (doc.normalized, norm) == ("   ", "{0}")
    assert [(doc.orig_start(i), doc.orig_end(i)) for i in range(3)] == list(zip(starts, ends, strict=True))
