"""Short names in titles, and a tier's title form as the frame for a game (issue 28)."""

from pipeline.identify.index import game_index
from pipeline.segment import segment
from tests.test_extract import facts_of
from tests.test_segment import KNOWLEDGE


def test_a_three_letter_name_counts_in_a_title_written_as_a_name():
    index = game_index(KNOWLEDGE)
    assert index.games_named_in("Как играть? (правила Уно со списком)") == ["uno"]
    assert index.games_named_in("UNO — rules") == ["uno"]
    # not declined, not lower case, not a common word, not part of a longer name
    assert "uno" not in index.games_named_in("Уносим карты со стола")
    assert index.games_named_in("a nap time story") == []
    assert "mao" not in index.games_named_in("Presten (Mao Mao)")
    assert "set-game" not in index.games_named_in("Condition of Game Set")


def _games(text: str, lang: str) -> list[tuple[str | None, str | None]]:
    _, _, doc = facts_of(text, lang)
    secs, _ = segment(doc, KNOWLEDGE)
    return [(s.game_id, s.title) for s in secs if s.kind in ("game", "variant")]


def _rules(name: str) -> str:
    return (f"{name}のルール\n\n{name}の概要 2人で遊びます。お互いに1枚ずつカードを出し、"
            f"数字の合計を競います。使用カード 1組52枚(ジョーカーを除く)。\n\n")


def test_a_name_in_the_tiers_title_form_is_a_game_known_or_not():
    text = _rules("神経衰弱") + _rules("ページワン") + _rules("41(フォーティーワン)") + _rules("戦争(トランプ)")
    games = _games(text, "ja")
    assert ("concentration", "神経衰弱のルール") in games
    assert ("page-one", "ページワンのルール") in games
    assert ("41", "41(フォーティーワン)のルール") in games          # unknown: provisional, named "41"
    assert ("war", "戦争(トランプ)のルール") in games               # a common word, named by the frame


def test_a_title_form_that_is_no_frame_of_the_tier_names_no_game():
    # most headings of the tier are topics: "Xのルール" there is a game's laws or a topic
    topics = "".join(f"{t}\n\n{t}について説明します。カードを1枚ずつ配ります。\n\n" for t in
                     ("歴史", "用具", "配り方", "得点", "罰則", "作法", "格言"))
    text = _rules("神経衰弱") + _rules("ページワン") + topics + _rules("コントロール・クラブ") + _rules("12枚目のカード")
    assert [g for g, _ in _games(text, "ja")] == ["concentration", "page-one"]


def test_points_awarded_for_an_item_with_an_adverb_between():
    got, _, _ = facts_of("CRIBBAGE\n\nCribbage is a card game for two players.\n\n"
                         "Two points are also awarded for a pair.\n", "en")
    assert ("cribbage", "score:pair", "2") in got


def test_a_list_whose_items_each_name_the_game_they_serve_opens_a_part_per_game():
    text = ("Для разных игр используют разные колоды:\n\n"
            "52 карты (полная колода) — используется для игры в покер;\n\n"
            "36 карт (от шестёрок до тузов) — такой колодой часто играют в дурака;\n\n"
            "32 карты (от семёрок до тузов) — такая колода нужна для игры в преферанс.\n")
    assert [g for g, _ in _games(text, "ru")] == ["poker", "durak", "preference"]
    got, _, _ = facts_of(text, "ru")
    assert ("durak", "deck_size", "36") in got and ("preference", "deck_size", "32") in got


def test_two_items_naming_games_are_no_list_of_games():
    text = ("Колоды бывают разные.\n\n52 карты — используется для игры в покер;\n\n"
            "36 карт — такой колодой часто играют в дурака.\n")
    assert len(_games(text, "ru")) <= 1


def test_a_numbered_entry_of_a_series_is_named_by_the_line_under_it():
    body = "\nПасьянс несложный. В этом пасьянсе используются две колоды по 32 карты. Карты выкладывают в семь рядов.\n"
    games = _games("Пасьянс №1.\nКОЛДУНЬЯ" + body, "ru")
    assert [t for _, t in games] == ["КОЛДУНЬЯ"] and games[0][0] != "solitaire"
    # a known name under the label is that game
    assert [g for g, _ in _games("Patience No. 3\nTHE IDIOT'S DELIGHT\n\nThis patience is played with "
                                 "two packs of 52 cards. Deal nine cards in a row.\n", "en")] == ["aces-up"]


def test_a_word_with_latin_look_alikes_in_cyrillic_is_read_in_its_own_script():
    from pipeline.ingest.normalize import normalize_with_map
    text = "Kapты пo вoсемь; Сasino; DVD-плеер; iPhone"
    norm, starts, ends = normalize_with_map(text)
    assert norm == "Карты по восемь; Casino; DVD-плеер; iPhone"
    # a folded word maps back as a whole: its script was read from all its letters
    assert (starts[1], ends[1]) == (0, 5) and (starts[6], ends[6]) == (6, 6 + 1 + 1)
    got, facts, _ = facts_of("ДУРАК\n\nПeред начaлом игры кaждoму учaстнику pаздaётся пo шесть карт.\n", "ru")
    assert ("durak", "hand_size", "6") in got
    # the quote is the original's, look-alikes and all
    assert any(f.facet == "hand_size" and "пo шесть" in f.anchor.quote for f in facts)


def test_a_page_titles_known_game_comes_before_the_sites_name_after_its_dash():
    text = ("Обзор настольной игры Свинтус 2.0 - Игра в дом\nИнтернет магазин настольных игр\n\n"
            "Свинтус 2.0 – новое дополнение к игре. Каждому игроку раздают по 5 карт.\n")
    assert [g for g, _ in _games(text, "ru")] == ["svintus"]


def test_a_bylines_account_line_is_no_title():
    text = ("鳴海製作所娯楽部 @nrmGOraku\nゲーム概要\n\n■内容物\nカード × 32枚\n"
            "■ゲームの準備\nカードをよく混ぜ、全員に配ります。\n")
    assert all("@" not in (t or "") for _, t in _games(text, "ja"))


def test_a_quoted_subject_the_text_calls_a_game_is_a_name_whatever_its_grammar():
    from pipeline.identify.document import document_game
    text = ("«шестая берёт» - это карточная игра родом из Германии. В неё играют с колодой из 104 карт.\n\n"
            "В начале игры сдающий раздаёт каждому по 10 карт.\n")
    _, _, doc = facts_of(text, "ru")
    assert document_game(doc, KNOWLEDGE, 0, len(doc.text)).name == "шестая берёт"
    # unquoted, a clause stays no name
    _, _, doc = facts_of(text.replace("«шестая берёт»", "шестая берёт"), "ru")
    found = document_game(doc, KNOWLEDGE, 0, len(doc.text))
    assert found is None or found.name != "шестая берёт"


def test_a_provisional_name_in_two_scripts_is_one_game_with_both_names():
    from pipeline.identify.provisional import provisional_game
    game = provisional_game("チェーナ / Cena", "ja", KNOWLEDGE.languages)
    assert game.id == "cena" and game.names.en == "Cena" and game.names.ja == "チェーナ"
    assert provisional_game("Rock / Paper", "en", KNOWLEDGE.languages).names.en == "Rock / Paper"


def test_an_unknown_subject_naming_a_known_game_with_more_words_is_its_form():
    from pipeline.identify.document import document_game
    _, _, doc = facts_of("Юный Свинтус - простая веселая карточная игра, разработанная для детей. У этой игры "
                         "есть старший брат, игра Свинтус. Каждому раздают по 5 карт.\n", "ru")
    found = document_game(doc, KNOWLEDGE, 0, len(doc.text))
    assert found.name == "Юный Свинтус" and found.parent == "svintus"


def test_a_subject_ending_in_a_quoted_name_is_that_name():
    from pipeline.identify.document import document_game
    _, _, doc = facts_of("СетНастольная игра «Set» – это лёгкая карточная игра на внимательность. "
                         "Придумана игра была в 1974 году, а издана впервые только в 1991 году.\n", "ru")
    assert document_game(doc, KNOWLEDGE, 0, len(doc.text)).game_id == "set-game"


def test_how_many_play_is_no_name():
    index = game_index(KNOWLEDGE)
    assert index.plausible_name(index.named_in_title("Карточная игра для двух игроков") or "") is None
    assert index.plausible_name("Свинтус") == "Свинтус"
