"""Jokers added after a count of cards are in play too, in prose and on a label line alike
("52 cards plus 1 joker", "Количество карт в колоде: 52 плюс 2 джокера", "Cards Used: 52 Cards
+ 1 Joker"; extract/general.py `_with_jokers`)."""

import pytest

from tests.test_extract import facts_of


@pytest.mark.parametrize("lang, text, size", [
    ("en", "DAIFUGO\n\nThe game uses 52 cards plus 1 joker.\n", 53),
    ("en", "DAIFUGO\n\nCards Used: 52 Cards + 1 Joker\nPlayers: 3-6\n", 53),
    ("ru", "КУНКЕН\n\nКоличество карт в колоде: 52 плюс 2 джокера\n", 54),
])
def test_jokers_after_a_count_of_cards_are_in_play(lang, text, size):
    _, facts, doc = facts_of(text, lang)
    deck = [f for f in facts if f.facet == "deck_size"]
    assert [f.value for f in deck] == [size]
    assert doc.text[deck[0].anchor.start:deck[0].anchor.end] == deck[0].anchor.quote


def test_a_label_without_jokers_is_its_count():
    _, facts, _ = facts_of("KUNKEN\n\nNumber of cards in the deck: 52\n", "en")
    assert [f.value for f in facts if f.facet == "deck_size"] == [52]
