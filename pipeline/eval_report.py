"""What `hoyle eval` prints: every stage scored against the hand-checked gold (sections and game
identification, facts per source and per facet, held-out facts, the judged audit), or folders of
unseen texts. The scoring lives in `evaluate`/`evaluate_unseen`; this module only lays it out."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from pipeline.errors import HoyleError
from pipeline.terminal_table import Grid, show


def _say(err: Console, text: str) -> None:
    err.print(text, highlight=False, markup=False, soft_wrap=True)


def report_loso(out: Console, folders: list[Path]) -> None:
    """Game identification per language and layout kind, each text's site left out of the fit."""
    from pipeline.evaluate import GOLD_DIR
    from pipeline.evaluate_loso import loso_folders
    from pipeline.resources import EMBEDDED_CORPUS

    evals = loso_folders(folders, EMBEDDED_CORPUS, GOLD_DIR) if GOLD_DIR.is_dir() else loso_folders(folders)
    for key in ("language", "layout"):
        grid = grouped_grid(evals, key, facts=False)
        grid.title = f"Leave one site out: {grid.title}"
        show(out, grid)
    games = sum(ev.games_expected for ev in evals)
    found = sum(ev.games_found for ev in evals)
    out.print(f"leave one site out: games identified {found}/{games} = {found / games if games else 1:.2f}; "
              f"wrong game labels: {sum(len(ev.wrong_games) for ev in evals)}", highlight=False)


def report_unseen(out: Console, err: Console, folders: list[Path], details: bool) -> None:
    from pipeline.evaluate import PR
    from pipeline.evaluate_unseen import eval_folder

    cols = ["text", "games", "found", "wrong", "facts", "facts found", "extracted", "P", "R"]
    grid = Grid("Unseen texts: games identified, facts (precision over every fact of the text)", cols,
                right=frozenset(cols[1:]))
    total, games, found, wrong = PR(0, 0, 0, 0), 0, 0, 0
    evals = [ev for folder in folders for ev in eval_folder(folder)]
    for ev in evals:
        f = ev.facts
        grid.add_row(ev.source_id, ev.games_expected, ev.games_found, len(ev.wrong_games), f.gold, f.found,
                     f.judged, f"{f.precision:.2f}", f"{f.recall:.2f}")
        games, found, wrong = games + ev.games_expected, found + ev.games_found, wrong + len(ev.wrong_games)
        for k in ("gold", "found", "judged", "correct"):
            setattr(total, k, getattr(total, k) + getattr(f, k))
        if details:
            for g in ev.missed_games:
                _say(err, f"  missed game  {ev.source_id}: {g}")
            for g in ev.wrong_games:
                _say(err, f"  wrong game   {ev.source_id}: {g}")
            for g in ev.provisional:
                _say(err, f"  provisional  {ev.source_id}: {g}")
            for m in ev.missed_facts:
                _say(err, f"  missed fact  {ev.source_id}: {m['facet']} = {m['value']}  «{m['quote']}»")
            for w in ev.wrong_facts:
                _say(err, f"  wrong fact   {ev.source_id}:{w['anchor']['line']} {w['game_id']} {w['facet']} = "
                          f"{w['value']}  «{w['anchor']['quote']}» ({w['rule']})")
    grid.add_row("total", games, found, wrong, total.gold, total.found, total.judged,
                 f"{total.precision:.2f}", f"{total.recall:.2f}", style="bold")
    show(out, grid)
    for key in ("language", "layout"):
        show(out, grouped_grid(evals, key))
    out.print(f"games identified {found}/{games} = {found / games if games else 1:.2f}; "
              f"wrong game labels: {wrong}; facts P {total.precision:.2f} R {total.recall:.2f}",
              highlight=False)


def grouped_grid(evals, key: str, facts: bool = True) -> Grid:
    """Games identified (and facts, unless `facts` is False) per language, layout kind or site."""
    from pipeline.evaluate import PR

    cols = [key, "texts", "sites", "games", "found", "identified", "wrong labels", *(("P", "R") if facts else ())]
    grid = Grid(f"Unseen texts by {key}", cols, right=frozenset(cols[1:]))
    groups: dict[str, list] = {}
    for ev in evals:
        groups.setdefault(getattr(ev, key) or "unrecorded", []).append(ev)
    for name in sorted(groups):
        members = groups[name]
        pr = PR(**{k: sum(getattr(ev.facts, k) for ev in members) for k in ("correct", "judged", "found", "gold")})
        games = sum(ev.games_expected for ev in members)
        found = sum(ev.games_found for ev in members)
        grid.add_row(name, len(members), len({ev.site for ev in members}), games, found,
                     f"{found / games if games else 1:.2f}", sum(len(ev.wrong_games) for ev in members),
                     *((f"{pr.precision:.2f}", f"{pr.recall:.2f}") if facts else ()))
    return grid


def _sections(out: Console, err: Console, result, details: bool) -> None:
    from pipeline.evaluate import eval_sections, load_gold

    cols = ["source", "gold", "pred", "P", "R", "F1", "id acc"]
    grid = Grid("Segmentation (game/variant sections) and identification", cols, right=frozenset(cols[1:]))
    for s in result.sources:
        gold = load_gold("sections", s.id)
        if gold is None:
            grid.add_row(s.id, "—", "", "", "", "", "")
            continue
        ev = eval_sections(s.id, result.sections[s.id], gold)
        b = ev.boundaries
        grid.add_row(s.id, b.gold, b.judged, f"{b.precision:.3f}", f"{b.recall:.3f}", f"{b.f1:.3f}",
                     f"{ev.id_accuracy:.3f}")
        if details:
            for g in ev.missed:
                _say(err, f"  missed   {s.id}:{g['line']} {g['game_id']} {g.get('title')!r}")
            for sec in ev.spurious:
                _say(err, f"  spurious {sec.id} {sec.game_id} {sec.title!r} ({sec.rule})")
            for g, sec in ev.wrong_id:
                _say(err, f"  wrong id {sec.id} {sec.game_id} != {g['game_id']} {sec.title!r}")
    show(out, grid)


def _facts(out: Console, err: Console, result, families, details: bool) -> None:
    from pipeline.evaluate import eval_facts, load_gold

    cols = ["source", "gold", "judged", "P", "R", "F1"]
    grid = Grid("Fact extraction (precision over judged lines, recall over all gold facts)", cols,
                right=frozenset(cols[1:]))
    facet_rows: dict[str, list] = {}
    for s in result.sources:
        gold = load_gold("facts", s.id)
        if gold is None:
            grid.add_row(s.id, "—", "", "", "", "")
            continue
        ev = eval_facts(s.id, result.facts.get(s.id, []), gold, families)
        o = ev.overall
        grid.add_row(s.id, o.gold, o.judged, f"{o.precision:.3f}", f"{o.recall:.3f}", f"{o.f1:.3f}")
        for facet, pr in ev.by_facet.items():
            facet_rows.setdefault(facet, []).append(pr)
        if details:
            for g in ev.missed:
                _say(err, f"  missed fact {s.id}:{g['line']} {g['game_id']} {g['facet']}={g['value']} {g['quote']!r}")
            for f in ev.wrong:
                _say(err, f"  wrong fact  {s.id}:{f.anchor.line} {f.game_id} {f.facet}={f.value} "
                          f"{f.anchor.quote!r} ({f.rule})")
    show(out, grid)
    cols = ["facet", "gold", "judged", "P", "R"]
    per = Grid("Fact extraction per facet (all sources)", cols, right=frozenset(cols[1:]))
    for facet, prs in sorted(facet_rows.items()):
        g, j = sum(p.gold for p in prs), sum(p.judged for p in prs)
        c, f = sum(p.correct for p in prs), sum(p.found for p in prs)
        per.add_row(facet, g, j, f"{c / j:.3f}" if j else "—", f"{f / g:.3f}" if g else "—")
    show(out, per)


def _heldout(out: Console, err: Console, result, families, details: bool) -> None:
    from pipeline.evaluate import HELDOUT_DIR, eval_facts, load_gold

    cols = ["source", "lines", "gold", "judged", "P", "R", "F1"]
    grid = Grid("Held-out facts (annotated after the rules were written, never used to tune them; "
                "every prediction inside the annotated line ranges is judged)", cols, right=frozenset(cols[2:]))
    for s in result.sources:
        gold = load_gold("facts", s.id, HELDOUT_DIR)
        if gold is None:
            continue
        ev = eval_facts(s.id, result.facts.get(s.id, []), gold, families)
        o = ev.overall
        lines = ", ".join(f"{a}-{b}" for a, b in gold.get("ranges") or [])
        grid.add_row(s.id, lines, o.gold, o.judged, f"{o.precision:.3f}", f"{o.recall:.3f}", f"{o.f1:.3f}")
        if details:
            for g in ev.missed:
                _say(err, f"  held-out missed {s.id}:{g['line']} {g['game_id']} {g['facet']}={g['value']} "
                          f"{g['quote']!r}")
            for f in ev.wrong:
                _say(err, f"  held-out wrong  {s.id}:{f.anchor.line} {f.game_id} {f.facet}={f.value} "
                          f"{f.anchor.quote!r} ({f.rule})")
    if grid.rows:
        show(out, grid)


def _audit(out: Console) -> None:
    from pipeline.audit import audited_precision
    from pipeline.evaluate import AUDIT_DIR

    audited = audited_precision(AUDIT_DIR) if AUDIT_DIR.is_dir() else {}
    if not audited:
        return
    cols = ["language", "judged", "right", "precision"]
    grid = Grid("Audit: judged random samples of built facts (tests/audit/, `hoyle audit`)", cols,
                right=frozenset(cols[1:]))
    for lang, (right, judged) in sorted(audited.items()):
        grid.add_row(lang, judged, right, f"{right / judged:.3f}")
    total_r, total_j = sum(r for r, _ in audited.values()), sum(j for _, j in audited.values())
    grid.add_row("all", total_j, total_r, f"{total_r / total_j:.3f}", style="bold")
    show(out, grid)


def report_gold(out: Console, err: Console, corpus: Path, details: bool) -> None:
    from pipeline.build import run_pipeline
    from pipeline.evaluate import GOLD_DIR, family_lines
    from pipeline.manifest import load_manifest
    from pipeline.progress import reporter

    if not GOLD_DIR.is_dir():   # an installed package: the gold stays in the checkout's tests/
        raise HoyleError(f"{GOLD_DIR}: no gold annotations here",
                         hint="run `hoyle eval` in a checkout (tests/gold), or score texts with --unseen DIR")
    c = load_manifest(corpus)
    with reporter() as rep:
        result = run_pipeline(c, rep)
    families = family_lines(result.knowledge)
    _sections(out, err, result, details)
    _facts(out, err, result, families, details)
    _heldout(out, err, result, families, details)
    _audit(out)
