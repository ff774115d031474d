"""The corpus manifest (`sources.toml`) and where a corpus's knowledge files live."""

from __future__ import annotations

import hashlib
import os
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from pipeline.errors import HoyleError
from pipeline.lang import load_languages
from pipeline.resources import EMBEDDED_CORPUS
from schemas import ManifestEntry

KNOWLEDGE_FILES = ("games.yaml", "terms.yaml", "facets.yaml")
# A text larger than this is refused: the stages hold about 130 bytes per character of a text
MAX_TEXT_BYTES = 50_000_000
_LINE_ENDS = ("\r\n", "\r")


@dataclass(frozen=True)
class Corpus:
    root: Path
    entries: tuple[ManifestEntry, ...]

    def text_path(self, entry: ManifestEntry) -> Path:
        return self.root / entry.file

    def knowledge_path(self, name: str) -> Path:
        """A corpus may bring its own knowledge file; otherwise the embedded one is used."""
        own = self.root / name
        return inside_corpus(self.root, name, str(own)) if own.is_file() else EMBEDDED_CORPUS / name


def _describe(error: ValidationError) -> str:
    parts = []
    for err in error.errors():
        where = ".".join(str(p) for p in err["loc"]) or "entry"
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown key"
        elif err["type"] == "string_pattern_mismatch" and where == "id":
            msg = "not a slug (use lowercase letters, digits and '-', e.g. 'hoyle1909-ja')"
        parts.append(f"{where}: {msg}")
    return "; ".join(parts)


def load_manifest(root: Path, *, allow_empty: bool = False) -> Corpus:
    """The corpus a sources.toml lists, every entry checked. `allow_empty`: a manifest with no
    [[source]] yet is a corpus of nothing (add-source starting a corpus), not an error."""
    root = Path(root)
    path = root / "sources.toml"
    if not path.is_file():
        raise HoyleError(f"{path}: no sources.toml in the corpus folder",
                         hint="a corpus folder needs sources.toml and the text files it names")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise HoyleError(f"{path}: not valid UTF-8", hint="save sources.toml as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise HoyleError(f"{path}: malformed TOML: {exc}", hint="fix the syntax at that line") from None
    except RecursionError:
        raise HoyleError(f"{path}: arrays or tables nested too deeply to read",
                         hint="a [[source]] table holds plain keys: flatten it") from None
    unknown_top = sorted(set(data) - {"source"})
    if unknown_top:
        raise HoyleError(f"{path}: unknown top-level key(s) {unknown_top}", hint="only [[source]] tables are allowed")
    tables = data.get("source", [])
    if not isinstance(tables, list) or not (tables or allow_empty):
        raise HoyleError(f"{path}: no [[source]] entries", hint="add one [[source]] table per text")
    entries: list[ManifestEntry] = []
    seen: dict[str, int] = {}
    texts: dict[str, str] = {}   # sha256 of a text -> the id listing it
    languages = load_languages(root / "lang")
    for i, table in enumerate(tables, start=1):
        label = f"[[source]] #{i}" + (f" (id {table.get('id')!r})" if isinstance(table, dict) and "id" in table else "")
        try:
            entry = ManifestEntry.model_validate(table)
        except ValidationError as exc:
            raise HoyleError(f"{path}: {label}: {_describe(exc)}") from None
        if entry.id in seen:
            raise HoyleError(f"{path}: {label}: duplicate id, already used by [[source]] #{seen[entry.id]}",
                             hint="give every source a unique id")
        seen[entry.id] = i
        if entry.language not in languages:
            raise HoyleError(f"{path}: {label}: language {entry.language!r} has no profile "
                             f"(known: {', '.join(languages.codes)})",
                             hint=f"use one of those, or add {root / 'lang' / entry.language}/profile.yaml")
        file = inside_corpus(root, entry.file, f"{path}: {label}: file {entry.file!r}")
        if not file.exists():
            raise HoyleError(f"{path}: {label}: file {entry.file!r} not found in {root}",
                             hint="check the path, relative to the corpus folder")
        digest = text_fingerprint(read_text_file(file, f"{path}: {label}: file {entry.file!r}"), entry.encoding)
        if digest in texts and entry.same_text_as != texts[digest]:
            # two ids for one text would show every fact of it as two sources agreeing
            raise HoyleError(f"{path}: {label}: file {entry.file!r} holds the same text as source "
                             f"{texts[digest]!r}", hint=f"list each text once, or declare the copy: "
                                                        f"same_text_as = \"{texts[digest]}\"")
        texts.setdefault(digest, entry.id)
        entries.append(entry)
    return Corpus(root=root, entries=tuple(entries))


def read_text_file(file: Path, what: str) -> bytes:
    """The bytes of a regular file of at most MAX_TEXT_BYTES. A device, pipe or folder is
    refused before it is read (/dev/zero never ends, a FIFO blocks), a larger file by its size."""
    try:
        fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK)   # opening a FIFO must not wait for a writer
    except OSError as exc:
        raise HoyleError(f"{what}: cannot read: {exc.strerror or exc}", hint="give a readable text file") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise HoyleError(f"{what}: not a regular file (a device, pipe or folder)",
                         hint="save the text to a file first and give that file")
    if info.st_size > MAX_TEXT_BYTES:
        os.close(fd)
        raise HoyleError(f"{what}: {info.st_size:,} bytes, over the {MAX_TEXT_BYTES:,}-byte limit for one text",
                         hint="split the text into parts (one source each, e.g. one per volume)")
    with open(fd, "rb") as fh:
        data = fh.read(MAX_TEXT_BYTES + 1)
    if len(data) > MAX_TEXT_BYTES:   # it grew while being read
        raise HoyleError(f"{what}: over the {MAX_TEXT_BYTES:,}-byte limit for one text",
                         hint="split the text into parts (one source each)")
    return data


def text_fingerprint(raw: bytes, encoding: str | None) -> str:
    """SHA-256 of a text as the build reads it: decoded, without a byte-order mark, every line
    end as LF. The same book saved with a BOM or CRLF line ends is the same text (its facts would
    otherwise count as two sources agreeing). Bytes that do not decode are hashed as they are."""
    try:
        text = raw.decode(encoding or "utf-8")
    except (UnicodeDecodeError, LookupError):
        return hashlib.sha256(raw).hexdigest()
    text = text.removeprefix("\ufeff")
    for end in _LINE_ENDS:
        text = text.replace(end, "\n")
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def inside_corpus(root: Path, relative: str, what: str) -> Path:
    """`root / relative`, refused when it resolves outside the corpus folder (a symlink, or a
    symlinked folder, pointing elsewhere: the build would publish whatever it points at)."""
    file = root / relative
    real_root = root.resolve()
    try:
        resolved = file.resolve()
        resolved.exists()
    except (OSError, ValueError) as exc:   # a NUL byte, a name longer than the file system takes
        raise HoyleError(f"{what} is not a usable file name ({getattr(exc, 'strerror', None) or exc})",
                         hint="give the path of a text inside the corpus folder") from None
    if not resolved.is_relative_to(real_root):
        raise HoyleError(f"{what} resolves outside the corpus folder ({file.resolve()})",
                         hint=f"copy the text into {root} instead of linking to it")
    return file
