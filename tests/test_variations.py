"""A game's variations part: facts under a "Variations" sub-heading, and under the list-only
sub-headings after it, are one form of the game (`alternative`), not its rule."""

from pipeline.extract import extract
from pipeline.ingest import ingest
from pipeline.manifest import ManifestEntry
from pipeline.segment import segment
from tests.test_extract import KNOWLEDGE, facts_of


def facts_under(text: str, lang: str, convention: str):
    entry = ManifestEntry(id="t", file="texts/t.txt", language=lang, title="T", conventions=[convention])
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    sections, _ = segment(doc, KNOWLEDGE, [convention])
    return {(f.facet, str(f.value), f.qualifier) for f in extract(doc, sections, KNOWLEDGE)}


JA = ("ドゥラーク\n\n人数は 2～6 人です．36 枚のトランプを使います．\n\n手札は 6 枚です．\n\n"
      "バリエーション\n\n多くのバリエーションがあります．\n\n"
      "少人数または多人数\n\n• ダブル．36 枚のトランプ 2 組を使います．\n\n"
      "手札の変形\n\n• 等差数列．手札を 1 人 1 枚ずつ配ります．\n\n"
      "ピケ\n\nピケは 2 人で遊びます．32 枚のトランプを使います．\n")


def test_list_only_sub_sections_after_a_variations_heading_are_forms_of_the_game():
    got = facts_under(JA, "ja", "bare_title")
    assert ("deck_size", "36", None) in got and ("hand_size", "6", None) in got   # before it: the rule
    assert ("deck_size", "72", "alternative") in got          # 「少人数または多人数」's list
    assert ("deal_pattern", "[1]", "alternative") in got      # 「手札の変形」's list
    assert ("deck_size", "72", None) not in got and ("deal_pattern", "[1]", None) not in got
    assert ("deck_size", "32", None) in got                   # the next game is not a variation


EN = ("NAPOLEON.\n\nNapoleon is played by four persons, with a pack of fifty-two cards.\n\n"
      "VARIATIONS.\n\nIn Peep Nap, a pack of thirty-two cards is used.\n\n"
      "SUGGESTIONS FOR BEGINNERS.\n\nEach player holds his hand of five cards.\n\n"
      "NUMBER OF PLAYERS.\n\nThe game is best when five play. Five cards are dealt to each player.\n")


def test_a_prose_sub_section_ends_the_variations_part():
    got = facts_under(EN, "en", "caps_period")
    assert ("deck_size", "52", None) in got
    assert ("deck_size", "32", "alternative") in got
    assert ("hand_size", "5", None) in got   # "NUMBER OF PLAYERS.": prose, the game's rule again


def test_a_variants_variations_part_lists_the_familys_forms():
    # a page goes on from durak to one variant, then lists the variations: they are durak's,
    # except under a sub-heading naming the variant
    got, _, _ = facts_of("ドゥラーク\n\n36枚のトランプを使います．人数は2〜6人です．\n\n単純なドゥラーク\n\n"
                         "守備が失敗したとき，攻め札は片付けます．\n\nバリエーション\n\n少人数または多人数\n\n"
                         "• ダブル．36 枚のトランプ 2 組を使います．\n\n単純なドゥラークの攻め札\n\n• ペア．手札は 5 枚です．\n", "ja")
    assert ("durak", "packs", "2") in got and ("simple-durak", "packs", "2") not in got
    assert ("simple-durak", "hand_size", "5") in got


def test_sub_headings_after_a_variant_listed_under_the_familys_variations_are_the_familys_forms():
    text = ("1000\n\n3 人で遊びます．目標点は1000点です．\n\nバリエーションあるいは類似のゲーム\n\n501\n\n目標点は501点です．\n\n"
            "32枚のトランプを使う\n\n手札を10枚ずつ配ります．最後のカード勝負に勝った人は10点を得ます．\n")
    _, facts, _ = facts_of(text, "ja")
    got = {(f.game_id, f.facet, str(f.value), f.qualifier) for f in facts}
    assert ("five-hundred-one", "target_score", "501", None) in got
    assert ("thousand", "hand_size", "10", "alternative") in got
    assert not [g for g in got if g[0] == "five-hundred-one" and g[1] == "hand_size"]
