"""Home, facet pages, the multilingual glossary and the data page."""

from __future__ import annotations

from collections import defaultdict

from pipeline.publish.context import SiteContext
from pipeline.publish.html import block, esc, page_head, rel, slug

CORE_FACETS = ["players", "deck_size", "packs", "hand_size", "deal_pattern", "talon_size", "rank_order",
               "card_points", "target_score"]


def home(ctx: SiteContext) -> str:
    page = "index.md"
    r = ctx.result
    n_facts = len(r.all_facts())
    multi = sorted((c for c in r.comparisons if len(c.sources) >= 2), key=lambda c: (-len(c.sources), c.game_id))
    rows = "".join(f'<tr><td><a href="{rel(page, ctx.source_page(s.id))}">{esc(s.id)}</a></td><td>{esc(s.title)}</td>'
                   f"<td>{s.year or ''}</td><td>{esc(s.language)}</td><td>{'yes' if s.machine_translated else 'no'}</td>"
                   f"<td>{len([x for x in r.sections[s.id] if x.kind in ('game', 'variant')])}</td>"
                   f"<td>{len(r.facts.get(s.id, []))}</td></tr>" for s in r.sources)
    featured = " · ".join(f'<a href="{rel(page, ctx.game_page(c.game_id))}">{esc(ctx.game_name(c.game_id))}</a> '
                          f"({len(c.sources)})" for c in multi[:24])
    return (page_head("Hoyle Concordance") + block(
        "<p>Card-game rule books and web pages in Japanese, English and Russian, split into games, with every rule "
        "fact (players, pack, ranks, card points, deal, scores) cited to the exact line it comes from, and the same "
        "game compared across sources, editions and languages.</p>"
        f"<p>The corpus: {len(r.sources)} sources in {len({s.language for s in r.sources})} languages, "
        f"{min((s.year for s in r.sources if s.year), default='?')}–{max((s.year for s in r.sources if s.year), default='?')}; "
        f"{len(r.knowledge.games)} games known, {n_facts} facts extracted for {len(r.comparisons)} games, "
        f"{len(multi)} of them stated by two or more sources.</p>"
        "<table><thead><tr><th>source</th><th>title</th><th>year</th><th>language</th><th>machine-translated</th>"
        f"<th>game sections</th><th>facts</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<h2>Compared in several sources</h2><p>{featured}</p>"
        "<h2>How to read a comparison</h2><p>Each game page has a matrix: one row per facet (and qualifier such as "
        "<code>alternative</code> or <code>3p</code>), one column per source, oldest first. A row marked "
        "<b>≠ differ</b> states different values in different sources; <b>= agree</b> means every source that "
        "states it gives the same value; <b>· single</b> means one source only. Every value is a link to the "
        "highlighted quote in the source reader.</p>"
        f'<h2>Data</h2><p>Everything is downloadable as JSON, CSV, SQLite and TEI: see <a href="{rel(page, "data.md")}">'
        "Data</a>.</p>"))


def facet_slug(facet: str) -> str:
    return slug(facet.replace(":", "-"))


def facets_index(ctx: SiteContext) -> str:
    page = "facets/index.md"
    counts = defaultdict(int)
    for f in ctx.result.all_facts():
        counts[f.facet] += 1
    core = "".join(f'<li><a href="{rel(page, f"facets/{facet_slug(x)}.md")}">{esc(x)}</a> ({counts.get(x, 0)})</li>'
                   for x in CORE_FACETS)
    items = sorted(k for k in counts if k.startswith("score:"))
    scores = "".join(f'<li><a href="{rel(page, f"facets/{facet_slug(x)}.md")}">{esc(x)}</a> ({counts[x]})</li>'
                     for x in items)
    return page_head("Facets") + block(f"<h2>Rules</h2><ul>{core}</ul><h2>Named scoring items</h2><ul>{scores}</ul>")


def facet_page(ctx: SiteContext, facet: str) -> str:
    page = f"facets/{facet_slug(facet)}.md"
    rows = []
    for c in ctx.result.comparisons:
        for r in c.rows:
            if r.facet != facet:
                continue
            cells = []
            for sid in c.sources:
                vals = ctx.value_links(page, r.cells.get(sid, []), with_source=sid)
                if vals:
                    cells.append("; ".join(vals))
            rows.append(f'<tr class="status-{r.status}"><td><a href="{rel(page, ctx.game_page(c.game_id))}">'
                        f"{esc(ctx.game_name(c.game_id))}</a></td><td>{esc(r.qualifier or '')}</td>"
                        f"<td>{r.status}</td><td>{' · '.join(cells)}</td></tr>")
    return (page_head(facet) + block("<table><thead><tr><th>game</th><th>qualifier</th><th>status</th>"
                                          "<th>values (source)</th></tr></thead><tbody>" + "".join(rows) +
                                          "</tbody></table>"))


def glossary(ctx: SiteContext) -> str:
    terms = ctx.result.knowledge.terms
    rows = []
    for code, names in (terms.get("ranks") or {}).items():
        rows.append(("rank " + str(code), names))
    for suit, names in (terms.get("suits") or {}).items():
        rows.append(("suit: " + suit, names))
    for t in terms.get("terms") or []:
        rows.append((t["id"].replace("_", " "), t))
    for topic, names in (terms.get("topics") or {}).items():
        rows.append(("topic: " + topic.replace("_", " "), names))
    items = (ctx.result.knowledge.facets.get("items") or {})
    for item, names in items.items():
        rows.append(("score: " + item, names or {}))
    body = "".join(f"<tr><th>{esc(k)}</th><td>{esc(', '.join(map(str, v.get('en') or [])))}</td>"
                   f"<td lang=\"ja\">{esc(_segmented(ctx, ', '.join(map(str, v.get('ja') or []))))}</td>"
                   f"<td lang=\"ru\">{esc(', '.join(map(str, v.get('ru') or [])))}</td></tr>" for k, v in rows)
    return page_head("Glossary") + block("<p>Card terms in three languages, including the literal machine-translation "
                                    "renderings found in the sources (e.g. 訴訟 for suit, 悪党 for knave).</p>"
                                    "<table><thead><tr><th>term</th><th>English</th><th>日本語</th><th>Русский</th>"
                                    f"</tr></thead><tbody>{body}</tbody></table>")


def _segmented(ctx, text):
    from pipeline.publish.html import segment_japanese
    return segment_japanese(text, ctx.tokenizer)


def data_page(ctx: SiteContext, files: list[str]) -> str:
    page = "data.md"
    items = "".join(f'<li><a href="{rel(page, "index.md")}data/{esc(f)}">{esc(f)}</a></li>' for f in files)
    return page_head("Data") + block("<p>The same data as the site, for use elsewhere. Field names are a stable contract "
                                "(see <code>schema/</code>): positions are 1-based lines and code-point offsets into "
                                "the decoded original text, and every fact carries its exact quote.</p>"
                                f'<ul class="files">{items}</ul>')
