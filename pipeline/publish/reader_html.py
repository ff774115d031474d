"""The lines of a reader page as HTML, written in Python: one `<div>` per source line. The reader
pages are most of the site's bytes; a Jinja macro cost about three times this loop (see
docs/speed.md). The lines themselves (`source_pages.Line`) hold no UI word, so one section's are
made once and shared by the three UI languages' pages; the words are put in here."""

from __future__ import annotations

from markupsafe import Markup

from pipeline.publish.html import esc, escape, html_id, rel, token


def fact_title(ctx, fact) -> str:
    """A marked fact's tooltip in the page's language: `Players [qualifier] = 4`."""
    qual = f" [{ctx.qualifier(fact.qualifier)}]" if fact.qualifier else ""
    return f"{ctx.label(fact.facet)}{qual} = {ctx.shown(fact.value)}"


def _pieces(ctx, page: str, pieces, compare_word: str) -> str:
    out = []
    for p in pieces:
        if p.kind == "text":
            out.append(str(p.text))
        elif p.kind == "sub":
            out.append(f'<span class="sub-at" id="{token(html_id("s", p.id))}"></span>')
        elif p.kind == "at":
            out.append(f'<span class="fact-at" id="{token(html_id("fact", p.fact.id))}" '
                       f'title="{esc(ctx.label(p.fact.facet))}"></span>')
        else:
            ident = f' id="{token(html_id("fact", p.fact.id))}"' if p.first else ""
            out.append(f'<mark class="fact"{ident} title="{esc(fact_title(ctx, p.fact))}">{esc(p.text)}</mark>'
                       f"{esc(p.tail)}")
            if p.row:
                href = token(rel(page, ctx.game_page(p.fact.game_id), p.row))
                out.append(f'<a class="to-row" href="{href}" title="{compare_word}">↗</a>')
    return "".join(out) or "&nbsp;"


def reader_lines(ctx, page: str, lines, lang: str, link: str | None = None) -> Markup:
    """A column of source lines: line numbers and printed pages drawn by CSS from data-* (not
    text, so search snippets and copied text have none); `link` makes the numbers point to
    another page (an original shown beside its translation) instead of being targets here."""
    # (the UI words are Markup: printed as they are, as the templates print them)
    line_word, page_word, compare_word = escape(ctx.t("line")), escape(ctx.t("page_n")), escape(ctx.t("compare"))
    target = esc(link or "")
    out = [f'<div class="reader" lang="{esc(lang)}" data-source markdown="0">\n']
    for line in lines:
        ident = "" if link else f' id="L{line.n}"'
        out.append(f'<div class="{"line sub" if line.sub else "line"}"{ident}><a class="ln" href="{target}#L{line.n}" '
                   f'data-n="{line.n}" aria-label="{line_word} {line.n}"></a>')
        if line.page is not None:
            out.append(f'<span class="pg" data-p="{page_word} {esc(line.page)}"></span>')
        out.append(f'<span class="tx">{_pieces(ctx, page, line.pieces, compare_word)}</span></div>\n')
    if not lines:
        out.append("\n")
    out.append("</div>\n")
    return Markup("".join(out))
