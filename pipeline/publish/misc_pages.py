"""Home, facet pages, the multilingual glossary and the data page. The markup is in
templates/home.md, facets_index.md, facet.md, glossary.md and data.md."""

from __future__ import annotations

from collections import defaultdict

from pipeline.publish.context import SiteContext
from pipeline.publish.html import segment_japanese, slug


def home(ctx: SiteContext) -> str:
    r = ctx.result
    multi = sorted((c for c in r.comparisons if len(c.sources) >= 2), key=lambda c: (-len(c.sources), c.game_id))
    years = [s.year for s in r.sources if s.year]
    rows = [(s, len([x for x in r.sections[s.id] if x.kind in ("game", "variant")]), len(r.facts.get(s.id, [])))
            for s in r.sources]
    return ctx.render("home.md", page="index.md", title="Hoyle Concordance", n_facts=len(r.all_facts()),
                      n_languages=len({s.language for s in r.sources}), first_year=min(years, default="?"),
                      last_year=max(years, default="?"), rows=rows, multi=multi)


def facet_slug(facet: str) -> str:
    return slug(facet.replace(":", "-"))


def facet_page_path(facet: str) -> str:
    return f"facets/{facet_slug(facet)}.md"


def facets_index(ctx: SiteContext) -> str:
    counts = defaultdict(int)
    for f in ctx.result.all_facts():
        counts[f.facet] += 1
    registry = ctx.result.knowledge.facets  # the facet registry: order, labels, meaning
    core = [(x, registry.label(x), registry.spec(x).doc, counts.get(x, 0)) for x in registry.core]
    items = sorted(k for k in counts if registry.family(k) == "score")
    scores = [(x, registry.label(x), "", counts[x]) for x in items]
    return ctx.render("facets_index.md", page="facets/index.md", title="Facets", facet_page=facet_page_path,
                      core=core, scores=scores)


def facet_page(ctx: SiteContext, facet: str) -> str:
    rows = [(c, r) for c in ctx.result.comparisons for r in c.rows if r.facet == facet]
    registry = ctx.result.knowledge.facets
    title = f"{registry.label(facet)} ({facet})" if registry.label(facet) != facet else facet
    return ctx.render("facet.md", page=facet_page_path(facet), title=title, rows=rows)


def glossary(ctx: SiteContext) -> str:
    kn = ctx.result.knowledge
    rows = []
    for code, names in kn.terms.ranks.items():
        rows.append(("rank " + str(code), names))
    for suit, names in kn.terms.suits.items():
        rows.append(("suit: " + suit, names))
    for t in kn.terms.terms:
        rows.append((t.id.replace("_", " "), t))
    for topic, names in kn.terms.topics.items():
        rows.append(("topic: " + topic.replace("_", " "), names))
    for item, names in kn.facets.items.items():
        rows.append(("score: " + item, names))

    def listed(v, lang):
        return ", ".join(map(str, v.names.get(lang) or []))

    rows = [(k, listed(v, "en"), segment_japanese(listed(v, "ja"), ctx.tokenizer), listed(v, "ru")) for k, v in rows]
    return ctx.render("glossary.md", page="glossary.md", title="Glossary", rows=rows)


def data_page(ctx: SiteContext, files: list[str]) -> str:
    return ctx.render("data.md", page="data.md", title="Data", files=files)
