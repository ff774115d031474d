"""Reading one document's game sections, step by step: pattern rules (in the source's language,
then untranslated passages in the others'), ditto rows, card points in sentences and tables,
general statements, token rules, weighed candidates, scoring lines, and maps completed at face
value. Every value read becomes a fact through the document's `FactMaker`."""

from __future__ import annotations

from dataclasses import replace

from pipeline.extract.attribution import named_stretches
from pipeline.extract.candidates import candidates
from pipeline.extract.choices import second_offered
from pipeline.extract.conditions import condition_of
from pipeline.extract.ditto import ditto_rows
from pipeline.extract.facts import FactMaker
from pipeline.extract.general import general_statements, rank_order_statements
from pipeline.extract.grammars import grammars_of, read_context, read_values
from pipeline.extract.merge import (
    merge_players,
    merge_statements,
    resolve_overlaps,
    within_a_stated_range,
    yield_weak,
)
from pipeline.extract.point_tables import point_tables
from pipeline.extract.points import ACE_FACE, point_statements, table_statements
from pipeline.extract.rules import rules_of
from pipeline.extract.scope import largest_of_a_sentence
from pipeline.extract.score_lines import item_above, line_item, score_lines
from pipeline.extract.scripts import in_script, script_runs
from pipeline.extract.spans import SpanIndex
from pipeline.extract.variations import family_forms, variations_span
from pipeline.knowledge import Knowledge
from pipeline.segment import options_headings
from schemas import Document, Fact, Section


class DocumentReader:
    """The facts of one document, read section by section (`read`), then merged (`facts`).
    `trace` (training): every candidate goes there as (fact, features, read by a rule) instead
    of being weighed."""

    def __init__(self, doc: Document, sections: list[Section], knowledge: Knowledge, trace: list | None = None):
        self.doc, self.knowledge, self.trace = doc, knowledge, trace
        lang = doc.language
        # The source's own language first; then the others, for passages left untranslated (a
        # Russian translation that keeps an English table): their matches must be in their script.
        passes = [(lang, None)] + [(other.code, other.script) for other in knowledge.languages
                                   if other.code != lang and other.script is not None]
        self.context = read_context(knowledge, lang)
        self.plan = [(script, rule, read_context(knowledge, lg)) for lg, script in passes for rule in rules_of(knowledge, lg)]
        self.g = grammars_of(knowledge, lang)
        variations = {s.id: at for s in sections if s.level == 0
                      if (at := variations_span(s, sections, doc.text, options_headings(knowledge))) is not None}
        self.maker = FactMaker(doc, sections, knowledge, self.g, (variations, *family_forms(sections, variations, doc.text)))
        self.taken, self.marked = SpanIndex(), 0   # facts read so far, by place (general statements yield)
        # innermost section at an offset: subsections (level 1) before their top-level section
        ordered = sorted(sections, key=lambda s: (s.anchor.start, -s.level))
        # game sections, and essays/history ("other") where a fact sits in a sentence naming its game
        self.tops = [s for s in ordered if s.level == 0 and (s.game_id or s.kind == "other")]

    def read(self, top: Section) -> None:
        """Every reading of one top-level section, in order: later steps yield to earlier ones.
        A section about no game is read only where a game is named (`named_stretches`)."""
        ns = self.doc.norm_index(top.anchor.start)
        chunk = self.doc.normalized[ns:self.doc.norm_index(top.anchor.end)]
        if top.game_id:
            self.read_chunk(top, ns, chunk)
            return
        for a, b in named_stretches(chunk, self.knowledge):
            self.read_chunk(top, ns + a, chunk[a:b])

    def read_chunk(self, top: Section, ns: int, chunk: str) -> None:
        first = len(self.maker.facts)
        self.read_patterns(top, ns, chunk)
        rest_at_face = self.read_points(top, ns, chunk)
        self.read_point_tables(top, ns, chunk)
        self.mark_taken()
        stated = self.read_statements(top, ns, chunk)
        for tm in self.g.token_rules.matches(chunk, items=self.context.items):
            self.emit_match(top, ns, self.context, tm.rule, tm, tm.start, tm.end)
        self.weigh_candidates(top, ns, chunk, stated)
        self.read_score_lines(top, ns, chunk, first)
        self.complete_at_face(top, ns, rest_at_face, first)

    def facts(self) -> list[Fact]:
        """The document's facts, overlaps resolved and statements of one value merged."""
        doc, statements = self.doc, self.g.statements
        facts = largest_of_a_sentence(self.maker.facts, doc, statements, self.knowledge.facets)
        merged = resolve_overlaps(merge_players(resolve_overlaps(facts), doc.text))
        merged = second_offered(merged, doc.text, statements.cues.get("or_clause") if statements else None)
        # (a weak value yields before conflicts are flagged: it is no second value of the game)
        merged = yield_weak(within_a_stated_range(merged, self.maker.said_as_condition, self.knowledge.facets.qualifiers),
                            {rule.id for _, rule, _ in self.plan if rule.weak})
        return merge_statements(merged)

    def emit_match(self, top: Section, ns: int, context, rule, m, start: int, end: int, row: str | None = None) -> None:
        """One match (regex or token rule) at chunk offsets [start, end) -> facts, if they hold;
        `row`: the text the match was read in, when not the chunk itself (a ditto row's expansion)."""
        numbers = self.knowledge.languages[self.g.lang].numbers
        for facet, value in read_values(rule, m, context):
            condition = condition_of(row, m.start(), m.end(), self.g.conditions, numbers) if row is not None else None
            self.maker.emit(top, ns, rule, start, end, facet, value, row_condition=condition)

    def read_patterns(self, top: Section, ns: int, chunk: str) -> None:
        """The pattern rules, each over the runs of its script; then over each ditto row's
        expansion (cited as the row itself)."""
        runs = {None: [(0, len(chunk))]}
        for script, rule, context in self.plan:
            if script not in runs:
                runs[script] = script_runs(chunk, script)
            for m in (m for a, b in runs[script] for m in rule.pattern.finditer(chunk, a, b)):
                if m.end() > m.start() and not (script and not in_script(m.group(), script)):
                    self.emit_match(top, ns, context, rule, m, m.start(), m.end())
        for row in ditto_rows(chunk, self.g.ditto_words):
            for script, rule, context in self.plan:
                if script and not in_script(row.expanded, script):
                    continue
                for m in rule.pattern.finditer(row.expanded):
                    self.emit_match(top, ns, context, replace(rule, id=rule.id + "+ditto"), m, row.start, row.end,
                                    row=row.expanded)

    def read_points(self, top: Section, ns: int, chunk: str) -> list:
        """Card points in sentences and tables; those with "the rest at face value" are returned,
        to be completed once the section's rank order is read."""
        g, rest_at_face = self.g, []
        for rule, st in [*((g.points_rule, st) for st in point_statements(chunk, g.points, self.context.vocab)),
                         *((g.table_rule, st) for st in table_statements(chunk, g.tables, self.context.vocab))]:
            if st.rest_at_face:
                rest_at_face.append((rule, st))
            else:
                self.maker.emit(top, ns, rule, st.start, st.end, "card_points", st.points)
        return rest_at_face

    def read_point_tables(self, top: Section, ns: int, chunk: str) -> None:
        """Tables with a column of points: a scoring item per row, or one card point map."""
        rows, maps = point_tables(chunk, self.g.point_tables, self.context.vocab)
        language = self.knowledge.languages[self.g.lang]
        for row in rows:
            item = line_item(row.label, language, self.context.items)
            self.maker.emit(top, ns, self.g.table_line_rule, row.start, row.end, f"score:{item}", row.value)
        for m in maps:
            self.maker.emit(top, ns, self.g.table_rule, m.start, m.end, "card_points", m.points)

    def mark_taken(self) -> None:
        """The places of the facts read since the last mark, by facet."""
        for f in self.maker.facts[self.marked:]:
            self.taken.add(f.facet, f.anchor.start, f.anchor.end)
        self.marked = len(self.maker.facts)

    def read_statements(self, top: Section, ns: int, chunk: str) -> list[tuple[int, int]]:
        """General statements and rank orders, where no rule read the same facet at the place
        (but a total, a count of packs, or one of two values offered: "61 or 121 points" where a
        rule read 61). Returns the chunk spans of all statements found."""
        knowledge, g = self.knowledge, self.g
        orders = knowledge.terms.orders
        found = general_statements(chunk, g.statements) + rank_order_statements(
            chunk, g.rank_orders, self.context.vocab, orders.gap, orders.standard)
        for st in found:
            a, b = self.doc.orig_span(ns + st.start, ns + st.end)
            if not st.summed and not st.per_pack and st.qualifier != "alternative" \
                    and any(s < b and a < e for s, e, _ in self.taken.near(st.facet, a, b)):
                continue
            self.maker.emit(top, ns, g.rule("general", st.facet, st.qualifier), st.start, st.end, st.facet, st.value,
                            "full" if st.full_pack else st.per_pack)
        return [(st.start, st.end) for st in found]

    def weigh_candidates(self, top: Section, ns: int, chunk: str, stated: list[tuple[int, int]]) -> None:
        """The numbers with a unit no rule read for their facet: kept when the scorer accepts
        them (the way it was kept), or all put in `trace` with their features. A number the
        general statements read (`stated`) or a rule read for any facet is theirs, whether or
        not a relation then dropped it: no candidate."""
        scorer, trace = self.knowledge.fact_scorer, self.trace
        if self.g.statements is None or (trace is None and not (scorer and scorer.adds)):
            return
        self.mark_taken()
        core = self.knowledge.facets.core

        def said_before(start: int, end: int) -> bool:
            return any(x < end and start < y for x, y in stated)

        for c in candidates(chunk, self.g.statements, skip=None if trace is not None else said_before):
            a, b = self.doc.orig_span(ns + c.start, ns + c.end)
            read = {f for f in core if any(s < b and a < e for s, e, _ in self.taken.near(f, a, b))}
            said = said_before(c.start, c.end) or bool(read)   # the rules read this place
            feats = {**c.features, "rule_other": float(bool(read - {c.facet}))}
            rule = self.g.rule("candidate", c.facet, c.qualifier)
            if trace is not None:   # (with whether the rules read it: the model alone is measured too)
                sink: list[Fact] = []
                self.maker.emit(top, ns, rule, c.start, c.end, c.facet, c.value, into=sink)
                trace.extend((f, feats, said) for f in sink)
            elif not said and scorer.accepts(c.facet, feats):
                self.maker.emit(top, ns, rule, c.start, c.end, c.facet, c.value)

    def read_score_lines(self, top: Section, ns: int, chunk: str, first: int) -> None:
        """A label and its points on a line of their own, where no other reading of the section
        took the line's value (a card's points, a target): the item the label names, or the
        label as written."""
        read = [(f.anchor.start, f.anchor.end) for f in self.maker.facts[first:]]
        language = self.knowledge.languages[self.g.lang]
        for line in score_lines(chunk, self.g.score_lines):
            a, b = self.doc.orig_span(ns + line.start, ns + line.end)
            if not any(s < b and a < e for s, e in read):
                item = line_item(line.label, language, self.context.items, line.gloss, self.context.any_items)
                known = item in self.context.items.values()
                # (a clause's phrase naming a rank and no registry item speaks of a card's value:
                # "the lowest value has the ace - 1 point")
                if line.prose and not known and self.g.score_lines.rank.search(line.label):
                    continue
                # (a list's row may name its item by the heading above it; a clause names its own)
                if not known and not line.prose:
                    item = item_above(chunk, line.start, self.context.items) or item
                self.maker.emit(top, ns, self.g.line_rule, line.start, line.end, f"score:{item}", line.value)

    def complete_at_face(self, top: Section, ns: int, rest_at_face: list, first: int) -> None:
        """"A = 11, K Q J = 10, the rest at face value": the numerals of the pack this section's
        rank order (or its one stated pack, or else the pack its game's family is declared to
        use: `deck_size: packs: sizes:`, a patience's 52) names count their own number; with no
        pack known, a map left incomplete is not emitted (Piquet's "lower cards" are 7 to 10)."""
        facts = self.maker.facts[first:]
        orders = [f.value for f in facts if f.facet == "rank_order" and f.qualifier is None
                  and f.game_id == top.game_id] or self.stripped_pack(facts, top) or self.family_pack(facts, top)
        for rule, st in rest_at_face if orders else ():
            points = dict(st.points)
            for r in orders[0]:
                if r.isdigit():
                    points.setdefault(r, int(r))
                elif r == "A":   # (an ace the map leaves is one of "the others": its face is one pip)
                    points.setdefault(r, ACE_FACE)
            self.maker.emit(top, ns, replace(rule, id=rule.id + "+rest"), st.start, st.end, "card_points", points)

    def family_pack(self, facts: list[Fact], top: Section) -> list[list[str]]:
        """The standard order of the pack the game's family is declared to use, where the section
        states no pack of its own."""
        if any(f.facet == "deck_size" and f.game_id == top.game_id for f in facts):
            return []
        spec, game = self.knowledge.facets.spec("deck_size"), self.knowledge.by_id.get(top.game_id or "")
        size = spec.packs.sizes.get(game.family) if spec and spec.packs and game else None
        return self.order_of(size)

    def stripped_pack(self, facts: list[Fact], top: Section) -> list[list[str]]:
        """The standard order of the one pack a section states (`orders: stripped:`), if any: not
        where it states several, whatever their qualifiers ("a pack of 52; 20 cards for up to
        four players, 36 for five to ten")."""
        sizes = {f.value for f in facts if f.facet == "deck_size" and f.game_id == top.game_id}
        return self.order_of(next(iter(sizes))) if len(sizes) == 1 else []

    def order_of(self, size: int | None) -> list[list[str]]:
        """The standard order of a pack of `size` cards down to its lowest rank (`orders:
        stripped:`), if the size is one of them."""
        orders = self.knowledge.terms.orders
        low = orders.stripped.get(size) if size else None
        return [orders.standard[:orders.standard.index(low) + 1]] if low else []
