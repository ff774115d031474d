"""Ingest hardening: end-of-text cues end the text only at its real end; NUL bytes anywhere in the
file; declared encodings that are not text codecs."""

import pytest

from pipeline.errors import HoyleError
from pipeline.ingest import ingest, ingest_warnings
from pipeline.ingest.boilerplate import ENDING_KINDS
from pipeline.ingest.decode import decode_source
from schemas import ManifestEntry
from tests.test_segment import KNOWLEDGE

TYPO = "Spotted a typo or a problem in this chapter? Tell us"
PARAGRAPH = ("PIQUET.\n\nPiquet is played by two persons with a pack of thirty-two cards. The dealer gives twelve "
             "cards to each player, by two or three at a time, and leaves eight cards on the table.\n\n")
LAST = "The player who first reaches one hundred points wins the partie and the Zanzibar stake.\n"


def entry(lang: str = "en") -> ManifestEntry:
    return ManifestEntry(id="t", file="texts/t.txt", language=lang, title="T")


def body_end(doc) -> int:
    """Where the segmenter ends the body: the first ending cue after the top boilerplate."""
    return min((b.start for b in doc.boilerplate if b.kind in ENDING_KINDS and b.start > 0), default=len(doc.text))


def in_boilerplate(doc, offset: int) -> bool:
    return any(b.start <= offset < b.end for b in doc.boilerplate)


# -- 1. a trailer-like line in the middle of the text ------------------------------------------

def test_a_trailer_in_the_middle_of_the_text_does_not_end_it():
    text = PARAGRAPH * 3 + TYPO + "\n\n" + PARAGRAPH * 200 + LAST
    doc, _ = ingest(entry(), text.encode(), path="texts/t.txt", languages=KNOWLEDGE.languages)
    last = doc.text.index("Zanzibar")
    assert body_end(doc) > last and not in_boilerplate(doc, last)
    # the line itself is still not the work, and the user is told it was kept
    line = doc.text[:doc.text.index(TYPO)].count("\n") + 1
    assert [b.start_line for b in doc.boilerplate if b.kind.startswith("mid_text_")] == [line]
    (warning,) = ingest_warnings(doc, "texts/t.txt")
    assert warning.startswith(f"texts/t.txt:{line}: a trailer-like line in the middle of the text was kept as body")
    assert ingest_warnings(doc)[0].startswith(f"t:{line}: ")  # as the segmenter's warnings, for build to map


def test_the_segmenter_keeps_the_rules_after_a_mid_text_trailer():
    from pipeline.build import load_checked_knowledge
    from pipeline.manifest import load_manifest
    from pipeline.segment import segment
    from tests.conftest import CORPUS

    knowledge = load_checked_knowledge(load_manifest(CORPUS))
    text = PARAGRAPH * 3 + TYPO + "\n\n" + PARAGRAPH * 200 + LAST
    doc, _ = ingest(entry(), text.encode(), path="texts/t.txt", languages=knowledge.languages)
    sections, _ = segment(doc, knowledge)
    last_line = text.count("\n")
    assert max(s.end_line for s in sections) == last_line


@pytest.mark.parametrize("after", [
    "",
    "\n\n",
    "\nPrevious chapter | Next chapter\nhttps://example.com/reader/book/4\n\u00a9 2024 Example Reader\n",
])
def test_a_trailer_at_the_real_end_is_still_boilerplate(after):
    text = PARAGRAPH * 20 + LAST + TYPO + after
    doc, _ = ingest(entry(), text.encode(), path="texts/t.txt", languages=KNOWLEDGE.languages)
    cue = doc.text.index(TYPO)
    assert body_end(doc) == cue
    assert not in_boilerplate(doc, doc.text.index("Zanzibar"))
    assert ingest_warnings(doc, "texts/t.txt") == []


def test_only_the_last_of_several_reader_parts_ends_the_text():
    part = PARAGRAPH * 40 + TYPO + "\n"
    text = part * 4 + PARAGRAPH * 40 + LAST + TYPO + "\n"
    doc, _ = ingest(entry(), text.encode(), path="texts/t.txt", languages=KNOWLEDGE.languages)
    assert body_end(doc) == doc.text.rindex(TYPO)
    assert len(ingest_warnings(doc, "texts/t.txt")) == 4


GUTENBERG_START = "*** START OF THE PROJECT GUTENBERG EBOOK PIQUET ***\n\n"
GUTENBERG_END = "*** END OF THE PROJECT GUTENBERG EBOOK PIQUET ***\n\n"
LICENCE = ("Updated editions will replace the previous one--the old editions will be renamed. Creating the "
           "works from print editions not protected by U.S. copyright law means that no one owns a United\n") * 300


def test_a_gutenberg_end_marker_followed_by_its_licence_ends_the_text():
    text = "Uploader's note.\n" + GUTENBERG_START + PARAGRAPH * 20 + LAST + GUTENBERG_END + LICENCE
    doc, _ = ingest(entry(), text.encode(), path="texts/t.txt", languages=KNOWLEDGE.languages)
    assert body_end(doc) == doc.text.index(GUTENBERG_END)
    trailer = next(b for b in doc.boilerplate if b.kind == "trailer")
    assert trailer.end == len(doc.text)
    assert ingest_warnings(doc, "texts/t.txt") == []


def test_books_run_together_end_only_at_the_last_end_marker():
    book = GUTENBERG_START + PARAGRAPH * 20 + GUTENBERG_END + LICENCE[:2000] + "\n\n"
    text = book + GUTENBERG_START + PARAGRAPH * 20 + LAST + GUTENBERG_END + LICENCE
    doc, _ = ingest(entry(), text.encode(), path="texts/t.txt", languages=KNOWLEDGE.languages)
    assert body_end(doc) == doc.text.rindex(GUTENBERG_END)
    assert not in_boilerplate(doc, doc.text.index("Zanzibar"))
    (warning,) = ingest_warnings(doc, "texts/t.txt")
    assert "kept as body" in warning


def test_reader_title_lines_at_the_top_stay_leading_boilerplate():
    title = "Foster's Complete Hoyle: An Encyclopedia of Games (part 4 of 5)\n"
    text = title + "\n" + title + "\n" + PARAGRAPH * 20 + LAST + TYPO + "\n"
    doc, _ = ingest(entry(), text.encode(), path="texts/t.txt", languages=KNOWLEDGE.languages)
    assert [b.kind for b in doc.boilerplate] == ["reader_leftover"] * 3
    assert ingest_warnings(doc, "texts/t.txt") == []


# -- 2. NUL bytes anywhere in the file --------------------------------------------------------

def test_a_nul_byte_after_the_first_megabyte_is_refused_naming_its_line():
    line = b"Piquet is played by two persons with a pack of thirty-two cards.\n"
    lines = 1_200_000 // len(line) + 1
    raw = line * lines + b"The end.\x00\n" + line * 3
    assert len(raw) > 1_000_000
    with pytest.raises(HoyleError) as exc:
        decode_source(raw, path="texts/t.txt", encoding=None)
    assert exc.value.message.startswith(f"texts/t.txt:{lines + 1}: NUL byte")
    assert "plain-text" in exc.value.hint and "remove the NUL" in exc.value.hint
    with pytest.raises(HoyleError):  # the same with a declared encoding
        decode_source(raw, path="texts/t.txt", encoding="cp1251")


def test_an_undeclared_utf16_file_suggests_declaring_it():
    with pytest.raises(HoyleError) as exc:
        decode_source("Пикет.\n".encode("utf-16"), path="t.txt", encoding=None)
    assert 'encoding = "utf-16"' in exc.value.hint


def test_declared_utf16_decodes_but_a_nul_character_in_it_is_refused():
    text, enc, _ = decode_source("Пикет.\nИграют вдвоём.".encode("utf-16"), path="t.txt", encoding="UTF16")
    assert text == "Пикет.\nИграют вдвоём." and enc == "UTF16"
    with pytest.raises(HoyleError) as exc:
        decode_source("Пикет.\nИграют\x00 вдвоём.".encode("utf-16"), path="t.txt", encoding="utf-16")
    assert exc.value.message.startswith("t.txt:2: NUL")


# -- declared encodings that are not text codecs ----------------------------------------------

@pytest.mark.parametrize("encoding", ["rot13", "base64", "hex", "zlib", "bz2", "uu", "quopri"])
def test_a_declared_non_text_codec_is_a_clear_error(encoding):
    with pytest.raises(HoyleError) as exc:
        decode_source(b"Piquet is played by two.\n", path="texts/t.txt", encoding=encoding)
    assert exc.value.message.startswith("texts/t.txt: ") and repr(encoding) in exc.value.message
    assert "not a text encoding" in exc.value.message
    assert exc.value.hint == "use a text encoding such as utf-8, shift_jis, cp1251"


@pytest.mark.parametrize("encoding", ["no-such-codec", "utf-9", "a\x00b"])
def test_an_unknown_declared_encoding_is_a_clear_error(encoding):
    with pytest.raises(HoyleError) as exc:
        decode_source(b"Piquet.\n", path="texts/t.txt", encoding=encoding)
    assert exc.value.message.startswith("texts/t.txt: unknown encoding") and repr(encoding) in exc.value.message
    assert exc.value.hint == "use a text encoding such as utf-8, shift_jis, cp1251"
