"""The games index (by family) and one page per game: names, sources, the comparison matrix
(every value linked to its quote), variants and what they change, topic-aligned passages.
The markup is in templates/games_index.md and templates/game.md."""

from __future__ import annotations

from collections import defaultdict

from pipeline.align import game_sources
from pipeline.publish.context import SiteContext
from pipeline.publish.ui import UI_LANGUAGES


def games_index(ctx: SiteContext) -> str:
    kn = ctx.result.knowledge
    by_family = defaultdict(list)
    provisional = []
    for g in kn.games:
        (provisional if g.provisional else by_family[g.family]).append(g)
    def by_name(g) -> str:   # the reader's language's names, in its alphabet's order
        return collation_key(ctx.game_name(g.id))

    families = [(family, sorted(by_family[family], key=by_name))
                for family in sorted(by_family, key=lambda f: collation_key(ctx.family(f)))]
    if provisional:  # named by a source's heading or title, not in games.yaml: listed for review, last
        families.append(("provisional", sorted(provisional, key=by_name)))
    r = ctx.result
    described = game_sources([s for sid in r.source_order() for s in r.sections[sid]], r.all_facts())
    n_sources = {g.id: len(described.get(g.id, ())) for g in kn.games}
    return ctx.render("games_index.md", page=ctx.prefix + "games/index.md", title=ctx.t("games"), families=families,
                      compared={c.game_id for c in ctx.result.comparisons if len(c.sources) >= 2}, n_sources=n_sources,
                      filters=(filters := game_filters(ctx, described)), sources=list(r.sources),
                      decks=sorted({int(d) for f in filters.values() for d in f["decks"].split()}),
                      # the reader's language first: its names are the links
                      name_order=[ctx.lang, *(x for x in UI_LANGUAGES if x != ctx.lang)])


def collation_key(name: str) -> str:
    """Sort order by the alphabet rather than code points where they differ: case folded,
    accents off Latin letters (Écarté with the E's), ё with е (Russian dictionaries do);
    kana stays in code-point order, which is the gojūon order."""
    import unicodedata

    folded = name.casefold().replace("ё", "е")
    return "".join(ch for ch in unicodedata.normalize("NFKD", folded)
                   if not (unicodedata.combining(ch) and ch not in "\u3099\u309a\u0306"))


def game_filters(ctx: SiteContext, described: dict) -> dict[str, dict[str, str]]:
    """Per game, what the games list filters on (data-* attributes, read by assets/games-filter.js):
    the players and pack sizes its sources state as rules, its family, the languages and sources
    that describe it."""
    r = ctx.result
    language = {s.id: s.language for s in r.sources}
    players: dict[str, tuple[int, int]] = {}
    decks: dict[str, set[int]] = {}
    for c in r.comparisons:
        for row in c.rows:
            if row.qualifier is not None or row.facet not in ("players", "deck_size"):
                continue
            for cells in row.cells.values():
                for cell in cells:
                    v = cell.value
                    if row.facet == "players":
                        lo, hi = players.get(c.game_id, (v.min, v.max))
                        players[c.game_id] = (min(lo, v.min), max(hi, v.max))
                    elif isinstance(v, int):
                        decks.setdefault(c.game_id, set()).add(v)
    out = {}
    for g in r.knowledge.games:
        srcs = sorted(described.get(g.id, ()))
        lo, hi = players.get(g.id, ("", ""))
        out[g.id] = {"family": g.family, "players-min": str(lo), "players-max": str(hi),
                     "decks": " ".join(str(d) for d in sorted(decks.get(g.id, ()))),
                     "languages": " ".join(sorted({language[s] for s in srcs if s in language})),
                     "sources": " ".join(srcs)}
    return out


def at_a_glance(ctx: SiteContext, comp) -> list[tuple[str, str, list[tuple[str, list]]]]:
    """The game's core facts as a reader's card: (facet, label, [(value as read, [(source, cell)])])
    in registry order, from the comparison's unqualified rows (rule facts only); a value stated
    by several sources is shown once, with each of them."""
    if comp is None:
        return []
    registry = ctx.result.knowledge.facets
    rows = {r.facet: r for r in comp.rows if r.qualifier is None}
    order = {code: i for i, code in enumerate(ctx.result.knowledge.terms.orders.standard)}
    out = []
    for facet in registry.core:
        row = rows.get(facet)
        if row is None:
            continue
        values: dict[str, list] = {}
        for sid in comp.sources:
            for cell in row.cells.get(sid, []):
                value = cell.value
                if isinstance(value, dict) and set(value) != {"min", "max"}:
                    # card points in the standard rank order: equal maps read, and group, the same
                    value = dict(sorted(value.items(), key=lambda kv: order.get(kv[0], len(order))))
                shown = registry.display(facet, value, ctx.lang, ctx.rank_letters)
                if facet == "deck_size":
                    shown += pack_ranks(rows.get("rank_order"), sid, cell.value, ctx.rank_letters)
                values.setdefault(shown, []).append((sid, cell))
        if values:
            out.append((facet, ctx.label_html(facet), list(values.items())))
    return out


GAME_PAGE_BOOST = 4
# a comparison of this many sources takes the page's whole width (the contents column is hidden)
WIDE_FROM = 3


def pack_ranks(rank_row, source_id: str, deck, letters: dict[str, str] | None = None) -> str:
    """" (A K Q J 10 9 8 7)" after a pack's size where the same source's rank order names the
    pack's ranks: as many ranks as the pack has cards in four suits (32 = 8 ranks x 4)."""
    for cell in (rank_row.cells.get(source_id, []) if rank_row else []):
        if isinstance(cell.value, list) and isinstance(deck, int) and len(set(cell.value)) * 4 == deck:
            return " (" + " ".join((letters or {}).get(r, r) for r in cell.value) + ")"
    return ""


def odd_cells(comp) -> set[tuple[str, str, str | None, str]]:
    """(source, facet, qualifier, fact id) of each value in a "differ" or "partial" row that fewer sources state
    than the most-stated value: the odd one out a reader should look at first."""
    from pipeline.values import value_text

    odd = set()
    for r in comp.rows if comp else []:
        if r.status not in ("differ", "partial"):
            continue
        by_value: dict[str, set[str]] = {}
        for sid, cells in r.cells.items():
            for c in cells:
                by_value.setdefault(value_text(c.value), set()).add(sid)
        top = max(len(v) for v in by_value.values())
        if list(map(len, by_value.values())).count(top) > 1:
            continue   # a tie: no odd one out
        for sid, cells in r.cells.items():
            for c in cells:
                if len(by_value[value_text(c.value)]) < top:
                    odd.add((sid, r.facet, r.qualifier, c.fact_id))
    return odd


def seen_only_in_examples(ctx: SiteContext, game_id: str) -> list:
    """Facts of the game from examples, advice or history whose value no rule of the same source
    states: shown apart from the comparison (they are evidence, not the game's rules)."""
    from pipeline.extract.roles import RULE_ROLES
    from pipeline.values import value_text

    facts = [f for f in ctx.result.all_facts() if f.game_id == game_id]
    stated = {(f.source_id, f.facet, value_text(f.value)) for f in facts if f.role in RULE_ROLES}
    return [f for f in facts if f.role not in RULE_ROLES
            and (f.source_id, f.facet, value_text(f.value)) not in stated]


def game_page(ctx: SiteContext, game) -> str:
    kn = ctx.result.knowledge
    comparisons = {c.game_id: c for c in ctx.result.comparisons}
    comp = comparisons.get(game.id)
    order = [x.id for x in ctx.result.sources]
    sections = sorted(ctx.described.get(game.id, []), key=lambda s: (order.index(s.source_id), s.start_line))
    def changed(c) -> list[str]:   # "cards per hand, points to win": what a variant changes, in words
        return list(dict.fromkeys(ctx.label_html(ch.facet).lower() for ch in (c.changes_from_parent if c else [])))
    variants = [(v, changed(comparisons.get(v.id)))
                for v in sorted((g for g in kn.games if g.parent == game.id), key=lambda g: g.names.en)]
    topics = [t for t in ctx.result.topics if t.game_id == game.id]
    # every source with a text on the game, side by side: its whole text first (what no topic or
    # fact captures can still be read against the others), then its passages topic by topic
    topic_sources = [s.id for s in ctx.result.sources
                     if any(t.source_id == s.id for t in topics) or any(x.source_id == s.id for x in sections)]
    by = defaultdict(list)
    for t in topics:
        by[(t.topic, t.source_id)].append(t)
    whole = [[x for x in sections if x.source_id == sid] for sid in topic_sources]
    # a machine translation's passage beside its original's words for the same topic
    def cell(topic, sid):
        original = ctx.sources_by_id[sid].same_edition_as if ctx.sources_by_id[sid].machine_translated else None
        theirs = [t.title for t in by.get((topic, original), []) if t.title]
        return [(t, theirs[0] if theirs else None) for t in by.get((topic, sid), [])]

    topic_rows = [(topic, [cell(topic, sid) for sid in topic_sources]) for topic in sorted({t.topic for t in topics})]
    if len(topic_sources) < 2:
        topic_rows, whole = [], []
    related = [g for g in kn.games if g.family == game.family and g.id != game.id and not g.parent][:30]
    # (a game's page leads a search for its words: a book's reader pages repeat them many times)
    return ctx.render("game.md", page=ctx.game_page(game.id), title=ctx.game_name(game.id), game=game, comp=comp,
                      title_lang=ctx.name_language(game.id), title_is_name=True,
                      search_boost=GAME_PAGE_BOOST, wide=bool(comp) and len(comp.sources) >= WIDE_FROM,
                      glance=at_a_glance(ctx, comp), odd=odd_cells(comp), labels=ctx.label_html, changed_in=changed(comp),
                      examples=seen_only_in_examples(ctx, game.id),
                      sections=sections, variants=variants, topic_sources=topic_sources, topic_rows=topic_rows, whole=whole,
                      related=sorted(related, key=lambda g: ctx.game_name(g.id)))
