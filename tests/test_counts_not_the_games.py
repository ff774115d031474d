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
