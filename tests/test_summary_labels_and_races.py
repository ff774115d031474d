"""Summary labels and races to a score, as writers set them: a label's value that ends a clause
on a long line ("Number of players: Two to eight, but …"), a label run in after a sentence
("… игра. Игроков — двое."), and the race's winner with its verb left out ("First player to 75
wins", "until one player scores 50")."""

import pytest

from tests.test_extract import facts_of


@pytest.mark.parametrize("lang, text, fact", [
    ("en", "WHIST.\n\nNumber of players: Two to eight, but this card game works best with three to five "
           "when everyone knows the rules well.\n", ("whist", "players", "min=2 max=8")),
    ("en", "WHIST.\n\nNUMBER OF PLAYERS: 2 – 4, more can play, but it is best to have even numbers of "
           "players at the table.\n", ("whist", "players", "min=2 max=4")),
    ("ru", "Бриск\n\nБриск — карточная игра. Игроков — двое. Колода — 36 или 52 листа.\n",
     ("brisk", "players", "min=2 max=2")),
])
def test_a_label_is_read_on_a_long_line_and_run_in_after_a_sentence(lang, text, fact):
    got, _, _ = facts_of(text, lang)
    assert fact in got


def test_a_run_in_label_needs_its_stop():
    """After a sentence, a label word with no colon or dash is prose ("Players 3 and 4 then
    play"), not a summary."""
    got, _, _ = facts_of("WHIST.\n\nThe deal ends. Players 3 and 4 then play on.\n", "en")
    assert not any(f == "players" for _, f, _ in got)


@pytest.mark.parametrize("sentence, value", [
    ("First player to 75 wins.", "75"),
    ("The game continues until one player scores 50.", "50"),
    ("The first to reach 100 points wins.", "100"),
])
def test_a_race_to_a_score_is_the_target(sentence, value):
    got, _, _ = facts_of(f"WHIST.\n\n{sentence}\n", "en")
    assert ("whist", "target_score", value) in got


@pytest.mark.parametrize("sentence", [
    "The first player to 3 tricks takes the pot.",      # tricks, not points
    "The first player to 10-15 in chips stops.",        # a range of something else
])
def test_a_race_to_something_else_is_no_target(sentence):
    got, _, _ = facts_of(f"WHIST.\n\n{sentence}\n", "en")
    assert not any(f == "target_score" for _, f, _ in got)
