"""Japanese scoring items and card points: values split from their item (labels, headings,
wrapped rows), card points in prose, items named by their ja names, glossed ranks."""

from tests.test_extract import WEB_PAGE, facts_of


def _got(title: str, body: str) -> set[tuple]:
    return facts_of(f"{title}\n\n{body}\n", "ja")[0]


def test_rank_of_another_letter_system_glossed_by_its_code():
    got = _got("ウルティ", "カードの位は，強い順に，2 (A)，X (10)，王 (K)，上 (Q)，下 (J)，IX (9)，VIII (8)，VII (7) です．"
                          "2 (A) と X (10) が各 1 枚 10 点です．")
    assert ("ulti", "rank_order", "['A', '10', 'K', 'Q', 'J', '9', '8', '7']") in got
    assert ("ulti", "card_points", "{'A': 10, '10': 10}") in got


def test_card_points_in_japanese_prose_with_the_others_at_face_value():
    got = _got("ピケ", "カードの強さは、エース、キング、クイーン、ジャック、10、9、8、7の順です。"
                      "エースは１１、絵札はそれぞれ１０、その他は数字で数えます。")
    assert ("piquet", "card_points", "{'A': 11, 'K': 10, 'Q': 10, 'J': 10, '10': 10, '9': 9, '8': 8, '7': 7}") in got


def test_card_points_prose_not_read_when_the_others_are_left_unvalued_or_counted():
    got = _got("ブロート", "切札の点数は，V(J)が20点，9が14点，他は切札以外と同じです．エースは4枚、キングは4枚あります。")
    assert not any(f == "card_points" for _, f, _ in got)


def test_penalty_item_with_a_minus_sign_after_kana():
    got = _got("キング", "5. キングを取らない．ハートのKを取ると-16点．\n12. キングを取る．ハートのKをとると+16点．")
    assert ("king", "score:king_of_hearts", "-16") in got
    assert ("king", "score:king_of_hearts", "16") in got


def test_last_trick_named_by_its_number():
    got = _got("ピケ", "12 回目のカード勝負に勝ったら，1 点を得ます．")
    assert ("piquet", "score:last_trick", "1") in got


def test_item_heading_line_and_its_points_in_the_first_sentence_under_it():
    got = _got("ピケ", "全権委任。\n\nどちらかのプレイヤーの手札に絵札が1枚もない場合、その手札の持ち主は10点を獲得する権利を得る。")
    assert ("piquet", "score:carte_blanche", "10") in got


def test_run_in_heading_defined_by_the_item():
    got = _got("オールフォーズ", "ジャック。—切り札のジャック。表向きに出された場合はディーラーに1点が入る。")
    assert ("all-fours", "score:jack", "1") in got


def test_game_point_as_a_label_only():
    got = _got("オールフォーズ", "ゲーム。―獲得したトリックの中で、最も多いプレイヤーに1点を与える。")
    assert ("all-fours", "score:game", "1") in got
    got = _got("ウルティ", "• ゲーム (パス，パルティともいう)．1 点．カード点で子に勝つ．")
    assert ("ulti", "score:game", "1") in got


def test_bullet_labelled_by_the_item():
    got = _got("ウルティ", "• オープンドゥルヒマルシュ．赤でも赤以外でも 24 点．全勝する．")
    assert ("ulti", "score:open_durchmarsch", "24") in got


def test_item_names_game_point_rubber_point_rebelote_baloot():
    assert ("bezique", "score:game", "500") in _got("ベジーク", "その差にゲームポイントとして500ポイントが加算されます。")
    assert ("whist", "score:rubber", "2") in _got("ホイスト", "勝者は2ポイント（一般にラバーポイントと呼ばれる）を獲得する。")
    assert ("belote", "score:belote", "20") in _got("ブロート", "2枚目を出すときルブロートということで，20点をもらえます．")
    assert ("baloot", "score:belote", "20") in _got("バルート", "2 枚目を出すときに“バルート”というと 20 点を得られます．")


def test_sequence_by_its_length_only_in_the_games_that_score_it():
    got = _got("ピケ", "３枚の連続したカードは、何であれ３点と数えられます。５枚の連続したカードは１５点です。")
    assert ("piquet", "score:tierce", "3") in got
    assert ("piquet", "score:quint", "15") in got
    got = _got("クリベッジ", "3枚の連続したカードは3点です。")
    assert not any(f == "score:tierce" for _, f, _ in got)


def test_table_row_wrapped_over_three_lines():
    got = _got("ベジーク", "ポイント。\n\n4枚のジャック（任意のスート、\nスペードのジャック2枚とハートのジャック2枚）が正式に\n宣言された場合 40\n"
                         "フォー・クイーンズ 60")
    assert ("bezique", "score:four_jacks", "40") in got


def test_target_as_a_game_of_points():
    got = _got("クリベッジ", "7枚のカードを使うときは、181ポイントを獲得するゲームを行う。")
    assert ("cribbage", "target_score", "181") in got


def test_item_name_with_an_aside_after_no():
    got = _got("ベジーク", "ポイント。\n\n2枚目の切り札の7について 10\n最後の（つまり32番目の）トリック 10\n")
    assert ("bezique", "score:last_trick", "10") in got


def test_four_of_a_rank_with_an_aside_holding_a_glossed_rank():
    got = _got("ウルティ", "• X (10) 4 枚 (切札ありで X (10) を 4 枚取る): 9 点")
    assert ("ulti", "score:four_tens", "9") in got


def test_bullet_item_given_another_value_by_some():
    _, facts, _ = facts_of("ウルティ\n\n• ドゥルヒマルシュ．6 点．全勝する．他の目標と組み合わさないといけないとする人もいます．"
                           "7 点にする人もいます．\n", "ja")
    found = {(f.facet, f.value, f.qualifier) for f in facts}
    assert ("score:durchmarsch", 6, None) in found
    assert ("score:durchmarsch", 7, "alternative") in found


def test_item_left_out_only_its_count_said():
    got = _got("ピケ", "３枚の連続したカードは、何であれ３点と数えられます。４枚の場合は４点です。"
                     "これを超えると１０点が加算され、５枚の連続したカードは１５点、６枚の場合は１６点となります。")
    assert ("piquet", "score:quart", "4") in got
    assert ("piquet", "score:sixieme", "16") in got


def test_koikoi_counted_piles_and_both_ribbons():
    got = _got("こいこい", "タネ=1点\nタン=1点\nカス=1点\n赤短+青短=10点")
    assert ("koi-koi", "score:animals", "1") in got
    assert ("koi-koi", "score:ribbons", "1") in got
    assert ("koi-koi", "score:chaff", "1") in got
    assert ("koi-koi", "score:red_and_blue_ribbons", "10") in got


def test_card_points_as_a_definition_list_with_named_groups():
    face = "{'A': 10, 'K': 10, 'Q': 10, 'J': 10, '10': 10, '9': 9, '8': 8, '7': 7, '6': 6, '5': 5, '4': 4, '3': 3, '2': 2}"
    got = _got("セブンブリッジ", "- カード点数\n-\n- A・絵札\n- 10点\n- 数札\n- 数字どおり\n- 各スートの7\n- 手持ちの点を2倍にする")
    assert ("seven-bridge", "card_points", face) in got
    assert ("seven-bridge", "card_points", face) in _got("セブンブリッジ", "A・絵札は10点、数札は数字どおり。")


def test_a_number_opening_a_sentence_after_a_full_width_stop_is_read():
    """「チーム戦．3 人のチーム…」: the stop after a word ends a sentence (normalized to "."); only a
    stop after a digit may be a decimal point."""
    got, _, _ = facts_of("ピケ\n\n• チーム戦．3 人のチーム 2 組で遊びます．切札を決めます．1 枚ずつ配ります．\n", "ja")
    assert ("piquet", "players", "min=6 max=6") in got
    assert ("piquet", "deal_pattern", "[1]") in got


def test_the_second_of_two_values_offered_across_clauses_is_an_alternative():
    """「2枚ずつ配って…配るか、3枚ずつ配ります」, 「5 点，あるいは 10 点を先に取る」: the first
    offered is the rule, the second an alternative (statements cue group `or_clause`)."""
    _, facts, _ = facts_of("ピケ\n\nカードを2枚ずつ配って、相手と自分に交互に配るか、3枚ずつ配ります。"
                           "ゲーム点 7 点，あるいは 11 点を先に取ります。\n", "ja")
    got = {(f.facet, str(f.value), f.qualifier) for f in facts}
    assert ("deal_pattern", "[2]", None) in got and ("deal_pattern", "[3]", "alternative") in got
    assert ("target_score", "7", None) in got and ("target_score", "11", "alternative") in got


def test_a_rank_excepted_after_its_list_takes_the_later_value():
    got = _got("ヴァンテアン", "エース、キング、クイーン、ジャックはそれぞれ10として数え、エースは1として数える。")
    assert ("vingt-et-un", "card_points", "{'A': 1, 'K': 10, 'Q': 10, 'J': 10}") in got


def test_a_rank_word_inside_a_longer_katakana_word_is_no_rank_cue():
    """「ブランクの数字は1、2、3、4」: ランク inside ブランク (グランクー) names no rank order."""
    got = _got("ピケ", "ブランクの数字は1、2、3、4です。")
    assert not any(f == "rank_order" for _, f, _ in got), got
    assert ("piquet", "rank_order", "['A', 'K', 'Q', 'J', '10']") in _got("ピケ", "ランクは A、K、Q、J、10 です。")


def test_cards_dealt_to_the_table_are_no_hand():
    """「追加のカードが2枚だけテーブルに裏向きに配られ、各プレイヤーは…」: a count dealt to the
    table is no hand size (cue group `put`)."""
    got = _got("ナポレオン", "追加のカードが2枚だけテーブルに裏向きに配られ、各プレイヤーはそれを見ることができます。")
    assert not any(f == "hand_size" for _, f, _ in got), got


def test_orders_said_for_a_game_with_trumps_and_one_without_are_conditional():
    """「切札があるときは，A，10，K…，ないときは，A，K，Q…」: each order holds in one kind of game
    (contract_scope), the second said with its subject left out."""
    _, facts, _ = facts_of("ピケ\n\nカードの強さは，切札があるときは，A，10，K，Q，J，9，8，7，ないときは，"
                           "A，K，Q，J，10，9，8，7 です．\n", "ja", WEB_PAGE)
    assert {(str(f.value), f.qualifier) for f in facts if f.facet == "rank_order"} == {
        ("['A', '10', 'K', 'Q', 'J', '9', '8', '7']", "conditional"),
        ("['A', 'K', 'Q', 'J', '10', '9', '8', '7']", "conditional")}


def test_a_speculation_states_no_rule():
    """「…同じ32枚のトランプを使うゲームの影響を受けたのではないでしょうか」: a guess (role other)."""
    _, facts, _ = facts_of("ブロット\n\nブロットは，同じ32枚のトランプを使うゲームの影響を受けたのではないでしょうか．\n", "ja", WEB_PAGE)
    assert [f.role for f in facts if f.facet == "deck_size"] == ["other"]


def test_a_count_of_opponents_is_no_player_count():
    """「4人の対戦相手と遊びます」: one side counted (cue group side_of), not the players."""
    got = _got("ソロホイスト", "4人の対戦相手と遊びます。")
    assert not any(f == "players" for _, f, _ in got), got
    assert ("solo-whist", "players", "min=4 max=4") in _got("ソロホイスト", "4人の対戦で遊びます。")
