"""The game registry (corpus/games.yaml) as data: big enough to identify games in texts the
pipeline has never seen, consistent (ids, parents, families), and unambiguous (no name shared by
two games unless listed below with the reason)."""

from pathlib import Path

import pytest
import regex

from pipeline.identify.index import game_index
from pipeline.knowledge import load_knowledge
from pipeline.manifest import load_manifest

KNOWLEDGE = load_knowledge(load_manifest(Path(__file__).resolve().parents[1] / "corpus"))
INDEX = game_index(KNOWLEDGE)
SLUG = regex.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

# Name keys that legitimately name two games, with the reason.
SHARED_KEYS = {
    # "Help Your Neighbour (dice)": the dice game is also called plain "Help Your Neighbour"
    "helpyourneighbour": {"help-your-neighbour", "help-your-neighbour-dice"},
    # "Vingt-et-un (dice)": the dice game is also called plain "Vingt-et-un"
    "vingtetun": {"vingt-et-un", "vingt-et-un-dice"},
    # "All Fives": a card game of the All Fours group and the dominoes game Muggins
    "allfives": {"all-fives", "muggins"},
}

# Games the registry must know, by a name a text would use, and the game that name stands for.
LISTED = [
    # Japanese
    ("大富豪", "daifugo"), ("大貧民", "daifugo"), ("ナポレオン", "napoleon"),
    ("Japanese Napoleon", "japanese-napoleon"), ("セブンブリッジ", "seven-bridge"),
    ("ページワン", "page-one"), ("神経衰弱", "concentration"), ("ババ抜き", "old-maid"),
    ("こいこい", "koi-koi"), ("花合わせ", "hana-awase"), ("おいちょかぶ", "oicho-kabu"),
    ("七並べ", "fan-tan"), ("Sevens", "fan-tan"), ("ダウト", "cheat"), ("スピード", "speed"),
    ("ポーカー", "poker"), ("ブラックジャック", "vingt-et-un"),
    # Russian
    ("Тысяча", "thousand"), ("Кинг", "king"), ("Преферанс", "preference"), ("Винт", "vint"),
    ("Козёл", "kozel"), ("Козел", "kozel"), ("Буркозёл", "burkozel"), ("Бура", "bura"),
    ("Девятка", "devyatka"), ("Пра", "pra"), ("Дурак", "durak"),
    ("Переводной дурак", "perevodnoy-durak"), ("Подкидной дурак", "podkidnoy-durak"),
    ("Сека", "seka"), ("Свара", "svara"), ("Очко", "vingt-et-un"), ("Верю — не верю", "cheat"),
    # English and the rest of the world
    ("Gin Rummy", "gin-rummy"), ("Rummy", "rummy"), ("Canasta", "canasta"),
    ("Sixty-Six", "sixty-six"), ("Schnapsen", "schnapsen"), ("Euchre", "euchre"),
    ("Pinochle", "pinochle"), ("Auction Pinochle", "auction-pinochle"), ("Hearts", "hearts"),
    ("Spades", "spades"), ("Crazy Eights", "crazy-eights"), ("Cribbage", "cribbage"),
    ("Klaberjass", "klaberjass"), ("Klaverjas", "klaverjas"), ("Schafkopf", "schafkopf"),
    ("Doppelkopf", "doppelkopf"), ("French Tarot", "french-tarot"),
    ("Contract Bridge", "contract-bridge"), ("Auction Bridge", "auction-bridge"),
    ("Whist", "whist"), ("Bid Whist", "bid-whist"), ("Oh Hell", "oh-hell"),
    ("Spite and Malice", "spite-and-malice"), ("Go Fish", "go-fish"), ("War", "war"),
    ("Snap", "snap"), ("Slapjack", "slapjack"), ("Blackjack", "blackjack"),
    ("Baccarat", "baccara"), ("Texas Hold'em", "texas-hold-em"),
    ("Five-card Draw", "five-card-draw"), ("Seven-card Stud", "seven-card-stud"),
    ("Belote", "belote"), ("Jass", "jass"), ("Tute", "tute"), ("Briscola", "briscola"),
    ("Scopa", "scopa"), ("Mus", "mus"), ("Truco", "truco"), ("Brisca", "brisca"),
    ("Durak", "durak"), ("Skat", "skat"), ("Sheepshead", "sheepshead"), ("Pitch", "pitch"),
    ("Setback", "pitch"), ("Spit", "spit"), ("Egyptian Ratscrew", "egyptian-ratscrew"),
    ("President", "president"), ("Rook", "rook"),
    # patience
    ("Klondike", "klondike"), ("FreeCell", "freecell"), ("Spider", "spider"), ("Yukon", "yukon"),
    ("Golf", "golf"), ("Pyramid", "pyramid"), ("TriPeaks", "tripeaks"),
    ("Forty Thieves", "forty-thieves"), ("Canfield", "canfield"), ("Scorpion", "scorpion"),
    ("Baker's Dozen", "bakers-dozen"), ("Beleaguered Castle", "beleaguered-castle"),
    ("Gypsy", "gypsy"), ("Grandfather's Clock", "grandfathers-clock"), ("Aces Up", "aces-up"),
    ("Mod 3", "mod-3"), ("Simple Simon", "simple-simon"), ("Forty and Eight", "forty-and-eight"),
    ("Accordion", "accordion"), ("Calculation", "calculation"), ("La Belle Lucie", "la-belle-lucie"),
    ("Montana", "montana"), ("Gaps", "montana"), ("Clock", "clock"), ("Osmosis", "osmosis"),
    ("Russian Solitaire", "russian-solitaire"), ("Streets and Alleys", "streets-and-alleys"),
    ("Bristol", "bristol"), ("Cruel", "cruel"), ("Flower Garden", "flower-garden"),
    ("Monte Carlo", "monte-carlo"), ("Napoleon at St Helena", "forty-thieves"),
]

# Names that are also everyday words or terms of play: the game only with evidence.
COMMON_WORDS = [("King", "king"), ("Кинг", "king"), ("Hearts", "hearts"), ("Spades", "spades"),
                ("Boston", "boston"), ("War", "war"), ("Snap", "snap"), ("Speed", "speed"), ("Golf", "golf"),
                ("Clock", "clock"), ("Spider", "spider"), ("Pyramid", "pyramid"), ("Cheat", "cheat"),
                ("President", "president"), ("Rook", "rook"), ("Pitch", "pitch"), ("橋", "bridge"),
                ("Пра", "pra"), ("Дурак", "durak"), ("Durak", "durak")]


def test_the_registry_is_large_enough():
    assert len(KNOWLEDGE.games) >= 300


def test_ids_are_unique_slugs():
    ids = [g.id for g in KNOWLEDGE.games]
    assert len(ids) == len(set(ids))
    assert all(SLUG.match(i) for i in ids), [i for i in ids if not SLUG.match(i)]


def test_every_parent_exists_and_no_parent_chain_loops():
    for g in KNOWLEDGE.games:
        if g.parent:
            assert g.parent in KNOWLEDGE.by_id, (g.id, g.parent)
            assert g.parent != g.id
        line = KNOWLEDGE.family_line(g.id)
        assert len(line) == len(set(line)), line
        # the chain ends at a top-level game
        assert KNOWLEDGE.by_id[line[-1]].parent is None, (g.id, line)


def test_families_are_slugs_and_shared():
    families = {}
    for g in KNOWLEDGE.games:
        assert SLUG.match(g.family), (g.id, g.family)
        families.setdefault(g.family, []).append(g.id)
    # a family groups related games: only a few stand alone
    alone = [f for f, members in families.items() if len(members) == 1]
    assert len(alone) <= 3, alone


def test_names_are_in_their_language():
    for g in KNOWLEDGE.games:
        assert g.names.en.strip(), g.id
        if g.names.ru:
            assert regex.search(r"\p{Cyrillic}", g.names.ru), (g.id, g.names.ru)
        if g.names.ja:
            assert not regex.search(r"\p{Cyrillic}", g.names.ja), (g.id, g.names.ja)
        # an alias is another name, not a repeat of one ("501" may be both the en and ja name)
        assert len(g.aliases) == len(set(g.aliases)), (g.id, g.aliases)
        assert not set(g.aliases) & {n for n in g.names.model_dump().values() if n}, g.id


def test_no_name_is_shared_by_two_games_unless_listed():
    shared = {}
    for key in INDEX.keys:
        ids = set(INDEX.games_of_key(key))
        if len(ids) > 1:
            shared[key] = ids
    assert shared == SHARED_KEYS


@pytest.mark.parametrize(("name", "game_id"), LISTED)
def test_listed_games_are_known_by_name(name, game_id):
    assert game_id in KNOWLEDGE.by_id, game_id
    m = INDEX.match(name, allow_prefix=False)
    assert m is not None, name
    assert m.method in ("exact", "part"), (name, m)
    assert m.game_id == game_id, (name, m)


def common_names(game) -> list[str]:
    return [n for n in [*game.names.model_dump().values(), *game.aliases] if n] if game.common_word \
        else game.common_names


def test_common_names_are_names_of_their_game():
    for g in KNOWLEDGE.games:
        names = {n for n in [*g.names.model_dump().values(), *g.aliases] if n}
        assert set(g.common_names) <= names, (g.id, set(g.common_names) - names)
        assert not (g.common_word and g.common_names), g.id  # common_word already marks every name


@pytest.mark.parametrize(("name", "game_id"), COMMON_WORDS)
def test_everyday_words_are_marked(name, game_id):
    assert name in common_names(KNOWLEDGE.by_id[game_id])
