"""A text that starts in the middle of a game (a part of a book cut out of a longer one) has no
heading for its first game. The evidence left is the text itself: numbered laws or rules
that keep naming one game. Used only for the stretch before the first heading, and only when
that stretch is not front matter."""

from __future__ import annotations

from pipeline.patterns import compile_pattern

_NUMBERED = compile_pattern(r"(?m)^\s*\d{1,3}\s*[.．]\s+\S")
MIN_NUMBERED = 3
MIN_MENTIONS = 3


def dominant_game(text: str, index) -> str | None:
    """The game a stretch of rules keeps naming (GameIndex.mentions), if one clearly dominates."""
    if len(_NUMBERED.findall(text)) < MIN_NUMBERED:
        return None
    counts = index.mentions(text)
    if not counts:
        return None
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    best, n = ranked[0]
    runner = ranked[1][1] if len(ranked) > 1 else 0
    return best if n >= MIN_MENTIONS and n >= 2 * runner else None
