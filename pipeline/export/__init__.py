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


def comparison_rows(comparisons) -> list[dict[str, Any]]:
    """comparisons flattened: one row per (game, facet, qualifier)."""
    rows = []
    for c in comparisons:
        for r in c.rows:
            rows.append({"game_id": c.game_id, "facet": r.facet, "qualifier": r.qualifier, "status": r.status,
                         "sources": json.dumps(list(r.cells), ensure_ascii=False),
                         "cells": json.dumps({k: [x.model_dump(mode="json") for x in v] for k, v in r.cells.items()},
                                             ensure_ascii=False, sort_keys=True)})
    return rows
