"""A variant named after its game, a homonym of a parlour game, and the subject sentence read
from prose only: small texts written for the tests, each in the layout it is about."""

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
