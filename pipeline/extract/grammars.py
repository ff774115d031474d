"""What extraction compiles once per language (and caches on the knowledge): the value readers'
context, the grammars of points, tables, statements and rank orders, the cue patterns of
conditions, roles and choices, and the rules."""

from __future__ import annotations

from dataclasses import dataclass, replace

import regex

from pipeline.extract.cards import vocabulary
from pipeline.extract.general import condition_patterns, rank_order_grammar, statement_grammar
from pipeline.extract.point_tables import point_table_grammar
from pipeline.extract.points import point_grammar, table_grammar
from pipeline.extract.rank_bounds import rank_bounds
from pipeline.extract.rank_sets import rank_sets
from pipeline.extract.readers import READERS, ReadContext
from pipeline.extract.roles import role_cues
from pipeline.extract.rules import Rule
from pipeline.extract.scope import one_card_pattern
from pipeline.extract.score_lines import score_line_grammar
from pipeline.extract.token_rules import token_rules_of
from pipeline.knowledge import Knowledge
from pipeline.patterns import BudgetedPattern, compile_pattern


def read_context(knowledge: Knowledge, lang: str) -> ReadContext:
    """What the value readers need for one language's matches (built once per language)."""
    def build() -> ReadContext:
        # words that tie a rank to its points, in every language: without one "K Q J 10 9 8 7"
        # is a rank list
        link = "|".join(knowledge.languages.all_patterns(lambda p: p.words.point_link)) or "(?!)"
        return ReadContext(facet="", item=None, language=knowledge.languages[lang], vocab=vocabulary(knowledge),
                           facets=knowledge.facets, items=knowledge.facets.item_names(lang),
                           suits=knowledge.suit_names, point_link=compile_pattern(link, regex.IGNORECASE),
                           orders=knowledge.terms.orders, four_of=dict(knowledge.terms.four_of),
                           any_items={k: v for other in knowledge.languages
                                      for k, v in knowledge.facets.item_names(other.code).items()})
    return knowledge.compiled(("read_context", lang), build)


def read_values(rule, m, context: ReadContext) -> list[tuple[str, object]]:
    """(facet, value) pairs a match (regex or token rule) states, through the rule's reader."""
    return rule.reader.read(m.groupdict(), replace(context, facet=rule.facet, item=rule.item))


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


@dataclass(frozen=True)
class Grammars:
    """One language's compiled grammars and the rules their readings are cited under."""

    lang: str
    points: object          # rank -> points in a sentence
    tables: object          # rank -> points laid out as a table
    statements: object      # general statements (None: the language has none)
    one_card: tuple | None  # a card named by rank and suit
    rank_sets: object       # ranks named in all suits at once ("the twos to fives")
    rank_orders: object
    conditions: BudgetedPattern | None
    roles: object
    choice: BudgetedPattern | None
    score_lines: object
    point_tables: object    # tables with a column of points
    token_rules: object
    rank_bounds: object     # the ranks said highest or lowest beside a rank list
    ditto_words: frozenset[str]
    suits: tuple[str, ...]
    points_rule: Rule
    table_rule: Rule
    line_rule: Rule
    table_line_rule: Rule

    def rule(self, kind: str, facet: str, qualifier: str | None = None) -> Rule:
        """A rule for a value a grammar (not a pattern) read: `<lang>.<kind>.<facet>`."""
        return Rule(id=f"{self.lang}.{kind}.{facet}", facet=facet, reader=READERS["number"], pattern=None,
                    qualifier=qualifier)


def grammars_of(knowledge: Knowledge, lang: str) -> Grammars:
    """The grammars of `lang`, compiled once per knowledge."""
    return knowledge.compiled(("grammars", lang), lambda: _compile(knowledge, lang))


def _compile(knowledge: Knowledge, lang: str) -> Grammars:
    languages = knowledge.languages
    language = languages[lang]
    vocab = vocabulary(knowledge)
    suits = tuple(sorted(knowledge.suit_names, key=len, reverse=True))
    card_points = knowledge.facets.spec("card_points")
    max_points = card_points.bounds[1] if card_points and card_points.bounds else 25
    points_rule = Rule(id=f"{lang}.points.sentence", facet="card_points", reader=READERS["rank_points"],
                       pattern=None, qualifier=None)
    tables = table_grammar(language, vocab, knowledge.terms.orders.standard, max_points)
    return Grammars(
        lang=lang,
        points=point_grammar(language, vocab, suits, max_points),
        tables=tables,
        statements=statement_grammar(language, knowledge.facets),
        one_card=one_card_pattern(language.profile.statements.cues.get("one_card") or [], vocab.token, suits),
        rank_sets=rank_sets(vocab, language.profile.statements.range_between, knowledge.terms.orders.standard,
                             suits),
        rank_orders=rank_order_grammar(language, languages, vocab),
        conditions=condition_patterns(language),
        roles=role_cues(language),
        choice=choice_pattern(language),
        score_lines=score_line_grammar(language, vocab),
        point_tables=point_table_grammar(language, vocab, tables),
        token_rules=token_rules_of(knowledge, lang),
        rank_bounds=rank_bounds(language, vocab),
        ditto_words=frozenset(languages.all_patterns(lambda p: p.words.ditto)),
        suits=suits,
        points_rule=points_rule,
        table_rule=replace(points_rule, id=f"{lang}.points.table"),
        line_rule=Rule(id=f"{lang}.score.line", facet="score", reader=READERS["number"], pattern=None,
                       qualifier=None),
        table_line_rule=Rule(id=f"{lang}.score.table", facet="score", reader=READERS["number"], pattern=None,
                             qualifier=None),
    )
