"""Counts of packs the words call whole ("Two Entire Packs of Cards"): so many full packs,
whatever the game's family (a patience book's games are mostly unknown to the registry); and
summary lines that are no titles."""

import pytest

from tests.test_extract import facts_of


def test_entire_packs_of_an_unknown_game():
    got, _, _ = facts_of("THE FIFTEEN\n\nTwo Entire Packs of Cards\n\n\nRULES\n\n I. Only cards in the lowest row "
                         "are available.\n", "en")
    assert ("fifteen", "deck_size", "104") in got
    assert ("fifteen", "packs", "2") in got


def test_packs_of_a_named_kind_are_not_full():
    # "two standard pinochle decks": a pinochle deck, not the full pack
    got, _, _ = facts_of("PINOCHLE.\n\nPlayed with two standard pinochle decks.\n", "en")
    assert not [g for g in got if g[1] == "deck_size"]


def test_packs_without_words_of_a_whole_pack_need_the_family():
    got, _, _ = facts_of("THE FIFTEEN\n\nPlayed with two packs.\n", "en")
    assert not [g for g in got if g[1] == "deck_size"]


def test_summary_lines_are_no_game_titles():
    # a text whose only lines before the rules are label lines and a section name ("how to play")
    got, facts, _ = facts_of("プレイ人数・・3人〜8人ぐらい(5人推奨)\n必要なもの・・・トランプ一式(ジョーカー含む53枚ないし54枚)\n"
                             "プレイの仕方\n1.全員に枚数が均等になるようにカードを配る。\n", "ja")
    assert not [f for f in facts if f.game_id and f.game_id.startswith("game-")]


def test_one_pack_called_whole():
    for text in ("SPIT.\n\nA full deck of normal playing cards (minus the jokers) is used.\n",
                 "SPIT.\n\nA standard deck of cards (no Joker).\n"):
        got, _, _ = facts_of(text, "en")
        assert ("spit", "deck_size", "52") in got
    # jokers added, or another count said with it: not the bare pack
    got, _, _ = facts_of("SPIT.\n\nPlayed with a standard deck plus two jokers.\n", "en")
    assert ("spit", "deck_size", "52") not in got


# (text, language, a fact as (game, facet, value), whether the text states it)
STATED = [
    # a one-word players label
    ("БУРА\n\nИгроков — двое.\n", "ru", ("bura", "players", "min=2 max=2"), True),
    # a pack denied, and a subject, are no statement
    ("SHEEPSHEAD.\n\nSheepshead players never play with a full deck.\n", "en", ("sheepshead", "deck_size", "52"), False),
    ("СЕКА\n\nИгроки получают три карты.\n", "ru", ("seka", "players", "min=3 max=3"), False),
    # packs of numbered cards, and a label before them: the product, not its part
    ("SPITE AND MALICE.\n\nNUMBER OF CARDS: Two 52 card decks\n", "en", ("spite-and-malice", "deck_size", "104"), True),
    ("SPITE AND MALICE.\n\nNUMBER OF CARDS: Two 52 card decks\n", "en", ("spite-and-malice", "deck_size", "52"), False),
    # the players all dealt as many
    ("SPITE AND MALICE.\n\nPlayers are dealt 5 cards to their hand.\n", "en", ("spite-and-malice", "hand_size", "5"), True),
]


@pytest.mark.parametrize("text, lang, fact, stated", STATED)
def test_what_a_line_states_and_does_not(text, lang, fact, stated):
    got, _, _ = facts_of(text, lang)
    assert (fact in got) == stated


def test_japanese_contents_label_total_and_kinds():
    got, _, _ = facts_of("ごきぶりポーカー\n\n内容物：カード64枚(8種類×各8枚)\n", "ja")
    assert ("cockroach-poker", "deck_size", "64") in got
    assert not [g for g in got if g[1] == "hand_size"]      # 各8枚: of each kind, no hand
    # "全部で" (in all) is no pack: "絵札は全部で20枚" counts the picture cards (tried and dropped)
    got, _, _ = facts_of("ナポレオン\n\n絵札は全部で20枚あります。\n", "ja")
    assert ("napoleon", "deck_size", "20") not in got


def test_packs_of_numbered_cards_with_jokers_added():
    got, _, _ = facts_of("RUMMY.\n\nIt is played with two standard 52 card decks and two jokers.\n", "en")
    assert ("rummy", "deck_size", "106") in got and ("rummy", "deck_size", "104") not in got


def test_a_range_of_players_before_their_hand():
    got, _, _ = facts_of("KINGS IN THE CORNER.\n\nIn this game, two to six players are each dealt seven cards.\n", "en")
    assert ("kings-in-the-corner", "players", "min=2 max=6") in got
    assert ("kings-in-the-corner", "hand_size", "7") in got
