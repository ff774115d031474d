"""The `hoyle` command line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from pipeline.errors import HoyleError
from pipeline.resources import EMBEDDED_CORPUS
from pipeline.terminal_table import Grid, show
from pipeline.values import cell_text, value_text

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Hoyle Concordance: cited rule facts from card-game books in ja/en/ru.")
# a table follows the terminal (or $COLUMNS); piped with neither, 160 columns
# (a closed stdout is None: rich then writes nowhere, and the command still runs)
console = Console(width=None if (sys.stdout and sys.stdout.isatty()) or os.environ.get("COLUMNS") else 160)
err = Console(stderr=True)

def Flag(name: str, **kw):  # noqa: N802  (reads as the option it declares)
    """A boolean flag; its help shows no value to give (typer would print `<bool>`)."""
    return typer.Option(False, name, metavar="", **kw)


CorpusOpt = typer.Option(EMBEDDED_CORPUS, "--corpus", help="Corpus folder (sources.toml + texts).")
OutOpt = typer.Option(Path("build"), "--out", help="Output folder.")
BuildOpt = typer.Option(Path("build"), "--build", help="The build to read (what `hoyle build --out` wrote); "
                        "rebuilt first when stale.")
BuildIfMissingOpt = Flag("--build-if-missing", help="Build it first when --build holds no build (else that is an error: "
                         "a mistyped --build must not start a build).")


def _debug() -> bool:
    """`hoyle --debug`: read from the click context of this invocation (no module state)."""
    import click
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx else None
    return bool(root and isinstance(root.obj, dict) and root.obj.get("debug"))


CHANGES_SHOWN = 30   # rows of changed comparisons printed after a build; the rest are counted


def _print_comparison_changes(changes: list[str]) -> None:
    """Rows of games the previous build compared that this build states otherwise: a new source
    that changes an existing game's comparison is said, not silent."""
    if not changes:
        return
    games = len({c.split(":", 1)[0] for c in changes})
    console.print(f"comparisons changed since the previous build: {len(changes)} row(s) in {games} game(s)",
                  highlight=False)
    for line in changes[:CHANGES_SHOWN]:
        console.print(f"  {escape(line)}", highlight=False, soft_wrap=True)
    if len(changes) > CHANGES_SHOWN:
        console.print(f"  … and {len(changes) - CHANGES_SHOWN} more", highlight=False)


def _fail(exc: HoyleError) -> None:
    if _debug():
        raise exc
    err.print(f"[bold red]error:[/] {escape(exc.message)}", highlight=False, soft_wrap=True)
    if exc.hint:
        err.print(f"  hint: {escape(exc.hint)}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


@app.callback()
def main(ctx: typer.Context, debug: bool = Flag("--debug", help="Show tracebacks.")) -> None:
    ctx.obj = {"debug": debug}


@app.command()
def build(corpus: Path = CorpusOpt, out: Path = OutOpt,
          no_site: bool = Flag("--no-site", help="Skip the website."),
          jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=256, help="Process sources in N processes (1-256)."),
          force: bool = Flag("--force", help="Rebuild and recompute every source (the cache is not read)."),
          no_cache: bool = Flag("--no-cache", help="Neither read nor write the per-source cache."),
          strict: bool = Flag("--strict", help="A source with no game or no fact, or a game not in "
                                      "games.yaml, is an error (exit 2, nothing written).")) -> None:
    """Run the whole pipeline on a corpus and write build/data (and build/site)."""
    from pipeline.builtdata import is_up_to_date
    if not (force or no_cache) and is_up_to_date(corpus, out, not no_site):
        # answered before the pipeline is even imported: a no-op rebuild costs a hash of the inputs
        console.print(f"nothing changed: {out} is up to date", highlight=False)
        return
    from pipeline.build import build as run_build
    try:
        result = run_build(corpus, out, site=not no_site, jobs=jobs, cache=not no_cache, force=force, strict=strict)
    except HoyleError as exc:
        _fail(exc)
    if result.skipped:
        console.print(f"nothing changed: {out} is up to date", highlight=False)
        return
    for w in result.warnings:
        err.print(f"[yellow]warning:[/] {escape(w)}", highlight=False, soft_wrap=True)
    table = Grid("Per source", ["source", "sections", "games", "facts", "provisional games"],
                 right=frozenset({"sections", "games", "facts"}))
    for s in result.summary:
        table.add_row(s.source_id, s.sections, s.games, s.facts, ", ".join(s.provisional),
                      style="yellow" if s.warnings else "")
    show(console, table)
    for s in result.summary:
        for w in s.warnings:
            err.print(f"[yellow]warning:[/] {escape(w)}", highlight=False, soft_wrap=True)
    _print_comparison_changes(result.comparison_changes)
    facts = len(result.all_facts())
    site = f", site of {result.pages} pages in {out}/site" if result.pages else ""
    console.print(f"built {len(result.sources)} sources ({len(result.processed)} processed, "
                  f"{len(result.sources) - len(result.processed)} from cache): {facts} facts into {out}/data{site}",
                  highlight=False)


@app.command()
def sources(corpus: Path = CorpusOpt) -> None:
    """List the corpus sources: language, year, size, printed page ranges, boilerplate found."""
    from pipeline.build import read_source
    try:
        from pipeline.manifest import load_manifest
        c = load_manifest(corpus)
        rows = [read_source(c, e)[0] for e in c.entries]
    except HoyleError as exc:
        _fail(exc)
    table = Table(title=f"Sources in {corpus}")
    for col in ("id", "lang", "year", "kind", "format", "MT", "chars", "lines", "pages", "boilerplate"):
        table.add_column(col, no_wrap=col in ("id", "pages", "boilerplate"))
    for s in rows:
        ranges = ", ".join(f"{r.first}–{r.last}" for r in s.page_ranges)
        pages = (f"{s.pages}" + (f" ({ranges})" if ranges else "")) if s.pages else (ranges or "—")
        bp = "\n".join(f"{b.kind} L{b.start_line}" + (f"–{b.end_line}" if b.end_line != b.start_line else "")
                       for b in s.boilerplate) or "—"
        table.add_row(s.id, s.language, str(s.year or ""), s.kind, s.format, "yes" if s.machine_translated else "",
                      f"{s.chars:,}", f"{s.lines:,}", pages, bp)
    console.print(table)


@app.command()
def audit(sample: int = typer.Option(50, "--sample", min=1, help="Facts to draw (per language)."),
          seed: int = typer.Option(1, "--seed", help="Random seed: the same seed draws the same facts."),
          out: Path = typer.Option(Path("audit.jsonl"), "--out", help="Review file to write (JSON lines)."),
          data: Path = typer.Option(Path("build") / "data", "--data", help="Built data folder."),
          corpus: Path = CorpusOpt) -> None:
    """Draw a random sample of built facts with their context into a review file: set each
    `verdict` to right or wrong; `hoyle eval` reports the precision of tests/audit/*.jsonl."""
    import json

    from pipeline.audit import sample_facts
    from pipeline.manifest import load_manifest
    try:
        rows = sample_facts(data, load_manifest(corpus).root, sample, seed)
    except HoyleError as exc:
        _fail(exc)
    from pipeline.output import write_file_atomically
    try:
        write_file_atomically(out, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode("utf-8"),
                              "review file")
    except HoyleError as exc:
        _fail(exc)
    console.print(f"wrote {len(rows)} facts to {out} (seed {seed})", highlight=False)


@app.command("eval")
def evaluate(corpus: Path = CorpusOpt,
             details: bool = Flag("--details", help="List misses, spurious sections and wrong facts."),
             unseen: list[Path] = typer.Option(None, "--unseen", help="Score a folder of unseen texts "
                                               "(sources.toml, texts/, expected.json); repeatable."),
             loso: bool = Flag("--loso", help="With --unseen: game identification with each text's site left "
                                              "out of the fitted heading scorer.")) -> None:
    """Score every stage against the hand-checked gold in tests/gold/: section boundaries and game
    identification, then facts per source and per facet, then the held-out facts. With --unseen,
    score folders of texts the pipeline was not built on instead."""
    from pipeline.eval_report import report_gold, report_loso, report_unseen
    try:
        if unseen and loso:
            report_loso(console, unseen)
        elif unseen:
            report_unseen(console, err, unseen, details)
        else:
            report_gold(console, err, corpus, details)
    except HoyleError as exc:
        _fail(exc)


@app.command()
def train(unseen: list[Path] = typer.Argument(..., help="Folders of hand-read texts (expected.json)."),
          out: Path = typer.Option(None, "--out", help="Where to write the heading scorer (default: the one the build reads)."),
          facts_out: Path = typer.Option(None, "--facts-out",
                                         help="Where to write the fact scorer (default: the one the build reads)."),
          corpus: Path = CorpusOpt) -> None:
    """Fit the heading scorer on the headings of the given texts and of the corpus's gold
    sections, and the fact scorer on the given texts' candidates; measure each way leaving one
    site out, and keep the best."""
    from pipeline.evaluate import GOLD_DIR
    from pipeline.identify.heading_scorer import SCORER_FILE
    from pipeline.knowledge.fact_scorer import SCORER_FILE as FACT_SCORER_FILE
    from pipeline.train import train_and_write
    from pipeline.train_facts import train_facts

    target, facts_target = out or SCORER_FILE, facts_out or FACT_SCORER_FILE
    try:
        scorer = train_and_write(unseen, corpus, GOLD_DIR, target)
        m = scorer.measured
        console.print(f"{scorer.rows} headings of {scorer.sites} sites; leave one site out: " + "; ".join(
            f"{w} P {m[w + '_precision']:.3f} R {m[w + '_recall']:.3f}" for w in ("rules", "model", "either"))
            + f"; kept: {scorer.way}; wrote {target}", highlight=False)
        facts = train_facts(unseen, facts_target, corpus, GOLD_DIR)
    except HoyleError as exc:
        _fail(exc)
    m = facts.measured
    console.print(f"{facts.rows} fact candidates of {facts.sites} sites; leave one site out: " + "; ".join(
        f"{w} P {m[w + '_precision']:.3f} R {m[w + '_recall']:.3f}" for w in ("rules", "model", "combined"))
        + f"; kept: {facts.way}; wrote {facts_target}", highlight=False)
    for lang in sorted({k.split(":")[0] for k in m if ":" in k}):
        console.print(f"  {lang}: " + "; ".join(f"{w} P {m[f'{lang}:{w}_precision']:.3f} R {m[f'{lang}:{w}_recall']:.3f}"
                                              for w in ("rules", "model", "combined")), highlight=False)


def _reads_the_build(command):
    """A query command: the built data is read as the command goes (each file on first use), so a
    damaged file's HoyleError may come from anywhere in it; it is one line, exit 2, all the same."""
    import functools

    @functools.wraps(command)   # typer reads the signature through __wrapped__
    def run(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except HoyleError as exc:
            _fail(exc)

    return run


def _built(corpus: Path, out: Path, build_if_missing: bool = False):
    """The build in `out` of `corpus`, read back; stale, it is built once first (and said so);
    missing, it is an error unless `build_if_missing`."""
    from pipeline.builtdata import BuiltData, state_of
    try:
        state = state_of(out, corpus)
        if state == "missing" and not build_if_missing:
            raise HoyleError(f"{out}: no build here (no {out}/data/sources.json)",
                             hint=f"build it first: hoyle build --corpus {corpus} --out {out}; or add --build-if-missing")
        if state != "fresh":
            err.print(f"{out}/data is {state} for {corpus}: building it once", highlight=False, soft_wrap=True)
            from pipeline.build import build as run_build
            run_build(corpus, out, site=(out / "site").is_dir(), progress=False)
        return BuiltData(out)
    except HoyleError as exc:
        _fail(exc)


def _resolved(kind: str, text: str, choices) -> str:
    """A game (`choices`: the games) or a facet (`choices`: facet names) the user named; a fuzzy
    match is said aloud, no match is a one-line error with the closest names."""
    from pipeline.lookup import resolve_facet, resolve_game
    try:
        found = (resolve_game if kind == "game" else resolve_facet)(text, choices)
    except HoyleError as exc:
        _fail(exc)
    if found.note:
        err.print(f"[yellow]note:[/] {escape(found.note)}", highlight=False)
    return found.value


@app.command()
@_reads_the_build
def compare(game: str = typer.Argument(..., help="Game id or name (e.g. piquet, ピケ, Пикет)."),
            facet: str = typer.Option(None, "--facet", help="Only this facet (e.g. players, score:repique)."),
            fmt: str = typer.Option("table", "--format", help="table | json | csv | markdown"),
            corpus: Path = CorpusOpt, built: Path = BuildOpt, build_if_missing: bool = BuildIfMissingOpt) -> None:
    """Compare what every source states about one game, facet by facet (sources ordered by year).
    Read from the build (--build; rebuilt first when stale)."""
    import csv as csvmod
    import io
    import json as jsonmod

    if fmt not in ("table", "json", "csv", "markdown"):
        _fail(HoyleError(f"unknown --format {fmt!r}", hint="use table, json, csv or markdown"))
    data = _built(corpus, built, build_if_missing)
    gid = _resolved("game", game, data.games)
    comp = data.comparison(gid)
    if comp is None:
        _fail(HoyleError(f"no source states a rule fact about {gid!r}",
                         hint="`hoyle games` lists the games and how many sources describe each"))
    if facet:
        facet = _resolved("facet", facet, sorted({r.facet for c in data.comparisons for r in c.rows}))
    rows = [r for r in comp.rows if not facet or r.facet == facet]
    years = {s.id: s.year for s in data.sources}
    if fmt == "json":
        doc = comp.model_copy(update={"rows": rows}).model_dump(mode="json")
        typer.echo(jsonmod.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True))
        return
    header = ["facet", "qualifier", "status"] + comp.sources
    body = [[r.facet, r.qualifier or "", r.status] + ["; ".join(cell_text(c) for c in r.cells.get(s, []))
                                                      for s in comp.sources] for r in rows]
    if fmt == "csv":
        buf = io.StringIO()
        w = csvmod.writer(buf, lineterminator="\n")
        w.writerow(header)
        w.writerows(body)
        typer.echo(buf.getvalue(), nl=False)
        return
    if fmt == "markdown":
        from pipeline.export.markdown import comparison_markdown

        typer.echo(comparison_markdown(data, comp, rows, lambda f, q: f + (f" [{q}]" if q else "")), nl=False)
        return
    names = data.games_by_id[comp.game_id].names
    table = Grid(f"{names.en} / {names.ja or '—'} / {names.ru or '—'}: {len(rows)} rows",
                 ["facet", "status", *(f"{sid} ({years.get(sid) or '?'})" for sid in comp.sources)],
                 caption="[red]red[/] = the sources differ; [green]green[/] = they agree; plain = one source")
    for r, b in zip(rows, body, strict=False):
        style = {"differ": "red", "partial": "yellow", "agree": "green"}.get(r.status, "")
        label = r.facet + (f" [{r.qualifier}]" if r.qualifier else "")
        table.add_row(label, r.status, *b[3:], style=style)
    show(console, table)


@app.command()
@_reads_the_build
def games(corpus: Path = CorpusOpt, built: Path = BuildOpt, build_if_missing: bool = BuildIfMissingOpt) -> None:
    """List the games: id, names in three languages, number of sources that describe each. Read
    from the build (--build; rebuilt first when stale)."""
    from schemas import GameNames
    data = _built(corpus, built, build_if_missing)
    name_langs = list(GameNames.model_fields)  # the languages games.yaml names games in
    table = Grid(f"{len(data.games)} games", ["id", *name_langs, "family", "parent", "sources"],
                 right=frozenset({"sources"}))
    for g in sorted(data.games, key=lambda g: (-data.source_count(g.id), g.id)):
        table.add_row(g.id, *[getattr(g.names, lang) or "" for lang in name_langs], g.family, g.parent or "",
                      data.source_count(g.id))
    show(console, table)


@app.command()
@_reads_the_build
def facts(game: str = typer.Option(None, "--game", help="Game id or name."),
          facet: str = typer.Option(None, "--facet", help="Facet (players, deck_size, score:repique, ...)."),
          source: str = typer.Option(None, "--source", help="Source id."),
          language: str = typer.Option(None, "--language", help="Language of the source (ja, en, ru)."),
          role: str = typer.Option(None, "--role", help="rule, law, example, strategy, history, other."),
          fmt: str = typer.Option("table", "--format", help="table | jsonl"),
          explain: str = typer.Option(None, "--explain", metavar="ID",
                                      help="One fact's id: how it was read, and which of its facet's relations changed it."),
          corpus: Path = CorpusOpt, built: Path = BuildOpt, build_if_missing: bool = BuildIfMissingOpt) -> None:
    """The extracted facts, filtered, each with its citation (source, line, quote). Read from the
    build (--build; rebuilt first when stale)."""
    import json as jsonmod

    if explain:
        _explain(explain, corpus, built, build_if_missing)
        return

    if fmt not in ("table", "jsonl"):
        _fail(HoyleError(f"unknown --format {fmt!r}", hint="use table or jsonl"))
    from typing import get_args

    from schemas import Fact
    roles = get_args(Fact.model_fields["role"].annotation)
    if role and role not in roles:
        _fail(HoyleError(f"unknown --role {role!r}", hint="roles: " + ", ".join(roles)))
    data = _built(corpus, built, build_if_missing)
    rows = data.facts
    if game:
        gid = _resolved("game", game, data.games)
        rows = [f for f in rows if f.game_id == gid]
    if facet:
        facet = _resolved("facet", facet, sorted({f.facet for f in data.facts}))
        rows = [f for f in rows if f.facet == facet]
    if source:
        ids = [s.id for s in data.sources]
        if source not in ids:
            _fail(HoyleError(f"no source {source!r}", hint="sources: " + ", ".join(ids)))
        rows = [f for f in rows if f.source_id == source]
    if language:
        langs = {s.id: s.language for s in data.sources}
        if language not in set(langs.values()):
            _fail(HoyleError(f"no source in language {language!r}",
                             hint="languages here: " + ", ".join(sorted(set(langs.values())))))
        rows = [f for f in rows if langs.get(f.source_id) == language]
    if role:
        rows = [f for f in rows if f.role == role]
    if fmt == "jsonl":
        for f in rows:
            typer.echo(jsonmod.dumps(f.model_dump(mode="json"), ensure_ascii=False, sort_keys=True))
        return
    table = Grid(f"{len(rows)} facts", ["source", "line", "game", "facet", "qualifier", "value", "role", "quote"],
                 right=frozenset({"line"}))
    for f in rows:
        table.add_row(f.source_id, f.anchor.line, f.game_id, f.facet, f.qualifier or "", value_text(f.value),
                      f.role, " ".join(f.anchor.quote.split()))   # a quote over lines, on one
    show(console, table)


def _explain(fact_id: str, corpus: Path, built: Path, build_if_missing: bool) -> None:
    """Print how the fact `fact_id` of the build was read (pipeline/explain.py)."""
    from rapidfuzz import process

    from pipeline.build import load_checked_knowledge
    from pipeline.explain import explain_fact
    from pipeline.manifest import load_manifest
    data = _built(corpus, built, build_if_missing)
    by_id = {f.id: f for f in data.facts}
    if fact_id not in by_id:
        close = [c for c, _, _ in process.extract(fact_id, list(by_id), limit=3)]
        _fail(HoyleError(f"no fact {fact_id!r} in {built}/data/facts.jsonl",
                         hint="closest ids: " + ", ".join(close) if close else "hoyle facts --format jsonl lists the ids"))
    fact = by_id[fact_id]
    spec = load_checked_knowledge(load_manifest(corpus)).facets.spec(fact.facet)
    for line in explain_fact(fact, spec.relations if spec else []):
        typer.echo(line)


@app.command()
@_reads_the_build
def export(fmt: str = typer.Option(..., "--format", help="json | csv | sqlite | tei"),
           out: Path = typer.Option(Path("export"), "--out", help="Folder to write the export into."),
           corpus: Path = CorpusOpt, built: Path = BuildOpt, build_if_missing: bool = BuildIfMissingOpt) -> None:
    """Write one export format into --out: copied from the build (rebuilt first when stale),
    with the JSON Schemas."""
    import shutil

    from pipeline.output import check_replaceable, staged_output
    files = {"json": ["comparisons.json", "facts.jsonl", "sources.json", "games.json"], "csv": ["csv"],
             "sqlite": ["rules.sqlite"], "tei": ["tei"]}
    if fmt not in files:
        _fail(HoyleError(f"unknown --format {fmt!r}", hint="use json, csv, sqlite or tei"))
    check_replaceable(out, "export")   # before a build is made for it: never over a build
    data = _built(corpus, built, build_if_missing)
    try:
        with staged_output(out, "export") as tmp:
            for name in [*files[fmt], "schema"]:
                src = data.data / name
                if src.is_dir():
                    shutil.copytree(src, tmp / name)
                else:
                    shutil.copyfile(src, tmp / name)
    except HoyleError as exc:
        _fail(exc)
    except OSError as exc:
        _fail(HoyleError(f"{out}: cannot write: {exc.strerror or exc}"))
    console.print(f"wrote {fmt} export into {out}", highlight=False)


@app.command("add-source")
def add_source_cmd(file: Path = typer.Argument(..., help="The file, copied unchanged: text (.txt/.md/.xml), "
                                                      ".pdf, .epub, .html or .docx (told by its content)."),
                   lang: str = typer.Option(..., "--lang",
                                             help="a language with a profile: ja | en | ru (or lang/<code>/ in the corpus)"),
                   title: str = typer.Option(..., "--title"),
                   year: int = typer.Option(None, "--year"),
                   edition: str = typer.Option(None, "--edition"),
                   kind: str = typer.Option("book", "--kind", help="book | web | forum"),
                   encoding: str = typer.Option(None, "--encoding", help="Only for a file that is not UTF-8."),
                   source_id: str = typer.Option(None, "--id", help="A slug; default: from the file name."),
                   machine_translated: bool = Flag("--machine-translated"),
                   origin: str = typer.Option(None, "--origin", help="What it is a copy or translation of."),
                   corpus: Path = CorpusOpt) -> None:
    """Add a source to a corpus: copy the file unchanged into texts/ and append a validated entry.
    A PDF, EPUB, HTML page or Word file is read whole first (as the build will read it): a file
    it cannot read is refused, and nothing is added."""
    from pipeline.add_source import add_source
    try:
        entry = add_source(corpus, file, language=lang, title=title, year=year, edition=edition, kind=kind,
                           encoding=encoding, source_id=source_id, machine_translated=machine_translated,
                           origin=origin)
    except HoyleError as exc:
        _fail(exc)
    console.print(f"added {entry.id} ({entry.file}); run `hoyle build` to include it", highlight=False)


@app.command()
def serve(out: Path = OutOpt, port: int = typer.Option(8000, "--port", min=0, max=65535, help="TCP port (0: any free one)."),
          host: str = typer.Option("127.0.0.1", "--host", help="Address to bind (loopback unless told otherwise)."),
          data: bool = Flag("--data", help="Serve build/data/rules.sqlite with Datasette "
                                    "(the extra hoyle-concordance[datasette]) instead of the site.")) -> None:
    """Serve the built site (build/site) over HTTP, or with --data the data through Datasette."""
    import subprocess

    from pipeline.serve import datasette_command, site_server
    try:
        if data:
            command = datasette_command(out / "data", host, port)
        else:
            server = site_server(out / "site", host, port)
    except HoyleError as exc:
        _fail(exc)
    except OSError as exc:
        _fail(HoyleError(f"cannot serve on {host}:{port}: {exc.strerror or exc}", hint="try another --port"))
    if data:
        console.print(f"serving {out / 'data' / 'rules.sqlite'} with Datasette on http://{host}:{port}/ "
                      "(Ctrl-C to stop)", highlight=False)
        from pipeline.children import die_with_parent
        # Datasette dies with hoyle (terminated or killed), and a Ctrl-C stops both
        with subprocess.Popen(command, preexec_fn=die_with_parent) as proc:
            try:
                code = proc.wait()
            except KeyboardInterrupt:
                proc.terminate()
                return
        raise typer.Exit(code)
    with server:
        console.print(f"serving {out / 'site'} on http://{host}:{port}/ (Ctrl-C to stop)", highlight=False)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


def run() -> None:
    """The `hoyle` program: the app, with standard output that cannot be written (a full disk,
    /dev/full, a closed pipe) answered in one line instead of a traceback."""
    import errno
    try:
        app()
    except OSError as exc:
        # a file's error names its file (those are reported where they happen); stdout's does not
        if exc.filename is not None or exc.errno not in (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF):
            raise
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)   # the exit's own flush must not fail again
        if exc.errno == errno.EPIPE:   # the reader went away (`| head`): quiet, as a Unix tool
            sys.exit(141)
        err.print(f"[bold red]error:[/] cannot write to standard output: {escape(exc.strerror or str(exc))}",
                  highlight=False)
        sys.exit(2)


if __name__ == "__main__":  # pragma: no cover
    run()
