"""An EPUB (2 or 3) to a derived text: its spine's XHTML items in reading order, each read as an
HTML book page (printed page anchors become `{12}` marks), each run mapped to `item element-path`.
Read with zipfile + lxml under the zip budget; entities are never resolved and nothing is
fetched. A book under DRM (encrypted content, a rights file) is refused with a clear line."""

from __future__ import annotations

import posixpath
import urllib.parse
import zipfile

from lxml import etree

from pipeline.errors import HoyleError
from pipeline.ingest.formats.budget import ReadBudget, open_zip, read_member
from pipeline.ingest.formats.builder import TextBuilder
from pipeline.ingest.formats.html import HtmlRenderer, decode_html, mark_paths, parse_html, remove_chrome

_CONTAINER = "META-INF/container.xml"
_FONT_OBFUSCATION = ("http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC")
_XHTML = ("application/xhtml+xml", "text/html")


def _xml(data: bytes, path: str, name: str) -> etree._Element:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        return etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise HoyleError(f"{path}: {name} in the EPUB is not well-formed XML ({exc})",
                         hint="the EPUB is damaged; export it again") from None


def _refuse_drm(archive: zipfile.ZipFile, path: str) -> None:
    names = set(archive.namelist())
    if "META-INF/rights.xml" in names:
        raise HoyleError(f"{path}: the EPUB is under DRM (META-INF/rights.xml)",
                         hint="add a DRM-free copy (a public-domain edition, or the publisher's DRM-free file)")
    if "META-INF/encryption.xml" not in names:
        return
    doc = _xml(read_member(archive, "META-INF/encryption.xml", path, "EPUB"), path, "META-INF/encryption.xml")
    methods = [m.get("Algorithm") for m in doc.iter("{*}EncryptionMethod")]
    if any(method not in _FONT_OBFUSCATION for method in methods):
        raise HoyleError(f"{path}: the EPUB is under DRM (its text is encrypted)",
                         hint="add a DRM-free copy (a public-domain edition, or the publisher's DRM-free file)")


def spine_items(archive: zipfile.ZipFile, path: str) -> list[str]:
    """The archive names of the spine's XHTML items, in reading order."""
    container = _xml(read_member(archive, _CONTAINER, path, "EPUB"), path, _CONTAINER)
    rootfile = next((r.get("full-path") for r in container.iter("{*}rootfile") if r.get("full-path")), None)
    if not rootfile:
        raise HoyleError(f"{path}: {_CONTAINER} names no package file", hint="the EPUB is damaged; export it again")
    package = _xml(read_member(archive, rootfile, path, "EPUB"), path, rootfile)
    base = posixpath.dirname(rootfile)
    manifest = {item.get("id"): item for item in package.iter("{*}item")}
    names = []
    for ref in package.iter("{*}itemref"):
        item = manifest.get(ref.get("idref"))
        if item is None or item.get("media-type") not in _XHTML or "nav" in (item.get("properties") or "").split():
            continue
        href = urllib.parse.unquote(item.get("href") or "")
        names.append(posixpath.normpath(posixpath.join(base, href)))
    return names


def read_epub(raw: bytes, path: str, budget: ReadBudget) -> TextBuilder:
    archive = open_zip(raw, path, "EPUB")
    _refuse_drm(archive, path)
    items = spine_items(archive, path)
    if not items:
        raise HoyleError(f"{path}: the EPUB's spine lists no XHTML content", hint="the EPUB is damaged; export it again")
    out = TextBuilder()
    for name in items:
        budget.check(f"item {name}")
        data = read_member(archive, name, path, "EPUB")
        root = parse_html(decode_html(data, f"{path}:{name}", None), f"{path}:{name}")
        mark_paths(root)
        remove_chrome(root)
        HtmlRenderer(out, budget, item=name).document(root, title=False)
        out.end_block()
    return out
