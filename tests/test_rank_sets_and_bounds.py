"""Packs named by the ranks taken out of them, a count said as an upper bound, a count in "in
the case of" clause, and a worked example opened by "Supposing": general causes read from the
"differ" rows a newly embedded book (Cassell's, about 1881) gave against the other editions."""

from tests.test_extract import facts_of


def _decks(text: str, lang: str = "en") -> list:
    _, facts, _ = facts_of(text, lang)
    return [f.value for f in facts if f.facet == "deck_size"]


def test_ranks_taken_out_in_every_suit_come_off_the_pack():
    # (before: "thrown out" was no removal, and "fives" would have been read as five cards)
    assert _decks("SCOTCH WHIST.\n\nOut of a full pack of cards, the twos, threes, fours, and fives "
                  "are thrown out, and the rest dealt.") == [36]
    assert _decks("PIQUET.\n\nIt is played with a pack of 52 cards, from which the twos to the sixes "
                  "are removed.") == [32]
    assert _decks("EUCHRE.\n\nFrom a pack of 52 cards, remove the 2s through 6s.") == [32]
    assert _decks("EUCHRE.\n\nTake a pack of fifty-two cards and remove all the sixes.") == [48]
    assert _decks("ДУРАК\n\nИграют колодой из 52 карт, из которой убирают все двойки, тройки, "
                  "четвёрки и пятёрки.", "ru") == [36]


def test_a_count_of_cards_of_one_rank_is_no_set_of_ranks():
    # "three queens" are three cards, not the threes and the queens
    assert _decks("OLD MAID.\n\nStart with a fifty-two-card deck, and remove three queens from the deck.") == [49]
    assert _decks("POPE JOAN.\n\nA pack of 52 cards with the eight of diamonds taken out, so as to "
                  "make the pool.") == [51]


def test_a_pack_said_with_the_ranks_it_lacks_is_what_is_left():
    # 32 and the 20 cards thrown out make a full pack: 32 is the pack played with
    assert _decks("ÉCARTÉ.\n\nIt is played by two persons with a pack of thirty-two cards, all the "
                  "twos, threes, fours, fives, and sixes being thrown out.") == [32]
    assert _decks("JASS.\n\nJass is played with the thirty-six card pack, the 5 4 3 2 of each suit "
                  "being thrown out.") == [36]


def test_a_count_said_as_an_upper_bound_is_no_count():
    got, _, _ = facts_of("CASSINO.\n\n  3. In case of a mis-deal, the dealer forfeits his deal.\n\n"
                         "  4. Any number up to twelve may play, though four is the preferable\n  number.\n\n"
                         "The game consists of eleven points.", "en")
    assert not [g for g in got if g[1] == "players" and g[2] == "12"]
    got, _, _ = facts_of("WHIST.\n\nThe game is played up to 10 points.", "en")
    assert ("whist", "target_score", "10") in got   # a target is reached: "up to" is its rule
    # the bound inside a span that opens with its verb: no count of players either
    for text, lang in (("POKER.\n\nPoker is a game for up to 8 players.", "en"),
                       ("БАККАРА.\n\nВ игре участвуют до четырнадцати игроков.", "ru")):
        got, _, _ = facts_of(text, lang)
        assert not [g for g in got if g[1] == "players"], got
    got, _, _ = facts_of("ДЕБЕРЦ.\n\nИграют от 3 до 4 человек колодой из 32 карт.", "ru")
    assert {g[1:] for g in got} >= {("players", "min=3 max=4"), ("deck_size", "32")}


def test_in_the_case_of_is_a_condition():
    _, facts, _ = facts_of("ALL FOURS.\n\nAll Fours is played by either two or four players. In the "
                           "case of two players having equal points towards game, the elder hand "
                           "scores.", "en")
    players = [f.value for f in facts if f.facet == "players"]
    assert [(p.min, p.max) for p in players] == [(2, 4)]


def test_supposing_opens_a_worked_example():
    _, facts, _ = facts_of("PIQUET.\n\nA _pique_ is gained as follows:--Supposing the elder hand to have a\n"
                           "_quint_ to an ace, which being a _quint-major_ is as good as a point,\nit is "
                           "therefore good also as a sequence, and counts twenty.", "en")
    assert [f.role for f in facts if f.facet == "score:sequence"] == ["example"]


def test_a_condition_on_one_count_of_a_range_leaves_the_range():
    got, facts, _ = facts_of("BRISCA\n\nThe game can be played by 2 to 4 players, in the case of four players "
                             "the game is played in teams of two.", "en")
    players = [(f.value.min, f.value.max, f.qualifier) for f in facts if f.facet == "players"]
    assert players == [(2, 4, None)]


def test_a_condition_after_a_colon_speaks_of_what_follows_it():
    # (before: "with more than six players" made the range a condition, and it was dropped)
    _, facts, _ = facts_of("Beggar My Neighbor\n\nTo play Beggar My Neighbor, you need the following:Two to six "
                           "players: You can play with more than six players in a pinch.", "en")
    assert [(f.value.min, f.value.max) for f in facts if f.facet == "players"] == [(2, 6)]
    # a condition after the count in its own clause still governs it
    _, facts, _ = facts_of("WHIST\n\nSix cards are dealt to each player if four play.", "en")
    assert [(f.value, f.qualifier) for f in facts if f.facet == "hand_size"] == [(6, "4p")]
