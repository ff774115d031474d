"""Datasette's metadata for `rules.sqlite` (`hoyle serve --data`): titles, descriptions, licence,
the sources with links, facets configured per table, and canned queries. Written by the build
into build/data/datasette.json, from the data alone (deterministic)."""

from __future__ import annotations

DATABASE = "rules"   # rules.sqlite

TABLES = {
    "facts": ("Facts", "One rule fact per row: game, facet, value, qualifier, role, and its citation "
                       "(source, line, exact quote at anchor_start..anchor_end of the original text).",
              ["facet", "game_id", "source_id", "role", "qualifier"]),
    "comparisons": ("Comparisons", "Per game and facet: what each source states, and whether they agree.",
                    ["status", "facet", "game_id"]),
    "sources": ("Sources", "The books and pages read: language, year, edition, kind, origin.",
                ["language", "kind", "year"]),
    "games": ("Games", "The game registry (games.yaml, plus provisional games named by a source).",
              ["family", "provisional"]),
    "sections": ("Sections", "Each source split into sections (games, variants, laws, front matter).",
                 ["kind", "source_id", "game_id"]),
    "toc_links": ("Contents links", "Contents and index entries linked to the sections they name.", ["source_id"]),
    "section_pairs": ("Translation pairs", "Each section of a translation paired with the passage of its original.",
                      ["source_id", "same_game"]),
    "topic_passages": ("Topic passages", "Sub-sections of a game mapped to common topics (dealing, scoring).",
                       ["topic", "game_id", "source_id"]),
}

QUERIES = {
    "piquet_across_sources": {
        "title": "Piquet across sources",
        "description": "Every rule fact about Piquet, oldest source first, with its line and quote.",
        "sql": "select s.year, f.source_id, f.facet, f.qualifier, f.value, f.anchor_line, f.anchor_quote "
               "from facts f join sources s on s.id = f.source_id "
               "where f.game_id = 'piquet' and f.role in ('rule', 'law') "
               "order by f.facet, s.year, f.source_id",
    },
    "game_across_sources": {
        "title": "A game across sources",
        "description": "Every rule fact about one game (its id, e.g. cribbage), oldest source first.",
        "sql": "select s.year, f.source_id, f.facet, f.qualifier, f.value, f.anchor_line, f.anchor_quote "
               "from facts f join sources s on s.id = f.source_id "
               "where f.game_id = :game and f.role in ('rule', 'law') "
               "order by f.facet, s.year, f.source_id",
    },
    "differences": {
        "title": "Where the sources differ",
        "description": "Game and facet rows whose sources state different values.",
        "sql": "select game_id, facet, qualifier, cells from comparisons where status = 'differ' "
               "order by game_id, facet",
    },
    "search_sections": {
        "title": "Search the texts",
        "description": "Full-text search over every section (any language; words of Japanese, "
                       "word forms of Russian and English).",
        "sql": "select section_id, source_id, game_id, title, snippet(section_search, 5, '[', ']', '…', 12) as hit "
               "from section_search where section_search match :q order by rank limit 50",
    },
}


LICENSE = "CC0 1.0 (the extracted facts); each source text as its origin states"
LICENSE_URL = "https://creativecommons.org/publicdomain/zero/1.0/"


def metadata(sources) -> dict:
    """The metadata document for `datasette -m`."""
    source_list = "; ".join(f"{s.id}: {s.title}" + (f" ({s.year})" if s.year else "") + (f", {s.origin}" if s.origin else "")
                            for s in sources)
    return {
        "title": "Hoyle Concordance",
        "description": "Rule facts from card-game books and pages in Japanese, English and Russian, each "
                       "cited to its exact line, aligned across sources. Sources: " + source_list,
        "license": LICENSE,
        "license_url": LICENSE_URL,
        "source": "the corpus's sources.toml",
        "databases": {
            DATABASE: {
                "title": "Hoyle Concordance data",
                "tables": {name: {"title": title, "description": description, "facets": facets}
                           for name, (title, description, facets) in TABLES.items()},
                "queries": QUERIES,
            },
        },
    }
