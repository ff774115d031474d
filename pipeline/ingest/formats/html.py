"""HTML (a saved web page, a Gutenberg HTML edition, one EPUB item) to a derived text: the
page's main content only, its blocks as lines and paragraphs, headings as `# ` lines, printed
page anchors as `{12}` marks, each run of text mapped to its element path.

What is not content is decided by the markup, never by the words (so it holds in any language):
scripts and forms; `nav`, `aside`, `footer` and a `header` outside the article; ARIA landmarks
other than main; hidden elements; elements whose class or id names navigation, menus, cookie
banners, share bars or skip links; and link lists (a block that is mostly link text). Measured
against trafilatura on real saved pages in bench/formats.py."""

from __future__ import annotations

import codecs

import regex
from lxml import etree, html

from pipeline.errors import HoyleError
from pipeline.ingest.formats.budget import ReadBudget
from pipeline.ingest.formats.builder import TextBuilder
from pipeline.patterns import compile_pattern

_DROP_TAGS = frozenset({"script", "style", "noscript", "template", "svg", "iframe", "form", "button", "select",
                        "input", "textarea", "nav", "aside", "footer", "object", "embed", "canvas", "video",
                        "audio", "map", "menu", "dialog"})
_DROP_ROLES = frozenset({"navigation", "banner", "contentinfo", "search", "complementary", "menu", "menubar",
                         "dialog", "alertdialog", "toolbar"})
# class/id words of page chrome (whole tokens, or parts of a token split at - and _)
_CHROME_TOKENS = frozenset({"sr-only", "screen-reader-text", "visually-hidden", "visuallyhidden", "skip-link",
                            "skiplink", "skip-to-content", "skip"})
_CHROME_WORDS = frozenset({"nav", "navbar", "navigation", "menu", "menubar", "breadcrumb", "breadcrumbs",
                           "footer", "sidebar", "cookie", "cookies", "consent", "gdpr", "share", "sharing",
                           "social", "advert", "advertisement", "ads", "pagination", "pager", "toolbar",
                           "widget", "masthead", "topbar"})
_HEADING = {f"h{n}": n for n in range(1, 7)}
_PARAGRAPH_BLOCKS = frozenset({"p", "pre", "blockquote", "table", "ul", "ol", "dl", "section", "article",
                               "figure", "main", "header", "hgroup", "center"})
_LINE_BLOCKS = frozenset({"div", "li", "tr", "dt", "dd", "caption", "figcaption", "address", "br", "hr",
                          "body", "details", "summary", "legend", "fieldset", "td", "th"})
_BREAKS = frozenset({"br", "hr"}) | _PARAGRAPH_BLOCKS | _LINE_BLOCKS
_PAGE_ID = compile_pattern(r"^(?:page|pg|p)[_\-.:]?(\d{1,4}|[ivxlcdm]{1,8})$", regex.IGNORECASE)
_PAGE_CLASS = frozenset({"pagenum", "page-number", "pagenumber", "pagebreak", "page-break", "pb"})
_SPACES = compile_pattern(r"\s+")
_TOKEN_PARTS = compile_pattern(r"[-_]")
_NUMBER = compile_pattern(r"(\d{1,4})")
_CJK = r"[\p{Han}\p{Hiragana}\p{Katakana}\u3000-\u303f\uff00-\uffef]"
_CJK_BREAK = compile_pattern(rf"(?<={_CJK})[ \t\r]*\n\s*(?={_CJK})")   # a line break inside Japanese is no space
_CHARSET = compile_pattern(r"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_\-:]+)"""
                           r"""|<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9_\-:]+)""", regex.IGNORECASE)
_XML_DECL = compile_pattern(r"^\s*<\?xml[^>]*\?>")
PATH_ATTR = "data-hoyle-source-path"
LINK_SHARE = 0.7   # a block whose text is mostly inside links is a link list (menus, "see also", tags)


def decode_html(raw: bytes, path: str, encoding: str | None) -> str:
    """The page's characters: the declared encoding, a byte-order mark, the page's own
    `<meta charset>`, else UTF-8."""
    name = encoding
    if name is None and raw.startswith(codecs.BOM_UTF8):
        name = "utf-8-sig"
    if name is None:
        found = _CHARSET.search(raw[:4096].decode("latin-1"))
        name = (found.group(1) or found.group(2)) if found else "utf-8"
    try:
        return raw.decode(name)
    except LookupError:
        raise HoyleError(f"{path}: the page declares an unknown charset {name!r}",
                         hint='declare the right one:  encoding = "..."  in its [[source]]') from None
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise HoyleError(f"{path}:{line}: not valid {name} (byte {exc.start})",
                         hint='declare the page\'s encoding:  encoding = "..."  in its [[source]]') from None


def parse_html(text: str, path: str) -> etree._Element:
    try:
        root = html.document_fromstring(_XML_DECL.sub("", text, count=1) or "<html></html>")
    except (etree.ParserError, ValueError) as exc:
        raise HoyleError(f"{path}: not readable as HTML ({exc})", hint="save the page again as HTML") from None
    return root


def _words(value: str | None) -> set[str]:
    tokens = (value or "").lower().split()
    return set(tokens) | {part for t in tokens for part in _TOKEN_PARTS.split(t) if part}


def _is_chrome(el: etree._Element, inside_article: bool) -> bool:
    tag = el.tag if isinstance(el.tag, str) else ""
    if tag in _DROP_TAGS or el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return True
    if tag == "header" and not inside_article:
        return True
    if (el.get("role") or "").lower() in _DROP_ROLES:
        return True
    if "display:none" in (el.get("style") or "").replace(" ", "").lower():
        return True
    names = _words(el.get("class")) | _words(el.get("id"))
    return bool(names & _CHROME_TOKENS or names & _CHROME_WORDS)


def _text_length(el: etree._Element) -> int:
    return len(_SPACES.sub("", el.text_content() or ""))


def _link_share(el: etree._Element, length: int) -> float:
    links = el.findall(".//a")
    if len(links) < 2 or not length:
        return 0.0
    return sum(_text_length(a) for a in links) / length


def mark_paths(root: etree._Element) -> None:
    """Each element's path in the file as parsed, kept on it before chrome is removed (removing
    an element renumbers its later siblings: a locator must name the file's element)."""
    tree = root.getroottree()
    for el in root.iter():
        if isinstance(el.tag, str):
            el.set(PATH_ATTR, tree.getpath(el))


def remove_chrome(root: etree._Element) -> None:
    """Drop page chrome in place. An element holding most of the page's text is never dropped
    for its class name (a `<body class="has-sidebar">` is the page), only for what it is."""
    body = root.find("body")
    total = _text_length(body) if body is not None else 0
    doomed = []
    for el in root.iter():
        if not isinstance(el.tag, str) or el.tag in ("html", "body", "head", "title"):
            continue
        inside_article = any(a.tag in ("article", "main") for a in el.iterancestors())
        if _is_chrome(el, inside_article):
            if el.tag in _DROP_TAGS or el.tag == "header" or _text_length(el) < 0.4 * max(total, 1):
                doomed.append(el)
            continue
        if el.tag in ("ul", "ol", "div", "p", "table", "section", "dl", "td"):
            length = _text_length(el)
            if length < 2000 and _link_share(el, length) > LINK_SHARE:
                doomed.append(el)
    doomed += _links_before_title(root)
    for el in doomed:
        if el.getparent() is not None:
            _drop_keep_tail(el)


def _links_before_title(root: etree._Element) -> list[etree._Element]:
    """Links standing alone before the page's first `<h1>` ("Home", a breadcrumb, "« Back"):
    navigation, though no class says so. A link inside a sentence is kept."""
    first = root.find(".//body//h1")
    if first is None:
        return []
    lone = []
    for link in first.xpath("preceding::a"):
        parent = link.getparent()
        own = _text_length(parent) - sum(_text_length(a) for a in parent.findall(".//a"))
        if own == 0 or _alone_on_its_line(link):
            lone.append(link)
    return lone


def _drop_keep_tail(el: etree._Element) -> None:
    """Remove an element; the text after it (its tail) stays in the page."""
    parent, tail = el.getparent(), el.tail
    previous = el.getprevious()
    if tail:
        if previous is not None:
            previous.tail = (previous.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)


def _alone_on_its_line(el: etree._Element) -> bool:
    """Nothing but space between the element and the line breaks (or blocks) around it."""
    prev, nxt, parent = el.getprevious(), el.getnext(), el.getparent()
    before = prev.tail if prev is not None else parent.text
    breaks = _BREAKS | set(_HEADING)
    return (not (before or "").strip() and not (el.tail or "").strip()
            and (prev is None or prev.tag in breaks) and (nxt is None or nxt.tag in breaks))


def main_content(root: etree._Element) -> etree._Element:
    """The page's main element when it marks one (`<main>`, role=main, or the one `<article>`
    that holds most of the text), else the body."""
    body = root.find("body")
    body = body if body is not None else root
    for candidates in (root.findall(".//main"), root.xpath(".//*[@role='main']"), root.findall(".//article")):
        if len(candidates) == 1 and _text_length(candidates[0]) >= 0.5 * _text_length(body):
            return candidates[0]
    return body


def page_label(el: etree._Element) -> str | None:
    """The printed page an element marks (a Gutenberg `<span class="pagenum"><a id="Page_12">`,
    an EPUB `epub:type="pagebreak"`), or None."""
    names = _words(el.get("class"))
    kind = (el.get("{http://www.idpf.org/2007/ops}type") or el.get("epub:type") or el.get("role") or "").lower()
    ids = [el.get("id"), el.get("name")] + [a.get("id") or a.get("name") for a in el.findall(".//a")]
    if not (names & _PAGE_CLASS or "pagebreak" in kind):
        if not any(v and _PAGE_ID.match(v) for v in ids) or _text_length(el) > 12:
            return None
    for value in ids + [el.get("title"), el.get("aria-label"), el.text_content()]:
        if not value:
            continue
        found = _PAGE_ID.match(value.strip()) or _NUMBER.search(value)
        if found:
            label = found.group(1).lower()
            return str(int(label)) if label.isdigit() else label   # "Page_033" is page 33
    return None


def _leading_page_marks(el: etree._Element) -> list[etree._Element]:
    """Page-mark elements at the very start of `el` (`<h1><a id="Page_i"></a><span
    class="pagenum">…</span>THE LAWS…`), before any of its words."""
    if (el.text or "").strip():
        return []
    marks = []
    for child in el:
        if not isinstance(child.tag, str) or page_label(child) is None or _text_length(child) > 12:
            break
        marks.append(child)
        if (child.tail or "").strip():
            break
    return marks


class HtmlRenderer:
    """Writes one HTML tree into a `TextBuilder`; `item` prefixes each locator (an EPUB item)."""

    def __init__(self, out: TextBuilder, budget: ReadBudget, item: str = "") -> None:
        self.out, self.budget, self.item = out, budget, item
        self._seen = 0

    def document(self, root: etree._Element, *, title: bool = True) -> None:
        self.tree = root.getroottree()
        content = main_content(root)
        if title and not content.xpath(".//h1"):
            for el in root.findall("head/title"):
                self._block_heading(el, 1)
        self._children(content, pre=False)

    def _locator(self, el: etree._Element, tail: bool) -> str:
        where = (el.get(PATH_ATTR) or self.tree.getpath(el)) + ("/tail" if tail else "")
        return f"{self.item} {where}" if self.item else where

    def _inline(self, value: str | None, el: etree._Element, tail: bool, pre: bool) -> None:
        if not value:
            return
        locator = self._locator(el, tail)
        if pre:
            for k, line in enumerate(value.split("\n")):
                if k:
                    self.out.end_line()
                self.out.text(line.rstrip(), locator)
            return
        if value[:1].isspace():
            self.out.space()
        words = _SPACES.sub(" ", _CJK_BREAK.sub("", value)).strip()
        self.out.text(words, locator)
        if value[-1:].isspace() and words:
            self.out.space()

    def _children(self, el: etree._Element, pre: bool) -> None:
        self._inline(el.text, el, False, pre)
        for child in el:
            self._element(child, pre)
            self._inline(child.tail, child, True, pre)

    def _block_heading(self, el: etree._Element, level: int) -> None:
        self.out.end_block()
        for mark in _leading_page_marks(el):   # a page that turns at the heading: mark it first
            self.out.page(page_label(mark))
            _drop_keep_tail(mark)
        self.out.mark("#" * level + " ")
        self._children(el, pre=False)
        self.out.end_block()

    def _element(self, el: etree._Element, pre: bool) -> None:
        if not isinstance(el.tag, str):   # comments, processing instructions
            return
        self._seen += 1
        if self._seen % 2000 == 0:
            self.budget.check(f"element {self.tree.getpath(el)}")
        label = page_label(el)
        if label is not None:
            self.out.page(label)
            if _text_length(el) <= 12:   # its own text is the page number ("[Pg 12]"), not words
                return
        tag = el.tag.lower()
        if tag in _HEADING:
            self._block_heading(el, _HEADING[tag])
        elif tag in ("br", "hr"):
            self.out.end_line()
        elif tag in ("td", "th"):
            if el.getprevious() is not None:
                self.out.mark(" | ")
            self._children(el, pre)
        elif tag == "li":
            self.out.end_line()
            parent = el.getparent()
            ordered = parent is not None and parent.tag == "ol"
            self.out.mark(f"{parent.index(el) + 1}. " if ordered else "- ")
            self._children(el, pre)
            self.out.end_line()
        elif tag in _PARAGRAPH_BLOCKS or tag in _LINE_BLOCKS:
            close = self.out.end_block if tag in _PARAGRAPH_BLOCKS else self.out.end_line
            close()
            self._children(el, pre or tag == "pre")
            close()
        else:
            self._children(el, pre)


def read_html(raw: bytes, path: str, encoding: str | None, budget: ReadBudget) -> TextBuilder:
    """A saved web page or an HTML book: its main content, chrome removed."""
    root = parse_html(decode_html(raw, path, encoding), path)
    mark_paths(root)
    remove_chrome(root)
    out = TextBuilder()
    HtmlRenderer(out, budget).document(root)
    return out
