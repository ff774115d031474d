"""Limits every reader runs under, so a hostile or broken file costs a clear error, not the
machine: a deadline checked between pages and items, a page cap, and a zip opened only after
its directory says it is small enough (a zip bomb declares sizes it will not keep: members are
also read with a bounded read)."""

from __future__ import annotations

import io
import time
import zipfile
from dataclasses import dataclass, field

from pipeline.errors import HoyleError

MAX_SECONDS = 180.0
MAX_PAGES = 3_000              # a 10,000-page PDF is a whole library: split it
MAX_UNZIPPED = 300_000_000     # all members of an EPUB or Word file together
MAX_RATIO = 200                # a member that expands more than this is a bomb, not a book


@dataclass
class ReadBudget:
    path: str
    seconds: float = MAX_SECONDS
    max_pages: int = MAX_PAGES
    started: float = field(default_factory=time.monotonic)

    def check(self, doing: str) -> None:
        if time.monotonic() - self.started > self.seconds:
            raise HoyleError(f"{self.path}: reading it took over {self.seconds:.0f} s ({doing}); nothing was added",
                             hint="split the file, or convert it to text first")


def open_zip(raw: bytes, path: str, what: str) -> zipfile.ZipFile:
    """The archive, checked: complete, and expanding to a sane size."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError) as exc:
        raise HoyleError(f"{path}: not a readable {what}: the zip container is damaged or truncated ({exc})",
                         hint="download or save the file again") from None
    total = sum(m.file_size for m in members)
    if total > MAX_UNZIPPED:
        raise HoyleError(f"{path}: the {what} expands to {total:,} bytes, over the {MAX_UNZIPPED:,}-byte limit",
                         hint="this is not an ordinary document (a zip bomb?); split it or convert it to text")
    for m in members:
        if m.file_size > 1_000_000 and m.file_size > MAX_RATIO * max(m.compress_size, 1):
            raise HoyleError(f"{path}: member {m.filename!r} of the {what} expands {m.file_size // max(m.compress_size, 1):,} "
                             f"times ({m.file_size:,} bytes)",
                             hint="this is not an ordinary document (a zip bomb?); convert it to text first")
    return archive


def read_member(archive: zipfile.ZipFile, name: str, path: str, what: str) -> bytes:
    """One member, read no further than its declared size (+1 to notice a lie)."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        raise HoyleError(f"{path}: the {what} has no {name!r}", hint="the file is damaged or not a valid "
                         f"{what}; save or export it again") from None
    try:
        with archive.open(info) as fh:
            data = fh.read(info.file_size + 1)
    except (zipfile.BadZipFile, EOFError, OSError, RuntimeError, NotImplementedError) as exc:
        raise HoyleError(f"{path}: cannot read {name!r} in the {what} ({exc})",
                         hint="the file is damaged, truncated or encrypted; save or export it again") from None
    if len(data) > info.file_size:
        raise HoyleError(f"{path}: {name!r} in the {what} is longer than its zip entry says",
                         hint="the file is damaged (or a zip bomb); save or export it again")
    return data
