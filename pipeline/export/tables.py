"""CSV tables and the SQLite database (with an FTS5 full-text table over section text)."""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path
from typing import Any

from pipeline.export import comparison_rows, flat_rows
from pipeline.export.search_words import SearchWords


def tables_of(result) -> dict[str, list[dict[str, Any]]]:
    sections = [s for sid in result.source_order() for s in result.sections[sid]]
    facts = [f for sid in result.source_order() for f in result.facts[sid]]
    return {
        "sources": flat_rows(result.sources),
        "games": flat_rows(sorted(result.knowledge.games, key=lambda g: g.id)),
        "sections": flat_rows(sections),
        "facts": flat_rows(facts),
        "comparisons": comparison_rows(result.comparisons),
        "toc_links": flat_rows(result.toc_links),
        "topic_passages": flat_rows(result.topics),
    }


def _columns(rows: list[dict[str, Any]]) -> list[str]:
    cols: list[str] = []
    for r in rows:
        for k in r:
            if k not in cols:
                cols.append(k)
    return cols


def write_csv(result, directory: Path) -> dict[str, int]:
    directory.mkdir(parents=True, exist_ok=True)
    counts = {}
    for name, rows in tables_of(result).items():
        cols = _columns(rows)
        with (directory / f"{name}.csv").open("w", encoding="utf-8", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=cols, lineterminator="\n")
            w.writeheader()
            for r in rows:
                w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in cols})
        counts[name] = len(rows)
    return counts


def write_sqlite(result, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    con = sqlite3.connect(path)
    try:
        for name, rows in tables_of(result).items():
            cols = _columns(rows) or ["id"]
            kinds = {c: ("INTEGER" if all(isinstance(r.get(c), (int, bool)) or r.get(c) is None for r in rows)
                         and any(r.get(c) is not None for r in rows) else "TEXT") for c in cols}
            con.execute(f'CREATE TABLE "{name}" ({", ".join(f"{chr(34)}{c}{chr(34)} {kinds[c]}" for c in cols)})')
            con.executemany(f'INSERT INTO "{name}" VALUES ({", ".join("?" for _ in cols)})',
                            [tuple(r.get(c) for c in cols) for r in rows])
        # Full text of every section, searchable in all three languages: the trigram tokenizer
        # needs no word segmentation, so Japanese matches as well as English and Russian.
        con.execute("CREATE VIRTUAL TABLE section_text USING fts5(section_id UNINDEXED, source_id UNINDEXED, "
                    "game_id UNINDEXED, language UNINDEXED, title, body, tokenize='trigram')")
        for sid in result.source_order():
            doc = result.documents[sid]
            con.executemany("INSERT INTO section_text VALUES (?, ?, ?, ?, ?, ?)",
                            [(s.id, s.source_id, s.game_id, doc.language, s.title or "",
                              doc.text[s.anchor.start:s.anchor.end]) for s in result.sections[sid]])
        # The same sections by word (export/search_words.py): Japanese words of any length (ピケ),
        # Russian words under each lemma (колоды finds колода), English forms by porter stemming
        con.execute("CREATE VIRTUAL TABLE section_search USING fts5(section_id UNINDEXED, source_id UNINDEXED, "
                    "game_id UNINDEXED, language UNINDEXED, title, body, "
                    "tokenize='porter unicode61 remove_diacritics 2')")
        words = SearchWords(result.knowledge.languages)
        for sid in result.source_order():
            doc = result.documents[sid]
            con.executemany("INSERT INTO section_search VALUES (?, ?, ?, ?, ?, ?)",
                            [(s.id, s.source_id, s.game_id, doc.language, words(s.title or ""),
                              words(doc.text[s.anchor.start:s.anchor.end])) for s in result.sections[sid]])
        con.commit()
    finally:
        con.close()
