"""Random and mutated texts through segment and extract: no crash, every anchor valid."""

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pipeline.extract import extract
from pipeline.ingest import ingest
from pipeline.positions import LINE_END
from pipeline.segment import segment
from schemas import ManifestEntry
from tests.test_segment import KNOWLEDGE

PIECES = st.sampled_from([
    "PIQUET.", "ピケ。", "БРИДЖ.", "<人数>", "=Heart Solo=", "{12}", "{xv}", "[3]", "「", "」", "”", "(", ")",
    "<", ">", "played by two persons", "pack of thirty-two cards", "2 人．", "32 枚", "１０００点", "колодой из 52 карт",
    "A K Q J 10 9 8 7", "1(A)，R(K)，D(Q)，V(J)", "four aces 100", "ダブル・ベジーク ： ５００点", "99999999999999999999",
    "\n", "\n\n", " ", "\u00a0", "\u3000", "*" * 70, "Spotted a typo or a problem in this chapter? Tell us",
    "*** START OF THE PROJECT GUTENBERG EBOOK X ***", "コンテンツ", "ベジーク 12", "\u0301", "\u200b", "ｶﾞ",
])
TEXTS = st.lists(PIECES | st.text(max_size=12), min_size=1, max_size=80).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS, st.sampled_from(["ja", "en", "ru"]))
@example(text="\U000179e8PIQUET.БРИДЖ.", lang="ja")   # a letter without a Unicode name (pymorphy3 raised)
def test_segment_and_extract_never_crash_and_anchors_hold(text, lang):
    if not text or "\x00" in text:
        return
    entry = ManifestEntry(id="fuzz", file="t.txt", language=lang, title="t")
    doc, _ = ingest(entry, text.encode("utf-8"), path="t.txt", languages=KNOWLEDGE.languages)
    sections, _ = segment(doc, KNOWLEDGE)
    for s in sections:
        assert 0 <= s.anchor.start < s.anchor.end <= len(doc.text)
        assert s.start_line <= s.end_line
    for f in extract(doc, sections, KNOWLEDGE):
        assert doc.text[f.anchor.start:f.anchor.end] == f.anchor.quote
        # lines as an editor counts them: CRLF, a lone CR and LF end a line each
        assert f.anchor.line == len(LINE_END.findall(doc.text, 0, f.anchor.start)) + 1
