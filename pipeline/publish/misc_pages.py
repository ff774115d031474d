"""Home, facet pages, the multilingual glossary and the data page. The markup is in
templates/home.md, facets_index.md, facet.md, glossary.md and data.md."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from markupsafe import Markup

from pipeline.publish.context import SiteContext
from pipeline.publish.html import segment_japanese, slug


def home(ctx: SiteContext) -> str:
    r = ctx.result
    multi = sorted((c for c in r.comparisons if len(c.sources) >= 2), key=lambda c: (-len(c.sources), c.game_id))
    years = [s.year for s in r.sources if s.year]
    rows = [(s, len([x for x in r.sections[s.id] if x.kind in ("game", "variant")]), len(r.facts.get(s.id, [])))
            for s in r.sources]
    return ctx.render("home.md", page=ctx.prefix + "index.md", title="Hoyle Concordance", n_facts=len(r.all_facts()),
                      n_languages=len({s.language for s in r.sources}), first_year=min(years, default="?"),
                      last_year=max(years, default="?"), rows=rows, multi=multi)


def facets_index(ctx: SiteContext) -> str:
    counts = defaultdict(int)
    for f in ctx.result.all_facts():
        counts[f.facet] += 1
    registry = ctx.result.knowledge.facets  # the facet registry: order, labels, meaning
    core = [(x, ctx.label_html(x), registry.about(x, ctx.lang), counts.get(x, 0)) for x in registry.core]
    items = sorted(k for k in counts if registry.family(k) == "score")
    scores = [(x, ctx.label_html(x), "", counts[x]) for x in items]
    return ctx.render("facets_index.md", page=ctx.page("facets/index.md"), title=ctx.t("facets_title"),
                      core=core, scores=scores)


def facet_page(ctx: SiteContext, facet: str) -> str:
    rows = [(c, r) for c in ctx.result.comparisons for r in c.rows if r.facet == facet]
    # the id only as data (in code), the title in the reader's words
    written = ctx.written_items.get(facet)   # (a scoring item's words as a source writes them)
    return ctx.render("facet.md", page=ctx.facet_page(facet), title=ctx.label(facet), facet=facet, rows=rows,
                      title_lang=written[1] if written else None, title_source=bool(written))


def _machine_translation_only(ctx: SiteContext):
    """(name, language) -> whether the sources of that language hold the name only in machine
    translations (訴訟 for suit): measured on the corpus, so a reader can tell a rendering from a
    term of the field."""
    texts: dict[str, list[tuple[bool, str]]] = {}
    for s in sorted(ctx.result.sources, key=lambda s: s.machine_translated):   # originals first
        doc = ctx.result.documents.get(s.id)
        if doc is not None:
            texts.setdefault(s.language, []).append((s.machine_translated, doc.text.casefold()))

    def only_mt(name: str, lang: str) -> bool:
        word = name.casefold()
        for machine, text in texts.get(lang, []):
            if word in text:
                return machine     # the first holder: an original if any holds it
        return False

    return only_mt


def glossary(ctx: SiteContext) -> str:
    """Every term on its own (its own heading: a search finds the one term, not the whole page),
    with its names in three languages, grouped: ranks, suits, terms of play, scoring items."""
    kn = ctx.result.knowledge

    only_mt = _machine_translation_only(ctx)

    def entry(key: str, title: str, names, code: str = "") -> dict:
        listed = {lang: [(segment_japanese(str(w), ctx.tokenizer), only_mt(str(w), lang)) for w in names.names.get(lang) or []]
                  for lang in ("en", "ja", "ru")}
        return {"id": "term-" + slug(key), "title": title, "code": code, "names": listed}

    def first(names, fallback: str) -> str:
        """The headword in the page's language, else in English, else the id."""
        for lang in (ctx.lang, "en"):
            for word in names.names.get(lang) or []:
                return str(word)
        return fallback

    groups = [
        ("ranks", ctx.t("ranks"), [entry(f"rank-{code}", first(n, code), n, ctx.rank_letters.get(code, code))
                              for code, n in kn.terms.ranks.items()]),
        ("suits", ctx.t("suits"), [entry(f"suit-{suit}", first(n, suit), n) for suit, n in kn.terms.suits.items()]),
        ("terms", ctx.t("terms_of_play"), [entry(t.id, first(t, t.id.replace("_", " ")), t) for t in kn.terms.terms]),
        ("scoring-items", ctx.t("scoring_items"), [entry(f"score-{item}", ctx.label(f"score:{item}"), n)
                           for item, n in kn.facets.items.items()]),
        ("topics", ctx.t("topics"), [entry(f"topic-{topic}", str(ctx.topic(topic)), n) for topic, n in kn.terms.topics.items()]),
    ]
    return ctx.render("glossary.md", page=ctx.page("glossary.md"), title=ctx.t("glossary"), groups=groups)


# the record each data file holds (its JSON Schema in schema/): jsonl/json by file, csv by table
_SCHEMA_OF = {"facts": "fact", "sections": "section", "comparisons": "comparison", "games": "game",
              "sources": "source", "toc_links": "toc_link", "topics": "topic_passage",
              "topic_passages": "topic_passage"}


def _rows(path: Path) -> str:
    """How many records a data file holds, read from the file itself."""
    import csv
    import json
    import sqlite3

    if path.suffix == ".jsonl":
        with path.open(encoding="utf-8") as fh:
            return f"{sum(1 for line in fh if line.strip()):,}"
    if path.suffix == ".csv":
        with path.open(encoding="utf-8", newline="") as fh:
            return f"{sum(1 for _ in csv.reader(fh)) - 1:,}"
    if path.suffix == ".json" and path.parent.name != "schema":
        data = json.loads(path.read_text(encoding="utf-8"))
        return f"{len(data):,}" if isinstance(data, list) else ""
    if path.suffix == ".sqlite":
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            listed = con.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall()
            virtual = [n for n, sql in listed if (sql or "").upper().startswith("CREATE VIRTUAL")]
            # an FTS table's own storage (section_text_data, ...) is not a table of the data
            tables = [n for n, _ in listed if not any(n.startswith(v + "_") for v in virtual)]
            return ", ".join(f"{t} {con.execute(f'SELECT count(*) FROM [{t}]').fetchone()[0]:,}" for t in tables)
        finally:
            con.close()
    return ""


def _size(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:,.0f} {unit}" if unit == "B" else f"{n:,.1f} {unit}"
        n /= 1024
    return ""


def data_page(ctx: SiteContext, data_dir: Path, files: list[str]) -> str:
    """Each data file with its size, record count and schema; the licence; how to query it."""
    from pipeline.export.datasette import LICENSE, LICENSE_URL, QUERIES

    rows = []
    for f in files:
        path = data_dir / f
        stem = Path(f).stem
        schema = _SCHEMA_OF.get(stem) if not f.startswith(("schema/", "tei/")) else None
        rows.append({"file": f, "size": _size(path.stat().st_size), "rows": _rows(path),
                     "schema": f"schema/{schema}.json" if schema and f"schema/{schema}.json" in files else None})
    return ctx.render("data.md", page=ctx.page("data.md"), title=ctx.t("data"), rows=rows, license=LICENSE,
                      license_name=LICENSE.split(" (", 1)[0],
                      license_url=LICENSE_URL,
                      # the canned queries of datasette.json, in the reader's words where the catalog has them
                      queries=[(ctx.t_or(f"query_{name}_title", q["title"]), ctx.t_or(f"query_{name}_text", q["description"]),
                                q["sql"]) for name, q in QUERIES.items()],
                      datasette_link=Markup('<a href="https://datasette.io/">Datasette</a>'))
