"""One game's comparison as Markdown to paste into a paper or a wiki: a title, the sources with
their years (a translation says what it translates), and a table whose every cell cites the
line and printed page the value is stated on."""

from __future__ import annotations

from pipeline.values import cell_text


def _escape(text) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _citation(fact) -> str:
    a = fact.anchor
    return f"l. {a.line}" + (f", p. {a.page}" if a.page else "")


def _source_line(source, by_id) -> str:
    what = f"{source.title}" + (f" ({source.year})" if source.year else "")
    original = by_id.get(source.same_edition_as or "")
    if source.machine_translated:
        what = (f"machine translation of {original.title} ({original.year or '?'})" if original
                else what + ", machine translation")
    return f"- **{source.id}**: {_escape(what)}, {source.language}"


def comparison_markdown(data, comp, rows, label) -> str:
    """`label(facet, qualifier)`: the row's name."""
    game = data.games_by_id[comp.game_id]
    by_id = {s.id: s for s in data.sources}
    facts = {f.id: f for f in data.facts if f.game_id == comp.game_id}
    names = " / ".join(n for n in (game.names.en, game.names.ja, game.names.ru) if n)
    out = [f"# {_escape(names)}: the rules compared across {len(comp.sources)} sources", "", "Sources, oldest first:", ""]
    out += [_source_line(by_id[sid], by_id) for sid in comp.sources if sid in by_id]
    header = ["rule", "status", *comp.sources]
    out += ["", "| " + " | ".join(_escape(h) for h in header) + " |", "|" + "---|" * len(header)]
    for r in rows:
        cells = []
        for sid in comp.sources:
            said = [f"{_escape(cell_text(c))} ({_citation(facts[c.fact_id])})" if c.fact_id in facts
                    else _escape(cell_text(c)) for c in r.cells.get(sid, [])]
            cells.append("; ".join(said))
        out.append("| " + " | ".join([_escape(label(r.facet, r.qualifier)), r.status, *cells]) + " |")
    out += ["", "Each value cites the line (l.) and printed page (p.) of its source where it is stated."]
    return "\n".join(out) + "\n"
