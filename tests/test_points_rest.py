""""The rest at face value" after a list of card points: on the list's next line or bullet too,
counted over the pack the section states when it states no rank order."""

from ast import literal_eval

from tests.test_extract import facts_of

FACE_36 = "{'A': 11, 'K': 10, 'Q': 10, 'J': 10, '10': 10, '9': 9, '8': 8, '7': 7, '6': 6}"


def test_a_bullet_for_the_lower_cards_completes_the_list_over_the_stated_pack():
    got, _, _ = facts_of("СЕКА\n\nИграют колодой из 36 карт.\n\nСтоимость карт:\n  • Туз — 11 очков\n"
                         "  • Король, Дама и Валет — 10 очков\n  • Младшие карты считаются по номиналу.\n", "ru")
    assert ("seka", "card_points", FACE_36) in got
    got, _, _ = facts_of("PIQUET.\n\nA pack of thirty-six cards is used.\n\nValue of the cards:\n- Ace 11 points\n"
                         "- King, Queen, Jack 10 points\n- the lower cards count their face value.\n", "en")
    assert ("piquet", "card_points", FACE_36) in got


def _point_maps(got):
    return [g for g in got if g[1] == "card_points"]


def test_without_a_stated_pack_no_incomplete_map_is_given():
    # the named ranks alone would read as if the lower cards counted nothing
    got, _, _ = facts_of("PIQUET.\n\nValue of the cards:\n- Ace 11 points\n- King, Queen, Jack 10 points\n"
                         "- the lower cards count their face value.\n", "en")
    assert _point_maps(got) == []
    got, _, _ = facts_of("FARMER.\n\nAll the 8's are discarded from a pack of fifty-two cards. All court cards "
                         "count for 10, the ace for 1, and all others at their face value.\n", "en")
    assert _point_maps(got) == []


def test_a_section_stating_several_packs_gives_no_incomplete_map():
    got, _, _ = facts_of("СЕКА\n\nИспользуется колода из 52 карт. Для игры до четырёх человек используются 20 карт.\n\nСтоимость карт:\n"
                         "  • Туз — 11 очков\n  • Король, Дама и Валет — 10 очков\n"
                         "  • Младшие карты считаются по номиналу.\n", "ru")
    assert _point_maps(got) == []


def test_the_rest_in_the_next_sentence_completes_the_map_and_a_named_ace_counts_one():
    got, _, _ = facts_of("CRIBBAGE.\n\nCribbage is played with a full pack of fifty-two cards; K Q J 10 9 8 7 6 5 4 3 2 A. "
                         "The cards have a counting value, the court cards, K Q J, and the 10 being worth ten points "
                         "each. All other cards, including the Ace, retain their face value.\n", "en")
    full = {"K": 10, "Q": 10, "J": 10, "10": 10, **{str(n): n for n in range(9, 1, -1)}, "A": 1}
    assert [literal_eval(g[2]) for g in _point_maps(got)] == [full]
    # a new paragraph is not the list's rest
    got, _, _ = facts_of("CRIBBAGE.\n\nCribbage is played with a full pack of fifty-two cards; K Q J 10 9 8 7 6 5 4 3 2 A. "
                         "The court cards, K Q J, and the 10 are worth ten points each.\n\n"
                         "All other cards retain their face value in cutting.\n", "en")
    assert [literal_eval(g[2]) for g in _point_maps(got)] == [{"K": 10, "Q": 10, "J": 10, "10": 10}]
