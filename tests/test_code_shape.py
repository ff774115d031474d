"""The shape issue 29 asks of the extraction code: small functions, a low branch count, and a
facet spec whose extraction is declared in few fields (the rest is relations)."""

import ast
import subprocess
import sys
from pathlib import Path

from pipeline.knowledge.models import FacetSpec

EXTRACT = Path(__file__).resolve().parents[1] / "pipeline" / "extract"
MAX_LINES = 60
MAX_COMPLEXITY = 15
# what a facet is and how it is shown; every other field is how it is read from a text
DESCRIPTIVE = {"type", "doc", "bounds", "nonzero", "cards", "labels", "about", "display"}


def _functions():
    for path in sorted(EXTRACT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield path.name, node


def test_extract_functions_are_short():
    long = [(f, n.name, n.end_lineno - n.lineno + 1) for f, n in _functions()
            if n.end_lineno - n.lineno + 1 > MAX_LINES]
    assert not long, long


def test_extract_functions_branch_little():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", str(EXTRACT), "--select", "C901",
                           "--config", f"lint.mccabe.max-complexity={MAX_COMPLEXITY}", "--output-format", "concise"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_facet_spec_extraction_fields_are_few():
    extraction = set(FacetSpec.model_fields) - DESCRIPTIVE
    assert len(extraction) <= 8, sorted(extraction)
