""""The rest at face value" after a list of card points: on the list's next line or bullet too,
counted over the pack the section states when it states no rank order."""

from tests.test_extract import facts_of

FACE_36 = "{'A': 11, 'K': 10, 'Q': 10, 'J': 10, '10': 10, '9': 9, '8': 8, '7': 7, '6': 6}"


def test_a_bullet_for_the_lower_cards_completes_the_list_over_the_stated_pack():
    got, _, _ = facts_of("СЕКА\n\nИграют колодой из 36 карт.\n\nСтоимость карт:\n  • Туз — 11 очков\n"
                         "  • Король, Дама и Валет — 10 очков\n  • Младшие карты считаются по номиналу.\n", "ru")
    assert ("seka", "card_points", FACE_36) in got
    got, _, _ = facts_of("PIQUET.\n\nA pack of thirty-six cards is used.\n\nValue of the cards:\n- Ace 11 points\n"
                         "- King, Queen, Jack 10 points\n- the lower cards count their face value.\n", "en")
    assert ("piquet", "card_points", FACE_36) in got


def test_without_a_stated_pack_only_the_named_ranks_count():
    got, _, _ = facts_of("PIQUET.\n\nValue of the cards:\n- Ace 11 points\n- King, Queen, Jack 10 points\n"
                         "- the lower cards count their face value.\n", "en")
    assert ("piquet", "card_points", "{'A': 11, 'K': 10, 'Q': 10, 'J': 10}") in got


def test_a_section_stating_several_packs_completes_nothing():
    got, _, _ = facts_of("СЕКА\n\nИспользуется колода из 52 карт. Для игры до четырёх человек используются 20 карт.\n\nСтоимость карт:\n"
                         "  • Туз — 11 очков\n  • Король, Дама и Валет — 10 очков\n"
                         "  • Младшие карты считаются по номиналу.\n", "ru")
    assert ("seka", "card_points", "{'A': 11, 'K': 10, 'Q': 10, 'J': 10}") in got
