"""Regular expressions that run under a time budget.

Every pattern of the pipeline is built from data a user can write (language profiles, rules,
conventions), and one bad pattern, or a shipped one meeting text it was not written for, can
backtrack for hours on one line. `compile_pattern` gives a pattern whose every call runs with the
`regex` package's `timeout=`: a call over budget is not an error but a skip, logged (which
pattern, which line) in the `TimeoutLog` of the running stage, and the build goes on. A scan
over a long text that runs out of time is redone line by line, so that one bad line costs only
itself. A pattern that runs out of time on MAX_TIMEOUTS lines of one source is disabled for the
rest of that source (it matches nothing there), so one bad rule costs seconds, not one budget per
line of a 30,000-line text."""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import regex

T = TypeVar("T")

BASE_SECONDS = 1.0          # per call: far beyond what any linear pattern needs on one line
SECONDS_PER_CHAR = 1e-5     # a scan of a long text gets 10 s per MB on top
WATCH_TICK = 0.25           # how often the watchdog looks at the running call
MAX_TIMEOUTS = 3            # a pattern's budget per source: calls over time before it is disabled

_PIPELINE = Path(__file__).resolve().parent


class PatternTimeout(Exception):
    """Raised inside a pattern call that ran over its budget (by the watchdog)."""


@dataclass(frozen=True)
class Timeout:
    origin: str      # the pattern's file and name
    snippet: str     # the start of the line it was given up on


@dataclass
class TimeoutLog:
    base_seconds: float = BASE_SECONDS
    seconds_per_char: float = SECONDS_PER_CHAR
    timeouts: list[Timeout] = field(default_factory=list)
    watchdog: bool = False           # a SIGALRM watchdog guards the calls (else regex's timeout=)
    deadline: float | None = None    # the running call's, for the watchdog
    over: dict[int, int] = field(default_factory=dict)   # id of a compiled pattern -> calls over time
    disabled: set[int] = field(default_factory=set)      # ids of patterns that spent their budget
    disabled_origins: list[str] = field(default_factory=list)

    def budget(self, chars: int) -> float:
        return self.base_seconds + self.seconds_per_char * chars

    def run(self, chars: int, call: Callable[..., T]) -> T:
        """`call()` under the budget of `chars` characters; over it, PatternTimeout/TimeoutError.

        regex's own `timeout=` reads the process clock (a system call) every 256 steps of the
        engine: a quarter more time on this pipeline. The engine also looks for signals every
        256 steps, so where we can, a timer signal checks the deadline instead (one clock read
        per call, in user space)."""
        if not self.watchdog:
            return call(timeout=self.budget(chars))
        try:
            self.deadline = time.monotonic() + self.budget(chars)
            return call()
        finally:
            self.deadline = None


# the log of the stage running in this thread/process (a ContextVar, not shared state: each
# worker process and each `pattern_budget` block has its own)
_LOG: ContextVar[TimeoutLog | None] = ContextVar("hoyle_pattern_log", default=None)


@contextmanager
def pattern_budget(base_seconds: float | None = None, seconds_per_char: float | None = None,
                   watchdog: bool | None = None) -> Iterator[TimeoutLog]:
    """Collect the timeouts of every budgeted pattern run inside the block; in the main thread
    the calls are guarded by a SIGALRM watchdog, elsewhere by regex's `timeout=`. Without
    figures, a block inside another keeps the outer block's budget (a test may tighten it)."""
    outer = _LOG.get()
    log = TimeoutLog(base_seconds if base_seconds is not None else outer.base_seconds if outer else BASE_SECONDS,
                     seconds_per_char if seconds_per_char is not None
                     else outer.seconds_per_char if outer else SECONDS_PER_CHAR)
    token = _LOG.set(log)
    wanted = watchdog if watchdog is not None else outer.watchdog if outer else True
    watch = wanted and threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    if watch:
        def on_alarm(signum, frame):
            if log.deadline is not None and time.monotonic() > log.deadline:
                log.deadline = None
                raise PatternTimeout
        previous = signal.signal(signal.SIGALRM, on_alarm)
        previous_timer = signal.setitimer(signal.ITIMER_REAL, WATCH_TICK, WATCH_TICK)
        log.watchdog = True
    try:
        yield log
    finally:
        if watch:
            signal.setitimer(signal.ITIMER_REAL, *previous_timer)
            signal.signal(signal.SIGALRM, previous)
        _LOG.reset(token)


def _current() -> TimeoutLog:
    return _LOG.get() or TimeoutLog()


def _line_at(string: str, pos: int) -> str:
    start = string.rfind("\n", 0, pos) + 1
    end = string.find("\n", pos)
    return string[start:end if end >= 0 else len(string)][:80]


_OVER = (TimeoutError, PatternTimeout)


class BudgetedPattern:
    """A compiled `regex` pattern whose calls run under the current time budget. A call that runs
    out of time behaves as if nothing matched there, and is logged."""

    __slots__ = ("_p", "origin")

    def __init__(self, compiled: regex.Pattern, origin: str):
        self._p = compiled
        self.origin = origin

    def __getattr__(self, name):   # pattern, groupindex, groups, flags
        if name.startswith("_"):   # (unpickling: no `_p` yet)
            raise AttributeError(name)
        return getattr(self._p, name)

    def _given_up(self, log: TimeoutLog, string: str, pos: int) -> None:
        log.timeouts.append(Timeout(self.origin, _line_at(string, pos)))
        key = id(self._p)
        log.over[key] = log.over.get(key, 0) + 1
        if log.over[key] >= MAX_TIMEOUTS and key not in log.disabled:
            log.disabled.add(key)
            log.disabled_origins.append(self.origin)

    def _one(self, method: str, string: str, pos: int = 0, endpos: int | None = None, **kw):
        end = len(string) if endpos is None else min(endpos, len(string))
        log = _LOG.get() or TimeoutLog()
        if log.disabled and id(self._p) in log.disabled:
            return None
        call = getattr(self._p, method)
        try:
            if log.watchdog:   # the common case, inline: this runs a million times a build
                log.deadline = time.monotonic() + log.base_seconds + log.seconds_per_char * (end - pos)
                try:
                    return call(string, pos, end, **kw)
                finally:
                    log.deadline = None
            return call(string, pos, end, timeout=log.budget(end - pos), **kw)
        except _OVER:
            self._given_up(log, string, pos)
            return None

    def search(self, string: str, pos: int = 0, endpos: int | None = None, **kw):
        return self._one("search", string, pos, endpos, **kw)

    def match(self, string: str, pos: int = 0, endpos: int | None = None, **kw):
        return self._one("match", string, pos, endpos, **kw)

    def fullmatch(self, string: str, pos: int = 0, endpos: int | None = None, **kw):
        return self._one("fullmatch", string, pos, endpos, **kw)

    def finditer(self, string: str, pos: int = 0, endpos: int | None = None, **kw) -> Iterator[regex.Match]:
        end = len(string) if endpos is None else min(endpos, len(string))
        log = _current()
        if log.disabled and id(self._p) in log.disabled:
            return iter(())
        try:
            return iter(log.run(end - pos, lambda **t: list(self._p.finditer(string, pos, end, **kw, **t))))
        except _OVER:
            return iter(self._by_line(string, pos, end, log, kw))

    def _by_line(self, string: str, pos: int, end: int, log: TimeoutLog, kw) -> list[regex.Match]:
        """The scan again, one line at a time: a line that runs out of time is skipped."""
        found: list[regex.Match] = []
        while pos < end and id(self._p) not in log.disabled:
            stop = string.find("\n", pos, end)
            stop = end if stop < 0 else stop + 1
            try:
                found += log.run(stop - pos, lambda a=pos, b=stop, **t: list(self._p.finditer(string, a, b, **kw, **t)))
            except _OVER:
                self._given_up(log, string, pos)
            pos = stop
        return found

    def findall(self, string: str, pos: int = 0, endpos: int | None = None, **kw) -> list:
        end = len(string) if endpos is None else min(endpos, len(string))
        log = _current()
        if log.disabled and id(self._p) in log.disabled:
            return []
        try:
            return log.run(end - pos, lambda **t: self._p.findall(string, pos, end, **kw, **t))
        except _OVER:   # the matches of the lines that keep to the budget
            groups = self._p.groups
            return [m.group() if not groups else m.group(1) if groups == 1 else m.groups("")
                    for m in self._by_line(string, pos, end, log, kw)]

    def sub(self, repl, string: str, count: int = 0, **kw) -> str:
        log = _current()
        if log.disabled and id(self._p) in log.disabled:
            return string
        try:
            return log.run(len(string), lambda **t: self._p.sub(repl, string, count, **kw, **t))
        except _OVER:
            self._given_up(log, string, 0)
            return string

    def split(self, string: str, maxsplit: int = 0, **kw) -> list:
        log = _current()
        if log.disabled and id(self._p) in log.disabled:
            return [string]
        try:
            return log.run(len(string), lambda **t: self._p.split(string, maxsplit, **kw, **t))
        except _OVER:
            self._given_up(log, string, 0)
            return [string]


def _caller() -> str:
    """Where a pattern was compiled, for the log: the frame that called `compile_pattern` (string
    work only: patterns are compiled in hot paths too)."""
    frame = sys._getframe(2)
    try:
        name = frame.f_code.co_filename
        root = str(_PIPELINE.parent) + os.sep
        return f"{name[len(root):] if name.startswith(root) else os.path.basename(name)}:{frame.f_lineno}"
    finally:
        del frame


def compile_pattern(pattern: str, flags: int = 0, *, origin: str | None = None, **named_lists) -> BudgetedPattern:
    """`regex.compile`, budgeted. `origin` names the pattern in a timeout's message (the rule's
    file and id); by default the code that compiled it. `named_lists` are `regex`'s \\L<name>."""
    compiled = regex.compile(pattern, flags, **named_lists) if named_lists else _compiled(pattern, flags)
    return BudgetedPattern(compiled, origin or f"pattern compiled at {_caller()}")


# regex's parser is pure Python (a profile's rules take seconds to compile) and its own cache keeps
# 500 patterns, fewer than one knowledge load compiles: every load of the same files compiled them
# all again (twice in one `hoyle eval`, once per in-process build). A compiled pattern is an
# immutable value of (pattern, flags), so one process keeps them, bounded.
@functools.lru_cache(maxsize=20_000)
def _compiled(pattern: str, flags: int) -> regex.Pattern:
    return regex.compile(pattern, flags)
