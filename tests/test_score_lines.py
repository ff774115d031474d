"""Scoring lines (extract/score_lines.py): a label and its points on a line of their own, in the
layouts score tables take; the registry's item when the label names one, else the label as
written with an id the language spells in Latin; a label of ranks is a card's points."""

import pytest

from pipeline.evaluate_unseen import found_at, stated
from pipeline.extract.cards import vocabulary
from pipeline.extract.score_lines import line_item, score_line_grammar, score_lines
from tests.test_extract import KNOWLEDGE, facts_of


def _lines(text: str, lang: str) -> list[tuple[str, int]]:
    grammar = score_line_grammar(KNOWLEDGE.languages[lang], vocabulary(KNOWLEDGE))
    return [(s.label, s.value) for s in score_lines(text, grammar)]


@pytest.mark.parametrize("lang, line, label, value", [
    ("en", "Five Brights = 15 points", "Five Brights", 15),
    ("en", "Bonus For Going Out - 100 Points", "Bonus For Going Out", 100),
    ("en", "- Dirty book: 300 pts each", "Dirty book", 300),
    ("en", "From discard stack to foundation: +45", "From discard stack to foundation", 45),
    ("en", "Recycle waste to stock: -100", "Recycle waste to stock", -100),
    ("ja", "五光 (ごこう) | 10点", "五光", 10),
    ("ja", "| 三光 | 5文 |", "三光", 5),
    ("ja", "猪鹿蝶 300点", "猪鹿蝶", 300),
    ("ja", "光…5点", "光", 5),
    ("ja", "立三本(たてさんぼん)15点", "立三本", 15),   # (its reading aside)
    ("ja", "役なし：マイナス5点", "役なし", -5),
    ("ru", "Карета — 50 очков", "Карета", 50),
    ("ru", "• Старший вист: 5 баллов", "Старший вист", 5),
    # a numbered or lettered list's row, ended by a full stop after a label's colon
    ("en", "1. Same4 (Teshi) : 6pt.", "Same4", 6),
    ("en", "b) Marriage = 20 points", "Marriage", 20),
    ("ru", "2. Карета: 50 очков.", "Карета", 50),
])
def test_a_label_and_its_points_on_a_line_is_a_scoring_line(lang, line, label, value):
    assert _lines(line + "\n", lang) == [(label, value)]


@pytest.mark.parametrize("lang, line", [
    ("en", "Ace = 15 points"),                      # a card's points
    ("en", "10-K = 10 points"),
    ("ru", "от Короля до Десятки — 10 очков"),
    ("ja", "A…11点"),
    ("en", "The first team to reach 10 points wins, and the game is over."),   # prose
    ("en", "Players, in turn, score 10 points"),
    ("en", "The winner scores 20 points."),            # a sentence's full stop, no label's
])
def test_ranks_and_prose_are_no_scoring_line(lang, line):
    assert _lines(line + "\n", lang) == []


def test_the_item_is_the_registrys_when_the_label_names_one_else_the_label_spelt_in_latin():
    ja, en, ru = (KNOWLEDGE.languages[x] for x in ("ja", "en", "ru"))
    assert line_item("五光 (ごこう)", ja, KNOWLEDGE.facets.item_names("ja")) == "five_brights"
    assert line_item("Five Brights", en, KNOWLEDGE.facets.item_names("en")) == "five_brights"
    assert line_item("Bonus For Going Out", en, KNOWLEDGE.facets.item_names("en")) == "bonus_for_going_out"
    assert line_item("Карета", ru, KNOWLEDGE.facets.item_names("ru")) == "kareta"
    # a gloss in brackets may name the item in another language: "Bright5 (Gokō/五光)"
    any_items = {k: v for x in ("ja", "en", "ru") for k, v in KNOWLEDGE.facets.item_names(x).items()}
    assert line_item("Bright5", en, KNOWLEDGE.facets.item_names("en"), "Gokō/五光", any_items) == "five_brights"
    # ... a gloss in the text's own language is an alias that may say more: 松桐坊主 stays itself
    assert line_item("松桐坊主", ja, KNOWLEDGE.facets.item_names("ja"), "三光", any_items) != "three_brights"
    grammar = score_line_grammar(en, vocabulary(KNOWLEDGE))
    assert [x.gloss for x in score_lines("Bright5 (Gokō/五光) : 10pt\n", grammar)] == ["Gokō/五光"]
    # an item's name in the other kana is the same name (タネ, たね: the hanafuda animals)
    assert line_item("たね", ja, KNOWLEDGE.facets.item_names("ja")) == "animals"
    spelt = line_item("てっぽう", ja, KNOWLEDGE.facets.item_names("ja"))
    assert spelt.isascii() and spelt.replace("_", "").isalnum()


def test_a_scoring_line_is_a_cited_fact_unless_another_reading_took_its_value():
    text = "HAND AND FOOT\n\nScoring\n\nBonus For Going Out - 100 Points\nThe game is 5000 points.\n"
    got, facts, doc = facts_of(text, "en")
    assert ("hand-and-foot", "score:bonus_for_going_out", "100") in got
    fact = next(f for f in facts if f.facet == "score:bonus_for_going_out")
    assert fact.rule == "en.score.line" and doc.text[fact.anchor.start:fact.anchor.end] == fact.anchor.quote
    assert not any(f.startswith("score:") and v == "5000" for _, f, v in got)


def test_an_item_no_registry_names_matches_an_expected_one_only_at_its_place():
    items = frozenset(KNOWLEDGE.facets.items)
    expected = ({"g"}, {"facet": "score:going_out", "value": 100}, ((5, 5),))
    here = {"game_id": "g", "facet": "score:bonus_for_going_out", "value": 100, "anchor": {"line": 5}}
    there = {**here, "anchor": {"line": 40}}
    assert found_at(here, expected, items) and stated(here, expected, items)
    assert not stated(there, expected, items)
    # a registry item is its own name: another item with the same value is another fact
    known = ({"g"}, {"facet": "score:five_brights", "value": 100}, ((5, 5),))
    assert not stated(here, known, items)


def test_a_quote_the_text_repeats_is_expected_at_each_of_its_places():
    """A catalog gives many games the same line ("Klondike type. 2 decks. No redeal."): the
    expected fact stands at every place of its quote, and the game id says whose it is."""
    from pipeline.evaluate_unseen import expected_facts
    line = "Klondike type. 2 decks. No redeal."
    text = f"A\n{line}\nB\nx\n{line}\n"
    game = {"facts": [{"facet": "packs", "value": 2, "quote": line}]}
    (g,) = expected_facts(text, [(game, {"b"})])
    assert g[2] == ((2, 2), (5, 5))
    second = {"game_id": "b", "facet": "packs", "value": 2, "anchor": {"line": 5}}
    assert found_at(second, g) and not found_at({**second, "game_id": "a"}, g)
    assert not found_at({**second, "anchor": {"line": 9}}, g)


@pytest.mark.parametrize("lang, line, expected", [
    # several items on one line, cut at slashes or semicolons
    ("ja", "三光 5点／四光 8点／五光 10点", [("三光", 5), ("四光", 8), ("五光", 10)]),
    ("en", "Royal marriage 40 points; common marriage 20 points", [("Royal marriage", 40), ("common marriage", 20)]),
    # a printed table's column gap or dot leaders, the row ending in a full stop
    ("en", "For a flush in hand                4 points.", [("For a flush in hand", 4)]),
    ("en", "Last trick ............ 10 points.", [("Last trick", 10)]),
    # a table row whose later cells describe the item at length
    ("ja", "| 猪鹿蝶 | 5点 | 萩に猪、紅葉に鹿、牡丹に蝶の三枚がそろった場合の役 |", [("猪鹿蝶", 5)]),
])
def test_lists_leaders_and_long_rows_are_read_item_by_item(lang, line, expected):
    assert _lines(line + "\n", lang) == expected


@pytest.mark.parametrize("lang, line", [
    ("en", "A face card shows 2 points, and a pip card shows 10 points"),   # one sentence
    ("en", "The winner scores 5 points."),    # a sentence's full stop, no table layout
    ("en", "Whist ............ 45"),           # a contents line: a page number, no points
])
def test_a_sentence_and_a_contents_line_are_no_list_of_items(lang, line):
    assert _lines(line + "\n", lang) == []


def test_a_line_of_spaces_and_words_stays_within_the_pattern_budget():
    """A line padded with many spaces (a table of credits) once took the grammar over a second,
    ran over the pattern budget and disabled scoring lines for the rest of its source: the
    spaces of a gap are now matched once (possessive, atomic), not tried at every split."""
    from pipeline.patterns import pattern_budget
    grammar = score_line_grammar(KNOWLEDGE.languages["en"], vocabulary(KNOWLEDGE))
    line = " " * 50 + '"Support library for a better design"' + " " * 40 + "\n"
    with pattern_budget() as budget:
        assert score_lines(line * 5 + "Flush: 5 points\n", grammar)[0].value == 5
    assert not budget.timeouts and not budget.disabled_origins


def test_the_item_is_named_by_its_last_words_or_by_the_line_above():
    from pipeline.extract.score_lines import item_above
    en, ja = KNOWLEDGE.languages["en"], KNOWLEDGE.languages["ja"]
    assert line_item("For a pair royal", en, KNOWLEDGE.facets.item_names("en")) == "pair_royal"
    text = "■五光\n\n光札を五枚すべて集める：10点\n"
    assert item_above(text, text.index("光札を"), KNOWLEDGE.facets.item_names("ja")) == "five_brights"
    assert item_above("説明\n" + text[4:], 3, KNOWLEDGE.facets.item_names("ja")) is None
    assert line_item("光札を五枚すべて集める", ja, KNOWLEDGE.facets.item_names("ja")) != "five_brights"


@pytest.mark.parametrize("text", [
    "The winner of Great Cassino (the ten of\n   diamonds) reckons   ...  ...  2 points.\n",   # wrapped label
    "The winner of the majority\n of cards reckons  ...  ...  3 points.\n",
    "if doubled, they score 100 points; if redoubled, 200 points\n",    # a sentence's clauses
])
def test_a_wrapped_label_or_a_clause_is_no_scoring_line(text):
    assert _lines(text, "en") == []


def test_rank_list_with_a_span_and_rank_numbers():
    # "4~10" stands for the ranks between; "J(11)" carries the rank's number, no rank of its own
    from tests.test_extract import facts_of
    for text in ("大富豪\n\nカードには強さがあり、弱い順に3、4~10、J、Q、K、A、2とされる。\n",
                 "大富豪\n\n平常時のカードの強さは、弱いものから順に、3,4,5,6,7,8,9,10,J(11),Q(12),K(13),A(1),2\n"):
        got, _, _ = facts_of(text, "ja")
        assert ("daifugo", "rank_order", "['2', 'A', 'K', 'Q', 'J', '10', '9', '8', '7', '6', '5', '4', '3']") in got


def test_an_item_scoring_nothing_is_no_fact():
    from tests.test_extract import facts_of
    got, _, _ = facts_of("花合わせ\n\n五光 200点\nカス…0点\n他:0点\n", "ja")
    assert not [g for g in got if g[1].startswith("score:") and g[2] == "0"]


def test_a_game_going_to_a_score_is_a_target():
    from tests.test_extract import facts_of
    got, _, _ = facts_of("CRAZY EIGHTS.\n\nGame goes to 500 Points.\n", "en")
    assert ("crazy-eights", "target_score", "500") in got


@pytest.mark.parametrize("line, label, value", [
    ("五光75点", "五光", 75),                   # a name touching its points (no space in the script)
    ("はねけん30点", "はねけん", 30),
])
def test_a_name_touching_its_points_is_a_scoring_line(line, label, value):
    assert _lines(line + "\n", "ja") == [(label, value)]


@pytest.mark.parametrize("line", ["1枚増えるごとプラス1点", "5文役(1つにつき5文)", "親は10点"])
def test_a_sentence_touching_its_points_is_no_scoring_line(line):
    # a number inside the name, an open bracket, a particle before the points: prose
    assert _lines(line + "\n", "ja") == []


def test_a_table_copied_without_its_cell_separators_is_read_row_by_row():
    # an HTML table pasted as text: each row's next cell touches the points
    rows = ("役名点数手札条件\n三本(さんぼん)10点手札に同じ花が3枚\n短一(たんいち)20点短冊札1枚とカス札6枚\n"
            "十一(といち)20点種札1枚とカス札6枚\n")
    assert [v for _, v in _lines(rows, "ja")] == [10, 20, 20]
    # one such line alone may be a sentence ("10点獲得"): not read
    assert _lines("三本(さんぼん)10点手札に同じ花が3枚\n", "ja") == []
