"""General statements: facts from any sentence that gives a number with a unit, the facet told
by the unit and the cue words nearest it in the same clause, not by one pattern per phrasing.

    "Each player receives five cards."          five + cards, cue `each`   -> hand_size 5
    "Для игры используют колоду в 36 карт."      36 + карт, cue `deck`      -> deck_size 36
    "Играют от двух до шести человек."           two..six + человек         -> players {2, 6}
    "The first team to reach 10 points wins."    10 + points, cue `win`     -> target_score 10
    "人数 2〜15人" / "Number of players: 2 - 6"    a summary label             -> players {2, 15}

Which unit states which facet, and with which cue groups, is the facet registry's (`unit`,
`cues` in corpus/facets.yaml); the words are each language profile's `statements:`. A clause
with a skip word (a condition, an example) states nothing here: those are rules with a
qualifier, left to the phrase rules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import regex

from pipeline.extract.cards import ELLIPSIS, MAX_LIST_ITEMS, RANGE_MARK
from pipeline.extract.sentences import sentence_bounds, sentences
from pipeline.patterns import BudgetedPattern, compile_pattern
from schemas import PlayerRange

_ARROWED = compile_pattern(r"\w\s*[→>＞]\s*\w")
_ARROW = compile_pattern(r"[→>＞]\s*")
_GLUED_ELEMENT = compile_pattern(r"[→>＞]\s*\p{L}+$")   # an arrow, then a word the list's first rank ends
_BRACKETED = compile_pattern(r"[(（\[][^()（）\[\]]*[)）\]]")
_QUOTED = compile_pattern(r"「[^「」]*」|『[^『』]*』|“[^“”]*”|«[^«»]*»")   # a name: "「5枚カード」"
_SENTENCE_END = compile_pattern(r"[.!?。](?=\s)")   # a summary line's label and value end there
LABEL_LINE_CHARS = 80   # a summary block's line is short
# the value's clause ends after it, a unit's word between: "2 – 4, more can play", "4 players (2 teams)"
_CLAUSE_AFTER_VALUE = compile_pattern(r"(?:[ \t]*\p{L}+)?[ \t]*[,;，、；(（]")
CUE_WINDOW = 40         # a cue further from its number speaks of something else
CHOICE_REACH = 12       # "any of" this near a rank list makes it a set to choose from
SET_REACH = 30          # how far before a rank list "honours are" may stand
SKIP_WINDOW = 60        # a condition word this near a number (before it, mostly) makes it conditional


@dataclass(frozen=True)
class Statement:
    start: int       # chunk offsets of what the fact cites
    end: int
    facet: str
    value: object
    qualifier: str | None = None   # "alternative": one of two values the text offers
    summed: bool = False           # a count with what is added to it ("52 + 2 jokers"): overrides a shorter read
    per_pack: bool = False         # value is a count of packs: the facet's size for the game's family
    full_pack: bool = False        # ...of packs the words call whole ("Two Entire Packs"): the full pack's size


@dataclass(frozen=True)
class StatementGrammar:
    number: BudgetedPattern        # one number or a range, with its unit: groups lo, hi, unit_<kind>
    any_number: BudgetedPattern    # any number
    labels: list[tuple[str, BudgetedPattern]]   # facet, label line (group value)
    value: BudgetedPattern         # a number or a range at the start of a label's value
    cues: dict[str, BudgetedPattern]
    skip: BudgetedPattern
    clause_break: BudgetedPattern  # where a clause ends inside a sentence
    alternative_between: BudgetedPattern   # "or" between two numbers: a choice, not a range
    alternative: BudgetedPattern   # a clause offering an option ("some play to 50")
    condition: BudgetedPattern | None      # a player-count condition: a qualifier, not a skip
    glued_units: frozenset[str]          # units whose number may follow a letter directly
    glued_after: BudgetedPattern           # letters after which any number may start
    open_after: BudgetedPattern            # "以上", "or more" after a count: a lower bound only
    cues_in_sentence: bool               # a cue may stand in another clause of the sentence
    rate_after: BudgetedPattern            # "につき", "per card" after a count: a rate
    pack_units: dict[str, list[str]]     # unit of a count of packs -> facets read from it by family
    jokers_added: BudgetedPattern          # "+ジョーカー2枚", "plus two jokers" after a count of cards
    packs_of: list[BudgetedPattern]        # "2 decks of 52 cards": packs {P} times cards {C}
    summed: frozenset[str]               # facets a count of jokers adds to (the unit's deck facet)
    # unit -> [(facet, cue groups, groups not stating it in the clause, in the sentence)]
    by_unit: dict[str, list[tuple[str, list[str], list[str], list[str]]]]
    numbers: object              # the language's NumberReader
    facets: object               # the facet registry
    full_pack: BudgetedPattern | None = None   # words calling a pack whole ("entire", "full")
    one_full_pack: BudgetedPattern | None = None   # one pack called whole, no number ("a standard deck")


def _jokers_added(st, num: str, units: str) -> BudgetedPattern:
    """Jokers added after a count of cards: "52枚+ジョーカー1枚", "+ two distinguishable Jokers"."""
    jokers = "|".join(st.cues.get("jokers") or ["(?!)"])
    plus = "|".join(st.cues.get("plus") or ["(?!)"])
    # (one word may say which jokers: "two distinguishable Jokers")
    return compile_pattern(
        rf"[ \t]*(?:\S{{0,6}}?)[ \t]*(?:{plus})[ \t]*(?:(?:{jokers})[ \t]*(?P<j>{num})"
        rf"(?:[ \t]*(?:{units}))?|(?P<j2>{num})[ \t]*(?:{units})?(?:の)?[ \t]*(?:\p{{L}}{{3,}}[ \t]+)?"
        rf"(?:{jokers}))", regex.IGNORECASE)


def statement_grammar(language, facets) -> StatementGrammar | None:
    st = language.profile.statements
    if not st.units:
        return None
    num = language.numbers.pattern
    between = "|".join(st.range_between) or "(?!)"
    before = "|".join(st.range_before)
    # a list's middle counts ("two, three or four persons"): the range is its first to its last
    middle = rf"(?:\s*[,、，]\s*(?P<mid>{num}))*"
    rng = rf"(?:(?P<open>{before})\s*)?(?P<lo>{num})(?:{middle}(?P<join>{between})(?P<hi>{num}))?" if before else \
        rf"(?P<lo>{num})(?:{middle}(?P<join>{between})(?P<hi>{num}))?"
    units = "|".join(rf"(?P<unit_{kind}>{'|'.join(words)})" for kind, words in st.units.items() if words)
    # not inside a word or a number: "x2", "1.5"; a number may follow a letter directly only
    # in a script written without spaces ("一人13枚", "1組48枚")
    spaced_letter = r"\p{L}--[\p{Han}\p{Hiragana}\p{Katakana}]"
    # a lower bound may stand between the number and its unit: "100 or more points", "3+ players"
    open_mid = rf"(?:\s*(?P<openmid>{'|'.join(st.open_after)}))?" if st.open_after else ""
    number = compile_pattern(rf"(?<![\d.,_])(?<![{spaced_letter}])(?:{rng}){open_mid}(?:\s*|-)(?:{units})",
                           regex.IGNORECASE | regex.V1)
    # a label's value may open with one word ("Количество участников: предпочтительно два или три")
    # (or glued, in a script without spaces: "内容物：カード64枚")
    word = r"(?:\p{L}+\s+|[\p{Han}\p{Katakana}ー]+)"
    value = compile_pattern(rf"^\s*[:：\-–—]?\s*(?:(?!(?:{before or '(?!)'})){word})?(?:{rng})",
                          regex.IGNORECASE | regex.V1)
    labels = _label_patterns(st, facets)
    cues = {group: compile_pattern("|".join(words), regex.IGNORECASE) for group, words in st.cues.items() if words}
    by_unit: dict[str, list[tuple[str, list[str], list[str], list[str]]]] = {}
    for facet, spec in facets.specs.items():
        if spec.unit:
            by_unit.setdefault(spec.unit, []).append((facet, list(spec.cues), spec.groups("not_stated", "clause"),
                                                      spec.groups("not_stated", "sentence")))
    skip = compile_pattern("|".join(st.skip) or "(?!)", regex.IGNORECASE)
    condition = condition_patterns(language)

    jokers_added = _jokers_added(st, num, units)
    # jokers are added to the count of cards in play: the facet a count of packs also states
    summed = frozenset(f for f, spec in facets.specs.items() if spec.packs)

    def words(patterns: list[str]) -> BudgetedPattern:
        return compile_pattern("|".join(patterns) or "(?!)", regex.IGNORECASE)

    return StatementGrammar(number, compile_pattern(num, regex.IGNORECASE), labels, value, cues, skip,
                            words(st.clause_break), compile_pattern(rf"^(?:{'|'.join(st.alternative_between) or '(?!)'})$",
                                                                  regex.IGNORECASE),
                            words(st.alternative), condition, frozenset(st.glued_units), words(st.glued_after),
                            compile_pattern(rf"\s*(?:{'|'.join(st.open_after) or '(?!)'})", regex.IGNORECASE),
                            st.cues_in_sentence,
                            compile_pattern(rf"(?:{'|'.join(st.rate_after) or '(?!)'})", regex.IGNORECASE),
                            _pack_units(facets),
                            jokers_added,
                            [compile_pattern(p.replace("{P}", f"(?P<P>{num})").replace("{C}", f"(?P<C>{num})"),
                                             regex.IGNORECASE) for p in st.packs_of],
                            summed,
                            by_unit, language.numbers, facets, words(st.full_pack),
                            compile_pattern("|".join(st.one_full_pack), regex.IGNORECASE) if st.one_full_pack else None)


def _label_patterns(st, facets) -> list[tuple[str, BudgetedPattern]]:
    """Each facet's summary-label line ("Number of players: 2 - 6"), its value in group `value`."""
    bullet = r"(?:(?:[-•・*●■◆▪︎]+|[|｜])[ \t]*)?"   # a list item or a table row: "- プレイ人数:3〜10"
    # the value on the label's line, or alone on the next line (a definition list laid out
    # as lines: "参加人数\n\n2人", "Players\n2-4")
    # a label's stop: a colon or dash, or leader dots ("人数・・・4人", "Players .... 4")
    # (or a table's cell border: "| Кол-во игроков | 2 — 6 |")
    stop = r"(?:[:：\-–—|｜]|[・.．…‥]{2,})"
    # a label set in Markdown emphasis ("- **Players:** 2 to 4", "**Deck**: 40 cards")
    emph = r"(?:\*\*|__|\*|_)?"
    # (after a stop, the value may stand on the next line too: "Количество игроков:\n2 - 13")
    next_line = r"\n(?:[ \t]*\n)?[ \t]*(?=\S)"
    # (at a line's start, or run in after a sentence's end with its stop: "Брисккарточная игра.
    # Игроков — двое.")
    return [(facet, compile_pattern(rf"(?:^[ \t]*{bullet}{emph}(?:{'|'.join(words)}){emph}[ \t]*"
                                      rf"(?:{stop}{emph}[ \t]*(?:{next_line})?|[ \t](?=\S)|[ \t]*{next_line})"
                                      rf"|(?<=[.!?。！？][ \t]{{1,2}})(?:{'|'.join(words)})[ \t]*{stop}[ \t]*)(?P<value>.*)$",
                                    regex.IGNORECASE | regex.MULTILINE))
              for facet, words in st.labels.items() if words and facets.known(facet)]


def condition_patterns(language) -> BudgetedPattern | None:
    """The language's player-count conditions (`statements: condition:`), `{N}` a number (group
    `n`; a bound, group `cmp`)."""
    words = language.profile.statements.condition
    if not words:
        return None
    num = language.numbers.pattern
    return compile_pattern("|".join(f"(?:{w.replace('{N}', f'(?P<n>{num})')})" for w in words), regex.IGNORECASE)


def _pack_units(facets) -> dict[str, list[str]]:
    """Unit of a count of packs -> the facets that read a size from it (`packs`)."""
    out: dict[str, list[str]] = {}
    for facet, spec in facets.specs.items():
        if spec.packs:
            out.setdefault(spec.packs.unit, []).append(facet)
    return out


def _values(facet: str, lo: int | None, hi: int | None, join: str | None,
            grammar: StatementGrammar, open_: bool = False,
            middle: tuple[int | None, ...] = ()) -> list[tuple[object, str | None]]:
    """The typed values (with a qualifier) a number or a pair of numbers states for a facet:
    a range for a range facet; for a count, "32 or 36 cards" is two values, the first the usual
    rule and the second an `alternative` (as a reader, and the gold, take "A or B"), and a list's
    middle counts are offered too ("24, 36 or 52 cards": three); out of bounds, nothing."""
    spec = grammar.facets.spec(facet)
    if spec is None or lo is None:
        return []
    if open_ and hi is None and not spec.threshold:
        return []  # "from 2" (от 2-х), "13枚以上": a lower bound, not a count
    if spec.type == "range":
        a, b = (lo, hi) if hi is not None else (lo, lo)
        if a > b or not (grammar.facets.within(facet, a) and grammar.facets.within(facet, b)):
            return []
        return [(PlayerRange(min=a, max=b), None)]
    if hi is None:
        return [(lo, None)] if grammar.facets.within(facet, lo) else []
    if join is None or not grammar.alternative_between.match(join) or lo == hi:
        return []  # "2-6 cards": a range where one count is meant
    offered = [lo, *(n for n in middle if n is not None), hi]
    if not all(grammar.facets.within(facet, n) for n in offered):
        return []
    return [(lo, None), *((n, "alternative") for n in dict.fromkeys(offered[1:]) if n != lo)]


def middle_counts(m, parse) -> tuple[int | None, ...]:
    """The counts between a list's first and last ("24, 36 or 52"), each as written."""
    return tuple(parse(x) for x in m.captures("mid")) if m.group("hi") else ()


def clause_of(sentence: str, span: tuple[int, int], grammar: StatementGrammar) -> tuple[int, int]:
    """The clause of `sentence` around `span`: between the clause breaks outside brackets
    nearest it ("Eight cards are dealt (by three, two, and three) to each player" is one)."""
    depth, breaks = 0, []
    marks = {m.start(): m.end() for m in grammar.clause_break.finditer(sentence)}
    for i, c in enumerate(sentence):
        if c in "(（[":
            depth += 1
        elif c in ")）]":
            depth = max(0, depth - 1)
        elif depth == 0 and i in marks:
            breaks.append((i, marks[i]))
    lo = max((e for s, e in breaks if e <= span[0]), default=0)
    hi = min((s for s, e in breaks if s >= span[1]), default=len(sentence))
    return lo, hi


def _gap(a: int, b: int, asides: list[tuple[int, int]]) -> int:
    """Characters between offsets a <= b, not counting bracketed asides wholly between them."""
    return (b - a) - sum(y - x for x, y in asides if a <= x and y <= b)


def _nearest_cue(clause: str, span: tuple[int, int], groups: list[str], grammar: StatementGrammar,
                 others: list[tuple[int, int]], asides: list[tuple[int, int]] = (),
                 bounds: tuple[int, int] | None = None) -> tuple[int, int, int] | None:
    """(distance, start, end) of the cue of `groups` nearest the number at `span`, within
    CUE_WINDOW characters and nearer to it than to any other number of the clause ("24 карты,
    4 масти, по 6": `по` belongs to 6)."""
    best = None
    if bounds:  # a number of another clause does not compete for a cue
        others = [(a, b) for a, b in others if bounds[0] <= a and b <= bounds[1]]
    for group in groups:
        pattern = grammar.cues.get(group)
        if pattern is None:
            continue
        for m in pattern.finditer(clause):
            if bounds and (m.end() < bounds[0] or m.start() >= bounds[1] or m.start() < m.end() == bounds[0]):
                continue  # a cue in another clause speaks of something else (a line-start cue is empty)
            d = max(0, _gap(span[1], m.start(), asides) if m.start() >= span[1] else 0,
                    _gap(m.end(), span[0], asides) if span[0] >= m.end() else 0)
            if d > CUE_WINDOW or any(max(0, m.start() - b, a - m.end()) < d for a, b in others):
                continue
            if best is None or d < best[0]:
                best = (d, m.start(), m.end())
    return best


def _facet_of(unit: str, clause: str, span: tuple[int, int], grammar: StatementGrammar,
              others: list[tuple[int, int]], bounds: tuple[int, int],
              asides: list[tuple[int, int]] = ()) -> tuple[str, tuple[int, int]] | None:
    """The facet of a number with `unit` at `span` in `clause`, and the span to cite: the facet
    whose cue stands nearest (the cite runs from the cue to the number); a facet without cues
    when none does."""
    choices = grammar.by_unit.get(unit, [])
    scored = [(cue, facet, blockers, whole) for facet, groups, blockers, whole in choices if groups
              for cue in [_nearest_cue(clause, span, groups, grammar, others, asides,
                                              None if grammar.cues_in_sentence else bounds)] if cue is not None]
    plain = [(facet, blockers, whole) for facet, groups, blockers, whole in choices if not groups]
    subject = grammar.cues.get("subject")   # a clause with its own subject ("…後、バンカーは3枚") borrows no cue
    if scored and grammar.cues_in_sentence and subject is not None and subject.search(clause, bounds[0], span[0]):
        scored = [s for s in scored if bounds[0] <= s[0][1] < bounds[1]]
    if scored:
        (_, cs, ce), facet, blockers, whole = min(scored)
        span = (min(cs, span[0]), max(ce, span[1]))
    elif plain:
        facet, blockers, whole = plain[0]
    else:
        return None
    # "three cards at a time", "then two", "32枚のカードを2組": a round of the deal, a pack of
    # several: the clause (or, for `whole`, the sentence) says something else
    # (an aside the number is not in speaks of something else: "Deal all the cards (4 at a time)
    # such that each player has twenty cards")
    lo, hi = max(bounds[0], span[0] - CUE_WINDOW), min(bounds[1], span[1] + CUE_WINDOW)
    seen = clause
    for x, y in asides:
        if not (x <= span[0] and span[1] <= y):
            seen = seen[:x] + " " * (y - x) + seen[y:]
    if any(grammar.cues[b].search(seen, lo, hi) for b in blockers if b in grammar.cues):
        return None
    total = grammar.cues.get("total")
    summed = bool(scored) and total is not None and total.search(clause, cs, ce) is not None
    if not summed and any(grammar.cues[b].search(clause) for b in whole if b in grammar.cues):
        return None
    return facet, span


def general_statements(text: str, grammar: StatementGrammar | None) -> list[Statement]:
    """Statements of `text` (a section's normalized text) read by units, cues and labels."""
    if grammar is None:
        return []
    out = _label_statements(text, grammar)
    for s_start, sentence in sentences(text):
        # numbers in brackets are an aside ("Eight cards are dealt (by three, two, and three) to
        # each player"): they do not stand between a number and its cue
        asides = [b.span() for b in _BRACKETED.finditer(sentence)]
        numbers = [n.span() for n in grammar.any_number.finditer(sentence)
                   if not any(x <= n.start() and n.end() <= y for x, y in asides)]
        # a player-count condition is a qualifier (read when the fact is emitted), not a skip
        masked = grammar.condition.sub(lambda c: " " * len(c.group()), sentence) if grammar.condition else sentence
        # (nor is a quoted name's word a skip: «Верю - не верю» says no "не" of the sentence)
        masked = _QUOTED.sub(lambda q: " " * len(q.group()), masked)
        inside = [c.span() for c in grammar.condition.finditer(sentence)] if grammar.condition else []
        inside += [q.span() for q in _QUOTED.finditer(sentence)]
        for m in grammar.number.finditer(sentence):
            if any(x <= m.start() and m.end() <= y for x, y in inside):
                continue  # "in a three-player game, …", "「5枚カード」": a condition's count, a name
            others = [(x, y) for x, y in numbers if y <= m.start() or x >= m.end()]
            out += [replace(st, start=s_start + st.start, end=s_start + st.end)
                    for st in _number_statements(sentence, m, masked, others, asides, grammar)]
        out += [replace(st, start=s_start + st.start, end=s_start + st.end) for st in _packs_of(sentence, grammar)]
        out += [Statement(s_start + m.start(), s_start + m.end(), facet, 1, per_pack=True, full_pack=True)
                for m in (grammar.one_full_pack.finditer(masked) if grammar.one_full_pack else ())
                for facets in [grammar.pack_units.get("packs", [])] for facet in facets]
    return _totals_win(_sums_win(out), text, grammar)


def _sums_win(statements: list[Statement]) -> list[Statement]:
    """A count that overlaps a sum of its facet read at the same place is a part of it ("NUMBER OF
    CARDS: Two 52 card decks": 104, not the label's 52)."""
    sums = [s for s in statements if s.summed]
    return [st for st in statements if st.summed or not any(
        p.facet == st.facet and p.start < st.end and st.start < p.end for p in sums)]


def _persons(number: str | None, grammar: StatementGrammar) -> bool:
    """A number word that counts people only («вдвоём», «трое»)."""
    people = grammar.numbers.profile.numbers.persons_only
    return bool(number and people) and grammar.numbers.fold(number.strip().casefold()) in people


def _packs_of(sentence: str, grammar: StatementGrammar) -> list[Statement]:
    """A count of packs and the cards in each ("2 decks of 52 cards", "52枚のトランプを2組"): the
    cards in play are the product, a total as a count with its jokers is."""
    out, parse = [], grammar.numbers.parse
    # (the count of packs too, where no unit of the language said it: "2つの…カードパック")
    counted = sorted({f for unit in grammar.pack_units for f, *_ in grammar.by_unit.get(unit, [])})
    for pattern in grammar.packs_of:
        for m in pattern.finditer(sentence):
            packs, cards = parse(m.group("P")), parse(m.group("C"))
            if not packs or not cards or _persons(m.group("P"), grammar):
                continue
            for facet in sorted(grammar.summed):   # (and the jokers added: "… and two jokers")
                values, added_to, _ = _with_jokers(facet, [(packs * cards, None)], sentence, m.end(), grammar)
                out += [Statement(m.start(), added_to or m.end(), facet, v, summed=True)
                        for v, _ in values if grammar.facets.within(facet, v)]
            out += [Statement(m.start("P"), m.end("P"), facet, packs)
                    for facet in counted if grammar.facets.within(facet, packs)]
    return out


def _label_statements(text: str, grammar: StatementGrammar) -> list[Statement]:
    """Summary blocks: "Number of players: 2 - 6", "人数 2〜15人"."""
    out, parse = [], grammar.numbers.parse
    for facet, label in grammar.labels:
        for m in label.finditer(text):
            end = _SENTENCE_END.search(m.group(), m.start("value") - m.start())   # prose may follow
            v = grammar.value.match(m.group("value"))
            if not v:
                continue
            # (a long line is a summary's when its value ends a clause: "Number of players: Two to
            # eight, but this card game works best with three to five")
            if (end.start() if end else len(m.group())) > LABEL_LINE_CHARS \
                    and not _CLAUSE_AFTER_VALUE.match(m.group("value"), v.end()):
                continue
            hi = parse(v.group("hi")) if v.group("hi") else None
            # "Number of players: 3+", "人数: 2人以上": a lower bound, as in a sentence
            open_ = bool(v.groupdict().get("open")) or bool(grammar.open_after.match(m.group("value"), v.end()))
            middle = middle_counts(v, parse)
            listed = _listed_counts(m.group("value"), v.end(), facet, grammar) if hi is None else None
            if listed:   # "Players: 2, 3, 4, 6": the range is the list's first to its last
                (*middle, hi), listed_end = listed
                if grammar.open_after.match(m.group("value"), listed_end):
                    continue   # "2,3,4,5+": no highest count
            values = _values(facet, parse(v.group("lo")), hi, v.group("join"), grammar, open_, tuple(middle))
            end = m.start("value") + (listed_end if listed else v.end())
            values, added_to, summed = _with_jokers(facet, values, text, end, grammar)
            for value, qualifier in values:
                out.append(Statement(m.start(), added_to or end, facet, value, qualifier, summed))
    return out


_COUNT_LIST_GAP = compile_pattern(r"\s*[,、，]\s*")
LISTED_COUNTS = 2        # counts after a label's first that make its value a list


def _listed_counts(value: str, at: int, facet: str, grammar: StatementGrammar) -> tuple[list[int], int] | None:
    """The counts a range facet's label lists after its first, by commas alone ("2, 3, 4, 6"),
    rising, and where the list ends; None for no such list (a comma after one count is prose's)."""
    spec = grammar.facets.spec(facet)
    if spec is None or spec.type != "range":
        return None
    counts, end = [], at
    while (gap := _COUNT_LIST_GAP.match(value, end)) and (n := grammar.any_number.match(value, gap.end())):
        if (x := grammar.numbers.parse(n.group())) is None:
            break
        counts.append(x)
        end = n.end()
    return (counts, end) if len(counts) >= LISTED_COUNTS and counts == sorted(set(counts)) else None


def _with_jokers(facet: str, values: list, text: str, at: int, grammar: StatementGrammar) -> tuple[list, int | None, bool]:
    """A count of cards and the jokers added after it ("52枚一組+ジョーカー2枚", "52 cards plus two
    jokers", "Количество карт: 52 плюс 2 джокера"): the jokers are in play too. Returns the
    values, where the jokers end (None when none were added) and whether jokers follow."""
    plus = grammar.jokers_added.match(text, at) if facet in grammar.summed else None
    if plus and len(values) == 1 and isinstance(values[0][0], int):
        added = grammar.numbers.parse(plus.group("j") or plus.group("j2"))
        if added and grammar.facets.within(facet, values[0][0] + added):
            return [(values[0][0] + added, values[0][1])], plus.end(), True
    return values, None, bool(plus)


def _number_statements(sentence: str, m, masked: str, others: list[tuple[int, int]],
                       asides: list[tuple[int, int]], grammar: StatementGrammar) -> list[Statement]:
    """What one number with a unit (`m`) states in its sentence (sentence offsets): a count of
    packs, and the facet its unit and nearest cue give, when nothing in its clause says it is
    not the rule as stated."""
    parse = grammar.numbers.parse
    a, b = clause_of(sentence, m.span(), grammar)
    # a condition, an example, a choice in the number's clause: not the rule as stated
    if grammar.skip.search(masked, max(a, m.start() - SKIP_WINDOW), min(b, m.end() + SKIP_WINDOW // 2)):
        return []
    unit = next((k[5:] for k, v in m.groupdict().items() if k.startswith("unit_") and v), None)
    if unit != "players" and any(_persons(m.group(g), grammar) for g in ("lo", "hi")):
        return []   # «играют вдвоём колодой из 32 карт»: two players, not two packs
    if m.start() and sentence[m.start() - 1].isalpha() and unit not in grammar.glued_units \
            and not grammar.glued_after.fullmatch(sentence[m.start() - 1]):
        return []
    out = _pack_statements(m, unit, grammar)
    found = _facet_of(unit, sentence, m.span(), grammar, others, (a, b), asides) if unit else None
    if found is None or grammar.rate_after.match(sentence, m.end()):
        return out   # (no facet; "1枚につき1点": a rate)
    facet, (x, y) = found
    option = "alternative" if grammar.alternative.search(sentence, a, b) else None
    hi = parse(m.group("hi")) if m.group("hi") else None
    # "from 2", "2名以上", "2 игрока и более": a lower bound, no count of players
    open_ = bool(m.groupdict().get("open")) or bool(m.groupdict().get("openmid")) \
        or bool(grammar.open_after.match(sentence, m.end()))
    values = _values(facet, parse(m.group("lo")), hi, m.group("join"), grammar, open_, middle_counts(m, parse))
    values, added_to, summed = _with_jokers(facet, values, sentence, m.end(), grammar)
    y = max(y, added_to) if added_to else y
    return out + [Statement(x, y, facet, value, qualifier or option, summed) for value, qualifier in values]


def _pack_statements(m, unit: str | None, grammar: StatementGrammar) -> list[Statement]:
    """A count of packs states the facets that read a size from it ("played with one deck": a
    patience's 52 cards, multiplied once the game is known)."""
    if unit not in grammar.pack_units or m.group("hi"):
        return []
    n = grammar.numbers.parse(m.group("lo"))
    if not n or not 1 <= n <= 8:
        return []
    said = m.group(f"unit_{unit}") or ""
    full = grammar.full_pack is not None and grammar.full_pack.search(said) is not None
    return [Statement(m.start(), m.end(), facet, n, per_pack=True, full_pack=full) for facet in grammar.pack_units[unit]]


def _totals_win(statements: list[Statement], text: str, grammar: StatementGrammar) -> list[Statement]:
    """Where a sentence gives a count of a facet with a `total` cue ("32枚のピケ・パックにジョーカー
    を加えた、合計33枚", "two decks (108 cards total)"), its other counts of that facet are parts."""
    total = grammar.cues.get("total")
    if total is None:
        return statements
    totals = [bool(total.search(text, max(0, st.start - 4), min(len(text), st.end + 8))) for st in statements]
    summed = {(sentence_bounds(text, st.start, st.end, 400)[0], st.facet)
              for st, is_total in zip(statements, totals, strict=True) if is_total}
    return [st for st, is_total in zip(statements, totals, strict=True)
            if is_total or (sentence_bounds(text, st.start, st.end, 400)[0], st.facet) not in summed]


@dataclass(frozen=True)
class RankOrderGrammar:
    rank_list: BudgetedPattern     # five or more rank names in a row, notes and ellipses allowed
    order: BudgetedPattern         # words of a ranking ("rank", "high", "старшинство", "強さ")
    ascending: BudgetedPattern     # words of a list written from low to high
    low_note: BudgetedPattern      # "(low)" after a list's first rank, "(high)" after its last
    choice: BudgetedPattern        # "any of A, K, Q, J, 10", "A，K，Q，J，10 のどれか": a set to pick from
    # a list that names a set of cards by what they are or do: "the K Q J A and 7 of trumps are
    # called honours", "3 2 A K Q J, have a counting value", "honours are A K Q J 10" (no order)
    named_set: BudgetedPattern     # matched just after the list
    set_named: BudgetedPattern     # searched just before it (ends at the list)
    lead_high: BudgetedPattern     # "ace is the highest card, then" before a list: its first rank
    # after a list, an arrow or ellipsis on to another rank: the list goes on past what was read
    # ("…→切り札Q→...→切り札2", where "..." may have ended the sentence read); an arrow on to
    # words ("> 台札以外のカード") ends it
    goes_on: BudgetedPattern


def rank_order_grammar(language, languages, vocab) -> RankOrderGrammar | None:
    cues = language.profile.statements.cues
    if not cues.get("order"):
        return None
    notes = "|".join(languages.all_patterns(lambda p: p.words.rank_note)) or "(?!)"
    # a list written from its lowest: "(low)" after its first rank, "(high)" after its last
    low = "|".join(cues.get("low_note") or ["(?!)"])
    high = "|".join(cues.get("high_note") or ["(?!)"])
    tok = rf"(?:{vocab.token})(?:\s*[(（](?:{notes}|\d{{1,2}})[)）])?"   # "J(11)": a rank's number
    tok = rf"{tok}(?:\s*{RANGE_MARK}\s*{tok})?"   # "3、4~10、J": a span of ranks
    sep = rf"(?:{vocab.sep}|\s*[→>＞]\s*)"
    gap = ELLIPSIS
    # ranks joined by hyphens ("J-9-A-10-K-Q-8-7"): six at least, for five are a poker hand's
    # run ("A-K-Q-J-10", "5-4-3-2-A"), not an order of the ranks
    hyphened = rf"{tok}(?:[-–]{tok}){{5,{MAX_LIST_ITEMS}}}(?![-–])"
    rank_list = compile_pattern(rf"{hyphened}|{tok}(?:{sep}(?:{gap}{sep})?{tok}){{4,{MAX_LIST_ITEMS}}}",
                                regex.IGNORECASE | regex.V0)

    def words(name: str) -> BudgetedPattern:
        return compile_pattern("|".join(cues.get(name) or ["(?!)"]), regex.IGNORECASE)

    # the profile's `lead_high` phrasings, {R} the rank they name ("{R} is the highest card, then")
    leads = [p.replace("{R}", f"(?P<lead>{vocab.token})") for p in cues.get("lead_high") or []]
    return RankOrderGrammar(rank_list, words("order"), words("ascending"),
                            compile_pattern(rf"^\S+\s*[(（](?:{low})[)）]|[(（](?:{high})[)）]\s*$", regex.IGNORECASE),
                            words("choice_of"), words("named_set"), words("set_named"),
                            compile_pattern("|".join(f"(?:{x})" for x in leads) or "(?!)", regex.IGNORECASE | regex.V0),
                            compile_pattern(rf"\s*(?:[→>＞]|{gap})\s*(?:[→>＞]\s*)?(?:[.…・]|{tok}|$)",
                                            regex.IGNORECASE | regex.V0))


LEAD_REACH = 60   # how far before a rank list its "X is the highest, then" may stand


_LABEL_END = compile_pattern(r"[:：]\s*$")
_LEADING_NOTE = compile_pattern(r"^[\s\W\d]*?(?:[(（][^()（）]{0,6}[)）])?[\s\W]*$")
_COURT = compile_pattern(r"[^\d\s\W]")


def _under_label(clause: str, m) -> bool:
    """A rank list that a label line above speaks for: it opens its line (a bracketed note
    before it at most: "(強)") and names a card that is no numeral ("6 7 8 9 10" under "the
    ranking of bids:" is a table's header, not the cards' order)."""
    return bool(_LEADING_NOTE.match(clause[:m.start()])) and bool(_COURT.search(m.group()))


def rank_order_statements(text: str, grammar: RankOrderGrammar | None, vocab, gap_order,
                          standard: list[str]) -> list[Statement]:
    """Rank orders stated in a sentence that speaks of ranking: "ranked A (high), K, Q, J, 10 …",
    "Старшинство карт: 2, 3, 4, …, К, Т" (written from low to high: reversed)."""
    from pipeline.extract.cards import highest_first, parse_rank_list_with_gaps, rank_taken_out

    if grammar is None:
        return []
    out, label = [], ""
    for s_start, clause in sentences(text):
        # (a ranking's words, an ascending list's, or arrows: "A→K→Q→…→2" says its order; a label
        # line closed by a colon speaks for the line under it: "Старшинство карт:" ⏎ "7, 8, …, Т")
        above, label = label, (clause if _LABEL_END.search(clause) else "")
        own = grammar.order.search(clause) or grammar.ascending.search(clause) or _ARROWED.search(clause)
        heard = f"{above}\n{clause}" if above else clause
        if not own and not (above and (grammar.order.search(above) or grammar.ascending.search(above))):
            continue
        for m in grammar.rank_list.finditer(clause):
            if not own and not _under_label(clause, m):
                continue
            m = _listed_order(grammar, clause, m)
            if m is None:
                continue
            codes = parse_rank_list_with_gaps(m.group(), vocab, gap_order)
            # "ace is the highest card, then king, queen, …": the list's first rank stands before it
            lead = grammar.lead_high.search(clause, max(0, m.start() - LEAD_REACH), m.start())
            first = parse_rank_list_with_gaps(lead.group("lead"), vocab, gap_order) if lead else []
            start = m.start()
            if first and codes and first[0] not in codes:
                codes, start = [first[0], *codes], lead.start()
            if not codes or len(codes) < 5 or len(set(codes)) != len(codes):
                continue
            if first:
                pass   # written from its highest, as the lead says
            elif grammar.ascending.search(heard) or grammar.low_note.search(m.group()):
                codes = codes[::-1]
            else:
                codes = highest_first(codes, standard)
            if rank_taken_out(codes, standard, gap_order):
                continue  # "ace, king, queen, 10, and 9": the ranks of a suit less one, not its order
            out.append(Statement(s_start + start, s_start + m.end(), "rank_order", codes))
    return out


def _listed_order(grammar: RankOrderGrammar, clause: str, m):
    """The rank list `m` found in `clause` as a list of the order, or None when it names cards
    of a set, a choice or a list that goes on unread."""
    if _GLUED_ELEMENT.search(clause, max(0, m.start() - 12), m.start()):
        # "…→切り札2→A→K→…": the first rank is the end of the element before ("trump 2")
        arrow = _ARROW.search(clause, m.start(), m.end())
        m = grammar.rank_list.match(clause, arrow.end()) if arrow else None
        if m is None:
            return None
    if grammar.choice.search(clause, max(0, m.start() - CHOICE_REACH), m.end() + CHOICE_REACH):
        return None  # "when three of any of A, K, Q, J, 10 are held": a set, not an order
    if grammar.named_set.match(clause, m.end()) or grammar.set_named.search(
            clause, max(0, m.start() - SET_REACH), m.start()):
        return None  # "K Q J A and 7 of trumps are called honours": cards named, not ranked
    if grammar.goes_on.match(clause, m.end()):
        return None  # "A→K→Q→J→10→...→2カード": the list goes on past what was read
    return m
