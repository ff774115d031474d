"""Safe HTML for generated pages: the Jinja2 environment the page templates render in, and the
helpers they use.

Pages are Markdown files whose content is raw HTML blocks, and the text in them comes from the
sources, so it is untrusted. Every `{{ value }}` in a template is escaped by `escape` (the
environment's `finalize`, ahead of Jinja's own autoescape): HTML special characters, and also
braces, brackets, backticks, `*`, `_`, `|` and `\\` as entities, so nothing from a source is ever
interpreted as Markdown, HTML, a link or a template. Only values that are already safe are
`markupsafe.Markup`: what templates and macros render, and the URLs and ids of `href`/`html_id`
(made of slugs and `[A-Za-z0-9_-]` only, checked)."""

from __future__ import annotations

import html
import json
import posixpath

import jinja2
from markupsafe import Markup

from pipeline.patterns import compile_pattern
from pipeline.values import value_text  # noqa: F401  (source_pages imports it from here)

_JAPANESE = compile_pattern(r"[\p{Han}\p{Hiragana}\p{Katakana}]")
_NOT_SLUG = compile_pattern(r"[^a-z0-9]+")

_ZWSP = "\u200b"


def esc(text) -> str:
    """Escape for HTML text and attribute values; also defuse Markdown/Jinja-looking syntax."""
    s = html.escape(str(text), quote=True)
    # Braces, brackets, backticks and emphasis characters as entities: inert everywhere.
    return (s.replace("{", "&#123;").replace("}", "&#125;").replace("[", "&#91;").replace("]", "&#93;")
             .replace("`", "&#96;").replace("*", "&#42;").replace("_", "&#95;").replace("|", "&#124;")
             .replace("\\", "&#92;"))


def escape(value) -> Markup:
    """What a template prints for `{{ value }}`: safe HTML as is, anything else through `esc`."""
    if hasattr(value, "__html__"):
        return Markup(value.__html__())
    return Markup(esc(value))


_TOKEN = compile_pattern(r"[A-Za-z0-9_./#-]*")


def token(text: str) -> Markup:
    """A URL or id built from slugs and html_ids, which needs no escaping; escaped if it has
    anything else."""
    return Markup(text) if _TOKEN.fullmatch(text) else escape(text)


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
    return _NOT_SLUG.sub("-", text.lower()).strip("-") or "x"


_NOT_ID = compile_pattern(r"[^A-Za-z0-9_-]")


def html_id(prefix: str, raw: str) -> str:
    return prefix + "-" + _NOT_ID.sub("-", raw)


def segment_japanese(text: str, tokenizer) -> str:
    """Insert U+200B between words (Sudachi) so the site search can find Japanese words."""
    if tokenizer is None or not _JAPANESE.search(text):
        return text
    return _ZWSP.join(tokenizer(text))


# the source's own markup on a reader line: an XML/HTML tag, a Gutenberg-style =bold= run
_MARKUP = compile_pattern(r"(?P<tag></?[A-Za-z][\w:.-]{0,30}(?:\s[^<>\n]{0,200})?/?>)"
                          r"|(?<![\w=])=(?P<bold>[^=\s][^=\n]{0,120}?)=(?![\w=])")


def source_markup(text: str, tokenizer) -> Markup:
    """A reader line's text with the source's markup shown for what it is: a tag dimmed, a
    `=bold=` run in bold with its signs dimmed. Every character stays (a quote cites them); only
    how they look changes."""
    out, pos = [], 0
    for m in _MARKUP.finditer(text):
        out.append(escape(segment_japanese(text[pos:m.start()], tokenizer)))
        if m.group("tag"):
            out.append(Markup('<span class="mk">') + escape(m.group("tag")) + Markup("</span>"))
        else:
            out.append(Markup('<span class="mk">=</span><strong>') + escape(segment_japanese(m.group("bold"), tokenizer))
                       + Markup('</strong><span class="mk">=</span>'))
        pos = m.end()
    out.append(escape(segment_japanese(text[pos:], tokenizer)))
    return Markup("").join(out)


def row_fragment(facet: str, qualifier: str | None) -> str:
    """The id of a comparison row on its game page."""
    return html_id("row", f"{facet}-{qualifier or ''}")


def join(items, separator: str = "") -> Markup:
    """The `join` filter: every item (and the separator) escaped like `{{ value }}` unless it is
    already safe, so text and Markup can be joined."""
    return Markup(escape(separator).join(escape(x) for x in items))


def nonblank(inner) -> Markup:
    """A raw HTML block's content without blank lines, so Markdown leaves the block alone."""
    inner = escape(inner)
    return Markup("\n".join(line for line in str(inner).split("\n") if line.strip()))


_TITLE_UNSAFE = str.maketrans({"<": "‹", ">": "›", "&": "＆", '"': "”", "{": "｛", "}": "｝", "\n": " "})


def front_matter_title(title) -> Markup:
    """The title as a YAML (JSON) string for the front matter, safe even where the theme prints
    it unescaped (the HTML <title>, the navigation)."""
    safe = str(title).translate(_TITLE_UNSAFE).strip() or "untitled"
    return Markup(json.dumps(safe, ensure_ascii=False))


@jinja2.pass_context
def shown_value(context, value) -> str:
    """The templates' `value_text`: a value in the page's language (its rank letters)."""
    ctx = context.get("ctx")
    return ctx.shown(value) if ctx is not None else value_text(value)


def make_environment() -> jinja2.Environment:
    """The template environment of one publish run."""
    from pipeline.publish import reader_html  # (it builds on this module's escaping)

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("pipeline.publish", "templates"),
        autoescape=True,
        finalize=escape,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        auto_reload=False,
    )
    # `join` replaces Jinja's, which escapes text joined to Markup with plain HTML escaping
    env.filters.update(join=join, nonblank=nonblank, front_matter_title=front_matter_title, value_text=shown_value)
    env.globals.update(
        href=lambda from_page, to_page, fragment="": token(rel(from_page, to_page, fragment)),
        html_id=lambda prefix, raw: token(html_id(prefix, raw)),
        row_id=lambda facet, qualifier: token(row_fragment(facet, qualifier)),
        line_id=lambda n: token(f"L{int(n)}"),
        code=lambda text: Markup("<code>") + escape(text) + Markup("</code>"),
        reader_lines=reader_html.reader_lines,
    )
    return env
