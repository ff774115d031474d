
"""Extraction: numbers and ranks in three languages, facts from sentences written the way the
sources write them, and exact anchors for every fact of the embedded corpus."""

import json

import pytest

from pipeline.evaluate import eval_facts, family_lines, load_gold
from pipeline.extract import extract
from pipeline.extract.cards import parse_rank_list, vocabulary
from pipeline.ingest import ingest
from pipeline.positions import Locator
from pipeline.segment import segment
from schemas import ManifestEntry, PlayerRange
from tests.test_segment import KNOWLEDGE


@pytest.mark.parametrize("text, lang, value", [
    ("thirty-two", "en", 32), ("fifty-two", "en", 52), ("a dozen", "en", 12), ("one hundred and twenty-one", "en", 121),
    ("三十二", "ja", 32), ("十一", "ja", 11), ("二", "ja", 2), ("1000", "ja", 1000),
    ("тридцати двух", "ru", 32), ("двенадцать", "ru", 12), ("пятидесяти двух", "ru", 52), ("четырех", "ru", 4),
])
def test_numbers(text, lang, value):
    assert KNOWLEDGE.languages[lang].numbers.parse(text) == value


@pytest.mark.parametrize("text, codes", [
    ("A K Q J 10 9 8 7", ["A", "K", "Q", "J", "10", "9", "8", "7"]),
    ("1(A)，R(K)，D(Q)，V(J)，10，9", ["A", "K", "Q", "J", "10", "9"]),
    ("Т, К, Д, В, 10, 9", ["A", "K", "Q", "J", "10", "9"]),
    ("エース、テン、キング、クイーン、ジャック", ["A", "10", "K", "Q", "J"]),
    ("ace, king, queen, knave", ["A", "K", "Q", "J"]),
])
def test_rank_names_of_every_language_map_to_codes(text, codes):
    assert parse_rank_list(text, vocabulary(KNOWLEDGE)) == codes


def facts_of(text: str, lang: str, conventions: tuple[str, ...] = (), knowledge=None):
    knowledge = knowledge or KNOWLEDGE
    entry = ManifestEntry(id="t", file="texts/t.txt", language=lang, title="T", conventions=list(conventions))
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=knowledge.languages)
    secs, _ = segment(doc, knowledge)
    facts = extract(doc, secs, knowledge)
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
            assert f.evidence and f.evidence[0] == f.anchor  # every place the value is stated
            for a in f.evidence:
                assert doc.text[a.start:a.end] == a.quote
                assert a.line == doc.text.count("\n", 0, a.start) + 1
                assert a.page == loc.page(a.start)
                assert doc.text[:a.start].endswith(a.prefix) and doc.text[a.end:].startswith(a.suffix)
            assert f.section_id in section_ids and f.rule
            total += 1
    assert total > 300


def test_one_fact_per_stated_value_and_conflicts_are_flagged(embedded_build):
    _, result = embedded_build
    facts = result.all_facts()
    keys = [(f.source_id, f.game_id, f.facet, repr(f.value), f.qualifier) for f in facts]
    assert len(keys) == len(set(keys))
    assert any(len(f.evidence) > 1 for f in facts)
    rules = ("rule", "law")  # an example's or advice's value is evidence, never a conflict
    for f in facts:
        others = {repr(g.value) for g in facts if (g.source_id, g.game_id, g.facet) == (f.source_id, f.game_id, f.facet)
                  and g.qualifier is None and g.role in rules}
        assert f.conflict == (f.qualifier is None and f.role in rules and len(others) > 1)
    assert {f.role for f in facts} > {"rule"}   # passages that are no rules are told apart


# pinned just under the measured P/R (precision over judged lines, recall over all gold):
# hoyle .941/.858, nifty 1.0/.931, foster-en .975/.979, web .985/.876, foster-ru 1.0/.913
DEV_FLOORS = {"hoyle1909-ja": (0.95, 0.85), "nifty1995-ja": (0.98, 0.92), "foster1914-en": (0.96, 0.97),
              "web2013-ja": (0.97, 0.86), "foster1914-ru": (0.99, 0.90)}


@pytest.mark.parametrize("source_id", list(DEV_FLOORS))
def test_fact_precision_and_recall_do_not_regress(embedded_build, source_id):
    _, result = embedded_build
    ev = eval_facts(source_id, result.facts[source_id], load_gold("facts", source_id), family_lines(result.knowledge))
    p_floor, r_floor = DEV_FLOORS[source_id]
    assert ev.overall.precision >= p_floor and ev.overall.recall >= r_floor, ev.overall


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


def test_russian_token_rules_read_every_candidate_lemma():
    # "сдавалось" / "сдавали" are forms of сдаваться / сдавать: the Matcher pattern names lemmas
    got, facts, _ = facts_of("ВИСТ.\n\nКаждому игроку сдавалось по двенадцать карт, а верхняя карта из "
                             "оставшихся четырех открывалась.\n", "ru")
    assert ("whist", "hand_size", "12") in got
    assert ("whist", "talon_size", "4") in got
    assert any(".tok." in f.rule for f in facts)


def test_russian_pipeline_keeps_all_candidate_lemmas():
    from pipeline.nlp import annotate
    ru = KNOWLEDGE.languages["ru"]
    doc = annotate(ru.nlp("карты сдавали"), ru)
    assert "карта" in doc[0]._.lemmas
    assert "сдавать" in doc[1]._.lemmas


def test_a_changed_target_gives_the_new_value_and_the_old_as_alternative():
    got, facts, _ = facts_of("ВИСТ.\n\nСамым радикальным изменением стало сокращение очков с десяти до пяти.\n", "ru")
    assert ("whist", "target_score", "5") in got
    old = next(f for f in facts if f.facet == "target_score" and f.value == 10)
    assert old.qualifier == "alternative"


def test_a_ditto_row_is_read_as_the_row_above_and_cited_as_itself():
    text = ("AUCTION BRIDGE.\n\nWhen Spades are trumps, each trick counts 2 points.\n\n"
            "” Clubs ” ” ” ” ” 6 ”\n\n” there are no trumps, ” ” ” 10 ”\n")
    got, facts, _ = facts_of(text, "en")
    assert ("auction-bridge", "score:trick_spades", "2") in got
    assert ("auction-bridge", "score:trick_clubs", "6") in got
    assert ("auction-bridge", "score:trick_no_trumps", "10") in got
    clubs = next(f for f in facts if f.facet == "score:trick_clubs")
    assert clubs.anchor.quote == "Clubs ” ” ” ” ” 6 ”" and clubs.rule.endswith("+ditto")



def test_rows_run_together_with_ditto_marks_each_keep_their_own_player_count():
    text = ("POPE JOAN.\n\nThe table gives the cards dealt to each and the stock.\n\n"
            "3 Players, 15 cards each 7 in the stock. 4 ” 12 ” 4 ” 6 ” 8 ” 4 ”\n")
    got, facts, _ = facts_of(text, "en")
    hands = {(f.value, f.qualifier) for f in facts if f.facet == "hand_size"}
    assert hands == {(15, "3p"), (12, "4p"), (8, "6p")}
    assert {(f.value, f.qualifier) for f in facts if f.facet == "talon_size"} == {(7, "3p"), (4, "4p"), (4, "6p")}
    assert next(f for f in facts if f.value == 12).anchor.quote == "4 ” 12 ” 4 ”"


def test_one_card_named_by_rank_and_suit_taken_out_removes_one_card():
    def deck(text, lang):
        return {f.value for f in facts_of(text, lang)[1] if f.facet == "deck_size"}
    assert deck("POPE JOAN.\n\nUse a pack of 52 cards, the eight of diamonds removed.\n", "en") == {51}
    assert deck("POPE JOAN.\n\nUse a pack of 52 cards, with two kings removed.\n", "en") == {50}
    assert deck("POPE JOAN.\n\nUse a pack of 52 cards, the eight and the nine of diamonds removed.\n", "en") == set()
    assert deck("教皇ヨハンナ\n\n52枚のカード（クラブの7は外されます）で遊びます。\n", "ja") == {51}
    assert deck("ВИСТ.\n\nИграют колодой из 52 карт, из которой удалена семёрка треф.\n", "ru") == {51}


def test_a_facets_declared_relations_decide_what_its_cues_do_and_are_recorded():
    """Issue 29: what a removal cue does to a pack is the facet's declared relation (facets.yaml),
    recorded on the fact; the same registry without it reads the pack as stated."""
    from dataclasses import replace

    from pipeline.knowledge.facets import FacetRegistry
    text = "POPE JOAN.\n\nUse a pack of 52 cards, the eight of diamonds removed.\n"
    fact = next(f for f in facts_of(text, "en")[1] if f.facet == "deck_size")
    assert (fact.value, fact.relations, fact.anchor.quote) == (51, ["subtract:after:removed"],
                                                             "Use a pack of 52 cards, the eight of diamonds removed")
    data = KNOWLEDGE.facets.data
    deck = data.facets["deck_size"]
    kept = deck.model_copy(update={"relations": [r for r in deck.relations if r.action != "subtract"]})
    knowledge = replace(KNOWLEDGE, facets=FacetRegistry(data.model_copy(update={"facets": {**data.facets, "deck_size": kept}})))
    fact = next(f for f in facts_of(text, "en", knowledge=knowledge)[1] if f.facet == "deck_size")
    assert (fact.value, fact.relations) == (52, [])


def test_a_count_said_of_some_games_only_is_an_alternative():
    _, facts, _ = facts_of("DOMINOES.\n\nDominoes is a game for two persons. There are some round games where "
                           "any number from three to six may play.\n", "en")
    assert {f.qualifier for f in facts if f.facet == "players" and f.value.min == 3} == {"alternative"}
    _, facts, _ = facts_of("ドミノ\n\nドミノは2人で遊ぶゲームです。一部のゲームでは3人から6人まで遊べます。\n", "ja")
    assert {f.qualifier for f in facts if f.facet == "players" and f.value.min == 3} == {"alternative"}

WEB_PAGE = ("bare_title",)  # a page title alone on its line opens a game
PAGE_TOP = "ウルティ\n\n2 人で遊びます．\n\n"  # pages run together: a page title opens each game


def test_one_statement_can_score_several_four_of_a_kinds():
    got, _, _ = facts_of(PAGE_TOP + "ブロート\n\n手役\n• A，10，R(K)，D(Q)の4枚組: 100点\n• 9とAの4枚組の点は: 150点と100点\n", "ja",
                         WEB_PAGE)
    for plural in ("aces", "tens", "kings", "queens"):
        assert ("belote", f"score:four_{plural}", "100") in got
    assert ("belote", "score:four_nines", "150") in got


def test_marriage_points_per_suit():
    got, _, _ = facts_of(PAGE_TOP + "1000\n\nKとQのペアの手役マリアージュの点は，ハートが100点，ダイヤが80点，クラブが60点，"
                         "スペードが40点です．\n", "ja", WEB_PAGE)
    assert ("thousand", "score:hearts_marriage", "100") in got
    assert ("thousand", "score:spades_marriage", "40") in got


def test_an_ambiguous_item_name_counts_only_in_its_family():
    # ペア is a cribbage pair; in Ulti it is a marriage and must not be read as score:pair
    got, _, _ = facts_of("ブロート\n\n3 人で遊びます．\n\nウルティ\n\nペアがあると，切札は 40 点です．\n", "ja", WEB_PAGE)
    assert not any(facet == "score:pair" for _, facet, _ in got)


@pytest.mark.parametrize("sentence, points", [
    (("The cards have a certain pip-counting value, the Ace being reckoned for 11, other court cards for 10 "
      "each, and the 7 8 9 10 for their face value."),
     {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7}),
    (("The six highest cards in each suit, 3 2 A K Q J, have a counting value, the Ace being worth 3, and the "
      "others 1 each."), {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}),
    ("Court cards are reckoned as 10, and the ace as 1 only.", {"K": 10, "Q": 10, "J": 10, "A": 1}),
    ("The Jack is worth 11, the Queen 12, and the King 13.", {"J": 11, "Q": 12, "K": 13}),
])
def test_card_points_stated_in_prose(sentence, points):
    _, facts, _ = facts_of("PIQUET.\n\nPiquet is played by two persons. " + sentence + "\n", "en")
    assert [f.value for f in facts if f.facet == "card_points"] == [points]


@pytest.mark.parametrize("sentence", [
    "Black to move 6- 1 18 15 C 1- 6 14 10 6- 9 23 19 24-27 15 18.",   # a game record, not a statement
    "If he holds K Q J 10 9 it would be worth 1,500.",
    "He pays one upon the Ten, two upon the Jack, three upon the Queen.",
])
def test_numbers_next_to_ranks_are_not_card_points(sentence):
    _, facts, _ = facts_of("PIQUET.\n\nPiquet is played by two persons. " + sentence + "\n", "en")
    assert not [f for f in facts if f.facet == "card_points"]


@pytest.mark.parametrize("text, lang, facet", [
    ("БРИДЖ.\n\nВ бридж играют четыре человека. Z является объявителем и играет три червы с удвоением.\n", "ru",
     "players"),  # a bid, not a player count
    ("GO-BANG.\n\nThe first to get five men in a row wins.\n", "en", "target_score"),
    ("PIQUET.\n\nA player may err, for instance, calling 51 for his point when he has 61.\n", "en", "score:point"),
])
def test_sentences_that_state_no_rule_give_no_fact(text, lang, facet):
    _, facts, _ = facts_of(text, lang)
    assert [f.value for f in facts if f.facet == facet] in ([], [PlayerRange(min=4, max=4)])


def test_japanese_guards_against_rounds_plays_and_comparisons():
    got, facts, _ = facts_of(PAGE_TOP + "ナポレオン\n\n4人または5人でプレイします．ディーラーが51枚のカードを配る前に見た場合は配り直し．"
                             "点数は2人または4人でのゲームと同じです．最後の 1 枚の手札を出したら終わりです．\n", "ja", WEB_PAGE)
    napoleon = [f for f in facts if f.game_id == "napoleon"]
    assert [(f.facet, str(f.value)) for f in napoleon] == [("players", "min=4 max=5")]


def test_held_out_facts_do_not_regress(embedded_build):
    # Annotated exhaustively over a few line ranges after the rules were written (tests/gold/heldout);
    # every prediction in range is judged. Floors pinned under the last measurement (pooled P 0.90,
    # R 0.85: hoyle .75/.75, foster .98/.88, web .63/.83; at the first measurement 0.86, 0.60).
    from pipeline.evaluate import HELDOUT_DIR
    _, result = embedded_build
    families = family_lines(result.knowledge)
    correct = judged = found = gold = 0
    for sid in result.facts:
        g = load_gold("facts", sid, HELDOUT_DIR)
        if g:
            o = eval_facts(sid, result.facts[sid], g, families).overall
            correct, judged, found, gold = correct + o.correct, judged + o.judged, found + o.found, gold + o.gold
    assert gold >= 50
    assert correct / judged >= 0.88 and found / gold >= 0.83, (correct, judged, found, gold)


@pytest.mark.parametrize("text, lang, facet, value", [
    # a number with its unit; the facet is the nearest cue's (facets.yaml: unit, cues)
    ("PIQUET.\n\nEach player receives five cards from the dealer.\n", "en", "hand_size", 5),
    ("PIQUET.\n\nThe first team to reach 10 points wins the game.\n", "en", "target_score", 10),
    ("PIQUET.\n\nIt is played by three to five players.\n", "en", "players", {"min": 3, "max": 5}),
    ("ВИСТ.\n\nДля игры используют колоду в 36 карт.\n", "ru", "deck_size", 36),
    ("ВИСТ.\n\nКаждому игроку сдают 6 карт.\n", "ru", "hand_size", 6),
    ("ВИСТ.\n\nВ игре участвуют от двух до шести человек.\n", "ru", "players", {"min": 2, "max": 6}),
    ("ピケ。\n\nジョーカーを除く52枚のトランプを使います。\n", "ja", "deck_size", 52),
    # summary blocks: a label and its value
    ("PIQUET.\n\nNumber of players: 2 - 4\nRules of play follow.\n", "en", "players", {"min": 2, "max": 4}),
    ("ВИСТ.\n\nКоличество игроков: 4\nКолода: 36 карт.\n", "ru", "deck_size", 36),
    ("ピケ。\n\n人数 2〜6人\n使用カード 52枚\n", "ja", "players", {"min": 2, "max": 6}),
    # a team that reaches a total score; everyone given N each; first past N points
    ("PIQUET.\n\nThe game ends when a team reaches a total score of 41 or more points.\n", "en", "target_score", 41),
    ("ピケ\n\n全員に4枚ずつ配ります。\n", "ja", "hand_size", 4),
    ("ピケ\n\n先に500ポイントを越えた方が勝ち。\n", "ja", "target_score", 500),
    # a deal's rounds summed in brackets, or dashed (not the dash's last number alone)
    ("BELOTE.\n\nDealing occurs in two phases (3+2+3 cards).\n", "en", "deal_pattern", [3, 2, 3]),
    ("BELOTE.\n\nDeal the cards 3-3-2 at a time.\n", "en", "deal_pattern", [3, 3, 2]),
    # a card's side between the number and its cards
    ("PIQUET.\n\nEach player is dealt six face down cards in packets of three.\n", "en", "hand_size", 6),
])
def test_general_statements_read_units_cues_and_labels(text, lang, facet, value):
    _, facts, _ = facts_of(text, lang)
    got = [f.value.model_dump() if hasattr(f.value, "model_dump") else f.value for f in facts if f.facet == facet]
    assert value in got


@pytest.mark.parametrize("text, lang", [
    ("PIQUET.\n\nThree cards are given to each, then a round of two.\n", "en"),        # a round of the deal
    ("ВИСТ.\n\nСдают по одной карте каждому, 6 карт.\n", "ru"),                          # one at a time
])
def test_general_statements_skip_rounds_and_conditions(text, lang):
    _, facts, _ = facts_of(text, lang)
    assert not [f for f in facts if ".general." in f.rule and f.facet in ("hand_size", "players")]


@pytest.mark.parametrize("text, lang, facet, value, qualifier", [
    # a player-count condition qualifies the fact (the nearest before it governs), never skips it
    ("PIQUET.\n\nIf three play, each player receives ten cards.\n", "en", "hand_size", 10, "3p"),
    ("PIQUET.\n\nIf there are four players, six cards to each; if five play, five cards to each.\n", "en",
     "hand_size", 5, "5p"),
    ("ピケ。\n\n5人の場合は、各自10枚の手札になります。\n", "ja", "hand_size", 10, "5p"),
    # what stands past a clause break speaks of something else ("one card at a time")
    ("PIQUET.\n\nEach player receives five cards, and you play one card at a time.\n", "en", "hand_size", 5, None),
    ("ВИСТ.\n\nКаждый игрок получает 3 карты, которые сдаются по одной.\n", "ru", "hand_size", 3, None),
    # numbers in brackets are an aside
    ("PIQUET.\n\nEight cards are dealt (by three, two, and three) to each player.\n", "en", "hand_size", 8, None),
    # "or" between two numbers: the first the rule, the second an alternative; an option clause: alternative
    ("ВИСТ.\n\nКолода — 32 или 36 листов.\n", "ru", "deck_size", 36, "alternative"),
    ("ВИСТ.\n\nКолода — 32 или 36 листов.\n", "ru", "deck_size", 32, None),
    ("PIQUET.\n\nSome players play to 50 points to win.\n", "en", "target_score", 50, "alternative"),
    # "may be played by" states the rule; "may also be played" offers an option
    ("BACCARA.\n\nBaccara may be played by any number of persons from three to eleven.\n", "en", "players",
     {"min": 3, "max": 11}, None),
    # a number glued to a kanji counts for cards ("1組48枚"), with a case ending in Russian
    ("ピケ。\n\n1組48枚を使います。\n", "ja", "deck_size", 48, None),
    ("ВИСТ.\n\nИгроков от 2-х до 6-ти человек.\n", "ru", "players", {"min": 2, "max": 6}, None),
])
def test_general_statements_keep_conditions_clauses_and_choices(text, lang, facet, value, qualifier):
    _, facts, _ = facts_of(text, lang)
    got = [(f.value.model_dump() if hasattr(f.value, "model_dump") else f.value, f.qualifier)
           for f in facts if f.facet == facet]
    assert (value, qualifier) in got, got
    if qualifier and qualifier.endswith("p"):
        assert not [f for f in facts if f.facet == "players"]   # a condition's count is no players fact


@pytest.mark.parametrize("text, lang, role", [
    ("PIQUET.\n\nFor example, the first player to reach 50 points wins.\n", "en", "example"),
    ("ВИСТ.\n\nНапример, игрок, набравший 61 очко, выигрывает.\n", "ru", "example"),
    ("ВИСТ.\n\nВ XIX веке игра шла до 10 очков, чтобы выиграть.\n", "ru", "history"),
    ("ピケ。\n\n例えば、先に100点に達した人が勝ちです。\n", "ja", "example"),
    ("PIQUET.\n\nThe first player to reach 50 points wins.\n", "en", "rule"),
])
def test_passage_roles_come_from_language_cues(text, lang, role):
    _, facts, _ = facts_of(text, lang)
    assert [f.role for f in facts if f.facet == "target_score"] == [role]


@pytest.mark.parametrize("text, lang, points", [
    ("ВИСТ.\n\nДостоинство карт:\nТуз 11\n10 10\nКороль 4\nДама 3\nВалет 2\n", "ru",
     {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}),
    ("PIQUET.\n\nEach card taken is worth points: ace. 11; 10. 10; king, 4; queen, 3; jack, 2.\n", "en",
     {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}),
    ("ピケ。\n\nカードの点数は、A(エース):1点、2〜4:数字のままの点数、10〜K(キング):10点です。\n", "ja",
     {"A": 1, "2": 2, "3": 3, "4": 4, "10": 10, "J": 10, "Q": 10, "K": 10}),
    # a row ending in a full stop; values written in words with their unit
    ("ТЫСЯЧА\n\nСтоимость карт:\nТуз = 11 очков.\nКороль = 4 очка.\nДама = 3 очка.\nВалет = 2 очка.\n", "ru",
     {"A": 11, "K": 4, "Q": 3, "J": 2}),
    ("PINOCHLE.\n\nCard values:\nKing - four points\nQueen - three points\nJack - two points\n", "en",
     {"K": 4, "Q": 3, "J": 2}),
])
def test_card_point_tables_in_any_language(text, lang, points):
    _, facts, _ = facts_of(text, lang)
    assert points in [f.value for f in facts if f.facet == "card_points"]


def test_a_rank_list_is_no_point_table():
    _, facts, _ = facts_of("ВИСТ.\n\nСтаршинство карт по очкам: Туз, Король, Дама, Валет, 10, 9, 8, 7.\n", "ru")
    assert not [f for f in facts if f.facet == "card_points"]


@pytest.mark.parametrize("text, lang, expected", [
    ("PIQUET.\n\nThe cards rank: ace, king, queen, 10, and 9.\n", "en", None),          # the Jack ranked apart
    ("PIQUET.\n\nThe cards rank: A K Q J 10 9 8 7.\n", "en", ["A", "K", "Q", "J", "10", "9", "8", "7"]),
    ("PIQUET.\n\nThe cards rank: ace, 10, king, queen, jack, 9, 8, 7.\n", "en",
     ["A", "10", "K", "Q", "J", "9", "8", "7"]),                                      # an order of its own
])
def test_a_rank_list_with_a_rank_taken_out_is_no_order(text, lang, expected):
    _, facts, _ = facts_of(text, lang)
    orders = [f.value for f in facts if f.facet == "rank_order"]
    assert orders == ([expected] if expected else [])


@pytest.mark.parametrize("text, lang", [
    ("PIN POOL.\n\nPlayer No. 2 may play with any ball on the table.\n", "en"),
    ("PIN POOL.\n\nAfter the break, player 3 may play at any ball.\n", "en"),
])
def test_a_numbered_player_is_no_count_of_players(text, lang):
    _, facts, _ = facts_of(text, lang)
    assert not [f for f in facts if f.facet == "players"]


@pytest.mark.parametrize("text, expected", [
    ("PIQUET.\n\nThe six highest cards in each suit, 3 2 A K Q J, have a counting value.\n", None),
    ("PIQUET.\n\nThe cards rank K Q J A 10 9 8 7; the K Q J A and 7 of trumps are called honours, and in sequences "
     "the four highest cards count.\n",
     ["K", "Q", "J", "A", "10", "9", "8", "7"]),
    ("PIQUET.\n\nThe highest honours are A K Q J 10 of trumps.\n", None),
    ("PIQUET.\n\nThe cards rank A K Q J 10 9 8 7 in each suit.\n", ["A", "K", "Q", "J", "10", "9", "8", "7"]),
])
def test_a_rank_list_that_names_a_set_of_cards_is_no_order(text, expected):
    _, facts, _ = facts_of(text, "en")
    orders = [f.value for f in facts if f.facet == "rank_order"]
    assert orders == ([expected] if expected else [])


@pytest.mark.parametrize("text, lang, facet, value", [
    ("ВИСТ.\n\nКоличество участников: предпочтительно два или три.\n", "ru", "players", {"min": 2, "max": 3}),
    ("ВИСТ.\n\nКолода, употребляющаяся при игре состоит из 36 карт.\n", "ru", "deck_size", 36),
    ("ナポレオン。\n\n強さは A > K > Q > J > 10 > 9 … > 2 です。\n", "ja", "rank_order",
     ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]),
])
def test_labels_with_a_word_and_arrowed_orders(text, lang, facet, value):
    _, facts, _ = facts_of(text, lang)
    got = [f.value.model_dump() if hasattr(f.value, "model_dump") else f.value for f in facts if f.facet == facet]
    assert value in got, got


def test_an_open_lower_bound_is_no_player_count():
    _, facts, _ = facts_of("ВИСТ.\n\nКоличество игроков: от 2-х\n", "ru")
    assert not [f for f in facts if f.facet == "players"]


@pytest.mark.parametrize("text, facts_expected", [
    ("FREECELL.\n\nFreecell is played with one card deck.\n", [("deck_size", 52)]),
    ("SPIDER.\n\nSpider is played with two card decks.\n", [("deck_size", 104), ("packs", 2)]),
    ("PIQUET.\n\nPiquet is played with one deck.\n", []),    # a pack of no known size
])
def test_a_count_of_packs_gives_the_deck_of_a_family_with_a_known_pack(text, facts_expected):
    _, facts, _ = facts_of(text, "en")
    assert sorted((f.facet, f.value) for f in facts) == facts_expected


@pytest.mark.parametrize("text, lang, players", [
    ("WHIST.\n\nFour may play, two against two.\n", "en", [4]),
    ("CRIBBAGE.\n\nIt is usually played by either two people or two teams of two.\n", "en", [(2, 4)]),
    ("ブリッジ\n\n自分の正面の人とペアになり、2人対2人で遊びます。\n", "ja", [4]),
    ("ドゥラーク\n\nドゥラークは2人のチーム2組で遊びます。\n", "ja", [4]),
    ("Преферанс\n\nВ эту игру играют двое на двое.\n", "ru", [4]),
    # sides of unequal size are a moment of play (a declarer against the rest), not the players
    ("ドゥラーク\n\n先に上がると、味方が 1 対 2 で戦うことを考える必要があります。\n", "ja", []),
    # "a game for two": the count closes the phrase (not "a game for two packs")
    ("KOI-KOI.\n\nKoi-koi is a hanafuda game for two. Each player gets eight cards.\n", "en", [2]),
    ("PINOCHLE.\n\nIt is a game for two packs of cards.\n", "en", []),
])
def test_two_sides_give_the_players_of_both(text, lang, players):
    _, facts, _ = facts_of(text, lang)
    want = [PlayerRange(min=p, max=p) if isinstance(p, int) else PlayerRange(min=p[0], max=p[1]) for p in players]
    assert [f.value for f in facts if f.facet == "players"] == want


@pytest.mark.parametrize("text, lang, players", [
    # "from two up to eight"; 名, the formal counter of persons; a rule book's article
    ("ワードバスケット\n\nプレイ人数;2人以上8人まで\n", "ja", [(2, 8)]),
    ("ピケ\n\n1)参加者は、4名とする。\n", "ja", [4]),
    ("ピケ\n\n3名から6名で遊びます。\n", "ja", [(3, 6)]),
    ("ハーツ\n\n4人でやる。\n", "ja", [4]),
])
def test_japanese_counts_of_persons(text, lang, players):
    _, facts, _ = facts_of(text, lang)
    want = [PlayerRange(min=p, max=p) if isinstance(p, int) else PlayerRange(min=p[0], max=p[1]) for p in players]
    assert [f.value for f in facts if f.facet == "players"] == want


@pytest.mark.parametrize("text, lang, facet, values", [
    # a pack that cards are taken out of is not the cards in play (less the cards the sentence
    # counts out, it is); jokers taken out do not count
    ("OLD MAID.\n\nA standard deck of 52 cards is used, but with one queen removed.\n", "en", "deck_size", [51]),
    ("FARMER.\n\nAll the 8's are discarded from a pack of fifty-two cards.\n", "en", "deck_size", []),
    ("SPIT.\n\nSpit uses a standard 52-card deck with the jokers removed.\n", "en", "deck_size", [52]),
    ("ナポレオン\n\nナポレオンは52枚から2を抜いたカードを使います。\n", "ja", "deck_size", []),
    ("ナポレオン\n\nジョーカーを除く52枚のカードを使います。\n", "ja", "deck_size", [52]),
    ("Сека\n\nИспользуется колода из 52 карт, из которой убирают двойки.\n", "ru", "deck_size", []),
    # a count inside a conditional clause is the condition of another rule
    ("GIN RUMMY.\n\nIf only 2 cards remain in the stock, the hand is a draw.\n", "en", "talon_size", []),
    # a lower bound is no count ("13 or more cards"), but a target may be one ("100 or more")
    ("ナポレオン\n\n絵札を何枚（13枚以上）取れるかを考えます。\n", "ja", "hand_size", []),
    ("OLD MAID.\n\nNumber of players: 3+\n", "en", "players", []),
])
def test_counts_that_are_not_the_games_own(text, lang, facet, values):
    _, facts, _ = facts_of(text, lang)
    assert [f.value for f in facts if f.facet == facet] == values


@pytest.mark.parametrize("text, lang, order", [
    ("BRIDGE.\n\nRank: ace is the highest card, then king, queen, jack, 10, 9, 8, 7, 6, 5, 4, 3, 2 (lowest).\n", "en",
     ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]),
    ("EUCHRE.\n\nThe ace is highest, followed by king, queen, jack, 10, 9.\n", "en", ["A", "K", "Q", "J", "10", "9"]),
    ("Дурак\n\nСтаршинство карт: старший — туз, затем король, дама, валет, десятка, девятка, восьмёрка, семёрка, "
     "шестёрка.\n", "ru", ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]),
])
def test_a_rank_order_whose_highest_rank_is_named_before_the_list(text, lang, order):
    _, facts, _ = facts_of(text, lang)
    assert [f.value for f in facts if f.facet == "rank_order"] == [order]


@pytest.mark.parametrize("text, lang, targets", [
    # the points of the whole pack are a sum, not what wins (cue group pack_total)
    ("Тысяча\n\nСумма номиналов всех карт, участвующих в игре 120 очков. Игра идёт до 1000 очков.\n", "ru", [1000]),
    ("Козёл\n\nВсего в колоде 120 очков, выигрывает та команда, которая набирает больше 60 очков.\n", "ru", []),
    ("SKAT.\n\nThe total number of card points in the pack is 120. The game is played to 500 points.\n", "en", [500]),
])
def test_the_points_of_the_whole_pack_are_no_target(text, lang, targets):
    _, facts, _ = facts_of(text, lang)
    assert [f.value for f in facts if f.facet == "target_score"] == targets


@pytest.mark.parametrize("text, lang", [
    ("BELOTE.\n\nIn trumps the cards rank J, 9, A, 10, K, Q, 8, 7. In plain suits they rank A, 10, K, Q, J, 9, 8, 7.\n",
     "en"),
    ("ブロット\n\n切り札の強さはJ、9、A、10、K、Q、8、7の順です。切り札以外のスートでは強い順にA、10、K、Q、J、9、8、7です。\n", "ja"),
])
def test_a_rank_order_for_trumps_or_plain_suits_says_so(text, lang):
    _, facts, _ = facts_of(text, lang)
    orders = {f.qualifier: f.value for f in facts if f.facet == "rank_order"}
    assert orders == {"trump": ["J", "9", "A", "10", "K", "Q", "8", "7"],
                      "plain": ["A", "10", "K", "Q", "J", "9", "8", "7"]}


@pytest.mark.parametrize("lang, text", [
    ("en", "SKAT.\n\n13. In Nullo, the cards rank: A K Q J 10 9 8 7, and the suits and jacks are all of equal rank.\n"),
    ("ja", "スカート\n\nヌルでは、カードの強さはA K Q J 10 9 8 7の順です。\n"),
])
def test_a_rank_order_of_one_contract_is_conditional(lang, text):
    """A rank order stated for one contract ("In Nullo, …") is no order of the whole game (cue
    group contract_scope)."""
    _, facts, _ = facts_of(text, lang)
    assert [(f.value, f.qualifier) for f in facts if f.facet == "rank_order"] == \
        [(["A", "K", "Q", "J", "10", "9", "8", "7"], "conditional")]


# General causes found on unseen Russian and Japanese texts (each case fails on the code before).
@pytest.mark.parametrize("lang, text, present, absent", [
    # a Russian verb of ranking is a rank-order cue ("ранжируются"), like "старшинство"
    ("ru", "ТЫСЯЧА\n\nКарты ранжируются так: туз, десятка, король, дама, валет, девятка.\n",
     [("thousand", "rank_order", "['A', '10', 'K', 'Q', 'J', '9']")], []),
    # what remains of the pack after cards are taken out is the pack in play, not a stock
    ("ru", "ТЫСЯЧА\n\nИз колоды удалите все карты младше девятки. Карт должно остаться 24.\n",
     [("thousand", "deck_size", "24")], [("thousand", "talon_size", "24")]),
    # a Japanese deal does not run on through a total ("1枚ずつ配り合計8枚ずつ" deals one at a time)
    ("ja", "ピケ\n\nカードは1枚ずつ配り合計8枚ずつにします。\n",
     [], [("piquet", "deal_pattern", "[1, 8]")]),
    # a total counts the pack only when it sums card counts stated before it
    ("ja", "ピケ\n\n絵札はA,K,Q,J,10(計20枚)です。\n", [], [("piquet", "deck_size", "20")]),
    # the upper end of a range of players is no count of its own ("3～6人でプレイ" is 3 to 6)
    ("ja", "プレフェランス\n\n3～6人でプレイします。\n", [], [("preference", "players", "min=6 max=6")]),
    # a definition names a set of ranks, not their order
    ("ja", "ピケ\n\n絵札とは、10、J、Q、K、Aのことで、強い順ではありません。\n", [],
     [("piquet", "rank_order", "['A', 'K', 'Q', 'J', '10']"), ("piquet", "rank_order", "['10', 'J', 'Q', 'K', 'A']")]),
    # a summary label with its value alone on the next line
    ("ja", "ピケ\n\n参加人数\n\n2人\n", [("piquet", "players", "min=2 max=2")], []),
])
def test_general_causes_of_unseen_errors(lang, text, present, absent):
    got, _, _ = facts_of(text, lang)
    assert all(p in got for p in present), (present, got)
    assert not any(a in got for a in absent), (absent, got)


def test_russian_marriages_named_by_suit_adjective_under_a_word_for_them():
    got, _, _ = facts_of("ТЫСЯЧА\n\nНоминалы марьяжей: Червовый — 100 очков, Бубновый — 80, Крестовый — 60, "
                         "Пиковый — 40.\n", "ru")
    assert {("thousand", "score:hearts_marriage", "100"), ("thousand", "score:diamonds_marriage", "80"),
            ("thousand", "score:clubs_marriage", "60"), ("thousand", "score:spades_marriage", "40")} <= got, got


def test_a_part_headed_as_advice_states_no_rules():
    """Advice, history and examples under their own heading are not the game's rules."""
    got, facts, _ = facts_of("PIQUET.\n\nPiquet is played by two persons.\n\nSTRATEGY.\n\n"
                             "The last trick counts two points.\n", "en")
    assert ("piquet", "players", "min=2 max=2") in got
    assert not [f for f in facts if f.facet.startswith("score")], facts


@pytest.mark.parametrize("heading, kind", [
    ("STRATEGY.", "other"), ("Hints on Play.", "other"), ("Suggestions for Good Play", "other"),
    ("Example Hand.", "other"), ("技能の応用。", "other"), ("プレイのヒント", "other"), ("勝つためのコツ", "other"),
    ("戦略", "other"), ("Советы начинающим", "other"), ("Тактика игры", "other"), ("Примеры", "other"),
    # rules, and a machine translation's table row ("コツ" for tricks), are no advice
    ("Dealing.", None), ("Scoring.", None), ("コツ 7つの", None), ("Сдача карт", None), ("The Play.", None),
])
def test_advice_history_and_example_headings_in_every_language(heading, kind):
    from pipeline.segment import _structural
    assert _structural(heading, KNOWLEDGE) == kind


@pytest.mark.parametrize("lang, text, facet, first, second", [
    ("en", "PIQUET.\n\nThe cards are dealt either two or three at a time.\n", "deal_pattern", [2], [3]),
    ("ja", "ピケ\n\nカードを2枚ずつ、または3枚ずつ配ります。\n", "deal_pattern", [2], [3]),
    ("en", "PIQUET.\n\nThe game is 100 or 150 points.\n", "target_score", 100, 150),
])
def test_of_two_values_offered_the_first_is_the_rule_and_the_second_an_alternative(lang, text, facet, first, second):
    """"A or B": A is the usual rule, B the alternative, in every language (so the sources that
    say "by twos" and "2枚ずつ、または3枚ずつ" agree, and differ from none)."""
    _, facts, _ = facts_of(text, lang)
    got = {(json.dumps(f.value), f.qualifier) for f in facts if f.facet == facet}
    assert (json.dumps(first), None) in got and (json.dumps(second), "alternative") in got, got
    assert (json.dumps(first), "alternative") not in got, got


# Phrasings found missing on unseen and dev texts, each a class of its language's rule prose
# (each case fails on the code before it).
@pytest.mark.parametrize("lang, text, present, absent", [
    # a score verb with "a bonus/an additional N" or "as N"
    ("en", "PIQUET.\n\nWinning the majority of tricks (7-11) scores a bonus 10 points. "
           "The winner of the final trick also scores an additional 1 point.\n",
     [("piquet", "score:cards", "10"), ("piquet", "score:last_trick", "1")], []),
    ("en", "HEARTS.\n\nHearts count as one point each and the queen of spades counts as 13 points.\n",
     [("hearts", "score:heart", "1"), ("hearts", "score:queen_of_spades", "13")], []),
    ("en", "SPIT.\n\nIt is utterly frantic when played by two relatively experienced players.\n",
     [("spit", "players", "min=2 max=2")], []),
    ("en", "CASTLE.\n\nCastle is a patience typically played with a deck of 52 playing cards.\n",
     [("beleaguered-castle", "deck_size", "52")], []),
    # a summary list's item that is only a count
    ("en", "PIQUET.\n\n# Overview\n\n- Two players\n- 32 cards (remove 2–6)\n- Each player discards and replaces cards once\n",
     [("piquet", "players", "min=2 max=2"), ("piquet", "deck_size", "32")], []),
    ("en", "BEZIQUE.\n\nEight cards are dealt (by three, two, and three) to each player.\n",
     [("bezique", "deal_pattern", "[3, 2, 3]")], []),
    # a target in progressive form; targets offered in a list
    ("ja", "ベジーク\n\nディールが終わったときに，どちらかのプレイヤーが１０００点以上 になっていたら，ゲームは終了します。\n",
     [("bezique", "target_score", "1000")], []),
    ("ja", "ブロート\n\n目標点は，1000点，500点などがよく使われます．\n",
     [("belote", "target_score", "1000"), ("belote", "target_score", "500")], []),
    ("ja", "セドマ\n\nゲーム点 5 点，あるいは 10 点を先に取る．\n",
     [("sedma", "target_score", "5"), ("sedma", "target_score", "10")], []),
    # the hand from a passive deal or a deal to the player; a first round is no hand
    ("ja", "ユーカー\n\n切り札を決めます。5枚のカードが配られた後、年長のプレイヤーがリードします。\n",
     [("euchre", "hand_size", "5")], []),
    ("ja", "ユーカー\n\nディーラーはプレイヤーにカードを1枚配ります。\n", [("euchre", "hand_size", "1")], []),
    ("ja", "ユーカー\n\n最初に2枚のカードが配られ、次に3枚が配られます。\n", [], [("euchre", "hand_size", "2")]),
    ("ja", "セドマ\n\n配り手は，右隣から順番に手札を 4 枚ずつ配り，残りは山札として伏せておきます．\n",
     [("sedma", "hand_size", "4")], []),
    # packs counted with つ
    ("ja", "ベジーク\n\n32枚のカードからなるピケの山札を使用しますが、同じ柄の山札を2つ用意し、一緒にシャッフルします。\n",
     [("bezique", "packs", "2"), ("bezique", "deck_size", "64")], []),
    # a deal round repeated (one card at a time stays [1])
    ("ja", "ピノクル\n\nディールは，４枚ずつまとめて３回，つまり１２枚ずつ配ります。\n", [("pinochle", "deal_pattern", "[4, 4, 4]")], []),
    ("ja", "ファイブハンドレッド\n\nディーラーは各プレイヤーに3枚ずつ3ラウンドのカードを配り、続いて1枚ずつ1ラウンドのカードを配ります。\n",
     [("five-hundred", "deal_pattern", "[3, 3, 3, 1]")], []),
    ("ja", "ピノクル\n\n1人あたり1枚ずつ4周配る。\n", [("pinochle", "deal_pattern", "[1]")], []),
    # a deal label with a list; an item as a dash heading; "the holder of ITEM gains N"
    ("ja", "ブロート\n\n - 配り方は，3枚，2枚，3枚(普通)\n", [("belote", "deal_pattern", "[3, 2, 3]")], []),
    ("ja", "オールフォーズ\n\nハイ。—最も高い切り札が出て、元の持ち主に1点が加算される。\n", [("all-fours", "score:high", "1")], []),
    ("ja", "ベジーク\n\n切札の７を持っているプレイヤーは，そのことを宣言すると，１０点が得られます。\n",
     [("bezique", "score:seven_of_trumps", "10")], []),
])
def test_phrasings_of_each_language(lang, text, present, absent):
    got, _, _ = facts_of(text, lang)
    assert all(p in got for p in present), (present, got)
    assert not any(a in got for a in absent), (absent, got)



@pytest.mark.parametrize("lang, text, qualifier", [
    ("en", "PIQUET.\n\nTwo packs are sometimes used, one by each player in his proper turn to deal.\n", "optional"),
    ("ja", "ピケ\n\nトランプは2組使用するのが一般的で、最初のディーラーはどちらの組を使うかを選択できます。\n", "optional"),
    ("ru", "АУКЦИОННЫЙ БРИДЖ\n\nСледует использовать две колоды: пока одна сдается, другая тасуется.\n", "optional"),
    ("ja", "ホイスト\n\nカード。\n1．トランプは2組使用し、各チームが1組ずつ使用します。\n", "optional"),
    ("en", "BEZIQUE.\n\nTwo packs are shuffled together.\n", None),
])
def test_two_packs_used_in_turn_are_a_convenience_not_two_packs_in_play(lang, text, qualifier):
    """Packs used in turn, one a deal, are no packs in play together: the count is kept, optional
    (so no game's card shows "2 packs" for it), where packs shuffled together stay the rule."""
    _, facts, _ = facts_of(text, lang)
    assert [(f.value, f.qualifier) for f in facts if f.facet == "packs"] == [(2, qualifier)]


@pytest.mark.parametrize("lead_in, qualifier", [
    ("つぎの目標を認める人もいます．", "optional"),
    ("手役は，認める人と認めない人がいます．同じカードは，2つ以上の手役に使えません．", "optional"),
    ("手役は次の通りです．", None),
])
def test_a_list_whose_lead_in_offers_an_option_makes_each_item_optional(lead_in, qualifier):
    """The option cue of the line before a list ("…認める人もいます") covers every item of it,
    blank lines and the list's other items between."""
    text = f"ブロット\n\n{lead_in}\n\n• V(J)の4枚組: 200点\n• 同じ印の5枚以上の続き: 100点\n"
    _, facts, _ = facts_of(text, "ja")
    got = {(f.facet, f.value, f.qualifier) for f in facts if f.facet.startswith("score:")}
    assert got == {("score:four_jacks", 200, qualifier), ("score:quint", 100, qualifier)}


@pytest.mark.parametrize("lang, text", [
    ("ja", "ピケ\n\nカードの強さはA K Q J 10 9 8 7の順です。点数は，A＝11点，K，Q，J＝10点，それ以外＝額面として数えます．\n"),
    ("en", "PIQUET.\n\nThe cards rank A K Q J 10 9 8 7. Points: ace 11; king, queen, knave 10; the rest at face value.\n"),
])
def test_the_rest_at_face_value_completes_a_point_list_with_the_packs_numerals(lang, text):
    """"A = 11, K Q J = 10, the rest at face value": the numerals of the pack the section's rank
    order names count their number, and the quote includes the words that say so."""
    _, facts, _ = facts_of(text, lang)
    points = [f for f in facts if f.facet == "card_points"]
    assert [f.value for f in points] == [{"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7}]
    assert points[0].anchor.quote.endswith(("額面", "face value"))


# --- Japanese recall (h13ja): general phrasing classes ---

def test_japanese_score_row_label_ends_in_item_or_carries_an_aside():
    text = ("ベジーク\n\n得点は以下の通りです。\n\n"
            "どちらかのプレイヤーが宣言した切り札の7の場合 10\n"
            "5枚の最高の切り札（エース、テン、キング、クイーン、ジャック）のシーケンス 250\n"
            "カルトブランシュ（コートカードが1枚もない手札）[9] 50\n"
            "トランプの結婚[10] 40\n"
            "4人組 16 フラッシュ 5\n")
    got, _, _ = facts_of(text, "ja")
    assert ("bezique", "score:seven_of_trumps", "10") in got
    assert ("bezique", "score:sequence", "250") in got
    assert ("bezique", "score:carte_blanche", "50") in got
    assert ("bezique", "score:royal_marriage", "40") in got
    assert ("bezique", "score:four_of_a_kind", "16") in got   # a value column is no label


@pytest.mark.parametrize("lang, text, facet, role", [
    # a value another replaces is no fact ("Instead of playing 100 points up, six deals is a game")
    ("en", "PIQUET.\n\n=Scoring.= Instead of playing 100 points up, six deals is a game.\n", "target_score", None),
    # a tied score "3対3" is no pair of sides
    ("ja", "ユーカー\n\n3対3のゲームでは、慎重になる必要がある。\n", "players", None),
    # a supposition closing its sentence (the verb comes last) makes it an example
    ("ja", "ポーカー\n\nここでは、5人のプレイヤーが参加していると仮定します。\n", "players", "example"),
    # a lower bound is no count ("at least eight in the stock")
    ("en", "DOMINO POOL.\n\nEach player takes such an equal number of bones as will leave at least eight in the stock.\n",
     "talon_size", None),
    # a count whose clause is about a suit is the suit's cards, not a hand
    ("ja", "ファイブハンドレッド\n\n他の2つの通常のスートはそれぞれ8枚で構成されます。\n", "hand_size", None),
    # "for instance" inside the sentence: its numbers are the example's
    ("en", "CALABRASELLA.\n\nIf the final score is 24 to 11, for instance, in favour of the single player, the "
     "player wins 31 points.\n", "target_score", "example"),
    # chips counted are no cards ("another chip into the pool")
    ("ja", "ポーカー\n\nこの場合、各プレイヤーはプールにチップをもう1枚入れ、別のプレイヤーが新たに配ります。\n", "hand_size", None),
    # a player count of another game compared, or of a part of the players (relation drop after,
    # cue groups compared/compared_next/others)
    ("en", "PIQUET NORMAND.\n\nHe makes pic under the same conditions as in the game for two players.\n", "players", None),
    ("ja", "クリベッジ\n\n2人で行うゲームと同様に、ディーラーがリード権を持ちます。\n", "players", None),
    ("ja", "ウルティ\n\n精算は失敗した子と他の 2 人で行うことに注意してください。\n", "players", None),
    # a card each player puts down (to the crib) is no hand, in a phrase rule or a general statement
    ("ja", "クリベッジ\n\n各プレイヤーは1枚をクリブとして置きます。\n", "hand_size", None),
    # a clause with its own subject (the banker deals three in all) borrows no "each" of another clause
    ("ja", "バカラ\n\n各プレイヤーが賭け金を置いた後、バンカーは3枚のカードを配ります。\n", "hand_size", None),
    # "whether or not" is a condition, like "if": no target ("1000点に達したか否かにかかわらず")
    ("ja", "ルビコン・ベジーク\n\n勝者は、得点が1000点に達したか否かにかかわらず、敗者の得点を自分の得点に加算する。\n",
     "target_score", None),
    ("en", "RUBICON BEZIQUE.\n\nThe winner adds the scores, whether the loser reached 1000 points.\n", "target_score", None),
    # a clause after a semicolon goes on its sentence's example ("A would then …; 4 for the point")
    ("en", "PIQUET VOLEUR.\n\nEach person shows what he has claimed. A would then gather up the first trick, announcing the total score for his side, "
     "which would be 22; 4 for the point, 14 Aces, 3 Kings.\n", "score:point", "example"),
])
def test_values_that_are_no_rule_of_the_game(lang, text, facet, role):
    _, facts, _ = facts_of(text, lang)
    assert [f.role for f in facts if f.facet == facet] == ([role] if role else [])


def test_a_pack_and_its_jokers_in_one_sentence_give_the_total():
    """"52 枚組と…ジョーカー 2 枚の 54 枚": the largest count of a sentence with jokers is the cards
    in play, the others its parts (relation `largest`); no conflict of 52 with 54."""
    _, facts, _ = facts_of("闘地主\n\n3 人で遊びます．トランプは，英米風の 52 枚組と色の違うジョーカー 2 枚の 54 枚です．\n", "ja")
    assert [f.value for f in facts if f.facet == "deck_size"] == [54]


@pytest.mark.parametrize("lang,text", [
    ("ja", "ベジーク\n\nピノクルはアメリカのゲームです。３人用や４人用のゲームはかなり違うゲームですので，別の機会に紹介します。\n"),
    ("en", "CRIBBAGE.\n\nSome play it with three or four players, but that is quite a different game.\n"),
    ("ru", "ВИСТ\n\nВ неё играют и втроём, но это совсем другая игра.\n"),
])
def test_a_sentence_on_a_different_game_is_set_aside(lang, text):
    _, facts, _ = facts_of(text, lang)
    assert [f.role for f in facts if f.facet == "players"] == ["other"]


def test_a_game_named_like_a_scoring_item_is_a_sentence_subject():
    # ピノクル is also Bezique's meld: as the subject of its sentence it names the game
    got, _, _ = facts_of("ベジーク\n\nピノクルの２人ゲームは２〜８を抜いた２４枚のカードを２組使うゲームです。\n", "ja")
    assert not any(g == "bezique" and facet in ("deck_size", "packs") for g, facet, _ in got)
    assert ("pinochle", "packs", "2") in got


@pytest.mark.parametrize("announcement,role", [
    ("以下の表は、手札の重要な組み合わせを数える方法を示しています。", "example"),
    ("以下の表は得点を示します。", "rule"),
])
def test_a_table_of_counted_hands_is_worked_examples_over_its_blocks(announcement, role):
    # the table runs over blocks split by blank lines; its rows are hands, their totals no rule
    text = (f"クリベッジ\n\n{announcement}\n\n5が4つ（158とダブルペアロイヤル） 20\n"
            "5が2つ、4が1つ、6が1つ ブレース 15-4、ペア、そして\n3連発\n\n"
            "3つの3と2つの6（15の10、ペア、\nペアロイヤル） 18\n")
    _, facts, _ = facts_of(text, "ja")
    assert [(f.facet, f.role) for f in facts] == [("score:pair_royal", role)]


def test_a_point_grouping_thousands_is_one_number_and_a_reward_for_winning_no_target():
    # «1.000»: the point groups digits and ends no sentence; «за выигрыш партии» is the game's score
    got, facts, _ = facts_of("ВИНТ\n\nЗа выигрыш партии приписывается 1.000 очков.\n", "ru")
    assert ("vint", "score:game", "1000") in got
    assert not any(f.facet == "target_score" for f in facts)
    got, _, _ = facts_of("КОЗЁЛ\n\nДля выигрыша партии нужно набрать 61 очко или больше.\n", "ru")
    assert ("kozel", "target_score", "61") in got


def test_the_players_a_pack_is_dealt_to_are_the_players():
    got, _, _ = facts_of("ВИНТ\n\nКарты раздаются 4 игрокам по 13 каждому.\n", "ru")
    assert ("vint", "players", "min=4 max=4") in got


@pytest.mark.parametrize("lang,text,value", [
    ("ja", "ポーカー\n\n人数・・・4人\n", "min=4 max=4"),
    ("en", "POKER.\n\nPlayers ..... 4 to 6\n", "min=4 max=6"),
    ("ru", "ПОКЕР\n\nКоличество игроков.....4\n", "min=4 max=4"),
])
def test_a_summary_label_with_leader_dots(lang, text, value):
    got, _, _ = facts_of(text, lang)
    assert ("poker", "players", value) in got


def test_a_definition_naming_where_a_game_was_devised_states_rules():
    # 「日本で考案されたカードゲーム」 defines the game; only a sentence ending 考案された is history
    _, facts, _ = facts_of("ポーカー\n\n日本で考案されたカードゲームの一つで3~6人でプレーする。\n", "ja")
    assert [(f.facet, f.role) for f in facts] == [("players", "rule")]
    _, facts, _ = facts_of("ポーカー\n\n4人で遊ぶゲームが19世紀に考案された。\n", "ja")
    assert [f.role for f in facts] == ["history"]


@pytest.mark.parametrize("sentence,hand", [
    ("1人あたり1枚ずつ4周配る。", 4),
    ("ディーラーは3人のプレイヤーにそれぞれ3枚ずつ3ラウンドのカードを配り、続いて1枚ずつ1ラウンドのカードを配ります。", 10),
])
def test_each_players_rounds_add_up_to_the_hand(sentence, hand):
    got, _, _ = facts_of(f"ポーカー\n\n{sentence}\n", "ja")
    assert ("poker", "hand_size", str(hand)) in got


@pytest.mark.parametrize("line,order", [
    # an arrow on to words ends the list: the cards of other suits rank below it
    ("台札のマークの A > K > Q > J > 10 > 9 … > 2 > 台札以外のマークのカード(数字は関係なし)",
     ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]),
    # an arrow on to an ellipsis: the list goes on past what was read
    ("A > K > Q > J > 10 > …", None),
    # a list whose first rank ends the element before ("切り札2", the trump 2) starts after it,
    # and the dots standing for ranks left out end no sentence
    ("切り札K→切り札Q→...→切り札2→A→K→Q→J→10→...→2", ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]),
])
def test_a_rank_list_ends_where_its_arrows_lead_to_no_rank(line, order):
    got, _, _ = facts_of(f"ハーツ\n\n  • カードの強さ\n    • {line}\n", "ja")
    assert [v for g, f, v in got if f == "rank_order"] == ([str(order)] if order else [])


def test_a_count_said_as_a_condition_inside_a_stated_range_is_no_player_count():
    text = ("CRIBBAGE.\n\nCribbage is distinctly a game for two players, although three may play, or four. "
            "When two play, each player receives six cards.\n")
    got, _, _ = facts_of(text, "en")
    assert [v for g, f, v in got if f == "players"] == ["min=2 max=4"]
    # with no range stated, "When four play, …" states the count
    got, _, _ = facts_of("FOUR-HANDED CRIBBAGE.\n\nWhen four play, they cut for partners.\n", "en")
    assert ("four-handed-cribbage", "players", "min=4 max=4") in got


@pytest.mark.parametrize("before", [
    "The dealer claims the count for his hand, which is as follows:--\n\n♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9.",
    "The elder hand declares first. Suppose the cards are distributed as follows, Z being the dealer:--",
])
def test_the_paragraph_after_a_shown_hand_or_a_supposed_deal_is_an_example(before):
    _, facts, _ = facts_of(f"PIQUET.\n\n{before}\n\nThe point is worth 5; A announces 41 for his point.\n", "en")
    assert facts and {f.role for f in facts} == {"example"}
    _, facts, _ = facts_of("PIQUET.\n\nThe elder hand declares first.\n\nThe point is worth 5.\n", "en")
    assert [f.role for f in facts] == ["rule"]


def test_japanese_cards_taken_out_of_the_counted_pack_leave_the_deck():
    got, _, _ = facts_of("ババ抜き\n\nジョーカーを入れなくても、52枚のうちどれか1枚を抜いて遊べます。\n", "ja")
    assert ("old-maid", "deck_size", "51") in got


def test_japanese_packs_counted_then_the_cards_of_all():
    got, _, _ = facts_of("大富豪\n\n使う札 8〜15人の時はジョーカーを4枚入れた2組108枚\n", "ja")
    assert ("daifugo", "deck_size", "108") in got


def test_japanese_plain_suit_order_as_an_entry_of_a_class_list():
    got, _, _ = facts_of("ナポレオン\n\nカードの強さ\n  1. ジョーカー\n  5. 切り札以外のA,K,Q,J,10,9,8,7,6,5,4,3,2(♠Aを除く)\n", "ja")
    assert ("napoleon", "rank_order", "['A', 'K', 'Q', 'J', '10', '9', '8', '7', '6', '5', '4', '3', '2']") in got


@pytest.mark.parametrize("lang,text", [
    ("ja", "ハーツ\n\nハートは1枚につき1点です。\n"),
    ("ru", "ЧЕРВИ\n\nКаждая черва — 1 очко.\n"),
])
def test_each_heart_is_named_in_every_language(lang, text):
    got, _, _ = facts_of(text, lang)
    assert any(f == "score:heart" and v == "1" for _, f, v in got), got


def test_a_list_item_that_is_only_a_count_of_players_or_cards():
    got, _, _ = facts_of("КИНГ\n\nВам понадобится\n  • Колода карт.\n  • 4 игрока\n  • 36 карт\n"
                         "  • Бумага и карандаш\n", "ru")
    assert ("king", "players", "min=4 max=4") in got
    assert ("king", "deck_size", "36") in got


def test_a_target_whose_number_follows_its_noun():
    got, _, _ = facts_of("ТЫСЯЧА\n\nКто первый достигнет суммарного количества очков равных 1000 или более, "
                         "тот и является победителем в игре.\n", "ru")
    assert ("thousand", "target_score", "1000") in got


def test_the_whole_pack_dealt_to_the_players_is_the_deck():
    got, _, _ = facts_of("ВИНТ\n\nСостоит в следующем: 52 карты раздаются 4 игрокам по 13 каждому.\n", "ru")
    assert ("vint", "deck_size", "52") in got


def test_a_summary_label_with_prose_after_its_value_on_the_line():
    got, _, _ = facts_of("БУРА\n\nКоличество участников: предпочтительно два или три. Хотя число игроков "
                         "ограничивается только количеством карт в колоде.\n", "ru")
    assert ("bura", "players", "min=2 max=3") in got


@pytest.mark.parametrize("lang, text, old, now", [
    ("ru", "ВИСТ\n\nРаньше всё было иначе. Каждому игроку сдавалось по двенадцать карт, а последняя открывалась.\n\n"
           "Каждому игроку сдается по тринадцать карт.\n", "12", "13"),
    ("en", "WHIST\n\nIn the old game each player was dealt twelve cards.\n\nThirteen cards are dealt to each player.\n",
     "12", "13"),
    ("ja", "ホイスト\n\n昔は各プレイヤーに12枚ずつ配っていました。\n\n各プレイヤーに13枚ずつ配ります。\n", "12", "13"),
])
def test_a_rule_told_in_the_past_is_a_former_form_of_the_game(lang, text, old, now):
    _, facts, _ = facts_of(text, lang)
    hands = {str(f.value): f.role for f in facts if f.facet == "hand_size"}
    assert hands == {old: "history", now: "rule"}


@pytest.mark.parametrize("lang, text", [
    ("ru", "ВИСТ\n\nЭто была старая игра, в которой каждому игроку сдавали по двенадцать карт.\n"),
    ("en", "WHIST\n\nIt was an old English game in which each player was dealt twelve cards.\n"),
])
def test_an_old_game_told_in_the_past_keeps_its_rules(lang, text):
    _, facts, _ = facts_of(text, lang)
    assert [(str(f.value), f.qualifier, f.role) for f in facts if f.facet == "hand_size"] == [("12", None, "rule")]


@pytest.mark.parametrize("lang, text", [
    ("ru", "ВИНТ\n\nВинт — карточная игра. Сдается по 13 карт. В. с прикупкой — раздается по 12 карт.\n"),
    ("ru", "ВИНТ\n\nВинт — карточная игра. Сдается по 13 карт. Винт без козырей — раздается по 12 карт.\n"),
    ("en", "VINT\n\nVint is a card game. Thirteen cards are dealt to each player. "
           "Vint without trumps — twelve cards are dealt to each player.\n"),
])
def test_a_form_of_the_game_named_as_a_label_is_an_alternative(lang, text):
    _, facts, _ = facts_of(text, lang)
    hands = {str(f.value): f.qualifier for f in facts if f.facet == "hand_size"}
    assert hands == {"13": None, "12": "alternative"}


def test_a_label_naming_no_form_of_the_game_is_no_alternative():
    _, facts, _ = facts_of("ВИНТ\n\nВинт — карточная игра. Колода без джокеров — 52 карты.\n", "ru")
    assert [(str(f.value), f.qualifier) for f in facts if f.facet == "deck_size"] == [("52", None)]


@pytest.mark.parametrize("text, lang, expected", [
    # a label-value line whose value stands on the next line, after the label's colon
    ("ДУРАК\n\nКоличество игроков:\n2 - 13\n", "ru", {("players", "min=2 max=13")}),
    ("ДУРАК\n\nКоличество карт в колоде:\n36\n", "ru", {("deck_size", "36")}),
    # a label set in Markdown emphasis
    ("HEARTS\n\n- **Players:** 2 to 4\n", "en", {("players", "min=2 max=4")}),
    # a count of packs as a label's value
    ("ДУРАК\n\nКоличество колод: 2\n", "ru", {("packs", "2")}),
    ("CANASTA\n\nDecks: 2\n", "en", {("packs", "2")}),
    # words saying which packs between the count and the unit
    # (and the cards of each: two packs of 52 are 104 cards in play)
    ("CANASTA\n\nIt is played with two standard 52 card decks.\n", "en", {("packs", "2"), ("deck_size", "104")}),
    ("KLONDIKE\n\nTwo Entire Packs of Cards.\n", "en", {("packs", "2"), ("deck_size", "104")}),
    # packs and the cards in each: the cards in play are the product
    ("CANASTA\n\nUse 2 decks of 52 cards.\n", "en", {("packs", "2"), ("deck_size", "104")}),
    ("КАНАСТА\n\nИграют две колоды по 52 карты.\n", "ru", {("packs", "2"), ("deck_size", "104")}),
    ("カナスタ\n\n2つの標準的な52枚のカードパックが使用されます。\n", "ja", {("packs", "2"), ("deck_size", "104")}),
])
def test_label_lines_and_counts_of_packs_in_every_layout(text, lang, expected):
    got, _, _ = facts_of(text, lang)
    assert {(f, v) for _, f, v in got if f in {"players", "deck_size", "packs"}} == expected


@pytest.mark.parametrize("text, order", [
    # ranks joined by hyphens, T for ten, a list written from low to high ("increasing")
    ("The cards in every suit rank from high to low: J-9-A-10-K-Q-8-7.", ["J", "9", "A", "10", "K", "Q", "8", "7"]),
    ("The card ranking is: A, T, K, Q, J, 9.", ["A", "10", "K", "Q", "J", "9"]),
    ("Increasing value: 2 3 4 5 6 7 8 9 10 J Q K A",
     ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]),
])
def test_rank_orders_in_the_notations_of_rule_sheets(text, order):
    got, facts, _ = facts_of(f"WHIST\n\n{text}\n", "en")
    assert [f.value for f in facts if f.facet == "rank_order"] == [order]


def test_a_range_of_players_or_a_poker_run_is_no_rank_order():
    got, _, _ = facts_of("WHIST\n\nPlay with 2-6 players. The cards rank high.\n", "en")
    assert not any(f == "rank_order" for _, f, _ in got)
    got, _, _ = facts_of("POKER\n\nThe highest straight is A-K-Q-J-10 and the lowest is 5-4-3-2-A; the ace "
                         "ranks high.\n", "en")
    assert not any(f == "rank_order" for _, f, _ in got)


@pytest.mark.parametrize("text, hands", [
    ("UNO.\n\nDeal 7 cards to every participant.\n", [7]),
    ("UNO.\n\nSeven cards per person are dealt.\n", [7]),
])
def test_a_hand_is_dealt_to_every_participant_or_person(text, hands):
    _, facts, _ = facts_of(text, "en")
    assert [f.value for f in facts if f.facet == "hand_size"] == hands


@pytest.mark.parametrize("text, players", [
    # what a game is for states its players; «для N игроков» before another rule is its condition
    ("ДЖИН РАММИ.\n\nИгра для двух игроков. Каждому раздают 10 карт.\n", [2]),
    ("ДЖИН РАММИ.\n\nКарточная игра, рассчитанная для 4 игроков.\n", [4]),
    ("ДЖИН РАММИ.\n\nДля 4 игроков раздают по 8 карт.\n", []),
])
def test_a_game_for_n_players_states_them_in_russian(text, players):
    _, facts, _ = facts_of(text, "ru")
    assert [f.value.min for f in facts if f.facet == "players"] == players


@pytest.mark.parametrize("text, lang, sizes", [
    # a list of counts offers every count in it, the middle ones too
    ("ДУРАК.\n\nИспользуется колода в 24, 36 или 52 листа.\n", "ru", [24, 36, 52]),
    ("ДУРАК.\n\nИграть можно колодой в 36 или в 52 карты.\n", "ru", [36, 52]),
    ("WHIST.\n\nA pack of 32, 36, or 52 cards is used.\n", "en", [32, 36, 52]),
])
def test_every_count_of_a_list_is_offered(text, lang, sizes):
    _, facts, _ = facts_of(text, lang)
    assert sorted(f.value for f in facts if f.facet == "deck_size") == sizes


@pytest.mark.parametrize("text, lang, players", [
    # a line that is a count of players and nothing else is a summary's row, bulleted or not
    ("WHIST.\n\nA game of tricks.\n2 players\n52 cards\n", "en", [(2, 2)]),
    ("WHIST.\n\n4 players (2 teams)\n", "en", [(4, 4)]),
    ("WHIST.\n\nTwo to seven players, ages 8 and up.\n", "en", [(2, 7)]),
    ("ДУРАК.\n\n2-4 игрока\n", "ru", [(2, 4)]),
    # not a clause that goes on with a rule of its own
    ("WHIST.\n\n3 players, deal 7 cards each.\n", "en", []),
])
def test_a_line_of_players_alone_states_them(text, lang, players):
    _, facts, _ = facts_of(text, lang)
    assert [(f.value.min, f.value.max) for f in facts if f.facet == "players"] == players


@pytest.mark.parametrize("text, lang, facet, values", [
    # "N card deck" without a hyphen is a pack of N cards, not N packs
    ("SCOPA.\n\nScopa is played with the Italian 40 card deck.\n", "en", "deck_size", [40]),
    ("SCOPA.\n\nPlay with two standard 52 card decks.\n", "en", "deck_size", [104]),
    ("BEZIQUE.\n\nIt is played with 4 sets of 32 cards.\n", "en", "deck_size", [128]),
    # a contents list's line of cards ("2 to 4 players" ⏎ "30 cards" in prose is a chart's row)
    ("ババ抜き\n\n内容\nカード64枚\n説明書1枚\n", "ja", "deck_size", [64]),
])
def test_packs_and_summary_lines(text, lang, facet, values):
    _, facts, _ = facts_of(text, lang)
    assert [f.value for f in facts if f.facet == facet] == values


@pytest.mark.parametrize("text, lang, hands", [
    # a sequence word opening the deal is no round of it ("then two more" is)
    ("BRISCA.\n\nThen every player gets dealt 3 cards.\n", "en", [3]),
    ("DURAK.\n\nAfter that, six cards are dealt to all participating people.\n", "en", [6]),
    ("СЕКА.\n\nИгроки получают три карты.\n", "ru", [3]),
    # leftover cards are no misdeal's extra cards: the hand is the rule's
    ("СВИНЬЯ.\n\nКаждому игроку сдается по 4 карты, если остаются лишние карты, то они кладутся на стол.\n",
     "ru", [4]),
])
def test_the_hand_dealt_in_plain_words(text, lang, hands):
    _, facts, _ = facts_of(text, lang)
    assert [f.value for f in facts if f.facet == "hand_size" and f.role == "rule"] == hands


@pytest.mark.parametrize("text, lang, order", [
    # a label line closed by a colon speaks for the list under it (low to high: reversed)
    ("ДУРАК.\n\nСтаршинство карт:\n7, 8, 9, 10, В, Д, К, Т.\n", "ru", ["A", "K", "Q", "J", "10", "9", "8", "7"]),
    # the highest and the lowest named: the ranks between in their order
    ("CRIBBAGE.\n\nKings are high and aces are low.\n", "en",
     ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]),
    ("CRIBBAGE.\n\nCards rank from ace (high) down to two.\n", "en",
     ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]),
    ("ДУРАК.\n\nСамой старшей картой является туз, самой младшей - шестерка.\n", "ru",
     ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]),
    ("ババ抜き\n\nA(エース)が最も強く、2が最も弱いのが基本です。\n", "ja",
     ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]),
])
def test_rank_orders_told_by_a_label_or_by_their_ends(text, lang, order):
    _, facts, _ = facts_of(text, lang)
    assert [f.value for f in facts if f.facet == "rank_order"] == [order]


_FACE = {"10": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2}


@pytest.mark.parametrize("text, lang, points", [
    # "and all other cards … face value" closes the map
    ("CASSINO.\n\nA pack of 52 cards. Aces are worth one point, face cards are worth ten points, and all other cards are "
     "worth their face value.\n", "en", {"A": 1, "K": 10, "Q": 10, "J": 10, **_FACE}),
    ("СЕКА.\n\nКолода из 52 карт. Туз — 11 очков, от короля до десятки — 10 очков. Остальные карты оцениваются по своему "
     "достоинству.\n", "ru", {"A": 11, "K": 10, "Q": 10, "J": 10, **_FACE}),
])
def test_card_points_with_the_rest_at_face_value(text, lang, points):
    _, facts, _ = facts_of(text, lang)
    assert [f.value for f in facts if f.facet == "card_points"] == [points]


@pytest.mark.parametrize("text, lang, target", [
    ("WHIST.\n\nThe goal is to earn at least 61 points during the round.\n", "en", [61]),
    ("ДУРАК.\n\nОбычно играют до 501 очка.\n", "ru", [501]),
    ("ДУРАК.\n\nЦель — получить первым 77 победных очков.\n", "ru", [77]),
])
def test_points_to_win_in_plain_words(text, lang, target):
    _, facts, _ = facts_of(text, lang)
    assert [f.value for f in facts if f.facet == "target_score"] == target


def test_a_patience_counts_the_others_of_its_familys_pack():
    # no pack stated: a patience's family is declared to use 52 cards; the ace is one of the others
    _, facts, _ = facts_of("TAKE FOURTEEN.\n\nTake off two cards which make 14, reckoning the Jack as 11, the "
                           "Queen as 12 and the King as 13, all the others at their face value.\n", "en")
    assert [f.value for f in facts if f.facet == "card_points"] == [{"J": 11, "Q": 12, "K": 13, "A": 1, **_FACE}]


def test_a_pack_with_cards_taken_out_gives_no_face_values_of_the_standard_pack():
    # the others count their face value, but which others the text leaves to its stripped pack
    _, facts, _ = facts_of("FARMER.\n\nAll the 8's and all the 6's are discarded from a pack of fifty-two "
                           "cards. All court cards count for 10, the ace for 1, and all others at their face "
                           "value.\n", "en")
    assert not [f for f in facts if f.facet == "card_points" and "2" in f.value]


@pytest.mark.parametrize("text", [
    "WHIST.\n\nThere can be 2 to 4 players.\n",
    "WHIST.\n\nGather two to six players.\n",
])
def test_players_gathered_or_allowed(text):
    _, facts, _ = facts_of(text, "en")
    assert [f.value.max for f in facts if f.facet == "players"] in ([4], [6])


@pytest.mark.parametrize("text, lang, players", [
    # a team's size is not the game's players; the total is
    ("BELOTE.\n\nThe game is played in teams of two players (4 players in total).\n", "en", [(4, 4)]),
    ("ブリッジ\n\nプレーヤーは4人で、北・東・南・西に座ります。\n", "ja", [(4, 4)]),
    ("ブリッジ\n\nプレイヤーは2人1組でチームを作ります。\n", "ja", []),
])
def test_the_players_of_the_game_not_of_a_team(text, lang, players):
    _, facts, _ = facts_of(text, lang)
    assert [(f.value.min, f.value.max) for f in facts if f.facet == "players"] == players


@pytest.mark.parametrize("text, players", [
    # a quoted name's words are no negation of the sentence («Верю - не верю»)
    ("ДУРАК.\n\nИгра «Верю - не верю» рассчитана на 3-6 человек.\n", (3, 6)),
    ("ДУРАК.\n\nИграется на троих.\n", (3, 3)),
    # "at least for two" is a lower bound, no count
    ("ПЬЯНИЦА.\n\nКарточная игра, рассчитанная как минимум на двоих.\n", None),
])
def test_russian_players_under_a_quoted_name_or_collective(text, players):
    _, facts, _ = facts_of(text, "ru")
    assert [(f.value.min, f.value.max) for f in facts if f.facet == "players"] == ([players] if players else [])


@pytest.mark.parametrize("text, decks", [
    # one pack and its cards ("1パック52枚"); "2組104枚" gives its total, not a product
    ("ババ抜き\n\n使用カードは1パック52枚です。\n", [52]),
    ("ババ抜き\n\n使用するものは、トランプ一組52枚。\n", [52]),
    ("ババ抜き\n\nトランプ2組104枚を使います。\n", []),
])
def test_one_japanese_pack_and_its_cards(text, decks):
    _, facts, _ = facts_of(text, "ja")
    assert [f.value for f in facts if f.facet == "deck_size"] == decks



def test_a_japanese_row_per_number_of_players_is_a_condition():
    # 「3人プレイ時・・・51枚」: a chart's row, not the game's players
    _, facts, _ = facts_of("ハーツ\n\n人数によって以下のように変わる。\n3人プレイ時・・・51枚\n4人プレイ時・・・52枚\n", "ja")
    assert not [f for f in facts if f.facet == "players"]


@pytest.mark.parametrize("text, facet, value", [
    ("FIVE HUNDRED.\n\nGoal: Obtain 500 points by bidding.\n", "target_score", 500),
    ("FIVE HUNDRED.\n\nThe size of the cards ranges from A (big) to 7.\n", "rank_order",
     ["A", "K", "Q", "J", "10", "9", "8", "7"]),
])
def test_a_goal_label_and_a_range_of_ranks(text, facet, value):
    _, facts, _ = facts_of(text, "en")
    assert [f.value for f in facts if f.facet == facet] == [value]


def test_the_rest_at_face_value_wrapped_over_a_printed_line():
    # a hard-wrapped book: the sentence of the others runs over a line break
    _, facts, _ = facts_of("CRIBBAGE.\n\nA pack of fifty-two cards. The cards have a pip value, the three court\ncards, K Q J, and the 10 being "
                           "worth ten points each. All other cards,\nincluding the Ace, retain their face value.\n", "en")
    assert [f.value for f in facts if f.facet == "card_points"] == [
        {"K": 10, "Q": 10, "J": 10, "10": 10, "A": 1, **{k: v for k, v in _FACE.items() if k != "10"}}]


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_players_of_one_sentence_over_a_hard_wrapped_line(newline):
    # a line broken inside the sentence does not part "two … although three … or four"
    text = (f"CRIBBAGE.\n\nCribbage is distinctly a game for two players, although{newline}three may play, "
            f"each for himself, or four, two being partners.\n")
    _, facts, _ = facts_of(text, "en")
    assert [(f.value.min, f.value.max) for f in facts if f.facet == "players"] == [(2, 4)]


def test_an_example_opened_with_a_colon_runs_to_its_paragraphs_end():
    text = ("ALL FOURS.\n\nThe best method is to announce the lowest trump. For instance: Four are playing, and "
            "a round of trumps comes out, the six being the lowest. The player holding it announces: “Six for Low,” "
            "and keeps it.\n\nThe game is seven points.\n")
    _, facts, _ = facts_of(text, "en")
    assert {f.facet: f.role for f in facts} == {"score:low": "example", "target_score": "rule"}


def test_an_example_cue_without_a_colon_is_its_own_sentences():
    # 「例えば、…」 one sentence; the rule after it in the paragraph stays a rule
    text = ("ピケ\n\n（２）２つ目の項目は、最も良い シーケンス、すなわち同じスートの連続したカードが３枚以上ある場合、"
            "または同じ枚数の場合はランクの高い方のカードが得点となります。例えば、１０、９、８、７はエース、キング、"
            "クイーンよりも良いです。３枚の連続したカードは、何であれ３点と数えられます。\n")
    _, facts, _ = facts_of(text, "ja")
    assert [(f.facet, f.value, f.role) for f in facts if f.facet.startswith("score:")] == [("score:tierce", 3, "rule")]


@pytest.mark.parametrize("text, order", [
    ("POKER.\n\nTiger. Must be seven high and deuce low; without a pair.\n", []),
    ("WHIST.\n\nThe cards rank Ace high and deuce low.\n", ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]),
])
def test_a_rank_order_from_its_ends_reaches_the_court_cards(text, order):
    # "seven high and deuce low" is a poker hand, not the pack's order
    _, facts, _ = facts_of(text, "en")
    assert [f.value for f in facts if f.facet == "rank_order"] == ([order] if order else [])


def test_a_second_name_in_the_heading_is_the_same_game():
    # "BÉZIQUE, OR SIXTY-FOUR-CARD BINOCLE.": the pack the heading states is Bézique's
    _, facts, _ = facts_of("BÉZIQUE, OR SIXTY-FOUR-CARD BINOCLE.\n\nThere are two forms of Bézique in common use.\n", "en")
    assert [(f.game_id, f.facet, f.value) for f in facts] == [("bezique", "deck_size", 64)]


def test_played_by_a_list_of_counts_over_a_hard_wrapped_line():
    _, facts, _ = facts_of("EUCHRE.\n\nIt can be played\r\nby two, three, or four players.\n", "en")
    assert [(f.value.min, f.value.max) for f in facts if f.facet == "players"] == [(2, 4)]


@pytest.mark.parametrize("text", [
    "OLD MAID.\n\nFrom a full pack of fifty-two cards take out one queen. Shuffle well.\n",
    "OLD MAID.\n\nTake a pack of fifty-two cards and remove one queen.\n",
])
def test_a_removal_counted_after_its_verb(text):
    _, facts, _ = facts_of(text, "en")
    assert [f.value for f in facts if f.facet == "deck_size"] == [51]


def test_cards_thrown_out_by_each_player_are_no_hand():
    _, facts, _ = facts_of("CRIBBAGE.\n\nThe two cards thrown out by each player and the turn-up card form the crib.\n", "en")
    assert not [f for f in facts if f.facet == "hand_size"]


def test_a_supposed_hand_inside_a_sentence_is_an_example():
    _, facts, _ = facts_of("PIQUET.\n\nA pique is gained as follows:--Supposing the elder hand to have a quint to an ace, "
                           "it is good also as a sequence, and counts twenty.\n", "en")
    assert [f.role for f in facts if f.facet.startswith("score:")] == ["example"]


def test_a_list_of_fours_is_no_score():
    # "four aces, four kings, four queens": cards counted, not points
    _, facts, _ = facts_of("BÉZIQUE.\n\nThe Béziques, four kings, four queens, &c., are counted the same as in Bézique.\n"
                           "Four kings, 80 points.\n", "en")
    assert [(f.facet, f.value) for f in facts if f.facet.startswith("score:")] == [("score:four_kings", 80)]


@pytest.mark.parametrize("text", [
    "TWENTY-EIGHT.\n\nNext the dealer passes out four cards to each individual, one at a time.\n",
    "TWENTY-ONE.\n\nThe dealer distributes three face-up cards to each player, one card at a time.\n",
])
def test_dealt_one_at_a_time_by_any_verb_of_giving(text):
    _, facts, _ = facts_of(text, "en")
    assert [f.value for f in facts if f.facet == "deal_pattern"] == [[1]]


def test_a_deal_by_packets_named_in_a_list_of_three():
    _, facts, _ = facts_of("BÉZIQUE.\n\nThe dealer gives eight to each player, by threes, twos, and threes.\n", "en")
    assert [f.value for f in facts if f.facet == "deal_pattern"] == [[3, 2, 3]]


def test_a_players_standing_is_no_target():
    # "if he is 18 or 20 up on the score": where a player stands, not what wins the game
    _, facts, _ = facts_of("BRIDGE.\n\nOne always calculates that the dealer will go out if he is 18 or 20 up on the score.\n"
                           "The game is 30 up.\n", "en")
    assert [f.value for f in facts if f.facet == "target_score"] == [30]
