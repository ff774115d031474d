"""A part whose heading states one player count is the form for that many players: what it
states holds when they play (qualifier "<n>p"), as a condition in the sentence would say, and
its heading's count is not the game's player count (extract/facts.py `heading_condition`)."""

import pytest

from tests.test_extract import facts_of

EN = ("SOLO WHIST.\n\nSolo Whist is played by four persons, with a full pack of fifty-two cards.\n\n"
      "CUTTING.\n\nThe players cut for deal.\n\nSOLO WHIST FOR THREE PLAYERS.\n\n"
      "The best arrangement is to play with a pack of forty cards.\n\nSCORING.\n\nEach trick counts one.\n")
JA = "# 大富豪\n\n## 人数\n\n4人で遊ぶ。\n\n## 配り方\n\n各自に13枚配る。\n\n## 3人の場合\n\n各自に17枚配る。\n"


@pytest.mark.parametrize("text, lang, facet, main, form", [
    (EN, "en", "deck_size", 52, 40),
    (JA, "ja", "hand_size", 13, 17),
])
def test_a_part_headed_by_a_player_count_is_that_form(text, lang, facet, main, form):
    _, facts, _ = facts_of(text, lang)
    got = {(f.value, f.qualifier) for f in facts if f.facet == facet}
    assert got == {(main, None), (form, "3p")}
    assert {f.value.min for f in facts if f.facet == "players"} == {4}


def test_a_heading_without_one_count_conditions_nothing():
    text = EN.replace("SOLO WHIST FOR THREE PLAYERS.", "THE WIDOW.")
    _, facts, _ = facts_of(text, "en")
    assert {(f.value, f.qualifier) for f in facts if f.facet == "deck_size"} == {(52, None), (40, None)}
