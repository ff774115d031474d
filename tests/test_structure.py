"""The structure layer: one block tree per text (headings with their depth, paragraphs, list
items, label lines, table rows, chrome), keyed element groups, and games found where they stand."""

from pipeline.ingest import ingest
from pipeline.structure import block_tree
from schemas import ManifestEntry
from tests.test_segment import KNOWLEDGE, games, sections_of


def tree_of(text: str, lang: str = "en", name: str = "t.txt"):
    entry = ManifestEntry(id="t", file=f"texts/{name}", language=lang, title="T")
    doc, _ = ingest(entry, text.encode(), path=name, languages=KNOWLEDGE.languages)
    return doc, block_tree(doc, KNOWLEDGE)


MARKDOWN = """# Card games of the club

## Piquet

Players: 2

- Deal twelve cards each.
- The rest is the talon.

| Item | Points |
|------|--------|
| Repique | 60 |

A paragraph of prose that runs on
over two lines.

### Scoring
"""


def test_a_markdown_text_becomes_blocks_with_heading_depths():
    doc, tree = tree_of(MARKDOWN)
    # several conventions may propose one heading (segmentation picks among those in use)
    kinds = [(b.kind, b.level) if b.kind == "heading" else b.kind for b in tree.blocks
             if b.kind != "heading" or b.detector == "markdown_heading"]
    assert kinds[:3] == [("heading", 1), ("heading", 2), "label_value"]
    assert kinds.count("list_item") >= 1 and kinds.count("table_row") >= 2 and ("heading", 3) in kinds
    prose = [b for b in tree.blocks if b.kind == "paragraph"]
    assert len(prose) == 1 and prose[0].text == "A paragraph of prose that runs on over two lines."
    for b in tree.blocks:   # every block keeps its place in the original text
        assert doc.text[b.start:b.end].strip() and b.start < b.end
    piquet = next(b for b in tree.headings if "Piquet" in b.text and b.detector == "markdown_heading")
    body = tree.body_of(piquet)
    assert body and all(b.start > piquet.start for b in body) and any(b.kind == "heading" and b.level == 3 for b in body)


DOCBOOK = """<book><title>Manual</title>
<chapter><title>Rules</title>
<sect1 id="klondike"><title
>Klondike <anchor id="k"/></title><para>One deck of cards.</para></sect1>
</chapter></book>
"""


def test_docbook_titles_take_their_depth_from_section_nesting_and_may_break_their_tag():
    _, tree = tree_of(DOCBOOK, name="t.xml")
    depth = {b.text: b.level for b in tree.headings}
    assert depth["Manual"] < depth["Rules"] < depth["Klondike"]


STRINGS = """<resources>
<string name="app_name">"Solitaire"</string>
<string name="manual_Klondike_structure">"1 deck of 52 cards."</string>
<string name="manual_Klondike_rules">"Build down in alternate colours; the deck is dealt one card at a time."</string>
<string name="manual_FreeCell_structure">"1 deck of 52 cards, four free cells."</string>
<string name="manual_FreeCell_rules">"Any card may go to a free cell; build down in alternate colours on the tableau."</string>
<string name="manual_SnowyOwl_structure">"2 decks of 52 cards, dealt into nine piles of five cards each, the rest to the stock."</string>
<string name="manual_SnowyOwl_rules">"Build down by suit; an empty pile takes any king; the stock is dealt one card at a time."</string>
<string name="settings_sound">"Sound"</string>
</resources>
"""


def test_an_apps_xml_manual_is_one_game_per_keyed_group_and_an_unknown_one_is_provisional():
    _, tree = tree_of(STRINGS, name="strings.xml")
    groups = [b.text for b in tree.headings if b.detector == "keyed_group"]
    assert groups == ["Klondike", "Free Cell", "Snowy Owl"]   # a key's camel case split into words
    secs, _ = sections_of(STRINGS, "en")
    found = [g for _, _, g in games(secs)]
    assert found[:2] == ["klondike", "freecell"] and found[2].startswith("snowy-owl")


def test_a_keyed_group_without_the_parts_of_the_tiers_games_is_the_apps_help_not_a_game():
    # every game holds _structure and _rules; the menu's help holds _text parts (and counts cards)
    help_group = ('<string name="manual_ui_text_part_1">"The menu shows 3 possible card movements and '
                  'mixes the 52 cards of the deck when no movement is possible."</string>\n'
                  '<string name="manual_ui_text_part_2">"Auto move: move as many cards as possible to '
                  'the foundation; the score falls by 25."</string>\n')
    text = STRINGS.replace('<string name="settings_sound">', help_group + '<string name="settings_sound">')
    secs, _ = sections_of(text, "en")
    found = [g for _, _, g in games(secs)]
    assert found[:2] == ["klondike", "freecell"] and found[2].startswith("snowy-owl")
    assert not any(g.startswith("ui") for g in found)


PATIENCES = """INTRODUCTION

Patience is played alone with one or two packs of cards, and passes an evening.


KLONDIKE

One Entire Pack of Cards

RULES

Deal seven piles, the first card face up, and build down in alternate colours.


THE SNOWY OWL

Two Entire Packs of Cards

RULES

Deal nine piles of five cards each and build down by suit, kings on spaces;
the stock is dealt one card at a time to the waste, and may be gone through twice.


SPIDER

Two Entire Packs of Cards

RULES

Deal ten piles and build down regardless of suit, moving whole runs of one suit.


FREECELL

One Entire Pack of Cards

RULES

Deal eight piles and use four cells; build down in alternate colours.
"""


def test_a_heading_where_games_stand_is_a_game_and_recurring_topic_headings_are_not():
    secs, _ = sections_of(PATIENCES, "en")
    found = [g for _, _, g in games(secs)]
    assert "klondike" in found and "spider" in found and "freecell" in found
    assert any(g.startswith("snowy-owl") for g in found), found   # (its id drops the article)
    assert not any(g.startswith(("rules", "two-entire", "one-entire", "introduction")) for g in found), found


def test_a_game_whose_count_of_packs_is_its_own_is_framed_by_the_rules_below_it():
    # "Four Piquet Packs" occurs once: the frame is read past it, to RULES
    text = PATIENCES + ("\n\nTHE OLGA\n\nFour Piquet Packs\n\nRULES\n\nThe foundations follow suit; each "
                        "card of the flower-bed is turned face up when the card below it is removed.\n"
                        "\n\nCÆSAR\n\nNine Cards from One Entire Pack\n\nRULES\n\nPlace the nine cards in "
                        "three rows of three so that each row counts fifteen pips.\n")
    secs, _ = sections_of(text, "en")
    found = [g for _, _, g in games(secs)]
    assert found[-2:] == ["olga", "caesar"], found   # (a ligature is spelled out in the id)


def test_flat_headings_that_no_recurring_topic_frames_stay_topics():
    """A Japanese book's topics are title lines like its games' names: without the frame of a
    recurring topic heading, an unknown title line between known games is no game."""
    text = "ナポレオン。\nナポレオンは4人から5人でプレイする。52枚のカードを使う。\n\n" \
           "取引。\n一人に10枚ずつ配る。残りの12枚は場に置く。\n\n" \
           "ピケ。\nピケは2人用のゲームです。32枚のカードを使う。\n"
    secs, _ = sections_of(text, "ja")
    assert [g for _, _, g in games(secs)] == ["napoleon", "piquet"]


def test_a_russian_name_may_be_a_noun_and_an_adverb_or_one_adjective():
    from pipeline.identify.index import game_index
    index = game_index(KNOWLEDGE)
    assert index.plausible_name("Тузы вверх") == "Тузы вверх"
    assert index.plausible_name("Цыганский") == "Цыганский"
    assert index.plausible_name("Знаете ли вы") is None     # a clause, not a name


def test_the_count_that_marks_a_games_text_is_read_in_every_case_form():
    from pipeline.identify.siblings import rule_words
    words = rule_words(KNOWLEDGE)
    assert words.search("Пасьянс раскладывается двумя колодами")
    assert words.search("Используются две колоды") and words.search("2 decks. No redeal.")
    assert not words.search("Играют двое или трое")    # players alone: any game's rules say that


def test_a_lettered_sub_number_belongs_to_the_number_of_a_title():
    _, tree = tree_of("29. в. Сплин\n\nИгроков — двое-четверо. Колода 54 листа.\n", "ru")
    assert [b.text for b in tree.headings if b.detector == "numbered_title"] == ["Сплин"]


def test_an_app_store_pages_sections_are_chrome():
    doc, tree = tree_of("What's New\n\nBug fixes.\n\nRatings and Reviews\n\nSpit\n\nSpit is a game for two.\n")
    assert {b.text.strip() for b in tree.blocks if b.kind == "chrome"} >= {"What's New", "Ratings and Reviews"}


def test_a_caps_title_may_be_quoted_or_in_a_plain_text_editions_italics():
    text = ("LOO.\n\nLoo is played by any number of persons with a pack of fifty-two cards.\n\n"
            "\"NAP,\" OR \"NAPOLEON.\"\n\nNapoleon is played by two to six players, five cards each.\n\n"
            "_FIVE-CARD LOO_.\n\nIn this variation five cards are dealt to each player.\n")
    secs, _ = sections_of(text, "en")
    assert [g for _, _, g in games(secs)] == ["loo", "napoleon", "five-card-loo"]


def _help_game(name: str, rules: str, close_rules: bool = True) -> str:
    """A game of a patience program's DocBook help: a sect1 titled with its name, sect2 topics."""
    return (f'<sect1 id="g"><!--<sect1info><author>Someone</author></sect1info>-->\n'
            f"<title>{name}</title>\n"
            "<sect2><title>Описание</title>\n<informaltable><tgroup cols=\"2\"><tbody>\n"
            "<row><entry>Тип колоды</entry><entry>Стандартная</entry></row>\n"
            "<row><entry>Основание</entry><entry>Четыре стопки наверху, справа от колоды.</entry></row>\n"
            "</tbody></tgroup></informaltable>\n</sect2>\n"
            f"<sect2><title>Правила</title>\n<para>{rules}</para>\n"
            + ("</sect2>\n" if close_rules else "")
            + "<sect2><title>Стратегия</title>\n<para>Собирайте карты по масти.</para>\n</sect2>\n</sect1>\n")


RULES_RU = "Карты игрового поля собираются по убыванию. Пересдач нет."


def test_an_unclosed_or_commented_out_section_does_not_push_later_sections_down():
    text = ("<chapter><title>Пасьянсы</title>\n" + _help_game("Косынка", RULES_RU, close_rules=False)
            + _help_game("Паук", RULES_RU) + _help_game("Пекарева дюжина", RULES_RU) + "</chapter>\n")
    _, tree = tree_of(text, "ru", name="t.xml")
    depth = {b.text: b.level for b in tree.headings if b.text in ("Косынка", "Паук", "Пекарева дюжина")}
    assert depth["Косынка"] == depth["Паук"] == depth["Пекарева дюжина"], depth


def test_a_heading_that_opens_its_part_as_the_known_games_do_is_a_game():
    """A help's summary table names the deck ("Тип колоды | Стандартная") and counts nothing:
    the game stands where games stand, opened by the topic headings every game has."""
    text = ("<chapter><title>Руководство</title>\n" + _help_game("Косынка", RULES_RU)
            + _help_game("Пекарева дюжина", RULES_RU) + _help_game("Паук", RULES_RU) + "</chapter>\n")
    secs, _ = sections_of(text, "ru")
    found = [g for _, _, g in games(secs)]
    assert found[0] == "klondike" and found[2] == "spider" and found[1] != "klondike", found
    assert len(found) == 3


def test_a_heading_that_lost_its_blank_line_above_opens_a_known_game_only():
    # a saved web page: the heading sits right under a paragraph, a blank line below it
    from tests.test_identify_documents import top_games
    rules = "二人で遊びます。52枚のカードを使い、7枚ずつ配ります。\n"
    text = ("トランプの遊び方をいくつか紹介します。\nページワン\n\n" + rules
            + "早く手札を無くせたほうが勝ちです。\nババ抜き\n\n" + rules)
    assert [g for _, g in top_games(text, "ja")] == ["page-one", "old-maid"]
    # a sentence wrapped onto a short last line, or a title block's line, opens nothing
    wrapped = text + "この本の付録には、駒の記法を使った図がいくつかあり、その一つは\nチェス\n\n" + rules
    assert [g for _, g in top_games(wrapped, "ja")] == ["page-one", "old-maid"]


def test_a_heading_is_a_count_only_when_it_begins_with_the_count():
    from pipeline.identify.siblings import _a_count, rule_words
    words = rule_words(KNOWLEDGE)
    assert _a_count("Four Piquet Packs", words)
    # the game's name before its count: a name, not what the game needs
    assert not _a_count("Spider Three Decks", words)
    assert not _a_count("Паук с тремя колодами", words)
    assert not _a_count("Nine-Card Nap", words)
