"""A fact's value as text, the same on the command line and the site."""

from __future__ import annotations


def value_text(value) -> str:
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    if isinstance(value, dict) and set(value) == {"min", "max"}:
        return str(value["min"]) if value["min"] == value["max"] else f"{value['min']}–{value['max']}"
    if isinstance(value, list):
        return " ".join(map(str, value))
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)
