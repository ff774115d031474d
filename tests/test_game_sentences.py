"""Games named in running prose and in titles, written for layouts the sets' earlier mechanisms
missed: a catalog paragraph running its games one after another, a title's bracket that says
what kind of game the name is, a declared title naming a form of the text's game, "the classic
X", a question heading, a label, a shop's stock line. Each text is small and written here."""

import pytest

from pipeline.identify.index import game_index
from tests.test_identify_documents import segmentation, titled_segmentation, top_games
from tests.test_segment import KNOWLEDGE

CATALOG_EN = (
    "Two player card games are played for fun. Classic two player games include Whist, Cribbage "
    "and Piquet.\n\n"
    "Cribbage is a two player card game played with a deck of 52 cards. Each player receives six "
    "cards. Piquet is a popular two player card game with a deck of 32 cards. Each player receives "
    "twelve cards.\n\n"
    "Crazy Eights is a card game for two. It is played with a 52 card pack.\n")


def test_a_catalog_paragraph_opens_each_game_at_the_sentence_that_says_it_is_a_game():
    seg = segmentation(CATALOG_EN, "en")
    games = [(s.game_id, s.start_line) for s in seg.sections if s.kind in ("game", "variant")]
    assert games == [("cribbage", 3), ("piquet", 3), ("crazy-eights", 5)]
    piquet = next(s for s in seg.sections if s.game_id == "piquet")
    # the section starts at its sentence, inside the line: Cribbage's six cards stay Cribbage's
    assert CATALOG_EN[piquet.anchor.start:].startswith("Piquet is a popular")


@pytest.mark.parametrize("text, lang, expected", [
    ("Пикет — карточная игра для двоих. Играют колодой в 32 карты. Вист — карточная игра для "
     "четырёх игроков. Играют колодой в 52 карты.\n", "ru", ["piquet", "whist"]),
    ("ピケは二人で遊ぶトランプゲームです。32枚のカードを使います。ホイストは四人で遊ぶトランプゲームです。"
     "52枚のカードを使います。\n", "ja", ["piquet", "whist"]),
])
def test_game_sentences_in_every_language(text, lang, expected):
    assert [g for _, g in top_games(text, lang)] == expected


def test_a_sentence_naming_a_game_in_an_article_with_headings_opens_nothing():
    # headings are in use: a later "X is a game" sentence is the article's comparison, not a part
    text = ("# Bezique\n\nBezique is a card game for two players. Pinochle is a card game derived "
            "from it. Each player receives eight cards.\n\n## Scoring\n\nA marriage scores 20.\n")
    assert [g for _, g in top_games(text, "en")] == ["bezique"]


def test_one_game_sentence_is_no_catalog():
    text = "Cribbage is a card game for two players. Each player receives six cards.\n"
    seg = segmentation(text, "en")
    assert all(s.rule != "subject_sentence+exact" for s in seg.sections)


def test_a_title_bracket_says_what_kind_of_game_the_name_is():
    seg = titled_segmentation("Two packs of cards are used. Each player is dealt 10 cards.\n", "en",
                              "Frustration (contract rummy) — journal post with house rules")
    (game,) = seg.provisional
    assert game.names.en == "Frustration" and game.parent == "contract-rummy"


def test_a_declared_title_naming_a_form_of_the_texts_game_wins():
    text = ("Настольные игры. Классическое Уно – популярная карточная игра, цель которой - избавиться от "
            "всех карт. Перед вами одна из её версий - УНО DOS.\nКаждый игрок получает 7 карт.\n")
    seg = titled_segmentation(text, "ru", "Uno DOS — страница магазина")
    (game,) = seg.provisional
    assert game.names.ru == "Uno DOS" and game.parent == "uno"
    # without that title, the classic game is the game itself, no variant of it
    assert top_games(text, "ru") == [("variant", "uno")] and segmentation(text, "ru").provisional == []


@pytest.mark.parametrize("text, lang, name", [
    ("What is Quiddler?\n\nDeal three cards to each player from the pack of 118 cards.\n", "en", "Quiddler"),
    ("【ヒットマンガとは?】\n手持ちの8枚を、手番ごとに2枚ずつ出していく。\n", "ja", "ヒットマンガ"),
])
def test_a_question_heading_names_its_subject(text, lang, name):
    assert [g.names.model_dump()[lang] for g in segmentation(text, lang).provisional] == [name]


def test_a_summary_label_and_a_shops_stock_line_are_no_games_names():
    text = ("\n\nSOLD OUT\n遊べる人数:2〜8人\n<内容物>\nカード64枚 ルール説明シート1冊\n"
            "このゲームは、手札のカードを減らすパーティゲームです。カードを1枚ずつ出します。\n")
    seg = segmentation(text, "ja")
    names = [n for g in seg.provisional for n in g.names.model_dump().values() if n]
    assert not [n for n in names if "SOLD" in n or "内容物" in n]


def test_a_page_without_blank_lines_titles_its_games_on_short_lines_between_paragraphs():
    text = ("トランプの遊びの中でも2人で楽しめるゲームを紹介していきます。\n"
            "スピード\n"
            "最初に紹介するのは、2人用トランプゲームの代表格、スピードです。カードを半分ずつ分けます。\n"
            "戦争\n"
            "続いて紹介するのは戦争です。合図と共に2人で一緒にカードを出して、数の大きい方が取ります。\n")
    seg = segmentation(text, "ja")
    assert [(s.game_id, s.start_line) for s in seg.sections if s.kind in ("game", "variant")] == \
        [("speed", 2), ("war", 4)]
    # "最初に紹介するの" (what is introduced first), a verb made a noun, is no game's name
    assert seg.provisional == []


def test_whom_a_game_is_for_is_no_name():
    text = "Каждому участнику раздаётся по восемь карт, остальная колода в центре.\n"
    seg = titled_segmentation(text, "ru", "Безумно весёлая карточная игра для компании — объявление")
    assert seg.provisional == []


@pytest.mark.parametrize("text, lang, expected", [
    # a leaflet's PDF ran its games into one paragraph: "Game N: Name" opens each
    ("Contents: 52-Card Deck Game 1: Old Maid For 2 or more players Remove one queen and deal "
     "all the cards. Game 2: Crazy Eights For 2 to 5 players Each player gets 5 cards. The first "
     "player out wins.\n", "en", ["old-maid", "crazy-eights"]),
    ("Игра 1: Пьяница. Для двух игроков, колода 36 карт. Игра 2: Дурак. Каждому раздают по 6 "
     "карт.\n", "ru", ["war", "durak"]),
    ("ゲーム1：ババ抜き 2人から遊べます。ゲーム2：七並べ 4人で遊びます。\n", "ja", ["old-maid", "fan-tan"]),
])
def test_a_leaflets_numbered_games_open_where_its_text_counts_them(text, lang, expected):
    assert [g for _, g in top_games(text, lang)] == expected


def test_one_numbered_game_is_no_list_of_games():
    # "Game 1:" once is a round of a match, not a leaflet's games
    text = "Game 1: Cribbage For 2 players. The winner of game 1 deals next.\n"
    seg = segmentation(text, "en")
    assert all(not s.rule.startswith("numbered_game") for s in seg.sections)


def test_label_lines_closed_by_a_colon_name_the_games_under_them():
    text = ("This app has two games.\n"
            "Gin Rummy Rules:\n"
            "Each player is dealt ten cards. Knock with ten points or fewer.\n"
            "Cribbage Rules:\n"
            "Each player is dealt six cards and gives two to the crib.\n")
    assert [g for _, g in top_games(text, "en")] == ["gin-rummy", "cribbage"]


def test_a_label_line_of_a_topic_is_no_game():
    text = ("Gin Rummy\n\nScoring:\nA knock scores the difference.\nDealing:\nTen cards each.\n")
    assert [g for _, g in top_games(text, "en")] == ["gin-rummy"]


def test_the_leading_words_of_a_run_together_heading_name_the_game():
    index = game_index(KNOWLEDGE)
    assert index.leading_match("Rolling Stone For 4, 5 or 6 players Before you begin").game_id == "rolling-stone"
    assert index.leading_match("Crazy Eights For 2 players").game_id == "crazy-eights"
    assert index.leading_match("For 4 players: deal the cards") is None


def test_a_title_quoting_the_name_in_single_quotes_names_the_game():
    seg = titled_segmentation("Колода из 36 карт. Каждому игроку раздают по 6 карт.\n", "ru",
                              "Children's card game 'Zvezdopad' — toy-shop page")
    (game,) = seg.provisional
    assert game.names.en == "Zvezdopad"


def test_a_title_quoting_a_topic_in_single_quotes_names_no_game_by_it():
    seg = titled_segmentation("Each player is dealt seven cards.\n", "en",
                              "Tumbler — store page of a card-game app with numbered 'Game Mechanics'")
    assert [g.names.en for g in seg.provisional] == ["Tumbler"]


def test_an_unrepeated_first_line_is_the_page_when_the_text_writes_the_titles_name():
    text = ("參考匯率\n\nメビウスゲームズの大人気カードゲーム、ヴォルテックスです。\n"
            "カード;計60枚\nプレイ人数;2人以上8人まで\n手札は5枚ずつ配ります。\n")
    seg = titled_segmentation(text, "ja", "ヴォルテックス — 商品ページ(ルール説明付き)")
    assert [g.names.ja for g in seg.provisional] == ["ヴォルテックス"]



def test_a_name_hyphened_onto_another_word_is_a_compound_not_the_game():
    index = game_index(KNOWLEDGE)
    assert index.mentions("a two-player joker-drawing game with whist-like tricks") == {}
    assert index.games_named_in("A two-player joker-drawing game from a manga") == []
    assert index.mentions("Rubicon Piquet and Skip-Bo are played here") == {"rubicon-piquet": 1, "skip-bo": 1}


@pytest.mark.parametrize("text, lang, expected", [
    ("ポーカーは世界中で遊ばれるカードゲームです。52枚のカードを使います。\n\n"
     "花札(またはこいこい)は、2人で遊ぶカードゲームです。48枚の札を使います。\n", "ja", ["poker", "koi-koi"]),
    ("Whist is a card game for four players. It is played with 52 cards.\n\n"
     "Cribbage (or Crib) is a card game for two players. Each is dealt six cards.\n", "en",
     ["whist", "cribbage"]),
])
def test_a_game_sentences_subject_keeps_its_bracketed_other_name(text, lang, expected):
    assert [g for _, g in top_games(text, lang)] == expected


@pytest.mark.parametrize("text, lang, title, name", [
    # a page's footer line above the rules is chrome, not the game: the user's title names it
    ("Copyright\n- Cards and deal\n- Deal 13 cards each, one at a time, from a 52-card pack.\n",
     "en", "Tumbler", "Tumbler"),
    # a heading that is a word of play (パック: the pack) is no game's name
    ("パック\n\n標準的な52枚のカードパックを使用します。\n\n各プレイヤーに13枚ずつ配ります。\n",
     "ja", "ヴォルテックス", "ヴォルテックス"),
])
def test_chrome_and_words_of_play_over_rules_are_no_names(text, lang, title, name):
    seg = titled_segmentation(text, lang, title)
    assert [g.names.en or g.names.ja for g in seg.provisional] == [name]


def test_a_listicles_numbered_heading_may_put_a_clause_before_the_name():
    text = ("パーティーで遊べるトランプゲームを紹介します。\n\n"
            "1. 記憶力を競う神経衰弱\n裏返しに散らした52枚のカードから2枚ずつめくります。\n\n"
            "2. みんなで盛り上がる大富豪\nカードをすべて配り、強いカードを出していきます。\n")
    assert [g for _, g in top_games(text, "ja")] == ["concentration", "daifugo"]


@pytest.mark.parametrize("text, game, present", [
    # «Правила игры просты»: "the rules are simple", a predicate; not «Простой дурак» (alias «простой»)
    ("Правила игры просты: каждому игроку раздают по 6 карт из колоды в 36 карт.\n", "simple-durak", False),
    # «играть в козла»: a common word («козёл») is the game after a game phrase
    ("Как играть в козла. Каждому игроку раздают по 8 карт из колоды в 32 карты.\n", "kozel", True),
])
def test_a_game_phrase_names_a_game_by_a_noun_not_a_predicate(text, game, present):
    assert (game in [g for _, g in top_games(text, "ru")]) is present


def test_a_cyrillic_compound_of_two_names_is_a_form_of_the_first():
    assert game_index(KNOWLEDGE).games_named_in("Мушка-Мистигри — правила") == ["mushka"]


def test_a_page_without_blank_lines_numbers_its_games_under_closed_paragraphs():
    text = ("パーティーで遊べるトランプゲームを紹介します!\n"
            "1. 記憶力を競う神経衰弱\n裏返しに散らした52枚のカードから2枚ずつめくります。\n"
            "2. みんなで盛り上がる大富豪\nカードをすべて配り、強いカードを出していきます。\n")
    assert [g for _, g in top_games(text, "ja")] == ["concentration", "daifugo"]


def test_a_numbered_list_of_hands_opens_no_game():
    text = ("Texas Hold'em\n\nКомбинации от самой сильной к слабой.\n"
            "1. Флеш-рояль (Royal Flush)\nОт 10 до туза одной масти.\n"
            "2. Стрит-флеш (Straight Flush)\nПять карт по порядку одной масти.\n"
            "3. Каре (Four of a Kind)\nЧетыре карты одного достоинства.\n")
    assert "four-of-a-kind" not in [g for _, g in top_games(text, "ru")]
