"""Scoring clauses in prose (extract/score_lines.py, `statements: valued:` of each profile): a
short phrase and its points ("Queen of Spades gives 13 points", "100 points per red three",
"Пиковая дама – 13 очков") name a scoring item, the registry's or the phrase as written; a
phrase naming a person or a side (cue group `agent`), a rank, or a number is no item. Also: the
evaluation resolves an annotator's item name through the registry, as it does a game's."""

import pytest

from pipeline.evaluate_unseen import canonical_facet, item_ids
from pipeline.extract.cards import vocabulary
from pipeline.extract.score_lines import score_line_grammar, score_lines
from tests.test_extract import KNOWLEDGE, facts_of


def _clauses(text: str, lang: str) -> list[tuple[str, int]]:
    grammar = score_line_grammar(KNOWLEDGE.languages[lang], vocabulary(KNOWLEDGE))
    return [(s.label, s.value) for s in score_lines(text, grammar) if s.prose]


@pytest.mark.parametrize("lang, sentence, label, value", [
    ("en", "Queen of Spades gives 13 points.", "Queen of Spades", 13),
    ("en", "The Black Threes (block cards) are worth 5 points.", "Black Threes", 5),
    ("en", "A side scores 100 points per canasta, and more for a natural one.", "canasta", 100),
    ("en", "Jokers count 50 points, and a red canasta is worth 500 points.", "red canasta", 500),
    ("ru", "Скоринговые карты – это червы, а Пиковая дама – 13 очков.", "Пиковая дама", 13),
    ("ru", "Каждая взятка приносит 2 очка.", "взятка", 2),
    ("en", "Scoring:\n2 points for a Renege\n\n4 points for a loner", "Renege", 2),   # a line's end
    ("en", "  • the player earns 2 points for “Caida”\n  • Then", "Caida", 2),
])
def test_a_short_phrase_and_its_points_is_a_scoring_clause(lang, sentence, label, value):
    assert (label, value) in _clauses(sentence + "\n", lang)


@pytest.mark.parametrize("lang, sentence", [
    ("en", "The dealer gets 2 points."),                                  # a person
    ("en", "If it is a jack, his side scores 2 points."),                 # a side
    ("en", "The winner scores 10 points."),
    ("en", "A player who holds King and Queen of the same suit scores 20 points."),  # 'and' inside a phrase
    ("en", "And is worth 20 points."),                                    # a conjunction, no name
    ("en", "You get 2 points for making the total 15."),                  # a number: a condition
    ("en", "Face cards are worth 10 points."),                            # a class of cards: their value
    ("en", "Score 15 points for each “Skip” card."),
    ("ru", "Игрок получает 10 очков."),
    ("en", "The holder is entitled to score one point."),                # a clause (clause_verb)
    ("en", "The striker shall score one point."),
    ("en", "The count stands at 8 points for B."),                    # a player's letter
    ("en", 'He scores one point for thus "sweeping the board."'),       # an adverb opens no name
    ("en", "Each player counts forty points for the\ncards he holds."),   # a hard wrap ends no phrase
    ("ru", "Игрок, взявший взятку, должен получить 10 очков."),
])
def test_a_person_a_side_a_conjunction_or_a_condition_is_no_item(lang, sentence):
    assert _clauses(sentence + "\n", lang) == []


def test_a_clause_is_a_cited_fact_named_by_the_registry_and_never_by_a_heading_above():
    got, facts, doc = facts_of("HEARTS\n\nScoring\n\nQueen of Spades gives 13 points. "
                               "Cards in the blitz pile give 2 points.\n", "en")
    assert ("hearts", "score:queen_of_spades", "13") in got
    fact = next(f for f in facts if f.facet == "score:queen_of_spades")
    assert doc.text[fact.anchor.start:fact.anchor.end] == fact.anchor.quote
    # (a list's row may take its item from the heading above; a clause names its own)
    assert ("hearts", "score:cards_in_the_blitz_pile", "2") in got


def test_a_bracketed_number_before_a_value_names_the_item():
    got, _, _ = facts_of("CRIBBAGE\n\nScoring:\n- Fifteen (15): 2 points\n- Thirty-one (31): 2 points\n", "en")
    assert ("cribbage", "score:fifteen", "2") in got and ("cribbage", "score:thirty_one", "2") in got
    assert not any(v in ("15", "31") for _, _, v in got)


def test_a_conditional_clause_after_and_is_a_clause_of_its_own():
    got, _, _ = facts_of("EUCHRE\n\nEach player is dealt 5 cards one card is turned face-up and if "
                         "none of the players chooses this as trump, then one names a suit.\n", "en")
    assert ("euchre", "hand_size", "5") in got


def test_an_annotators_item_name_resolves_through_the_registry():
    ids = item_ids(KNOWLEDGE.facets.items)
    assert canonical_facet("score:nobs", ids) == "score:his_nobs"                   # an alias
    assert canonical_facet("score:marriage_hearts", ids) == "score:hearts_marriage"  # its words in another order
    assert canonical_facet("score:bonus_for_going_out", ids) == "score:bonus_for_going_out"
    assert canonical_facet("deck_size", ids) == "deck_size"


def test_a_name_printed_with_an_accent_is_the_registrys_without_it():
    got, _, _ = facts_of("BEZIQUE\n\nScoring\n\nThe player scores 40 points for the single bézique.\n", "en")
    assert ("bezique", "score:bezique", "40") in got
