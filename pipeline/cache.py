"""Per-source cache of the per-source stages (ingest, segment, extract).

A cached result is keyed by the source's raw bytes, its manifest entry, the knowledge files and
the pipeline's own code, so any change to one of them re-processes exactly the sources it
affects. Entries are pickles in a folder beside the output (never inside it: the output is
replaced whole on every build)."""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path

import pipeline

CODE_ROOT = Path(pipeline.__file__).resolve().parent


def code_digest() -> str:
    """Hash of the pipeline's code and language data: a changed rule invalidates the cache
    (a few hundred KB hashed per call: cheaper than keeping it in module state)."""
    h = hashlib.sha256(pipeline.PIPELINE_VERSION.encode())
    for path in sorted(CODE_ROOT.rglob("*")):
        # code, language data and the page templates; not bytecode
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            h.update(str(path.relative_to(CODE_ROOT)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def source_key(raw: bytes, entry_json: str, knowledge_digest: str) -> str:
    h = hashlib.sha256()
    for part in (hashlib.sha256(raw).digest(), entry_json.encode(), knowledge_digest.encode(), code_digest().encode()):
        h.update(part)
    return h.hexdigest()


class Cache:
    def __init__(self, root: Path | None):
        self.root = root

    def get(self, key: str):
        if self.root is None:
            return None
        path = self.root / f"{key}.pickle"
        try:
            with path.open("rb") as fh:
                return pickle.load(fh)
        except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError):
            return None

    def put(self, key: str, value) -> None:
        if self.root is None:
            return
        self.root.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.root, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, self.root / f"{key}.pickle")
