"""The heading scorer (identify/heading_scorer.py): its knowledge file is validated, the way it
was kept decides, `hoyle train` fits and measures it leaving one site out, and `hoyle eval
--unseen --loso` segments each text with a scorer fitted without its site."""

import json
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.identify.heading_scorer import FEATURES, HeadingScorer
from tests.test_identify_documents import KNOWLEDGE, ingest, segment_document
from tests.test_named_variants import RULES

TOPIC = ("The dealer gives the cards one at a time, and the player on his left leads; "
         "the cards are gathered after each round and dealt again by the next player.\n\n")


def _scorer(way: str, intercept: float) -> HeadingScorer:
    return HeadingScorer(features=list(FEATURES), coef=[0.0] * len(FEATURES), intercept=intercept, way=way)


def test_a_scorer_file_names_only_known_features_with_one_weight_each():
    with pytest.raises(ValueError, match="unknown features"):
        HeadingScorer(features=["rule_words", "colour_of_the_cover"], coef=[1.0, 2.0], intercept=0.0)
    with pytest.raises(ValueError):
        HeadingScorer(features=["rule_words"], coef=[1.0, 2.0], intercept=0.0)
    s = HeadingScorer(features=["rule_words"], coef=[2.0], intercept=-1.0)
    assert s.probability({"rule_words": 1.0}) == pytest.approx(1 / (1 + 2.718281828 ** -1), rel=1e-6)
    assert s.accepts({"rule_words": 1.0}) and not s.accepts({"rule_words": 0.0})


@pytest.mark.parametrize("way, by_rule, model_says, decided", [
    ("rules", True, False, True), ("rules", False, True, False),
    ("model", True, False, False), ("model", False, True, True),
    ("either", True, False, True), ("either", False, True, True), ("either", False, False, False)])
def test_the_way_kept_decides(way, by_rule, model_says, decided):
    assert _scorer(way, 10.0 if model_says else -10.0).decides(by_rule, {}) is decided


def _top_games(text: str, knowledge) -> list[tuple[str, str | None]]:
    from pipeline.manifest import ManifestEntry
    entry = ManifestEntry(id="t", file="texts/t.txt", language="en", title="T")
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=knowledge.languages)
    seg = segment_document(doc, knowledge)
    return [(s.kind, s.game_id) for s in seg.sections if s.level == 0 and s.kind in ("game", "variant")]


def test_a_flat_heading_among_known_games_is_a_game_when_the_kept_scorer_says_so():
    # a tier of caps titles with no frame: the rules leave GRANGE to its neighbour
    text = "CRIBBAGE.\n\n" + RULES + "GRANGE.\n\n" + RULES + "SNAP.\n\n" + RULES
    rules_only = replace(KNOWLEDGE, heading_scorer=_scorer("rules", 10.0))
    assert _top_games(text, rules_only) == [("game", "cribbage"), ("game", "snap")]
    model = replace(KNOWLEDGE, heading_scorer=_scorer("model", 10.0))
    assert _top_games(text, model) == [("game", "cribbage"), ("game", "grange"), ("game", "snap")]


def _unseen_folder(tmp_path, sites: dict[str, tuple[list[str], list[str]]]):
    """A folder of small books, one a site: (its headings, the games expected among them)."""
    import tomlkit
    folder = tmp_path / "unseen"
    (folder / "texts").mkdir(parents=True)
    sources, cases = [], []
    for sid, (headings, games) in sites.items():
        body = "".join(f"{h.upper()}.\n\n" + (RULES if h in games else TOPIC) for h in headings)
        (folder / "texts" / f"{sid}.txt").write_text(body, encoding="utf-8")
        sources.append({"id": sid, "file": f"texts/{sid}.txt", "language": "en", "title": sid})
        cases.append({"id": sid, "language": "en", "site": f"book:{sid}", "layout": "book-chapter",
                      "games": [{"game": g, "aliases_in_text": [g.upper()], "facts": []} for g in games]})
    (folder / "sources.toml").write_text(tomlkit.dumps({"source": sources}), encoding="utf-8")
    (folder / "expected.json").write_text(json.dumps({"cases": cases}), encoding="utf-8")
    return folder


SITES = {
    "book-a": (["Cribbage", "Grange", "Dealing", "Snap", "Minster", "Scoring", "Whist"],
               ["Cribbage", "Grange", "Snap", "Minster", "Whist"]),
    "book-b": (["Euchre", "Hollow Oak", "Cutting", "Loo", "Grab", "Leading", "Poker"],
               ["Euchre", "Hollow Oak", "Loo", "Grab", "Poker"]),
    "book-c": (["Napoleon", "My Bird Sings", "Penalties", "Cassino", "Spade the Gardener", "Piquet"],
               ["Napoleon", "My Bird Sings", "Cassino", "Spade the Gardener", "Piquet"]),
}


def test_train_fits_measures_leaving_one_site_out_and_keeps_a_way(tmp_path):
    folder = _unseen_folder(tmp_path, SITES)
    out = tmp_path / "scorer.json"
    facts_out = tmp_path / "facts.json"
    res = CliRunner().invoke(app, ["train", str(folder), "--out", str(out), "--facts-out", str(facts_out)])
    assert res.exit_code == 0, res.output
    scorer = HeadingScorer.model_validate_json(out.read_text(encoding="utf-8"))
    # the fact scorer is fitted and measured the same way, its three ways printed
    from pipeline.knowledge.fact_scorer import FactScorer
    facts = FactScorer.model_validate_json(facts_out.read_text(encoding="utf-8"))
    assert facts.way in ("rules", "combined") and "fact candidates of" in res.output
    assert {f"{w}_{m}" for w in ("rules", "model", "combined") for m in ("precision", "recall")} <= set(facts.measured)
    assert scorer.way in ("rules", "model", "either") and scorer.sites >= 3 and scorer.rows >= 9
    assert set(scorer.measured) == {f"{w}_{m}" for w in ("rules", "model", "either") for m in ("precision", "recall")}
    assert "leave one site out" in res.output and f"kept: {scorer.way}" in res.output


def test_train_refuses_texts_without_headings_of_both_kinds(tmp_path):
    folder = _unseen_folder(tmp_path, {"book-a": (["Cribbage", "Snap", "Whist"], ["Cribbage", "Snap", "Whist"])})
    # (its own folder as the corpus: no gold sections of the embedded books add headings)
    res = CliRunner().invoke(app, ["train", str(folder), "--out", str(tmp_path / "s.json"),
                                   "--facts-out", str(tmp_path / "f.json"), "--corpus", str(folder)])
    assert res.exit_code == 2 and "both kinds" in res.output
    assert not (tmp_path / "s.json").exists() and not (tmp_path / "f.json").exists()


def test_eval_loso_reports_games_identified_per_language_and_layout(tmp_path):
    folder = _unseen_folder(tmp_path, SITES)
    res = CliRunner().invoke(app, ["eval", "--unseen", str(folder), "--loso"])
    assert res.exit_code == 0, res.output
    assert "Leave one site out: Unseen texts by language" in res.output
    assert "Leave one site out: Unseen texts by layout" in res.output
    assert "leave one site out: games identified" in res.output


def test_the_shipped_scorer_is_loaded_with_the_knowledge_and_says_how_it_was_measured():
    from pipeline.identify.heading_scorer import load_scorer
    shipped = load_scorer()
    assert shipped is not None and KNOWLEDGE.heading_scorer == shipped
    assert shipped.rows > 0 and shipped.sites > 1 and len(shipped.trained_on) == 64
    assert set(shipped.measured) == {f"{w}_{m}" for w in ("rules", "model", "either") for m in ("precision", "recall")}
