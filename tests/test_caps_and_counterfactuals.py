"""Two numbers that are no rule of the game's score: an upper limit ("the limit of 100 points",
the `limit` cue group: target_score's drop-before relation), and a counterfactual case ("if two
partners were at 6 …, they would win a game of 11": an example, announced anywhere in its
sentence by the `supposed` role cues)."""

import pytest

from tests.test_extract import facts_of


@pytest.mark.parametrize("lang, text", [
    ("en", "BRIDGE\n\nThe game is 30 points. Re-doubling may be continued until the limit of 100 points is reached.\n"),
])
def test_a_limit_is_no_target(lang, text):
    _, facts, _ = facts_of(text, lang)
    assert {f.value for f in facts if f.facet == "target_score"} == {30}


def test_a_counterfactual_case_is_an_example():
    text = ("WHIST.\n\nThe game is 7 points. Others count all the tricks made; so that if two partners "
            "were at the score of 6 in a 7-point game, and made five by cards, they would win a game of 11 points.\n")
    _, facts, _ = facts_of(text, "en")
    roles = {f.value: f.role for f in facts if f.facet == "target_score"}
    assert roles.get(7) == "rule" and roles.get(11, "example") == "example"
