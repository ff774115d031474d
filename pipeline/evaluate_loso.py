"""`hoyle eval --unseen DIR… --loso`: game identification leaving one site out.

The one fitted part of game finding is the heading scorer (identify/heading_scorer.py). Here
every text is segmented with a scorer fitted on the headings of every other site (and of the
embedded gold, which no unseen site is), and kept the way (rules, model or either) that those
other sites' own leave-one-site-out figures choose: no part of the fit sees the text's site. Facts are
not extracted: identification reads the sections alone."""

from __future__ import annotations

from pathlib import Path

from pipeline.evaluate_unseen import GameJudge, TextEval, case_site, read_expected


def loso_folders(folders: list[Path], gold_corpus: Path | None = None, gold: Path | None = None) -> list[TextEval]:
    from pipeline.build import load_checked_knowledge, read_source
    from pipeline.manifest import load_manifest
    from pipeline.segment import segment_document
    from pipeline.train import best_way, fit, folder_rows, measure, scorer_from

    rows = [r for folder in folders for r in folder_rows(Path(folder))]
    if gold_corpus is not None and gold is not None:
        rows += folder_rows(gold_corpus, gold=gold)
    scorers: dict[str, object] = {}
    out = []
    for folder in map(Path, folders):
        corpus = load_manifest(folder)
        knowledge = load_checked_knowledge(corpus)
        entries = {e.id: e for e in corpus.entries}
        for case in read_expected(folder)["cases"]:
            entry = entries[case["id"]]
            site = case_site(case, entry)
            if site not in scorers:
                train = [r for r in rows if r.site != site]
                scorers[site] = scorer_from(*fit(train), way=best_way(measure(train))) \
                    if len({r.label for r in train}) == 2 else None
            held_out = knowledge.with_heading_scorer(scorers[site])
            _, doc = read_source(corpus, entry, knowledge.languages)
            seg = segment_document(doc, held_out, entry.conventions, entry.title)
            games = [{**g.model_dump(), "provisional": True} for g in seg.provisional]
            ev, _ = GameJudge(knowledge, games).games_of(case, entry, [s.model_dump() for s in seg.sections])
            out.append(ev)
    return out
