"""`hoyle train`: fit the heading scorer (identify/heading_scorer.py) on hand-read texts and
measure it leaving one site out.

A training row is an unknown heading in a tier of known games (identify/siblings.py), labelled
a game when the text's expected games (`expected.json` of an unseen folder) name it, or when
the gold sections of an embedded source (`tests/gold/sections-*.json`) open a game at its line.
Three ways are measured, each leaving one site out (every row of a site is predicted by a model
fitted without that site): the rules alone, the model alone, and either. scikit-learn is needed
here only; the build reads the weights."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import HoyleError
from pipeline.identify.heading_scorer import FEATURES, HeadingScorer

C = 1.0                # the model's inverse regularisation strength
THRESHOLD = 0.5


@dataclass(frozen=True)
class Row:
    site: str
    source_id: str
    line: int
    text: str
    features: tuple[float, ...]
    label: bool
    by_rule: bool


def _labels_from_expected(folder: Path, corpus) -> dict[str, tuple[str, set[str]]]:
    """source id -> (its site, the names of its expected games, as the text and the annotator write them)."""
    from pipeline.evaluate_unseen import case_site, read_expected

    entries = {e.id: e for e in corpus.entries}
    return {c["id"]: (case_site(c, entries[c["id"]]), {n for g in c["games"] for n in [g["game"], *g.get("aliases_in_text", [])]})
            for c in read_expected(folder)["cases"] if c["id"] in entries}


def _labels_from_gold(gold: Path) -> dict[str, tuple[str, set[int]]]:
    """source id -> (its site, the lines where a gold game or variant section opens)."""
    out = {}
    for path in sorted(gold.glob("sections-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[data["source_id"]] = (data["source_id"], {s["line"] for s in data["sections"]
                                                      if s["kind"] in ("game", "variant")})
    return out


def folder_rows(folder: Path, gold: Path | None = None) -> list[Row]:
    """The training rows of one corpus folder: labelled by its expected.json, or by `gold`."""
    from pipeline.build import load_checked_knowledge, read_source
    from pipeline.identify.index import game_index
    from pipeline.identify.siblings import tier_headings
    from pipeline.manifest import load_manifest
    from pipeline.segment import _structural, heading_candidates
    from pipeline.structure import block_tree

    corpus = load_manifest(folder)
    knowledge = load_checked_knowledge(corpus)
    gaz = game_index(knowledge)
    by_expected = _labels_from_expected(folder, corpus) if gold is None else {}
    by_gold = _labels_from_gold(gold) if gold is not None else {}
    rows = []
    for entry in corpus.entries:
        if entry.id not in by_expected and entry.id not in by_gold:
            continue
        _, doc = read_source(corpus, entry, knowledge.languages)
        tree = block_tree(doc, knowledge)
        cands = heading_candidates(tree, knowledge, entry.conventions)
        for h in tier_headings(doc, tree, cands, gaz, knowledge, lambda t: _structural(t, knowledge)):
            if gaz.match(h.cand.text, allow_prefix=False):
                continue       # a known name is the registry's answer, not the scorer's
            if entry.id in by_expected:
                site, names = by_expected[entry.id]
                key = gaz.name_key(gaz.plausible_name(h.cand.text) or h.cand.text)
                label = any(gaz.name_key(n) == key for n in names)
            else:
                site, lines = by_gold[entry.id]
                label = h.cand.line in lines
            rows.append(Row(site, entry.id, h.cand.line, h.cand.text,
                            tuple(h.features[f] for f in FEATURES), label, h.by_rule))
    return rows


def fit(rows: list[Row]) -> tuple[list[float], float]:
    """Weights and intercept of a logistic model over `rows` (balanced classes, deterministic)."""
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=C, class_weight="balanced", max_iter=2000)
    model.fit([r.features for r in rows], [int(r.label) for r in rows])
    return [round(float(w), 6) for w in model.coef_[0]], round(float(model.intercept_[0]), 6)


def scorer_from(coef, intercept, **extra) -> HeadingScorer:
    """A scorer of the given weights (the way and the record of its fit in `extra`)."""
    return HeadingScorer(features=list(FEATURES), coef=coef, intercept=intercept, threshold=THRESHOLD, **extra)


def leave_one_site_out(rows: list[Row]) -> dict[tuple[str, int, str], bool]:
    """(source, line, text) -> the model's answer when fitted without the row's site."""
    out = {}
    for site in sorted({r.site for r in rows}):
        train = [r for r in rows if r.site != site]
        if len({r.label for r in train}) < 2:
            continue
        scorer = scorer_from(*fit(train))
        for r in rows:
            if r.site == site:
                out[(r.source_id, r.line, r.text)] = scorer.accepts(dict(zip(FEATURES, r.features, strict=True)))
    return out


def measure(rows: list[Row]) -> dict[str, float]:
    """Precision and recall of the rules, the model and either, each leaving one site out."""
    loso = leave_one_site_out(rows)
    ways = {"rules": lambda r: r.by_rule, "model": lambda r: loso.get((r.source_id, r.line, r.text), False),
            "either": lambda r: r.by_rule or loso.get((r.source_id, r.line, r.text), False)}
    out = {}
    for name, says in ways.items():
        said = [r for r in rows if says(r)]
        right = sum(r.label for r in said)
        out[f"{name}_precision"] = round(right / len(said), 3) if said else 0.0
        out[f"{name}_recall"] = round(right / max(1, sum(r.label for r in rows)), 3)
    return out


def best_way(measured: dict[str, float]) -> str:
    """The way with the best F1 leaving one site out; the rules on a tie (nothing fitted)."""
    def f1(way: str) -> float:
        p, r = measured[f"{way}_precision"], measured[f"{way}_recall"]
        return 2 * p * r / (p + r) if p + r else 0.0
    return max(("rules", "model", "either"), key=lambda w: (round(f1(w), 3), w == "rules"))


def rows_digest(rows: list[Row]) -> str:
    return hashlib.sha256(json.dumps([(r.source_id, r.line, r.text, r.features, r.label) for r in rows],
                                     ensure_ascii=False).encode()).hexdigest()


def train(rows: list[Row]) -> HeadingScorer:
    """The scorer fitted on every row, with its leave-one-site-out figures and the way kept."""
    if len({r.label for r in rows}) < 2:
        raise HoyleError("hoyle train: the texts give no heading of both kinds (a game and a topic)",
                         hint="train on folders whose expected games stand under headings of a tier")
    coef, intercept = fit(rows)
    measured = measure(rows)
    return scorer_from(coef, intercept, trained_on=rows_digest(rows), rows=len(rows),
                   sites=len({r.site for r in rows}), measured=measured, way=best_way(measured))


def train_and_write(folders: list[Path], corpus: Path, gold: Path | None, target: Path) -> HeadingScorer:
    """`hoyle train`: rows of `folders` (and of `corpus` labelled by `gold`), fitted, measured
    and written to `target` whole or not at all."""
    rows = [r for folder in folders for r in folder_rows(Path(folder))]
    if gold is not None and gold.is_dir():
        rows += folder_rows(corpus, gold=gold)
    scorer = train(rows)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(scorer.model_dump_json(indent=1) + "\n", encoding="utf-8")
    tmp.replace(target)
    return scorer
