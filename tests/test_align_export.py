"""Comparisons and exports: statuses on hand-made fixtures, and every export checked against
the JSON data it is made from."""

import csv
import json
import sqlite3

import jsonschema
from lxml import etree

from pipeline.align import align, compare_game, variant_changes
from schemas import Anchor, Fact, PlayerRange, Source
from schemas.generate import EXPORTED
from tests.test_segment import KNOWLEDGE


def fact(source, facet, value, qualifier=None, game="piquet", n=0):
    a = Anchor(start=n, end=n + 1, line=1, page=None, quote="x", prefix="", suffix="")
    return Fact(id=f"{source}:{n}:{facet}", game_id=game, source_id=source, section_id=f"{source}:1",
                facet=facet, value=value, qualifier=qualifier, anchor=a, rule="test")


def test_statuses_agree_differ_single_and_qualifiers_apart():
    facts = [fact("a", "players", PlayerRange(min=2, max=2), n=1), fact("b", "players", PlayerRange(min=2, max=2), n=2),
             fact("a", "target_score", 100, n=3), fact("b", "target_score", 150, n=4),
             fact("a", "hand_size", 12, n=5),
             fact("a", "talon_size", 8, n=6), fact("b", "talon_size", 12, qualifier="alternative", n=7)]
    comp = compare_game("piquet", facts, ["a", "b"], KNOWLEDGE.facets)
    status = {(r.facet, r.qualifier): r.status for r in comp.rows}
    assert status == {("players", None): "agree", ("target_score", None): "differ", ("hand_size", None): "single",
                      ("talon_size", None): "single", ("talon_size", "alternative"): "single"}
    assert comp.rows[0].facet == "players"  # players first, then the pack, the deal, ...


def test_sources_read_as_a_timeline():
    sources = [Source(id=i, title=i, language="en", year=y, edition=None, kind="book", machine_translated=False,
                      file=f"{i}.txt", sha256="0" * 64, chars=1, lines=1, encoding="utf-8")
               for i, y in (("late", 2013), ("early", 1909), ("mid", 1914))]
    facts = [fact(s, "deck_size", 32, n=i) for i, s in enumerate(("late", "early", "mid"))]
    (comp,) = align(facts, sources, KNOWLEDGE)
    assert comp.sources == ["early", "mid", "late"]
    assert list(comp.rows[0].cells) == ["early", "mid", "late"]


def test_variant_lists_what_it_changes_from_its_parent():
    parent = compare_game("piquet", [fact("a", "target_score", 100), fact("a", "deck_size", 32, n=1)], ["a"], KNOWLEDGE.facets)
    variant = compare_game("rubicon-piquet", [fact("a", "target_score", 100, game="rubicon-piquet", n=2),
                                              fact("a", "deck_size", 32, game="rubicon-piquet", n=3),
                                              fact("a", "hand_size", 12, game="rubicon-piquet", n=4)], ["a"], KNOWLEDGE.facets)
    assert variant_changes(variant, parent, KNOWLEDGE.facets) == []
    variant2 = compare_game("rubicon-piquet", [fact("a", "target_score", 500, game="rubicon-piquet")], ["a"], KNOWLEDGE.facets)
    (change,) = variant_changes(variant2, parent, KNOWLEDGE.facets)
    assert (change.facet, change.parent_values, change.variant_values) == ("target_score", [100], [500])


def load_jsonl(path):
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def test_every_exported_record_validates_against_its_json_schema(embedded_build):
    out, _ = embedded_build
    data = out / "data"
    files = {"source": json.loads((data / "sources.json").read_text()),
             "game": json.loads((data / "games.json").read_text()),
             "comparison": json.loads((data / "comparisons.json").read_text()),
             "section": load_jsonl(data / "sections.jsonl"), "fact": load_jsonl(data / "facts.jsonl"),
             "toc_link": load_jsonl(data / "toc_links.jsonl"), "topic_passage": load_jsonl(data / "topics.jsonl")}
    for name, records in files.items():
        schema = json.loads((data / "schema" / f"{name}.json").read_text())
        validator = jsonschema.Draft202012Validator(schema)
        assert records, name
        for r in records:
            validator.validate(r)
        # JSON -> model -> JSON gives the same record
        model = EXPORTED[name]
        for r in records[:200]:
            assert json.loads(model.model_validate_json(json.dumps(r)).model_dump_json()) == r


def test_csv_and_sqlite_hold_the_same_records_as_the_json(embedded_build):
    out, result = embedded_build
    data = out / "data"
    counts = {"sources": len(json.loads((data / "sources.json").read_text())),
              "games": len(json.loads((data / "games.json").read_text())),
              "sections": len(load_jsonl(data / "sections.jsonl")),
              "facts": len(load_jsonl(data / "facts.jsonl")),
              "toc_links": len(load_jsonl(data / "toc_links.jsonl")),
              "topic_passages": len(load_jsonl(data / "topics.jsonl")),
              "comparisons": sum(len(c["rows"]) for c in json.loads((data / "comparisons.json").read_text()))}
    con = sqlite3.connect(data / "rules.sqlite")
    for table, n in counts.items():
        with (data / "csv" / f"{table}.csv").open(encoding="utf-8", newline="") as fh:
            assert sum(1 for _ in csv.DictReader(fh)) == n, table
        assert con.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0] == n, table
    # the full-text table finds text in all three languages
    for q in ("repic", "ベジーク", "колод"):
        assert con.execute("SELECT count(*) FROM section_text WHERE section_text MATCH ?", (q,)).fetchone()[0] > 0, q
    con.close()


def test_the_word_index_finds_short_japanese_words_and_every_word_form(embedded_build):
    """section_search (issue 15): a two-character Japanese word (the trigram table cannot match
    it), Russian forms under one lemma, English forms by the porter stemmer."""
    out, _ = embedded_build
    con = sqlite3.connect(out / "data" / "rules.sqlite")

    def sections(q: str) -> set[str]:
        return {r[0] for r in con.execute("SELECT section_id FROM section_search WHERE section_search MATCH ?",
                                          (q,))}
    try:
        assert con.execute("SELECT count(*) FROM section_text WHERE section_text MATCH ?", ("ピケ",)).fetchone()[0] == 0
        piquet = sections("ピケ")
        assert piquet and {"piquet"} <= {r[0] for r in con.execute(
            f"SELECT game_id FROM sections WHERE id IN ({','.join('?' * len(piquet))})", sorted(piquet))}
        # the dictionary form finds every section that has any form of the word
        lemma = sections("колода")
        for form in ("колоды", "колоду", "колодой", "колоде"):
            having = sections(form)
            assert having and having <= lemma, form
        assert sections("deal") and sections("dealing") == sections("deals") == sections("deal")
        # a spelling finds its variants: Foster writes "repic", Hoyle "repique"
        repic = sections("repic")
        assert repic and repic == sections("repique")
        assert any(sid.startswith("foster1914-en:") for sid in repic)
        # a hit's snippet is the text as written, not the index's words and lemmas
        snippets = [r[0] for r in con.execute("SELECT snippet(section_search, 5, '[', ']', '…', 12) FROM section_search "
                                               "WHERE section_search MATCH 'колода' AND language = 'ru'")]
        texts = " ".join(r[0] for r in con.execute("SELECT body FROM section_search WHERE language = 'ru'"))
        assert snippets and all(s.replace("[", "").replace("]", "").strip("…") in texts for s in snippets)
    finally:
        con.close()


def test_tei_is_well_formed_and_points_at_real_facts(embedded_build):
    out, result = embedded_build
    fact_ids = {f["id"] for f in load_jsonl(out / "data" / "facts.jsonl")}
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    for s in result.sources:
        tree = etree.parse(str(out / "data" / "tei" / f"{s.id}.xml"))
        ids = tree.xpath("//@xml:id")
        assert len(ids) == len(set(ids))
        assert tree.xpath("string(//t:teiHeader//t:title)", namespaces=ns) == s.title
        segs = tree.xpath("//t:seg", namespaces=ns)
        for seg in segs:
            assert seg.get("n") in fact_ids
            target = seg.get("ana")[1:]
            assert tree.xpath(f"//t:interp[@xml:id='{target}']", namespaces=ns)
        interps = tree.xpath("//t:interp/@n", namespaces=ns)
        assert set(interps) <= fact_ids and len(interps) == len(result.facts[s.id])
        if s.page_ranges:
            assert len(tree.xpath("//t:pb", namespaces=ns)) == sum(r.count for r in s.page_ranges)


def test_piquet_is_compared_across_three_sources(embedded_build):
    _, result = embedded_build
    comp = next(c for c in result.comparisons if c.game_id == "piquet")
    assert {"hoyle1909-ja", "foster1914-en", "web2013-ja"} <= set(comp.sources)
    shared = [r for r in comp.rows if len(r.cells) >= 2]
    assert len({r.facet for r in shared}) >= 6
    # Piquet's sources agree on every rule they share (the README's accuracy section); two copies
    # of one edition (foster1914-en is part of foster1914-full-en) are one witness, "single"
    assert all(r.status != "differ" for r in shared), [(r.facet, r.qualifier) for r in shared if r.status == "differ"]
    # and a real edition difference shows: Foster's six-card Cribbage against Hoyle's five-card game
    cribbage = next(c for c in result.comparisons if c.game_id == "cribbage")
    hand = next(r for r in cribbage.rows if r.facet == "hand_size" and r.qualifier is None)
    assert hand.status == "differ"
    assert {c.value for c in hand.cells["foster1914-en"]} == {6} and {c.value for c in hand.cells["hoyle1909-ja"]} == {5}
    # every Cribbage "differ" is a real difference of the two editions (the six-card and the
    # five-card game: hand and flush), and Bezique's two sources agree on all they share
    # (between the two received books: the English original added later has misreadings of its
    # own, listed in docs/corpus.md)
    pair = ("hoyle1909-ja", "foster1914-en")
    assert {r.facet for r in cribbage.rows if r.status == "differ" and all(s in r.cells for s in pair)
            and {str(c.value) for c in r.cells[pair[0]]} != {str(c.value) for c in r.cells[pair[1]]}} \
        == {"hand_size", "score:flush"}
    bezique = next(c for c in result.comparisons if c.game_id == "bezique")
    received = ("hoyle1909-ja", "nifty1995-ja")   # (the books added later: see docs/corpus.md)
    assert all({str(c.value) for c in r.cells[received[0]]} == {str(c.value) for c in r.cells[received[1]]}
               for r in bezique.rows if all(s in r.cells for s in received)), bezique.rows


def test_a_topic_word_in_a_heading_is_whole_where_katakana_goes_on():
    # プレイ (play) is not in プレイヤー (player): a sub-section on the players is no play passage
    from pipeline.align import topic_passages
    from pipeline.ingest import ingest
    from pipeline.manifest import ManifestEntry
    from pipeline.segment import segment
    text = "# ポーカー\n\n概要です。\n\n## プレイヤー\n\n2人から8人で遊びます。\n\n## プレイ\n\n時計回りにプレイします。\n"
    doc, _ = ingest(ManifestEntry(id="t", file="texts/t.md", language="ja", title="T"), text.encode(), path="t.md", languages=KNOWLEDGE.languages)
    sections, _ = segment(doc, KNOWLEDGE)
    assert [(p.title, p.topic) for p in topic_passages(sections, KNOWLEDGE, {"t": doc})] == [("## プレイ", "play")]


def test_a_deal_by_one_packet_size_agrees_however_many_rounds_are_spelt_out():
    facts = [fact("a", "deal_pattern", [4], n=1), fact("b", "deal_pattern", [4, 4, 4], n=2),
             fact("a", "hand_size", 12, n=3), fact("c", "deal_pattern", [3, 2], n=4)]
    comp = compare_game("piquet", facts, ["a", "b"], KNOWLEDGE.facets)
    assert [r.status for r in comp.rows if r.facet == "deal_pattern"] == ["agree"]
    comp = compare_game("piquet", facts, ["a", "b", "c"], KNOWLEDGE.facets)
    assert [r.status for r in comp.rows if r.facet == "deal_pattern"] == ["differ"]


def test_card_points_agree_where_both_maps_speak():
    court = {"K": 10, "Q": 10, "J": 10}
    whole = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9}
    def rows(other):
        return compare_game("piquet", [fact("a", "card_points", court, n=1), fact("b", "card_points", other, n=2)],
                            ["a", "b"], KNOWLEDGE.facets).rows
    assert [r.status for r in rows(whole)] == ["agree"]
    assert [r.status for r in rows({**whole, "K": 4})] == ["differ"]
    assert [r.status for r in rows({"A": 11, "10": 10})] == ["differ"]   # nothing shared: no agreement


def test_a_shared_value_with_more_besides_is_partial_agreement_not_a_difference():
    facts = [fact("a", "deck_size", 52, n=1), fact("b", "deck_size", 52, n=2), fact("b", "deck_size", 32, n=3),
             fact("a", "target_score", 5, n=4), fact("b", "target_score", 10, n=5), fact("b", "target_score", 7, n=6)]
    status = {r.facet: r.status for r in compare_game("piquet", facts, ["a", "b"], KNOWLEDGE.facets).rows}
    assert status == {"deck_size": "partial", "target_score": "differ"}
    # a third edition with nothing in common with one of them: no value all share
    facts.append(fact("c", "deck_size", 32, n=7))
    status = {r.facet: r.status for r in compare_game("piquet", facts, ["a", "b", "c"], KNOWLEDGE.facets).rows}
    assert status["deck_size"] == "differ"


def test_an_offered_value_meets_the_plain_ones_only_beside_a_plain_value_of_its_source():
    # "121 or even 181 points up" against "the game is 181": they agree on 181
    facts = [fact("a", "target_score", 121, n=1), fact("a", "target_score", 181, qualifier="alternative", n=2),
             fact("b", "target_score", 181, n=3),
             # "either singly or three at a time", the first not read: no reading to set against b
             fact("a", "deal_pattern", [3], qualifier="alternative", n=4), fact("b", "deal_pattern", [1], n=5)]
    rows = {(r.facet, r.qualifier): r for r in compare_game("piquet", facts, ["a", "b"], KNOWLEDGE.facets).rows}
    target = rows[("target_score", None)]
    assert target.status == "partial" and target.conflicts == []
    assert [(c.value, c.offered) for c in target.cells["a"]] == [(121, None), (181, "alternative")]
    assert rows[("deal_pattern", None)].status == "single"
    assert rows[("deal_pattern", "alternative")].status == "single"
