"""The test suite's own budget (issue 26): its wall time as `make test` runs it, and its slowest
tests, written to bench/suite.json. Run: `python bench/suite.py [pytest args...]` (`make bench-suite`).

The figure is the whole `pytest -n 2` process (collection, the shared builds, the browser tests),
measured here and never asserted in a test: a timed unit test fails on a busy machine, a recorded
figure shows a trend. The budget is 8 minutes on the project's idle 2-core machine."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUDGET_SECONDS = 480


def test_times(junit: Path) -> list[dict]:
    """Every test case of a JUnit report with its time, slowest first (a shared build is paid by
    whichever test asks for it first, or before the workers start under `make test`)."""
    cases = ET.parse(junit).getroot().iter("testcase")
    rows = [{"test": f"{c.get('classname')}::{c.get('name')}", "seconds": round(float(c.get("time") or 0), 2)}
            for c in cases]
    return sorted(rows, key=lambda r: -r["seconds"])


def main(extra: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="hoyle-suite-") as tmp:
        junit = Path(tmp) / "junit.xml"
        argv = [sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider", f"--junitxml={junit}", *extra]
        env = dict(os.environ, HOYLE_REQUIRE_BROWSER="1")
        start = time.perf_counter()
        proc = subprocess.run(argv, cwd=ROOT, env=env)
        wall = time.perf_counter() - start
        report = {
            "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "platform": platform.platform()},
            "command": "pytest -q -n 2" + "".join(f" {a}" for a in extra),
            "exit_code": proc.returncode,
            "wall_seconds": round(wall, 1),
            "budget_seconds": BUDGET_SECONDS,
        }
        times = test_times(junit) if junit.is_file() else []
        report["tests"] = len(times)
        report["test_seconds_total"] = round(sum(r["seconds"] for r in times), 1)
        report["slowest"] = times[:15]
    (ROOT / "bench" / "suite.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"\nsuite: {report['wall_seconds']} s wall (budget {BUDGET_SECONDS} s), exit {proc.returncode}")
    for row in report["slowest"][:5]:
        print(f"  {row['seconds']:>7.2f} s  {row['test']}")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
