"""mkdocs hook: a page whose front matter says `html_only: true` is HTML from end to end (a
reader page: one element per line of a source). Python-Markdown would only hand that HTML back,
after parsing every tag of it, and reader pages are most of the site: their body is kept aside
before conversion and put back as the page's content (the theme and the navigation see the same
page). The `markdown="0"` marks that keep Markdown out of those blocks have no reader here, so
they are dropped.

The search index gets such a page's words too, but not by the search plugin's HTML parser, which
calls Python for every tag and took most of a language's build on the readers' three elements a
line: their text is read with one pass of a pattern, and added to the index the plugin wrote,
one entry a page, as the plugin makes it for a page without sub-headings."""

import html
import json
import os
import re

_KEPT = "hoyle_html_body"
_ENTRIES = "hoyle_search_entries"
_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")
_BLOCK = re.compile(r"</?(?:div|p|li|ul|ol|h\d|tr|td|th|br)\b[^>]*>")


def on_page_markdown(markdown, page, config, files):
    if page.meta.get("html_only"):
        setattr(page, _KEPT, markdown)
        # (indexed below, not by the search plugin)
        page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
        return ""
    return markdown


def on_page_content(html_text, page, config, files):
    body = getattr(page, _KEPT, None)
    if body is None:
        return html_text
    body = body.replace(' markdown="0"', "")
    text = _SPACE.sub(" ", html.unescape(_TAG.sub("", _BLOCK.sub(" ", body)))).strip()
    title = str(page.meta.get("title", page.title))
    entries = config.setdefault(_ENTRIES, [])
    entries.append({"location": page.url, "title": title, "text": text})
    return body


def on_post_build(config):
    entries = config.get(_ENTRIES)
    path = os.path.join(config["site_dir"], "search", "search_index.json")
    if not entries or not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        index = json.load(f)
    index["docs"].extend(entries)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(index, separators=(",", ":"), default=str))
