"""`hoyle eval --unseen`: texts the pipeline was not built on (shared/external-dev, and the
project's own tests/unseen/{en,ja,ru}, each read by hand). Floors pinned just below the
measured figures (README, Accuracy): a regression fails, an improvement raises them."""

from pathlib import Path

import pytest

from pipeline.evaluate import PR
from pipeline.evaluate_unseen import eval_folder

pytestmark = pytest.mark.slow   # builds every unseen set (make test-fast leaves it out)

ROOT = Path(__file__).resolve().parents[1]
EXTERNAL_DEV = ROOT.parent / "shared" / "external-dev"

# folder: (games identified, texts with a wrong game label at most, fact precision, fact recall)
FLOORS = {  # measured: games 0.96, 0.89, 0.96, 0.92; no wrong label; P/R .97/.89, .96/.71, .93/.80, .98/.88 (pooled .96/.81); ru games .96
    EXTERNAL_DEV: (0.92, 0, 0.95, 0.87),
    ROOT / "tests" / "unseen" / "en": (0.88, 0, 0.94, 0.69),
    ROOT / "tests" / "unseen" / "ja": (0.92, 0, 0.91, 0.78),
    ROOT / "tests" / "unseen" / "ru": (0.93, 0, 0.95, 0.85),
    # the second batches (issue 28: 84 texts), read by hand after the code they measure was written; measured
    # with the 1,176-game registry: games .89/.77/.67, texts with a wrong label 4/4/2, P/R .67/.28,
    # .72/.38, .74/.34: what the pipeline did on texts nobody tuned it on; then title parts, title
    # wrapper words and declined title names (en-b .92/3/.70/.29, ru-b .73/1/.82/.38)
    ROOT / "tests" / "unseen" / "en-b": (0.91, 3, 0.69, 0.28),
    ROOT / "tests" / "unseen" / "ja-b": (0.76, 4, 0.71, 0.37),
    ROOT / "tests" / "unseen" / "ru-b": (0.72, 1, 0.81, 0.37),
}


@pytest.mark.parametrize("folder", list(FLOORS), ids=lambda p: p.name)
def test_unseen_texts_meet_their_floors(folder):
    if not (folder / "expected.json").is_file():
        pytest.skip(f"{folder} is not here (shared/ sits beside the repository in CI)")
    games_floor, wrong_most, p_floor, r_floor = FLOORS[folder]
    evals = eval_folder(folder)
    games = sum(e.games_expected for e in evals)
    found = sum(e.games_found for e in evals)
    wrong = sum(1 for e in evals if e.wrong_games)
    total = PR(*(sum(getattr(e.facts, k) for e in evals) for k in ("correct", "judged", "found", "gold")))
    assert found / games >= games_floor, [g for e in evals for g in e.missed_games]
    assert wrong <= wrong_most, [(e.source_id, e.wrong_games) for e in evals if e.wrong_games]
    assert total.precision >= p_floor and total.recall >= r_floor, (total.precision, total.recall)


def one_text_unseen_folder(tmp_path: Path, folder: Path, case_id: str) -> Path:
    """One case of an unseen folder as a folder of its own: its manifest entry, text and expected
    facts (what the command needs to show; the floors test builds the whole sets)."""
    import json
    import tomllib

    import tomlkit
    entry = next(e for e in tomllib.loads((folder / "sources.toml").read_text(encoding="utf-8"))["source"]
                 if e["id"] == case_id)
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    expected["cases"] = [c for c in expected["cases"] if c["id"] == case_id]
    out = tmp_path / folder.name
    (out / "texts").mkdir(parents=True)
    (out / entry["file"]).write_bytes((folder / entry["file"]).read_bytes())
    (out / "sources.toml").write_text(tomlkit.dumps({"source": [entry]}), encoding="utf-8")
    (out / "expected.json").write_text(json.dumps(expected, ensure_ascii=False), encoding="utf-8")
    return out


def test_eval_unseen_command_prints_per_text_and_totals(tmp_path):
    from typer.testing import CliRunner

    from pipeline.cli import app
    folder = one_text_unseen_folder(tmp_path, ROOT / "tests" / "unseen" / "en", "en-thebearknowsbest-hearts")
    res = CliRunner().invoke(app, ["eval", "--unseen", str(folder), "--details"])
    assert res.exit_code == 0, res.output
    assert "games identified" in res.output and "en-thebearknowsbest-hearts" in res.output
    assert "Unseen texts by language" in res.output and "Unseen texts by layout" in res.output
    res = CliRunner().invoke(app, ["eval", "--unseen", str(ROOT / "tests")])
    assert res.exit_code == 2 and "expected.json" in res.output


def test_recorded_audit_is_complete_and_meets_its_floor():
    # tests/audit/: 50 facts per language drawn at e11858a (seed 2401; rule facts only; ru: 19
    # from the embedded corpus, 31 from tests/unseen/ru), judged strictly by reading each in its
    # context; measured 145/150 = 0.967 (en 49, ja 46, ru 50). Earlier audits, not counted:
    # tests/audit/before/ (0.72), midway/ (0.78), previous/ (0.84, seed 1201, at 49b6c77),
    # seed1301/ (0.80, at 5bf6e3e), seed1401/ (0.81, at 013701d), seed1501/ (0.82, at 3a06cb8),
    # seed1601/ (0.86, at 9335adf), seed1701/ (0.91, at eca20dc), seed1801/ (0.91, at 5b8165e),
    # seed2001/ (a 60-per-language diagnostic at 2aebe9e: 161/180), seed2101/ (0.90, at 5ce3ca6),
    # seed2201/ (0.947, at 7cde7c6), seed2301/ (a diagnostic at cf1aeb8: 168/180); full-review/
    # (every Japanese, Russian and English fact, read while fixing).
    from pipeline.audit import audited_precision
    counts = audited_precision(ROOT / "tests" / "audit")
    assert {lang: judged for lang, (_, judged) in counts.items()} == {"en": 50, "ja": 50, "ru": 50}
    right = sum(r for r, _ in counts.values())
    assert right / 150 >= 0.95, counts
