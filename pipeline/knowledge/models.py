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


class RelationSpec(KnowledgeModel):
    """One declared relation of a facet: when a cue of a `when` group stands `where` (relative to
    a value of the facet), `action` (a registered class, extract/relations.py) acts on the fact:
    drop it, subtract what is taken out, state another facet, qualify it, or say that the unit
    does not state this facet there. Run in their declared order for every fact of the facet."""

    action: str
    where: str
    when: list[str]
    facet: str | None = None        # refacet: the facet the value states instead
    unless: list[str] = Field(default_factory=list)   # refacet: groups after the cue that cancel it
    qualifier: str | None = None    # qualify: the qualifier the cue gives


class PacksSpec(KnowledgeModel):
    """A count of packs (`unit`) states the facet for games of these families, times the pack's
    size ("Freecell is played with one deck": a patience's deck is the 52-card pack)."""

    unit: str
    sizes: dict[str, int]
    full: int | None = None     # a pack the words call whole ("two entire packs"), whatever the family


class FacetSpec(KnowledgeModel):
    """One facet: its value type, plausible bounds, labels and meaning; how a number says it
    (`unit`, `cues`) and what the words around a value do to it (`relations`)."""

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
    # extraction. A number with this unit ("13 cards", "4 игрока", "52枚") states this facet
    # when one of these cue groups (profile `statements: cues:`) stands nearest it in the
    # clause; no cues: the unit alone says it
    unit: str | None = None
    cues: list[str] = Field(default_factory=list)
    relations: list[RelationSpec] = Field(default_factory=list)
    # a lower bound states it ("100 points or more wins"); for any other facet "13 or more
    # cards" is no count
    threshold: bool = False
    # game families the facet means nothing for (a patience has no hand dealt to each player)
    not_families: list[str] = Field(default_factory=list)
    packs: PacksSpec | None = None

    def groups(self, action: str, where: str | None = None) -> list[str]:
        """The cue groups of this facet's `action` relations (at `where`), in declared order."""
        return [g for r in self.relations if r.action == action and where in (None, r.where) for g in r.when]


class ItemSpec(LangNames):
    """A named scoring item (`score:<id>`); `families` limits an ambiguous name to those games.
    `label` is how a page in a language names it where that language has no attested name (a
    description, never matched in a text)."""

    families: list[str] = Field(default_factory=list)
    label: dict[str, str] = Field(default_factory=dict)


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
