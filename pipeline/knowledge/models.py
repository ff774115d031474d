"""Pydantic models of the corpus knowledge files (facets.yaml, terms.yaml, games.yaml).

Every model forbids unknown keys, so a misspelt key is an error at load (with its file and
line, see yamlfile.py), never a silently ignored setting. Names are given per language as
`{<lang>: [...]}`; the language codes are those of the language profiles in force (passed
as validation context), so a fourth language is a new profile folder plus its names here."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from schemas import Game

FacetType = Literal["int", "range", "list_int", "ranks", "rank_points", "item_points"]


class KnowledgeModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)


def _split_names(data: Any, info: ValidationInfo, fields: set[str]) -> Any:
    """`{en: [...], ja: [...], families: [...]}` -> `{names: {en: ..., ja: ...}, families: ...}`:
    keys that are not fields must be language codes."""
    if not isinstance(data, dict):
        return data
    languages = set((info.context or {}).get("languages") or ())
    names, rest = {}, {}
    for key, value in data.items():
        if key in fields:
            rest[key] = value
        elif key in languages or not languages:
            names[key] = value if value is not None else []
        else:
            rest[key] = value  # reported as an unknown key
    return {**rest, "names": names}


class LangNames(KnowledgeModel):
    """Words of one concept in each language: `{en: [ace], ja: [エース, A], ru: [туз]}`."""

    names: dict[str, list[str]] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _names(cls, data: Any, info: ValidationInfo) -> Any:
        return _split_names(data, info, set(cls.model_fields) - {"names"})

    def all_words(self) -> list[str]:
        return [w for words in self.names.values() for w in words]


class RemainderSpec(KnowledgeModel):
    """A count of what is left after `cues` (cards taken out of the pack): a count of `facet`."""

    cues: list[str]
    facet: str
    not_between: list[str] = Field(default_factory=list)


class FacetSpec(KnowledgeModel):
    """One facet: its value type, plausible bounds, labels and meaning."""

    type: FacetType
    doc: str
    bounds: tuple[int, int] | None = None     # a value outside is a misreading, not a fact
    nonzero: bool = False                     # 0 is no value of it ("0点" is no score)
    cards: bool = False                       # not read for games of `non_card_families`
    labels: dict[str, str] = Field(default_factory=dict)
    # what the facet means, for a reader, per UI language other than English (English: `doc`)
    about: dict[str, str] = Field(default_factory=dict)
    # how a value reads on a game's "at a glance" card, per UI language ("{}" is the value:
    # "{} players" -> "2 players", "{}人" -> "2人"); none: the value as it is
    display: dict[str, str] = Field(default_factory=dict)
    # general statements (extract/general.py): a number with this unit ("13 cards", "4 игрока",
    # "52枚") states this facet when one of these cue groups (profile `statements: cues:`)
    # stands nearest it in the clause; no cues: the unit alone says it
    unit: str | None = None
    cues: list[str] = Field(default_factory=list)
    not_with: list[str] = Field(default_factory=list)   # cue groups that make a clause say something else
    # cue groups that make the whole sentence say something else ("32 cards… two such packs")
    not_in_sentence: list[str] = Field(default_factory=list)
    # the count is the pack cards are taken out of, not what is in play, when one of these cue
    # groups follows it in its sentence (brackets aside: "a deck of 52 cards, with one queen
    # removed") or ends just before it ("discarded from a pack of fifty-two"); any rule's fact
    reduced_after: list[str] = Field(default_factory=list)
    reduced_from: list[str] = Field(default_factory=list)
    # a value inside a conditional clause ("If there are only 2 cards remaining in the stock,
    # the game is a draw") is the condition of some other rule, not this facet as the game states
    # it (a player-count condition, read first, makes a qualifier instead); profile cue group `if`
    not_if: bool = False
    # cue groups that, anywhere in the fact's sentence, make any rule's value of this facet
    # something else ("the total of the card points in the pack is 120": no target)
    void_with: list[str] = Field(default_factory=list)
    # cue groups ending right before the value in its sentence that make it what another value
    # replaces ("instead of playing 100 points up", "вместо 13 карт"): no fact, for any rule
    not_after: list[str] = Field(default_factory=list)
    # cue groups starting right after the value (brackets aside) that make it another game's:
    # "2人で行うゲームと同様に" (as in the two-handed game), where the compared phrase follows
    not_before: list[str] = Field(default_factory=list)
    # cue groups that, in a sentence stating several values of this facet, make the largest the
    # value and the others its parts (a pack and the jokers added to it: 52 … 2 jokers … 54)
    largest_with: list[str] = Field(default_factory=list)
    # cue groups that, anywhere in the fact's sentence, make any rule's value of this facet a
    # convenience, not the rule: qualifier `optional` (two packs used in turn, one a deal)
    optional_with: list[str] = Field(default_factory=list)
    # cue groups that, later in the game's section, say the rest of the cards are dealt (after
    # the bidding): the value is the deal's first stage, not the facet ("各人5枚の手札を配り" …
    # "残りの手札を配ります"); no fact, for any rule
    first_stage_before: list[str] = Field(default_factory=list)
    # what is left of the pack after cards are taken out ("Из колоды удалите все карты до семерки.
    # Карт должно остаться 32"): a count of this facet after a `cues` group (earlier in its
    # sentence or in the sentence before), with no `not_between` cue (a deal, the stock named)
    # between, states `facet` instead (dropped when out of that facet's bounds)
    remainder_after: RemainderSpec | None = None
    # the value may hold for trumps or for plain suits only: the last `trump_scope`/`plain_scope`
    # cue before it in its sentence (or in its clause after it) gives the qualifier trump/plain
    suit_scoped: bool = False
    # only the label right before the value on its line may say so ("プレーンスーツのシーケンス
    # 150"): scoring items, whose sentences name trumps for other reasons
    label_scoped: bool = False
    # a lower bound states it ("100 points or more wins"); for any other facet "13 or more
    # cards" is no count
    threshold: bool = False
    # game families the facet means nothing for (a patience has no hand dealt to each player)
    not_families: list[str] = Field(default_factory=list)
    # a count of packs states this facet for games of these families, times the pack's size
    # ("Freecell is played with one deck": a patience's deck is the 52-card pack)
    from_packs: dict[str, int] = Field(default_factory=dict)
    packs_unit: str | None = None             # the unit of those counts of packs (profile `units`)


class ItemSpec(LangNames):
    """A named scoring item (`score:<id>`); `families` limits an ambiguous name to those games."""

    families: list[str] = Field(default_factory=list)


class FacetsFile(KnowledgeModel):
    facets: dict[str, FacetSpec]
    non_card_families: list[str] = Field(default_factory=list)
    cardless_families: list[str] = Field(default_factory=list)   # no cards, but facts of their sets
    qualifiers: list[str] = Field(default_factory=list)
    items: dict[str, ItemSpec] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _score_family(self) -> FacetsFile:
        if "score" not in self.facets:
            raise ValueError("facets: a 'score' facet (the type of every score:<item>) is required")
        if self.facets["score"].type != "item_points":
            raise ValueError("facets.score: type must be item_points")
        return self


class TermSpec(LangNames):
    """A term of play; `games` lists the games in which a heading with this word is a sub-section."""

    id: str
    games: list[str] = Field(default_factory=list)


class RankOrders(KnowledgeModel):
    """Rank orders the readers fill in: the standard order (ace high), ace low, and the order an
    ellipsis runs through ("10，9，…，2")."""

    standard: list[str]
    ace_low: list[str]
    gap: list[str]
    stripped: dict[int, str] = {}   # pack size -> its lowest rank in the standard order


class TermsFile(KnowledgeModel):
    ranks: dict[str, LangNames]
    suits: dict[str, LangNames] = Field(default_factory=dict)
    terms: list[TermSpec] = Field(default_factory=list)
    topics: dict[str, LangNames] = Field(default_factory=dict)
    orders: RankOrders
    # plural names of four of a rank: score:four_<plural> ("four kings")
    four_of: dict[str, str] = Field(default_factory=dict)


class GamesFile(KnowledgeModel):
    games: list[Game]
