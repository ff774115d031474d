"""Spans already taken, looked up by position: overlap checks stay linear on texts of any size
(a list scanned per fact is quadratic: a 5 MB line of statements took minutes)."""

from __future__ import annotations

from collections import defaultdict

BUCKET = 512  # characters per bucket; a statement rarely spans more than a few


class SpanIndex:
    def __init__(self) -> None:
        self._buckets: dict[object, dict[int, list[tuple[int, int, object]]]] = defaultdict(lambda: defaultdict(list))

    def add(self, key: object, start: int, end: int, data: object = None) -> None:
        for b in range(start // BUCKET, max(start, end - 1) // BUCKET + 1):
            self._buckets[key][b].append((start, end, data))

    def near(self, key: object, start: int, end: int):
        """Spans of `key` in the buckets [start, end) touches (each at most once)."""
        seen = set()
        buckets = self._buckets.get(key)
        if not buckets:
            return
        for b in range(start // BUCKET, max(start, end - 1) // BUCKET + 1):
            for span in buckets.get(b, ()):
                if id(span) not in seen:
                    seen.add(id(span))
                    yield span
