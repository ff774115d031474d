"""The block tree of a text: what every later stage reads instead of the raw format."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from pipeline.structure.headings import Candidate

# heading: a title of any layout (markup element, Markdown, numbered, caps, label line…);
# paragraph, list_item, label_value (a short label, a colon or a gap, a value), table_row;
# chrome: navigation, breadcrumbs, boilerplate — never read for games or facts
BLOCK_KINDS = ("heading", "paragraph", "list_item", "label_value", "table_row", "chrome")


@dataclass(frozen=True)
class Block:
    kind: str
    start: int          # offsets in the ORIGINAL text
    end: int
    line: int           # 1-based line of its start
    text: str           # the normalized text of the block
    detector: str       # the detector (or heading convention) that found it
    level: int = 0      # a heading's depth (1 outermost); 0 for other blocks
    heading: Candidate | None = None   # a heading's candidate, as the conventions found it


@dataclass
class BlockTree:
    """The blocks of one text in reading order; headings nest by level."""

    blocks: list[Block]
    _starts: list[int] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self.blocks.sort(key=lambda b: (b.start, b.kind != "heading", b.detector))
        self._starts = [b.start for b in self.blocks]

    @property
    def headings(self) -> list[Block]:
        return [b for b in self.blocks if b.kind == "heading"]

    def heading_levels(self) -> dict[tuple[int, str], int]:
        """(start, convention) -> depth: a heading's depth as its own convention sets it (a line
        may be proposed by several conventions, each at its own depth)."""
        return {(b.heading.start, b.heading.convention): b.level for b in self.blocks
                if b.kind == "heading" and b.heading is not None}

    def candidates(self) -> list[Candidate]:
        """Every heading candidate, in the order the conventions' proposals are compared."""
        return sorted((b.heading for b in self.blocks if b.heading is not None),
                      key=lambda c: (c.start, c.convention))

    def between(self, start: int, end: int, kinds: tuple[str, ...] = BLOCK_KINDS) -> list[Block]:
        i = bisect_right(self._starts, start - 1)
        out = []
        while i < len(self.blocks) and self.blocks[i].start < end:
            if self.blocks[i].kind in kinds:
                out.append(self.blocks[i])
            i += 1
        return out

    def body_of(self, heading: Block, limit: int | None = None) -> list[Block]:
        """The blocks under a heading: up to the next heading of its kind at its level or above (or
        `limit`)."""
        end = limit if limit is not None else 1 << 62
        for b in self.blocks:
            if b.kind == "heading" and b.start > heading.start and b.level <= heading.level \
                    and b.detector == heading.detector:
                end = min(end, b.start)
                break
        return [b for b in self.between(heading.end, end) if b.kind != "heading" or b.start > heading.start]
