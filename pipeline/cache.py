"""Per-source cache of the per-source stages (ingest, segment, extract).

A cached result is keyed by the source's raw bytes, its manifest entry, the knowledge files and
the pipeline's own code, so any change to one of them re-processes exactly the sources it
affects. Entries live in a folder beside the output (never inside it: the output is replaced
whole on every build).

An entry is data, never code: JSON validated by the pydantic models on the way back (a pickle
beside `--out` ran whatever whoever could write there put in it). Its first line is the SHA-256
of the rest and the rest names its own key, so a flipped byte, a cut-off write or an entry copied
under another name is a miss: the source is processed again, never published from a bad entry."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

import pipeline
from schemas import Document, Fact, Game, Section, Source

CODE_ROOT = Path(pipeline.__file__).resolve().parent
SUFFIX = ".json"


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


class CachedSource(BaseModel):
    """What the per-source stages made of one source, as stored."""

    model_config = ConfigDict(extra="forbid")

    key: str
    source: Source
    document: Document
    sections: list[Section]
    warnings: list[str]
    facts: list[Fact]
    provisional: list[Game]


class Cache:
    def __init__(self, root: Path | None):
        self.root = root

    def _path(self, key: str) -> Path:
        return self.root / f"{key}{SUFFIX}"

    def get(self, key: str) -> CachedSource | None:
        """The entry of `key`, or None when there is none or it is not exactly what was written."""
        if self.root is None:
            return None
        try:
            blob = self._path(key).read_bytes()
        except OSError:
            return None
        digest, _, body = blob.partition(b"\n")
        if digest != hashlib.sha256(body).hexdigest().encode():
            return None
        try:
            entry = CachedSource.model_validate_json(body)
        except (ValidationError, ValueError):
            return None
        return entry if entry.key == key else None

    def put(self, entry: CachedSource) -> str | None:
        """Store `entry`; written to a temporary file and renamed, so a reader sees all of it or
        nothing. A failed write (disk full, read-only) leaves nothing behind and is returned as a
        message: the cache is an optimisation, the build goes on without it."""
        if self.root is None:
            return None
        body = entry.model_dump_json().encode()
        blob = hashlib.sha256(body).hexdigest().encode() + b"\n" + body
        tmp = None
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.root, suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                fh.write(blob)
            os.replace(tmp, self._path(entry.key))
        except OSError as exc:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
            return f"{self.root}: cache entry not written ({exc.strerror or exc}); the build goes on without it"
        return None

    def remove_stale(self) -> None:
        """Temporary files of a killed build (an hour old: not a running build's) and entries in
        the old pickle format, never read again."""
        if self.root is None or not self.root.is_dir():
            return
        now = time.time()
        for path in [*self.root.glob("*.tmp"), *self.root.glob("*.pickle")]:
            with contextlib.suppress(OSError):
                if path.suffix == ".pickle" or now - path.stat().st_mtime > 3600:
                    path.unlink()
