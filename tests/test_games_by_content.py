"""Games found by what their part says where the registry does not know them: a card game among
the pastimes of a book, a variant said in one line ("Same as … except"), a page whose title
line agrees with the user's title, a game likened to another. Each text is small and written
for its test."""

from pipeline.identify.index import game_index
from pipeline.ingest import ingest
from pipeline.segment import segment_document
from schemas import ManifestEntry
from tests.test_segment import KNOWLEDGE

_PASTIMES = ["Tug of War", "Blind Man's Buff", "Hunt the Slipper", "Charades", "Musical Chairs",
             "Spinning the Plate", "Forfeits", "Hide and Seek", "Dumb Crambo", "The Candle-Lighters",
             "Puss in the Corner", "Oranges and Lemons"]


def _segmentation(text: str, lang: str, title: str = "T"):
    entry = ManifestEntry(id="t", file="texts/t.txt", language=lang, title=title)
    doc, _ = ingest(entry, text.encode(), path="t.txt", languages=KNOWLEDGE.languages)
    return segment_document(doc, KNOWLEDGE, None, title)


def _part(name: str, body: str) -> str:
    return f"{name}\n\n{body}\n\n\n"


def _pastime_book() -> str:
    # (a tier's games begin at its first known game: the card games come after Snap)
    parts = [_part(p, "The players stand in a ring and one of them is chosen to begin; whoever is caught "
                      "pays a forfeit, and the game goes on until everybody is tired of it.") for p in _PASTIMES]
    parts.insert(8, _part("Hat and Cards", "A tall hat is placed in the middle of the room and a pack of cards is "
                                           "dealt out to the players. The game is to throw the cards one by one "
                                           "into the hat, and the player who gets most cards in wins."))
    parts.insert(1, _part("Snap", "Snap is played with a pack of cards dealt round to all the players, who turn "
                                  "up their cards in turn and cry Snap when two alike are shown."))
    parts.insert(2, _part("Snap Cards", "Snap cards may be home-made as well as bought; the cards of a set must "
                                        "be just alike, and a game needs a dozen sets of four cards."))
    parts.insert(5, _part("Old Maid", "Old Maid is played with a pack of cards from which three queens have "
                                      "been taken; the cards are dealt and each player throws out pairs."))
    parts.insert(10, _part("Shuffling", "1.--The pack must be shuffled above the table, so that the cards "
                                        "cannot be seen, and the game begins when the cards are cut."))
    return "".join(parts)


def test_a_card_game_among_pastimes_is_a_game_and_a_card_topic_is_not():
    seg = _segmentation(_pastime_book(), "en")
    names = sorted(g.names.en for g in seg.provisional)
    assert names == ["Hat and Cards"]
    games = [s.game_id for s in seg.sections if s.kind in ("game", "variant")]
    assert {"snap", "old-maid"} <= set(games)


def test_in_a_book_of_card_games_cards_tell_no_game_from_a_topic():
    # every part names cards: the pastime rule says nothing, a topic stays a topic
    book = _pastime_book().replace("forfeit, and the game", "forfeit of two cards, and the card game") \
        .replace("one of them is chosen", "one of the cards is chosen")
    seg = _segmentation(book, "en")
    assert "Hat and Cards" not in [g.names.en for g in seg.provisional]


_POKER = """# Poker

## Draw games

### Five-card Draw

Each player is dealt five cards face down from a pack of 52 cards, then may exchange up to three of them.

### Low Draw

Same as Five-card Draw, except that the lowest hand wins.

## Stud games

### Seven-card Stud

Each player receives seven cards, three face down and four face up, from a pack of 52 cards.

### Hints

Play like a careful player would: fold weak hands early, watch the cards shown, and bet with strong ones.

### Razz

Seven-card Stud for the lowest hand: the cards rank with the ace low, from a pack of 52 cards.
"""


def test_a_variant_said_in_one_line_beside_a_known_game_is_a_game_of_its_tier():
    seg = _segmentation(_POKER, "en")
    names = [g.names.en for g in seg.provisional]
    assert "Low Draw" in names
    assert "Hints" not in names   # a part long enough to count its cards, and counting none


_BLOG = """岩手県のボードゲーム日記
by someone
カテゴリ
ボードゲーム・レビュー
その他

九点半

九点半のルール説明から始めます。人数は3人から10人ぐらいまでです。使用カードは1パック52枚です。
ゲームはブラックジャックに似ています。Aは1で、2から10は数字どおりです。
"""


def test_the_line_the_users_title_names_is_the_pages_game_and_a_game_it_is_likened_to_is_not():
    seg = _segmentation(_BLOG, "ja", title="九点半 — ボードゲーム・レビュー")
    games = [s.game_id for s in seg.sections if s.kind in ("game", "variant")]
    assert "vingt-et-un" not in games
    assert [g.names.ja for g in seg.provisional] == ["九点半"]


def test_a_symbol_around_a_name_is_no_part_of_it():
    index = game_index(KNOWLEDGE)
    assert index.plausible_name("☕ DOFFA Crazy 8") == "DOFFA Crazy 8"
    assert index.plausible_name("♠ Spit ♠") == "Spit"


def test_a_title_that_says_it_is_a_games_rules_names_it_though_the_text_counts_no_cards():
    # a forum post on Spades (the suit's name is no game of the registry); the author in brackets
    text = ("どうも、慶三です。稚拙ながらスペードのやり方の説明をさせていただきます。"
            "このゲームは反対側に座っている人と組んで他の二人と対戦するゲームです。\n")
    seg = _segmentation(text, "ja", title="スペードのやり方の説明（慶三）")
    assert [g.names.ja for g in seg.provisional] == ["スペード"]
    # a title form never takes two sentences for a name: each sentence is a part of the title,
    # and the words a title wraps around a name are left in any form ("правила")
    index = game_index(KNOWLEDGE)
    assert index.named_in_title("Карточная игра кинг правила. Кинг (все известные разновидности)") == "кинг"
    assert index.named_in_title("1000: карточная игра. Правила игры в тысячу") == "тысяча"
    # a stop after a short word is an abbreviation, not a sentence's end
    assert index.match("Napoleon at St. Helena").game_id == "forty-thieves"


def test_a_quoted_name_right_before_the_word_game_names_the_posts_game():
    text = ("新しいトランプゲームを考えるスレ\n\n8 名無しさん\nもちかねゲーム\n\n基本的には同じ数字なら出せる。"
            "出せなければ出るまで山から取り続ける。\n\nゆえに「もちかね」ゲーム\nなかなか盛り上がる\n")
    seg = _segmentation(text, "ja", title="新しいトランプゲームを考えるスレ — 掲示板の過去ログ")
    assert [g.names.ja for g in seg.provisional] == ["もちかね"]
