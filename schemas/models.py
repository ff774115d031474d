"""Records of the Hoyle Concordance.

Field names of exported records (Source, Section, Game, Fact, Comparison) are a contract relied
on by other tools: add fields, never rename or drop them.
"""

from __future__ import annotations

import codecs
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

SLUG = r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$"
# A language code with a profile folder (pipeline/lang/<code>/ or a corpus's lang/<code>/):
# ja, en and ru are embedded; the manifest checks that a profile exists.
Language = Annotated[str, Field(pattern=r"^[a-z]{2,3}$")]
SourceKind = Literal["book", "web", "forum"]
SectionKind = Literal["front", "game", "variant", "laws", "subsection", "other"]
Status = Literal["agree", "partial", "differ", "single"]


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ManifestEntry(Record):
    """One `[[source]]` table of `sources.toml`, as the user writes it."""

    id: str = Field(pattern=SLUG, max_length=64)
    file: str
    language: Language
    title: str = Field(min_length=1)
    # printed card-game rules begin in the 15th century; a year past 2100 is a typo
    year: int | None = Field(default=None, ge=1400, le=2100)
    edition: str | None = None
    kind: SourceKind = "book"
    machine_translated: bool = False
    origin: str | None = None
    encoding: str | None = None
    notes: str | None = None
    conventions: list[str] = Field(default_factory=list)
    # id of another source that is the same edition (this one translates it): contents and
    # index entries of this source are linked to that source's sections
    same_edition_as: str | None = Field(default=None, pattern=SLUG)
    # id of an earlier source with the very same text (a deliberate copy): built, but never
    # counted as a second source agreeing with it
    same_text_as: str | None = Field(default=None, pattern=SLUG)

    @field_validator("encoding")
    @classmethod
    def _text_codec(cls, v: str | None) -> str | None:
        if v is None:
            return v
        try:
            info = codecs.lookup(v)
        except LookupError:
            raise ValueError(f"unknown encoding {v!r} (use a text encoding such as utf-8, shift_jis, cp1251)") from None
        if not getattr(info, "_is_text_encoding", True):
            raise ValueError(f"{v!r} is not a text encoding (use one such as utf-8, shift_jis, cp1251)")
        return v

    @field_validator("file")
    @classmethod
    def _relative_file(cls, v: str) -> str:
        if v.startswith("/") or ".." in v.replace("\\", "/").split("/"):
            raise ValueError("file must be a path inside the corpus folder (no '..', not absolute)")
        return v


class PageMarker(Record):
    """A printed page marker such as `{12}`: the page `label` begins at `start`."""

    start: int
    end: int
    line: int
    label: str
    roman: bool


class FootnoteMarker(Record):
    start: int
    end: int
    line: int
    number: int


class BoilerplateSpan(Record):
    """Text that is not the work itself: Gutenberg markers, uploader notes, reader leftovers."""

    kind: str
    start: int
    end: int
    start_line: int
    end_line: int


SourceFormat = Literal["text", "html", "pdf", "epub", "docx"]


class SourceSpan(Record):
    """Where characters [start, end) of a derived text come from in the original file: `locator`
    names the place (`pdf p. 3, char 120`, `/html/body/main/p[2] +4`, `OEBPS/ch1.xhtml
    /html/body/p[7] +0`, `paragraph 12 +5`); characters in no span were written by the reader
    (line breaks between blocks, `{12}` page marks, `# ` before a heading)."""

    start: int
    end: int
    locator: str


class Repair(Record):
    """A change made while decoding (recorded in the source's provenance)."""

    kind: str
    detail: str


class Document(Record):
    """A decoded source: the ORIGINAL text plus a normalized view mapped back to it."""

    source_id: str
    language: Language
    text: str
    normalized: str
    # The offset map, as segments (see pipeline.ingest.normalize.normalize_with_segments).
    seg_norm: list[int]
    seg_orig: list[int]
    seg_olen: list[int]
    line_starts: list[int]
    page_markers: list[PageMarker]
    footnotes: list[FootnoteMarker]
    boilerplate: list[BoilerplateSpan]
    repairs: list[Repair] = Field(default_factory=list)
    # a PDF, EPUB, HTML page or Word file is read into `text` (derived, deterministic); the map
    # says where each run of it comes from in the original file
    format: SourceFormat = "text"
    pages: int | None = None
    source_map: list[SourceSpan] = Field(default_factory=list)

    def _seg(self, ni: int) -> int:
        from bisect import bisect_right
        return bisect_right(self.seg_norm, ni) - 1

    def orig_start(self, ni: int) -> int:
        """Original offset where normalized character `ni` begins."""
        if ni >= len(self.normalized):
            return len(self.text)
        k = self._seg(ni)
        return self.seg_orig[k] + (ni - self.seg_norm[k]) if self.seg_olen[k] == -1 else self.seg_orig[k]

    def orig_end(self, ni: int) -> int:
        """Original offset where normalized character `ni` ends."""
        k = self._seg(ni)
        return self.orig_start(ni) + 1 if self.seg_olen[k] == -1 else self.seg_orig[k] + self.seg_olen[k]

    def orig_span(self, ns: int, ne: int) -> tuple[int, int]:
        """The original span that produced normalized [ns, ne)."""
        if ne <= ns:
            at = self.orig_start(ns)
            return at, at
        return self.orig_start(ns), self.orig_end(ne - 1)

    def norm_index(self, offset: int) -> int:
        """The first normalized character that begins at or after original `offset`."""
        from bisect import bisect_right
        k = bisect_right(self.seg_orig, offset) - 1
        if k < 0:
            return 0
        seg_end = self.seg_norm[k + 1] if k + 1 < len(self.seg_norm) else len(self.normalized)
        if self.seg_olen[k] == -1:
            return min(self.seg_norm[k] + (offset - self.seg_orig[k]), seg_end)
        return self.seg_norm[k] if offset <= self.seg_orig[k] else seg_end


class PageRange(Record):
    first: str
    last: str
    count: int
    roman: bool


class Source(Record):
    """A source as exported in `sources.json`."""

    id: str = Field(pattern=SLUG)
    title: str
    language: Language
    year: int | None
    edition: str | None
    kind: SourceKind
    machine_translated: bool
    file: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    chars: int
    lines: int
    origin: str | None = None
    notes: str | None = None
    encoding: str
    page_ranges: list[PageRange] = Field(default_factory=list)
    boilerplate: list[BoilerplateSpan] = Field(default_factory=list)
    footnote_markers: int = 0
    repairs: list[Repair] = Field(default_factory=list)
    same_text_as: str | None = None
    # the source this one translates (the same edition), as declared in sources.toml
    same_edition_as: str | None = None
    # the file's format as read (detected by content) and its page count (PDF pages; else the
    # printed pages marked in it), and for a derived text the file in build/data/texts
    format: SourceFormat = "text"
    pages: int | None = None


class SectionAnchor(Record):
    start: int
    end: int


class Section(Record):
    id: str
    source_id: str
    game_id: str | None
    title: str | None
    kind: SectionKind
    parent_id: str | None
    start_line: int
    end_line: int
    page: str | None
    anchor: SectionAnchor
    level: int = 0
    rule: str | None = None
    warnings: list[str] = Field(default_factory=list)


class GameNames(Record):
    en: str
    ja: str | None = None
    ru: str | None = None


class Game(Record):
    id: str = Field(pattern=SLUG)
    names: GameNames
    aliases: list[str] = Field(default_factory=list)
    family: str
    parent: str | None = None
    # names of this game that are also common words or terms of play ("King", "Hearts", "Дурак",
    # 橋, "Пра"): such a name is the game only with evidence (a heading, a title, a subject),
    # never from a passing mention or a fuzzy match. `common_word: true` marks every name.
    common_names: list[str] = Field(default_factory=list)
    common_word: bool = False
    # not in games.yaml: named by a heading or title of a source, listed for review
    provisional: bool = False


class Anchor(Record):
    start: int
    end: int
    line: int
    page: str | None
    quote: str
    prefix: str
    suffix: str


class PlayerRange(Record):
    min: int
    max: int


# One value type per facet type (corpus/facets.yaml `type`); the JSON Schema of a fact states
# which one each facet takes (schemas/generate.py reads the facet registry).
IntValue = Annotated[int, Field(title="IntValue")]
DealPattern = Annotated[list[int], Field(title="DealPattern", description="cards per round of the deal")]
RankOrder = Annotated[list[str], Field(title="RankOrder", description="rank codes, highest first")]
RankPoints = Annotated[dict[str, int], Field(title="RankPoints", description="rank code -> points")]
VALUE_TYPES = {"int": IntValue, "range": PlayerRange, "list_int": DealPattern, "ranks": RankOrder,
               "rank_points": RankPoints, "item_points": IntValue}
FactValue = int | PlayerRange | list[int] | list[str] | dict[str, int] | str


class Fact(Record):
    id: str
    game_id: str | None
    source_id: str
    section_id: str
    facet: str
    value: FactValue
    qualifier: str | None
    anchor: Anchor
    rule: str
    # every place the source states this same value for this game, facet and qualifier (one fact
    # per statement of a value, not one per sentence); the first is `anchor`
    evidence: list[Anchor] = Field(default_factory=list)
    # the source also states another value for this game and facet without a qualifier
    conflict: bool = False
    # what the passage is: a rule or a law (penalty), or an example, strategy advice, history or
    # other (a count in a law about an irregularity: "only seven cards in the talon"), whose
    # facts are evidence only and stay out of comparisons
    role: Literal["rule", "law", "example", "strategy", "history", "other"] = "rule"
    # the facet's declared relations that changed the fact, in the order they ran
    # ("subtract:after:removed": a removed card subtracted; corpus/facets.yaml `relations:`)
    relations: list[str] = Field(default_factory=list)


class ComparisonCell(Record):
    value: FactValue
    fact_id: str
    # set when the source offers the value as a choice (alternative, optional) rather than states
    # it plainly: such values meet the plain values in one row
    offered: str | None = None


class ComparisonRow(Record):
    facet: str
    qualifier: str | None
    status: Status
    cells: dict[str, list[ComparisonCell]]
    # sources that state two or more values here themselves (a conflict within one source)
    conflicts: list[str] = Field(default_factory=list)
    # translations whose values here differ from their original's (a translation difference:
    # `status` compares editions, each read in its original where the original speaks)
    translation_differs: list[str] = Field(default_factory=list)


class VariantChange(Record):
    """A (facet, qualifier) where a named variant's stated values differ from its parent's."""

    facet: str
    qualifier: str | None
    parent_values: list[FactValue]
    variant_values: list[FactValue]


class Comparison(Record):
    game_id: str
    sources: list[str]
    rows: list[ComparisonRow]
    parent: str | None = None
    changes_from_parent: list[VariantChange] = Field(default_factory=list)


class TopicPassage(Record):
    """A passage of a game's text mapped to a common topic (dealing, scoring, ...): a sub-section
    by its heading, or a paragraph that opens with the topic's word; it starts at `start_line`."""

    game_id: str
    topic: str
    source_id: str
    section_id: str
    title: str | None
    start_line: int


class SectionPair(Record):
    """A section of a translation paired with the passage of its original it translates."""

    source_id: str
    section_id: str
    original_source_id: str
    original_section_id: str
    score: int            # the evidence: the same game, the same printed page, the same kind
    same_game: bool       # both name the same game (false: one names none, or they disagree)


class TocLink(Record):
    """A contents/index entry of one source linked to the section it names."""

    source_id: str
    line: int
    entry: str
    page: str | None
    target_source_id: str
    target_section_id: str | None
