"""`hoyle eval`: score the pipeline against the hand-checked annotations in tests/gold/."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pipeline.extract.roles import RULE_ROLES
from schemas import Section

GOLD_DIR = Path(__file__).resolve().parents[1] / "tests" / "gold"
GAME_KINDS = ("game", "variant")


@dataclass
class PR:
    """Precision over the judged predictions, recall over the gold items."""

    correct: int   # judged predictions that match gold
    judged: int
    found: int     # gold facts found
    gold: int

    @property
    def precision(self) -> float:
        return self.correct / self.judged if self.judged else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class SectionEval:
    source_id: str
    boundaries: PR
    id_correct: int
    id_total: int
    missed: list[dict]
    spurious: list[Section]
    wrong_id: list[tuple[dict, Section]]

    @property
    def id_accuracy(self) -> float:
        return self.id_correct / self.id_total if self.id_total else 1.0


HELDOUT_DIR = GOLD_DIR / "heldout"
AUDIT_DIR = GOLD_DIR.parent / "audit"   # judged `hoyle audit` samples


def load_gold(kind: str, source_id: str, gold_dir: Path = GOLD_DIR) -> dict | None:
    path = gold_dir / f"{kind}-{source_id}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def eval_sections(source_id: str, sections: list[Section], gold: dict, text: str | None = None) -> SectionEval:
    """A predicted game/variant section matches a gold one when it starts on the same line
    (and, for several sections on one long line, within 10 characters of the gold offset)."""
    pred = [s for s in sections if s.kind in GAME_KINDS]
    items = [g for g in gold["sections"] if g.get("kind") in GAME_KINDS]
    used: set[str] = set()
    tp = correct = 0
    missed, wrong = [], []
    for g in items:
        cands = [s for s in pred if s.id not in used and s.start_line == g["line"]
                 and ("offset" not in g or abs(s.anchor.start - g["offset"]) <= 10)]
        if not cands:
            missed.append(g)
            continue
        s = cands[0]
        used.add(s.id)
        tp += 1
        if s.game_id == g["game_id"]:
            correct += 1
        else:
            wrong.append((g, s))
    spurious = [s for s in pred if s.id not in used]
    return SectionEval(source_id, PR(correct=tp, judged=len(pred), found=tp, gold=len(items)), correct, tp,
                       missed, spurious, wrong)


def canonical_value(value) -> str:
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


@dataclass
class FactEval:
    source_id: str
    overall: PR
    by_facet: dict[str, PR]
    missed: list[dict]
    wrong: list  # judged predictions that match no gold fact


def _facet_family(facet: str) -> str:
    return "score" if facet.startswith("score:") else facet


def family_lines(knowledge) -> dict[str, set[str]]:
    """Each game -> its ancestors and descendants. A fact attributed to a variant matches gold
    attributed to its parent, and back: where a variant's section ends is a judgement the two
    annotations may draw differently."""
    out: dict[str, set[str]] = {}
    for g in knowledge.games:
        line = set(knowledge.family_line(g.id))
        out[g.id] = line | {c.id for c in knowledge.games if g.id in knowledge.family_line(c.id)}
    return out


def _same_game(a: str | None, b: str | None, families: dict[str, set[str]]) -> bool:
    return a == b or (a is not None and b in families.get(a, set()))


def _value_key(facet: str, value) -> str:
    """Comparable value. A point map is compared without its zero entries: a text that says
    "the others count nothing" and one that lists every zero state the same map."""
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    if facet == "card_points" and isinstance(value, dict):
        value = {k: v for k, v in value.items() if v}
    return canonical_value(value)


def _same(f, g, slack: int, families: dict[str, set[str]]) -> bool:
    return (_same_game(f.game_id, g["game_id"], families) and f.facet == g["facet"]
            and _value_key(f.facet, f.value) == _value_key(g["facet"], g["value"])
            and abs(f.anchor.line - g["line"]) <= slack)


def eval_facts(source_id: str, facts: list, gold: dict, families: dict[str, set[str]],
               line_slack: int = 1) -> FactEval:
    """Recall: the share of gold facts found (same game, facet and value, within `line_slack`
    lines). Precision: of the predictions on lines the annotators judged (a gold fact of the
    same game within `line_slack` lines), the share that match a gold fact. Predictions
    elsewhere are not judged: the gold is a sample of each source, not an exhaustive list.
    A held-out gold file gives `ranges` it annotated exhaustively: there every prediction in
    range is judged. `families` is `family_lines(knowledge)`."""
    # a gold fact of a history or example passage is no rule: not to be found, and a rule fact
    # stating it is wrong (its line is still judged)
    every = gold["facts"]
    items = [g for g in every if g.get("role", "rule") in RULE_ROLES]
    # a fact cites every place it is stated (`evidence`): each place is a prediction
    # (an example's or advice's facts are evidence only: not predictions of the rules)
    facts = [f.model_copy(update={"anchor": a}) for f in facts if f.role in RULE_ROLES
             for a in (f.evidence or [f.anchor])]
    judged_lines = {(gid, ln) for g in every for gid in families.get(g["game_id"], set()) | {g["game_id"]}
                    for ln in range(g["line"] - line_slack, g["line"] + line_slack + 1)}
    ranges = gold.get("ranges")  # an exhaustive annotation: every prediction in range is judged
    per: dict[str, PR] = {}
    overall = PR(0, 0, 0, 0)

    def tally(facet: str, total: str, hit_field: str, hit: bool) -> None:
        for pr in (per.setdefault(_facet_family(facet), PR(0, 0, 0, 0)), overall):
            setattr(pr, total, getattr(pr, total) + 1)
            if hit:
                setattr(pr, hit_field, getattr(pr, hit_field) + 1)

    missed = []
    for g in items:  # recall: every gold fact
        found = any(_same(f, g, line_slack, families) for f in facts)
        tally(g["facet"], "gold", "found", found)
        if not found:
            missed.append(g)
    wrong = []
    for f in facts:  # precision: the predictions on judged lines
        inside = any(a <= f.anchor.line <= b for a, b in ranges) if ranges else (f.game_id, f.anchor.line) in judged_lines
        if not inside:
            continue
        correct = any(_same(f, g, line_slack, families) for g in items)
        tally(f.facet, "judged", "correct", correct)
        if not correct:
            wrong.append(f)
    return FactEval(source_id, overall, dict(sorted(per.items())), missed, wrong)
