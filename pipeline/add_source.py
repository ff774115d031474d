"""`hoyle add-source`: copy a text (or a PDF, EPUB, HTML page or Word file) into the corpus
unchanged and append a validated manifest entry. Either both happen or nothing changes. The
manifest is edited with tomlkit, so its comments and layout are kept; it is edited under a lock, and not at all when someone else
changed it meanwhile (an editor saving it by hand takes no lock: its bytes are compared)."""

from __future__ import annotations

import fcntl
import os
import stat
import tempfile
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import tomlkit
from pydantic import ValidationError
from tomlkit.items import AoT

from pipeline.errors import HoyleError
from pipeline.ingest.decode import decode_source
from pipeline.ingest.formats import FORMATS, derive_text
from pipeline.manifest import _describe, load_manifest, read_text_file, text_fingerprint
from pipeline.patterns import compile_pattern
from schemas import ManifestEntry

_NOT_SLUG = compile_pattern(r"[^a-z0-9]+")
LOCK_SECONDS = 10.0
NEW_MANIFEST = ("# The sources of this corpus: one [[source]] table per file (see `hoyle add-source --help`).\n"
                "# The files in texts/ are kept byte-for-byte; the build reads them.\n")


def default_id(path: Path) -> str:
    stem = _NOT_SLUG.sub("-", path.stem.lower()).strip("-")
    return stem or "source"


def add_source(corpus_dir: Path, file: Path, *, language: str, title: str, year: int | None = None,
               edition: str | None = None, kind: str = "book", encoding: str | None = None,
               source_id: str | None = None, machine_translated: bool = False, origin: str | None = None,
               notes: str | None = None) -> ManifestEntry:
    corpus_dir, file = Path(corpus_dir), Path(file)
    raw = read_text_file(file, str(file))
    # refuse what the build could not read: the whole file is read now, as the build will
    derived = derive_text(raw, str(file), encoding)
    if derived is None:
        decode_source(raw, path=str(file), encoding=encoding)
    sid = source_id or default_id(file)
    fmt = next((f for f in FORMATS if derived and f.name == derived.format), None)
    suffix = fmt.suffix if fmt and file.suffix.lower() not in (fmt.suffix, ".htm", ".xhtml") else file.suffix.lower()
    fields = {"id": sid, "file": f"texts/{sid}{suffix or '.txt'}", "language": language,
              "title": title, "year": year, "edition": edition, "kind": kind,
              "machine_translated": machine_translated, "origin": origin, "encoding": encoding, "notes": notes}
    fields = {k: v for k, v in fields.items() if v is not None}
    try:
        entry = ManifestEntry.model_validate(fields)
    except ValidationError as exc:
        raise HoyleError(f"{file}: {_describe(exc)}") from None
    manifest = writable_manifest(corpus_dir / "sources.toml")
    with locked(manifest):
        original = manifest.read_bytes()
        corpus = load_manifest(corpus_dir, allow_empty=True)
        _check_new(corpus, entry, raw, file, corpus_dir)
        text = _with_entry(manifest, original.decode("utf-8"), fields)
        _copy_then_write(corpus_dir, entry.file, raw, manifest, original, text.encode("utf-8"))
    return entry


def _check_new(corpus, entry: ManifestEntry, raw: bytes, file: Path, corpus_dir: Path) -> None:
    if any(e.id == entry.id for e in corpus.entries):
        raise HoyleError(f"{corpus_dir / 'sources.toml'}: a source with id {entry.id!r} already exists",
                         hint="choose another --id")
    fingerprint = text_fingerprint(raw, entry.encoding)
    for e in corpus.entries:
        if text_fingerprint(corpus.text_path(e).read_bytes(), e.encoding) == fingerprint:
            raise HoyleError(f"{file}: the same text (after decoding, byte-order mark and line ends) is already "
                             f"in the corpus as {e.id!r}",
                             hint=f"to list a copy on purpose, add its [[source]] by hand with "
                                  f"same_text_as = \"{e.id}\"")
    dest = corpus_dir / entry.file
    if dest.exists() or dest.is_symlink():
        raise HoyleError(f"{dest}: a file of that name already exists", hint="choose another --id")


def writable_manifest(path: Path) -> Path:
    """The file to edit: a symlinked sources.toml is edited at its target (the link stays a
    link); a manifest without write permission is refused, whoever runs this (root included)."""
    if not path.is_file() and not path.is_symlink() and (not path.parent.exists() or path.parent.is_dir()):
        # a new corpus: its folder and an empty manifest, the first source to come
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(NEW_MANIFEST, encoding="utf-8")
    if not path.is_file():
        load_manifest(path.parent)   # its own message for a manifest that is not a file
    target = path.resolve()
    if not stat.S_IMODE(target.stat().st_mode) & 0o222:
        raise HoyleError(f"{path}: read-only; add-source changes nothing",
                         hint=f"make it writable (chmod u+w {path}) or add the [[source]] table by hand")
    return target


@contextmanager
def locked(manifest: Path) -> Iterator[None]:
    """An exclusive lock on the manifest for one add-source at a time. The file is replaced on
    every write, so a lock taken on a file since replaced is let go and taken on the new one."""
    deadline = time.monotonic() + LOCK_SECONDS
    while True:
        fd = _open(manifest)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() > deadline:
                raise HoyleError(f"{manifest}: another add-source has been editing it for {LOCK_SECONDS:.0f} s",
                                 hint="wait for it to finish, then run again") from None
            time.sleep(0.05)
            continue
        if os.fstat(fd).st_ino == os.stat(manifest).st_ino:
            break
        os.close(fd)
    try:
        yield
    finally:
        os.close(fd)


def _open(path: Path) -> int:
    try:
        return os.open(path, os.O_RDONLY)
    except OSError as exc:
        raise HoyleError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _copy_then_write(corpus_dir: Path, relative: str, raw: bytes, manifest: Path, original: bytes,
                     new: bytes) -> None:
    """Copy the text, check that nobody changed the manifest meanwhile, write the manifest; any
    failure (disk full, read-only or immutable file or folder) undoes the copy and the write."""
    dest, created, replaced = corpus_dir / relative, False, False
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        with open(dest, "xb") as fh:
            created = True
            fh.write(raw)
        if manifest.read_bytes() != original:
            raise HoyleError(f"{manifest}: changed by someone else while the text was copied; nothing was added",
                             hint="run add-source again")
        _write_atomically(manifest, new)
        replaced = True
        load_manifest(corpus_dir)  # the new manifest must load
    except OSError as exc:
        _undo(dest if created else None, manifest if replaced else None, original)
        where = exc.filename or manifest
        raise HoyleError(f"{where}: cannot write: {exc.strerror or exc}; nothing was added",
                         hint="check the corpus folder's free space and permissions") from None
    except BaseException:
        _undo(dest if created else None, manifest if replaced else None, original)
        raise


def _undo(dest: Path | None, manifest: Path | None, original: bytes) -> None:
    if manifest is not None:
        _write_atomically(manifest, original)
    if dest is not None and dest.exists():
        dest.unlink()


def _with_entry(manifest: Path, text: str, fields: dict) -> str:
    """The manifest's text with one more [[source]] table at the end, one blank line before it;
    everything else (comments, layout, quoting, line endings) as it was."""
    newline = "\r\n" if "\r\n" in text else "\n"
    doc = tomlkit.parse(text.replace("\r\n", "\n").rstrip("\n") + "\n")
    tables = doc.get("source")
    if tables is None:   # the first source of a new corpus
        doc.append("source", AoT([]))
        tables = doc["source"]
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
