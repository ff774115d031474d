"""What a fact's own sentence says of it, beyond its words: where a cue group of the language
profile stands around the fact (before, after, in its clause, its sentence, later in its
section), asked by the facet's declared relations (relations.py). The sentence and the fact's
clause in it are found once per fact (`FactSentence`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import regex

from pipeline.extract.general import clause_of
from pipeline.extract.rank_sets import a_letter_word, ranks_taken_out
from pipeline.extract.sentences import SENTENCE, sentence_bounds
from pipeline.patterns import BudgetedPattern, compile_pattern

SENTENCE_REACH = 200   # how far around a fact its sentence's words are looked for
_BRACKETED = compile_pattern(r"[(（][^()（）]*[)）]")
REMOVED_REACH = 30     # how far before a removal cue the count of cards it takes out may stand
REMOVED_AFTER = 12     # how far after a removal verb the count of cards it takes out may stand
_ARTICLES = compile_pattern(r"\s*(?:the\s+)?")
_NOUN_NEXT = compile_pattern(r"\s+(\p{L}+)")
_COUNTED = compile_pattern(r"\s+(?:\p{L}+\s+){1,2}")   # "one queen removed", "two kings are removed"
_LIST_ITEM = compile_pattern(r"[ \t]*[-•・*●■◆▪]")   # a line that is a list item
STAGE_REACH = 1500     # how far after a hand its deal's later stage may be told (past the bidding)
FORM_LABEL_REACH = 40  # how far before a fact's clause a label naming a form of its game may begin
LIST_REACH = 40        # how many lines back a list item's lead-in may stand
LABEL_LINE = 60        # a table row or bullet giving one scoring item's label and value
_OPENING_ASIDE = compile_pattern(r"\s?[(（]([^()（）]*)[)）]")   # an aside right after a fact


def blank_asides(text: str) -> str:
    """`text` with its bracketed asides blanked, offsets kept."""
    return _BRACKETED.sub(lambda x: " " * len(x.group()), text)


def one_card_pattern(cues: list[str], rank_token: str, suits: tuple[str, ...]):
    """The language's `one_card` phrasings of a single card, {R} its rank, {S} its suit
    ("the eight of diamonds", "ダイヤの8", "восьмёрка бубен"), and a rank alone; None without any."""
    if not cues:
        return None
    suit = "|".join(regex.escape(s) for s in suits)
    card = "|".join(c.replace("{R}", f"(?:{rank_token})").replace("{S}", f"(?:{suit})") for c in cues)
    return compile_pattern(card, regex.IGNORECASE), compile_pattern(rank_token, regex.IGNORECASE)


def _one_card_by(one_card, rest: str, start: int, end: int) -> int | None:
    """Where the one card named next to a removal cue at [start, end) of `rest` ends: the only
    card, and the only rank, named within REMOVED_REACH of it ("the eight and the nine of
    diamonds" are two); None otherwise."""
    card, rank = one_card
    lo, hi = max(0, start - REMOVED_REACH), min(len(rest), end + REMOVED_REACH)
    cards = list(card.finditer(rest, lo, hi))
    if len(cards) != 1 or sum(1 for r in rank.finditer(rest, 0, hi) if not a_letter_word(r.group())) != 1:
        return None
    return cards[0].end()


@dataclass
class FactSentence:
    norm: str          # the document's normalized text
    start: int         # the fact's span in it
    end: int
    grammar: object    # the language's StatementGrammar (its cue groups, its clause breaks)
    one_card: tuple | None = None   # the language's one card named by rank and suit, and a rank
    rank_sets: object = None        # its ranks named in all suits at once (rank_sets.RankSets)

    @cached_property
    def bounds(self) -> tuple[int, int]:
        return sentence_bounds(self.norm, self.start, self.end, SENTENCE_REACH)

    @cached_property
    def clause(self) -> tuple[int, int]:
        """The fact's clause, as offsets into `norm`."""
        lo, hi = self.bounds
        a, b = clause_of(self.norm[lo:hi], (self.start - lo, self.end - lo), self.grammar)
        return lo + a, lo + b

    def cue(self, group: str):
        return self.grammar.cues.get(group)

    def offers_an_option(self) -> bool:
        """An option's words in the fact's clause ("some play to 50"), its brackets set aside
        unless the fact is itself in brackets."""
        a, b = self.clause
        text = self.norm[a:b]
        if not any(c in self.norm[self.start:self.end] for c in "(（"):
            text = blank_asides(text)
        return self.grammar.alternative.search(text) is not None

    def list_offers_an_option(self) -> bool:
        """A list item under a lead-in that offers an option ("つぎの目標を認める人もいます．" then
        "• 2 (A) 4 枚．4 点"): the option covers every item of the list. The lead-in is the
        first line before the list's items and blank lines."""
        pos = self.norm.rfind("\n", 0, self.start) + 1
        if not _LIST_ITEM.match(self.norm, pos):
            return False
        for _ in range(LIST_REACH):
            if pos == 0:
                return False
            lo = self.norm.rfind("\n", 0, pos - 1) + 1
            line, pos = self.norm[lo:pos - 1], lo
            if line.strip() and not _LIST_ITEM.match(line):
                # the lead-in's first sentence (its topic) or its last (which introduces the
                # list), not an option said in passing of one aspect
                said = [m.group() for m in SENTENCE.finditer(line)]
                return any(self.grammar.alternative.search(blank_asides(x)) for x in said[:1] + said[-1:])
        return False

    @cached_property
    def value_start(self) -> int:
        """Where the fact's first number stands in its span: a span may open with the verb before
        a bound ("участвуют до четырнадцати игроков", "for up to 8 players")."""
        m = self.grammar.any_number.search(self.norm, self.start, self.end)
        return m.start() if m else self.start

    def before_cued(self, groups: list[str], to_value: bool = False) -> bool:
        """A cue of these groups earlier in the fact's sentence, up to the fact; `to_value`, or up
        to its first number (a bound inside the span: "играют до 14 человек"; a removal's "из"
        in "колодой из 32 карт" names the pack itself, so not for every cue)."""
        lo, _ = self.bounds
        ends = dict.fromkeys((self.start, self.value_start) if to_value else (self.start,))
        return any(c.search(self.norm, lo, e) for e in ends for c in map(self.cue, groups) if c is not None)

    def after_cued(self, groups: list[str]) -> bool:
        """A cue of these groups after the fact in its sentence, bracketed asides blanked."""
        return any(c.search(self.rest) for c in map(self.cue, groups) if c is not None)

    def removed_count(self, groups: list[str], suits: tuple[str, ...]) -> tuple[int, int] | None:
        """How many cards a removal cue (`groups`) after the count takes out of the pack, when a
        number counting them stands just before it ("a deck of 52 cards, with one queen
        removed": 1; not a card named by its suit, "the eight of diamonds removed"), or one card
        named by rank and suit stands by it ("the eight of diamonds removed", "52枚のカード
        （ダイヤの8は取り除かれています）", "удалена восьмёрка бубен": 1), and where that ends;
        None when the sentence does not say."""
        rest = self.rest
        for cue in (c for c in map(self.cue, groups) if c is not None):
            for m in cue.finditer(rest):
                # ranks in every suit first: "the twos … and fives are thrown out" is 16 cards, not 5
                ranks = ranks_taken_out(self.rank_sets, rest, m.start(), m.end()) if self.rank_sets else None
                if ranks is not None:
                    return ranks[0], self.end + ranks[1]
                for n in self.grammar.any_number.finditer(rest, max(0, m.start() - REMOVED_REACH), m.start()):
                    words = rest[n.end():m.start()].lower().split()
                    if _COUNTED.fullmatch(rest, n.end(), m.start()) and not set(words) & set(suits):
                        count = self.grammar.numbers.parse(n.group())
                        return (count, self.end + m.end()) if count else None
                # the count after the verb: "take out one queen", "remove two jokers"
                n = self.grammar.any_number.search(rest, m.start(), min(len(rest), m.end() + REMOVED_AFTER))
                if n is not None and (n.start() < m.end() or _ARTICLES.fullmatch(rest, m.end(), n.start())) \
                        and (noun := _NOUN_NEXT.match(rest, n.end())) and noun.group(1).lower() not in suits:
                    count = self.grammar.numbers.parse(n.group())
                    return (count, self.end + noun.end()) if count else None
        end = self.one_card_out(groups)
        return (1, self.end + end) if end is not None else None

    def one_card_out(self, groups: list[str]) -> int | None:
        """Where a removal (`groups`) of one card named by rank and suit (`one_card`) ends, after
        the fact in its sentence or in an aside right after it; None when there is none."""
        if self.one_card is None:
            return None
        for rest in (self.rest, self.opening_aside):
            for cue in (c for c in map(self.cue, groups) if c is not None and rest):
                for m in cue.finditer(rest):
                    card = _one_card_by(self.one_card, rest, m.start(), m.end())
                    if card is not None:
                        return max(m.end(), card)
        return None

    @cached_property
    def rest(self) -> str:
        """The sentence after the fact, bracketed asides blanked (offsets kept)."""
        _, hi = self.bounds
        return blank_asides(self.norm[self.end:hi])

    @cached_property
    def opening_aside(self) -> str | None:
        """An aside that opens right after the fact ("52枚のカード（ダイヤの8は…）"), offsets kept
        as in `rest`, its brackets and what follows it blanked; None when there is none."""
        _, hi = self.bounds
        text = self.norm[self.end:hi]
        opening = _OPENING_ASIDE.match(text)
        if opening is None:
            return None
        a, b = opening.span(1)
        return " " * a + text[a:b] + " " * (len(text) - b)

    def left_over(self, groups: list[str], unless: list[str]) -> bool:
        """A cue of `groups` (cards taken out) earlier in the fact's sentence or in the sentence
        before, and no `unless` cue after it: the count is what is left."""
        lo, _ = self.bounds
        prev_lo, _ = sentence_bounds(self.norm, max(0, lo - 1), max(0, lo - 1), SENTENCE_REACH) if lo else (lo, lo)
        window = blank_asides(self.norm[prev_lo:self.start])
        last = max((m.end() for c in map(self.cue, groups) if c is not None for m in c.finditer(window)),
                   default=None)
        return last is not None and not any(c.search(window, last) for c in map(self.cue, unless) if c is not None)

    def later_cued(self, groups: list[str], section_end: int) -> bool:
        """A cue of these groups after the fact, within STAGE_REACH and its section (more cards
        are dealt later: the count is the deal's first stage)."""
        hi = min(section_end, self.bounds[1] + STAGE_REACH)
        return any(c.search(self.norm, self.end, hi) for c in map(self.cue, groups) if c is not None)

    def cued(self, groups: list[str]) -> bool:
        """A cue of one of these groups anywhere in the fact's sentence."""
        lo, hi = self.bounds
        return any(c.search(self.norm, lo, hi) for c in map(self.cue, groups) if c is not None)

    def clause_cued(self, groups: list[str]) -> bool:
        """A cue of these groups in the fact's clause, brackets aside (`if`: a condition)."""
        a, b = self.clause
        text = blank_asides(self.norm[a:b])
        return any(c.search(text) for c in map(self.cue, groups) if c is not None)

    def told_in_the_past(self) -> bool:
        """The fact's clause states it with a rule's verb in the past (`past`: "каждому игроку
        сдавалось по двенадцать карт", "twelve cards were dealt"): a former form of the game. Not
        so in a condition (`if`: "If a card was exposed…"), nor where the sentence says the game
        itself was (`was_a_game`: "Это была старая английская игра, в которой…": an old game's rules
        can only be told in the past)."""
        past = self.cue("past")
        if past is None:
            return False
        a, b = self.clause
        return past.search(self.norm, a, b) is not None and not self.cued(["if", "was_a_game"])

    def names_a_form(self, label) -> bool:
        """The fact's clause opens under a label naming a form of its game (`label`: the game's
        name or initial, a joiner and a word, then a dash: "В. с прикупкой — раздается по 12
        карт"); the label may begin before the clause, where its abbreviation's stop cut it."""
        a, _ = self.clause
        lo = max(0, a - FORM_LABEL_REACH)
        return any(m.start() <= a - lo + 1 and m.end() >= a - lo
                   for m in label.finditer(self.norm[lo:self.start]))

    def label_scope(self, scopes: dict[str, str]) -> str | None:
        """The qualifier (`scopes`: cue group -> qualifier) the words right before a scoring
        item's value on its own short line (a table row, a bullet: its label) give when they
        name the suits or the contract it holds in; the nearest cue wins. Not in prose, which
        names trumps for other reasons."""
        lo = self.norm.rfind("\n", 0, self.start) + 1
        hi = self.norm.find("\n", self.end)
        if (hi if hi >= 0 else len(self.norm)) - lo > LABEL_LINE:
            return None
        found = self._scope_cues(lo, self.end, scopes)
        return max(found, key=lambda f: (f[0], f[1]))[2] if found else None

    def _scope_cues(self, lo: int, hi: int, scopes: dict[str, str]) -> list[tuple[int, int, str]]:
        """(start, length, qualifier) of each cue of the `scopes` groups in [lo, hi)."""
        found = []
        for group, qualifier in scopes.items():
            cue = self.cue(group)
            found += [(m.start(), len(m.group()), qualifier) for m in (cue.finditer(self.norm, lo, hi) if cue else ())]
        return found

    def suit_scope(self, scopes: dict[str, str]) -> str | None:
        """The qualifier (`scopes`: cue group -> qualifier) the sentence gives by naming the suits
        the fact holds for, or a contract it holds in: the cue nearest before it (a plain-suit
        cue may name trumps: "切り札以外", "non-trump"), else one in its clause after it."""
        lo, _ = self.bounds
        _, clause_end = self.clause
        found = self._scope_cues(lo, clause_end, scopes)
        before = [f for f in found if f[0] < self.start]
        after = [f for f in found if f[0] >= self.start]
        if before:   # the nearest before the fact; at one place the longer cue ("切り札以外" over "切り札")
            return max(before, key=lambda f: (f[0], f[1]))[2]
        return min(after, key=lambda f: (f[0], -f[1]))[2] if after else None


def qualifier_of_clause(place: FactSentence | None, qualifier: str | None) -> str | None:
    """The qualifier the fact's clause or list gives, where its rule gives none: an option's
    words ("played to 100 points (some play to 50)": alternative), a list whose lead-in says
    only some play it ("認める人もいます": optional). Before the facet's relations."""
    if place is None or qualifier is not None:
        return qualifier
    if place.offers_an_option():
        return "alternative"   # "Возможен вариант игры … для двоих"
    if place.list_offers_an_option():
        return "optional"
    return None


def qualifier_of_form(place: FactSentence | None, qualifier: str | None, form) -> str | None:
    """Where nothing else qualified the fact: a label naming a form of its game opens its clause
    ("В. с прикупкой — раздается по 12 карт": alternative). `form` compiles that label when
    first needed. After the facet's relations."""
    if place is None or qualifier is not None:
        return qualifier
    return "alternative" if place.names_a_form(form()) else None


def largest_of_a_sentence(facts: list, doc, grammar, facets) -> list:
    """Of several values of a facet with a `largest` relation in one sentence that holds one of its cues (a
    pack and the jokers added to it: "52 枚組と…ジョーカー 2 枚の 54 枚"), the largest stands; the
    others are its parts."""
    if grammar is None:
        return facts
    groups: dict[tuple, list] = {}
    for f in facts:
        spec = facets.spec(f.facet)
        largest = spec.groups("largest", "sentence") if spec is not None else []
        if not largest or f.qualifier is not None or not isinstance(f.value, int):
            continue
        place = FactSentence(doc.normalized, doc.norm_index(f.anchor.start), doc.norm_index(f.anchor.end), grammar)
        if place.cued(largest):
            groups.setdefault((f.game_id, f.facet, place.bounds), []).append(f)
    parts = {id(f) for same in groups.values() for f in same if f.value < max(g.value for g in same)}
    return [f for f in facts if id(f) not in parts]


def form_label(knowledge, lang: str, game_id: str) -> BudgetedPattern:
    """A label naming a form of the game at a sentence's start: its name (or initial with a
    stop), a joiner of the language's names (`names: prefix_joiners:`, " с ", " without "), a
    word, a dash ("Винт с прикупкой —", "В. без козырей —"). Only a joiner that is a word of its
    own: a particle (の) joins the game's name to anything ("ホイストのルール：")."""
    game = knowledge.by_id.get(game_id)
    names = sorted({n for n in ([*game.names.model_dump().values(), *game.aliases] if game else []) if n}, key=len, reverse=True)
    joiners = [j for j in knowledge.languages[lang].profile.names.prefix_joiners if j.strip() != j]
    if not names or not joiners:
        return compile_pattern("(?!)")
    # (sorted: the same pattern in every run, whatever the hash seed)
    said = "|".join([*map(regex.escape, names), *sorted({regex.escape(n[0]) + r"\." for n in names})])
    return compile_pattern(rf"(?<=^|[.!?;]\s{{1,3}}|\n\s{{0,3}})(?:{said})(?:{'|'.join(map(regex.escape, joiners))})\w+\s*[—–]\s",
                           regex.IGNORECASE)
