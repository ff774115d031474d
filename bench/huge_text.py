"""A huge text and a huge line (issue 14's case, moved out of the test suite by issue 26): the
embedded English book repeated to 12 MB, and one 5 MB line, built as a whole `hoyle build`
process. Records its seconds and peak memory in bench/huge_text.json; per MB, so a change that
makes a stage superlinear shows. Run: `python bench/huge_text.py [MB]`."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(mb: float) -> None:
    para = (ROOT / "corpus" / "texts" / "foster1914-en.txt").read_text(encoding="utf-8")
    size = int(mb * 1_000_000)
    big = (para * (size // len(para) + 1))[:size]
    line = ("Piquet is played by two persons with a pack of thirty-two cards. " * (size // 160))[:size * 5 // 12]
    with tempfile.TemporaryDirectory(prefix="hoyle-huge-") as tmp:
        corpus = Path(tmp) / "corpus"
        (corpus / "texts").mkdir(parents=True)
        (corpus / "texts" / "big.txt").write_text(big, encoding="utf-8")
        (corpus / "texts" / "line.txt").write_text(line, encoding="utf-8")
        (corpus / "sources.toml").write_text(
            '[[source]]\nid = "big"\nfile = "texts/big.txt"\nlanguage = "en"\ntitle = "B"\n\n'
            '[[source]]\nid = "line"\nfile = "texts/line.txt"\nlanguage = "en"\ntitle = "L"\n', encoding="utf-8")
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "pipeline.cli", "build", "--corpus", str(corpus), "--out",
                               str(Path(tmp) / "out"), "--no-site", "--no-cache"], cwd=ROOT, capture_output=True, text=True)
        seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    chars = len(big) + len(line)
    report = {"text_chars": len(big), "line_chars": len(line), "exit_code": proc.returncode,
              "seconds": round(seconds, 1), "seconds_per_mb": round(seconds / (chars / 1e6), 1),
              "peak_memory_mb": round(peak_mb)}
    (ROOT / "bench" / "huge_text.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    if proc.returncode:
        print(proc.stderr[-2000:], file=sys.stderr)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 12.0)
