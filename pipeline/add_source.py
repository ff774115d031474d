"""`hoyle add-source`: copy a text into the corpus unchanged and append a validated manifest
entry. Either both happen or nothing changes. The manifest is edited with tomlkit, so its
comments and layout are kept."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
import tomllib
from pathlib import Path

import tomlkit
from pydantic import ValidationError
from tomlkit.items import AoT

from pipeline.errors import HoyleError
from pipeline.ingest.decode import decode_source
from pipeline.manifest import _describe, load_manifest
from pipeline.patterns import compile_pattern
from schemas import ManifestEntry

_NOT_SLUG = compile_pattern(r"[^a-z0-9]+")


def default_id(path: Path) -> str:
    stem = _NOT_SLUG.sub("-", path.stem.lower()).strip("-")
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
    manifest = corpus_dir / "sources.toml"
    original = manifest.read_bytes()
    text = _with_entry(manifest, original.decode("utf-8"), fields)
    dest.parent.mkdir(parents=True, exist_ok=True)
    replaced = False
    try:
        shutil.copyfile(file, dest)
        _write_atomically(manifest, text.encode("utf-8"))
        replaced = True
        load_manifest(corpus_dir)  # the new manifest must load
    except BaseException:
        if replaced:
            _write_atomically(manifest, original)
        if dest.exists():  # it did not exist before
            dest.unlink()
        raise
    return entry


def _with_entry(manifest: Path, text: str, fields: dict) -> str:
    """The manifest's text with one more [[source]] table at the end, one blank line before it;
    everything else (comments, layout, quoting, line endings) as it was."""
    newline = "\r\n" if "\r\n" in text else "\n"
    doc = tomlkit.parse(text.replace("\r\n", "\n").rstrip("\n") + "\n")
    tables = doc.get("source")
    if not isinstance(tables, AoT):
        raise HoyleError(f"{manifest}: the sources are not [[source]] tables",
                         hint="write the entry by hand, or turn the sources into [[source]] tables")
    table = tomlkit.table()
    table.trivia.indent = "\n"
    for key, value in fields.items():
        table.add(key, value)
    tables.append(table)
    new = tomlkit.dumps(doc).replace("\n", newline)
    # what the build will read: the old entries unchanged, then exactly the new one
    try:
        same = tomllib.loads(new).get("source") == tomllib.loads(text).get("source", []) + [fields]
    except tomllib.TOMLDecodeError:
        same = False
    if not same:
        raise HoyleError(f"{manifest}: could not append the entry without changing the others",
                         hint="add the [[source]] table by hand")
    return new


def _write_atomically(path: Path, data: bytes) -> None:
    """Replace a file's content in one step: a temporary file beside it (with the file's
    permissions), then os.replace."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
