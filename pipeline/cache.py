"""Per-source cache of the per-source stages (ingest, segment, extract).

A cached result is keyed by the source's raw bytes, its manifest entry, the knowledge files and
the pipeline's own code, so any change to one of them re-processes exactly the sources it
affects. Entries live in a folder beside the output (never inside it: the output is replaced
whole on every build).

An entry is data, never code: JSON validated by the pydantic models on the way back (a pickle
beside `--out` ran whatever whoever could write there put in it). Its first line is an HMAC of
the rest under a key kept outside the cache folder (in the user's state folder, mode 0600), and
the rest names its own key: a flipped byte, a cut-off write, an entry copied under another name
or one edited with its digest recomputed is a miss, and the source is processed again. A cache
folder owned by another user is not used at all."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
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


def key_file() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "hoyle" / "cache.key"


def signing_key() -> bytes | None:
    """This user's cache key, made on first use (32 random bytes, mode 0600); None when it can
    be neither read nor made (the build then goes without a cache)."""
    path = key_file()
    try:
        key = path.read_bytes()
        if len(key) >= 32 and path.stat().st_uid == os.getuid():
            return key
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".cache.key.")   # made 0600
        try:
            os.write(fd, secrets.token_bytes(32))
        finally:
            os.close(fd)
        os.replace(tmp, path)
        return path.read_bytes()
    except OSError:
        return None


class Cache:
    def __init__(self, root: Path | None):
        self.note: str | None = None
        self.key = signing_key() if root is not None else None
        if root is not None and self.key is None:
            self.note = f"{key_file()}: the cache key cannot be read or made; the build goes on without a cache"
            root = None
        elif root is not None and not _ours(root):
            self.note = f"{root}: the cache folder belongs to another user; the build goes on without it"
            root = None
        self.root = root

    def _sign(self, body: bytes) -> bytes:
        return hmac.new(self.key, body, hashlib.sha256).hexdigest().encode()

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
        if not hmac.compare_digest(digest, self._sign(body)):
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
        blob = self._sign(body) + b"\n" + body
        tmp = None
        try:
            self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
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


def _ours(root: Path) -> bool:
    """The folder is absent (it will be made 0700) or owned by the user running the build."""
    try:
        return root.stat().st_uid == os.getuid()
    except FileNotFoundError:
        return True
    except OSError:
        return False
