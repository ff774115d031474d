"""Markup read as markup: in a text written in XML/HTML (DocBook, a saved web page), element tags
are not words. In the normalized view a block tag (<para>, <li>, <p>, <br>, </sect1>) becomes a
paragraph break and an inline tag (<emphasis>, <a href=…>) becomes spaces, character for
character, so every offset still maps to the original bytes. Title and heading elements are
kept: the heading conventions read them (`markup_title`)."""

from __future__ import annotations

import regex

from pipeline.patterns import compile_pattern

PARAGRAPH = "\u2029"   # a paragraph break that is not a line break (lines keep their numbers)
MIN_TAGS = 5           # fewer element tags than this: not a markup text ("<人数>" tags are words)
_TAG = compile_pattern(r"<!--.*?-->|<(/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*)?/?>", regex.DOTALL)
KEEP = frozenset({"title", "h1", "h2", "h3", "h4", "h5", "h6"})
BLOCK = frozenset({"p", "para", "li", "listitem", "br", "div", "tr", "td", "th", "row", "entry", "ul", "ol",
                   "itemizedlist", "orderedlist", "variablelist", "varlistentry", "term", "table", "tbody",
                   "thead", "section", "chapter", "book", "article", "note", "tip", "warning", "sect1",
                   "sect2", "sect3", "sect4", "blockquote", "pre", "dd", "dt", "dl", "body", "head", "html"})


def read_markup(text: str) -> str:
    """`text` with element tags blanked (same length); unchanged when it is not markup."""
    tags = list(_TAG.finditer(text))
    if sum(1 for m in tags if m.group(2)) < MIN_TAGS:
        return text
    out = list(text)
    for m in tags:
        name = (m.group(2) or "").lower()
        if name in KEEP:
            continue
        block = name in BLOCK or (name and name.startswith("sect"))
        for i in range(m.start(), m.end()):
            if out[i] != "\n":  # line breaks stay where they are
                out[i] = " "
        if block and out[m.start()] != "\n":
            out[m.start()] = PARAGRAPH
    return "".join(out)
