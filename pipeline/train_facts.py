"""`hoyle train`, facts: fit the fact scorer (knowledge/fact_scorer.py) on the hand-read unseen
texts and measure it leaving one site out.

A training row is a candidate (extract/candidates.py): a number with a unit, attributed to a
game as any fact is, labelled right when it finds an expected fact of its text (the
evaluation's own test: that game, facet and value, within a line of the expected quote). A text
read for some facts only (`all_facts: false`) gives its right candidates, not its others.
Three ways are measured over the same texts, every site's candidates decided by models fitted
without that site:
- rules: the phrase rules and general statements alone (what the build did before);
- model: for the facets a unit states, the candidates the model accepts instead of the rules'
  facts (a model fitted on every candidate, not told what the rules read); other facets the rules';
- combined: the rules, and the candidates no rule read that a model fitted on those accepts.
scikit-learn is needed here only; the build reads the weights."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.knowledge.fact_scorer import FacetModel, FactScorer

C = 0.3              # inverse regularisation strength: few rows per facet, many features
THRESHOLD = 0.5      # a candidate is kept when the model finds it more likely right than wrong
MIN_POSITIVES = 5    # a facet with fewer right candidates gets no model


@dataclass(frozen=True)
class FactRow:
    site: str
    language: str
    source_id: str
    facet: str
    features: dict[str, float]
    label: bool                 # finds an expected fact
    finds: frozenset[int]       # which expected facts of its text (indices)
    right: bool                 # states an expected fact's game, facet and value (precision's test)
    judged: bool                # its text is judged for precision
    by_rule: bool               # the rules read this place (a rule for this facet, or a general statement)


@dataclass
class RuleTally:
    """What the rules score on one site's texts: expected facts, found ones, judged and right;
    and the same for their facts of facets no unit states (what the model alone keeps of them)."""
    gold: int = 0
    found: set[tuple[str, int]] = field(default_factory=set)
    judged: int = 0
    right: int = 0
    found_other: set[tuple[str, int]] = field(default_factory=set)
    judged_other: int = 0
    right_other: int = 0

    def add(self, other: RuleTally) -> None:
        self.gold, self.judged, self.right = self.gold + other.gold, self.judged + other.judged, self.right + other.right
        self.judged_other, self.right_other = self.judged_other + other.judged_other, self.right_other + other.right_other
        self.found |= other.found
        self.found_other |= other.found_other


def _as_record(fact) -> dict:
    return json.loads(fact.model_dump_json())


def folder_fact_rows(folder: Path) -> tuple[list[FactRow], dict[tuple[str, str], RuleTally]]:
    """The candidate rows of one unseen folder and what its rules score, per site and language."""
    from pipeline.build import load_checked_knowledge, read_source
    from pipeline.evaluate_unseen import GameJudge, expected_facts, found_at, item_ids, read_expected, stated
    from pipeline.extract import extract
    from pipeline.extract.roles import RULE_ROLES
    from pipeline.manifest import load_manifest
    from pipeline.segment import segment_document

    corpus = load_manifest(folder)
    knowledge = load_checked_knowledge(corpus)
    entries = {e.id: e for e in corpus.entries}
    rows: list[FactRow] = []
    tally: dict[tuple[str, str], RuleTally] = defaultdict(RuleTally)
    base_games = [json.loads(g.model_dump_json()) for g in knowledge.by_id.values()]
    unit_facets = {f for f, spec in knowledge.facets.specs.items() if spec.unit}
    items = frozenset(knowledge.facets.items)
    for case in read_expected(folder)["cases"]:
        entry = entries.get(case["id"])
        if entry is None:
            continue
        _, doc = read_source(corpus, entry, knowledge.languages)
        seg = segment_document(doc, knowledge, entry.conventions, entry.title)
        trace: list = []
        facts = extract(doc, seg.sections, knowledge, trace=trace)
        judge = GameJudge(knowledge, base_games + [json.loads(g.model_dump_json()) for g in seg.provisional])
        ev, wanted = judge.games_of(case, entry, [json.loads(s.model_dump_json()) for s in seg.sections])
        gold = expected_facts(doc.text, wanted, item_ids(knowledge.facets.items))
        judged = case.get("all_facts", True)
        rules = [_as_record(f) for f in facts if f.role in RULE_ROLES and ".candidate." not in f.rule]
        t = tally[(ev.site, ev.language)]
        _tally(t, entry.id, gold, rules, judged, lambda f: f["facet"] not in unit_facets, items)
        for fact, feats, by_rule in trace:
            if fact.role not in RULE_ROLES:
                continue   # an example's or history's number is no prediction
            f = _as_record(fact)
            finds = frozenset(i for i, g in enumerate(gold) if found_at(f, g, items))
            if not finds and not judged:
                continue   # a text read for some facts: a candidate finding none is not known wrong
            rows.append(FactRow(ev.site, ev.language, entry.id, fact.facet, feats, bool(finds), finds,
                                any(stated(f, g, items) for g in gold), judged, by_rule))
    return rows, dict(tally)


def gold_fact_rows(corpus_dir: Path, gold_dir: Path) -> tuple[list[FactRow], dict[tuple[str, str], RuleTally]]:
    """The candidate rows of the embedded sources with gold facts (`tests/gold/facts-*.json`),
    judged as `hoyle eval` judges: on the lines the annotators read; each source its own site."""
    from pipeline.build import load_checked_knowledge, read_source
    from pipeline.evaluate import _same, eval_facts, family_lines, load_gold
    from pipeline.extract import extract
    from pipeline.extract.roles import RULE_ROLES
    from pipeline.manifest import load_manifest
    from pipeline.segment import segment_document

    corpus = load_manifest(corpus_dir)
    knowledge = load_checked_knowledge(corpus)
    families = family_lines(knowledge)
    unit_facets = {f for f, spec in knowledge.facets.specs.items() if spec.unit}
    rows: list[FactRow] = []
    tally: dict[tuple[str, str], RuleTally] = {}
    for entry in corpus.entries:
        gold = load_gold("facts", entry.id, gold_dir)
        if gold is None:
            continue
        _, doc = read_source(corpus, entry, knowledge.languages)
        seg = segment_document(doc, knowledge, entry.conventions, entry.title)
        trace: list = []
        rules = [f for f in extract(doc, seg.sections, knowledge, trace=trace) if ".candidate." not in f.rule]
        items = [g for g in gold["facts"] if g.get("role", "rule") in RULE_ROLES]
        t = tally.setdefault((entry.id, entry.language), RuleTally())
        for part, found_key in ((rules, "found"), ([f for f in rules if f.facet not in unit_facets], "found_other")):
            ev = eval_facts(entry.id, part, gold, families)
            missed = [id(g) for g in ev.missed]
            getattr(t, found_key).update((entry.id, i) for i, g in enumerate(items) if id(g) not in missed)
            if found_key == "found":
                t.gold, t.judged, t.right = len(items), ev.overall.judged, ev.overall.correct
            else:
                t.judged_other, t.right_other = ev.overall.judged, ev.overall.correct
        for fact, feats, by_rule in trace:
            if fact.role not in RULE_ROLES:
                continue
            judged = eval_facts(entry.id, [fact], gold, families).overall
            finds = frozenset(i for i, g in enumerate(items) if _same(fact, g, 1, families))
            if judged.judged or finds:
                rows.append(FactRow(entry.id, entry.language, entry.id, fact.facet, feats, bool(finds), finds,
                                    bool(judged.correct), bool(judged.judged), by_rule))
    return rows, tally


def _tally(t: RuleTally, source_id: str, gold: list, rules: list[dict], judged: bool, other,
           items: frozenset[str]) -> None:
    """Count what the rule facts of one text find and state, all of them and those `other` says."""
    from pipeline.evaluate_unseen import found_at, stated

    cited = [{**f, "anchor": a} for f in rules for a in (f.get("evidence") or [f["anchor"]])]
    t.gold += len(gold)
    t.found |= {(source_id, i) for i, g in enumerate(gold) if any(found_at(f, g, items) for f in cited)}
    t.found_other |= {(source_id, i) for i, g in enumerate(gold) if any(found_at(f, g, items) for f in cited if other(f))}
    if judged:
        right = [any(stated(f, g, items) for g in gold) for f in rules]
        t.judged, t.right = t.judged + len(rules), t.right + sum(right)
        t.judged_other += sum(1 for f in rules if other(f))
        t.right_other += sum(ok for f, ok in zip(rules, right, strict=True) if other(f))


def fit(rows: list[FactRow], drop: tuple[str, ...] = ()) -> dict[str, FacetModel]:
    """One logistic model per facet with enough right candidates (deterministic), not told the
    features in `drop`."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    out = {}
    for facet in sorted({r.facet for r in rows}):
        mine = [r for r in rows if r.facet == facet]
        positives = sum(r.label for r in mine)
        if positives < MIN_POSITIVES or positives == len(mine):
            continue
        vec = DictVectorizer(sort=True)
        x = vec.fit_transform([{k: v for k, v in r.features.items() if k not in drop} for r in mine])
        model = LogisticRegression(C=C, max_iter=5000)
        model.fit(x, [int(r.label) for r in mine])
        weights = {name: round(float(w), 6) for name, w in zip(vec.get_feature_names_out(), model.coef_[0], strict=True)
                   if abs(w) >= 1e-6}
        out[facet] = FacetModel(weights=weights, intercept=round(float(model.intercept_[0]), 6),
                                threshold=THRESHOLD, rows=len(mine), positives=positives)
    return out


MODEL_ALONE_DROPS = ("rule_other",)   # the model alone is not told what the rules read


def leave_one_site_out(rows: list[FactRow], drop: tuple[str, ...] = ()) -> list[bool]:
    """Per row, whether a model fitted without the row's site accepts it."""
    accepted = [False] * len(rows)
    for site in sorted({r.site for r in rows}):
        scorer = FactScorer(facets=fit([r for r in rows if r.site != site], drop), way="combined")
        for i, r in enumerate(rows):
            if r.site == site:
                accepted[i] = scorer.accepts(r.facet, r.features)
    return accepted


def _pr(found: set, gold: int, judged: int, right: int) -> tuple[float, float]:
    return round(right / max(1, judged), 3), round(len(found) / max(1, gold), 3)


def _figures(prefix: str, t: RuleTally, added: list[FactRow], alone: list[FactRow]) -> dict[str, float]:
    """Precision and recall of the three ways over one tally and the candidates each way adds."""
    out: dict[str, float] = {}
    out[f"{prefix}rules_precision"], out[f"{prefix}rules_recall"] = _pr(t.found, t.gold, t.judged, t.right)
    out[f"{prefix}combined_precision"], out[f"{prefix}combined_recall"] = _pr(
        t.found | {(r.source_id, i) for r in added for i in r.finds}, t.gold,
        t.judged + sum(r.judged for r in added), t.right + sum(r.judged and r.right for r in added))
    out[f"{prefix}model_precision"], out[f"{prefix}model_recall"] = _pr(
        t.found_other | {(r.source_id, i) for r in alone for i in r.finds}, t.gold,
        t.judged_other + sum(r.judged for r in alone), t.right_other + sum(r.judged and r.right for r in alone))
    return out


def measure(rows: list[FactRow], tally: dict[tuple[str, str], RuleTally]) -> dict[str, float]:
    """Fact precision and recall over the texts in the three ways, leaving one site out (an
    expected fact found twice counts once): pooled, and per language (`en:rules_recall`)."""
    fresh = [r for r in rows if not r.by_rule]
    added = [r for r, ok in zip(fresh, leave_one_site_out(fresh), strict=True) if ok]
    alone = [r for r, ok in zip(rows, leave_one_site_out(rows, MODEL_ALONE_DROPS), strict=True) if ok]
    out: dict[str, float] = {}
    for language in [None, *sorted({lang for _, lang in tally})]:
        t = RuleTally()
        for (_, lang), v in sorted(tally.items()):
            if language in (None, lang):
                t.add(v)
        mine = (lambda r: True) if language is None else (lambda r, lang=language: r.language == lang)
        out.update(_figures("" if language is None else f"{language}:", t,
                            [r for r in added if mine(r)], [r for r in alone if mine(r)]))
    out.update(candidates=len(rows), accepted=len(added))
    return out


def rows_digest(rows: list[FactRow]) -> str:
    return hashlib.sha256(json.dumps([(r.source_id, r.facet, sorted(r.features.items()), r.label) for r in rows],
                                     ensure_ascii=False).encode()).hexdigest()


def train_facts(folders: list[Path], target: Path, corpus: Path | None = None, gold: Path | None = None) -> FactScorer:
    """Rows of `folders` (and of `corpus`'s sources with gold facts in `gold`), fitted, measured
    and written to `target` whole or not at all. The combined way is kept when it measures a
    better F1 than the rules alone, leaving one site out."""
    rows: list[FactRow] = []
    tally: dict[tuple[str, str], RuleTally] = {}
    parts = [lambda folder=folder: folder_fact_rows(Path(folder)) for folder in folders]
    if corpus is not None and gold is not None and gold.is_dir():
        parts.append(lambda: gold_fact_rows(corpus, gold))
    for part in parts:
        more, t = part()
        rows += more
        for key, v in t.items():
            tally.setdefault(key, RuleTally()).add(v)
    measured = measure(rows, tally)

    def f1(way: str) -> float:
        p, r = measured[f"{way}_precision"], measured[f"{way}_recall"]
        return 2 * p * r / (p + r) if p + r else 0.0
    way = "combined" if f1("combined") > f1("rules") else "rules"
    scorer = FactScorer(facets=fit([r for r in rows if not r.by_rule]), way=way, trained_on=rows_digest(rows), rows=len(rows),
                        sites=len({r.site for r in rows}), measured=measured)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(scorer.model_dump_json(indent=1) + "\n", encoding="utf-8")
    tmp.replace(target)
    return scorer
