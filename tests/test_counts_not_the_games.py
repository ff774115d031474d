"""Counts that are not the game's own, in a printed book's prose: a layout's cards ("deal out
twenty cards in four rows", "laying out twenty-five cards") are no pack; "two packs of
twenty-four cards each" gives the cards of each pack, no hand; a rank's note on the next line
("ace\\n(highest), ten, …") stays in its sentence, so the order keeps its first rank."""

from tests.test_extract import facts_of


def _facts(text: str, facet: str) -> list:
    _, facts, _ = facts_of(text, "en")
    return [f.value for f in facts if f.facet == facet]


def test_a_layouts_cards_are_no_pack():
    assert _facts("CARPET.\n\nShuffle the pack. Deal out twenty cards in four rows of five, face up.\n",
                  "deck_size") == []
    assert _facts("POKER PATIENCE.\n\nIt consists of laying out twenty-five cards on the table. "
                  "A full pack of 52 cards is used.\n", "deck_size") == [52]
    assert _facts("KLONDIKE.\n\nA pack of fifty-two cards is used. Deal out twenty-eight cards in "
                  "seven piles.\n", "deck_size") == [52]


def test_the_cards_of_each_pack_are_no_hand():
    text = "PINOCHLE.\n\nPinochle is played with two packs of twenty-four cards each.\n"
    assert _facts(text, "hand_size") == [] and _facts(text, "deck_size") == [48]
    assert _facts("PINOCHLE.\n\nThe dealer gives twelve cards each.\n", "hand_size") == [12]


def test_a_ranks_note_on_the_next_line_keeps_the_first_rank_in_the_order():
    text = ("BEZIQUE.\n\nThe cards rank as follows, both in cutting and in playing: ace\n"
            "(highest), ten, king, queen, knave, nine, eight, seven (lowest).\n")
    assert _facts(text, "rank_order") == [["A", "10", "K", "Q", "J", "9", "8", "7"]]


def test_an_example_announced_mid_paragraph_is_an_example_to_the_paragraphs_end():
    """"A simple example will best explain this. … The game is seven-point whist.": a short
    sentence naming an example and stating nothing announces the rest of its paragraph."""
    text = ("WHIST.\n\nThe game is five points.\n\nCards are played according to the score. "
            "We give an example. Hearts are trumps; you hold two small ones. The game is "
            "seven-point whist.\n\nThe game is five points.\n")
    _, facts, _ = facts_of(text, "en")
    roles = {(f.value, f.role) for f in facts if f.facet == "target_score"}
    assert roles == {(5, "rule"), (7, "example")}


def test_a_rank_list_broken_over_two_lines_is_one_order():
    text = ("CRIBBAGE.\n\nThe cards have no rank except the order of their sequence; K Q J 10 9 8\n"
            "7 6 5 4 3 2 A, the Ace being always the lowest.\n")
    assert _facts(text, "rank_order") == [["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]]


def test_a_weak_rules_count_yields_to_another_count_of_the_game():
    """"complete with six players" (a club's table, four playing) yields to "played by four
    persons"; alone ("A table is complete with four players") it is the game's count."""
    club = "WHIST.\n\nThe table is complete with six players. Whist is played by four persons.\n"
    assert [(v.min, v.max) for v in _facts(club, "players")] == [(4, 4)]
    alone = "VINT.\n\nA table is complete with four players, and more candidates cut for places.\n"
    assert [(v.min, v.max) for v in _facts(alone, "players")] == [(4, 4)]


def test_weak_is_a_known_key_of_a_fact_rule():
    from pipeline.lang.profile import FactRuleSpec
    assert FactRuleSpec(id="x.y", facet="players", pattern="{N}", weak=True).weak
