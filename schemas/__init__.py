"""Pydantic models for every record that crosses a stage boundary or is exported."""

from schemas.models import (  # noqa: F401
    Anchor,
    BoilerplateSpan,
    Comparison,
    ComparisonCell,
    ComparisonRow,
    Document,
    Fact,
    FootnoteMarker,
    Game,
    GameNames,
    ManifestEntry,
    PageMarker,
    PlayerRange,
    Section,
    SectionAnchor,
    SectionPair,
    Source,
    TocLink,
    TopicPassage,
    VariantChange,
)
