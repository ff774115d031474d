"""A variant named after its game, a homonym of a parlour game, and the subject sentence read
from prose only: small texts written for the tests, each in the layout it is about."""

import pytest

from tests.test_extract import facts_of
from tests.test_identify_documents import segmentation, top_games

RULES = ("This is a round game for any number of players, with a full pack of cards. "
         "Each player receives five cards, and the rest are laid aside.\n\n")


def test_a_heading_that_is_the_game_with_more_words_is_a_provisional_variant_of_it():
    text = ("LOO.\n\n" + RULES + "LIMITED LOO.\n\n" + RULES + "_IRISH LOO_.\n\n" + RULES
            + "CASSINO.\n\n" + RULES)
    seg = segmentation(text, "en")
    tops = [(s.kind, s.game_id) for s in seg.sections if s.level == 0 and s.kind in ("game", "variant")]
    assert tops == [("game", "loo"), ("variant", "limited-loo"), ("variant", "irish-loo"), ("game", "cassino")]
    assert {g.id: g.parent for g in seg.provisional} == {"limited-loo": "loo", "irish-loo": "loo"}
    # the name as the text writes it, without the plain-text edition's italics marks
    assert sorted(g.names.en for g in seg.provisional) == ["IRISH LOO", "LIMITED LOO"]


def test_a_topic_of_the_game_or_a_heading_of_another_layout_is_no_variant():
    # the game's name ends neither heading: a topic, not a form of the game
    text = "LOO.\n\n" + RULES + "LOO FOR EXPERTS.\n\n" + RULES
    assert top_games(text, "en") == [("game", "loo")]
    # 「ピケの得点」: "the scores of Piquet", the name is not the head
    text = "ピケ。\n\n二人で32枚のカードを使います。\n\nピケの得点。\n\n五枚のカードで得点します。\n"
    assert top_games(text, "ja") == [("game", "piquet")]


PARLOUR = ("One of the company goes out of the room while the others hide a thimble somewhere "
           "in it; when he comes back he must find it, guided only by the others, who call out "
           "warmer or colder as he comes near to it or goes away from it. The one who hid it "
           "takes his turn next, and so the round goes on until everyone has searched once, "
           "and the game is over when all are tired of it.\n\n")


def test_a_common_word_game_whose_part_never_speaks_of_cards_is_a_homonym():
    # "Giant" is a patience, but here it is a parlour game among parlour games
    text = "CRIBBAGE.\n\n" + RULES + "GIANT.\n\n" + PARLOUR + "SNAP.\n\n" + RULES
    assert top_games(text, "en") == [("game", "cribbage"), ("game", "snap")]
    # the same heading over a patience's rules is the game
    text = "CRIBBAGE.\n\n" + RULES + "GIANT.\n\n" + RULES + "SNAP.\n\n" + RULES
    assert [g for _, g in top_games(text, "en")] == ["cribbage", "giant", "snap"]


def test_an_infobox_row_is_no_sentence_with_a_subject():
    # "Skills | Memory, Tactics": a table row naming Memory (Concentration), not the subject
    text = ("Players | 4 |\nSkills | Memory, Tactics, Communication |\nCards | 32 |\n"
            "Kaiser, or three-spot, is a trick-taking card game popular in the prairie provinces. "
            "It is played with four players in two partnerships.\n")
    assert [g for _, g in top_games(text, "en")] == ["kaiser"]


def test_a_topic_below_the_games_heading_that_ends_with_its_name_is_no_variant():
    # "### Payoff of Blackjack" under "## Blackjack": a topic one level down, not a form of it
    text = ("# Games\n\n## Blackjack\n\n" + RULES + "### Payoff of Blackjack\n\n" + RULES
            + "## Cribbage\n\n" + RULES)
    assert [g for _, g in top_games(text, "en")] == ["blackjack", "cribbage"]


def test_the_games_of_a_part_may_come_before_the_first_one_the_registry_knows():
    # the part "Many Pokers" holds the tier's games: the unknown one before Razz is a game too,
    # a topic of another part ("Hands" under "Common Rules") is not
    counted = ("Each player is dealt seven cards from a pack of fifty-two cards, and bets; then each "
               "may discard and draw once before the last round of betting.\n\n")
    text = ("# Poker\n\n## Common Rules\n\n#### Hands\n\n" + counted
            + "## Many Pokers\n\n### Draw Games\n\n#### Twelve-Card Splash\n\n" + counted
            + "### Stud Games\n\n#### Razz\n\n" + counted + "#### Five-Card Stud\n\n" + counted)
    games = [g for _, g in top_games(text, "en")]
    assert "twelve-card-splash" in games and "hands" not in games
    assert games.index("twelve-card-splash") < games.index("razz")


def test_a_japanese_line_with_a_case_particle_between_words_is_a_clause_not_a_name():
    from pipeline.identify.index import game_index
    from tests.test_identify_documents import KNOWLEDGE
    gaz = game_index(KNOWLEDGE)
    assert gaz.plausible_name("ポーカーが主題") is None
    assert gaz.plausible_name("ポーカーを題材にした映画") is None
    assert gaz.plausible_name("百人一首がるた") == "百人一首がるた"   # karuta voiced, not a particle


def test_a_flat_heading_set_in_the_type_of_the_books_games_is_a_game():
    # games in plain capitals, their topics in italics: GRANGE is set as the games are
    text = ("NAP.\n\n" + RULES + "_POOL OR KITTY_.\n\n" + RULES + "LOO.\n\n" + RULES
            + "_CLUB LAW_.\n\n" + RULES + "GRANGE.\n\n" + RULES + "_SPARE HAND_.\n\n" + RULES
            + "CASSINO.\n\n" + RULES)
    assert [g for _, g in top_games(text, "en")] == ["napoleon", "loo", "grange", "cassino"]
    # where topics are set as the games are, the type tells nothing: no game from it
    plain = text.replace("_POOL OR KITTY_.", "POOL OR KITTY.").replace("_CLUB LAW_.", "CLUB LAW.") \
        .replace("_SPARE HAND_.", "SPARE HAND.")
    assert [g for _, g in top_games(plain, "en")] == ["napoleon", "loo", "cassino"]


def test_a_word_joined_by_a_hyphen_or_an_apostrophe_counts_once_in_a_name():
    from pipeline.identify.index import game_index
    from tests.test_identify_documents import KNOWLEDGE
    gaz = game_index(KNOWLEDGE)
    # four words at most: "Hold'em", "No-limit", "Baker's" are one word each
    assert gaz.plausible_name("No-limit Texas Hold'em") == "No-limit Texas Hold'em"
    assert gaz.plausible_name("King Only Baker's Game") == "King Only Baker's Game"
    assert gaz.plausible_name("How to play the game at home") is None


def test_a_paragraph_opening_on_a_variety_is_about_that_variety():
    # "All Fives" also names a dominoes game: the section's game decides which it is here
    text = ("ALL FOURS.\n\nTwo, three or four persons may play.\n\nThe game is seven points.\n\n"
            "In the variety known as _All Fives_, the Ten of trumps counts 10. Sixty-one points is game.\n")
    got, _, _ = facts_of(text, "en")
    assert ("all-fours", "target_score", "7") in got
    assert ("all-fives", "target_score", "61") in got
    assert ("all-fours", "target_score", "61") not in got


def test_a_variety_said_to_be_the_sections_game_with_a_change_is_the_variety():
    text = ("RUBICON BÉZIQUE.\n\n_=CARDS.=_ Rubicon Bézique is played with four piquet packs of "
            "thirty-two cards each.\n\n_=CHINESE BÉZIQUE=_ is Rubicon Bézique with six packs of cards "
            "shuffled together and used as one.\n")
    got, _, _ = facts_of(text, "en")
    assert ("rubicon-bezique", "packs", "4") in got
    assert ("six-pack-bezique", "packs", "6") in got
    assert ("rubicon-bezique", "packs", "6") not in got


def test_a_paragraph_on_the_game_that_names_its_varieties_stays_the_games():
    text = ("ルー。\nルーは様々な遊び方があるが、代表的なものとして「3枚カードルー」と「5枚カードルー」の2種類がある。"
            "どちらの場合もプレイヤーの人数に制限はないが、6人か7人でプレイするとより楽しめる。\n")
    _, facts, _ = facts_of(text, "ja")
    assert {f.game_id for f in facts if f.facet == "players"} == {"loo"}


def test_a_chapters_laws_named_after_a_game_are_that_games_not_the_form_described_last():
    text = ("EUCHRE.\n\nEuchre is played by four persons with a pack of thirty-two cards.\n\n"
            "FIVE HUNDRED.\n\nThe dealer gives ten cards to each player, three and then two at a time.\n\n"
            "EUCHRE LAWS.\n\n1. Five cards having been given to each player, the next card is turned up.\n")
    got, _, _ = facts_of(text, "en")
    assert ("five-hundred", "hand_size", "10") in got
    assert ("euchre", "hand_size", "5") in got
    assert ("five-hundred", "hand_size", "5") not in got


def test_ranks_in_cutting_a_possible_total_and_a_least_count_are_not_the_rules():
    text = ("EUCHRE.\n\nEuchre is played with a pack of thirty-two cards. The game is five points.\n\n"
            "7. Cutting. In cutting, the ace is low, the other cards ranking, K Q J 10 9 8 7.\n\n"
            "Thus it is possible to win ten points in a rubber.\n")
    got, _, _ = facts_of(text, "en")
    assert not any(f == "rank_order" for _, f, _ in got)
    assert {v for _, f, v in got if f == "target_score"} == {"5"}
    got, _, _ = facts_of("ルー。\n\n有効なカットとするためには、各部分に少なくとも4枚のカードが含まれていなければならない。\n", "ja")
    assert not any(f == "hand_size" for _, f, _ in got)


@pytest.mark.parametrize("said", ["in cutting (as also in play) is as under:", "either in cutting or in play:",
                                  "both in cutting and in play:"])
def test_ranks_said_for_cutting_and_for_play_are_the_rank_order(said):
    got, _, _ = facts_of(f"BEZIQUE.\n\nThe rank of the cards {said} ace, ten, king, queen, knave, nine, eight, seven.\n", "en")
    assert ("bezique", "rank_order", str(["A", "10", "K", "Q", "J", "9", "8", "7"])) in got
