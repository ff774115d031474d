"""The evidence books give about their own structure: contents lists and indexes.

Entries are parsed from the contents/index blocks (`name  page`), matched to games, used to
recover a game whose heading the text lost (the contents says the game starts on page P; the
first line after the `{P}` marker begins with the game's name), and linked to sections of the
same source or of the source it is a translation of (`same_edition_as` in sources.toml).
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.identify.index import GameIndex
from pipeline.patterns import compile_pattern
from pipeline.positions import split_lines
from pipeline.structure.headings import Conventions, clean_title, contents_blocks
from schemas import Document, Section, TocLink

_PAGE_SEP = compile_pattern(r"[,、]")

_ENTRY = compile_pattern(
    r"^(?P<name>.*?\S)[,，\s]\s*(?P<pages>(?:\d{1,4}|[ivxlc]{1,6})(?:\s*[,、]\s*(?:\d{1,4}|[ivxlc]{1,6}))*)\s*$")


@dataclass(frozen=True)
class Entry:
    line: int                # 1-based
    start: int               # ORIGINAL offsets of the entry line (stripped)
    end: int
    name: str                # normalized entry text without page numbers
    pages: tuple[str, ...]   # printed pages it gives (may be empty for a group header)
    group_page: str | None   # its own first page, or its group's first sub-entry page


def contents_entries(doc: Document, conventions: Conventions) -> list[Entry]:
    norm_lines = doc.normalized.split("\n")
    orig_lines = split_lines(doc.text)
    out: list[Entry] = []
    for first, last in contents_blocks(norm_lines, conventions):
        rows = []
        for i in range(first, last):
            t = clean_title(norm_lines[i])
            if not t:
                continue
            m = _ENTRY.match(t)
            name = m.group("name").strip(" ,，") if m else t
            pages = tuple(p.strip() for p in _PAGE_SEP.split(m.group("pages"))) if m else ()
            rows.append((i, name, pages))
        for k, (i, name, pages) in enumerate(rows):
            group_page = pages[0] if pages else next((p[0] for _, _, p in rows[k + 1:k + 3] if p), None)
            orig = orig_lines[i]
            s = doc.line_starts[i] + len(orig) - len(orig.lstrip())
            out.append(Entry(i + 1, s, doc.line_starts[i] + len(orig.rstrip()), name, pages, group_page))
    return out


def game_entries(entries: list[Entry], gaz: GameIndex) -> list[tuple[Entry, str]]:
    """Entries that name a game by their whole text (not a sub-topic of the group above)."""
    out = []
    for e in entries:
        m = gaz.match(e.name, allow_prefix=False, allow_numeric=False)
        if m and m.method in ("exact", "part"):
            out.append((e, m.game_id))
    return out


def lost_game_starts(doc: Document, entries: list[tuple[Entry, str]], found_games: set[str],
                     gaz: GameIndex) -> list[tuple[int, int, str]]:
    """(line, start offset, game id) of games the contents lists but no heading opened."""
    norm_lines = doc.normalized.split("\n")
    by_label = {m.label: m for m in doc.page_markers}
    out = []
    for entry, game_id in entries:
        if game_id in found_games or entry.pages or not entry.group_page:
            continue  # only group headers (a game with its own sub-entries) are evidence of a chapter
        marker = by_label.get(entry.group_page)
        if marker is None:
            continue
        names = [k for k in gaz.keys_of_game(game_id) if len(k) >= 2]
        for i in range(marker.line, min(marker.line + 3, len(norm_lines))):  # lines after the marker
            key = gaz.name_key(norm_lines[i][:40])
            if key and any(key.startswith(n) for n in names):
                out.append((i + 1, doc.line_starts[i], game_id))
                break
            if clean_title(norm_lines[i]):
                break
    return out


def toc_links(doc: Document, entries: list[tuple[Entry, str]], target_id: str,
              target_sections: list[Section]) -> list[TocLink]:
    games = [s for s in target_sections if s.kind in ("game", "variant")]
    links = []
    for entry, game_id in entries:
        cands = [s for s in games if s.game_id == game_id]
        target = None
        if cands:
            page = entry.pages[0] if entry.pages else entry.group_page
            if page and page.isdigit() and any(s.page and s.page.isdigit() for s in cands):
                target = min(cands, key=lambda s: abs(int(s.page) - int(page)) if s.page and s.page.isdigit() else 10**6)
            else:
                target = cands[0]
        links.append(TocLink(source_id=doc.source_id, line=entry.line, entry=doc.text[entry.start:entry.end],
                             page=entry.pages[0] if entry.pages else entry.group_page,
                             target_source_id=target_id, target_section_id=target.id if target else None))
    return links
