"""English extraction: deals in named rounds, player ranges a sentence allows, item values said of
an item named before them, emphasised table rows (facts_of from test_extract)."""

from __future__ import annotations

import pytest
from test_extract import facts_of


@pytest.mark.parametrize("text, value", [
    ("The dealer shall give each player cards, three at a time for the first round, face down. He shall then "
     "lay aside two cards for the skat. Each player shall then receive four cards at a time for the second "
     "round, and finally three cards at a time for the last round.", "[3, 4, 3]"),
    ("The cards are dealt 3 to each player first time around, then 3 to the middle, then 4 to each player "
     "second time around, then 3 more to each player last time around.", "[3, 4, 3]"),
    ("Three cards are given to each player the first round, then two are laid off for a widow, then four to "
     "each player, and then three to each.", "[3, 4, 3]"),
    ("Three cards are given to each player the first round, then three for the widow, and then two rounds "
     "of four cards each to the players.", "[3, 4, 4]"),
    ("The dealer distributes four cards to each player in two rounds of two at a time.", "[2]"),
    ("The dealer then distributes them to the players four at a time, until each has twelve.", "[4]"),
])
def test_deal_rounds_named_in_turn(text, value):
    got, _, _ = facts_of(f"PREFERENCE.\n\n{text}\n", "en")
    assert ("preference", "deal_pattern", value) in got


def test_a_batch_of_the_deal_is_no_hand_size():
    got, _, _ = facts_of("SKAT.\n\nThe dealer deals a batch of three cards to each player, then two cards face "
                         "down in the centre of the table.\n", "en")
    assert not any(f == "hand_size" for _, f, _ in got)


@pytest.mark.parametrize("title, game, text", [
    ("CRIBBAGE", "cribbage", "Cribbage is distinctly a game for two players, although three may play, each for "
                             "himself, or four, two being partners against the other two."),
    ("DOMINOES", "dominoes", "Although properly a game for two persons, Dominoes is sometimes played by four, two "
                             "being partners against the other two."),
])
def test_players_a_sentence_allows_are_one_range(title, game, text):
    got, _, _ = facts_of(f"{title}.\n\n{text}\n", "en")
    players = {v for g, f, v in got if g == game and f == "players"}
    assert players == {"min=2 max=4"}


def test_a_comparison_with_the_two_player_game_is_no_player_count():
    got, _, _ = facts_of("PIQUET NORMAND.\n\nThe elder hand makes pic, 60, if he can reach 20, under the same "
                         "conditions as in the game for two players.\n", "en")
    assert not any(f == "players" for _, f, _ in got)


@pytest.mark.parametrize("text, item, value", [
    ("=Pairs.= A pair is any two cards of the same denomination, and its counting value is always the same, "
     "2 points.", "pair", "2"),
    ("=Triplets=, usually called Pairs Royal, are any three cards of the same denomination. Their value is the "
     "number of separate pairs, which is three, and the combination is therefore always worth 6 points.",
     "pair_royal", "6"),
    ("If the Jack of the same suit as the starter is found in the hand, it is called =his nobs=, and when the "
     "hand is reckoned up, one point may be scored for it.", "his_nobs", "1"),
    ("In play, every card led counts one. The last trick counts two, and the capot forty.", "capot", "40"),
    ("Points. The majority of =Cards= taken in. 3 The =Ace= of any suit. 1", "cards", "3"),
    ("Points. The majority of =Cards= taken in. 3 The =Ace= of any suit. 1", "aces", "1"),
])
def test_item_values_said_apart_from_the_item(text, item, value):
    got, _, _ = facts_of(f"CRIBBAGE.\n\n{text}\n", "en")
    assert any(f == f"score:{item}" and v == value for _, f, v in got)


def test_a_value_relative_to_another_is_no_item_value():
    got, _, _ = facts_of("PIQUET.\n\nThe value of a sequence is ten more than the number of cards that go to "
                         "form it.\n", "en")
    assert not any(f == "score:sequence" for _, f, _ in got)


@pytest.mark.parametrize("text, facet, value", [
    ("The cards rank from the A K Q down to the deuce.", "rank_order",
     "['A', 'K', 'Q', 'J', '10', '9', '8', '7', '6', '5', '4', '3', '2']"),
    ("It is therefore usual to play the game 121 or even 181 points up.", "target_score", "121"),
])
def test_rank_span_and_first_offered_target(text, facet, value):
    got, _, _ = facts_of(f"VINT.\n\n{text}\n", "en")
    assert ("vint", facet, value) in got


def test_a_circumstance_stated_in_passing_is_no_hand_size():
    # the rules' reading (the fitted fact scorer, which weighs the numbers no rule read, takes
    # "six cards in each hand" for a hand: docs/facts-by-construction.md, known costs)
    from tests.test_extract import KNOWLEDGE
    got, _, _ = facts_of("SEVEN-CARD CRIBBAGE.\n\nThere being six cards in each hand, with the starter, the "
                         "counting combinations sometimes run into high figures.\n", "en",
                         knowledge=KNOWLEDGE.with_fact_scorer(None))
    assert not any(f == "hand_size" for _, f, _ in got)


def test_the_first_of_growing_hands_is_no_hand_size():
    got, _, _ = facts_of("OH HELL.\n\nOn the first hand one card is dealt to each player. This increases by one "
                         "per hand.\n", "en")
    assert not any(f == "hand_size" for _, f, _ in got)


def test_a_definition_list_gives_the_terms_value():
    got, _, _ = facts_of("PIQUET.\n\nRepique\n: A player who scores 30 from declarations only, before any card is "
                         "played, gains 60 additional points.\n\nPique\n: As for *repique*, but also includes "
                         "points from tricks, and is instead worth 30 points.\n", "en")
    assert ("piquet", "score:repique", "60") in got
    assert ("piquet", "score:pique", "30") in got
    assert ("piquet", "score:repique", "30") not in got


@pytest.mark.parametrize("text, value", [
    ("The game is played until one team wins by having at least 500 points and a higher score.", "500"),
    ("The game continues until one player reaches a predetermined number of points, such as 5,000 points.", "5000"),
])
def test_target_named_by_the_side_that_reaches_it(text, value):
    got, _, _ = facts_of(f"CANASTA.\n\n{text}\n", "en")
    assert ("canasta", "target_score", value) in got


def test_a_summary_line_deal_in_batches_and_talon():
    got, _, _ = facts_of("PIQUET.\n\n- Two players\n- Deal 12 each (in batches of two or three), remaining 8 as "
                         "talon\n", "en")
    assert ("piquet", "deal_pattern", "[2]") in got
    assert ("piquet", "talon_size", "8") in got


def test_a_run_in_heading_names_the_item_its_paragraph_values():
    got, _, _ = facts_of("PIQUET.\n\n=REPIC.= If either player is able to reach 30 by successive declarations, "
                         "beginning with the point, he adds 60 to his score, making it 90 instead of 30.\n", "en")
    assert ("piquet", "score:repique", "60") in got


def test_where_a_player_stands_is_no_target():
    got, _, _ = facts_of("CRIBBAGE.\n\nThe dealer shows 12 in hand and 17 in crib, making him 54 up.\n", "en")
    assert not any(f == "target_score" for _, f, _ in got)


def test_a_hand_dealt_at_a_sentence_opening_and_a_widow_placed():
    got, _, _ = facts_of("FIVE HUNDRED.\n\nTen cards are dealt face down, and the eldest hand leads. Then 3 cards "
                         "are placed face down in the middle of the table as a widow.\n", "en")
    assert ("five-hundred", "hand_size", "10") in got
    assert ("five-hundred", "talon_size", "3") in got


def test_tricks_counting_each_are_the_trick_item():
    got, _, _ = facts_of("SPADES.\n\nTricks count 10 points each for a team if the team bid is reached.\n", "en")
    assert ("spades", "score:trick", "10") in got


def test_a_hand_dealt_when_so_many_play_is_qualified_by_the_condition():
    _, facts, _ = facts_of("RUMMY.\n\nSeven cards are dealt if three or four play. Six cards are dealt if five "
                           "or six play.\n", "en")
    assert {(f.facet, f.value, f.qualifier) for f in facts} >= {("hand_size", 7, "conditional"),
                                                                 ("hand_size", 6, "conditional")}


def test_what_the_deal_leaves_is_the_stock_and_what_a_removal_leaves_the_deck():
    got, _, _ = facts_of("SPIDER.\n\nThe cards are dealt out into 10 playing piles. This leaves 50 cards that "
                         "can be dealt out 10 at a time.\n", "en")
    assert ("spider", "talon_size", "50") in got
    got, _, _ = facts_of("PIQUET.\n\nThe twos, threes, fours, fives and sixes are removed from the pack. "
                         "This leaves 32 cards.\n", "en")
    assert ("piquet", "deck_size", "32") in got and not any(f == "talon_size" for _, f, _ in got)


def test_a_pack_less_the_cards_the_sentence_counts_out_is_the_deck():
    got, _, _ = facts_of("OLD MAID.\n\nCards: Standard deck of 52 cards is used, but with one queen removed.\n", "en")
    assert ("old-maid", "deck_size", "51") in got
    # one card named by rank and suit removes one card (cue group `one_card`)
    got, _, _ = facts_of("COMMIT.\n\nCommit is played with a pack of fifty-two cards, the eight of diamonds "
                         "removed.\n", "en")
    assert {v for _, f, v in got if f == "deck_size"} == {"51"}


def test_a_pack_used_in_duplicate_is_twice_the_pack_and_such_packs_are_counted():
    got, _, _ = facts_of("BEZIQUE.\n\nThe piquet pack of thirty-two cards is used, but in duplicate, two such packs "
                         "of like pattern being shuffled together.\n", "en")
    assert ("bezique", "deck_size", "64") in got and ("bezique", "deck_size", "32") not in got
    assert ("bezique", "packs", "2") in got


def test_a_paragraph_announced_as_the_following_example_is_an_example():
    """"Take the following example, in which …. The cards show …" then the worked deal: the next
    paragraph's counts are the example's (roles cue group `following`)."""
    text = ("CRIBBAGE.\n\nThe game is 121 points. Take the following example, in which the pone is 56 up. "
            "The separated cards show the crib.\n\nThe pone leads a Seven. The dealer pegs 8 for the pair royal, "
            "and shows out, 61 up and game.\n")
    _, facts, _ = facts_of(text, "en")
    roles = {(f.facet, str(f.value)): f.role for f in facts}
    assert roles[("target_score", "121")] == "rule"
    assert roles.get(("target_score", "61"), "example") == "example"
    assert roles.get(("score:pair_royal", "8"), "example") == "example"
    assert ("target_score", "61") in roles or ("score:pair_royal", "8") in roles   # read, as evidence


def test_a_sentence_opening_with_if_and_a_lettered_player_is_an_example():
    """"If A blocks the game, … he will win 7 points": a worked case (A, B, Y, Z are example
    players); "If a player blocks …" stays a rule."""
    _, facts, _ = facts_of("BLOCK GAME.\n\nThe game is 100 points. If A blocks the game, as he should, "
                           "he will win 7 points.\n", "en")
    roles = {(f.facet, str(f.value)): f.role for f in facts}
    assert roles == {("target_score", "100"): "rule", ("target_score", "7"): "example"}
