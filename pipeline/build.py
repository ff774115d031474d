"""`hoyle build`: run the stages over a corpus and write `build/` atomically."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.builtdata import STAMP, build_stamp, is_up_to_date, write_fingerprint
from pipeline.comparison_changes import comparison_changes, previous_rows
from pipeline.errors import HoyleError
from pipeline.knowledge import Knowledge, load_knowledge
from pipeline.manifest import Corpus, load_manifest
from pipeline.output import check_replaceable, staged_output, write_json, write_jsonl
from pipeline.patterns import MAX_TIMEOUTS, pattern_budget
from pipeline.positions import count_lines, line_of
from pipeline.progress import Lines, Reporter, reporter
from schemas import Comparison, Document, Fact, Game, Section, SectionPair, Source, TocLink, TopicPassage
from schemas.generate import write as write_schemas
from schemas.models import PageRange


@dataclass
class BuildResult:
    corpus: Corpus | None   # None for a skipped (up-to-date) build
    sources: list[Source]
    documents: dict[str, Document]
    knowledge: Knowledge | None = None
    warnings: list[str] = field(default_factory=list)
    sections: dict[str, list[Section]] = field(default_factory=dict)
    toc_links: list[TocLink] = field(default_factory=list)
    section_pairs: list[SectionPair] = field(default_factory=list)   # translation -> original
    facts: dict[str, list[Fact]] = field(default_factory=dict)
    comparisons: list[Comparison] = field(default_factory=list)
    topics: list[TopicPassage] = field(default_factory=list)
    pages: int = 0
    processed: list[str] = field(default_factory=list)
    skipped: bool = False
    summary: list = field(default_factory=list)   # SourceSummary per source
    comparison_changes: list[str] = field(default_factory=list)   # rows the previous build compared otherwise

    def source_order(self) -> list[str]:
        return [s.id for s in self.sources]

    def all_facts(self) -> list[Fact]:
        return [f for sid in self.source_order() for f in self.facts.get(sid, [])]


def with_games(knowledge: Knowledge, games: list[Game]) -> Knowledge:
    """The knowledge with more games (provisional ones), compiled anew on use."""
    from dataclasses import replace

    extra = [g for g in games if g.id not in knowledge.by_id]
    all_games = (*knowledge.games, *extra)
    return replace(knowledge, games=all_games, by_id={g.id: g for g in all_games})


def load_checked_knowledge(corpus: Corpus) -> Knowledge:
    """The corpus's knowledge with every rule checked against the registries: an unknown
    facet, reader, item or macro stops the build here, naming its file and line."""
    from pipeline.extract.rules import check_all_rules

    knowledge = load_knowledge(corpus)
    check_all_rules(knowledge)
    return knowledge


def page_ranges(doc: Document) -> list[PageRange]:
    """Runs of roman and arabic page labels, in text order."""
    ranges: list[PageRange] = []
    for m in doc.page_markers:
        if ranges and ranges[-1].roman == m.roman:
            ranges[-1].last = m.label
            ranges[-1].count += 1
        else:
            ranges.append(PageRange(first=m.label, last=m.label, count=1, roman=m.roman))
    return ranges


def read_source(corpus: Corpus, entry, languages=None) -> tuple[Source, Document]:
    path = corpus.text_path(entry)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise HoyleError(f"{path}: cannot read: {exc.strerror}") from None
    from pipeline.ingest import ingest

    doc, encoding = ingest(entry, raw, path=str(path), languages=languages)
    source = Source(
        id=entry.id, title=entry.title, language=entry.language, year=entry.year,
        edition=entry.edition, kind=entry.kind, machine_translated=entry.machine_translated,
        file=entry.file, sha256=hashlib.sha256(raw).hexdigest(), chars=len(doc.text),
        lines=count_lines(doc.text), origin=entry.origin, notes=entry.notes, encoding=encoding,
        page_ranges=page_ranges(doc), boilerplate=doc.boilerplate,
        footnote_markers=len(doc.footnotes), repairs=doc.repairs, same_text_as=entry.same_text_as,
        format=doc.format, pages=doc.pages if doc.pages is not None else (len(doc.page_markers) or None),
    )
    return source, doc


@dataclass
class SourceResult:
    """What the per-source stages produce for one source (cached and run in parallel)."""

    source: Source
    document: Document
    sections: list[Section]
    warnings: list[str]
    facts: list[Fact]
    provisional: list[Game] = field(default_factory=list)


def process_source(corpus: Corpus, entry, knowledge: Knowledge, step=None) -> SourceResult:
    """ingest -> segment -> extract for one source: a pure function of its inputs. Every pattern
    runs under a time budget; one that runs over it on a line is skipped there and named.
    `step(source_id, stage)` is told when each stage starts (progress of a long text)."""
    step = step or (lambda source_id, stage: None)
    # the stages (and spaCy) are imported where they run: a no-op rebuild or a query needs none
    from pipeline.extract import extract
    from pipeline.ingest import ingest_warnings
    from pipeline.segment import segment_document

    with pattern_budget() as budget:
        step(entry.id, "ingest")
        source, doc = read_source(corpus, entry, knowledge.languages)
        step(entry.id, f"segment ({source.lines:,} lines)")
        seg = segment_document(doc, knowledge, entry.conventions, entry.title)
        step(entry.id, f"extract ({len(seg.sections)} sections)")
        facts = extract(doc, sections := seg.sections, knowledge)
    # warnings name the source and line ("<id>:<line>: ..."); the file is put in when they are
    # shown (a cached result may be shown for a corpus in another place)
    warnings = ingest_warnings(doc) + seg.warnings + timeout_warnings(doc, budget.timeouts, budget.disabled_origins)
    return SourceResult(source, doc, sections, warnings, facts, seg.provisional)


def timeout_warnings(doc: Document, timeouts, disabled: list[str] = ()) -> list[str]:
    out = []
    for t in dict.fromkeys(timeouts):   # once per pattern and line
        at = doc.normalized.find(t.snippet) if t.snippet else -1
        line = line_of(doc.line_starts, doc.orig_span(at, at + 1)[0]) if at >= 0 else None
        out.append(f"{doc.source_id}:{line or '?'}: pattern ({t.origin}) ran over its time budget on this line "
                   f"and was skipped there; simplify the pattern (nested repeats like (a+)+ backtrack "
                   f"without end)")
    for origin in dict.fromkeys(disabled):
        out.append(f"{doc.source_id}: pattern ({origin}) ran over its time budget on {MAX_TIMEOUTS} lines and "
                   f"was disabled for the rest of this source")
    return out


def located_warnings(corpus: Corpus, entry, warnings: list[str]) -> list[str]:
    """Warnings of one source with its file's path in place of its id (as every message to the
    user names a file)."""
    where = str(corpus.text_path(entry))
    return [where + w[len(entry.id):] if w.startswith(entry.id + ":") else w for w in warnings]


def cache_entry(key: str, res: SourceResult):
    from pipeline.cache import CachedSource
    return CachedSource(key=key, source=res.source, document=res.document, sections=res.sections,
                        warnings=res.warnings, facts=res.facts, provisional=res.provisional)


def _adopt(corpus: Corpus, knowledge: Knowledge, step=None) -> None:
    """A forked worker's start: it keeps the parent's corpus and knowledge, already loaded, with
    its rules compiled and spaCy loaded (a fork copies them; nothing is pickled or rebuilt)."""
    _FORKED["corpus"], _FORKED["knowledge"], _FORKED["step"] = corpus, knowledge, step


# set only inside forked worker processes (by `_adopt`), never in the parent
_FORKED: dict[str, object] = {}


def _worker(entry) -> tuple[str, SourceResult]:
    return entry.id, process_source(_FORKED["corpus"], entry, _FORKED["knowledge"], _FORKED["step"])


def _in_workers(corpus: Corpus, knowledge: Knowledge, todo: list, jobs: int, step=None):
    """(id, result) of every source in `todo`, computed by `jobs` forked processes, the largest
    texts first (the longest job starts first, so the processes finish together)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    for code in sorted({e.language for e in todo}):   # loaded once here, shared by every worker
        language = knowledge.languages[code]
        _ = language.nlp, language.morph
    sizes = {e.id: corpus.text_path(e).stat().st_size for e in todo}
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                             initializer=_adopt, initargs=(corpus, knowledge, step)) as pool:
        futures = {pool.submit(_worker, e): e.id for e in sorted(todo, key=lambda e: (-sizes[e.id], e.id))}
        try:
            for future in as_completed(futures):
                yield future.result()
        except BrokenProcessPool:
            pending = sorted(sid for f, sid in futures.items() if not f.done() or f.exception() is not None)
            raise HoyleError(f"a build worker process died (killed, or out of memory?) while processing "
                             f"{', '.join(pending) or 'a source'}; nothing was written",
                             hint="build again; if it recurs, use --jobs 1 (one process, less memory)") from None


def run_pipeline(corpus: Corpus, progress: Reporter, *, jobs: int = 1, cache_dir: Path | None = None,
                 recompute: bool = False) -> BuildResult:
    """With `recompute`, no source is taken from the cache (each is processed and stored anew)."""
    from pipeline.cache import Cache, source_key

    knowledge = load_checked_knowledge(corpus)
    cache = Cache(cache_dir)
    cache.remove_stale()
    keys, done, todo, cache_notes = {}, {}, [], [cache.note] if cache.note else []
    for entry in corpus.entries:
        path = corpus.text_path(entry)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise HoyleError(f"{path}: cannot read: {exc.strerror}") from None
        keys[entry.id] = source_key(raw, entry.model_dump_json(), knowledge.digest)
        hit = None if recompute else cache.get(keys[entry.id])
        if hit is not None:
            done[entry.id] = SourceResult(hit.source, hit.document, hit.sections, hit.warnings, hit.facts,
                                          hit.provisional)
        else:
            todo.append(entry)

    def store(sid: str, res: SourceResult) -> None:
        note = cache.put(cache_entry(keys[sid], res))
        if note and note not in cache_notes:
            cache_notes.append(note)

    stage = progress.stage("ingest+segment+extract", len(corpus.entries))
    for sid in done:
        stage.advance(f"{sid} (cached)")
    if jobs > 1 and len(todo) > 1:
        # a worker can print its own lines, not drive the parent's bar
        worker_step = progress.step if isinstance(progress, Lines) else None
        for sid, res in _in_workers(corpus, knowledge, todo, jobs, worker_step):
            done[sid] = res
            store(sid, res)
            stage.advance(sid)
    else:
        for entry in todo:
            res = process_source(corpus, entry, knowledge, progress.step)
            done[entry.id] = res
            store(entry.id, res)
            stage.advance(entry.id)
    order = sorted(corpus.entries, key=lambda e: (e.year or 0, e.id))
    # (what a source translates is the manifest's word, read afresh: cached sources may predate it)
    result = BuildResult(corpus=corpus, sources=[done[e.id].source.model_copy(
                             update={"same_edition_as": e.same_edition_as}) for e in order],
                         documents={e.id: done[e.id].document for e in order}, knowledge=knowledge)
    result.processed = [e.id for e in todo]
    result.warnings.extend(cache_notes)
    result.warnings.extend(knowledge.warnings)
    provisional: dict[str, Game] = {}
    for e in order:
        result.sections[e.id] = done[e.id].sections
        result.facts[e.id] = done[e.id].facts
        result.warnings.extend(located_warnings(corpus, e, done[e.id].warnings))
        for game in done[e.id].provisional:
            provisional.setdefault(game.id, game)
    if provisional:
        # games the sources name that games.yaml lacks: part of this build's game list
        knowledge = with_games(knowledge, [provisional[k] for k in sorted(provisional)])
        result.knowledge = knowledge
    result.toc_links = link_contents(corpus, result, knowledge)
    from pipeline.align import align, topic_passages
    from pipeline.align_editions import pair_editions

    result.section_pairs = pair_editions(result.sources, result.sections)
    result.comparisons = align(result.all_facts(), result.sources, knowledge,
                               [s for sid in result.source_order() for s in result.sections[sid]])
    result.topics = topic_passages([s for sid in result.source_order() for s in result.sections[sid]], knowledge,
                                   result.documents)
    return result


def link_contents(corpus: Corpus, result: BuildResult, knowledge: Knowledge) -> list[TocLink]:
    from pipeline.identify.index import game_index
    from pipeline.segment.contents import contents_entries, game_entries, toc_links
    from pipeline.structure.headings import conventions_of

    gaz, conventions = game_index(knowledge), conventions_of(knowledge)
    links: list[TocLink] = []
    for entry in corpus.entries:
        target = entry.same_edition_as or entry.id
        if target not in result.sections:
            result.warnings.append(f"{corpus.root / 'sources.toml'}: {entry.id}: same_edition_as "
                                   f"{target!r} is not a source id; its index is not linked")
            continue
        doc = result.documents[entry.id]
        entries = game_entries(contents_entries(doc, conventions), gaz)
        own = toc_links(doc, entries, entry.id, result.sections[entry.id])
        if target != entry.id:
            # a translation's entries lead to its own sections; to its original's only where it
            # has none of its own (a translated front part indexing the whole book)
            other = toc_links(doc, entries, target, result.sections[target])
            own = [mine if mine.target_section_id else theirs for mine, theirs in zip(own, other, strict=True)]
        links += own
    return links


def write_data(result: BuildResult, data_dir: Path) -> None:
    write_json(data_dir / "sources.json", result.sources)
    write_json(data_dir / "games.json", sorted(result.knowledge.games, key=lambda g: g.id))
    all_sections = [sec for sid in result.source_order() for sec in result.sections[sid]]
    write_jsonl(data_dir / "sections.jsonl", all_sections)
    write_jsonl(data_dir / "toc_links.jsonl", result.toc_links)
    write_jsonl(data_dir / "section_pairs.jsonl", result.section_pairs)
    write_jsonl(data_dir / "facts.jsonl", result.all_facts())
    write_json(data_dir / "comparisons.json", result.comparisons)
    write_jsonl(data_dir / "topics.jsonl", result.topics)
    write_derived_texts(result, data_dir)
    write_exports(result, data_dir, ("csv", "sqlite", "tei"))
    from pipeline.export.datasette import metadata
    write_json(data_dir / "datasette.json", metadata(result.sources))


def write_derived_texts(result: BuildResult, data_dir: Path) -> None:
    """For a source read from a PDF, EPUB, HTML page or Word file, the text its anchors index
    (texts/<id>.txt, UTF-8) and the map from that text back to the file (source_maps/<id>.jsonl:
    start, end, locator): a citation is checked against the first and traced with the second."""
    for sid in result.source_order():
        doc = result.documents[sid]
        if doc.format == "text":
            continue
        (data_dir / "texts").mkdir(exist_ok=True)
        (data_dir / "texts" / f"{sid}.txt").write_bytes(doc.text.encode("utf-8"))
        (data_dir / "source_maps").mkdir(exist_ok=True)
        write_jsonl(data_dir / "source_maps" / f"{sid}.jsonl", doc.source_map)


def write_exports(result: BuildResult, data_dir: Path, formats) -> None:
    from pipeline.export.tables import write_csv, write_sqlite
    from pipeline.export.tei import write_tei

    if "json" in formats:
        write_json(data_dir / "comparisons.json", result.comparisons)
        write_jsonl(data_dir / "facts.jsonl", result.all_facts())
    if "csv" in formats:
        write_csv(result, data_dir / "csv")
    if "sqlite" in formats:
        write_sqlite(result, data_dir / "rules.sqlite")
    if "tei" in formats:
        write_tei(result, data_dir / "tei")
    registry = result.knowledge.facets
    write_schemas(data_dir / "schema", {facet: spec.type for facet, spec in registry.specs.items()})


@dataclass(frozen=True)
class SourceSummary:
    """What one source gave: the build says it per source, and warns when it gave nothing."""

    source_id: str
    file: str
    sections: int
    games: int
    facts: int
    provisional: tuple[str, ...]
    warnings: tuple[str, ...]


def summarize(result: BuildResult) -> list[SourceSummary]:
    """Per source: sections, games, facts, provisional games; a warning, naming the file, for a
    source that yields no game or no fact, and why."""
    out = []
    for source in result.sources:
        secs = result.sections.get(source.id, [])
        games = sorted({s.game_id for s in secs if s.kind in ("game", "variant") and s.game_id})
        facts = result.facts.get(source.id, [])
        provisional = tuple(g for g in games if (game := result.knowledge.by_id.get(g)) and game.provisional)
        where = str(result.corpus.root / source.file)
        warnings = []
        if not games:
            warnings.append(f"{where}: no game identified: no heading, title line, first sentence or repeated "
                            f"name names a game (add the game's name to games.yaml, or a heading convention)")
        elif not facts:
            warnings.append(f"{where}: no rule fact extracted from {len(games)} game(s) "
                            f"({', '.join(games[:5])}): no statement matched a rule of the "
                            f"{source.language!r} profile")
        if provisional:
            warnings.append(f"{where}: game(s) not in games.yaml, listed as provisional: {', '.join(provisional)}")
        out.append(SourceSummary(source.id, where, len(secs), len(games), len(facts), provisional, tuple(warnings)))
    return out


def build(corpus_dir: Path, out_dir: Path, *, site: bool = True, progress: bool | None = None,
          jobs: int = 1, cache: bool = True, force: bool = False, strict: bool = False,
          cache_dir: Path | None = None) -> BuildResult:
    """Run the pipeline on a corpus and write `out_dir` atomically. With `strict`, a source that
    yields no game or no fact (or names a game games.yaml lacks) is an error and nothing is written.
    The per-source cache lives beside `out_dir` unless `cache_dir` names another folder (builds of
    one corpus into several outputs then share it)."""
    out_dir = Path(out_dir)
    if cache and not force and is_up_to_date(corpus_dir, out_dir, site):
        # checked before anything is parsed: a no-op rebuild reads files and hashes them, no more
        return BuildResult(corpus=None, sources=[], documents={}, skipped=True)
    check_replaceable(out_dir, "build")   # a folder hoyle may not replace is refused before any stage runs
    corpus = load_manifest(corpus_dir)
    if not cache:
        cache_dir = None
    elif cache_dir is None:
        cache_dir = out_dir.resolve().parent / f".{out_dir.name}-cache"
    with reporter(progress) as rep:
        result = run_pipeline(corpus, rep, jobs=jobs, cache_dir=cache_dir, recompute=force)
        result.summary = summarize(result)
        result.comparison_changes = comparison_changes(previous_rows(out_dir / "data"), result.comparisons)
        if strict:
            problems = [w for s in result.summary for w in s.warnings]
            if problems:
                raise HoyleError(f"--strict: {len(problems)} source warning(s); first: {problems[0]}",
                                 hint="fix them, or build without --strict; nothing was written")
        with staged_output(out_dir) as tmp:
            write_data(result, tmp / "data")
            if site:
                from pipeline.publish import publish
                stage = rep.stage("publish", 1)
                result.pages = publish(result, tmp / "data", tmp / "site")
                stage.advance("site")
            write_fingerprint(tmp, corpus.root)   # what the query commands check
            if cache:
                (tmp / STAMP).write_text(build_stamp(corpus.root, site) + "\n")
    return result
