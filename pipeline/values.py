"""A fact's value as text, the same on the command line and the site."""

from __future__ import annotations

# rank codes (the facet registry's values), highest first; any other key follows, as written
_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def _rank_key(code: str) -> tuple[int, str]:
    return (_RANKS.index(code), "") if code in _RANKS else (len(_RANKS), code)


def cell_text(cell) -> str:
    """A comparison cell as text: its value, and the choice it is offered as, if it is one
    ("181 (alternative)")."""
    return value_text(cell.value) + (f" ({cell.offered})" if cell.offered else "")


def value_text(value, letters: dict[str, str] | None = None) -> str:
    """`letters`: rank codes as a language writes them (Т К Д В for A K Q J in Russian)."""
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    if letters:
        if isinstance(value, list):
            value = [letters.get(v, v) if isinstance(v, str) else v for v in value]
        elif isinstance(value, dict) and set(value) != {"min", "max"}:
            return ", ".join(f"{letters.get(k, k)}: {value[k]}" for k in sorted(value, key=_rank_key))
    if isinstance(value, dict) and set(value) == {"min", "max"}:
        return str(value["min"]) if value["min"] == value["max"] else f"{value['min']}–{value['max']}"
    if isinstance(value, list):
        return " ".join(map(str, value))
    if isinstance(value, dict):   # card points: one order everywhere, highest rank first
        return ", ".join(f"{k}: {value[k]}" for k in sorted(value, key=_rank_key))
    return str(value)
