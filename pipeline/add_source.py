"""`hoyle add-source`: copy a text into the corpus unchanged and append a validated manifest
entry. Either both happen or nothing changes."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

import regex
from pydantic import ValidationError

from pipeline.errors import HoyleError
from pipeline.ingest.decode import decode_source
from pipeline.manifest import _describe, load_manifest
from schemas import ManifestEntry


def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return json.dumps(str(v), ensure_ascii=False)  # a JSON string is a valid TOML basic string


def default_id(path: Path) -> str:
    stem = regex.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-")
    return stem or "source"


def add_source(corpus_dir: Path, file: Path, *, language: str, title: str, year: int | None = None,
               edition: str | None = None, kind: str = "book", encoding: str | None = None,
               source_id: str | None = None, machine_translated: bool = False, origin: str | None = None,
               notes: str | None = None) -> ManifestEntry:
    corpus_dir = Path(corpus_dir)
    corpus = load_manifest(corpus_dir)
    file = Path(file)
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise HoyleError(f"{file}: cannot read: {exc.strerror or exc}", hint="give a readable text file") from None
    decode_source(raw, path=str(file), encoding=encoding)  # refuse what the build could not read
    sid = source_id or default_id(file)
    dest_rel = f"texts/{sid}{file.suffix.lower() or '.txt'}"
    fields = {"id": sid, "file": dest_rel, "language": language, "title": title, "year": year, "edition": edition,
              "kind": kind, "machine_translated": machine_translated, "origin": origin, "encoding": encoding,
              "notes": notes}
    fields = {k: v for k, v in fields.items() if v is not None}
    try:
        entry = ManifestEntry.model_validate(fields)
    except ValidationError as exc:
        raise HoyleError(f"{file}: {_describe(exc)}") from None
    if any(e.id == sid for e in corpus.entries):
        raise HoyleError(f"{corpus_dir / 'sources.toml'}: a source with id {sid!r} already exists",
                         hint="choose another --id")
    digest = hashlib.sha256(raw).hexdigest()
    for e in corpus.entries:
        if hashlib.sha256(corpus.text_path(e).read_bytes()).hexdigest() == digest:
            raise HoyleError(f"{file}: the same text is already in the corpus as {e.id!r}")
    dest = corpus_dir / dest_rel
    if dest.exists():
        raise HoyleError(f"{dest}: a file of that name already exists", hint="choose another --id")
    lines = ["", "[[source]]"] + [f"{k} = {_toml_value(v)}" for k, v in fields.items()]
    manifest = corpus_dir / "sources.toml"
    text = manifest.read_text(encoding="utf-8").rstrip("\n") + "\n" + "\n".join(lines) + "\n"
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_manifest = tempfile.mkstemp(dir=corpus_dir, prefix=".sources.", suffix=".toml")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        shutil.copyfile(file, dest)
        os.replace(tmp_manifest, manifest)
        load_manifest(corpus_dir)  # the new manifest must load
    except BaseException:
        if os.path.exists(tmp_manifest):
            os.unlink(tmp_manifest)
        if dest.exists() and not any(e.file == dest_rel for e in corpus.entries):
            dest.unlink()
        raise
    return entry
