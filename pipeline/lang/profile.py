"""The model of a language profile: one folder per language (like spaCy's `lang/<code>/`).

    <code>/profile.yaml      words, number words, cue words, heading words, lemma source
    <code>/facts.yaml        regex rules `{id, facet, read, pattern}` (macros: extract/rules.py)
    <code>/token_rules.yaml  spaCy Matcher rules on lemmas (extract/token_rules.py)

Every key is declared here (`extra="forbid"`): a misspelt key is an error naming its line.
Every regex is compiled at load, so a broken pattern is reported where it is written."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Literal

import regex
from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from pipeline.patterns import compile_pattern


class ProfileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True, populate_by_name=True)


def _check_patterns(patterns: list[str]) -> list[str]:
    for p in patterns:
        try:
            compile_pattern(p)
        except regex.error as exc:
            raise ValueError(f"invalid regex {p!r}: {exc}") from None
    return patterns


Patterns = list[str]

# a field of patterns with placeholders: each must name them all; each is filled with a stand-in
# to check that the pattern compiles
_PLACEHOLDERS = MappingProxyType({
    "packs_of": (("{P}", ("the packs", "1")), ("{C}", ("the cards", "2"))),
    "valued": (("{L}", ("the item's phrase", "x")), ("{P}", ("its points", "1"))),
})


class Kanji(ProfileModel):
    digits: dict[str, int]
    units: dict[str, int]


class Numbers(ProfileModel):
    words: dict[str, int] = Field(default_factory=dict)
    inflect: bool = False                                  # every case form (needs `morphology`)
    join_after: Patterns = Field(default_factory=list)     # "hundred" in "one hundred and ten"
    join_words: list[str] = Field(default_factory=list)    # "and"
    kanji: Kanji | None = None
    # a case ending written after digits ("от 2-х до 6-ти"): part of the number
    digit_suffix: Patterns = Field(default_factory=list)
    # a word that makes the number after it negative ("minus 10", "マイナス13点"); a minus sign
    # written against the digits ("-2 очка", "−1点") does in every language
    negative: Patterns = Field(default_factory=list)
    # marks grouping thousands besides the comma every language reads ("1.000 очков")
    thousands: Patterns = Field(default_factory=list)
    # what after number words makes them part of another word: an ordinal ("fifty-second card"
    # is no fifty)
    not_before: Patterns = Field(default_factory=list)
    # an ordinal's ending written on digits ("the 5th card" is no five)
    ordinal_suffix: Patterns = Field(default_factory=list)
    # number words that count people only («вдвоём», «трое»): no count of packs, cards or points
    persons_only: list[str] = Field(default_factory=list)

    _join_after = field_validator("join_after", "digit_suffix", "negative", "thousands", "not_before",
                                  "ordinal_suffix")(_check_patterns)


class Words(ProfileModel):
    point_link: Patterns = Field(default_factory=list)     # a point map says "points", "worth"
    pair_link: Patterns = Field(default_factory=list)      # rank ... points: "counts", "は"
    points_unit: Patterns = Field(default_factory=list)    # "points", "点", "очков"
    and_: Patterns = Field(default_factory=list, alias="and")  # list joiners: "and", "と", "и"
    rank_note: Patterns = Field(default_factory=list)      # "(highest)" after a rank
    ditto: list[str] = Field(default_factory=list)         # words standing for the row above ("do.")
    # words of a scoring item's name after which a bracketed aside may stand ("最後の（つまり32番目の）トリック")
    name_aside_after: list[str] = Field(default_factory=list)

    _patterns = field_validator("point_link", "pair_link", "points_unit", "and_", "rank_note")(_check_patterns)


class Names(ProfileModel):
    alternative: Patterns = Field(default_factory=list)      # "X, or Y" in one heading
    articles: list[str] = Field(default_factory=list)        # "The" before a name
    trailing: list[str] = Field(default_factory=list)        # ", for two players"
    prefix_joiners: list[str] = Field(default_factory=list)  # "ブロートの…"
    suffix_joiners: list[str] = Field(default_factory=list)  # "記憶力を競う神経衰弱": a clause before the name
    # titles that wrap a game's name: "Rules of X", "Xのルール", "Правила игры в X" (group `name`,
    # or `declined` for a name a preposition declines: its dictionary form is taken); such a
    # title names a game even when the game is not in games.yaml (a provisional game)
    title_forms: Patterns = Field(default_factory=list)
    # words that say the subject of a first sentence is a card game ("X is a card game",
    # "X — карточная игра", "Xはトランプゲーム"): evidence for a game not in games.yaml
    game_cue: Patterns = Field(default_factory=list)
    # a subject's end in a first sentence: "X, a game", "X — это", "Xは"
    subject_end: Patterns = Field(default_factory=list)
    # words a title may wrap that are not a game's name ("Правила игр", "Card Games Rules"),
    # in their dictionary form
    not_names: list[str] = Field(default_factory=list)
    # a product's edition written after its name (「X ドイツ語版」, "X Deluxe Edition"): no part of it
    editions: list[str] = Field(default_factory=list)
    # words before a game's name that say it is the game in its usual form ("Classic Uno",
    # «Классическое Уно», 「定番の大富豪」): the game itself, no variant of it
    standard_forms: Patterns = Field(default_factory=list)
    # what makes a short line a clause, not a name: a case particle between two words
    # (「ポーカーが主題」, 「ポーカーを題材にした映画」); a name is a noun phrase
    clause: Patterns = Field(default_factory=list)
    # phrases that name the game a text is about in running text (group `name`): "the rules of
    # Spit", "игра в кинга", "ナポレオンの遊び方" — evidence, where a passing mention is not
    game_phrase: Patterns = Field(default_factory=list)
    # words that speak of a game (after a run-in name: "Дурак. Эта игра …", "Whist. A game for four")
    game_words: Patterns = Field(default_factory=list)
    # labels whose value is the game's name, as an author declares it ("ゲーム名: X",
    # "Название: X", "Game name: X"): a label line of them names the text's game
    name_labels: Patterns = Field(default_factory=list)
    # constructions that give a game its name in running text (group `name`): "a game called
    # X", "I call it X", 「X」という遊び, "игра под названием «X»"
    naming: Patterns = Field(default_factory=list)
    # words of a card trick performed before onlookers ("spread the kings before the audience"):
    # a part under a common-word name of the registry ("THE FOUR KINGS.") that uses them is a
    # trick, not the game
    performance: Patterns = Field(default_factory=list)
    # names are also compared by how they sound, the tokenizer's reading (a Japanese name is
    # written in kanji or in kana: 7並べ, 7ならべ; ババ抜き, ばばぬき)
    by_reading: bool = False

    _patterns = field_validator("alternative", "title_forms", "game_cue", "subject_end", "game_phrase",
                                "game_words", "standard_forms", "clause", "name_labels", "naming", "performance")(_check_patterns)

    @field_validator("title_forms", "naming")
    @classmethod
    def _named(cls, v: list[str]) -> list[str]:
        for p in v:
            if "(?P<name>" not in p and "(?P<declined>" not in p:
                raise ValueError(f"pattern {p!r} has no group (?P<name>...) or (?P<declined>...)")
        return v


class Headings(ProfileModel):
    contents: list[str] = Field(default_factory=list)       # a contents/index heading
    sentence_end: list[str] = Field(default_factory=list)   # a line ending so is a sentence
    numbered_game: list[str] = Field(default_factory=list)  # the word a leaflet numbers its games by
    # words right before a game's name that end a list item by saying which game it serves:
    # "… — такой колодой играют в дурака", "52 cards — used for playing poker"
    played_game: list[str] = Field(default_factory=list)
    # words opening a sentence that name the game right after them: "The rules of the card game",
    # "In a game of", «Игра в» (a catalog in running prose)
    game_lead: Patterns = Field(default_factory=list)

    _patterns = field_validator("game_lead")(_check_patterns)


class SectionPatterns(ProfileModel):
    front: Patterns = Field(default_factory=list)
    laws: Patterns = Field(default_factory=list)
    other: Patterns = Field(default_factory=list)
    # a sub-heading opening a game's variations: what follows it to the game's end is one form
    options: Patterns = Field(default_factory=list)

    _patterns = field_validator("front", "laws", "other", "options")(_check_patterns)


class Attribution(ProfileModel):
    compared_before: Patterns = Field(default_factory=list)   # "like Whist"
    compared_after: Patterns = Field(default_factory=list)    # "ホイストと同様"
    # the words joining names in a list: a compared_after cue after the list's last name covers
    # every name of it ("ブラックジャックや七点半と違って")
    coordinators: Patterns = Field(default_factory=list)
    subject_copula: Patterns = Field(default_factory=list)    # "X — это", "X is a"
    # a game named as the one played, its name in group `name` ("колодой играют в дурака",
    # "used to play Euchre", 「ナポレオンで使う」): a value in its clause is that game's
    played: Patterns = Field(default_factory=list)

    _patterns = field_validator("compared_before", "compared_after", "coordinators",
                                "subject_copula", "played")(_check_patterns)


class RankGroup(ProfileModel):
    names: list[str]
    ranks: list[str]


class CardPoints(ProfileModel):
    """The words of card-point statements written as prose (extract/points.py)."""

    determiner: str
    groups: dict[str, RankGroup] = Field(default_factory=dict)
    others: str
    face_value: str
    link: str
    unit: str
    each: str
    alternative: str
    cue: str
    not_after: str = "(?!)"   # what after a number makes it a count, not points ("4枚")

    @field_validator("determiner", "others", "face_value", "link", "unit", "each", "alternative", "cue", "not_after")
    @classmethod
    def _pattern(cls, v: str) -> str:
        return _check_patterns([v])[0]


class Statements(ProfileModel):
    """The words of general statements (extract/general.py): units after a number, ranges,
    labels of summary blocks ("Number of players: 2–6", "Колода: 36 карт", "人数 2〜6人"), cue
    groups that tell one facet of a unit from another, and what makes a clause not a rule."""

    units: dict[str, Patterns] = Field(default_factory=dict)     # unit -> words after a number
    # points of a scoring item on its own line, besides `units: points:` (hanafuda's 文)
    item_units: Patterns = Field(default_factory=list)
    # a table's header cell naming a column of points: the numbers under it are points, with or
    # without a unit (extract/point_tables.py)
    point_columns: Patterns = Field(default_factory=list)
    # a scoring clause in prose that names its item in a short phrase, {L} the phrase and {P} the
    # points with their unit ("Queen of Spades gives {P}", "{P} per red three"): the item is the
    # registry's when the phrase names one, else the phrase as written (extract/score_lines.py);
    # a phrase naming a person or a side (cue group `agent`) is no item
    valued: list[str] = Field(default_factory=list)
    # words that name cards or packs in running text, no number needed ("the cards", колода,
    # カード, 札): a card game's part speaks of them, a parlour game's of the same name never does
    card_words: Patterns = Field(default_factory=list)
    range_between: Patterns = Field(default_factory=list)        # "2 to 6", "2-6", "2〜6"
    range_before: Patterns = Field(default_factory=list)         # "from", "от", "between"
    labels: dict[str, Patterns] = Field(default_factory=dict)    # facet -> label words
    cues: dict[str, Patterns] = Field(default_factory=dict)      # cue group -> words
    skip: Patterns = Field(default_factory=list)                 # a condition, an example, advice
    # a player-count condition next to a fact ({N} a number, group n): the fact gets the
    # qualifier "<n>p" ("If there are four players, six cards are dealt to each" -> 4p)
    condition: list[str] = Field(default_factory=list)
    # where a clause ends inside a sentence: a cue, a blocker or a skip word past it speaks of
    # something else ("Each player receives five cards, and you play one card at a time")
    clause_break: Patterns = Field(default_factory=list)
    cues_in_sentence: bool = False   # look for a number's cue in its sentence, not only its clause
    # in a script without spaces, the units whose number may follow a letter directly ("一人13枚",
    # "1組48枚"); a count of people may not ("他の2人", "最も低い2人": the other two)
    glued_units: list[str] = Field(default_factory=list)
    # ...and the letters (particles) after which a number of any unit may start ("3人で遊ぶ
    # ゲームの一つで3~6人", "には2人")
    glued_after: Patterns = Field(default_factory=list)
    # after a count, words that make it a lower bound ("2名以上", "and more", "и более")
    open_after: Patterns = Field(default_factory=list)
    # after a count with its unit, words that make it a rate ("1枚につき", "per card")
    rate_after: Patterns = Field(default_factory=list)
    # a joiner of two numbers that gives a choice, not a range ("32 or 36 cards": two values,
    # each an `alternative`)
    alternative_between: Patterns = Field(default_factory=list)
    # a clause that states an option or a variant ("some play to 50", иногда, とする人もいます):
    # its facts carry the qualifier `alternative`
    alternative: Patterns = Field(default_factory=list)
    # what a sentence is when it is not a rule: role -> cue words ("Suppose", 例えば, Например
    # -> example; history; strategy). Facts of such sentences are kept with that role and stay
    # out of comparisons
    roles: dict[str, Patterns] = Field(default_factory=dict)
    # a count of packs and the cards in each, {P} the packs and {C} the cards (numbers): the
    # cards in play are their product ("2 decks of 52 cards", "две колоды по 36 карт",
    # "52枚のトランプを2組")
    packs_of: list[str] = Field(default_factory=list)
    # words in a count of packs that call them whole ("two entire packs", "a full deck"): so many
    # full packs, whatever the game (`packs: full:` in corpus/facets.yaml)
    full_pack: Patterns = Field(default_factory=list)
    # one pack called whole with no number ("a standard deck of cards", "a full deck"): the full
    # pack's cards are in play
    one_full_pack: Patterns = Field(default_factory=list)

    @field_validator("packs_of", "valued")
    @classmethod
    def _placeholders(cls, v: list[str], info: ValidationInfo) -> list[str]:
        marks = dict(_PLACEHOLDERS[info.field_name])
        for p in v:
            if any(mark not in p for mark in marks):
                named = " and ".join(f"{mark} ({what})" for mark, (what, _) in marks.items())
                raise ValueError(f"{p!r}: a {info.field_name} pattern names {named}")
        filled = []
        for p in v:
            for mark, (_, stand_in) in marks.items():
                p = p.replace(mark, stand_in)
            filled.append(p)
        return _check_patterns(filled) and v

    @field_validator("units", "labels", "cues", "roles")
    @classmethod
    def _groups(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for patterns in v.values():
            _check_patterns(patterns)
        return v

    _patterns = field_validator("card_words", "item_units", "point_columns", "full_pack", "one_full_pack",
                                "range_between", "range_before", "skip", "clause_break",
                                "alternative_between", "alternative")(_check_patterns)


class SpacySpec(ProfileModel):
    # where lemmas come from: the tokenizer (Sudachi), spaCy's lookup tables, or pymorphy3
    lemmas: Literal["tokenizer", "lookup", "pymorphy3"] = "tokenizer"


class Profile(ProfileModel):
    """`profile.yaml`: everything a language brings except its rules."""

    script: str | None = None      # the script of its words (untranslated passages elsewhere)
    # words written apart: false for a script without spaces between words (Japanese), where a
    # space in a table row's label parts its columns ("藤島 藤4枚 20点": the name, its cards)
    spaced_words: bool = True
    # rank codes as the language writes them on a page (Russian: Т К Д В for A K Q J)
    rank_letters: dict[str, str] = Field(default_factory=dict)
    boilerplate: dict[str, Patterns] = Field(default_factory=dict)
    section_patterns: SectionPatterns = SectionPatterns()
    numbers: Numbers = Numbers()
    words: Words = Words()
    names: Names = Names()
    headings: Headings = Headings()
    attribution: Attribution = Attribution()
    card_points: CardPoints | None = None
    spacy: SpacySpec = SpacySpec()
    statements: Statements = Statements()
    fold: dict[str, str] = Field(default_factory=dict)   # letters folded before look-up (ё -> е)
    morphology: Literal["pymorphy3"] | None = None
    inflect_card_names: bool = False                     # rank names in every case (needs morphology)
    stem_strip: str | None = None                        # token-rule pre-filter: an inflecting ending
    # letters to Latin, for the id of a game named only in this script (Козёл -> kozel)
    transliteration: dict[str, str] = Field(default_factory=dict)

    @field_validator("boilerplate")
    @classmethod
    def _boilerplate(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for patterns in v.values():
            _check_patterns(patterns)
        return v

    @field_validator("script", "stem_strip")
    @classmethod
    def _one(cls, v: str | None) -> str | None:
        return _check_patterns([v])[0] if v else v


class FactRuleSpec(ProfileModel):
    """A regex rule: `facet` is a registered facet (or `score`, a scoring item named by the
    match, or `score:<item>`); `read` a registered value reader (default: the facet type's)."""

    id: str = Field(pattern=r"^[\w.]+$")
    facet: str
    read: str | None = None
    pattern: str
    qualifier: str | None = None
    item: str | None = None    # for readers that complete an item's name (suit_item: marriage)
    # a weak statement: it yields to any other value of its facet the text states for the game
    # ("the table is complete with six players" is a club's table when "played by four persons")
    weak: bool = False


class FactsFile(ProfileModel):
    facts: list[FactRuleSpec] = Field(default_factory=list)


class TokenRuleSpec(ProfileModel):
    id: str = Field(pattern=r"^[\w.]+$")
    facet: str
    read: str | None = None
    qualifier: str | None = None
    item: str | None = None
    tokens: list[dict[str, Any]] = Field(min_length=1)


class TokenRulesFile(ProfileModel):
    rules: list[TokenRuleSpec] = Field(default_factory=list)
