"""Which script a passage is written in: a translation may leave a table untranslated, read
by the rules of the language it is in."""

from __future__ import annotations

from pipeline.patterns import compile_pattern

_NOT_LETTER = compile_pattern(r"\P{L}+")


def in_script(text: str, script) -> bool:
    """Most letters of `text` are in `script`."""
    letters = _NOT_LETTER.sub("", text)
    return bool(letters) and len(letters) - len(script.sub("", letters)) >= 0.8 * len(letters)


def script_runs(text: str, script) -> list[tuple[int, int]]:
    """Stretches of consecutive lines written mostly in `script` (untranslated passages)."""
    runs: list[tuple[int, int]] = []
    pos = 0
    for line in text.split("\n"):
        end = pos + len(line)
        letters = _NOT_LETTER.sub("", line)
        # (the script is a character class: its letters counted in one call, not one per letter)
        if len(letters) >= 8 and len(letters) - len(script.sub("", letters)) >= 0.6 * len(letters):
            if runs and runs[-1][1] >= pos - 1:
                runs[-1] = (runs[-1][0], end)
            else:
                runs.append((pos, end))
        pos = end + 1
    return runs
