"""Two values of one facet that one sentence offers with an "or" between its clauses
("カードを1枚ずつ配り、…か、3枚ずつ配ります", "dealt by twos, or, if preferred, by threes"): the
first offered is the rule and the second an `alternative`, as for "32 or 36 cards" inside one
clause. The "or" words are each language's `statements: cues: or_clause`."""

from __future__ import annotations

import json

from pipeline.extract.roles import RULE_ROLES
from pipeline.extract.sentences import SENTENCE_END
from pipeline.patterns import BudgetedPattern
from schemas import Fact

CHOICE_REACH = 120   # the most text between the two values of one choice


def second_offered(facts: list[Fact], text: str, or_clause: BudgetedPattern | None) -> list[Fact]:
    """`facts` with the second of two values a sentence offers as a choice made `alternative`."""
    if or_clause is None:
        return facts
    out = list(facts)
    last: dict[tuple[str, str], Fact] = {}
    for i in sorted(range(len(out)), key=lambda i: (out[i].anchor.start, out[i].facet)):
        f = out[i]
        if f.qualifier is not None or f.role not in RULE_ROLES:
            continue
        before, last[(f.game_id, f.facet)] = last.get((f.game_id, f.facet)), f
        if before is None or before.value == f.value or before.anchor.end > f.anchor.start:
            continue
        between = text[before.anchor.end:f.anchor.start]
        if len(between) <= CHOICE_REACH and not SENTENCE_END.search(between) and or_clause.search(between):
            value = f.value.model_dump() if hasattr(f.value, "model_dump") else f.value
            out[i] = f.model_copy(update={"qualifier": "alternative", "id": f"{f.id}:alternative="
                                          f"{json.dumps(value, sort_keys=True, ensure_ascii=False)}"})
    return out
