"""Declared relations: what a cue group standing somewhere around a value does to a fact of a
facet (corpus/facets.yaml `relations:`). Each action is a small registered class; a facet's
relations run in their declared order on a `Draft` of the fact, and each that changes it is
recorded on the fact (`Fact.relations`, `hoyle facts --explain`). A name the registry does not
hold, or a place the action cannot look at, is a load error with the file and line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pipeline.datafile import located_error
from pipeline.extract.scope import FactSentence


@dataclass
class Draft:
    """A fact on its way: what the relations may change, and which of them did."""

    facet: str
    value: object
    start: int               # the cited span, normalized offsets
    end: int
    rule_id: str
    qualifier: str | None
    fired: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Around:
    """What an action may ask besides the fact's sentence."""

    place: FactSentence
    section_end: int                      # normalized offset where the fact's section ends
    conditioned: bool                     # a player-count condition governs the fact
    suits: tuple[str, ...]                # suit names (a removed card named by its suit)
    within: Callable[[str, object], bool]  # a plausible value of that facet
    fits: Callable[[str], bool]           # that facet may hold for the fact's game
    full_pack: int | None = None          # the facet's full pack (52 cards), if it counts cards in play


RELATIONS: dict[str, type[Relation]] = {}


def relation(name: str):
    """Register an action class under its name in facets.yaml."""
    def register(cls):
        cls.name = name
        RELATIONS[name] = cls
        return cls
    return register


class Relation:
    """An action: `wheres` are the places it can look at; `apply` returns the draft (changed or
    not) or None when the fact is dropped."""

    name = ""
    wheres: frozenset[str] = frozenset()

    def apply(self, rel, draft: Draft, around: Around) -> Draft | None:
        return draft


@relation("drop")
class Drop(Relation):
    """The value is something else: "instead of playing 100 points up" (before), "as in the game
    for two" (after), "the total of the pack is 120" (sentence), "the rest is dealt after the
    bidding" (later), "if only 2 cards remain in the stock" (clause; a player-count condition is
    a qualifier instead)."""

    wheres = frozenset({"before", "after", "sentence", "later", "clause"})

    def apply(self, rel, draft, around):
        place = around.place
        hit = {"before": lambda: place.before_cued(rel.when, to_value=True),
               "after": lambda: place.after_cued(rel.when),
               "sentence": lambda: place.cued(rel.when),
               "later": lambda: place.later_cued(rel.when, around.section_end),
               "clause": lambda: not around.conditioned and place.clause_cued(rel.when)}[rel.where]
        return None if hit() else draft


@relation("not_stated")
class NotStated(Relation):
    """A number with the facet's unit does not state the facet with this cue in its clause or
    sentence. Read where a unit is given a facet (general statements, candidates), not here."""

    wheres = frozenset({"clause", "sentence"})


@relation("largest")
class Largest(Relation):
    """Of several values in a sentence with the cue, the largest is the value (a pack and its
    jokers): read once the section's facts are known (scope.largest_of_a_sentence)."""

    wheres = frozenset({"sentence"})


@relation("subtract")
class Subtract(Relation):
    """The count is the pack cards are taken out of: what a removal after it counts is
    subtracted ("52 cards, with one queen removed": 51), citing through the removal; no count
    said, or a removal before it ("discarded from a pack of fifty-two"): no fact."""

    wheres = frozenset({"after", "before"})

    def apply(self, rel, draft, around):
        place = around.place
        if any(f.startswith("subtract") for f in draft.fired):
            return draft   # one removal per value
        if rel.where == "before":
            return None if place.before_cued(rel.when) else draft
        if not (place.after_cued(rel.when) or place.one_card_out(rel.when) is not None):
            return draft
        cut = place.removed_count(rel.when, around.suits) if isinstance(draft.value, int) else None
        if cut is not None and draft.value + cut[0] == around.full_pack:
            # "a pack of thirty-two cards, the twos … sixes being thrown out": what is left
            draft.end, draft.rule_id = cut[1], draft.rule_id + "+left"
            return draft
        if cut is None or not around.within(draft.facet, draft.value - cut[0]):
            return None
        draft.value, draft.end, draft.rule_id = draft.value - cut[0], cut[1], draft.rule_id + "+removed"
        return draft


@relation("refacet")
class Refacet(Relation):
    """A count left over after cards are taken out ("remove every card below the seven; 32 must
    remain") states `facet` instead, when it is a plausible value of it for this game."""

    wheres = frozenset({"earlier"})

    def apply(self, rel, draft, around):
        if not around.place.left_over(rel.when, rel.unless):
            return draft
        if not isinstance(draft.value, int) or not around.within(rel.facet, draft.value) or not around.fits(rel.facet):
            return None
        draft.facet, draft.rule_id = rel.facet, draft.rule_id + "+remainder"
        return draft


@relation("qualify")
class Qualify(Relation):
    """A cue in the sentence makes the value `qualifier` ("two packs are sometimes used, one by
    each player in his turn to deal": optional), over an alternative or no qualifier."""

    wheres = frozenset({"sentence"})

    def apply(self, rel, draft, around):
        if draft.qualifier in (None, "alternative") and around.place.cued(rel.when):
            draft.qualifier = rel.qualifier
        return draft


def _one(value: object) -> bool:
    """A count of one: 1, or a range from one to one or two ("one or two" is also "a few": "1人
    または2人の候補者")."""
    return value == 1 or (getattr(value, "min", None) == 1 and (getattr(value, "max", None) or 0) <= 2)


@relation("one_needs")
class OneNeeds(Relation):
    """A count of one is said of much besides how many play ("until one player is left", "choose
    one player", "一人のプレイヤーに", a lone hand "一人でプレイ"): a value of one stands only with a
    cue of the group in its sentence ("a game for one player", "1人用", "Players: 1"); other
    values pass."""

    wheres = frozenset({"sentence"})

    def apply(self, rel, draft, around):
        return draft if not _one(draft.value) or around.place.cued(rel.when) else None


# scope cue group -> the qualifier it gives
SCOPES = {"plain_scope": "plain", "trump_scope": "trump", "contract_scope": "conditional"}


@relation("scope")
class Scope(Relation):
    """The suits or the contract the value holds in, where nothing qualified it yet: named in
    its sentence ("in plain suits", "切り札以外", "In Nullo") or, for a scoring item, in the
    label on its own line ("プレーンスーツのシーケンス 150")."""

    wheres = frozenset({"sentence", "label"})

    def apply(self, rel, draft, around):
        if draft.qualifier is None:
            scopes = {g: SCOPES[g] for g in rel.when if g in SCOPES}
            place = around.place
            draft.qualifier = place.suit_scope(scopes) if rel.where == "sentence" else place.label_scope(scopes)
        return draft


def apply_relations(spec, draft: Draft, around: Around) -> Draft | None:
    """The facet's relations in their declared order; each that changes the draft is recorded."""
    for rel in spec.relations:
        before = (draft.facet, draft.value, draft.start, draft.end, draft.qualifier)
        done = RELATIONS[rel.action]().apply(rel, draft, around)
        if done is None:
            return None
        if (done.facet, done.value, done.start, done.end, done.qualifier) != before:
            done.fired.append(f"{rel.action}:{rel.where}:{'|'.join(rel.when)}")
        draft = done
    return draft


def check_relations(facets_file, path, qualifiers: list[str]) -> None:
    """Raise, naming the file and line, at a relation whose action is not registered, whose
    place the action cannot look at, or whose facet or qualifier is unknown."""
    for facet, spec in facets_file.facets.items():
        for i, rel in enumerate(spec.relations):
            loc = ("facets", facet, "relations", i)
            action = RELATIONS.get(rel.action)
            if action is None:
                raise located_error(path, (*loc, "action"), f"unknown relation {rel.action!r}: one of "
                                    + ", ".join(sorted(RELATIONS)))
            if rel.where not in action.wheres:
                raise located_error(path, (*loc, "where"), f"relation {rel.action!r} cannot look {rel.where!r}: "
                                    "one of " + ", ".join(sorted(action.wheres)))
            if rel.action == "refacet" and rel.facet not in facets_file.facets:
                raise located_error(path, (*loc, "facet"), f"unknown facet {rel.facet!r}")
            if rel.action == "qualify" and rel.qualifier not in qualifiers:
                raise located_error(path, (*loc, "qualifier"), f"unknown qualifier {rel.qualifier!r}")
