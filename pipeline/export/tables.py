"""CSV tables and the SQLite database (with an FTS5 full-text table over section text)."""

from __future__ import annotations

import csv
import errno
import os
import sqlite3
from pathlib import Path
from typing import Any

from pipeline.export import comparison_rows, fact_rows, flat_rows
from pipeline.export.search_words import SearchWords, spelling_variants


def tables_of(result) -> dict[str, list[dict[str, Any]]]:
    sections = [s for sid in result.source_order() for s in result.sections[sid]]
    facts = [f for sid in result.source_order() for f in result.facts[sid]]
    return {
        "sources": flat_rows(result.sources),
        "games": flat_rows(sorted(result.knowledge.games, key=lambda g: g.id)),
        "sections": flat_rows(sections),
        "facts": fact_rows(facts),
        "comparisons": comparison_rows(result.comparisons),
        "toc_links": flat_rows(result.toc_links),
        "section_pairs": flat_rows(result.section_pairs),
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
            # CRLF rows (RFC 4180): a cell holding a CR from a CRLF source is then quoted too
            w = csv.DictWriter(fh, fieldnames=cols, lineterminator="\r\n")
            w.writeheader()
            for r in rows:
                w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in cols})
        counts[name] = len(rows)
    return counts


# primary keys, and the columns that point at them (Datasette links a fact to its source, game
# and section through these)
PRIMARY_KEYS = {"sources": "id", "games": "id", "sections": "id", "facts": "id"}
FOREIGN_KEYS = {
    "sections": [("source_id", "sources", "id"), ("game_id", "games", "id")],
    "facts": [("source_id", "sources", "id"), ("game_id", "games", "id"), ("section_id", "sections", "id")],
    "comparisons": [("game_id", "games", "id")],
    "toc_links": [("source_id", "sources", "id"), ("section_id", "sections", "id")],
    "section_pairs": [("source_id", "sources", "id"), ("section_id", "sections", "id"),
                      ("original_source_id", "sources", "id"), ("original_section_id", "sections", "id")],
    "topic_passages": [("game_id", "games", "id"), ("source_id", "sources", "id"), ("section_id", "sections", "id")],
}
INDEXES = {"facts": [["game_id", "facet"], ["source_id"], ["facet"]], "sections": [["source_id"], ["game_id"]],
           "comparisons": [["game_id", "status"]]}


def write_sqlite(result, path: Path) -> None:
    """rules.sqlite through sqlite-utils: column types from the values, primary and foreign keys,
    indexes on what is filtered (game, facet, source), and two full-text tables."""
    import sqlite_utils

    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    con = sqlite3.connect(path)
    try:
        db = sqlite_utils.Database(con)
        for name, rows in tables_of(result).items():
            cols = _columns(rows) or ["id"]
            if not rows:
                db[name].create({c: str for c in cols}, pk=PRIMARY_KEYS.get(name))
                continue
            # sqlite-utils types each column from all the rows (one batch: a column empty in the
            # first rows is not taken for text)
            db[name].insert_all([{c: r.get(c) for c in cols} for r in rows], pk=PRIMARY_KEYS.get(name),
                                batch_size=len(rows), column_order=cols)
        db.add_foreign_keys([(name, *k) for name, keys in FOREIGN_KEYS.items() for k in keys
                             if k[0] in db[name].columns_dict])
        for name, indexes in INDEXES.items():
            for columns in indexes:
                if set(columns) <= set(db[name].columns_dict):   # (an empty table has only its id)
                    db[name].create_index(columns)
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
        # `body` is the text as written (what a snippet shows); `words` holds its words and their
        # lemmas, which a search matches too
        con.execute("CREATE VIRTUAL TABLE section_search USING fts5(section_id UNINDEXED, source_id UNINDEXED, "
                    "game_id UNINDEXED, language UNINDEXED, title, body, words, "
                    "tokenize='porter unicode61 remove_diacritics 2')")
        words = SearchWords(result.knowledge.languages, spelling_variants(result.knowledge))
        for sid in result.source_order():
            doc = result.documents[sid]
            con.executemany("INSERT INTO section_search VALUES (?, ?, ?, ?, ?, ?, ?)",
                            [(s.id, s.source_id, s.game_id, doc.language, s.title or "",
                              doc.text[s.anchor.start:s.anchor.end],
                              words((s.title or "") + "\n" + doc.text[s.anchor.start:s.anchor.end]))
                             for s in result.sections[sid]])
        con.commit()
    except sqlite3.Error as exc:
        # SQLite's own errors are no OSError: a full disk would be a traceback. As an OSError the
        # staged output reports it in one line and keeps the previous build.
        full = isinstance(exc, sqlite3.OperationalError) and "full" in str(exc)
        raise OSError(errno.ENOSPC if full else errno.EIO,
                      f"{os.strerror(errno.ENOSPC) if full else 'SQLite error'} ({path.name}: {exc})") from None
    finally:
        con.close()
