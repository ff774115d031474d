"""JSON Schemas generated from the pydantic models (committed in schemas/json/, copied into
every build). Run `python -m schemas.generate` after changing a model."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pydantic import TypeAdapter

from schemas.models import VALUE_TYPES, Comparison, Fact, Game, Section, SectionPair, Source, TocLink, TopicPassage

EXPORTED = {
    "source": Source,
    "section": Section,
    "game": Game,
    "fact": Fact,
    "comparison": Comparison,
    "toc_link": TocLink,
    "section_pair": SectionPair,
    "topic_passage": TopicPassage,
}
COMMITTED_DIR = Path(__file__).parent / "json"


def _value_schema(facet_type: str) -> dict:
    return TypeAdapter(VALUE_TYPES[facet_type]).json_schema(mode="serialization")


def facet_conditions(facet_types: dict[str, str]) -> list[dict]:
    """`if facet is X then value is X's type`, one per facet of the registry (`score` stands for
    every `score:<item>`): the JSON Schema states each facet's shape."""
    out = []
    for facet, facet_type in facet_types.items():
        facet_rule = {"pattern": "^score:[a-z0-9_]+$"} if facet == "score" else {"const": facet}
        out.append({"if": {"properties": {"facet": facet_rule}, "required": ["facet"]},
                    "then": {"properties": {"value": _value_schema(facet_type)}}})
    return out


def schema_texts(facet_types: dict[str, str] | None = None) -> dict[str, str]:
    """The JSON Schemas; `facet_types` (facet -> type, from the facet registry) adds each facet's
    value shape to the fact and comparison schemas."""
    out = {}
    for name, model in EXPORTED.items():
        schema = model.model_json_schema(mode="serialization")
        if name == "fact" and facet_types:
            schema["allOf"] = facet_conditions(facet_types)
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["$id"] = f"https://hoyle-concordance.invalid/schema/{name}.json"
        out[f"{name}.json"] = json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    return out


def write(directory: Path, facet_types: dict[str, str] | None = None) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for fname, text in schema_texts(facet_types).items():
        (directory / fname).write_text(text, encoding="utf-8")


def embedded_facet_types() -> dict[str, str]:
    """facet -> type of the embedded corpus's registry (for the committed schemas)."""
    from pipeline.knowledge import load_knowledge
    from pipeline.manifest import EMBEDDED_CORPUS, load_manifest

    registry = load_knowledge(load_manifest(EMBEDDED_CORPUS)).facets
    return {facet: spec.type for facet, spec in registry.specs.items()}


if __name__ == "__main__":
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else COMMITTED_DIR, embedded_facet_types())
