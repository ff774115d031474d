"""Source pages (bibliographic data and table of contents) and reader pages: the original text
of each top-level section with line anchors (#L123), printed pages in the margin, and every
extracted fact highlighted and linked to its game's comparison row."""

from __future__ import annotations

from pipeline.publish.context import SiteContext
from pipeline.publish.html import block, esc, page_head, html_id, rel, segment_japanese, value_text


def sources_index(ctx: SiteContext) -> str:
    page = "sources/index.md"
    rows = []
    for s in ctx.result.sources:
        pages = ", ".join(f"{r.first}–{r.last}" for r in s.page_ranges) or "—"
        rows.append(f'<tr><td><a href="{rel(page, ctx.source_page(s.id))}">{esc(s.id)}</a></td>'
                    f'<td>{esc(s.title)}</td><td>{s.year or ""}</td><td>{esc(s.language)}</td>'
                    f'<td>{"yes" if s.machine_translated else "no"}</td><td>{esc(s.kind)}</td><td>{esc(pages)}</td></tr>')
    return page_head("Sources") + block("<table><thead><tr><th>id</th><th>title</th><th>year</th><th>language</th>"
                                   "<th>machine-translated</th><th>kind</th><th>printed pages</th></tr></thead><tbody>"
                                   + "".join(rows) + "</tbody></table>")


def source_page(ctx: SiteContext, source) -> str:
    page = ctx.source_page(source.id)
    bib = [("title", source.title), ("year", source.year), ("edition", source.edition), ("language", source.language),
           ("kind", source.kind), ("machine-translated", "yes" if source.machine_translated else "no"),
           ("what it is", source.origin), ("notes", source.notes), ("file", source.file),
           ("sha256", source.sha256), ("size", f"{source.chars:,} characters, {source.lines:,} lines")]
    out = [page_head(source.title),
           block("<dl>" + "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in bib if v not in (None, ""))
                 + "</dl>"), "## Contents\n\n"]
    items = []
    secs = ctx.result.sections[source.id]
    for s in secs:
        if s.level != 0:
            continue
        subs = [x for x in secs if x.parent_id == s.id and x.level == 1]
        game = f' <span class="game">→ <a href="{rel(page, ctx.game_page(s.game_id))}">{esc(ctx.game_name(s.game_id))}</a></span>' \
            if s.game_id and s.kind in ("game", "variant") else ""
        sub = ""
        if subs:
            sub = "<ul>" + "".join(
                f'<li><a href="{rel(page, ctx.section_page[x.id], html_id("s", x.id))}">{esc(x.title or x.kind)}</a></li>'
                for x in subs[:60]) + ("<li>…</li>" if len(subs) > 60 else "") + "</ul>"
        items.append(f'<li><span class="kind">{esc(s.kind)}</span> <a href="{rel(page, ctx.section_page[s.id])}">'
                     f'{esc(s.title or "(untitled)")}</a> <span class="where">L{s.start_line}'
                     + (f", p. {esc(s.page)}" if s.page else "") + f"</span>{game}{sub}</li>")
    out.append(block('<ul class="toc">' + "".join(items) + "</ul>"))
    return "".join(out)


def _line_html(ctx, page, doc, n, ls, le, facts, markers, subs, comp_rows) -> str:
    """One line of the reader: line number, printed page, text with facts marked and targets
    for the sub-sections and facts that start on it."""
    text = doc.text
    events = sorted([(f.anchor.start, 1, f) for f in facts] + [(x.anchor.start, 0, x) for x in subs],
                    key=lambda e: (max(e[0], ls), e[1], -(e[2].anchor.end)))
    pieces = []
    pos = ls
    for start, kind, obj in events:
        if kind == 0:  # a sub-section starts here: a target, text unchanged
            at = max(start, pos)
            pieces.append(esc(segment_japanese(text[pos:at], ctx.tokenizer)))
            pieces.append(f'<span class="sub-at" id="{html_id("s", obj.id)}"></span>')
            pos = at
            continue
        f = obj
        s, e = max(f.anchor.start, ls), min(f.anchor.end, le)
        if s < pos and f.anchor.start >= ls:
            # overlaps a fact already marked: keep a target for its links at this point
            pieces.append(f'<span class="fact-at" id="{html_id("fact", f.id)}" title="{esc(f.facet)}"></span>')
            continue
        if s < pos or s >= e:
            continue
        pieces.append(esc(segment_japanese(text[pos:s], ctx.tokenizer)))
        row = comp_rows.get((f.game_id, f.facet, f.qualifier))
        title = f"{f.facet}" + (f" [{f.qualifier}]" if f.qualifier else "") + f" = {value_text(f.value)}"
        first = s == f.anchor.start
        ident = f' id="{html_id("fact", f.id)}"' if first else ""
        link = (f'<a class="to-row" href="{rel(page, ctx.game_page(f.game_id), row)}" title="compare">↗</a>'
                if row and first else "")
        pieces.append(f'<mark class="fact"{ident} title="{esc(title)}">{esc(text[s:e])}</mark>{link}')
        pos = e
    pieces.append(esc(segment_japanese(text[pos:le], ctx.tokenizer)))
    on_line = [m for m in markers if ls <= m.start < le]
    pg = f'<span class="pg">p. {esc(on_line[0].label)}</span>' if on_line else ""
    cls = "line sub" if any(x.anchor.start == ls for x in subs) else "line"
    return (f'<div class="{cls}" id="L{n}"><a class="ln" href="#L{n}">{n}</a>{pg}'
            f'<span class="tx">{"".join(pieces) or "&nbsp;"}</span></div>')


def reader_page(ctx: SiteContext, section) -> str:
    page = ctx.section_page[section.id]
    doc = ctx.result.documents[section.source_id]
    src = ctx.sources_by_id[section.source_id]
    facts = sorted((f for f in ctx.result.facts.get(section.source_id, [])
                    if section.anchor.start <= f.anchor.start < section.anchor.end),
                   key=lambda f: (f.anchor.start, -f.anchor.end))
    comp_rows = {}
    for c in ctx.result.comparisons:
        for r in c.rows:
            comp_rows[(c.game_id, r.facet, r.qualifier)] = html_id("row", f"{r.facet}-{r.qualifier or ''}")
    subs = [s for s in ctx.result.sections[section.source_id] if s.parent_id == section.id and s.level == 1]
    markers = doc.page_markers
    title = section.title or f"{section.kind} at line {section.start_line}"
    head = [f'<p class="crumbs"><a href="{rel(page, ctx.source_page(src.id))}">{esc(ctx.source_label(src.id))}</a>'
            f" · lines {section.start_line}–{section.end_line}" + (f" · p. {esc(section.page)}" if section.page else "")]
    if section.game_id:
        head.append(f' · <a href="{rel(page, ctx.game_page(section.game_id))}">{esc(ctx.game_name(section.game_id))}</a>')
    head.append("</p>")
    lines = []
    for n in range(section.start_line, section.end_line + 1):
        ls = doc.line_starts[n - 1]
        le = doc.line_starts[n] - 1 if n < len(doc.line_starts) else len(doc.text)
        ls, le = max(ls, section.anchor.start), min(le, section.anchor.end)
        if ls > le:
            continue
        lines.append(_line_html(ctx, page, doc, n, ls, le,
                                [f for f in facts if f.anchor.start < le + 1 and f.anchor.end > ls],
                                markers, [x for x in subs if ls <= x.anchor.start <= le], comp_rows))
    lang = f' lang="{src.language}"'
    return (page_head(title) + block("".join(head)) +
            f'<div class="reader"{lang} markdown="0">\n' + "\n".join(lines) + "\n</div>\n")
