"""Block detectors: each finds one kind of block on the lines of a text. A new layout kind is a
new detector here (and texts in tests/unseen/ that show it), not a new code path downstream."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pipeline.ingest.markup import PARAGRAPH
from pipeline.patterns import compile_pattern
from pipeline.structure.blocks import Block
from pipeline.structure.headings import Candidate, clean_title
from schemas import Document

_BULLET = compile_pattern(r"^[ \t]*(?:[-*+•・●○◆◇■□▪►▶※☆★]|\d{1,3}[.)](?=[ \t])|[(（]\d{1,3}[)）]|[①-⑳])[ \t]*\S")
_CELLS = compile_pattern(r"^[ \t]*\|?(?:[^|\t\n]+[|\t]){2,}[^|\t\n]*\|?[ \t]*$")
LABEL_LINE = compile_pattern(r"^[ \t]*(?:\*\*)?[^\s:：|*][^:：|。.!?！？\n]{0,30}?(?:\*\*)?[ \t]*[:：][ \t]*\S")
_SECTION_OPEN = compile_pattern(r"<(/?)(sect\d|section|chapter|article|book|part|refsect\d|simplesect)\b[^<>]*?(/?)>",
                                flags=0)
_COMMENT = compile_pattern(r"(?s)<!--.*?-->")   # a comment may run over lines
_HEADING_TAG = compile_pattern(r"<h([1-6])\b")
_MARKDOWN_LEVEL = compile_pattern(r"^[ \t]*(#{1,6})[ \t]")
_NUMBER_LEVEL = compile_pattern(r"^[ \t]*(\d{1,3}(?:\.\d{1,3})*)")


@dataclass(frozen=True)
class Lines:
    """The normalized lines of a document with their original offsets, read by every detector."""

    doc: Document
    norm: list[str]
    skip: tuple[tuple[int, int], ...]     # boilerplate spans (original offsets)

    @classmethod
    def of(cls, doc: Document) -> Lines:
        return cls(doc, doc.normalized.split("\n"), tuple((b.start, b.end) for b in doc.boilerplate))

    def span(self, i: int) -> tuple[int, int]:
        """Original offsets of line i without its surrounding white space."""
        start = self.doc.line_starts[i]
        end = self.doc.line_starts[i + 1] if i + 1 < len(self.doc.line_starts) else len(self.doc.text)
        raw = self.doc.text[start:end]
        lead = len(raw) - len(raw.lstrip())
        return start + lead, start + len(raw.rstrip())

    def skipped(self, offset: int) -> bool:
        return any(s <= offset < e for s, e in self.skip)


def markup_depths(text: str) -> Callable[[int], int]:
    """For a markup text: how many section elements are open at an offset (DocBook nesting).
    Real files are not always well formed: a numbered section (`<sect2>`) opened while another
    of its number or deeper is still open closes that one first (an unclosed "Правила" of one
    game does not push the next games a level down), a close tag with no open element is
    ignored, and a section inside a comment opens nothing."""
    events: list[tuple[int, int]] = []
    stack: list[str] = []
    comments = [(m.start(), m.end()) for m in _COMMENT.finditer(text)]
    for m in _SECTION_OPEN.finditer(text):
        i = bisect_right(comments, (m.start(), 1 << 62)) - 1
        if m.group(3) or (i >= 0 and comments[i][0] <= m.start() < comments[i][1]):
            continue          # an empty element, or one commented out, opens nothing
        name = m.group(2).lower()
        if m.group(1):
            if name in stack:
                del stack[len(stack) - 1 - stack[::-1].index(name):]
        else:
            level = _section_number(name)
            while level is not None and stack and (_section_number(stack[-1]) or 0) >= level:
                stack.pop()
            stack.append(name)
        events.append((m.start(), len(stack)))
    starts = [e[0] for e in events]

    def at(offset: int) -> int:
        i = bisect_right(starts, offset) - 1
        return events[i][1] if i >= 0 else 0
    return at


def _section_number(name: str) -> int | None:
    """The level a numbered section element names (`sect2` -> 2), None for others."""
    digits = name[-1]
    return int(digits) if digits.isdigit() else None


def heading_level(c: Candidate, depth: str, depth_at: Callable[[int], int]) -> int:
    """A heading's depth as its convention reads it (`depth` in conventions.yaml): Markdown's
    #s, an HTML h-number or DocBook section nesting, a numbered title's dotted parts; a run-in
    heading sits one below the part it opens in."""
    if depth == "markdown":
        m = _MARKDOWN_LEVEL.match(c.title)
        return len(m.group(1)) if m else 1
    if depth == "markup":
        m = _HEADING_TAG.match(c.title)
        return int(m.group(1)) if m else max(depth_at(c.start), 1)
    if depth == "numbered":
        m = _NUMBER_LEVEL.match(c.title)
        return m.group(1).count(".") + 1 if m else 1
    return 2 if depth == "run_in" else 1


def heading_blocks(lines: Lines, cands: list[Candidate], conventions) -> Iterator[Block]:
    depth_at = markup_depths(lines.doc.text) if PARAGRAPH in lines.doc.normalized else (lambda _: 0)
    for c in cands:
        yield Block("heading", c.start, c.end, c.line, c.text, c.convention,
                    heading_level(c, conventions.by_name[c.convention].depth, depth_at), c)


_KEYED = compile_pattern(r'<[A-Za-z][\w:.-]*\s[^<>]*?\b(?:name|id)="(?P<key>[A-Za-z][\w.-]{2,80})"')
_KEY_PARTS = compile_pattern(r"[_.]")
_CAMEL = compile_pattern(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)")


def keyed_groups(lines: Lines) -> list[Candidate]:
    """An app's resource or XML manual keeps one element per part of each game, the game in its
    key (`manual_Klondike_rules`, `manual_Klondike_scoring`): a run of two or more elements whose
    keys share their first two parts opens a group named by the second part ("SimpleSimon" ->
    "Simple Simon"), a heading of the `keyed_group` convention."""
    doc = lines.doc
    out: list[Candidate] = []
    run: list[tuple[int, int, tuple[str, str]]] = []

    def close() -> None:
        if len(run) >= 2:
            start, end, (prefix, name) = run[0]
            line = bisect_right(doc.line_starts, start)
            out.append(Candidate(line, start, end, doc.text[start:end], _CAMEL.sub(" ", name).replace("-", " "),
                                 "keyed_group", True, False, tier=prefix))
        run.clear()

    for m in _KEYED.finditer(doc.text):
        parts = _KEY_PARTS.split(m.group("key"))
        if len(parts) < 3:
            close()
            continue
        group = (parts[0], parts[1])
        if run and run[-1][2] != group:
            close()
        run.append((m.start("key"), m.end("key"), group))
    close()
    return out


def key_suffixes(text: str) -> set[str]:
    """The parts a keyed group's elements name after the group's key (`manual_Klondike_rules`
    -> "rules", `manual_ui_text_part_2` -> "text_part"): what the group holds."""
    out = set()
    for m in _KEYED.finditer(text):
        parts = _KEY_PARTS.split(m.group("key"))[2:]
        rest = "_".join(p for p in parts if not p.isdigit()).casefold()
        if rest:
            out.add(rest)
    return out


def chrome_blocks(lines: Lines) -> Iterator[Block]:
    doc = lines.doc
    for b in doc.boilerplate:
        line = bisect_right(doc.line_starts, b.start)
        yield Block("chrome", b.start, b.end, line, doc.text[b.start:b.end], f"boilerplate:{b.kind}")


LINE_KINDS: tuple[tuple[str, object], ...] = (   # tried in order on a line that is no heading
    ("table_row", _CELLS), ("list_item", _BULLET), ("label_value", LABEL_LINE))


def line_blocks(lines: Lines, heading_lines: set[int]) -> Iterator[Block]:
    """Table rows, list items and label lines one per line; the other lines of prose joined into
    paragraphs, which end at a blank line, a markup block break or another kind of block."""
    para: list[int] = []

    def flush() -> Iterator[Block]:
        if para:
            start, end = lines.span(para[0])[0], lines.span(para[-1])[1]
            yield Block("paragraph", start, end, para[0] + 1, " ".join(clean_title(lines.norm[i]) for i in para),
                        "prose")
            para.clear()

    for i, raw in enumerate(lines.norm):
        text = clean_title(raw.replace(PARAGRAPH, " "))
        start, end = lines.span(i)
        if not text or i in heading_lines or start >= end or lines.skipped(start):
            yield from flush()
            continue
        kind = next((k for k, pat in LINE_KINDS if pat.search(raw)), None)
        if kind is not None:
            yield from flush()
            yield Block(kind, start, end, i + 1, text, kind)
            continue
        if PARAGRAPH in raw.lstrip(" \t")[:1]:
            yield from flush()      # a markup block element begins here
        para.append(i)
    yield from flush()
