"""`hoyle audit`: a repeatable random sample of built facts with their context, for a person to
judge, and the precision of judged samples (tests/audit/*.jsonl, read by `hoyle eval`).

A review file is JSON lines, one fact each: its citation and context, the facet and value, and
`verdict` for the reviewer to set to "right" or "wrong" (and a `note`)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from pipeline.errors import HoyleError
from pipeline.extract.roles import RULE_ROLES

CONTEXT = 160  # characters of text shown on each side of the quote


def sample_facts(data_dir: Path, corpus_root: Path, n: int, seed: int, per_language: bool = True) -> list[dict]:
    """`n` facts drawn with `seed` from `data_dir/facts.jsonl` (per language when `per_language`:
    n each), each with its context read from the source text."""
    from pipeline.builtdata import BuiltData

    facts_path, sources_path = data_dir / "facts.jsonl", data_dir / "sources.json"
    if not facts_path.is_file() or not sources_path.is_file():
        raise HoyleError(f"{data_dir}: no facts.jsonl/sources.json", hint="run `hoyle build` first")
    built = BuiltData(data_dir.parent)
    built.data = data_dir   # (--data names the data folder itself)
    sources = {s.id: s.model_dump(mode="json") for s in built.sources}
    # the facts the product states as rules: an example's or advice's facts are evidence only
    facts = [f for fact in built.facts for f in [fact.model_dump(mode="json")]
             if f.get("role", "rule") in RULE_ROLES and f["source_id"] in sources]
    rng = random.Random(seed)
    groups: dict[str, list[dict]] = {}
    for f in facts:
        key = sources[f["source_id"]]["language"] if per_language else "all"
        groups.setdefault(key, []).append(f)
    out = []
    texts: dict[str, str] = {}
    for key in sorted(groups):
        pool = sorted(groups[key], key=lambda f: f["id"])
        for f in rng.sample(pool, min(n, len(pool))):
            src = sources[f["source_id"]]
            if f["source_id"] not in texts:
                texts[f["source_id"]] = _source_text(corpus_root, src)
            text, a = texts[f["source_id"]], f["anchor"]
            out.append({"id": f["id"], "language": src["language"], "source_id": f["source_id"], "game_id": f["game_id"],
                        "facet": f["facet"], "value": f["value"], "qualifier": f["qualifier"], "rule": f["rule"],
                        "role": f.get("role", "rule"),
                        "line": a["line"], "quote": a["quote"],
                        "context": text[max(0, a["start"] - CONTEXT):a["start"]] + "【" + a["quote"] + "】"
                                   + text[a["end"]:a["end"] + CONTEXT],
                        "verdict": None, "note": ""})
    return out


def _source_text(corpus_root: Path, src: dict) -> str:
    path = corpus_root / src["file"]
    try:
        return path.read_bytes().decode(src.get("encoding") or "utf-8-sig")
    except (OSError, UnicodeDecodeError, LookupError) as exc:
        raise HoyleError(f"{path}: cannot read the text of source {src['id']!r} "
                         f"({getattr(exc, 'strerror', None) or exc})",
                         hint="give --corpus the corpus the data was built from") from None


def audited_precision(audit_dir: Path) -> dict[str, tuple[int, int]]:
    """(right, judged) per language over the judged facts of every review file in `audit_dir`."""
    out: dict[str, tuple[int, int]] = {}
    for path in sorted(audit_dir.glob("*.jsonl")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise HoyleError(f"{path}:{i}: malformed JSON: {exc.msg}") from None
            if row.get("verdict") not in ("right", "wrong"):
                continue
            right, judged = out.get(row["language"], (0, 0))
            out[row["language"]] = (right + (row["verdict"] == "right"), judged + 1)
    return out
