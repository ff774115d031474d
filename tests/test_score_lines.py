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
])
def test_ranks_and_prose_are_no_scoring_line(lang, line):
    assert _lines(line + "\n", lang) == []


def test_the_item_is_the_registrys_when_the_label_names_one_else_the_label_spelt_in_latin():
    ja, en, ru = (KNOWLEDGE.languages[x] for x in ("ja", "en", "ru"))
    assert line_item("五光 (ごこう)", ja, KNOWLEDGE.facets.item_names("ja")) == "five_brights"
    assert line_item("Five Brights", en, KNOWLEDGE.facets.item_names("en")) == "five_brights"
    assert line_item("Bonus For Going Out", en, KNOWLEDGE.facets.item_names("en")) == "bonus_for_going_out"
    assert line_item("Карета", ru, KNOWLEDGE.facets.item_names("ru")) == "kareta"
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
