"""Lines that are no game's title: an image caption named like its file, a summary label with its
value joined by a middle dot; a product title names its game in quotes after the genre's words."""

from tests.test_extract import facts_of


def test_caption_and_label_line_are_no_title():
    text = ("1_パッケージ\n\n・ハゲタカのえじき\n\n種類・カードゲーム\nプレイ人数・2~6人\n\n"
            "1枚ずつ持っている1~15のカードを使って、ハゲタカの得点カードを取り合うゲーム。\n")
    _, facts, _ = facts_of(text, "ja")
    assert {f.game_id for f in facts} == {"hols-der-geier"}


def test_product_title_names_its_game_in_quotes():
    text = ("Настольная игра на скорость «Котопланеты», 144 карты\nИгра — просто космос!\n"
            "Перемешайте карты и раздайте каждому игроку по 10 карт.\n")
    _, facts, _ = facts_of(text, "ru")
    assert {f.game_id for f in facts} == {"kotoplanety"}
