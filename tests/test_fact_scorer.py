"""Candidates by construction and the fact scorer (issue 29): every number with a unit is a
candidate with named features; the scorer's knowledge file is validated; the way it was kept
decides whether the build adds what it accepts; `hoyle train` measures three ways leaving one
site out."""

import math

import pytest

from pipeline.extract.candidates import candidates
from pipeline.extract.general import statement_grammar
from pipeline.knowledge.fact_scorer import FacetModel, FactScorer, load_fact_scorer
from tests.test_extract import KNOWLEDGE, facts_of


def _grammar(lang: str):
    return statement_grammar(KNOWLEDGE.languages[lang], KNOWLEDGE.facets)


@pytest.mark.parametrize("lang, text, facet, value", [
    ("en", "There can be 2 to 4 players.", "players", (2, 4)),
    ("ru", "Используется колода от 24 до 32 карт.", "deck_size", 24),
    ("ja", "プレイヤーは5枚のカードを持ちます。", "hand_size", 5),
])
def test_every_number_with_a_unit_is_a_candidate_of_each_facet_its_unit_states(lang, text, facet, value):
    found = candidates(text, _grammar(lang))
    mine = [c for c in found if c.facet == facet]
    assert mine, [c.facet for c in found]
    c = mine[0]
    got = (c.value.min, c.value.max) if hasattr(c.value, "min") else c.value
    assert got == value
    assert text[c.start:c.end].strip()   # cites the number and its unit
    # features are named, language-independent where they are cue groups, and numbers
    assert all(isinstance(v, float) and math.isfinite(v) for v in c.features.values())
    assert any(k.startswith(("w<", "w>")) for k in c.features)


def test_a_count_of_cards_is_a_candidate_of_every_facet_a_count_of_cards_may_state():
    facets = {c.facet for c in candidates("Each player gets 7 cards.", _grammar("en"))}
    assert {"hand_size", "talon_size"} <= facets   # 7 is out of a deck's bounds: no deck_size


def test_a_scorer_file_holds_finite_weights_and_scores_only_its_facets():
    with pytest.raises(ValueError, match="finite"):
        FactScorer(facets={"players": FacetModel(weights={"range": math.inf}, intercept=0.0)})
    s = FactScorer(facets={"players": FacetModel(weights={"range": 2.0}, intercept=-1.0)}, way="combined")
    assert s.probability("players", {"range": 1.0}) == pytest.approx(1 / (1 + math.exp(-1)))
    assert s.probability("hand_size", {"range": 1.0}) is None and not s.accepts("hand_size", {})
    assert s.accepts("players", {"range": 1.0}) and not s.accepts("players", {})


def _always(way: str) -> FactScorer:
    return FactScorer(facets={"players": FacetModel(weights={}, intercept=5.0)}, way=way)


def test_the_way_kept_decides_whether_accepted_candidates_are_facts():
    # no cue of `play` near the count: no rule reads it; a scorer kept "combined" that accepts
    # every players candidate adds it, cited, with a rule id that says where it came from
    text = "BRISCOLA.\n\nThe table seats 2 to 4 players.\n"
    got, facts, _ = facts_of(text, "en", knowledge=KNOWLEDGE.with_fact_scorer(_always("rules")))
    assert not any(f == "players" for _, f, _ in got)
    got, facts, doc = facts_of(text, "en", knowledge=KNOWLEDGE.with_fact_scorer(_always("combined")))
    assert ("briscola", "players", "min=2 max=4") in got
    fact = next(f for f in facts if f.facet == "players")
    assert fact.rule == "en.candidate.players"
    assert doc.text[fact.anchor.start:fact.anchor.end] == fact.anchor.quote


def test_a_candidate_a_rule_read_is_left_to_the_rule():
    text = "BRISCOLA.\n\nBriscola is a game for 2 to 4 players.\n"
    _, facts, _ = facts_of(text, "en", knowledge=KNOWLEDGE.with_fact_scorer(_always("combined")))
    players = [f for f in facts if f.facet == "players"]
    assert len(players) == 1 and ".candidate." not in players[0].rule


def test_the_shipped_scorer_is_loaded_with_the_knowledge_and_says_how_it_was_measured():
    shipped = load_fact_scorer()
    assert shipped is not None and KNOWLEDGE.fact_scorer == shipped
    assert shipped.rows > 0 and shipped.sites > 1 and len(shipped.trained_on) == 64
    assert {f"{w}_{m}" for w in ("rules", "model", "combined") for m in ("precision", "recall")} <= set(shipped.measured)
