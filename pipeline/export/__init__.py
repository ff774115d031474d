"""Exports a researcher can load elsewhere: CSV tables, one SQLite database, TEI P5 per source.
(JSON and JSON Schema are written by the build itself.)"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

FLAT_DICTS = {"anchor", "names"}  # small nested records flattened into prefixed columns


def flat_row(record: BaseModel) -> dict[str, Any]:
    """One flat row: scalars as they are, small records as prefixed columns, the rest as JSON."""
    out: dict[str, Any] = {}
    for key, value in record.model_dump(mode="json").items():
        if key in FLAT_DICTS and isinstance(value, dict):
            for k, v in value.items():
                out[f"{key}_{k}"] = v
        elif isinstance(value, (dict, list)):
            out[key] = json.dumps(value, ensure_ascii=False, sort_keys=True)
        else:
            out[key] = value
    return out


def flat_rows(records: Iterable[BaseModel]) -> list[dict[str, Any]]:
    return [flat_row(r) for r in records]


def value_columns(value) -> dict[str, Any]:
    """A value in columns a spreadsheet types: as text ("2–4", "A K Q J", "A: 11, K: 10"), and
    its number, or the ends of its range, where it has them."""
    from pipeline.values import value_text

    plain = value.model_dump() if hasattr(value, "model_dump") else value
    low = high = number = None
    if isinstance(plain, int) and not isinstance(plain, bool):
        low = high = number = plain
    elif isinstance(plain, dict) and set(plain) == {"min", "max"}:
        low, high = plain["min"], plain["max"]
    return {"value_text": value_text(plain), "value_number": number, "value_min": low, "value_max": high}


def fact_rows(facts: Iterable[BaseModel]) -> list[dict[str, Any]]:
    """Facts flattened, the value's columns right after the value (kept as JSON)."""
    rows = []
    for fact in facts:
        row: dict[str, Any] = {}
        for key, cell in flat_row(fact).items():
            row[key] = cell
            if key == "value":
                row.update(value_columns(fact.value))
        rows.append(row)
    return rows


BASE_COMPARISON_COLUMNS = ("game_id", "facet", "qualifier", "status", "sources", "cells")


def comparison_rows(comparisons) -> list[dict[str, Any]]:
    """comparisons flattened: one row per (game, facet, qualifier), then one column per source
    holding what it states, as text (a source's column is its id)."""
    from pipeline.values import cell_text

    rows = []
    for c in comparisons:
        for r in c.rows:
            row = {"game_id": c.game_id, "facet": r.facet, "qualifier": r.qualifier, "status": r.status,
                   "sources": json.dumps(list(r.cells), ensure_ascii=False),
                   "cells": json.dumps({k: [x.model_dump(mode="json") for x in v] for k, v in r.cells.items()},
                                       ensure_ascii=False, sort_keys=True)}
            for sid, cells in r.cells.items():
                column = sid if sid not in BASE_COMPARISON_COLUMNS else f"source_{sid}"
                row[column] = "; ".join(cell_text(x) for x in cells)
            rows.append(row)
    return rows
