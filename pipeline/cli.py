"""The `hoyle` command line."""

from __future__ import annotations

import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from pipeline.errors import HoyleError
from pipeline.manifest import EMBEDDED_CORPUS, load_manifest

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Hoyle Concordance: cited rule facts from card-game books in ja/en/ru.")
console = Console(width=None if sys.stdout.isatty() else 160)
err = Console(stderr=True)
_state = {"debug": False}

CorpusOpt = typer.Option(EMBEDDED_CORPUS, "--corpus", help="Corpus folder (sources.toml + texts).")
OutOpt = typer.Option(Path("build"), "--out", help="Output folder.")


def _fail(exc: HoyleError) -> None:
    if _state["debug"]:
        raise exc
    err.print(f"[bold red]error:[/] {escape(exc.message)}", highlight=False, soft_wrap=True)
    if exc.hint:
        err.print(f"  hint: {escape(exc.hint)}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


@app.callback()
def main(debug: bool = typer.Option(False, "--debug", help="Show tracebacks.")) -> None:
    _state["debug"] = debug


@app.command()
def build(corpus: Path = CorpusOpt, out: Path = OutOpt,
          no_site: bool = typer.Option(False, "--no-site", help="Skip the website.")) -> None:
    """Run the whole pipeline on a corpus and write build/data (and build/site)."""
    from pipeline.build import build as run_build
    try:
        result = run_build(corpus, out, site=not no_site)
    except HoyleError as exc:
        _fail(exc)
    for w in result.warnings:
        err.print(f"[yellow]warning:[/] {escape(w)}", highlight=False, soft_wrap=True)
    console.print(f"built {len(result.sources)} sources into {out}/data", highlight=False)


@app.command()
def sources(corpus: Path = CorpusOpt) -> None:
    """List the corpus sources: language, year, size, printed page ranges, boilerplate found."""
    from pipeline.build import read_source
    try:
        c = load_manifest(corpus)
        rows = [read_source(c, e)[0] for e in c.entries]
    except HoyleError as exc:
        _fail(exc)
    table = Table(title=f"Sources in {corpus}")
    for col in ("id", "lang", "year", "kind", "MT", "chars", "lines", "pages", "boilerplate"):
        table.add_column(col, no_wrap=col in ("id", "pages", "boilerplate"))
    for s in rows:
        pages = ", ".join(f"{r.first}–{r.last}" for r in s.page_ranges) or "—"
        bp = "\n".join(f"{b.kind} L{b.start_line}" + (f"–{b.end_line}" if b.end_line != b.start_line else "")
                       for b in s.boilerplate) or "—"
        table.add_row(s.id, s.language, str(s.year or ""), s.kind, "yes" if s.machine_translated else "",
                      f"{s.chars:,}", f"{s.lines:,}", pages, bp)
    console.print(table)


@app.command("eval")
def evaluate(corpus: Path = CorpusOpt,
             details: bool = typer.Option(False, "--details", help="List misses and spurious sections.")) -> None:
    """Score segmentation and identification against the hand-checked gold in tests/gold/."""
    from pipeline.build import run_pipeline
    from pipeline.evaluate import eval_sections, load_gold
    from pipeline.progress import reporter
    try:
        c = load_manifest(corpus)
        with reporter() as rep:
            result = run_pipeline(c, rep)
    except HoyleError as exc:
        _fail(exc)
    table = Table(title="Segmentation (game/variant sections) and identification")
    for col in ("source", "gold", "pred", "P", "R", "F1", "id acc"):
        table.add_column(col, justify="right" if col != "source" else "left")
    for s in result.sources:
        gold = load_gold("sections", s.id)
        if gold is None:
            table.add_row(s.id, "—", "", "", "", "", "")
            continue
        ev = eval_sections(s.id, result.sections[s.id], gold)
        b = ev.boundaries
        table.add_row(s.id, str(b.n_gold), str(b.n_pred), f"{b.precision:.3f}", f"{b.recall:.3f}",
                      f"{b.f1:.3f}", f"{ev.id_accuracy:.3f}")
        if details:
            for g in ev.missed:
                err.print(f"  missed   {s.id}:{g['line']} {g['game_id']} {g.get('title')!r}", highlight=False)
            for sec in ev.spurious:
                err.print(f"  spurious {sec.id} {sec.game_id} {sec.title!r} ({sec.rule})", highlight=False)
            for g, sec in ev.wrong_id:
                err.print(f"  wrong id {sec.id} {sec.game_id} != {g['game_id']} {sec.title!r}", highlight=False)
    console.print(table)
    from pipeline.evaluate import eval_facts, set_family_lines
    set_family_lines(result.knowledge)
    ftable = Table(title="Fact extraction (precision over judged lines, recall over all gold facts)")
    for col in ("source", "gold", "judged", "P", "R", "F1"):
        ftable.add_column(col, justify="right" if col != "source" else "left")
    facet_rows: dict[str, list] = {}
    for s in result.sources:
        gold = load_gold("facts", s.id)
        if gold is None:
            ftable.add_row(s.id, "—", "", "", "", "")
            continue
        ev = eval_facts(s.id, result.facts.get(s.id, []), gold)
        o = ev.overall
        ftable.add_row(s.id, str(o.gold), str(o.judged), f"{o.precision:.3f}", f"{o.recall:.3f}", f"{o.f1:.3f}")
        for facet, pr in ev.by_facet.items():
            facet_rows.setdefault(facet, []).append(pr)
        if details:
            for g in ev.missed:
                err.print(f"  missed fact {s.id}:{g['line']} {g['game_id']} {g['facet']}={g['value']} {g['quote']!r}",
                          highlight=False)
            for f in ev.wrong:
                err.print(f"  wrong fact  {s.id}:{f.anchor.line} {f.game_id} {f.facet}={f.value} {f.anchor.quote!r} ({f.rule})",
                          highlight=False)
    console.print(ftable)
    ptable = Table(title="Fact extraction per facet (all sources)")
    for col in ("facet", "gold", "judged", "P", "R"):
        ptable.add_column(col, justify="right" if col != "facet" else "left")
    for facet, prs in sorted(facet_rows.items()):
        g = sum(p.gold for p in prs); j = sum(p.judged for p in prs)
        c = sum(p.correct for p in prs); f = sum(p.found for p in prs)
        ptable.add_row(facet, str(g), str(j), f"{c / j:.3f}" if j else "—", f"{f / g:.3f}" if g else "—")
    console.print(ptable)


def run() -> None:  # pragma: no cover
    sys.exit(app())
