"""Counts that are not the game's rule: a trick's cards, those who declare in one hand, the
cards that remain, a deal run until a card turns up or of the rest alone; a player count said as
a condition where the section states it already; the old way; a total given a name."""

import pytest

from tests.test_extract import facts_of


def _facet(got, facet):
    return {(g, v) for g, f, v in got if f == facet}


# (what the count is, text, language, facet, the facts of that facet read)
COUNTS = [
    ("a trick's cards", "ソロホイスト\n\nトリックは当然、それぞれ3枚のカードで構成されます。\n", "ja", "hand_size", set()),
    ("a trick's cards", "WHIST\n\nEach trick consists of four cards. Each player has 13 cards.\n", "en", "hand_size",
     {("whist", "13")}),
    ("those who declare", "ホイスト\n\nただし、3人しかプレイを宣言せず、それぞれが1トリックずつ取る場合もあります。\n", "ja",
     "players", set()),
    ("those who declare", "WHIST\n\nIf three players declare to play, the pool is divided.\n", "en", "players", set()),
    ("the remaining cards", "ホイスト\n\nディーラーは一番上の5枚のカードを脇に置きます。残りの48枚のカードはホイストと同じように"
     "配られます。\n", "ja", "deck_size", set()),
    ("the remaining cards", "WHIST\n\nFive cards are laid aside. The remaining 48 cards are dealt as at whist.\n", "en",
     "deck_size", set()),
    ("the remaining cards in use", "WHIST\n\nThe remaining 48 cards are used for the play.\n", "en", "deck_size", set()),
    ("the rest dealt alone", "WHIST\n\nThe cards are dealt by threes; the remainder are dealt one at a time.\n", "en",
     "deal_pattern", {("whist", "[3]")}),
    ("a deal until a card turns up", "ВИСТ\n\nСдают по одной карте, пока не выйдет валет.\n", "ru", "deal_pattern", set()),
    ("the rest dealt alone", "ВИСТ\n\nСдают по три карты, остальные карты сдают по одной.\n", "ru", "deal_pattern", set()),
    ("the remaining cards in use", "ВИСТ\n\nОставшиеся 32 карты используются в игре.\n", "ru", "deck_size", set()),
    ("a deal until a card turns up", "ホイスト\n\nディーラーはカードを1枚ずつ表向きにして配り続け、最初に表向きにされた"
     "2枚のカードのどちらかとペアになるカードが現れるまで続けます。\n", "ja", "deal_pattern", set()),
    ("a deal until some remain, then the rest", "ソロホイスト\n\nカードは4人のプレイヤーに3枚ずつ順番に配られ、残りが4枚に"
     "なるまで続きます。その後、残りは1枚ずつ配られます。\n", "ja", "deal_pattern", set()),
    ("a deal until a card turns up", "WHIST\n\nThe dealer deals the cards one at a time, face up, until a jack appears.\n",
     "en", "deal_pattern", set()),
    ("a deal (read)", "WHIST\n\nThe cards are dealt by threes.\n", "en", "deal_pattern", {("whist", "[3]")}),
]


@pytest.mark.parametrize("what, text, lang, facet, expected", COUNTS, ids=[c[0] + " " + c[2] for c in COUNTS])
def test_counts_in_passing_are_no_rule(what, text, lang, facet, expected):
    got, _, _ = facts_of(text, lang)
    assert _facet(got, facet) == expected


def test_a_count_said_as_a_condition_where_the_section_states_it_is_no_second_count():
    _, facts, _ = facts_of("セドマ\n\n人数は4人です。\n\n4 人で遊ぶとき，味方同士で指示することを認める人もいます．\n", "ja")
    assert [(f.value.min, f.qualifier) for f in facts if f.facet == "players"] == [(4, None)]


def test_the_old_way_is_an_alternative_and_a_past_occasion_is_no_option():
    _, facts, _ = facts_of("CASSINO.\n\nThere are several methods of scoring. The old way was to play 11 points up, "
                           "deducting the lower score. The common method is to count every hand a game.\n", "en")
    assert [(f.value, f.qualifier) for f in facts if f.facet == "target_score"] == [(11, "alternative")]
    # 「…プレイされていたこともあります」: it was once played, not "some play it"
    _, facts, _ = facts_of("ベジーク\n\n６組使うシックスパック・ベジークなどが盛んにプレイされていたこともあります。\n", "ja")
    assert [(f.game_id, f.qualifier) for f in facts if f.facet == "packs"] == [("six-pack-bezique", None)]
    _, facts, _ = facts_of("ベジーク\n\n６組使うこともあります。\n", "ja")
    assert [f.qualifier for f in facts if f.facet == "packs"] == ["alternative"]


def test_a_total_given_a_name_is_no_scoring_item():
    got, _, _ = facts_of("ルビコン・ベジーク\n\n1000点というスコアは「ルビコン」と呼ばれ、このスコアに達しないプレイヤーは"
                         "「ルビコンされた」とされます。\n", "ja")
    assert not [g for g in got if g[1].startswith("score")]
    got, _, _ = facts_of("ルビコン・ベジーク\n\n4枚揃うと100点となり、これを「フォー・エース」と呼びます。\n", "ja")
    assert ("rubicon-bezique", "score:four_aces", "100") in got


def test_an_item_followed_by_another_subject_is_not_what_counts():
    got, _, _ = facts_of("ALL FOURS.\n\nIn the old game every trick counts one point. The game counts one.\n", "en")
    assert [g for g in got if g[1] == "score:game"] == [("all-fours", "score:game", "1")]
    _, facts, _ = facts_of("ALL FOURS.\n\nIn the old game every trick counts one point.\n", "en")
    assert [f for f in facts if f.facet == "score:game"] == []


def test_some_people_who_play_otherwise_offer_an_alternative():
    _, facts, _ = facts_of("ナポレオン\n\n目標は，一番早く100点以上取ること．\n\n100点でなく，101点に到達した人を勝ちとする人がいます．\n", "ja")
    assert sorted((f.value, f.qualifier or "") for f in facts if f.facet == "target_score") == [(100, ""), (101, "alternative")]


def test_cards_chosen_or_used_from_the_hand_are_no_hand():
    got, _, _ = facts_of("ナポレオン\n\n手札は10枚です。\n\n• 1枚．好きな手札1枚．\n", "ja")
    assert _facet(got, "hand_size") == {("napoleon", "10")}
    got, _, _ = facts_of("ブロート\n\n8枚の手札を配ります。\n\n1枚の手札を複数の手役に使うことを認める人がいます。\n", "ja")
    assert _facet(got, "hand_size") == {("belote", "8")}


def test_how_enjoyable_a_number_of_players_makes_the_game_is_advice():
    _, facts, _ = facts_of("ルー\n\nどちらの場合もプレイヤーの人数に制限はないが、6人か7人でプレイするとより楽しめる。\n", "ja")
    assert [f.role for f in facts if f.facet == "players"] == ["strategy"]
    _, facts, _ = facts_of("ナポレオン\n\n3人プレイだと、大きなリスクを冒すことが多く、6人プレイだと、ゲームが退屈になってしまうことがよくあります。\n", "ja")
    assert {f.role for f in facts if f.facet == "players"} == {"strategy"}


def test_other_games_pointed_at_an_edit_log_and_a_card_dealt_face_down_state_no_rule():
    _, facts, _ = facts_of("ドゥラーク\n\n人数は2〜6人です。\n\nプレフェランス，ブリッジなどがあるが，全部論理的なゲームです．"
                           "ただし，これらは 3～4人 向けのゲームです．\n\n(2013.12.10) 501と32枚のトランプを使う"
                           "バリエーションを追記しました．\n", "ja")
    assert [(f.facet, str(f.value), f.role) for f in facts if f.role == "rule"] == [("players", "min=2 max=6", "rule")]
    got, _, _ = facts_of("スタッドポーカー\n\n1枚の手札は裏向きに配られ、残りの4枚は表向きに配られます。\n", "ja")
    assert _facet(got, "hand_size") == set()
    got, _, _ = facts_of("WHIST\n\nWhist is played by four persons. Bridge and euchre are good; these are games for "
                         "three or four players.\n", "en")
    assert _facet(got, "players") == {("whist", "min=4 max=4")}


def test_a_pair_the_trumps_counted_and_the_texts_own_order_state_no_count():
    got, _, _ = facts_of("ドゥラーク\n\n• ペア．大きさが同じ手札2枚．\n\n同じ大きさの手札 2 枚で攻めることができます．\n", "ja")
    assert _facet(got, "hand_size") == set()
    got, _, _ = facts_of("エカルテ\n\n山札には切り札が8枚あるため、相手も4枚持っている場合があります。\n", "ja")
    assert _facet(got, "talon_size") == set()
    _, facts, _ = facts_of("ユーカー\n\nユーカーは2人、3人、4人でプレイできますが、4人でのプレイが最も一般的です。"
                           "しかし、説明を分かりやすくするために、まずは2人でのプレイから始めましょう。\n", "ja")
    assert [(str(f.value), f.role) for f in facts if f.facet == "players" and f.role == "rule"] == [("min=2 max=4", "rule")]
    got, _, _ = facts_of("ブロート\n\n手役の続きは，強さと違い，A，K，Q，J，10，9，8，7の順です．\n", "ja")
    assert _facet(got, "rank_order") == set()


def test_a_scoring_items_label_on_its_own_line_names_the_contract_or_suits_it_holds_in():
    _, facts, _ = facts_of("バルート\n\n• 10，J，Q，K，A の 4 枚組．100 点．\n• 切札なしのときの A の 4 枚組．400 点．\n", "ja")
    assert sorted((f.value, f.qualifier or "") for f in facts if f.facet == "score:four_aces") == [(100, ""), (400, "conditional")]
    _, facts, _ = facts_of("ルビコン・ベジーク\n\nスコア\n\nプレーンスーツのシーケンス 150\n切り札のシーケンス 250\n", "ja")
    assert sorted((f.value, f.qualifier) for f in facts if f.facet == "score:sequence") == [(150, "plain"), (250, "trump")]


def test_a_sentence_opening_with_or_offers_an_alternative():
    _, facts, _ = facts_of("ナポレオン\n\n9 手で一番得点の多い人が勝ちです．あるいは，1 勝を 100 点先取として，最初に 3 勝した人が勝ちです．\n", "ja")
    assert [(f.value, f.qualifier) for f in facts if f.facet == "target_score"] == [(100, "alternative")]


def test_a_rate_cards_before_each_player_and_a_named_n_handed_form():
    got, _, _ = facts_of("CRIBBAGE.\n\nThe counting value of a sequence is one point for each card in it. The go counts one.\n", "en")
    assert [g for g in got if g[1].startswith("score")] == [("cribbage", "score:go", "1")]
    got, _, _ = facts_of("ドゥラーク\n\n• マガダン式．6 枚の手札を 1 枚は手に，残り 5 枚は目の前に伏せて配ります．\n", "ja")
    assert _facet(got, "talon_size") == set()
    _, facts, _ = facts_of("BLOCK GAME.\n\nEach player draws seven bones. In the =Four-handed Block Game= each player "
                           "draws four bones.\n", "en")
    assert sorted((f.value, f.qualifier or "") for f in facts if f.facet == "hand_size") == [(4, "4p"), (7, "")]
