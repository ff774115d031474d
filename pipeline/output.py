"""Deterministic writing of build outputs, and the atomic swap of a finished build into place."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel


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


def _remove_stale(out_dir: Path) -> None:
    """Temporary folders left by a build that was killed (its process no longer runs)."""
    for path in out_dir.parent.glob(f".{out_dir.name}.tmp-*-*"):
        try:
            pid = int(path.name.split(".tmp-", 1)[1].split("-", 1)[0])
            os.kill(pid, 0)
        except ProcessLookupError:
            shutil.rmtree(path, ignore_errors=True)
        except (ValueError, PermissionError):
            continue


@contextmanager
def staged_output(out_dir: Path) -> Iterator[Path]:
    """Yield a temporary folder beside `out_dir`; on success swap it into place.

    On any error (or an interrupt) the temporary folder is removed and the previous
    `out_dir` stays as it was.
    """
    out_dir = Path(out_dir).resolve()
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(out_dir)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.tmp-{os.getpid()}-", dir=out_dir.parent))
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = out_dir.parent / f".{out_dir.name}.old-{os.getpid()}"
    if out_dir.exists():
        os.replace(out_dir, old)
    os.replace(tmp, out_dir)
    shutil.rmtree(old, ignore_errors=True)
