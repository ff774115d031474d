"""`hoyle build` on the embedded corpus: sources.json and the JSON Schemas."""

import hashlib
import json
from pathlib import Path

import jsonschema

from pipeline.manifest import load_manifest
from schemas.generate import COMMITTED_DIR, embedded_facet_types, schema_texts

ROOT = Path(__file__).resolve().parents[1]


def test_sources_json_lists_every_source_with_its_hash_and_size(embedded_build):
    out, _ = embedded_build
    sources = json.loads((out / "data" / "sources.json").read_text(encoding="utf-8"))
    assert {s["language"] for s in sources} == {"ja", "en", "ru"}
    assert len(sources) == len(load_manifest(ROOT / "corpus").entries)
    schema = json.loads((out / "data" / "schema" / "source.json").read_text())
    for s in sources:
        jsonschema.validate(s, schema)
        raw = (ROOT / "corpus" / s["file"]).read_bytes()
        assert s["sha256"] == hashlib.sha256(raw).hexdigest()
        text = raw.decode(s["encoding"]).removeprefix("\ufeff")
        assert s["chars"] == len(text)
        assert s["lines"] == len(text.split("\n")) - (1 if text.endswith("\n") else 0)
        assert not Path(s["file"]).is_absolute()
    years = [s["year"] for s in sources]
    assert years == sorted(years)


def test_embedded_texts_are_the_received_bytes():
    """Where the received seeds are beside the checkout, corpus/texts holds byte-identical copies."""
    seeds = ROOT.parent / "shared" / "seeds"
    have = {hashlib.sha256(p.read_bytes()).hexdigest() for p in (ROOT / "corpus" / "texts").iterdir()}
    for seed in sorted(seeds.glob("*.txt")) if seeds.is_dir() else []:
        assert hashlib.sha256(seed.read_bytes()).hexdigest() in have, seed.name


def test_committed_json_schemas_are_up_to_date():
    for name, text in schema_texts(embedded_facet_types()).items():
        committed = COMMITTED_DIR / name
        assert committed.is_file(), f"run: python -m schemas.generate ({name} missing)"
        assert committed.read_text(encoding="utf-8") == text, f"stale {name}: run python -m schemas.generate"


def test_build_writes_the_schemas(embedded_build):
    out, _ = embedded_build
    names = sorted(p.name for p in (out / "data" / "schema").iterdir())
    assert names == sorted(schema_texts())
