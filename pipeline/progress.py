"""Progress reporting: a rich progress bar on a terminal; elsewhere (CI logs, pipes) one line
per source and stage, but only once a build has run LONG_SECONDS (a short build stays quiet)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

LONG_SECONDS = 10.0


class StageHandle(Protocol):
    def advance(self, label: str = "") -> None: ...


class Reporter(Protocol):
    def stage(self, name: str, total: int) -> StageHandle: ...

    def step(self, source_id: str, stage: str) -> None: ...


class _Quiet:
    def stage(self, name: str, total: int):
        return self

    def advance(self, label: str = "") -> None:
        pass

    def step(self, source_id: str, stage: str) -> None:
        pass


class _Bar:
    def __init__(self, progress: Progress):
        self.progress = progress
        self.current = None

    def stage(self, name: str, total: int):
        task = self.progress.add_task(name, total=total)
        progress = self.progress
        self.current = (task, name)

        class Handle:
            def advance(self, label: str = "") -> None:
                progress.update(task, advance=1, description=f"{name} {label}".strip())

        return Handle()

    def step(self, source_id: str, stage: str) -> None:
        if self.current is not None:
            task, name = self.current
            self.progress.update(task, description=f"{name} {source_id}: {stage}")


class Lines:
    """One line on stderr per source and stage, from the LONG_SECONDS-th second of the build on.
    Plain data (a start time): a forked worker process uses its copy as it is."""

    def __init__(self, after: float | None = None, start: float | None = None):
        self.after = LONG_SECONDS if after is None else after
        self.start = time.monotonic() if start is None else start

    def _say(self, text: str) -> None:
        elapsed = time.monotonic() - self.start
        if elapsed >= self.after:
            print(f"[{elapsed:5.0f} s] {text}", file=sys.stderr, flush=True)

    def stage(self, name: str, total: int):
        lines, done = self, [0]

        class Handle:
            def advance(self, label: str = "") -> None:
                done[0] += 1
                lines._say(f"{name}: {label} ({done[0]}/{total})")

        return Handle()

    def step(self, source_id: str, stage: str) -> None:
        self._say(f"{source_id}: {stage}")


def interactive() -> bool:
    return sys.stderr.isatty() and not os.environ.get("CI")


@contextmanager
def reporter(enabled: bool | None = None) -> Iterator[Reporter]:
    """enabled True: the bar; False: nothing; None: the bar on a terminal, else `Lines`."""
    if enabled is False:
        yield _Quiet()
        return
    if enabled is None and not interactive():
        yield Lines()
        return
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=False) as progress:
        yield _Bar(progress)
