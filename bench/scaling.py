"""Scaling of the per-source stages in the number of lines (issue 27): texts whose layout once
made a stage superlinear — a run of short lines (heading detection walked back over the whole
run from every line), the same as HTML lines, repeated punctuation, one long paragraph — each at
1k to 64k lines, processed by the per-source stages (ingest, segment, extract) in this process.

The property: seconds per line stays within 2x of the smallest size's over the whole range.
Writes bench/scaling.json and exits 1 when a kind is superlinear.
Run: `python bench/scaling.py [max_lines]` (default 64000)."""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.build import load_checked_knowledge, process_source  # noqa: E402
from pipeline.manifest import load_manifest  # noqa: E402

WORDS = ("trump", "lead", "follow", "pack", "deal", "score", "trick", "suit", "hand", "bid", "meld", "game")
KINDS = {
    # no punctuation, at most 12 characters: each line looks like a short running title
    "short_lines": lambda i: f"{WORDS[i % 12].title()} {i % 1000}",
    # the same lines in the body of an HTML page
    "html_lines": lambda i: f"{WORDS[i % 12]} {i % 1000}",
    "punctuation": lambda i: "!?.,;:-" * 8,
    # one paragraph: prose lines with no blank line between them
    "paragraph": lambda i: f"The {WORDS[i % 12]} of {WORDS[(i * 5) % 12]} counts {i % 10} points, and each "
                           f"player has {i % 9 + 2} cards.",
}
SIZES = (1000, 4000, 16000, 64000)
LIMIT = 2.0


def seconds_for(kind: str, lines: int, tmp: Path) -> float:
    corpus_dir = tmp / f"{kind}-{lines}"
    (corpus_dir / "texts").mkdir(parents=True, exist_ok=True)
    suffix = ".html" if kind == "html_lines" else ".txt"
    body = "\n".join(KINDS[kind](i) for i in range(lines)) + "\n"
    if kind == "html_lines":
        body = f"<html><head><title>Whist</title></head><body>\n{body}</body></html>\n"
    else:
        body = "WHIST\n\n" + body
    (corpus_dir / "texts" / f"t{suffix}").write_text(body, encoding="utf-8")
    (corpus_dir / "sources.toml").write_text(
        f'[[source]]\nid = "t"\nfile = "texts/t{suffix}"\nlanguage = "en"\ntitle = "T"\n', encoding="utf-8")
    corpus = load_manifest(corpus_dir)
    knowledge = load_checked_knowledge(corpus)
    start = time.perf_counter()
    process_source(corpus, corpus.entries[0], knowledge)
    return time.perf_counter() - start


def main(max_lines: int) -> int:
    sizes = [n for n in SIZES if n <= max_lines]
    report, failed = {}, []
    with tempfile.TemporaryDirectory(prefix="hoyle-scaling-") as tmp:
        seconds_for("short_lines", 200, Path(tmp))   # warm: spaCy and the rules loaded once
        for kind in KINDS:
            rows = []
            for n in sizes:
                s = seconds_for(kind, n, Path(tmp))
                rows.append({"lines": n, "seconds": round(s, 3), "ms_per_line": round(1000 * s / n, 4)})
                print(f"{kind:12} {n:6} lines {s:8.2f} s  {1000 * s / n:.4f} ms/line", flush=True)
            ratio = rows[-1]["ms_per_line"] / max(rows[0]["ms_per_line"], 1e-9)
            report[kind] = {"rows": rows, "ratio_last_to_first": round(ratio, 2), "linear": ratio <= LIMIT}
            if ratio > LIMIT:
                failed.append(kind)
    (ROOT / "bench" / "scaling.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print("superlinear: " + ", ".join(failed) if failed else f"all linear within {LIMIT}x")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 64000))
