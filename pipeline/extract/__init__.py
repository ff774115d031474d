"""Extraction: the rule facts each section states, as typed values with an exact citation."""

from __future__ import annotations

import json
from dataclasses import replace

import regex

from pipeline.extract.attribution import NEAR, game_named_near, topic_game
from pipeline.extract.candidates import candidates
from pipeline.extract.cards import vocabulary
from pipeline.extract.choices import second_offered
from pipeline.extract.ditto import ditto_rows
from pipeline.extract.general import (
    condition_patterns,
    general_statements,
    rank_order_grammar,
    rank_order_statements,
    statement_grammar,
)
from pipeline.extract.merge import merge_players, merge_statements, resolve_overlaps, within_a_stated_range
from pipeline.extract.points import point_grammar, point_statements, table_grammar, table_statements
from pipeline.extract.readers import READERS, ReadContext
from pipeline.extract.roles import role_cues, role_of
from pipeline.extract.rules import Rule, rules_of
from pipeline.extract.scope import FactSentence, form_label, largest_of_a_sentence, one_card_pattern, qualifier_from_sentence
from pipeline.extract.score_lines import line_item, score_line_grammar, score_lines
from pipeline.extract.sentences import sentence_bounds
from pipeline.extract.spans import SpanIndex
from pipeline.extract.token_rules import token_rules_of
from pipeline.extract.variations import family_forms, options_headings, variations_span
from pipeline.knowledge import Knowledge
from pipeline.patterns import BudgetedPattern, compile_pattern
from pipeline.positions import Locator
from schemas import Document, Fact, Section

_NOT_LETTER = compile_pattern(r"\P{L}+")


def in_script(text: str, script) -> bool:
    """Most letters of `text` are in `script`."""
    letters = _NOT_LETTER.sub("", text)
    return bool(letters) and len(letters) - len(script.sub("", letters)) >= 0.8 * len(letters)


def script_runs(text: str, script) -> list[tuple[int, int]]:
    """Stretches of consecutive lines written mostly in `script` (untranslated passages)."""
    runs: list[tuple[int, int]] = []
    pos = 0
    for line in text.split("\n"):
        end = pos + len(line)
        letters = _NOT_LETTER.sub("", line)
        # (the script is a character class: its letters counted in one call, not one per letter)
        if len(letters) >= 8 and len(letters) - len(script.sub("", letters)) >= 0.6 * len(letters):
            if runs and runs[-1][1] >= pos - 1:
                runs[-1] = (runs[-1][0], end)
            else:
                runs.append((pos, end))
        pos = end + 1
    return runs


SENTENCE_REACH = 160  # in a section about no game, the game must be named in the fact's sentence


def read_context(knowledge: Knowledge, lang: str) -> ReadContext:
    """What the value readers need for one language's matches (built once per language)."""
    def build() -> ReadContext:
        # words that tie a rank to its points, in every language: without one "K Q J 10 9 8 7"
        # is a rank list
        link = "|".join(knowledge.languages.all_patterns(lambda p: p.words.point_link)) or "(?!)"
        return ReadContext(facet="", item=None, language=knowledge.languages[lang], vocab=vocabulary(knowledge),
                           facets=knowledge.facets, items=knowledge.facets.item_names(lang),
                           suits=knowledge.suit_names, point_link=compile_pattern(link, regex.IGNORECASE),
                           orders=knowledge.terms.orders, four_of=dict(knowledge.terms.four_of))
    return knowledge.compiled(("read_context", lang), build)


def read_values(rule, m, context: ReadContext) -> list[tuple[str, object]]:
    """(facet, value) pairs a match (regex or token rule) states, through the rule's reader."""
    return rule.reader.read(m.groupdict(), replace(context, facet=rule.facet, item=rule.item))


def extract(doc: Document, sections: list[Section], knowledge: Knowledge,
            trace: list | None = None) -> list[Fact]:
    """Facts of every game-bearing section of one document. `trace` (training): every
    candidate is put there as (fact, features, read by a rule) instead of being weighed."""
    lang = doc.language
    languages = knowledge.languages
    # The source's own language first; then the others, for passages left untranslated (a
    # Russian translation that keeps an English table): their matches must be in their script.
    passes = [(lang, None)] + [(other.code, other.script) for other in languages
                               if other.code != lang and other.script is not None]
    contexts = {lg: read_context(knowledge, lg) for lg, _ in passes}
    plan = [(lg, script, rule, contexts[lg]) for lg, script in passes for rule in rules_of(knowledge, lg)]
    loc = Locator(doc)
    norm = doc.normalized
    skip = [(b.start, b.end) for b in doc.boilerplate]
    # innermost section at an offset: subsections (level 1) before their top-level section
    ordered = sorted(sections, key=lambda s: (s.anchor.start, -s.level))
    inner = sorted((s for s in sections if s.game_id), key=lambda s: (-s.level, s.anchor.start))
    facts: list[Fact] = []
    seen: set[tuple] = set()
    token_rules = token_rules_of(knowledge, lang)
    ditto_words = frozenset(languages.all_patterns(lambda p: p.words.ditto))
    vocab = vocabulary(knowledge)
    suits = tuple(sorted(knowledge.suit_names, key=len, reverse=True))
    card_points = knowledge.facets.spec("card_points")
    grammar = knowledge.compiled(("point_grammar", lang), lambda: point_grammar(
        languages[lang], vocab, suits, card_points.bounds[1] if card_points and card_points.bounds else 25))
    points_rule = Rule(id=f"{lang}.points.sentence", facet="card_points", reader=READERS["rank_points"],
                       pattern=None, qualifier=None)
    max_points = card_points.bounds[1] if card_points and card_points.bounds else 25
    tables = knowledge.compiled(("table_grammar", lang), lambda: table_grammar(
        languages[lang], vocab, knowledge.terms.orders.standard, max_points))
    table_rule = replace(points_rule, id=f"{lang}.points.table")
    statements = knowledge.compiled(("statement_grammar", lang),
                                    lambda: statement_grammar(languages[lang], knowledge.facets))
    one_card = knowledge.compiled(("one_card", lang), lambda: one_card_pattern(
        languages[lang].profile.statements.cues.get("one_card") or [], vocab.token, suits))
    rank_orders = knowledge.compiled(("rank_order_grammar", lang),
                                     lambda: rank_order_grammar(languages[lang], languages, vocab))

    def emit(top: Section, ns: int, context: ReadContext, rule, m, start: int, end: int,
             row: str | None = None) -> None:
        """One match (regex or token rule) at chunk offsets [start, end) -> a fact, if it holds;
        `row`: the text the match was read in, when not the chunk itself (a ditto row's expansion)."""
        for facet, value in read_values(rule, m, context):
            emit_fact(top, ns, rule, start, end, facet, value,
                      row_condition=condition_of(row, m.start(), m.end(), conditions, languages[lang].numbers)
                      if row is not None else None)

    def emit_fact(top: Section, ns: int, rule, start: int, end: int, facet: str, value,
                  per_pack: bool = False, row_condition: str | None = None, into: list | None = None) -> None:
        anchor = loc.anchor_from_normalized(ns + start, ns + end)
        if any(s <= anchor.start < e for s, e in skip):
            return
        home = next((s for s in inner if s.anchor.start <= anchor.start < s.anchor.end), top)
        if home.kind == "other" and home.level > 0:
            return  # hints, etiquette, text books, probability inside a game: not its rules
        game_id, rule_id = top.game_id, rule.id
        other = game_named_near(norm, ns + start, ns + end, top.game_id, knowledge,
                                near=NEAR if top.game_id else SENTENCE_REACH)
        if other:
            game_id, rule_id = other, rule.id + "+named-game"
        elif not game_id:
            game_id = topic_game(norm, ns + start, ns, knowledge)
            if not game_id:
                return  # no game to attribute it to
            rule_id = rule.id + "+topic-game"
        in_variations = top.id in variations and variations[top.id][0] <= anchor.start < variations[top.id][1]
        names_top = bool(top.title and home.title and top.title.strip() in home.title)
        if in_variations and game_id == top.game_id and top.id in family_of and not names_top:
            game_id = family_of[top.id]   # a variant's "Variations" part lists the family's forms (not
            # under a sub-heading naming the variant: 「単純なドゥラークの攻め札」)
        elif top.id in listed_in and game_id == top.game_id and home is not top and not names_top:
            # a variant listed under its family's "Variations" heading: the sub-headings after it
            # are the list's next items (「501」 then 「32枚のトランプを使う」), forms of the family's game
            game_id, in_variations = listed_in[top.id], True
        if not _fits_game(knowledge, facet, game_id):
            return
        spec = knowledge.facets.spec(facet)
        place = FactSentence(norm, ns + start, ns + end, statements, one_card) if statements is not None else None
        if place is not None and spec is not None and (place.voided(spec) or place.replaced(spec)):
            return   # the points of the whole pack, not a target; a value another replaces
        if place is not None and spec is not None and spec.first_stage_before \
                and place.first_stage(spec, doc.norm_index(top.anchor.end)):
            return   # the first stage of a deal whose rest is dealt after the bidding
        if place is not None and spec is not None and place.reduced(spec):   # the pack cards are taken out of,
            cut = place.removed_count(spec, suits) if isinstance(value, int) else None  # less what is taken
            if cut is None or not knowledge.facets.within(facet, value - cut[0]):
                return
            value, rule_id, anchor = value - cut[0], rule_id + "+removed", loc.anchor_from_normalized(ns + start, cut[1])
        left = place.remainder(spec) if place is not None and spec is not None else None
        if left is not None:   # "remove every card below the seven; 32 must remain": the pack
            if not isinstance(value, int) or not knowledge.facets.within(left, value):
                return
            facet, spec, rule_id = left, knowledge.facets.spec(left), rule_id + "+remainder"
            if not _fits_game(knowledge, facet, game_id):
                return
        if per_pack:   # a count of packs: times the pack of the game's family, if it has one
            game = knowledge.by_id.get(game_id)
            size = spec.from_packs.get(game.family) if spec and game else None
            if not size:
                return
            value = value * size
        qualifier = rule.qualifier
        single = isinstance(value, int) or (isinstance(value, list) and len(value) == 1)
        if qualifier is None and choice is not None and single and choice.search(norm, max(0, ns + start - 40), ns + start):
            qualifier = "alternative"   # "the game is 121, or even 181": 181 is the value offered second
        qualifier = qualifier_from_sentence(place, spec, qualifier, lambda: knowledge.compiled(
            ("form_label", lang, game_id), lambda: form_label(knowledge, lang, game_id)))
        if qualifier is None and in_variations and game_id in (top.game_id, family_of.get(top.id), listed_in.get(top.id)):
            qualifier = "alternative"   # under the game's "Variations" heading: one form of it
        # a ditto row's own condition ("4 ” 12 ” 4 ”" read as "4 Players, 12 cards each …") first
        condition = row_condition if row_condition not in (None, "said") else \
            condition_of(norm, ns + start, ns + end, conditions, languages[lang].numbers)
        if condition == "said":   # "When two play, …": the count is the fact's own words
            if facet == "players":
                said_as_condition.add(anchor.start)
            condition = None
        if condition:  # "If there are four players, six cards are dealt to each": holds when 4 play
            if facet == "players":
                return  # a player count in a condition is not the game's player count
            if condition == "self":
                condition = None
        if condition:
            qualifier = qualifier or (condition if condition in knowledge.facets.qualifiers else None)
            if qualifier is None:
                return  # a condition with no qualifier to say it: not this game's rule as stated
        elif place is not None and spec is not None and spec.not_if and place.in_if_clause():
            return   # "if only 2 cards remain in the stock": the condition of another rule
        dump = value.model_dump() if hasattr(value, "model_dump") else value
        key = (game_id, facet, repr(dump), qualifier, anchor.start, anchor.end)
        if into is None and key in seen:
            return
        if into is None:
            seen.add(key)
        fid = f"{doc.source_id}:{anchor.start}:{facet}" + (f":{qualifier}" if qualifier else "")
        if qualifier == "alternative":   # "32 or 36 cards": two facts at one place
            fid += f"={json.dumps(dump, sort_keys=True, ensure_ascii=False)}"
        (facts if into is None else into).append(Fact(
            id=fid, game_id=game_id, source_id=doc.source_id, section_id=home.id, facet=facet,
            value=value, qualifier=qualifier, anchor=anchor, rule=rule_id,
            role=_role(role_of(norm, ns + start, ns + end, roles), facet, knowledge,
                       told_in_the_past=place is not None and place.told_in_the_past())))

    conditions = knowledge.compiled(("conditions", lang), lambda: condition_patterns(languages[lang]))
    roles = knowledge.compiled(("role_cues", lang), lambda: role_cues(languages[lang]))
    choice = knowledge.compiled(("choice", lang), lambda: choice_pattern(languages[lang]))
    taken, len_taken = SpanIndex(), [0]   # facts read so far, by place (general statements yield)
    said_as_condition: set[int] = set()   # players facts whose words are a condition ("When two play")
    scorer = knowledge.fact_scorer

    def weigh_candidates(top: Section, ns: int, chunk: str, stated: list[tuple[int, int]]) -> None:
        """The numbers with a unit no rule read for their facet: kept when the scorer accepts
        them (the way it was kept), or all put in `trace` with their features. A number the
        general statements read (`stated`, chunk offsets) or a rule read for any facet is theirs,
        whether or not a relation then dropped it ("discarded from a pack of fifty-two cards", "a
        batch of three cards to each player" read as a deal): no candidate."""
        if statements is None or (trace is None and not (scorer and scorer.adds)):
            return
        for f in facts[len_taken[0]:]:
            taken.add(f.facet, f.anchor.start, f.anchor.end)
        len_taken[0] = len(facts)
        core = knowledge.facets.core
        def said_before(start: int, end: int) -> bool:
            return any(x < end and start < y for x, y in stated)

        for c in candidates(chunk, statements, skip=None if trace is not None else said_before):
            said = said_before(c.start, c.end)
            a, b = doc.orig_span(ns + c.start, ns + c.end)
            read = {f for f in core if any(s < b and a < e for s, e, _ in taken.near(f, a, b))}
            said = said or bool(read)   # the rules read this place (for this facet or another)
            feats = {**c.features, "rule_other": float(bool(read - {c.facet}))}
            rule = Rule(id=f"{lang}.candidate.{c.facet}", facet=c.facet, reader=READERS["number"], pattern=None,
                        qualifier=c.qualifier)
            if trace is not None:   # (with whether the rules read it: the model alone is measured too)
                sink: list[Fact] = []
                emit_fact(top, ns, rule, c.start, c.end, c.facet, c.value, into=sink)
                trace.extend((f, feats, said) for f in sink)
            elif not said and scorer.accepts(c.facet, feats):
                emit_fact(top, ns, rule, c.start, c.end, c.facet, c.value)

    lines = knowledge.compiled(("score_lines", lang), lambda: score_line_grammar(languages[lang], vocab))
    line_rule = Rule(id=f"{lang}.score.line", facet="score", reader=READERS["number"], pattern=None, qualifier=None)

    def read_score_lines(top: Section, ns: int, chunk: str, first: int) -> None:
        """A label and its points on a line of their own, where no other reading took the line's
        value (a card's points, a target): the item the label names, or the label as written."""
        read = [(f.anchor.start, f.anchor.end) for f in facts[first:]]
        for line in score_lines(chunk, lines):
            a, b = doc.orig_span(ns + line.start, ns + line.end)
            if not any(s < b and a < e for s, e in read):
                item = line_item(line.label, languages[lang], contexts[lang].items)
                emit_fact(top, ns, line_rule, line.start, line.end, f"score:{item}", line.value)

    options = options_headings(knowledge)
    variations = {s.id: at for s in sections if s.level == 0
                  if (at := variations_span(s, sections, doc.text, options)) is not None}
    family_of, listed_in = family_forms(sections, variations, doc.text)
    # game sections, and essays/history ("other") where a fact sits in a sentence naming its game
    for top in (s for s in ordered if s.level == 0 and (s.game_id or s.kind == "other")):
        ns = doc.norm_index(top.anchor.start)
        ne = doc.norm_index(top.anchor.end)
        chunk = norm[ns:ne]
        first_of_top, rest_at_face = len(facts), []
        runs = {None: [(0, len(chunk))]}
        for _lg, script, rule, context in plan:
            if script not in runs:
                runs[script] = script_runs(chunk, script)
            for m in (m for a, b in runs[script] for m in rule.pattern.finditer(chunk, a, b)):
                if m.end() <= m.start() or (script and not in_script(m.group(), script)):
                    continue
                emit(top, ns, context, rule, m, m.start(), m.end())
        for row in ditto_rows(chunk, ditto_words):  # a ditto row is cited as itself, read as its expansion
            for _lg, script, rule, context in plan:
                if script and not in_script(row.expanded, script):
                    continue
                for m in rule.pattern.finditer(row.expanded):
                    emit(top, ns, context, replace(rule, id=rule.id + "+ditto"), m, row.start, row.end,
                         row=row.expanded)
        for rule, st in [*((points_rule, st) for st in point_statements(chunk, grammar, vocab)),
                         *((table_rule, st) for st in table_statements(chunk, tables, vocab))]:
            if st.rest_at_face:   # completed once the section's rank order is read (below)
                rest_at_face.append((rule, st))
                continue
            emit_fact(top, ns, rule, st.start, st.end, "card_points", st.points)
        # general statements yield to what a phrase or token rule read at the same place
        for f in facts[len_taken[0]:]:
            taken.add(f.facet, f.anchor.start, f.anchor.end)
        len_taken[0] = len(facts)
        found = general_statements(chunk, statements) + rank_order_statements(
            chunk, rank_orders, vocab, knowledge.terms.orders.gap, knowledge.terms.orders.standard)
        for st in found:
            a, b = doc.orig_span(ns + st.start, ns + st.end)
            # (not a total, nor one of two values offered: "61 or 121 points" where a rule read 61)
            if not st.summed and not st.per_pack and st.qualifier != "alternative" \
                    and any(s < b and a < e for s, e, _ in taken.near(st.facet, a, b)):
                continue
            rule = Rule(id=f"{lang}.general.{st.facet}", facet=st.facet, reader=READERS["number"], pattern=None,
                        qualifier=st.qualifier)
            emit_fact(top, ns, rule, st.start, st.end, st.facet, st.value, st.per_pack)
        for tm in token_rules.matches(chunk, items=contexts[lang].items):
            emit(top, ns, contexts[lang], tm.rule, tm, tm.start, tm.end)
        weigh_candidates(top, ns, chunk, [(st.start, st.end) for st in found])
        read_score_lines(top, ns, chunk, first_of_top)
        # "A = 11, K Q J = 10, the rest at face value": the numerals of the pack this section's
        # rank order (or its one stated pack) names count their own number
        orders = [f.value for f in facts[first_of_top:] if f.facet == "rank_order" and f.qualifier is None
                  and f.game_id == top.game_id] or _stripped_pack(facts[first_of_top:], top, knowledge)
        for rule, st in rest_at_face if orders else ():   # (no pack known: a map left incomplete is not emitted)
            points = dict(st.points)
            for r in orders[0]:
                if r.isdigit():
                    points.setdefault(r, int(r))
            emit_fact(top, ns, replace(rule, id=rule.id + "+rest"), st.start, st.end, "card_points", points)
    facts = largest_of_a_sentence(facts, doc, statements, knowledge.facets)
    merged = resolve_overlaps(merge_players(resolve_overlaps(facts), doc.text))
    merged = second_offered(merged, doc.text, statements.cues.get("or_clause") if statements else None)
    return merge_statements(within_a_stated_range(merged, said_as_condition))


CONDITION_BEFORE, CONDITION_AFTER = 100, 60   # how far from a fact a player-count condition is read


def choice_pattern(language) -> BudgetedPattern | None:
    """A count offered as the second of two: "121, or even 181", "2枚ずつ、または3枚ずつ" (the value
    before the fact's number, a counter word after it), by the language's
    `statements: alternative_between:`. The first offered is the usual rule; the second an
    alternative."""
    between = "|".join(language.profile.statements.alternative_between)
    if not between:
        return None
    num = language.numbers.pattern
    return compile_pattern(rf"{num}(?:\s*\p{{L}}{{1,4}})?[,，、]?(?:{between})(?:\p{{L}}+\s+)?$", regex.IGNORECASE)


def condition_of(norm: str, start: int, end: int, pattern: BudgetedPattern | None, numbers) -> str | None:
    """"<n>p" when a player-count condition stands in the fact's sentence near it; "conditional"
    when the condition is a bound ("if more than six play", "8〜15人の時"); "self" when the
    only condition is a bound in the fact's own words (a players fact read from "8〜15人の時は");
    "said" when the fact's own words are a condition with a count ("when four play")."""
    if pattern is None:
        return None
    lo, hi = sentence_bounds(norm, start, end, CONDITION_BEFORE, CONDITION_AFTER)
    best, own, said = None, False, False
    for m in pattern.finditer(norm, lo, hi):
        if m.start() < end and m.end() > start:
            # the fact's own words: "when four play" may state the count; "8〜15人の時は" does not
            own = own or bool(m.groupdict().get("cmp"))
            said = True
            continue
        n = numbers.parse(m.group("n")) if m.group("n") else None
        bound = bool(m.groupdict().get("cmp"))   # "more than six", "8〜15人": no one count
        # the nearest condition before the fact governs it ("if five play, five cards to each,
        # and if six play, four"); one after it only when none stands before
        distance = start - m.end() if m.end() <= start else (hi - lo) + m.start() - end
        if n is not None and (best is None or distance < best[0]):
            best = (distance, "conditional" if bound else f"{n}p")
    return best[1] if best else ("self" if own else ("said" if said else None))


def _stripped_pack(facts: list[Fact], top: Section, knowledge: Knowledge) -> list[list[str]]:
    """The standard order of the one pack a section states (`orders: stripped:`), if any: not
    where it states several, whatever their qualifiers ("a pack of 52; 20 cards for up to four
    players, 36 for five to ten")."""
    orders = knowledge.terms.orders
    sizes = {f.value for f in facts if f.facet == "deck_size" and f.game_id == top.game_id}
    low = orders.stripped.get(next(iter(sizes))) if len(sizes) == 1 else None
    return [orders.standard[:orders.standard.index(low) + 1]] if low else []


def _role(role: str, facet: str, knowledge: Knowledge, told_in_the_past: bool = False) -> str:
    """A law passage states penalties; the other counts in it describe the irregularity ("only
    seven cards in the talon", "thirteen cards in his hand"), not the game's rule. A rule told in
    the past ("каждому игроку сдавалось по двенадцать карт") is how the game was once played."""
    if role == "rule" and told_in_the_past:
        return "history"
    return "other" if role == "law" and knowledge.facets.item(facet) is None else role


def _fits_game(knowledge: Knowledge, facet: str, game_id: str) -> bool:
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


