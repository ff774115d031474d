"""Source pages (bibliographic data and table of contents) and reader pages: the original text
of each top-level section with line anchors (#L123), printed pages in the margin, and every
extracted fact highlighted and linked to its game's comparison row. The markup is in
templates/sources_index.md, templates/source.md and templates/reader.md."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

import regex

from pipeline.patterns import compile_pattern
from pipeline.publish.context import SiteContext
from pipeline.publish.html import source_markup
from pipeline.publish.parallel import original_section, page_rows


def sources_index(ctx: SiteContext) -> str:
    rows = [(s, ", ".join(f"{r.first}–{r.last}" for r in s.page_ranges) or "—") for s in ctx.result.sources]
    return ctx.render("sources_index.md", page=ctx.page("sources/index.md"), title=ctx.t("sources"), rows=rows)


def source_page(ctx: SiteContext, source) -> str:
    t = ctx.t
    # the manifest's own words (title, origin, notes, file) are shown as written, not translated
    kept = ctx.as_written
    bib = [(t("title"), kept(source.title, source.id)), (t("year"), source.year),
           (t("edition"), source.edition and kept(source.edition, source.id)),
           (t("language"), ctx.language_full(source.language)), (t("kind"), ctx.source_kind(source.kind)),
           (t("machine_translated"), t("word_yes") if source.machine_translated else t("word_no")),
           (t("what_it_is"), source.origin and kept(source.origin, source.id)),
           (t("notes"), source.notes and kept(source.notes, source.id)),
           (t("file"), source.file and kept(source.file, source.id)),
           ("sha256", source.sha256), (t("file_format"), _format_line(ctx, source)),
           (t("size") if source.format == "text" else t("derived_size"),
            t("chars_lines", chars=f"{source.chars:,}", lines=f"{source.lines:,}"))]
    secs = ctx.result.sections[source.id]
    toc = [(s, [x for x in secs if x.parent_id == s.id and x.level == 1]) for s in secs if s.level == 0]
    return ctx.render("source.md", page=ctx.source_page(source.id), title=source.title,
                      title_lang=source.language, title_source=True,
                      bib=[(k, v) for k, v in bib if v not in (None, "")], toc=toc)


def _format_line(ctx: SiteContext, source) -> str:
    """`PDF, 7 pages`: what the file is; for a derived text, that its lines are the text read from it."""
    name = {"text": ctx.t("format_text")}.get(source.format, source.format.upper())
    return name + (", " + ctx.t("n_pages", n=f"{source.pages:,}") if source.pages else "")


# the rest of a word, in a script written with spaces between words (Japanese has none to find)
_WORD_REST = compile_pattern(r"[\w--[\p{Han}\p{Hiragana}\p{Katakana}]]+", regex.V1)


@dataclass(slots=True)
class Piece:
    """A run of a reader line: `text`, a sub-section target (`sub`), a target for a fact that
    overlaps one already marked (`at`), or a marked fact (`mark`)."""
    kind: str
    text: str = ""
    id: str = ""
    fact: object = None
    first: bool = False       # the fact starts on this line: its id (and its link to the comparison) are here
    row: str | None = None    # the comparison row to link to
    tail: str = ""            # the rest of the word the mark ends inside, shown before the link


@dataclass(slots=True)
class Line:
    n: int
    sub: bool                 # a sub-section starts here
    page: str | None          # the printed page that starts on this line
    pieces: list[Piece] = field(default_factory=list)


def _line(ctx, doc, n, ls, le, facts, markers, subs) -> Line:
    """One line of the reader: line number, printed page, text with facts marked and targets
    for the sub-sections and facts that start on it."""
    text = doc.text
    events = sorted([(f.anchor.start, 1, f) for f in facts] + [(x.anchor.start, 0, x) for x in subs],
                    key=lambda e: (max(e[0], ls), e[1], -(e[2].anchor.end)))
    pieces = []

    def plain(s: str) -> None:
        if s:
            pieces.append(Piece("text", text=source_markup(s, ctx.tokenizer)))

    pos = ls
    for start, kind, obj in events:
        if kind == 0:  # a sub-section starts here: a target, text unchanged
            at = max(start, pos)
            plain(text[pos:at])
            pieces.append(Piece("sub", id=obj.id))
            pos = at
            continue
        f = obj
        s, e = max(f.anchor.start, ls), min(f.anchor.end, le)
        if s < pos and f.anchor.start >= ls:
            # overlaps a fact already marked: keep a target for its links at this point
            pieces.append(Piece("at", fact=f))
            continue
        if s < pos or s >= e:
            continue
        plain(text[pos:s])
        row = ctx.comparison_rows.get((f.game_id, f.facet, f.qualifier))
        first = s == f.anchor.start
        # the link to the comparison goes after the word the quote ends in ("колоды", not "колод↗ы")
        later = [x[0] for x in events if x[0] >= e]
        word = _WORD_REST.match(text, e, min([le, *later])) if e > s and _WORD_REST.fullmatch(text[e - 1]) else None
        tail = word.group() if word else ""
        pieces.append(Piece("mark", text=text[s:e], fact=f, first=first, row=row if first else None,
                            tail=tail))
        pos = e + len(tail)
    plain(text[pos:le])
    # (markers are in text order: the first at or after the line's start, not a scan of them all)
    at = bisect_left(markers, ls, key=lambda m: m.start)
    on_line = [markers[at]] if at < len(markers) and markers[at].start < le else []
    return Line(n=n, sub=any(x.anchor.start == ls for x in subs), page=on_line[0].label if on_line else None,
                pieces=pieces)


def _plain_lines(ctx: SiteContext, section) -> list[Line]:
    """The lines of a section as text only (an original shown beside its translation)."""
    doc = ctx.result.documents[section.source_id]
    out = []
    for n in range(section.start_line, section.end_line + 1):
        ls = max(doc.line_starts[n - 1], section.anchor.start)
        le = min(doc.line_starts[n] - 1 if n < len(doc.line_starts) else len(doc.text), section.anchor.end)
        if ls <= le:
            out.append(_line(ctx, doc, n, ls, le, [], doc.page_markers, []))
    return out


def reader_page(ctx: SiteContext, section) -> str:
    lines, facts = _reader_lines(ctx, section)
    original = original_section(ctx, section)
    rows = None
    if original:
        key = ("plain", original.id)
        if key not in ctx.shared:
            ctx.shared[key] = _plain_lines(ctx, original)
        rows = page_rows(lines, section.page, ctx.shared[key], original.page)
    return ctx.render("reader.md", page=ctx.section_page[section.id], original=original, rows=rows, html_only=True,
                      title=section.title or ctx.t("section_at_line", kind=ctx.section_kind(section.kind),
                                                   n=section.start_line),
                      title_lang=ctx.source_language(section.source_id) if section.title else None,
                      title_source=bool(section.title),
                      section=section, src=ctx.sources_by_id[section.source_id], lines=lines,
                      facts=facts)


def _reader_lines(ctx: SiteContext, section) -> tuple[list[Line], list]:
    """A top-level section's lines with its facts marked, and those facts; they hold no UI word,
    so they are made once a run and shared by the UI languages' pages (`ctx.shared`)."""
    key = ("lines", section.id)
    if key in ctx.shared:
        return ctx.shared[key]
    doc = ctx.result.documents[section.source_id]
    facts = sorted((f for f in ctx.result.facts.get(section.source_id, [])
                    if section.anchor.start <= f.anchor.start < section.anchor.end),
                   key=lambda f: (f.anchor.start, -f.anchor.end))
    subs = [s for s in ctx.result.sections[section.source_id] if s.parent_id == section.id and s.level == 1]
    lines = []
    for n in range(section.start_line, section.end_line + 1):
        ls = doc.line_starts[n - 1]
        le = doc.line_starts[n] - 1 if n < len(doc.line_starts) else len(doc.text)
        ls, le = max(ls, section.anchor.start), min(le, section.anchor.end)
        if ls > le:
            continue
        lines.append(_line(ctx, doc, n, ls, le, [f for f in facts if f.anchor.start < le + 1 and f.anchor.end > ls],
                           doc.page_markers, [x for x in subs if ls <= x.anchor.start <= le]))
    ctx.shared[key] = (lines, facts)
    return lines, facts
