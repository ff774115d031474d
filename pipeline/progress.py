"""Progress reporting: a rich progress bar on a terminal, silence in CI logs and pipes."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


class Reporter(Protocol):
    def stage(self, name: str, total: int) -> StageHandle: ...


class StageHandle(Protocol):
    def advance(self, label: str = "") -> None: ...


class _Quiet:
    def stage(self, name: str, total: int):
        return self

    def advance(self, label: str = "") -> None:
        pass


class _Bar:
    def __init__(self, progress: Progress):
        self.progress = progress

    def stage(self, name: str, total: int):
        task = self.progress.add_task(name, total=total)
        progress = self.progress

        class Handle:
            def advance(self, label: str = "") -> None:
                progress.update(task, advance=1, description=f"{name} {label}".strip())

        return Handle()


def interactive() -> bool:
    return sys.stderr.isatty() and not os.environ.get("CI")


@contextmanager
def reporter(enabled: bool | None = None) -> Iterator[Reporter]:
    if enabled is None:
        enabled = interactive()
    if not enabled:
        yield _Quiet()
        return
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=False) as progress:
        yield _Bar(progress)
