"""A blog page's widgets (menu, statistics, calendar) are chrome, and a title "genre – name"
names the game after the dash; a suit word after a rank names a card, no scoring item."""

from tests.test_extract import facts_of

PAGE = ("Меню сайта\nСтатистика\n\nОнлайн всего: 1\nГостей: 1\nКалендарь\n«  Ноябрь 2010  »\nПн Вт Ср Чт Пт Сб Вс\n"
        "1234567\nАрхив записей\n\nГлавная » 2010 » Ноябрь » 11 » Карточные игры - Черная Мэри\n16:19\n"
        "Карточные игры - Черная Мэри\n\nДополнительно: колода в 52 карты\n\nКолода тщательно тасуется, и каждому игроку "
        "сдается по 17 карт. Штрафные очки: дама пик - 13 очков; король пик - 10 очков, туз пик - 7 очков.\n")


def test_widgets_are_no_game_and_the_title_names_it():
    _, facts, _ = facts_of(PAGE, "ru")
    games = {f.game_id for f in facts}
    assert games == {"chernaya-meri"}


def test_a_suit_after_a_rank_is_a_card_not_an_item():
    got, _, _ = facts_of(PAGE, "ru")
    assert ("chernaya-meri", "score:queen_of_spades", "13") in got
    assert not [g for g in got if g[1] == "score:pique"]
