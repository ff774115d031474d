"""Finding the games in layouts the five embedded texts do not have: single-game documents
(web pages, encyclopedia entries, blog posts with front matter, mail posts), numbered and
wrapped titles, markup and Markdown headings; unknown games reported as provisional; common
words that are games only with evidence. Each text is small and written for its test."""

import pytest

from pipeline.ingest import ingest
from pipeline.segment import segment_document
from schemas import ManifestEntry
from tests.test_segment import KNOWLEDGE


def segmentation(text: str, lang: str):
    entry = ManifestEntry(id="t", file="texts/t.txt", language=lang, title="T")
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    return segment_document(doc, KNOWLEDGE)


def top_games(text: str, lang: str) -> list[tuple[str, str | None]]:
    seg = segmentation(text, lang)
    return [(s.kind, s.game_id) for s in seg.sections if s.level == 0 and s.kind in ("game", "variant")]


@pytest.mark.parametrize("text, lang, game", [
    # a web page: its title line, then the rules
    ("Piquet\nPiquet is played by two people with a pack of thirty-two cards.\n", "en", "piquet"),
    # an encyclopedia entry: the first sentence's subject
    ("PIQUET, pe-ki', a game of cards for two players, played with thirty-two cards.\n\n"
     "The cards rank as at whist.\n", "en", "piquet"),
    ("Пикет — карточная игра для двоих.\n\nИграют колодой в 32 карты.\n", "ru", "piquet"),
    ("ピケは二人で遊ぶトランプゲームです。\n\n32枚のカードを使います。\n", "ja", "piquet"),
    # a blog post with front matter
    ("---\nTitle: Piquet\nDate: 2025-05-29\n---\n\n# Overview\n\n- Two players\n", "en", "piquet"),
    # a mail or forum post with a subject line
    ("SUB: Rubicon Bezique question\nFROM: someone\n\nHow many packs do you use?\n", "en", "rubicon-bezique"),
    # a long web title with a site prefix and a colon
    ("Лучшие карточные игры для двоих: Безик (Bezique)\n\nБезик — игра для двух игроков.\n", "ru", "bezique"),
    # title forms
    ("Rules of Piquet\n\nThe game is played by two.\n", "en", "piquet"),
    ("Правила игры в вист\n\nИграют четыре человека.\n", "ru", "whist"),
    ("ピケのルール\n\n二人で遊びます。\n", "ja", "piquet"),
    # a title glued to the body (no blank line), with a declined name
    ("Как играть в пикет\nИграют двое, колода из 32 карт.\n", "ru", "piquet"),
    # no title at all: the game the text keeps naming
    ("The dealer shuffles. In Cribbage the non-dealer cuts. Cribbage boards have 121 holes. "
     "A Cribbage hand is six cards.\n", "en", "cribbage"),
])
def test_a_single_game_document_is_one_section_of_its_game(text, lang, game):
    assert [g for _, g in top_games(text, lang)] == [game]


def test_numbered_chapter_titles_open_games():
    text = ("1. Вист\n\nИграют вчетвером.\n\n2. Пикет\n\nИграют вдвоём.\n")
    assert top_games(text, "ru") == [("game", "whist"), ("game", "piquet")]
    text = "第1章 ピケ\n\n二人で遊びます。\n\n第2章 ホイスト\n\n四人で遊びます。\n"
    assert top_games(text, "ja") == [("game", "piquet"), ("game", "whist")]


def test_markdown_headings_are_read_as_markup():
    text = "# Piquet\n\nTwo players.\n\n## Scoring\n\nRepique counts 60.\n\n# Cribbage\n\nTwo to four players.\n"
    seg = segmentation(text, "en")
    assert [(s.kind, s.game_id) for s in seg.sections if s.level == 0] == [("game", "piquet"), ("game", "cribbage")]
    assert any(s.title == "## Scoring" and s.level == 1 for s in seg.sections)


def test_markup_titles_are_headings_and_element_syntax_is_not():
    text = ('<?xml version="1.0"?>\n<book>\n<bookinfo>\n<author><firstname>A</firstname></author>\n</bookinfo>\n'
            '<sect1 id="piquet">\n<title>Piquet</title>\n<para>Two players.</para>\n</sect1>\n'
            '<sect1 id="whist">\n<title>Whist</title>\n<para>Four players.</para>\n</sect1>\n</book>\n')
    seg = segmentation(text, "en")
    assert [(s.kind, s.game_id) for s in seg.sections if s.level == 0 and s.game_id] == [("game", "piquet"),
                                                                                         ("game", "whist")]
    assert not any("author" in (s.title or "") for s in seg.sections)
    html = "<html><body>\n<h2>Rules of Piquet</h2>\n<p>Two players.</p>\n</body></html>\n"
    assert top_games(html, "en") == [("game", "piquet")]


@pytest.mark.parametrize("text, lang, name", [
    ("Rules of Zigzag Quadrille\n\nZigzag Quadrille is played by four.\n", "en", "Zigzag Quadrille"),
    # names made up for the test: no registry will ever hold them
    ("Жужелица — карточная азартная игра.\n\nИграют от двух до шести человек.\n", "ru", "Жужелица"),
    ("ネコマタギのルール\n\n4人から遊べます。\n", "ja", "ネコマタギ"),
])
def test_an_unknown_game_is_provisional_never_a_known_one(text, lang, name):
    seg = segmentation(text, lang)
    (game,) = seg.provisional
    assert game.provisional and name in game.names.model_dump().values()
    assert top_games(text, lang) == [("game", game.id)]
    assert game.id not in KNOWLEDGE.by_id


def test_title_words_alone_are_not_a_game():
    assert segmentation("Правила игр\n\nОбщие сведения.\n", "ru").provisional == []
    assert segmentation("トランプのルール\n\n基本です。\n", "ja").provisional == []


def test_a_common_word_is_a_game_only_with_evidence():
    # "King" is a card here, named many times; the book is about Piquet
    text = ("Piquet\n\nThe King ranks below the Ace. A King and Queen make a marriage. "
            "The King of trumps counts. King high.\n")
    assert top_games(text, "en") == [("game", "piquet")]
    common = {g.id for g in KNOWLEDGE.games if g.common_word}
    assert "king" in common or not common  # flagged in games.yaml


def test_the_build_summarises_each_source_and_warns_and_strict_refuses(tmp_path, corpus_factory):
    from typer.testing import CliRunner

    from pipeline.cli import app

    manifest = "".join(f'[[source]]\nid = "{sid}"\nfile = "texts/{sid}.txt"\nlanguage = "en"\ntitle = "T"\n\n'
                       for sid in ("notes", "piquet", "zigzag"))
    corpus = corpus_factory(manifest, {
        "texts/notes.txt": "Some notes about the weather and nothing else.\n",
        "texts/piquet.txt": "Piquet\n\nPiquet is played by two people with a pack of thirty-two cards.\n",
        "texts/zigzag.txt": "Rules of Zigzag Quadrille\n\nIt is a quiet game.\n",
    })
    runner = CliRunner()
    out = tmp_path / "out"
    res = runner.invoke(app, ["build", "--corpus", str(corpus), "--out", str(out), "--no-site", "--no-cache"])
    assert res.exit_code == 0, res.output
    assert "notes.txt: no game identified" in res.output
    assert "zigzag.txt: game(s) not in games.yaml, listed as provisional: zigzag-quadrille" in res.output
    assert "Per source" in res.output and "piquet" in res.output
    import json
    games = {g["id"]: g for g in json.loads((out / "data" / "games.json").read_text(encoding="utf-8"))}
    assert games["zigzag-quadrille"]["provisional"] is True and games["piquet"]["provisional"] is False
    strict_out = tmp_path / "strict"
    res = runner.invoke(app, ["build", "--corpus", str(corpus), "--out", str(strict_out), "--no-site", "--no-cache",
                              "--strict"])
    assert res.exit_code == 2
    assert "--strict" in res.output and "nothing was written" in res.output
    assert not strict_out.exists()


def test_run_in_names_open_games_only_when_their_line_speaks_of_a_game():
    text = ("10 лучших карточных игр\nДурак. Эта игра знакома практически каждому.\n"
            "Тысяча. Игра для троих, где нужно набрать ровно тысячу очков.\n")
    assert top_games(text, "ru") == [("game", "durak"), ("game", "thousand")]
    # a card named at the start of a paragraph is not a game (no game word follows)
    text = "Piquet\n\nKing. The king ranks below the ace.\n\nQueen. The queen ranks below the king.\n"
    assert [g for _, g in top_games(text, "en")] == ["piquet"]


def test_a_name_over_a_summary_block_is_a_game_even_an_unknown_one():
    text = ("Card games\n\nPiquet\nNumber of players: 2\nCards: 32\nHow to play: deal twelve each.\n"
            "Zigzag Quadrille\nNumber of players: 4\nCards: 52\n")
    seg = segmentation(text, "en")
    tops = [(s.kind, s.game_id) for s in seg.sections if s.level == 0 and s.kind == "game"]
    assert tops[0] == ("game", "piquet")
    (game,) = seg.provisional
    assert tops[1] == ("game", game.id) and game.names.en == "Zigzag Quadrille"


def test_markup_is_read_as_markup_and_anchors_stay_in_the_original():
    from tests.test_extract import facts_of
    text = ('<?xml version="1.0"?>\n<book><bookinfo><author>A</author></bookinfo>\n<sect1 id="p">\n'
            '<title>Piquet</title>\n<para>Piquet is played by <emphasis>two</emphasis> players with a pack of '
            '<emphasis>thirty-two</emphasis> cards.</para><para>Each player receives twelve cards.</para>\n'
            '<informaltable><row><entry>Spades</entry></row></informaltable>\n</sect1></book>\n')
    _, facts, _ = facts_of(text, "en")
    seg = segmentation(text, "en")
    assert [(s.kind, s.game_id) for s in seg.sections if s.level == 0 and s.game_id] == [("game", "piquet")]
    assert any(f.facet == "players" and f.value.min == 2 == f.value.max for f in facts)
    assert any(f.facet == "deck_size" and f.value == 32 for f in facts)
    for f in facts:
        assert text[f.anchor.start:f.anchor.end] == f.anchor.quote


def test_a_page_of_several_answers_gives_each_part_its_game():
    # a later line opening with a game phrase starts that game's part; the lines before it are
    # the one other game the declared title names
    text = ("Интересная игра. Для игры используют колоду в 36 карт. Для выигрыша нужно набрать 61 очко.\n"
            "Ответ на вопрос: Как играть в карты в \"Козла\"? Это карточная игра, для которой нужна колода из 32 карт.\n")
    entry = ManifestEntry(id="t", file="texts/t.txt", language="ru", title="Как играть в буркозла (буркозёл и козёл)")
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    tops = [(s.game_id, s.start_line) for s in segment_document(doc, KNOWLEDGE, title=entry.title).sections
            if s.level == 0]
    assert tops == [("burkozel", 1), ("kozel", 2)]
    # a title naming only the phrase's game: one part
    entry = entry.model_copy(update={"title": "Как играть в козла"})
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    assert [s.game_id for s in segment_document(doc, KNOWLEDGE, title=entry.title).sections if s.level == 0] == ["kozel"]


@pytest.mark.parametrize("text, lang, expected", [
    # a page title parts its name from the rest; the form is found in one part
    ("Верю не верю карточная игра — правила и секреты побед\nПравила игры\nНужна колода из 36 карт.\n", "ru",
     [("game", "cheat")]),
    ("Instructions for Rook Card Game\n\nBy A. Writer\n\nRook is played with a special deck.\n", "en",
     [("game", "rook")]),
])
def test_a_title_names_its_game_in_one_of_its_parts(text, lang, expected):
    assert top_games(text, lang) == expected


def test_words_a_title_wraps_around_a_name_are_not_part_of_it():
    seg = segmentation("Карточная игра червы онлайн\nОписание игры\nИграют вчетвером.\n", "ru")
    assert top_games("Карточная игра червы онлайн\nОписание игры\nИграют вчетвером.\n", "ru") == [("game", "hearts")]
    assert seg.provisional == []
    seg = segmentation("Official rules - 52 card bid whist\nLearn how to play bid whist.\n", "en")
    assert not [g for g in seg.provisional if g.names.en.casefold() == "official"]


def test_a_declined_name_in_a_title_is_named_in_its_dictionary_form_under_its_known_game():
    text = "Как играть в итальянскую канасту\n\nКаждый игрок получает 15 карт.\n"
    (game,) = segmentation(text, "ru").provisional
    assert game.names.ru == "итальянская канаста" and game.parent == "canasta"


@pytest.mark.parametrize("text, lang", [
    ("Язык сайта:\n\nЧто такое пасьянс и какие виды его существуют?\n\nИгра «Пасьянс «Паук» есть в меню. "
     "В игре участвует сразу несколько колод.\n", "ru"),
    ("Language:\n\nWhat is solitaire, and which kinds are there?\n\nThe game \"Spider\" comes with every "
     "computer. It is played with two packs of cards.\n", "en"),
])
def test_the_most_specific_quoted_game_wins_and_a_language_switch_is_chrome(text, lang):
    """A title that names a family's game in passing (solitaire) gives way to the one game of
    that family the lead quotes, a common word that only quotes make a name; a site's
    language switch is never a game."""
    assert top_games(text, lang) == [("game", "spider")]


def test_a_quoted_game_name_may_hold_a_number():
    text = "Варианты игры «Корова 006»\n\nКарты со старшими номерами исключаются из игры.\n"
    assert top_games(text, "ru") == [("game", "six-nimmt")]


def test_a_title_line_over_rules_that_count_cards_names_an_unknown_game():
    # a name, then a summary block that counts packs and cards: a provisional game of that name
    text = "Несколько девяток\nКоличество колод:\n1\nКоличество карт в колоде:\n52\nИгроков: 2-6\n"
    seg = segmentation(text, "ru")
    assert [(g.names.ru, g.provisional) for g in seg.provisional] == [("Несколько девяток", True)]
    # a name over text that never counts cards or packs names nothing
    assert top_games("Топ игроков\nИмя | Уровень | Фишки |\n1 | Иван | 13 |\n", "ru") == []


def test_a_list_item_is_no_heading_and_no_title_line():
    # "- 人数" (players) opens a label list: not a heading of the page, not its title
    from pipeline.ingest import ingest
    from pipeline.structure import block_tree
    text = ("- 人数\n- 2~6人\n- 使用カード\n- ジョーカーを除く52枚、チップ\n- カード点数\n-\n- A・絵札\n"
            "- 10点\n- 親の決めかた\n- 仮の親が、よくシャッフルしたカードを左側の人から順に、1枚ずつ配ります。\n")
    entry = ManifestEntry(id="t", file="texts/t.txt", language="ja", title="T")
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    kinds = [b.kind for b in block_tree(doc, KNOWLEDGE).blocks if b.line <= 3]
    assert kinds == ["list_item"] * 3
    assert all("人数" not in (g.names.ja or "") for g in segmentation(text, "ja").provisional)


def test_a_nakaguro_bullet_line_is_a_list_item_not_a_heading():
    # a Japanese list of games, each line a 中黒 bullet: entries of a list, never headings
    from pipeline.ingest import ingest
    from pipeline.structure import block_tree
    text = ("いろいろなカードゲーム\n\n・スコパ\n・ブリスコラ\n・セッテベッロ\n\n"
            "スコパは40枚のカードを使うゲームです。\n")
    entry = ManifestEntry(id="t", file="texts/t.txt", language="ja", title="T")
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    kinds = [b.kind for b in block_tree(doc, KNOWLEDGE).blocks if 3 <= b.line <= 5]
    assert kinds == ["list_item"] * 3


def test_a_common_word_game_is_no_game_phrase_and_a_plural_rank_is_no_mention():
    # "a game of Indian origin": Indian is a patience's name and a common word; "the sevens" are
    # cards, not Sevens (Fan Tan); the game is the one the title names
    text = ("Twenty-Eight\n\nA game of Indian origin that holds root in various other trick card games.\n"
            "If you play with three people the eights and sevens are excluded from the pack of 32 cards. "
            "Remove the sevens before the deal.\n")
    assert [g for _, g in top_games(text, "en")] == ["twenty-eight"]
    text = ("by greenoaks on Sun Feb 24, 2008 4:34 am\nif you play by the official rules i will play.\n"
            "Long a popular game, Euchre is best suited to four-handed play, with two teams of partners. "
            "A 32-card pack, running from Aces down to Sevens is utilized in this game.\n"
            "The pack is shuffled and five cards are dealt to each player. Sevens are the lowest.\n")
    entry = ManifestEntry(id="t", file="texts/t.txt", language="en", title="T")
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    seg = segment_document(doc, KNOWLEDGE, None, "Euchre — forum post quoting the rules")
    assert [s.game_id for s in seg.sections if s.kind == "game"] == ["euchre"]


def test_a_subject_called_a_game_of_a_known_kind_is_a_game():
    text = ("Jacks or Better is a game of draw poker. The object of this game is to have the best "
            "5-card poker hand after the draw. Poker hands are paid by the table.\n")
    seg = segmentation(text, "en")
    assert [g.names.en for g in seg.provisional] == ["Jacks or Better"]


def test_the_quoted_known_game_the_page_keeps_naming_beats_a_quoted_history_name():
    text = ("花札・株札\nHANAFUDA / KABUFUDA\n花札の歴史\n"
            "花札の歴史は安土・桃山時代の「天正かるた」、江戸時代上期の「ウンスンカルタ」から、"
            "江戸時代中期に現在使用している花札ができたと言われています。\n"
            "花札ゲームの中でも2人でプレイする「こいこい」は、勝負勘・度胸・かけひき・冷静さを必要とする知的ゲームです。\n"
            "こいこいの遊びかた\n人数\n2人で遊びます。\n使用札\n1組48枚。こいこいでは役を作ります。\n")
    assert [g for _, g in top_games(text, "ja")] == ["koi-koi"]


@pytest.mark.parametrize("text, name", [
    # an app store's release notes are chrome, and a game phrase quoting a name names the game
    ("What's New\n\n不具合修正\n\nApp Description\n\nでん!!!!\n\n伝説のトランプゲーム「でん」です。\n\n"
     "◆ルール\nプレイヤー4人で各々4枚ずつ手札を持ってゲーム開始します\n", "でん"),
    # an unknown title the text never repeats is the page's name, not its game's
    ("FreelyApps\n\n個人によるアプリ開発の日記です。\n\n2/6に『トランプ・ゲスイット』を公開しました。\n"
     "トランプゲームの「ゲスイット」を遊ぶことのできるアプリです。\n"
     "プレイヤー数は2人でA~Kまでの13枚のトランプを使います。\n", "ゲスイット"),
])
def test_a_quoted_game_phrase_names_the_game_over_release_notes_and_a_page_name(text, name):
    assert [g.names.ja for g in segmentation(text, "ja").provisional] == [name]


def test_a_game_named_as_called_in_the_clause_about_the_game_is_the_texts_game():
    text = ('Есть очень хорошая и смешная игра в карты, "В говно" называется.\n'
            "Чем больше народу, тем веселее. Можно играть двумя, или тремя колодами.\n"
            "Вскрытая карта называется «вскрышкой».\n")
    assert [g.names.ru for g in segmentation(text, "ru").provisional] == ["В говно"]


@pytest.mark.parametrize("text, lang, name", [
    # a label line that declares the game's name, under a forum post's header
    ("新しいゲームを考えた\n\n1 :名無しさん:2018/07/20\nゲーム名:ホシフル\n\n人数:2人\n\n52枚のカードを使用する\n", "ja",
     "ホシフル"),
    ("Описание приложения\nНазвание: Звездопад\nИграют двое, колодой в 36 карт.\n", "ru", "Звездопад"),
    # a naming construction in the lead, under a title line that is a question
    ("What's your favorite card game?\n\nOne I made up. I call it Starfall, but the name may be taken.\n"
     "Each player gets five cards.\n", "en", "Starfall"),
])
def test_a_game_named_by_its_author_is_that_game(text, lang, name):
    seg = segmentation(text, lang)
    (game,) = seg.provisional
    assert name in game.names.model_dump().values()
    assert [g for _, g in top_games(text, lang)] == [game.id]


def test_a_naming_construction_names_a_known_game_over_a_title_that_names_a_deck():
    # 「花合わせ」という遊び: the game the page explains; the title line names the deck ("花かるた")
    text = ("花かるた敷島\n\n販売価格 1,980円\n\n木版画の花札。\n\nここでは、3人で遊ぶ「花合わせ」という遊びを説明します。\n"
            "札を8枚ずつ配ります。\n")
    assert top_games(text, "ja") == [("game", "hana-awase")]


def test_a_game_named_in_a_comparison_is_not_the_texts_game():
    text = "ある遊び\n\n日本の「ぶたのしっぽ」というゲームに似ています。すべてのカードを配ります。\n"
    assert "buta-no-shippo" not in [g for _, g in top_games(text, "ja")]
    # (a game the lead names once and alone is still the text's game, by its mention)
    text = "Our house game\n\nIt is similar to a game called Crazy Eights. Deal seven cards each.\n"
    assert [s.rule for s in segmentation(text, "en").sections if s.level == 0] != ["document+naming"]


def test_a_question_a_pronoun_or_a_time_word_is_no_games_name():
    assert segmentation("Whats your favorite card game?\n\nI like many.\n", "en").provisional == []
    assert segmentation("This is a multiplayer card game, see below:\n1. Join a room.\n", "en").provisional == []
    assert segmentation("今回は、家族で盛り上がるトランプゲームをご紹介します。\n", "ja").provisional == []


def test_a_summary_titles_its_game_and_its_rows_are_not_titles():
    # an encyclopedia infobox: the name line over label rows; "Возраст не ограничен" is a row
    text = ("Пьяница (карточная игра)\n\nМатериал из энциклопедии\nПьяница\nКоличество игроков 2—8\n"
            "Возраст не ограничен\nколода пике, французская\n\n«Пьяница» — карточная игра.\n\n"
            "Колода раздаётся поровну всем игрокам.\n")
    seg = segmentation(text, "ru")
    assert seg.provisional == []
    assert [g for _, g in top_games(text, "ru")] == ["war"]


def test_a_japanese_name_written_in_kana_is_the_game_of_its_kanji_name():
    from pipeline.identify.index import game_index
    index = game_index(KNOWLEDGE)
    assert index.match("だいふごう", allow_prefix=False).game_id == "daifugo"
    assert index.match("7ならべ", allow_prefix=False).game_id == "fan-tan"
    text = "トランプの遊び方\n\nババ抜き\n\n隣の人のカードを引きます。\n\n7ならべ\n\n7を中心にカードを並べていくゲームです。\n"
    assert [g for _, g in top_games(text, "ja")] == ["old-maid", "fan-tan"]


def test_a_blogs_navigation_line_is_no_title():
    text = "ブログ\n\nトランプ。\n\n友人の家で遊びました。52枚のカードを配ります。\n"
    assert segmentation(text, "ja").provisional == []


def test_a_name_over_counted_rows_is_a_summary_title_and_a_zero_count_is_chrome():
    # a forum post: a name line over bulleted rows that count players and cards
    text = ("  Joined:\n  Sep 21, 2015\n  Click to Copy IP\n  0 Players Online\n\nSome text about the forum.\n\n"
            "  War (battle)\n  • 2 players\n  • 52 cards\n  Both players are given 26 cards each.\n")
    seg = segmentation(text, "en")
    assert seg.provisional == []
    assert [(s.game_id, s.start_line) for s in seg.sections if s.level == 0 and s.game_id] == [("war", 8)]


def test_the_game_is_the_one_named_where_the_rules_are_stated():
    # an introduction names many games; the paragraph that counts cards names one
    text = ("トランプ\n\nトランプの歴史は古い。当時は「天正カルタ」と呼ばれた。\n\n"
            "最も基本的な遊び方は「ババ抜き」だ。カードを均等に配り、1枚選んで隣に渡す。\n\n"
            "他にも、「神経衰弱」「大富豪」「七並べ」など、たくさんの遊び方がある。\n")
    assert [g for _, g in top_games(text, "ja")] == ["old-maid"]
    # the game named by a title line over the rules, after an introduction naming another
    text = ("Читаем книгу\n\nБридж признан олимпийским видом спорта. Бридж преподают в школах.\n\n"
            "<p>Веришь – не веришь</p>\n\nИграть можно колодой в 36 или в 52 карты.\n")
    assert [g for _, g in top_games(text, "ru")] == ["cheat"]


def test_a_game_compared_in_the_rules_is_not_their_game_and_the_most_specific_name_wins():
    # 「通常の七並べとは違い」: compared; 「斜め七並べ」 quoted: the variant the rules are of
    text = ("お久しぶりです\n僕が高校時代に新聞で読んだんですが、「斜め七並べ」をプロ棋士の方が休憩中になさるようでして、"
            "地方では別の名前でも言うみたいです。よく遊ばれているそうです。\nルール\n通常の七並べとは違い、最初に出すのは1枚だけ。\n")
    seg = segmentation(text, "ja")
    (game,) = seg.provisional
    assert game.names.ja == "斜め七並べ" and game.parent == "fan-tan"


def test_a_title_in_parts_names_its_game_by_the_part_that_is_not_title_words():
    seg = segmentation("基本ルール - ホシフル -\n\nはじめに\n\n各人にカードを5枚ずつ配ります。\n", "ja")
    (game,) = seg.provisional
    assert game.names.ja == "ホシフル"


def test_a_section_word_over_the_rules_is_no_games_name():
    text = "概要\n二人で行う遊戯。\nルール\n- 手札を8枚ずつ配り、場札として8枚を並べる。\n"
    assert segmentation(text, "ja").provisional == []


def test_a_menu_of_games_at_the_top_of_a_page_is_no_title_and_a_category_is_no_name():
    text = ("Карточные шулеры | История карточных игр |\n Пасьянсы\n Дурак\n Покер\n Преферанс\n\n Детские игры\n"
            " Семейные игры\n\nИграют от двух до шести человек. Используют колоду в 36 листов.\n")
    seg = segmentation(text, "ru")
    assert seg.provisional == [] and top_games(text, "ru") == []
    assert segmentation("Family games\n\nEach player is dealt five cards from a pack of 52 cards.\n", "en").provisional == []


@pytest.mark.parametrize("text, lang", [
    ("Players: 2-10\n\nGoal: The first player to reach 500 points wins.\n\nDeal out all the cards.\n", "en"),
    ("人数：3〜5人\n\nカードは52枚使います。配り切ります。\n", "ja"),
    ("Количество игроков: 2-4\n\nИграют колодой в 36 карт. Сдают по шесть карт.\n", "ru"),
])
def test_a_label_value_line_of_a_rules_summary_is_no_games_name(text, lang):
    assert segmentation(text, lang).provisional == []


def test_a_label_alone_on_its_line_is_no_games_name():
    # a definition list: the label on one line, its value on the next
    seg = segmentation("使用カード\n53枚(ジョーカーを含む)\n=説明=\n全てのカードを出し切った人が勝ちとなる。\n", "ja")
    assert not [g for g in seg.provisional if "使用カード" in g.names.model_dump().values()]


def test_a_game_the_text_compares_is_not_its_game_even_quoted():
    text = ("Описание\n\nУ вас есть колода карт, из которой раздаётся по 7 каждому из игроков. Карту кладут, "
            "если она по значению или цвету совпадает с верхней (как в «американском дураке» или «101»).\n")
    seg = segmentation(text, "ru")
    assert not [g for g in seg.provisional if any("дурак" in (n or "") for n in g.names.model_dump().values())]


def titled_segmentation(text: str, lang: str, title: str):
    entry = ManifestEntry(id="t", file="texts/t.txt", language=lang, title=title)
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    return segment_document(doc, KNOWLEDGE, None, title)


RULES_EN = "Deal seven cards to each player from a pack of 52 cards. The first to 250 points wins.\n"


@pytest.mark.parametrize("title, lang, name", [
    # the user's title names the game the text never names: its lead part, or a name it quotes
    ("Gracias — copy of the rules leaflet", "en", "Gracias"),
    ("Настольная игра «Котопланеты» новогодний — правила списком", "ru", "Котопланеты"),
    # the words a description wraps around and inside a name are dropped
    ("Детская карточная игра дамка — статья", "ru", "дамка"),
])
def test_a_manifest_title_names_a_game_the_text_never_names(title, lang, name):
    seg = titled_segmentation(RULES_EN, lang, title)
    assert [g.names.model_dump()[lang] for g in seg.provisional] == [name]


def test_a_manifest_title_naming_a_known_game_by_its_local_name():
    # «Дубль» is the Russian edition's name of Dobble (games.yaml): the known game, no provisional one
    seg = titled_segmentation(RULES_EN, "ru", "Настольная игра «Дубль» новогодний — правила списком")
    assert not seg.provisional and {s.game_id for s in seg.sections if s.kind in ("game", "variant")} == {"dobble"}


def test_a_manifest_title_that_is_no_name_gives_no_game():
    seg = titled_segmentation(RULES_EN, "en", "Card Game Rules — a README")
    assert not seg.provisional and not [s for s in seg.sections if s.kind in ("game", "variant")]


def test_the_most_specific_name_in_a_manifest_title_wins():
    # "Karuta52" is a form of Karuta: a provisional game whose parent is the known one
    seg = titled_segmentation(RULES_EN, "en", "Karuta52 (English) — app description")
    assert [(g.names.en, g.parent) for g in seg.provisional] == [("Karuta52", "karuta")]


def test_a_brand_before_a_known_name_makes_a_form_of_it():
    seg = segmentation("Mattel Uno\n\n" + RULES_EN, "en")
    assert [(g.names.en, g.parent) for g in seg.provisional] == [("Mattel Uno", "uno")]


@pytest.mark.parametrize("text", [
    "For 2 players\nDifficulty: 3/5\n\n" + RULES_EN,            # a count line
    "Type: a solitaire game\n\nPlayers: 3+\n\nDecks: 1\n\n" + RULES_EN,   # a label block
    "Deal all cards.\n\n" + RULES_EN,                           # a sentence
])
def test_a_count_a_label_block_or_a_sentence_is_no_title(text):
    seg = segmentation(text, "en")
    assert not seg.provisional
    assert all(s.game_id != "solitaire" for s in seg.sections)


def test_a_common_word_game_is_a_subject_only_in_a_sentence_about_a_game():
    # "Winner" is a game's name and a common word: "Winner is the first to 10k" names no game
    text = ("One of our classic cabin pastimes, as I recall it. You need a deck for each person playing. "
            "### Instructions / Rules - Winner is the first to 10k points - Each player starts each round "
            "by picking up a stack of cards.\n")
    assert top_games(text, "en") == []


def test_a_game_heading_whose_stop_the_typesetter_dropped_is_still_a_heading():
    # the book sets its games "CASSINO." in capitals with a full stop; "SPOIL-FIVE" lost its stop
    body = "Each player receives five cards from a pack of fifty-two cards, dealt by twos and threes.\n\n"
    text = "".join(f"{h}\n\n{body}" for h in ("CASSINO.", "PIQUET.", "WHIST.", "SPOIL-FIVE", "NAP."))
    games = [g for _, g in top_games(text, "en")]
    assert games == ["cassino", "piquet", "whist", "spoil-five", "napoleon"]
    # a capitals line that names no game, or a text whose games are not in capitals, gains nothing
    assert "spoil-five" not in [g for _, g in top_games(text.replace("SPOIL-FIVE", "VARIATIONS"), "en")]


def test_a_site_menu_around_a_navigation_line_is_chrome_and_the_title_over_the_rules_names_the_game():
    # the site's name, its menu ("Главная" is a navigation line), then the page's own title
    text = ("Покер\n\n\n    Библиотека\n\nГлавная\n\nИстория карт\n\nИгры\n\nПасьянсы\n\nСловарь\n\n\n"
            "        Простак\n\nПасьянс раскладывается одной полной колодой из 52 карт. В начале игры "
            "выкладывают восемь карт.\n")
    seg = segmentation(text, "ru")
    assert [g.names.ru for g in seg.provisional] == ["Простак"]
    assert [g for _, g in top_games(text, "ru")] == [seg.provisional[0].id]
    # a short heading over prose ends the menu; without a navigation line there is no menu
    doc, _ = ingest(ManifestEntry(id="t", file="t.txt", language="ru", title="T"), text.encode(),
                    path="t.txt", languages=KNOWLEDGE.languages)
    (menu,) = [b for b in doc.boilerplate if b.kind == "site_menu"]
    assert text[menu.start:menu.end].startswith("Покер") and text[menu.start:menu.end].endswith("Словарь")
    plain = "Правила\n\nИгроки\n\nКолода\n\nСдача\n\nИграют вдвоём колодой в 36 карт.\n"
    doc, _ = ingest(ManifestEntry(id="t", file="t.txt", language="ru", title="T"), plain.encode(),
                    path="t.txt", languages=KNOWLEDGE.languages)
    assert not [b for b in doc.boilerplate if b.kind == "site_menu"]


def test_a_compared_cue_after_a_list_of_names_covers_each_name():
    # 「ブラックジャックや七点半と違って」: Blackjack is compared, not the text's game
    text = ("九点半\n\n九点半のルール説明から始めます。人数は3人からです。使用カードは52枚です。\n"
            "ただしブラックジャックや七点半と違って、このゲームではディーラーが有利です。\n")
    seg = segmentation(text, "ja")
    assert [g.names.ja for g in seg.provisional] == ["九点半"]


def test_a_known_games_name_with_its_familys_name_is_that_game():
    text = "# Texas Holdem poker rules\n\nThe dealer shuffles a 52-card deck. Each player is dealt two cards.\n"
    assert [g for _, g in top_games(text, "en")] == ["texas-hold-em"]


def test_a_language_switcher_and_a_repository_file_name_are_no_games():
    text = ("MENU\nChange language:\nPL\nEN\nGather two to six players.\nPrepare a deck of 36 cards.\n"
            "The person dealing gives each player six cards face down.\n")
    assert segmentation(text, "en").provisional == []
    text = "readme\n-\nDeck\n- 52 cards\n- Shuffle\n- Draw a card\n"
    assert segmentation(text, "en").provisional == []


def test_a_shop_listing_is_read_by_its_price_lines_and_only_its_card_games_are_games():
    text = ("-\nクゥワークル\n¥3,498\n■参加人数:2~4人 色と形の木製ブロックを並べて点数を獲得します。\nMORE -\n"
            "ストンプル\n¥5,280\n■参加人数:2~6人 盤面のビー玉を落とすゲームです。\nMORE -\n"
            "デックスケープ\n¥1,518\n■参加人数:1~6人 カードだけを使用する脱出ゲームです。カードの山を1枚ずつめくります。\n")
    seg = segmentation(text, "ja")
    assert [g.names.ja for g in seg.provisional] == ["デックスケープ"]
    kinds = [(s.kind, s.title) for s in seg.sections if s.level == 0 and s.title]
    assert ("other", "クゥワークル") in kinds and ("other", "ストンプル") in kinds


def test_a_rules_pages_part_headings_are_no_names():
    text = ("Objective\n\nThe objective of the card game is to win the most tricks. A standard deck of 52 "
            "cards is used.\n\nSetup\n\n- 6 cards are dealt to each player.\n")
    assert segmentation(text, "en").provisional == []


def test_a_products_edition_after_its_name_is_no_part_of_the_name():
    text = ("ザ・ゲーム(オンファイア拡張付) ドイツ語版\n商品の説明\nシンプルなルールの協力系カードゲームです。"
            "みんなで協力して、2〜99の98枚のカードを全部出し切る事ができればミッション成功です。\n")
    assert [g.names.ja for g in segmentation(text, "ja").provisional] == ["ザ・ゲーム"]


def test_a_card_trick_under_a_common_word_name_of_the_registry_is_no_game():
    trick = ("Take the four kings and two knaves out of a pack of cards, and spread the kings only before "
             "the audience, in order that it may be seen that they are the kings. " * 3)
    played = ("Deal the whole pack; the four kings are laid out as foundations and built up in suit. " * 4)
    text = f"WHIST.\n\nFour players; a pack of 52 cards.\n\nTHE FOUR KINGS.\n\n{trick}\n\nPIQUET.\n\n{played}\n"
    games = [g for _, g in top_games(text, "en")]
    assert "betsy-ross" not in games and games[0] == "whist" and games[-1] == "piquet"


def test_a_fuzzy_name_differs_by_a_spelling_not_by_a_word():
    from pipeline.identify.index import game_index
    index = game_index(KNOWLEDGE)
    assert index.match("PICQUET.", allow_prefix=False).game_id == "piquet"       # a letter added
    assert index.match("BLIND EUCHRE.", allow_prefix=False) is None              # not "Bid Euchre"


def test_a_name_of_two_games_is_the_one_of_the_game_around_it():
    # "All Fives": a card game after All Fours, the dominoes game Muggins after Dominoes
    from pipeline.identify.index import game_index
    index = game_index(KNOWLEDGE)
    assert index.match("ALL FIVES.", allow_prefix=False, context=["all-fours"]).game_id == "all-fives"
    assert index.match("ALL FIVES.", allow_prefix=False, context=["dominoes"]).game_id == "muggins"


_ENTRIES = ("72. Draughts, Rules of the Game.\n\n  Draughts is played on a board of sixty-four squares.\n\n\n"
            "73. Whist.\n\n  Four persons cut for partners, and the dealer gives thirteen cards to each.\n\n\n"
            "74. Terms used in Whist.\n\n  Honours are the ace, king, queen and knave of trumps.\n\n\n"
            "75. Maxims for Whist.\n\n  Lead from your strong suit.\n\n\n"
            "118. Ecarté.\n\n  Écarté is played by two persons with a pack of thirty-two cards.\n\n\n"
            "120. Euchre,\n\n  Euchre is played with a pack of thirty-two cards.\n\n\n"
            "139. Quadrilles.\n\n  The first couple advance and retire; the ladies chain.\n\n\n"
            "140. The Lancers.\n\n  The first couple lead up, the gentlemen bow.\n")


def test_numbered_entries_closed_by_a_stop_or_a_comma_name_their_games():
    # a household book's numbered entries: "118. Ecarté." and "120. Euchre," are games; "Terms
    # used in Whist" and "Maxims for Whist" are topics of Whist, not forms of it
    games = top_games(_ENTRIES, "en")
    assert [g for _, g in games] == ["whist", "ecarte", "euchre"]


def test_the_entry_after_the_games_that_names_no_card_ends_the_game():
    seg = segmentation(_ENTRIES, "en")
    euchre = next(s for s in seg.sections if s.game_id == "euchre")
    assert "Quadrilles" not in _ENTRIES[euchre.anchor.start:euchre.anchor.end]


def test_a_column_of_divided_words_is_no_heading():
    text = ("Words divided into syllables.\n\nBound-less\nBow-ling\nBrace-let\nBrain-less\n\nRain-bow\nRam-part\nRan-sack\n\n"
            "WHIST.\n\nWhist is played by four persons.\n")
    assert [g for _, g in top_games(text, "en")] == ["whist"]
