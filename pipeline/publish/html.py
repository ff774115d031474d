"""Safe HTML for generated pages: every string taken from a source is escaped here.

Pages are Markdown files whose content is raw HTML blocks, so nothing from a source is ever
interpreted as Markdown, HTML, a link or a template."""

from __future__ import annotations

import html
import posixpath

import regex

_ZWSP = "\u200b"


def esc(text) -> str:
    """Escape for HTML text and attribute values; also defuse Markdown/Jinja-looking syntax."""
    s = html.escape(str(text), quote=True)
    # Braces, brackets, backticks and emphasis characters as entities: inert everywhere.
    return (s.replace("{", "&#123;").replace("}", "&#125;").replace("[", "&#91;").replace("]", "&#93;")
             .replace("`", "&#96;").replace("*", "&#42;").replace("_", "&#95;").replace("|", "&#124;")
             .replace("\\", "&#92;"))


def url_of(page: str) -> str:
    """Site URL (directory style) of a docs page path: games/piquet.md -> games/piquet/."""
    if page == "index.md":
        return ""
    if page.endswith("/index.md"):
        return page[: -len("index.md")]
    return page[: -len(".md")] + "/"


def rel(from_page: str, to_page: str, fragment: str = "") -> str:
    """Relative link from one docs page to another (directory URLs), with an optional #fragment."""
    src = url_of(from_page) or "./"
    dst = url_of(to_page)
    base = posixpath.relpath("/" + dst, "/" + src) if dst else posixpath.relpath("/", "/" + src)
    if not base.endswith("/"):
        base += "/"
    if base == "./":
        base = "./"
    return base + (f"#{fragment}" if fragment else "")


def slug(text: str) -> str:
    return regex.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def html_id(prefix: str, raw: str) -> str:
    return prefix + "-" + regex.sub(r"[^A-Za-z0-9_-]", "-", raw)


def segment_japanese(text: str, tokenizer) -> str:
    """Insert U+200B between words (Sudachi) so the site search can find Japanese words."""
    if tokenizer is None or not regex.search(r"[\p{Han}\p{Hiragana}\p{Katakana}]", text):
        return text
    return _ZWSP.join(tokenizer(text))


def value_text(value) -> str:
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    if isinstance(value, dict) and set(value) == {"min", "max"}:
        return str(value["min"]) if value["min"] == value["max"] else f"{value['min']}–{value['max']}"
    if isinstance(value, list):
        return " ".join(map(str, value))
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)


def block(inner: str, cls: str = "hc") -> str:
    """A raw HTML block (no blank lines inside, so Markdown leaves it alone)."""
    inner = "\n".join(line for line in inner.split("\n") if line.strip())
    return f'<div class="{cls}" markdown="0">\n{inner}\n</div>\n\n'


_TITLE_UNSAFE = str.maketrans({"<": "‹", ">": "›", "&": "＆", '"': "”", "{": "｛", "}": "｝", "\n": " "})


def page_head(title: str) -> str:
    """Front matter with a title that is safe even where the theme prints it unescaped (the
    HTML <title>, the navigation), then the exact title, escaped, as the page's heading."""
    import json

    safe = str(title).translate(_TITLE_UNSAFE).strip() or "untitled"
    return f"---\ntitle: {json.dumps(safe, ensure_ascii=False)}\n---\n\n" + block(f"<h1>{esc(title)}</h1>", "hc head")
