"""The games index (by family) and one page per game: names, sources, the comparison matrix
(every value linked to its quote), variants and what they change, topic-aligned passages.
The markup is in templates/games_index.md and templates/game.md."""

from __future__ import annotations

from collections import defaultdict

from pipeline.align import game_sources
from pipeline.publish.context import SiteContext


def games_index(ctx: SiteContext) -> str:
    kn = ctx.result.knowledge
    by_family = defaultdict(list)
    provisional = []
    for g in kn.games:
        (provisional if g.provisional else by_family[g.family]).append(g)
    families = [(family, sorted(by_family[family], key=lambda g: g.names.en.lower())) for family in sorted(by_family)]
    if provisional:  # named by a source's heading or title, not in games.yaml: listed for review, last
        families.append(("provisional: named by a source, not in games.yaml",
                         sorted(provisional, key=lambda g: g.names.en.lower())))
    r = ctx.result
    described = game_sources([s for sid in r.source_order() for s in r.sections[sid]], r.all_facts())
    n_sources = {g.id: len(described.get(g.id, ())) for g in kn.games}
    return ctx.render("games_index.md", page="games/index.md", title="Games", families=families,
                      compared={c.game_id for c in ctx.result.comparisons}, n_sources=n_sources)


def game_page(ctx: SiteContext, game) -> str:
    kn = ctx.result.knowledge
    comparisons = {c.game_id: c for c in ctx.result.comparisons}
    comp = comparisons.get(game.id)
    order = [x.id for x in ctx.result.sources]
    sections = sorted(ctx.described.get(game.id, []), key=lambda s: (order.index(s.source_id), s.start_line))
    variants = [(v, [ch.facet for ch in (comparisons[v.id].changes_from_parent if v.id in comparisons else [])])
                for v in sorted((g for g in kn.games if g.parent == game.id), key=lambda g: g.names.en)]
    topics = [t for t in ctx.result.topics if t.game_id == game.id]
    topic_sources = [s.id for s in ctx.result.sources if any(t.source_id == s.id for t in topics)]
    by = defaultdict(list)
    for t in topics:
        by[(t.topic, t.source_id)].append(t)
    topic_rows = [(topic, [by.get((topic, sid), []) for sid in topic_sources])
                  for topic in sorted({t.topic for t in topics})]
    related = [g for g in kn.games if g.family == game.family and g.id != game.id and not g.parent][:30]
    return ctx.render("game.md", page=ctx.game_page(game.id), title=game.names.en, game=game, comp=comp,
                      sections=sections, variants=variants, topic_sources=topic_sources, topic_rows=topic_rows,
                      related=sorted(related, key=lambda g: g.names.en))
