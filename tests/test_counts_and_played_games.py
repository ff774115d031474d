"""General causes found in three held-out sets (mix-z, mix-za, mix-zb), each read first and
measured before any change: a player range as a condition, jokers with a word before them, a
Russian card-count adjective, an ellipsis doubled in a rank list, the game a sentence says is
played, a ranking's places as headings, a conjunction that is no game's name."""

from tests.test_extract import facts_of


def test_a_player_range_as_a_condition_keeps_the_count_it_governs():
    # (before: "if" made the clause a condition and nothing was read)
    _, facts, _ = facts_of("GO FISH\n\nIn Go Fish, five cards are dealt to every player if there are 3-6 "
                           "players involved, or if there are only two players, seven cards.", "en")
    hands = [(f.value, f.qualifier) for f in facts if f.facet == "hand_size"]
    assert (5, "conditional") in hands


def test_jokers_with_a_word_before_them_are_added_to_the_pack():
    got, _, _ = facts_of("PITCH\n\nUsing a standard American 52 card deck with two distinguishable Jokers, "
                         "designated high and low.", "en")
    assert ("pitch", "deck_size", "54") in got
    assert ("pitch", "deck_size", "52") not in got


def test_a_russian_card_count_adjective_is_the_pack_size():
    got, _, _ = facts_of("ПОКЕР\n\nВ игре присутствует 52-карточная колода.", "ru")
    assert ("poker", "deck_size", "52") in got
    got, _, _ = facts_of("ДУРАК\n\nИграют 36-карточной колодой.", "ru")
    assert ("durak", "deck_size", "36") in got


def test_a_doubled_ellipsis_stands_for_the_ranks_between():
    _, facts, _ = facts_of("ハーツ\n\nカードのランクは2が一番弱く、3 4 5 …… 10 J Q Kと強くなって行き、Aが最強です。", "ja")
    orders = [f.value for f in facts if f.facet == "rank_order"]
    # (and the ends said beside the list: 2 the weakest, A the strongest)
    assert ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"] in orders


def test_ranks_said_lowest_after_a_list_end_it():
    _, facts, doc = facts_of("KAISER\n\nThe cards in each suit rank from high to low: A, K, Q, J, 10, 9, 8, 7 "
                             "then 5 & 3 are lowest.", "en")
    order = next(f for f in facts if f.facet == "rank_order")
    assert order.value == ["A", "K", "Q", "J", "10", "9", "8", "7", "5", "3"]
    assert doc.text[order.anchor.start:order.anchor.end] == order.anchor.quote
    assert order.anchor.quote.endswith("5 & 3 are lowest")
    # a bound already in the list adds nothing
    _, facts, _ = facts_of("KAISER\n\nCards rank A, K, Q, J, 10, 9, 8, 7, with the ace high.", "en")
    assert [f.value for f in facts if f.facet == "rank_order"] == [["A", "K", "Q", "J", "10", "9", "8", "7"]]


def test_a_value_of_the_game_a_sentence_says_is_played_is_that_games():
    text = ("ПОКЕР\n\nДля различных игр может использоваться как вся колода, так и её сокращённые варианты:\n\n"
            "52 карты (полная колода) — используется для игры в покер;\n\n"
            "36 карт (сокращённая колода) — такой колодой часто играют в дурака;\n\n"
            "24 карты (от девяток до тузов) — используется для игры в тысячу.")
    got, _, _ = facts_of(text, "ru")
    assert ("poker", "deck_size", "52") in got
    assert ("durak", "deck_size", "36") in got and ("poker", "deck_size", "36") not in got
    assert ("thousand", "deck_size", "24") in got
    got, _, _ = facts_of("ハーツ\n\n52枚のトランプはナポレオンで使います。", "ja")
    assert ("napoleon", "deck_size", "52") in got and ("hearts", "deck_size", "52") not in got
    got, _, _ = facts_of("BRIDGE\n\nA pack of 32 cards is needed for playing Piquet.", "en")
    assert ("piquet", "deck_size", "32") in got


def test_the_section_game_named_keeps_its_values():
    # the game played is the section's own: nothing moves
    got, _, _ = facts_of("ДУРАК\n\nВ дурака играют колодой из 36 карт.", "ru")
    assert ("durak", "deck_size", "36") in got


def test_a_rankings_places_are_game_headings():
    # (lines run together, as a page saved without its blank lines: no other convention reads them)
    text = ("2人で遊べるおすすめトランプゲーム!\n"
            "3位:スピード\nスピードは2人で遊ぶゲームです。ジョーカーを除く52枚を使います。\n"
            "2位:戦争\n戦争も2人で遊べます。カードは2が最も弱く、Aが最も強い数字です。\n")
    _, facts, doc = facts_of(text, "ja")
    from pipeline.segment import segment
    from tests.test_extract import KNOWLEDGE
    games = {s.game_id for s in segment(doc, KNOWLEDGE)[0] if s.kind in ("game", "variant")}
    assert {"speed", "war"} <= games


def test_a_sentence_opened_by_a_conjunction_names_no_game():
    text = ("2人でトランプをするならコレ!\n"
            "そこで今回は、2人用のトランプゲームをご紹介します!様々なゲームを解説していますよ。\n")
    _, _, doc = facts_of(text, "ja")
    from pipeline.segment import segment_document
    from tests.test_extract import KNOWLEDGE
    seg = segment_document(doc, KNOWLEDGE)
    assert not any("今回" in (g.names.ja or "") for g in seg.provisional)


def test_the_most_cards_and_spades_are_scoring_items():
    got, _, _ = facts_of("Casino is a card game using a regular pack of 52 cards. The game then ends and each player scores:-4.1) A player who has the most "
                         "cards get 3 points.4.2) A player who has the most spades get 1 point.", "en")
    assert ("casino", "score:cards", "3") in got
    assert ("casino", "score:spades", "1") in got


def test_a_katakana_name_inside_a_longer_word_is_no_mention():
    # キング (King) inside ランキング (a ranking): before, the whole page became King
    from pipeline.identify.index import game_index
    from tests.test_extract import KNOWLEDGE
    index = game_index(KNOWLEDGE)
    assert not [m.group() for m in index.title_names[0].finditer("トランプゲームランキング")]
    assert [m.group() for m in index.title_names[0].finditer("キングのルール")] == ["キング"]
    assert [m.group() for m in index.title_names[0].finditer("ポーカーゲーム")] == ["ポーカー"]


def test_a_catalog_in_prose_opens_each_game_with_a_phrase():
    from pipeline.segment import segment
    from tests.test_extract import KNOWLEDGE
    text = ("Card game rules\n\nA card game is any game using playing cards.\n\n"
            "Card Game Rules. Gin Rummy or Gin is a traditional card matching game that requires 2 players.\n\n"
            "Rules. The old game of Napoleon consists simply of five cards dealt out singly.\n\n"
            "In a game of Cribbage, each player is dealt six cards.\n")
    _, facts, doc = facts_of(text, "en")
    games = [s.game_id for s in segment(doc, KNOWLEDGE)[0] if s.kind in ("game", "variant")]
    assert {"gin-rummy", "napoleon", "cribbage"} <= set(games)
    assert ("cribbage", 6) in {(f.game_id, f.value) for f in facts if f.facet == "hand_size"}


def test_an_unquoted_katakana_name_opening_a_naming_clause_names_the_game():
    from pipeline.segment import segment_document
    from tests.test_extract import KNOWLEDGE
    text = ("アメリカでよくプレイされている,ルーレットカードというゲームを紹介します。<人数> 4人。<カード> 通常の52枚のカード。\n")
    _, _, doc = facts_of(text, "ja")
    seg = segment_document(doc, KNOWLEDGE)
    assert [g.names.ja for g in seg.provisional] == ["ルーレットカード"]
    # not a word after a particle: 「…並べるとクリアというゲーム」 is what winning is called
    _, _, doc = facts_of("トランプの一人遊び ソリティア\nソリティアとは、「場札」「山札」を使いながら「組札」に4種類をA~Kの"
                         "順番で並べるとクリアというゲームです。\n52枚のカードを使います。\n", "ja")
    assert {s.game_id for s in segment_document(doc, KNOWLEDGE).sections if s.game_id} == {"solitaire"}


def test_they_are_dealt_counts_each_players_hand():
    _, facts, _ = facts_of("CRIBBAGE\n\nIf 4 people are playing then they are dealt 10 cards. The cards are dealt "
                           "in packets; they are dealt 3 cards at a time.", "en")
    assert [(f.value, f.qualifier) for f in facts if f.facet == "hand_size"] == [(10, "4p")]
