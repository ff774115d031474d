"""Tables whose header names a column of points (extract/point_tables.py): bare numbers under
it are points, a row of ranks is a card's points, any other row a scoring item."""

from tests.test_extract import facts_of


def _values(facts, facet_prefix):
    return {(f.facet, str(f.value)) for f in facts if f.facet.startswith(facet_prefix)}


def test_card_table_gives_one_point_map():
    _, facts, _ = facts_of("BELOTE.\n\nIn the trump suit:\n"
                           "| Card | Points | Strength |\n|---|---|---|\n"
                           "| Jack (J) | 20 | 1 |\n| Nine (9) | 14 | 2 |\n| Ace (A) | 11 | 3 |\n"
                           "| Ten (10) | 10 | 4 |\n| Eight (8) | 0 | 7 |\n", "en")
    maps = [f for f in facts if f.facet == "card_points"]
    assert [f.value for f in maps] == [{"J": 20, "9": 14, "A": 11, "10": 10, "8": 0}]
    assert maps[0].anchor.quote.startswith("Jack (J) | 20")


def test_face_value_row_and_range():
    _, facts, _ = facts_of("GOLF.\n\n| Card | Value |\n|---|---|\n| Ace (A) | 1 |\n| 2–10 | Face value |\n"
                           "| Jack (J) | 10 |\n| King (K) | 0 |\n", "en")
    (f,) = [f for f in facts if f.facet == "card_points"]
    assert f.value["A"] == 1 and f.value["5"] == 5 and f.value["10"] == 10 and f.value["J"] == 10


def test_item_table_reads_rank_rows_as_items():
    # "Aces | one ace in each suit | 10" names a meld, not the ace's points
    _, facts, _ = facts_of("PINOCHLE.\n\nmeld | description | points | in trump |\n---|---|---|---|\n"
                           "run | one of each card of the same suit | 2 | 15 |\n"
                           "Run + Marriage | run with extra marriage | 0 | 45 |\n"
                           "Aces | one ace in each suit | 10 | |\n"
                           "double Aces | two aces in each suit | 100 | |\n", "en")
    got = _values(facts, "score:")
    assert {("score:run", "2"), ("score:double_aces", "100")} <= got
    assert not [f for f in facts if f.facet == "card_points"]
    assert not [v for k, v in got if v == "0"]          # an item scoring nothing states nothing
    assert not [v for k, v in got if v in ("15", "45")]  # "in trump" names no points


def test_japanese_header_makes_bare_numbers_points():
    _, facts, _ = facts_of("こいこい\n\n| 役名 | 点数 | 条件 |\n|------|------|------|\n"
                           "| 五光 | 10 | 光札5枚 |\n| 猪鹿蝶 | 5 | 萩に猪、紅葉に鹿、牡丹に蝶 |\n", "ja")
    assert {v for _, v in _values(facts, "score:")} >= {"10", "5"}


def test_russian_header_makes_bare_numbers_points():
    _, facts, _ = facts_of("БЕЗИК\n\n| Комбинация | Очки |\n|---|---|\n| Безик | 40 |\n| Двойной безик | 500 |\n", "ru")
    assert {v for _, v in _values(facts, "score:")} >= {"40", "500"}


def test_table_without_points_column_gives_no_points():
    _, facts, _ = facts_of("PINOCHLE.\n\n| Meld | Cards |\n|---|---|\n| Run | 5 |\n| Marriage | 2 |\n", "en")
    assert not _values(facts, "score:") and not [f for f in facts if f.facet == "card_points"]


def test_aside_does_not_block_the_count_beside_it():
    # "(4 at a time)" is a round of the deal, in brackets: the hand is still twenty cards
    got, _, _ = facts_of("PINOCHLE.\n\nDeal all the cards (4 at a time) such that each player has twenty cards.\n", "en")
    assert ("pinochle", "hand_size", "20") in got
    assert ("pinochle", "deal_pattern", "[4]") in got


def test_another_packs_numbers_are_no_ranks():
    # a Spanish pack's cards by number: 12 and 11 are no ranks, so 1 and 10 are not the ace and ten
    _, facts, _ = facts_of("BRISCA.\n\n| Number | Score |\n|--------|-------|\n| 1 | 11 |\n| 3 | 10 |\n| 12 | 4 |\n"
                           "| 11 | 3 |\n| 10 | 2 |\n", "en")
    assert not [f for f in facts if f.facet == "card_points"]


def test_determiner_before_ranks_and_table_header_is_no_game():
    # "Card | Point Value |" is a table's header, not the title of a game called "Point Value"
    got, facts, _ = facts_of("SKAT.\n\nCard | Point Value |\nEach Ace | 11 |\nEach 10 | 10 |\nEach King | 4 |\n"
                             "Each Queen | 3 |\n", "en")
    (f,) = [f for f in facts if f.facet == "card_points"]
    assert f.value == {"A": 11, "10": 10, "K": 4, "Q": 3} and f.game_id == "skat"
    assert not _values(facts, "score:")


def test_sideways_table_under_card_values():
    _, facts, _ = facts_of("ブリスコラ\n\nカードの得点\nA | 3 | K | Q | J | その他 |\n11 | 10 | 4 | 3 | 2 | 0 |\n", "ja")
    (f,) = [f for f in facts if f.facet == "card_points"]
    assert f.value == {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


def test_headerless_column_of_points_with_their_unit():
    _, facts, _ = facts_of("ブリスカ\n\nカードにはそれぞれ点数があります。\n各エース | 11点 |\n各3 | 10点 |\n各キング | 4点 |\n"
                           "各クイーン | 3点 |\n", "ja")
    assert [f.value for f in facts if f.facet == "card_points"] == [{"A": 11, "3": 10, "K": 4, "Q": 3}]
    assert not _values(facts, "score:")


def test_japanese_row_name_column_and_value_named_cards():
    # "20点札" is a class of cards; the row's name is its first column; a row is no heading
    _, facts, _ = facts_of("花合わせ\n\n役名 説明 点数\n五光 20点札5枚 200点\n\n松桐坊主(三光) 松に鶴・芒に月・桐に鳳凰の3枚 20点\n\n"
                           "藤島 藤4枚 20点\n", "ja")
    got = _values(facts, "score:")
    assert ("score:five_brights", "200") in got and ("score:five_brights", "20") not in got
    assert {f.game_id for f in facts} == {"hana-awase"}
    assert len([v for _, v in got if v == "20"]) == 2


def test_card_table_with_rows_of_other_names():
    # most rows are ranks: a card table; "Bauer" and "Nell" are cards by another name, not items
    _, facts, _ = facts_of("JASS.\n\n| Card | Points |\n|---|---|\n| Bauer | 20 |\n| Nell | 14 |\n| Ace | 11 |\n"
                           "| King | 4 |\n| Queen | 3 |\n| Jack | 2 |\n| Ten | 10 |\n", "en")
    assert [f.value for f in facts if f.facet == "card_points"] == [{"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}]
    assert not _values(facts, "score:")


def test_a_range_is_no_value():
    # "2-9 | 2-9 по цифре": the points are the card's number, not 2
    _, facts, _ = facts_of("БАККАРА\n\nКарта Очки\nТуз 1\n2-9 2-9 в соответствии с цифрой на карте\n10 0\nКороль 0\n", "ru")
    assert not [f for f in facts if f.facet == "card_points" and f.value.get("9") == 2]
