"""What a build changed in the comparisons of games the previous build had compared: a user who
adds a text sees which games and rows it touched, not only that the build succeeded."""

from __future__ import annotations

import json
from pathlib import Path

from schemas import Comparison

RowKey = tuple[str, str, str | None]     # game, facet, qualifier


def previous_rows(data_dir: Path) -> dict[RowKey, tuple[str, frozenset[str]]] | None:
    """The rows of the comparisons a previous build wrote into `data_dir` (status, sources), or
    None when there is no readable previous build."""
    path = Path(data_dir) / "comparisons.json"
    try:
        games = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    out: dict[RowKey, tuple[str, frozenset[str]]] = {}
    for game in games if isinstance(games, list) else []:
        for row in game.get("rows", []):
            out[(game["game_id"], row["facet"], row.get("qualifier"))] = (row["status"], frozenset(row["cells"]))
    return out


def comparison_changes(before: dict[RowKey, tuple[str, frozenset[str]]] | None,
                       after: list[Comparison]) -> list[str]:
    """One line per row of a game compared before whose status or sources changed ("piquet:
    deck_size agree → differ (+enquire1894-en)"), and per row that is gone; new games are news,
    not changes."""
    if not before:
        return []
    games = {key[0] for key in before}
    seen: set[RowKey] = set()
    out: list[str] = []
    for comp in after:
        if comp.game_id not in games:
            continue
        for row in comp.rows:
            key = (comp.game_id, row.facet, row.qualifier)
            seen.add(key)
            status, sources = before.get(key, ("new", frozenset()))
            now = frozenset(row.cells)
            if status != row.status or sources != now:
                moved = [f"+{s}" for s in sorted(now - sources)] + [f"−{s}" for s in sorted(sources - now)]
                out.append(f"{_row_name(key)} {status} → {row.status}" + (f" ({', '.join(moved)})" if moved else ""))
    for key in sorted(set(before) - seen, key=lambda k: (k[0], k[1], k[2] or "")):
        out.append(f"{_row_name(key)} {before[key][0]} → gone")
    return out


def _row_name(key: RowKey) -> str:
    game, facet, qualifier = key
    return f"{game}: {facet}" + (f" [{qualifier}]" if qualifier else "")
