"""Files as they come (PDF, EPUB, HTML, Word): told by their bytes, read into a derived text whose
every run maps back to the file, and refused with one clear line when they cannot be read
(encrypted, image-only, truncated, DRM, a zip bomb, over the page budget), nothing added."""

import io
import zipfile

import pypdf
import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.errors import HoyleError
from pipeline.ingest.formats import derive_text, detect_format
from pipeline.ingest.formats.budget import ReadBudget
from pipeline.ingest.formats.html import read_html

runner = CliRunner()

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Durak rules | Cards</title></head>
<body class="has-sidebar"><a class="skip-link" href="#main">Skip to content</a>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/g">Games</a></li></ul></nav></header>
<div class="menu-top"><a href="/x">Log in</a></div>
<main id="main"><h1>Durak</h1><p>Durak is played by <b>two to six</b>
players with a 36-card pack.</p><span class="pagenum"><a id="Page_12">[Pg 12]</a></span>
<ol><li>Deal six cards each.</li><li>The last card is trump.</li></ol>
<table><tr><td>Ace</td><td>11</td></tr></table><p>日本語の
テキスト</p></main><footer>(c) 2024 <a href="/a">About</a></footer>
<div class="cookie-banner">We use cookies</div></body></html>"""


def pdf_bytes(pages: int = 1, *, encrypt: bool = False) -> bytes:
    writer = pypdf.PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(612, 792)
    if encrypt:
        writer.encrypt("secret", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def epub_bytes(body: str, extra: dict[str, bytes] | None = None) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" '
                   'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
                   '<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
                   '</rootfiles></container>')
        z.writestr("OEBPS/content.opf", '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" '
                   'version="2.0"><manifest><item id="c1" href="ch%201.xhtml" media-type="application/xhtml+xml"/>'
                   '</manifest><spine><itemref idref="c1"/></spine></package>')
        z.writestr("OEBPS/ch 1.xhtml", '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml">'
                   f'<head><title>t</title></head><body>{body}</body></html>')
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return out.getvalue()


def test_a_saved_page_keeps_its_content_and_loses_its_chrome():
    out = read_html(PAGE.encode(), "p.html", None, ReadBudget("p.html"))
    text = out.result()
    assert text.startswith("# Durak\n\nDurak is played by two to six players with a 36-card pack.\n")
    for chrome in ("Skip to content", "Home", "Log in", "(c) 2024", "cookies", "Cards"):
        assert chrome not in text
    assert "{12}\n" in text and "[Pg 12]" not in text and out.page_labels == ["12"]
    assert "1. Deal six cards each.\n2. The last card is trump." in text and "Ace | 11" in text
    assert "日本語のテキスト" in text   # a line break inside Japanese is not a space


def test_every_mapped_run_is_the_files_own_text():
    out = read_html(PAGE.encode(), "p.html", None, ReadBudget("p.html"))
    text = out.result()
    for span in out.spans:
        assert span.locator.startswith("/html/body/main")
        assert text[span.start:span.end].strip() and "\n" not in text[span.start:span.end]
    assert [text[s.start:s.end] for s in out.spans][:2] == ["Durak", "Durak is played by"]


def test_a_page_without_a_level_one_heading_is_titled_by_its_title_element():
    page = "<html><head><title>Piquet</title></head><body><p>Two players, 32 cards.</p></body></html>"
    assert read_html(page.encode(), "p.html", None, ReadBudget("p.html")).result().startswith("# Piquet\n")


@pytest.mark.parametrize("raw, expected", [
    (b"%PDF-1.4\n", "pdf"), (PAGE.encode(), "html"), (b"\xef\xbb\xbf\n<!DOCTYPE HTML>", "html"),
    (b'<?xml version="1.0"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" ""><html/>', "html"),
    (b'<?xml version="1.0"?><!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML//EN" ""><book/>', None),
    (b"Whist is played by four persons.", None), ("<人数>4人</人数>".encode(), None),
])
def test_the_format_is_told_by_the_bytes(raw, expected):
    found = detect_format(raw, "x")
    assert (found.name if found else None) == expected


def test_an_epub_is_read_in_spine_order_with_its_page_anchors():
    raw = epub_bytes('<h2>WHIST</h2><p><span class="pagenum" id="page_7">7</span>Four players.</p>'
                     '<div epub:type="pagebreak" id="p8" title="8"/><p>Thirteen cards each.</p>')
    derived = derive_text(raw, "b.epub", None)
    assert derived.format == "epub" and derived.pages == 2
    assert derived.text == "## WHIST\n\n{7}\nFour players.\n\n{8}\nThirteen cards each.\n"
    assert {s.locator.split(" ")[0] for s in derived.source_map} == {"OEBPS/ch"}


@pytest.mark.parametrize("name, raw, message", [
    ("enc.pdf", pdf_bytes(encrypt=True), "encrypted"),
    ("scan.pdf", pdf_bytes(3), "no text layer"),
    ("huge.pdf", pdf_bytes(3_001), "3,001 pages, over the 3,000-page limit"),
    ("cut.pdf", b"%PDF-1.7\n1 0 obj <<", "not a readable PDF"),
    ("drm.epub", epub_bytes("<p>x</p>", {"META-INF/encryption.xml": b'<encryption xmlns="urn:oasis:names:tc:'
                                         b'opendocument:xmlns:container"><EncryptedData xmlns="http://www.w3.org/2001/'
                                         b'04/xmlenc#"><EncryptionMethod Algorithm="http://www.w3.org/2001/04/'
                                         b'xmlenc#aes128-cbc"/></EncryptedData></encryption>'}), "under DRM"),
    ("rights.epub", epub_bytes("<p>x</p>", {"META-INF/rights.xml": b"<rights/>"}), "under DRM"),
    ("cut.epub", epub_bytes("<p>x</p>")[:200], "damaged or truncated"),
    ("bomb.epub", epub_bytes("<p>x</p>", {"OEBPS/zeros.bin": b"\0" * 3_000_000}), "expands"),
    ("old.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100, "old binary Word"),
    ("empty.epub", epub_bytes(""), "holds no text"),
])
def test_a_file_that_cannot_be_read_is_one_clear_error(name, raw, message):
    with pytest.raises(HoyleError) as err:
        derive_text(raw, name, None)
    assert str(err.value).startswith(f"{name}: ") and message in str(err.value)


def test_a_reader_over_its_time_budget_stops_with_a_clear_error():
    raw = epub_bytes("<p>x</p>")
    with pytest.raises(HoyleError, match="took over -1 s"):
        derive_text(raw, "slow.epub", None, ReadBudget("slow.epub", seconds=-1))


def test_add_source_refuses_an_unreadable_file_and_adds_nothing(corpus_factory, tmp_path):
    root = corpus_factory('[[source]]\nid = "a"\nfile = "texts/a.txt"\nlanguage = "en"\ntitle = "A"\n',
                          {"texts/a.txt": "Whist is played by four persons.\n"})
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    bad = tmp_path / "locked.pdf"
    bad.write_bytes(pdf_bytes(encrypt=True))
    result = runner.invoke(app, ["add-source", str(bad), "--lang", "en", "--title", "L", "--corpus", str(root)])
    assert result.exit_code != 0 and "locked.pdf: the PDF is encrypted" in result.output
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_add_source_names_the_copy_by_its_detected_format(corpus_factory, tmp_path):
    root = corpus_factory('[[source]]\nid = "a"\nfile = "texts/a.txt"\nlanguage = "en"\ntitle = "A"\n',
                          {"texts/a.txt": "Whist is played by four persons.\n"})
    page = tmp_path / "saved page.txt"   # a web page saved under the wrong name
    page.write_text(PAGE, encoding="utf-8")
    result = runner.invoke(app, ["add-source", str(page), "--lang", "en", "--title", "D", "--kind", "web",
                                 "--corpus", str(root)])
    assert result.exit_code == 0, result.output
    assert (root / "texts" / "saved-page.html").read_text(encoding="utf-8") == PAGE


def test_add_source_starts_a_new_corpus_in_an_empty_folder(tmp_path):
    page = tmp_path / "durak.html"
    page.write_text(PAGE, encoding="utf-8")
    root = tmp_path / "my-books"
    result = runner.invoke(app, ["add-source", str(page), "--lang", "en", "--title", "Durak", "--corpus", str(root)])
    assert result.exit_code == 0, result.output
    from pipeline.manifest import load_manifest

    assert [e.file for e in load_manifest(root).entries] == ["texts/durak.html"]
