"""Extraction: numbers and ranks in three languages, facts from sentences written the way the
sources write them, and exact anchors for every fact of the embedded corpus."""

import pytest

from pipeline.evaluate import eval_facts, load_gold, set_family_lines
from pipeline.extract import extract
from pipeline.extract.cards import parse_rank_list, vocabulary_from_terms
from pipeline.extract.numbers import parse_number
from pipeline.ingest import ingest
from pipeline.positions import Locator
from schemas import ManifestEntry
from tests.test_segment import GAZ, KNOWLEDGE
from pipeline.segment import segment


@pytest.mark.parametrize("text, lang, value", [
    ("thirty-two", "en", 32), ("fifty-two", "en", 52), ("a dozen", "en", 12), ("one hundred and twenty-one", "en", 121),
    ("三十二", "ja", 32), ("十一", "ja", 11), ("二", "ja", 2), ("1000", "ja", 1000),
    ("тридцати двух", "ru", 32), ("двенадцать", "ru", 12), ("пятидесяти двух", "ru", 52), ("четырех", "ru", 4),
])
def test_numbers(text, lang, value):
    assert parse_number(text, lang) == value


@pytest.mark.parametrize("text, codes", [
    ("A K Q J 10 9 8 7", ["A", "K", "Q", "J", "10", "9", "8", "7"]),
    ("1(A)，R(K)，D(Q)，V(J)，10，9", ["A", "K", "Q", "J", "10", "9"]),
    ("Т, К, Д, В, 10, 9", ["A", "K", "Q", "J", "10", "9"]),
    ("エース、テン、キング、クイーン、ジャック", ["A", "10", "K", "Q", "J"]),
    ("ace, king, queen, knave", ["A", "K", "Q", "J"]),
])
def test_rank_names_of_every_language_map_to_codes(text, codes):
    assert parse_rank_list(text, vocabulary_from_terms(KNOWLEDGE.terms)) == codes


def facts_of(text: str, lang: str):
    entry = ManifestEntry(id="t", file="texts/t.txt", language=lang, title="T")
    doc, _ = ingest(entry, text.encode(), path="t.txt")
    secs, _ = segment(doc, KNOWLEDGE, GAZ)
    facts = extract(doc, secs, KNOWLEDGE)
    return {(f.game_id, f.facet, str(f.value)) for f in facts}, facts, doc


def test_english_prose():
    got, _, _ = facts_of("PIQUET.\n\nPiquet is played by two persons, with a pack of thirty-two cards. "
                         "Twelve cards are dealt to each player, by twos. The game is 100 points.\n", "en")
    assert ("piquet", "players", "min=2 max=2") in got
    assert ("piquet", "deck_size", "32") in got
    assert ("piquet", "hand_size", "12") in got
    assert ("piquet", "target_score", "100") in got


def test_japanese_forum_style_with_full_width_digits_and_derived_deck():
    text = ("Subj:x From:y Date:95/12/21 12:15\n" + "*" * 70 +
            " ベジーク(Bezique)の２人ゲーム <人数> ２人 <カード> ３２枚のカードを， ２組混ぜあわせて使います。"
            " ダブル・ベジーク ： ５００点 ")
    got, facts, _ = facts_of(text, "ja")
    assert ("bezique", "players", "min=2 max=2") in got
    assert ("bezique", "packs", "2") in got
    assert ("bezique", "deck_size", "64") in got
    assert ("bezique", "score:double_bezique", "500") in got
    derived = next(f for f in facts if f.facet == "deck_size")
    assert "packs_times" in derived.rule  # the rule says the value was derived (packs × cards)


def test_russian_case_forms():
    got, _, _ = facts_of("БРИДЖ.\n\nВ бридж играют четыре человека полной колодой из пятидесяти двух карт.\n", "ru")
    assert ("bridge", "players", "min=4 max=4") in got
    assert ("bridge", "deck_size", "52") in got


def test_every_fact_of_the_corpus_quotes_its_source_exactly(embedded_build):
    _, result = embedded_build
    total = 0
    for sid, facts in result.facts.items():
        doc = result.documents[sid]
        loc = Locator(doc)
        section_ids = {s.id for s in result.sections[sid]}
        for f in facts:
            a = f.anchor
            assert doc.text[a.start:a.end] == a.quote
            assert a.line == doc.text.count("\n", 0, a.start) + 1
            assert a.page == loc.page(a.start)
            assert doc.text[:a.start].endswith(a.prefix) and doc.text[a.end:].startswith(a.suffix)
            assert f.section_id in section_ids and f.rule
            total += 1
    assert total > 300


@pytest.mark.parametrize("source_id", ["hoyle1909-ja", "nifty1995-ja", "foster1914-en", "web2013-ja", "foster1914-ru"])
def test_fact_precision_and_recall_do_not_regress(embedded_build, source_id):
    # Regression floors at the level measured when they were set (see the issue note); the
    # targets are precision 0.90 and recall 0.70.
    _, result = embedded_build
    set_family_lines(result.knowledge)
    ev = eval_facts(source_id, result.facts[source_id], load_gold("facts", source_id))
    assert ev.overall.precision >= 0.85, ev.overall
    assert ev.overall.recall >= 0.35, ev.overall


def test_every_language_has_facts_for_piquet_or_bezique_or_bridge(embedded_build):
    _, result = embedded_build
    langs = {result.documents[sid].language for sid, fs in result.facts.items()
             for f in fs if f.game_id in ("piquet", "bezique", "bridge", "auction-bridge")}
    assert langs == {"ja", "en", "ru"}


def test_a_value_stated_next_to_a_variant_name_belongs_to_that_variant():
    text = ("Subj:x From:y Date:95/12/21 12:15\n" + "*" * 70 + " ベジーク(Bezique)の２人ゲーム "
            "オリジナルの３２枚のカードを２組使うゲームが衰えてからも，カードを４ 組使うルビコン・ベジークが盛んでした。"
            " ベジークはホイストと同様に１０００点先取です。")
    got, facts, _ = facts_of(text, "ja")
    assert ("rubicon-bezique", "packs", "4") in got
    assert ("bezique", "packs", "2") in got
    # a game named only to compare ("like Whist") takes nothing
    assert not any(f.game_id == "whist" for f in facts)
