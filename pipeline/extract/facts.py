"""From a value read at a place to a cited fact: attribution (which game, which section), the
facet's declared relations in their order (relations.py), the qualifier, the player-count
condition, the role. One `FactMaker` per document."""

from __future__ import annotations

import json
from dataclasses import dataclass

from pipeline.extract.attribution import NEAR, game_named_near, paragraph_variety, topic_game
from pipeline.extract.conditions import condition_of
from pipeline.extract.general import general_statements
from pipeline.extract.grammars import Grammars
from pipeline.extract.relations import Around, Draft, apply_relations
from pipeline.extract.roles import role_of
from pipeline.extract.scope import FactSentence, form_label, qualifier_of_clause, qualifier_of_form
from pipeline.knowledge import Knowledge
from pipeline.positions import Locator
from schemas import Document, Fact, Section

SENTENCE_REACH = 160  # in a section about no game, the game must be named in the fact's sentence
CHOICE_REACH = 40     # how far before a value the first of two offered may stand


@dataclass(frozen=True)
class Home:
    """Where a fact belongs: its game, the section it is cited in, and how it got there."""

    game_id: str
    section: Section
    rule_id: str
    in_variations: bool


class FactMaker:
    """Makes the document's facts; `facts` holds them in reading order, `said_as_condition`
    the places of players facts whose words are a condition ("When two play, …")."""

    def __init__(self, doc: Document, sections: list[Section], knowledge: Knowledge, grammars: Grammars,
                 forms: tuple[dict, dict, dict]):
        self.doc, self.knowledge, self.g = doc, knowledge, grammars
        self.loc = Locator(doc)
        self.skip = [(b.start, b.end) for b in doc.boilerplate]
        self.inner = sorted((s for s in sections if s.game_id), key=lambda s: (-s.level, s.anchor.start))
        self.variations, self.family_of, self.listed_in = forms
        self.facts: list[Fact] = []
        self.seen: set[tuple] = set()
        self.said_as_condition: set[int] = set()
        self.heading_conditions: dict[str, str | None] = {}

    def emit(self, top: Section, ns: int, rule, start: int, end: int, facet: str, value,
             per_pack: bool | str = False, row_condition: str | None = None, into: list | None = None) -> None:
        """A value of `facet` read at chunk offsets [start, end) of section `top` (its text at
        normalized `ns`) -> a fact in `facts` (or `into`), when it holds. `per_pack`: the value
        counts packs, of the game's family's size ("full": of the full pack's, as the words say)."""
        a, b = ns + start, ns + end
        if facet == "rank_order" and isinstance(value, list):   # its ends named beside it
            value, a, b = self.g.rank_bounds.extend(self.doc.normalized, list(value), a, b)
        home = self.home(top, a, b, rule.id)
        if home is None or not self.fits(facet, home.game_id):
            return
        if per_pack:   # a count of packs: times the pack of the game's family, if it has one
            # (before the relations: cards taken out come off the cards, not the packs)
            game = self.knowledge.by_id.get(home.game_id)
            spec = self.knowledge.facets.spec(facet)
            if spec and spec.packs and per_pack == "full":
                size = spec.packs.full
            else:
                size = spec.packs.sizes.get(game.family) if spec and spec.packs and game else None
            if not size:
                return
            value = value * size
        draft = Draft(facet, value, a, b, home.rule_id, rule.qualifier)
        place = FactSentence(self.doc.normalized, a, b, self.g.statements, self.g.one_card,
                             self.g.rank_sets) \
            if self.g.statements is not None else None
        draft = self.relate(draft, place, top, home, row_condition)
        if draft is None:
            return
        told_in_the_past = place is not None and place.told_in_the_past()
        self.record(draft, home, into, role_of(self.doc.normalized, a, b, self.g.roles), told_in_the_past)

    def home(self, top: Section, a: int, b: int, rule_id: str) -> Home | None:
        """The game and section a value at normalized [a, b) belongs to; None when it is
        boilerplate, in a part of a game that is not its rules, or about no game."""
        doc, knowledge = self.doc, self.knowledge
        start = doc.orig_span(a, b)[0]
        if any(s <= start < e for s, e in self.skip):
            return None
        home = next((s for s in self.inner if s.anchor.start <= start < s.anchor.end), top)
        if home.kind == "other" and home.level > 0:
            return None  # hints, etiquette, text books, probability inside a game: not its rules
        game_id = top.game_id
        # the heading's own words name its game ("BÉZIQUE, OR SIXTY-FOUR-CARD BINOCLE."): a
        # second name there is another name of it, not another game
        in_title = bool(top.game_id and top.title) and start < top.anchor.start + len(top.title)
        other = None if in_title else \
            game_named_near(doc.normalized, a, b, top.game_id, knowledge, near=NEAR if top.game_id else SENTENCE_REACH)
        variety = None if other or in_title else \
            paragraph_variety(doc.normalized, a, doc.norm_index(top.anchor.start), top.game_id, knowledge)
        if other:
            game_id, rule_id = other, rule_id + "+named-game"
        elif variety:
            game_id, rule_id = variety, rule_id + "+variety-paragraph"
        elif not game_id:
            game_id = topic_game(doc.normalized, a, doc.norm_index(top.anchor.start), knowledge)
            if not game_id:
                return None  # no game to attribute it to
            rule_id = rule_id + "+topic-game"
        span = self.variations.get(top.id)
        in_variations = span is not None and span[0] <= start < span[1]
        names_top = bool(top.title and home.title and top.title.strip() in home.title)
        if in_variations and game_id == top.game_id and top.id in self.family_of and not names_top:
            game_id = self.family_of[top.id]   # a variant's "Variations" part lists the family's forms
            # (not under a sub-heading naming the variant: 「単純なドゥラークの攻め札」)
        elif top.id in self.listed_in and game_id == top.game_id and home is not top and not names_top:
            # a variant listed under its family's "Variations" heading: the sub-headings after it
            # are the list's next items (「501」 then 「32枚のトランプを使う」), forms of the family's game
            game_id, in_variations = self.listed_in[top.id], True
        return Home(game_id, home, rule_id, in_variations)

    def relate(self, draft: Draft, place: FactSentence | None, top: Section, home: Home,
               row_condition: str | None) -> Draft | None:
        """The qualifier and the facet's relations, then the player-count condition."""
        g, norm = self.g, self.doc.normalized
        single = isinstance(draft.value, int) or (isinstance(draft.value, list) and len(draft.value) == 1)
        if draft.qualifier is None and g.choice is not None and single \
                and g.choice.search(norm, max(0, draft.start - CHOICE_REACH), draft.start):
            draft.qualifier = "alternative"   # "the game is 121, or even 181": 181 is offered second
        # a ditto row's own condition ("4 ” 12 ” 4 ”" read as "4 Players, 12 cards each …") first
        condition = row_condition if row_condition not in (None, "said") else \
            condition_of(norm, draft.start, draft.end, g.conditions, self.knowledge.languages[g.lang].numbers)
        if condition is None and home.section is not top:
            condition = self.heading_condition(home.section)   # "SOLO WHIST FOR THREE PLAYERS."
        if condition not in (None, "said") and draft.facet == "players":
            if not _one_of(condition, draft.value):
                return None  # a player count in a condition ("8〜15人の時は") is not the game's player count
            condition = None
        spec = self.knowledge.facets.spec(draft.facet)
        if place is not None:
            draft.qualifier = qualifier_of_clause(place, draft.qualifier)
            if spec is not None:
                around = Around(place, self.doc.norm_index(top.anchor.end), condition not in (None, "said", "self"),
                                g.suits, self.knowledge.facets.within, lambda f: self.fits(f, home.game_id),
                                spec.packs.full if spec.packs else None)
                draft = apply_relations(spec, draft, around)
                if draft is None:
                    return None
            draft.qualifier = qualifier_of_form(place, draft.qualifier, lambda: self.knowledge.compiled(
                ("form_label", g.lang, home.game_id), lambda: form_label(self.knowledge, g.lang, home.game_id)))
        forms = (top.game_id, self.family_of.get(top.id), self.listed_in.get(top.id))
        if draft.qualifier is None and home.in_variations and home.game_id in forms:
            draft.qualifier = "alternative"   # under the game's "Variations" heading: one form of it
        return self.conditioned(draft, condition)

    def heading_condition(self, part: Section) -> str | None:
        """"<n>p" when a part's heading states one player count ("SOLO WHIST FOR THREE PLAYERS.",
        「3人の場合」, «Игра вчетвером»): the part is the form for that many players, and what it
        states holds when they play, as a condition in the sentence would say."""
        if part.id not in self.heading_conditions:
            title, g = part.title or "", self.g
            numbers = self.knowledge.languages[g.lang].numbers
            counts = {numbers.parse(m.group("n")) for m in g.conditions.finditer(title) if m.group("n")} \
                if g.conditions is not None else set()
            counts |= {st.value.min for st in general_statements(title, g.statements)
                       if st.facet == "players" and st.value.min == st.value.max}
            counts.discard(None)
            n = next(iter(counts)) if len(counts) == 1 else None
            self.heading_conditions[part.id] = f"{n}p" if n and f"{n}p" in self.knowledge.facets.qualifiers else None
        return self.heading_conditions[part.id]

    def conditioned(self, draft: Draft, condition: str | None) -> Draft | None:
        """"If there are four players, six cards are dealt to each": the fact holds when 4 play
        (its qualifier), or no fact where no qualifier can say the condition."""
        if condition == "said":   # "When two play, …": the count is the fact's own words
            if draft.facet == "players":
                self.said_as_condition.add(self.doc.orig_span(draft.start, draft.end)[0])
            return draft
        if condition in (None, "self"):
            return draft
        qualifiers = self.knowledge.facets.qualifiers
        draft.qualifier = draft.qualifier or (condition if condition in qualifiers else None)
        return draft if draft.qualifier is not None else None

    def record(self, draft: Draft, home: Home, into: list | None, role: str, told_in_the_past: bool) -> None:
        """The fact, once per game, facet, value, qualifier and place; `role`: what its passage
        is (roles.py), `told_in_the_past`: its clause says it in the past."""
        anchor = self.loc.anchor_from_normalized(draft.start, draft.end)
        value, qualifier = draft.value, draft.qualifier
        dump = value.model_dump() if hasattr(value, "model_dump") else value
        key = (home.game_id, draft.facet, repr(dump), qualifier, anchor.start, anchor.end)
        if into is None:
            if key in self.seen:
                return
            self.seen.add(key)
        fid = f"{self.doc.source_id}:{anchor.start}:{draft.facet}" + (f":{qualifier}" if qualifier else "")
        if qualifier == "alternative":   # "32 or 36 cards": two facts at one place
            fid += f"={json.dumps(dump, sort_keys=True, ensure_ascii=False)}"
        role = _role(role, draft.facet, self.knowledge, told_in_the_past)
        (self.facts if into is None else into).append(Fact(
            id=fid, game_id=home.game_id, source_id=self.doc.source_id, section_id=home.section.id,
            facet=draft.facet, value=value, qualifier=qualifier, anchor=anchor, rule=draft.rule_id, role=role,
            relations=draft.fired))

    def fits(self, facet: str, game_id: str) -> bool:
        return fits_game(self.knowledge, facet, game_id)


def _role(role: str, facet: str, knowledge: Knowledge, told_in_the_past: bool = False) -> str:
    """A law passage states penalties; the other counts in it describe the irregularity ("only
    seven cards in the talon", "thirteen cards in his hand"), not the game's rule. A rule told in
    the past ("каждому игроку сдавалось по двенадцать карт") is how the game was once played."""
    if role == "rule" and told_in_the_past:
        return "history"
    return "other" if role == "law" and knowledge.facets.item(facet) is None else role


def fits_game(knowledge: Knowledge, facet: str, game_id: str) -> bool:
    """A fact a game's family rules out (facets.yaml): a scoring item limited to some `families`
    (ペア is a cribbage pair, a marriage in Ulti), or a `cards: true` facet for a game of the
    `non_card_families` (a pack of cards in a billiards book's probability note)."""
    game = knowledge.by_id.get(game_id)
    if game is None:
        return True
    registry = knowledge.facets
    item = registry.item(facet)
    if item is not None:
        families = registry.items[item].families if item in registry.items else []
        return not families or game.family in families
    spec = registry.spec(facet)
    if spec is not None and game.family in spec.not_families:
        return False
    return not registry.is_card_facet(facet) or game.family not in registry.data.non_card_families


def _one_of(condition: str, value) -> bool:
    """A condition on one of the counts a player range states ("by 2 to 4 players, in the case
    of four players …"): a case of the range, which stays the game's."""
    if not (condition.endswith("p") and condition[:-1].isdigit()):
        return False   # "conditional" (a bound) or "self": no one count
    n = int(condition[:-1])
    return value.min < value.max and value.min <= n <= value.max
