"""Deterministic writing of build outputs, and the atomic swap of a finished build into place."""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import glob
import json
import os
import secrets
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel

from pipeline.errors import HoyleError

AT_FDCWD, RENAME_EXCHANGE = -100, 2  # from <fcntl.h> and <linux/fs.h>


def dump_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def write_json(path: Path, records: Iterable[BaseModel] | BaseModel | list | dict) -> None:
    if isinstance(records, BaseModel):
        value = records.model_dump(mode="json")
    elif isinstance(records, dict):
        value = records
    else:
        value = [r.model_dump(mode="json") if isinstance(r, BaseModel) else r for r in records]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_json(value), encoding="utf-8")


def write_jsonl(path: Path, records: Iterable[BaseModel]) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        for r in records:
            fh.write(json.dumps(r.model_dump(mode="json"), ensure_ascii=False, sort_keys=True) + "\n")
            n += 1
    return n


MARKER = ".hoyle-output"  # every folder hoyle makes as an output carries it: --out only replaces its own folders
_FOREIGN_HINT = "choose an empty or new folder, or a folder hoyle made; nothing was changed"


def _cannot_write(out_dir: Path, exc: OSError) -> HoyleError:
    return HoyleError(f"{out_dir}: cannot write: {exc.strerror or exc}",
                      hint=f"check free space and permissions of {out_dir.parent}; the previous output is unchanged")


KINDS = ("build", "export")


def _marked_kind(marker: Path) -> str:
    """What a marked folder is: its marker's first line names it ("hoyle-output: export"); a
    marker without a kind is a build's (builds wrote one before exports had their own)."""
    try:
        with marker.open("rb") as fh:   # a few bytes: the marker may be anything a user put there
            first = fh.read(200).decode("utf-8", errors="replace").split("\n", 1)[0]
    except OSError:
        return "build"
    kind = first.removeprefix("hoyle-output:").strip()
    return kind if first.startswith("hoyle-output:") and kind in KINDS else "build"


def _is_ours(out_dir: Path, kind: str) -> bool:
    """Only the marker decides (a folder that merely holds a copy of a build's data/ is the user's),
    and only a folder of the same kind is replaced: an export never replaces a build, nor a build
    an export."""
    names = {p.name for p in out_dir.iterdir()}
    if not names:
        return True
    return MARKER in names and _marked_kind(out_dir / MARKER) == kind


def check_replaceable(out_dir: Path, kind: str = "build") -> None:
    """--out never deletes or replaces what hoyle did not create, nor output of another kind.
    Called before any stage runs, so a refusal costs nothing; staged_output checks again."""
    out_dir = Path(out_dir)
    if not out_dir.exists():
        return
    if not out_dir.is_dir():
        raise HoyleError(f"{out_dir}: --out is a file, not a folder", hint=_FOREIGN_HINT)
    if not _is_ours(out_dir, kind):
        other = out_dir / MARKER
        what = (f"holds a hoyle {_marked_kind(other)}; `hoyle {kind} --out` replaces only a {kind}'s folder"
                if other.is_file() else "holds files hoyle did not write")
        raise HoyleError(f"{out_dir}: folder {what}", hint=_FOREIGN_HINT)


def _remove_stale(out_dir: Path) -> None:
    """Temporary folders left by a build that was killed (its process no longer runs)."""
    name = glob.escape(out_dir.name)
    for path in [*out_dir.parent.glob(f".{name}.tmp-*-*"), *out_dir.parent.glob(f".{name}.old-*")]:
        try:
            pid = int(path.name[len(out_dir.name) + 6:].split("-", 1)[0])
            if pid != os.getpid():  # we hold the lock: our own leftovers are stale too
                os.kill(pid, 0)
                continue
        except ProcessLookupError:
            pass
        except (ValueError, PermissionError):
            continue
        shutil.rmtree(path, ignore_errors=True)


def _make_tmp(out_dir: Path) -> Path:
    # os.mkdir, not mkdtemp: mode 0o777 & ~umask (mkdtemp's 0700 would end up as the output's mode).
    for _ in range(100):
        tmp = out_dir.parent / f".{out_dir.name}.tmp-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            tmp.mkdir()
            return tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(out_dir.parent))


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one atomic step (Linux renameat2). False where the kernel, libc or fs can't."""
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is None:
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _swap(tmp: Path, out_dir: Path) -> None:
    """Put tmp at out_dir so that a complete build is there at every instant; tmp then holds the old tree."""
    if not out_dir.exists():
        os.rename(tmp, out_dir)
    elif not _exchange(tmp, out_dir):
        # Fallback (no renameat2, or a filesystem without RENAME_EXCHANGE): two renames, with a short
        # moment where out_dir is missing. The old tree goes back if the second rename fails.
        old = out_dir.parent / f".{out_dir.name}.old-{os.getpid()}"
        os.replace(out_dir, old)
        try:
            os.replace(tmp, out_dir)
        except OSError:
            os.replace(old, out_dir)
            raise
        os.replace(old, tmp)  # so the caller removes the old tree as after an exchange


@contextmanager
def _exclusive_lock(out_dir: Path) -> Iterator[None]:
    """One writer per --out: a second hoyle fails fast instead of racing on the same folder."""
    lock = out_dir.parent / f".{out_dir.name}.lock"
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
    except OSError as exc:
        raise _cannot_write(out_dir, exc) from exc
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise HoyleError(f"another hoyle is writing {out_dir}",
                             hint="wait for it to finish, or choose another --out") from None
        yield  # the lock file stays: removing it would let two writers lock two different files
    finally:
        os.close(fd)  # closing releases the lock


def _terminate(signum, frame):
    raise SystemExit(128 + signum)


@contextmanager
def _sigterm_exits() -> Iterator[None]:
    """Turn SIGTERM into SystemExit so the cleanup path runs (signal handlers only work in the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


@contextmanager
def _signals_deferred() -> Iterator[None]:
    """Hold SIGTERM and SIGINT back while swapping, so an interrupt can't land between its steps."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextmanager
def staged_output(out_dir: Path, kind: str = "build") -> Iterator[Path]:
    """Yield a temporary folder beside `out_dir`; on success swap it into place in one atomic step.

    On any error (or an interrupt, or SIGTERM) the temporary folder is removed and the previous `out_dir`
    stays as it was. An OSError (full disk, no permission) becomes a HoyleError naming `out_dir`.
    """
    out_dir = Path(out_dir).resolve()
    with _exclusive_lock(out_dir), _sigterm_exits():
        tmp = None
        try:
            check_replaceable(out_dir, kind)
            _remove_stale(out_dir)
            tmp = _make_tmp(out_dir)
            (tmp / MARKER).write_text(f"hoyle-output: {kind}\nmade by hoyle: `--out` may replace this folder "
                                      f"with another {kind}\n", encoding="utf-8")
            yield tmp
            with _signals_deferred():
                _swap(tmp, out_dir)
        except OSError as exc:
            raise _cannot_write(out_dir, exc) from exc
        finally:
            if tmp is not None:  # after the swap it holds the previous tree (or nothing)
                with _signals_deferred():  # a second SIGTERM must not cut the cleanup short
                    shutil.rmtree(tmp, ignore_errors=True)


def write_file_atomically(path: Path, data: bytes, what: str = "file") -> None:
    """Write one output file (a review file, an export file) whole or not at all: a temporary
    file beside it, then a rename. A path that is a folder, a device (/dev/full), a pipe or
    under /proc is refused before anything is written: a rename would replace the device."""
    path = Path(path)
    target = path.resolve() if path.is_symlink() else path
    if target.exists() and not target.is_file():
        raise HoyleError(f"{path}: not a regular file (a folder, device or pipe)",
                         hint=f"give a file name for the {what}")
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except OSError as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise HoyleError(f"{path}: cannot write the {what}: {exc.strerror or exc}",
                         hint="give a path in a folder you can write to") from None
