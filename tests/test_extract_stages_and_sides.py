"""Deals, orders and counts that only look like the game's (mostly Japanese): a hand dealt in
stages around the bidding, an order told apart from the cards' strength, a side's count of
players."""

from tests.test_extract import WEB_PAGE, facts_of


def _got(title: str, body: str) -> set[tuple]:
    return facts_of(f"{title}\n\n{body}\n", "ja", WEB_PAGE)[0]


def test_the_first_stage_of_a_deal_finished_after_the_bidding_is_no_hand():
    got = _got("ブロット", "配り手は，左隣の人から順に，2枚ずつ，ついで，3枚ずつ配り，各人5枚の手札になります．\n\n"
                         "切札を決めるせりを行います．誰かが切札を決めたら，配り手は，残りのカードを，"
                         "切札を決めた人には2枚，他の人には3枚ずつ配ります．")
    assert not any(f == "hand_size" and v == "5" for _, f, v in got), got


def test_the_first_stage_of_a_deal_in_english_and_russian():
    got, _, _ = facts_of("BELOTE.\n\nBelote is played by four persons. Five cards are dealt to each player, by threes "
                         "and twos.\n\nThe players then bid for the trump. When the trump is fixed, the remaining cards "
                         "are dealt, three to each player.\n", "en")
    assert not any(f == "hand_size" and v == "5" for _, f, v in got), got
    got, _, _ = facts_of("БЕЛОТ.\n\nКаждому игроку сдают по пять карт.\n\nЗатем игроки торгуются за козырь. "
                         "Когда козырь назначен, сдают остальные карты, по три каждому.\n", "ru")
    assert not any(f == "hand_size" and v == "5" for _, f, v in got), got


def test_a_hand_whose_leftover_cards_are_only_put_aside_stands():
    got = _got("ブロット", "各人5枚の手札を配ります．残りのカードは山札として場に置きます．")
    assert ("belote", "hand_size", "5") in got


def test_an_order_told_apart_from_the_cards_strength_is_no_rank_order():
    got = _got("ブロット", "役の並びを見るときのカードの順は，カードの強弱とは違い，上から下へ A, K, Q, J, 10, 9, 8, 7 です．")
    assert not any(f == "rank_order" for _, f, _ in got), got


def test_an_order_told_apart_from_the_rank_in_play_in_english_and_russian():
    got, _, _ = facts_of("PIQUET.\n\nFor sequences the cards rank A, K, Q, J, 10, 9, 8, 7, unlike their rank in play.\n", "en")
    assert not any(f == "rank_order" for _, f, _ in got), got
    got, _, _ = facts_of("ПИКЕТ.\n\nДля комбинаций порядок карт в отличие от старшинства карт в игре: туз, король, "
                         "дама, валет, десятка, девятка, восьмерка, семерка.\n", "ru")
    assert not any(f == "rank_order" for _, f, _ in got), got


def test_a_side_counted_with_the_tricks_it_must_take_is_no_player_count():
    got = _got("ソロホイスト", "アボンダンスを宣言した人に対戦する側は、3人で9トリック以上を取ることを目指します。")
    assert not any(f == "players" for _, f, _ in got), got
