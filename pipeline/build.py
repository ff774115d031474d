"""`hoyle build`: run the stages over a corpus and write `build/` atomically."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.errors import HoyleError
from pipeline.ingest import ingest
from pipeline.manifest import Corpus, load_manifest
from pipeline.align import align, topic_passages
from pipeline.extract import extract
from pipeline.identify import Gazetteer
from pipeline.knowledge import Knowledge, load_knowledge
from pipeline.output import staged_output, write_json, write_jsonl
from pipeline.segment import segment
from pipeline.positions import count_lines
from pipeline.progress import Reporter, reporter
from schemas import Comparison, Document, Fact, Section, Source, TocLink, TopicPassage
from schemas.generate import write as write_schemas
from schemas.models import PageRange


@dataclass
class BuildResult:
    corpus: Corpus
    sources: list[Source]
    documents: dict[str, Document]
    knowledge: Knowledge | None = None
    sections: dict[str, list[Section]] = field(default_factory=dict)
    toc_links: list[TocLink] = field(default_factory=list)
    facts: dict[str, list[Fact]] = field(default_factory=dict)
    comparisons: list[Comparison] = field(default_factory=list)
    topics: list[TopicPassage] = field(default_factory=list)
    pages: int = 0

    def source_order(self) -> list[str]:
        return [s.id for s in self.sources]

    def all_facts(self) -> list[Fact]:
        return [f for sid in self.source_order() for f in self.facts.get(sid, [])]
    warnings: list[str] = field(default_factory=list)


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


def read_source(corpus: Corpus, entry) -> tuple[Source, Document]:
    path = corpus.text_path(entry)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise HoyleError(f"{path}: cannot read: {exc.strerror}") from None
    doc, encoding = ingest(entry, raw, path=str(path))
    source = Source(
        id=entry.id, title=entry.title, language=entry.language, year=entry.year,
        edition=entry.edition, kind=entry.kind, machine_translated=entry.machine_translated,
        file=entry.file, sha256=hashlib.sha256(raw).hexdigest(), chars=len(doc.text),
        lines=count_lines(doc.text), origin=entry.origin, notes=entry.notes, encoding=encoding,
        page_ranges=page_ranges(doc), boilerplate=doc.boilerplate,
        footnote_markers=len(doc.footnotes), repairs=doc.repairs,
    )
    return source, doc


def run_pipeline(corpus: Corpus, progress: Reporter) -> BuildResult:
    stage = progress.stage("ingest", len(corpus.entries))
    sources, documents = [], {}
    for entry in corpus.entries:
        source, doc = read_source(corpus, entry)
        sources.append(source)
        documents[entry.id] = doc
        stage.advance(entry.id)
    sources.sort(key=lambda s: (s.year or 0, s.id))
    result = BuildResult(corpus=corpus, sources=sources, documents=documents)
    knowledge = load_knowledge(corpus)
    result.knowledge = knowledge
    gaz = Gazetteer(knowledge)
    stage = progress.stage("segment", len(corpus.entries))
    for entry in corpus.entries:
        sections, warnings = segment(documents[entry.id], knowledge, gaz, entry.conventions)
        result.sections[entry.id] = sections
        result.warnings.extend(warnings)
        stage.advance(entry.id)
    result.toc_links = link_contents(corpus, result, gaz)
    stage = progress.stage("extract", len(corpus.entries))
    for entry in corpus.entries:
        result.facts[entry.id] = extract(documents[entry.id], result.sections[entry.id], knowledge)
        stage.advance(entry.id)
    result.comparisons = align(result.all_facts(), result.sources, knowledge)
    result.topics = topic_passages([s for sid in result.source_order() for s in result.sections[sid]], knowledge)
    return result


def link_contents(corpus: Corpus, result: BuildResult, gaz: Gazetteer) -> list[TocLink]:
    from pipeline.identify.contents import contents_entries, game_entries, toc_links

    links: list[TocLink] = []
    for entry in corpus.entries:
        target = entry.same_edition_as or entry.id
        if target not in result.sections:
            result.warnings.append(f"{corpus.root / 'sources.toml'}: {entry.id}: same_edition_as "
                                   f"{target!r} is not a source id; its index is not linked")
            continue
        doc = result.documents[entry.id]
        links += toc_links(doc, game_entries(contents_entries(doc), gaz), target, result.sections[target])
    return links


def write_data(result: BuildResult, data_dir: Path) -> None:
    write_json(data_dir / "sources.json", result.sources)
    write_json(data_dir / "games.json", sorted(result.knowledge.games, key=lambda g: g.id))
    all_sections = [sec for sid in result.source_order() for sec in result.sections[sid]]
    write_jsonl(data_dir / "sections.jsonl", all_sections)
    write_jsonl(data_dir / "toc_links.jsonl", result.toc_links)
    write_jsonl(data_dir / "facts.jsonl", result.all_facts())
    write_json(data_dir / "comparisons.json", result.comparisons)
    write_jsonl(data_dir / "topics.jsonl", result.topics)
    write_exports(result, data_dir, ("csv", "sqlite", "tei"))


def write_exports(result: BuildResult, data_dir: Path, formats) -> None:
    from pipeline.export.tables import write_csv, write_sqlite
    from pipeline.export.tei import write_tei

    if "json" in formats:
        write_json(data_dir / "comparisons.json", result.comparisons)
        write_jsonl(data_dir / "facts.jsonl", result.all_facts())
        write_schemas(data_dir / "schema")
    if "csv" in formats:
        write_csv(result, data_dir / "csv")
    if "sqlite" in formats:
        write_sqlite(result, data_dir / "rules.sqlite")
    if "tei" in formats:
        write_tei(result, data_dir / "tei")
    write_schemas(data_dir / "schema")


def build(corpus_dir: Path, out_dir: Path, *, site: bool = True, progress: bool | None = None) -> BuildResult:
    corpus = load_manifest(corpus_dir)
    with reporter(progress) as rep:
        result = run_pipeline(corpus, rep)
        with staged_output(out_dir) as tmp:
            write_data(result, tmp / "data")
            if site:
                from pipeline.publish import publish
                stage = rep.stage("publish", 1)
                result.pages = publish(result, tmp / "data", tmp / "site")
                stage.advance("site")
    return result
