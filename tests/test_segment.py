"""Segmentation and identification: each trap of the received texts, shown on a small text
written in the same style, handled by general rules."""

import json

from pipeline.build import build, load_checked_knowledge
from pipeline.ingest import ingest
from pipeline.manifest import load_manifest
from pipeline.segment import segment
from schemas import ManifestEntry
from tests.conftest import CORPUS

KNOWLEDGE = load_checked_knowledge(load_manifest(CORPUS))


def sections_of(text: str, lang: str = "ja"):
    entry = ManifestEntry(id="t", file="texts/t.txt", language=lang, title="T")
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    secs, warnings = segment(doc, KNOWLEDGE)
    return secs, warnings


def games(secs):
    return [(s.start_line, s.kind, s.game_id) for s in secs if s.kind in ("game", "variant")]


JA_BOOK = """ホイルのゲーム

ナポレオン。
ナポレオンは4人から5人でプレイする。

プール。
賭け金を入れる箱のこと。

ピケ。
ピケは2人用のゲームです。32枚のカードを使う。

ピケ。
30点に達したプレイヤーはピケとなり、60点を加算する。

聖遺物。
ユーカーは2人、3人、4人でプレイできます。

橋。
一方が4点、他方が1点のときをいう。

ホイスト。
ホイストは4人でプレイします。

橋。
これは、古くから親しまれているホイストの発展形です。
"""


def test_japanese_book_headings_and_terms_in_context():
    secs, _ = sections_of(JA_BOOK)
    assert games(secs) == [(3, "game", "napoleon"), (9, "game", "piquet"), (15, "game", "euchre"),
                           (21, "game", "whist"), (24, "game", "bridge")]
    subs = {(s.start_line, s.title) for s in secs if s.kind == "subsection"}
    # プール inside Napoleon is the pool; ピケ inside Piquet the bonus; 橋 inside Euchre a score.
    assert {(6, "プール。"), (12, "ピケ。"), (18, "橋。")} <= subs


def test_contents_entries_are_not_headings_and_a_lost_heading_is_recovered():
    text = ("コンテンツ\nピケ\n取引 1\nプール\n法務顧問 2\n\n"
            "{1}\n\nピケ。\nピケは2人用のゲームです。\n\n"
            "{2}\nプールはビリヤードの中でも最も社交的なゲームであり、何人でも参加できます。\n")
    secs, _ = sections_of(text)
    got = [(s.start_line, s.game_id, s.rule) for s in secs if s.kind in ("game", "variant")]
    assert got[0][:2] == (9, "piquet")
    pool = [g for g in got if g[1] and "pool" in g[1]]
    assert pool and pool[0][0] == 13 and pool[0][2] == "recovered-from-contents"
    assert all(s.start_line > 6 for s in secs if s.kind in ("game", "variant"))


EN_BOOK = """FROG.

Frog is played by three persons with a pack of thirty-six cards.

=Frog.= The name comes from the bids.

SOLO.

Solo is a game for four players.

=Heart Solo= is a game for three players.

CARDS.

11. There are thirty-two cards in the pack.

LAWS OF PIQUET.

1. The pack.

PIQUET.

Piquet is played by two persons.

RUBICON PIQUET, FOR TWO PLAYERS.

The game is a rubicon of 100 points.
"""


def test_english_caps_headings_run_in_variants_and_laws():
    secs, _ = sections_of(EN_BOOK, "en")
    assert games(secs) == [(1, "game", "frog"), (7, "game", "solo"), (11, "variant", "heart-solo"),
                           (21, "game", "piquet"), (25, "variant", "rubicon-piquet")]
    kinds = {s.title: s.kind for s in secs}
    assert kinds["CARDS."] == "subsection"
    assert kinds["LAWS OF PIQUET."] == "laws"
    rubicon = next(s for s in secs if s.game_id == "rubicon-piquet")
    piquet = next(s for s in secs if s.game_id == "piquet" and s.kind == "game")
    assert rubicon.parent_id == piquet.id
    # the laws a heading names are that game's, wherever they stand
    assert next(s for s in secs if s.title == "LAWS OF PIQUET.").game_id == "piquet"


PLAIN_TEXT_EDITION = """HEARTS.

Hearts is played by four persons with a pack of fifty-two cards.

_=CARDS.=_ The full pack of fifty-two cards is used.

_=TWO-HANDED HEARTS.=_ This is played with the full pack, each player taking thirteen cards.

_=Leading through Hearts.=_ The player who leads through a strong hand plays low.

_=BLACK LADY.=_ The queen of spades counts thirteen against its taker.

SOLO.

Solo is a game for four players.

_=HEART SOLO.=_ This is a game for three players.

PIQUET.

Piquet is played by two persons.
"""


def test_a_plain_text_editions_bold_italic_run_in_heading_opens_a_variant_of_the_game_it_names():
    # `_=X.=_` is bold italics in a plain-text edition; a form of the current game unknown to
    # the registry is a provisional variant; a topic ("CARDS") or an action ("Leading through
    # Hearts") is no variant
    secs, _ = sections_of(PLAIN_TEXT_EDITION, "en")
    got = games(secs)
    assert got[0] == (1, "game", "hearts") and got[-1] == (19, "game", "piquet")
    assert [(line, kind) for line, kind, _ in got[1:-1]] == [(7, "variant"), (11, "variant"), (13, "game"),
                                                             (17, "variant")]
    variant = next(s for s in secs if s.start_line == 7)
    assert variant.title.startswith("_=TWO-HANDED HEARTS.=_")
    assert variant.parent_id == next(s.id for s in secs if s.game_id == "hearts")


def test_web_page_titles_and_repeated_pages():
    text = ("キング\n\n人数とカード\n\n4 人．32 枚．\n\n"
            "ドゥラークまたは“ばか” (2) 戦術\n\n人数とカード\n\n2～6 人．\n\n"
            "ドゥラークまたは“ばか” (1) 基本ルール\n\nカードを配る\n\n6 枚ずつ配ります．\n")
    secs, _ = sections_of(text)
    assert games(secs) == [(1, "game", "king"), (7, "game", "durak"), (13, "game", "durak")]
    assert [s.title for s in secs if s.kind == "subsection"] == ["人数とカード", "人数とカード", "カードを配る"]


def test_forum_inline_tags_and_separator_titles():
    body = ("*" * 70 + " ベジーク(Bezique)と，ピノクル(Pinocle)の２人ゲーム 1995/12/22 "
            "<人数> ２人 <カード> ３２枚のカードを２組 " + "+" * 70 + " <ピノクル（２人ゲーム）> ピノクルでは，")
    text = "Subj:ルール紹介 From:x Date:95/12/21 12:15\n" + body
    secs, _ = sections_of(text)
    got = [(s.kind, s.game_id, s.start_line) for s in secs if s.kind in ("game", "variant")]
    assert got == [("game", "bezique", 2), ("game", "pinochle", 2)]
    assert [s.title for s in secs if s.kind == "subsection"] == ["<人数>", "<カード>"]


def test_index_entries_are_not_headings():
    text = "СОДЕРЖАНИЕ.\n\nPiquet, 463\n\nПикет, 463\n\nWhist, 60\n\n" + "Текст " * 30 + "\n"
    secs, _ = sections_of(text, "ru")
    assert games(secs) == []


def test_a_new_book_in_the_same_style_segments_without_code_changes(corpus_factory, tmp_path):
    book = ("Spotted a typo or a problem in this chapter? Tell us\n\n" if False else "") + (
        "THE BOOK OF GAMES.\n\nPREFACE.\n\nThis book describes games.\n\n"
        "ECARTE.\n\nEcarte is played by two persons with thirty-two cards.\n\n"
        "CARDS.\n\nThe king is the highest card.\n\n"
        "EUCHRE.\n\nEuchre is played by four persons.\n\n"
        "THREE-HANDED EUCHRE.\n\nEach plays for himself.\n")
    root = corpus_factory('[[source]]\nid = "new-book"\nfile = "texts/b.txt"\nlanguage = "en"\ntitle = "B"\n',
                          {"texts/b.txt": book})
    out = tmp_path / "out"
    build(root, out, site=False, progress=False)
    rows = [json.loads(x) for x in (out / "data" / "sections.jsonl").read_text().splitlines()]
    assert [(r["game_id"], r["kind"]) for r in rows if r["kind"] in ("game", "variant")] == [
        ("ecarte", "game"), ("euchre", "game"), ("three-handed-euchre", "variant")]
    assert rows[0]["kind"] == "front"
    text = book
    for r in rows:
        assert r["anchor"]["start"] < r["anchor"]["end"] <= len(text)
        assert r["start_line"] <= r["end_line"]


def test_a_text_that_opens_inside_a_game_is_given_that_game():
    text = ("CARDS.\n\n11. There are thirty-two cards in the Skat pack.\n\n12. In Skat the jacks are trumps.\n\n"
            "13. The skat is two cards.\n\nDEALING.\n\n14. Skat is dealt by threes.\n\nFROG.\n\nFrog is played by three.\n")
    secs, _ = sections_of(text, "en")
    assert games(secs) == [(1, "game", "skat"), (13, "game", "frog")]
    lead = secs[0]
    assert lead.rule == "recovered-from-mentions" and lead.title is None
    # a front matter stretch is never taken for a game, however often it names one
    front = "PREFACE.\n\n1. Skat.\n\n2. Skat.\n\n3. Skat, Skat.\n\nFROG.\n\nFrog is played by three.\n"
    secs, _ = sections_of(front, "en")
    assert games(secs) == [(9, "game", "frog")]


def test_the_introduction_of_a_page_on_one_game_is_that_game():
    """A web page on one game: its title and introduction come before its first heading, and are
    the game's text (facts there count), not front matter."""
    page = ("【花札】こいこいの遊び方とルール\n\n基本的には2人で遊びます。\n\n1組48枚を使います。\n\n"
            "こいこいの遊び方\n\n札を配ります。\n\nこいこい\n\n親は8枚ずつ配ります。\n")
    secs, _ = sections_of(page)
    lead = secs[0]
    assert (lead.start_line, lead.kind, lead.game_id) == (1, "game", "koi-koi")
    assert lead.rule in ("introduction-of-the-one-game", "document+title-line")
    # two games after it: the lead stays front matter (it may be any of them, or none)
    two = page + "\nナポレオン\n\nナポレオンは5人で遊びます。\n"
    secs, _ = sections_of(two)
    assert secs[0].kind == "front"


def test_a_short_sentence_is_not_a_heading():
    text = ("ピケ。\nピケは2人用のゲームです。\n\nディーラー以外の者を「ベテラン」と呼ぶのが慣例である。\n"
            "ディーラーはカードを配る。\n\n取引。\nカードを配る。\n\nベジーク。\nベジークは2人用のゲームです。\n")
    secs, _ = sections_of(text)
    titles = [s.title for s in secs if s.kind == "subsection"]
    assert titles == ["取引。"]


RUN_IN_TOPICS = """HEARTS.

Hearts is played by four persons with a pack of fifty-two cards.

_=SCORING.=_ The game is fifty points.

_=SUGGESTIONS FOR GOOD PLAY.=_ The following hints are for two players, each for himself.
A player who is six up should lead low.

_=CHEATING.=_ The sharper deals the three top cards to himself.

_=IRREGULARITIES.=_ A misdeal loses the deal.

_=BLACK LADY.=_ The queen of spades counts thirteen against its taker.

_=HEART SOLO.=_ This is a game for three players.
"""


def test_a_run_in_topic_of_the_game_ends_the_topic_before_it_and_advice_is_no_rule():
    """A plain-text edition's run-in topics (`_=SCORING.=_ …`, in a text whose run-in headings
    name its games) are sub-sections of the game they stand in; advice, cheating and history
    among them are `other` parts, whose numbers are no rules ("the following hints are for
    two players")."""
    secs, _ = sections_of(RUN_IN_TOPICS, "en")
    assert [g for _, _, g in games(secs)][:2] == ["hearts", "black-lady"]
    kinds = [(s.start_line, s.kind) for s in secs if s.level == 1]
    assert kinds == [(5, "subsection"), (7, "other"), (10, "other"), (12, "subsection")]
    from tests.test_extract import facts_of
    _, facts, _ = facts_of(RUN_IN_TOPICS, "en")
    players = {(f.game_id, f.value.min, f.value.max) for f in facts if f.facet == "players"}
    assert ("hearts", 4, 4) in players and not any(lo == 2 for _, lo, _ in players)


def test_run_in_topics_under_a_variations_heading_stay_in_the_variations_part():
    """"VARIETIES." then `_=FOR TWO.=_ Each player takes eleven cards`: each run-in topic is a
    paragraph of the variations part, so what it states is one form of the game (`alternative`)."""
    from tests.test_extract import facts_of
    text = RUN_IN_TOPICS.replace("_=IRREGULARITIES.=_ A misdeal loses the deal.",
                                 "VARIETIES OF HEARTS.\n\nThere are several forms.\n\n"
                                 "_=FOR TWO PARTNERS.=_ Each player is dealt eleven cards.")
    _, facts, _ = facts_of(text, "en")
    eleven = [f for f in facts if f.facet == "hand_size" and f.value == 11]
    assert eleven and all(f.qualifier == "alternative" for f in eleven)
