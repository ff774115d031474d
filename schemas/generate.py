"""JSON Schemas generated from the pydantic models (committed in schemas/json/, copied into
every build). Run `python -m schemas.generate` after changing a model."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from schemas.models import Comparison, Fact, Game, Section, Source, TocLink, TopicPassage

EXPORTED = {
    "source": Source,
    "section": Section,
    "game": Game,
    "fact": Fact,
    "comparison": Comparison,
    "toc_link": TocLink,
    "topic_passage": TopicPassage,
}
COMMITTED_DIR = Path(__file__).parent / "json"


def schema_texts() -> dict[str, str]:
    out = {}
    for name, model in EXPORTED.items():
        schema = model.model_json_schema(mode="serialization")
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["$id"] = f"https://hoyle-concordance.invalid/schema/{name}.json"
        out[f"{name}.json"] = json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    return out


def write(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for fname, text in schema_texts().items():
        (directory / fname).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else COMMITTED_DIR)
