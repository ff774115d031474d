"""The evaluation gate (kept outside the library, as trafilatura keeps its eval gate): the
figures every unseen set, language and layout kind must keep, pinned in `eval/baseline.json`
with a digest of each set's texts and expected facts.

    python eval/gate.py            measure every set and compare with the baseline (exit 1 on a drop);
                                   also game identification leaving each site out (`loso:` keys)
    python eval/gate.py --update   measure and write the baseline; refuses to lower any floor
                                   unless --allow-lower "REASON" says why (kept in its history)

A floor is the measured figure rounded down to two decimals (a count of texts with a wrong
label is pinned as measured). A set whose digest differs from the baseline's (a text or an
expected fact was added or changed) fails the check until the baseline is re-measured.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "eval" / "baseline.json"
UNSEEN = ROOT / "tests" / "unseen"
EXTERNAL_DEV = ROOT.parent / "shared" / "external-dev"
RATIOS = ("identified", "precision", "recall")     # floors: the figure may not fall below
COUNTS = ("wrong_texts", "wrong_labels")           # ceilings: the count may not rise above


def unseen_sets() -> dict[str, Path]:
    """Every folder of unseen texts: tests/unseen/* and shared/external-dev (when beside us)."""
    sets = {p.name: p for p in sorted(UNSEEN.iterdir()) if (p / "expected.json").is_file()}
    if (EXTERNAL_DEV / "expected.json").is_file():
        sets["external-dev"] = EXTERNAL_DEV
    return sets


def digest(folder: Path) -> str:
    """SHA-256 over the set's manifest, expected facts and texts (names and bytes)."""
    h = hashlib.sha256()
    files = [folder / "sources.toml", folder / "expected.json",
             *sorted(p for p in (folder / "texts").rglob("*") if p.is_file())]
    for path in files:
        h.update(path.relative_to(folder).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


@dataclass
class Figures:
    texts: int
    games: int
    found: int
    labels: int
    wrong_labels: int
    wrong_texts: int
    precision: float
    recall: float

    @property
    def identified(self) -> float:
        return self.found / self.games if self.games else 1.0

    @property
    def wrong_label_rate(self) -> float:
        return self.wrong_labels / self.labels if self.labels else 0.0

    def as_dict(self) -> dict:
        return {"texts": self.texts, "games": self.games, "identified": round(self.identified, 4),
                "wrong_texts": self.wrong_texts, "wrong_label_rate": round(self.wrong_label_rate, 4),
                "precision": round(self.precision, 4), "recall": round(self.recall, 4)}


def figures(evals) -> Figures:
    from pipeline.evaluate import PR
    pr = PR(**{k: sum(getattr(e.facts, k) for e in evals) for k in ("correct", "judged", "found", "gold")})
    return Figures(len(evals), sum(e.games_expected for e in evals), sum(e.games_found for e in evals),
                   sum(e.labels for e in evals), sum(len(e.wrong_games) for e in evals),
                   sum(1 for e in evals if e.wrong_games), pr.precision, pr.recall)


def groups(evals_by_set: dict[str, list]) -> dict[str, Figures]:
    """Figures per set, per language, per layout kind and over everything."""
    out: dict[str, list] = {}
    for name, evals in evals_by_set.items():
        out[f"set:{name}"] = list(evals)
        for e in evals:
            out.setdefault(f"language:{e.language}", []).append(e)
            out.setdefault(f"layout:{e.layout}", []).append(e)
            out.setdefault("all", []).append(e)
    return {k: figures(v) for k, v in sorted(out.items())}


def loso_groups(evals: list) -> dict[str, Figures]:
    """Game identification with each text's site left out of the fitted heading scorer, per
    language, per layout kind and over everything (`loso:` keys; facts are not read there)."""
    out: dict[str, list] = {}
    for e in evals:
        for key in ("loso:all", f"loso:language:{e.language}", f"loso:layout:{e.layout}"):
            out.setdefault(key, []).append(e)
    return {k: figures(v) for k, v in sorted(out.items())}


def measure_loso(sets: dict[str, Path]) -> dict[str, Figures]:
    """The leave-one-site-out figures of the project's own unseen sets (external-dev is scored
    as a set, not here: its sites are the texts the first scorer was written against)."""
    from pipeline.evaluate_loso import loso_folders
    own = [folder for name, folder in sets.items() if name != "external-dev"]
    gold = ROOT / "tests" / "gold"
    corpus = ROOT / "corpus"
    evals = loso_folders(own, corpus, gold) if gold.is_dir() else loso_folders(own)
    return loso_groups(evals)


def floors_of(fig: Figures) -> dict:
    pinned = {k: math.floor(getattr(fig, k) * 100 + 1e-9) / 100 for k in RATIOS}
    return {**pinned, "wrong_texts": fig.wrong_texts, "wrong_labels": fig.wrong_labels}


def compare(baseline: dict, measured: dict[str, Figures], digests: dict[str, str]) -> list[str]:
    """Every way the measured figures fall short of the baseline, one line each."""
    problems = []
    for name, want in baseline.get("sets", {}).items():
        if name in digests and digests[name] != want["digest"]:
            problems.append(f"set {name}: its texts or expected facts changed since the baseline "
                            f"(re-measure: python eval/gate.py --update)")
    for name in digests:
        if name not in baseline.get("sets", {}):
            problems.append(f"set {name}: not in the baseline (python eval/gate.py --update)")
    for key, floor in baseline.get("floors", {}).items():
        fig = measured.get(key)
        if fig is None:
            continue            # a group of a set that is not here (external-dev outside a checkout)
        for k in RATIOS:
            if getattr(fig, k) < floor[k]:
                problems.append(f"{key}: {k} {getattr(fig, k):.3f} < floor {floor[k]:.2f}")
        for k in COUNTS:
            if k in floor and getattr(fig, k) > floor[k]:
                problems.append(f"{key}: {k} {getattr(fig, k)} > ceiling {floor[k]}")
    return problems


def lowered(old: dict, new: dict) -> list[str]:
    out = []
    for key, floor in old.get("floors", {}).items():
        if key not in new:
            continue
        out += [f"{key}: {k} {floor[k]} -> {new[key][k]}" for k in RATIOS if new[key][k] < floor[k]]
        out += [f"{key}: {k} {floor[k]} -> {new[key][k]}" for k in COUNTS if k in floor and new[key][k] > floor[k]]
    return out


def measure(sets: dict[str, Path], evaluate=None) -> tuple[dict[str, list], dict[str, str]]:
    if evaluate is None:
        from pipeline.evaluate_unseen import eval_folder as evaluate
    return ({name: evaluate(folder) for name, folder in sets.items()},
            {name: digest(folder) for name, folder in sets.items()})


def updated_baseline(old: dict, measured: dict[str, Figures], digests: dict[str, str],
                     allow_lower: str | None) -> dict:
    new_floors = {k: floors_of(f) for k, f in measured.items()}
    drops = lowered(old, new_floors)
    if drops and not allow_lower:
        raise SystemExit("eval gate: the update would lower these floors:\n  " + "\n  ".join(drops)
                         + "\nsay why with --allow-lower \"REASON\" (kept in the baseline's history)")
    history = list(old.get("history", []))
    if drops:
        history.append({"lowered": drops, "reason": allow_lower})
    # a set not measured here (external-dev outside a checkout) keeps its old floors
    kept = {k: v for k, v in old.get("floors", {}).items() if k not in new_floors and k.startswith("set:")
            and k[4:] not in digests}
    return {"about": __doc__.strip().splitlines()[0],
            "sets": {**{k: v for k, v in old.get("sets", {}).items() if k not in digests},
                     **{name: {"digest": d, "figures": measured[f"set:{name}"].as_dict()}
                        for name, d in digests.items()}},
            "floors": {**kept, **new_floors}, "history": history}


def load_baseline(path: Path = BASELINE) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="write the measured floors to the baseline")
    ap.add_argument("--allow-lower", metavar="REASON", help="let --update lower a floor, saying why")
    args = ap.parse_args(argv)
    sets = unseen_sets()
    evals, digests = measure(sets)
    measured = {**groups(evals), **measure_loso(sets)}
    for key, fig in measured.items():
        d = fig.as_dict()
        print(f"{key:32} texts {d['texts']:4} games {d['identified']:.2f} wrong texts {d['wrong_texts']:3} "
              f"wrong labels {d['wrong_label_rate']:.3f}"
              + ("" if key.startswith("loso:") else f" P {d['precision']:.2f} R {d['recall']:.2f}"))
    old = load_baseline()
    if args.update:
        new = updated_baseline(old, measured, digests, args.allow_lower)
        BASELINE.write_text(json.dumps(new, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {BASELINE.relative_to(ROOT)}")
        return 0
    problems = compare(old, measured, digests)
    for p in problems:
        print("FAIL", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
