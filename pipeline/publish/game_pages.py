"""The games index (by family) and one page per game: names, sources, the comparison matrix
(every value linked to its quote), variants and what they change, topic-aligned passages."""

from __future__ import annotations

from collections import defaultdict

from pipeline.publish.context import SiteContext
from pipeline.publish.html import block, esc, page_head, html_id, rel, value_text


def games_index(ctx: SiteContext) -> str:
    page = "games/index.md"
    kn = ctx.result.knowledge
    comps = {c.game_id for c in ctx.result.comparisons}
    by_family = defaultdict(list)
    for g in kn.games:
        by_family[g.family].append(g)
    out = [page_head("Games"), "Games by family, with their names in English, Japanese and Russian and the number "
           "of sources that describe each.\n\n"]
    for family in sorted(by_family):
        rows = []
        for g in sorted(by_family[family], key=lambda g: g.names.en.lower()):
            n = len({s.source_id for s in ctx.described.get(g.id, [])})
            mark = " ⇄" if g.id in comps else ""
            rows.append(f'<tr><td><a href="{rel(page, ctx.game_page(g.id))}">{esc(g.names.en)}</a>{mark}</td>'
                        f'<td lang="ja">{esc(g.names.ja or "")}</td><td lang="ru">{esc(g.names.ru or "")}</td>'
                        f'<td>{n}</td><td>{esc(ctx.game_name(g.parent)) if g.parent else ""}</td></tr>')
        out.append(f"## {esc(family)}\n\n")
        out.append(block('<table class="games"><thead><tr><th>English</th><th>日本語</th><th>Русский</th>'
                         '<th>sources</th><th>variant of</th></tr></thead><tbody>' + "".join(rows) +
                         "</tbody></table>"))
    return "".join(out)


def _matrix(ctx: SiteContext, page: str, comp) -> str:
    head = "".join(f'<th><a href="{rel(page, ctx.source_page(s))}">{esc(ctx.source_label(s))}</a></th>'
                   for s in comp.sources)
    rows = []
    for r in comp.rows:
        rid = html_id("row", f"{r.facet}-{r.qualifier or ''}")
        cells = []
        for s in comp.sources:
            items = ctx.value_links(page, r.cells.get(s, []))
            cells.append(f"<td>{'<br>'.join(items)}</td>")
        label = esc(r.facet) + (f' <span class="qual">[{esc(r.qualifier)}]</span>' if r.qualifier else "")
        badge = {"differ": "≠ differ", "agree": "= agree", "single": "· single"}[r.status]
        rows.append(f'<tr id="{rid}" class="status-{r.status}"><th scope="row">{label}</th>'
                    f'<td class="status">{badge}</td>{"".join(cells)}</tr>')
    return ('<table class="comparison"><thead><tr><th>facet</th><th>status</th>' + head + "</tr></thead><tbody>" +
            "".join(rows) + "</tbody></table>")


def game_page(ctx: SiteContext, game) -> str:
    page = ctx.game_page(game.id)
    kn = ctx.result.knowledge
    comp = next((c for c in ctx.result.comparisons if c.game_id == game.id), None)
    out = [page_head(game.names.en)]
    names = [f"<dt>English</dt><dd>{esc(game.names.en)}</dd>",
             f'<dt>日本語</dt><dd lang="ja">{esc(game.names.ja or "—")}</dd>',
             f'<dt>Русский</dt><dd lang="ru">{esc(game.names.ru or "—")}</dd>',
             f"<dt>family</dt><dd>{esc(game.family)}</dd>"]
    if game.aliases:
        names.append(f"<dt>also called</dt><dd>{esc(', '.join(game.aliases))}</dd>")
    if game.parent:
        names.append(f'<dt>variant of</dt><dd><a href="{rel(page, ctx.game_page(game.parent))}">'
                     f"{esc(ctx.game_name(game.parent))}</a></dd>")
    out.append(block('<dl class="names">' + "".join(names) + "</dl>"))
    secs = ctx.described.get(game.id, [])
    out.append("## Sources\n\n")
    if secs:
        items = []
        for s in sorted(secs, key=lambda s: ([x.id for x in ctx.result.sources].index(s.source_id), s.start_line)):
            tpage, frag = ctx.section_target(s)
            items.append(f'<li><a href="{rel(page, tpage, frag)}">{esc(ctx.source_label(s.source_id))}, '
                         f'line {s.start_line}' + (f", p. {esc(s.page)}" if s.page else "") +
                         f'</a> — <span class="title">{esc(s.title or "(heading lost; recovered)")}</span></li>')
        out.append(block("<ul>" + "".join(items) + "</ul>"))
    else:
        out.append(block("<p>No source in the corpus has a section on this game.</p>"))
    out.append("## Comparison\n\n")
    if comp and comp.rows:
        out.append(block('<p class="legend"><span class="status-differ">≠ differ</span> the sources state different '
                         'values · <span class="status-agree">= agree</span> · <span class="status-single">· single'
                         '</span> one source. Sources run oldest to newest; every value links to the exact line.</p>'))
        out.append(block(_matrix(ctx, page, comp), "hc matrix"))
    else:
        out.append(block("<p>No rule facts were extracted for this game yet.</p>"))
    variants = [g for g in kn.games if g.parent == game.id]
    if variants or (comp and comp.changes_from_parent):
        out.append("## Variants\n\n")
    if comp and comp.changes_from_parent:
        rows = "".join(f"<tr><td>{esc(ch.facet)}</td><td>{esc('; '.join(value_text(v) for v in ch.parent_values))}"
                       f"</td><td>{esc('; '.join(value_text(v) for v in ch.variant_values))}</td></tr>"
                       for ch in comp.changes_from_parent)
        out.append(block(f"<p>What this variant changes from {esc(ctx.game_name(game.parent))}:</p>"
                         "<table><thead><tr><th>facet</th><th>parent</th><th>this variant</th></tr></thead>"
                         f"<tbody>{rows}</tbody></table>"))
    if variants:
        items = []
        for v in sorted(variants, key=lambda g: g.names.en):
            vc = next((c for c in ctx.result.comparisons if c.game_id == v.id), None)
            changes = ", ".join(ch.facet for ch in (vc.changes_from_parent if vc else []))
            items.append(f'<li><a href="{rel(page, ctx.game_page(v.id))}">{esc(v.names.en)}</a>'
                         + (f" — changes: {esc(changes)}" if changes else "") + "</li>")
        out.append(block("<ul>" + "".join(items) + "</ul>"))
    topics = [t for t in ctx.result.topics if t.game_id == game.id]
    if topics:
        out.append("## Side by side by topic\n\n")
        srcs = [s.id for s in ctx.result.sources if any(t.source_id == s.id for t in topics)]
        by = defaultdict(list)
        for t in topics:
            by[(t.topic, t.source_id)].append(t)
        rows = []
        for topic in sorted({t.topic for t in topics}):
            cells = []
            for sid in srcs:
                links = []
                for t in by.get((topic, sid), []):
                    sec_page = ctx.section_page[t.section_id]
                    links.append(f'<a href="{rel(page, sec_page, html_id("s", t.section_id))}">{esc(t.title)}</a>')
                cells.append(f"<td>{'<br>'.join(links)}</td>")
            rows.append(f"<tr><th>{esc(topic.replace('_', ' '))}</th>{''.join(cells)}</tr>")
        out.append(block("<table><thead><tr><th>topic</th>" +
                         "".join(f"<th>{esc(ctx.source_label(s))}</th>" for s in srcs) + "</tr></thead><tbody>" +
                         "".join(rows) + "</tbody></table>"))
    related = [g for g in kn.games if g.family == game.family and g.id != game.id and not g.parent][:30]
    if related:
        out.append("## Related games\n\n")
        out.append(block('<p class="related">' + " · ".join(
            f'<a href="{rel(page, ctx.game_page(g.id))}">{esc(g.names.en)}</a>' for g in
            sorted(related, key=lambda g: g.names.en)) + "</p>"))
    return "".join(out)
