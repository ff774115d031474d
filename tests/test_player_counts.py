"""How many play (the `players` facet), as writers state it: a count listed by commas, a range
after "for", a count of one only where the game is played alone (`one_needs`), and a range
of numbers that names no players."""

import pytest

from tests.test_extract import facts_of

HEAD = {"en": "WHIST.\n\n", "ja": "ピラミッド\n\n", "ru": "ВИНТ\n\n"}


def _players(lang: str, sentence: str) -> set[str]:
    _, facts, _ = facts_of(HEAD[lang] + sentence + "\n", lang)
    return {str(f.value) for f in facts if f.facet == "players"}


@pytest.mark.parametrize("lang, sentence, value", [
    ("en", "- Players: 2, 3, 4, 6", "min=2 max=6"),          # a label's list by commas alone
    ("ja", "人数：3、4、5人", "min=3 max=5"),
    ("en", "Rolling Stone For 4, 5 or 6 players", "min=4 max=6"),
    ("en", "For 3-5 players, ages 8 and up.", "min=3 max=5"),
    ("en", "Players: 1-5", "min=1 max=5"),                   # a range from one
    ("en", "A game for one player.", "min=1 max=1"),
    ("ja", "ピラミッド(1人用)", "min=1 max=1"),
    ("ja", "1人で遊べるゲームです。", "min=1 max=1"),
    ("ru", "Сколько игроков 1", "min=1 max=1"),
    ("ru", "Игра обычно для двух игроков.", "min=2 max=2"),   # an adverb between: no condition
    ("ru", "Количество игроков от 3 до 12", "min=3 max=12"),
    ("ru", "может играться любым количеством лиц от двух до восьми", "min=2 max=8"),
    ("ru", "| Кол-во игроков | 2 — 6 |", "min=2 max=6"),               # a table row's label cell
    ("en", "| Players | 2-4 |", "min=2 max=4"),
    ("en", "The game is played between two players.", "min=2 max=2"),   # "between" one count
    ("en", "It is played by between 2 and 6 players.", "min=2 max=6"),
    ("en", "Euchre is best suited to four-handed play.", "min=4 max=4"),
])
def test_stated_counts(lang, sentence, value):
    assert _players(lang, sentence) == {value}


@pytest.mark.parametrize("lang, sentence", [
    ("en", "The game ends when only 1 player has cards."),     # one player is who is left
    ("en", "Choose one player to deal."),
    ("en", "If one player plays alone, he scores four."),       # a lone hand
    ("en", "The game is played as in Two-handed Put."),          # another form compared
    ("en", "Then play the next deal as in ordinary two-handed."),
    ("ja", "一人のプレイヤーにカードを配る。"),
    ("ja", "人数:2,3,4,5+"),                                    # no highest count
    ("ja", "人数:2人~(6人ぐらい)"),                              # a lower bound only
    ("ru", "карты номиналом от 1 до 12"),                      # numbers of cards, no players
    ("ru", "Игра от 8 до 99 лет"),
])
def test_no_count_of_players(lang, sentence):
    assert _players(lang, sentence) == set()


def test_dealt_to_everyone_is_a_hand():
    _, facts, _ = facts_of("ナポレオン\n\nプレイヤー全員に5枚配ります。\n", "ja")
    assert {(f.facet, f.value) for f in facts} == {("hand_size", 5)}
