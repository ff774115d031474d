"""How one fact was read, for `hoyle facts --explain ID`: the reading that found it, the steps
its rule id records, and the facet's declared relations (corpus/facets.yaml) in their order,
with those that changed it marked."""

from __future__ import annotations

from pipeline.values import value_text

# how the reading is named in a rule id `<lang>.<kind>.<…>`
READINGS = {
    "general": "a general statement: a number with the facet's unit, given the facet by its nearest cue",
    "candidate": "a candidate (a number with a unit) that no rule read, accepted by the fitted fact scorer",
    "points": "card points assigned to ranks in a sentence or a table",
    "score": "a scoring line: a label and its points on a line of their own",
}
# steps a rule id records after a '+'
STEPS = {
    "named-game": "attributed to the game named next to the value, not the section's",
    "topic-game": "in a section about no game: attributed to the game its passage is about",
    "ditto": "read in a table row whose ditto marks (\u201d) were expanded from the row above",
    "rest": "the ranks not listed count their face value (the section's rank order)",
    "removed": "the cards a removal after it takes out were subtracted",
    "remainder": "the count left after cards are taken out: stated as the pack",
    "left": "the count and the cards a removal after it takes out make a full pack: the count is what is left",
}


def explain_fact(fact, relations) -> list[str]:
    """Lines explaining `fact` (a schemas.Fact); `relations`: its facet's declared relations."""
    rule, *steps = fact.rule.split("+")
    kind = rule.split(".")[1] if rule.count(".") >= 2 else ""
    lines = [
        f"fact      {fact.id}",
        f"game      {fact.game_id}    source {fact.source_id}, line {fact.anchor.line}"
        + (f", p. {fact.anchor.page}" if fact.anchor.page else ""),
        f"value     {fact.facet} = {value_text(fact.value)}    qualifier {fact.qualifier or '-'}    role {fact.role}",
        f"quote     {fact.anchor.quote!r}",
        f"read by   {rule}: {READINGS.get(kind, 'a pattern or token rule of the language profile (facts.yaml)')}",
    ]
    lines += [f"          +{s}: {STEPS.get(s, s)}" for s in steps]
    fired = set(fact.relations)
    if relations:
        lines.append("relations of the facet, in their order (* changed this fact):")
        for i, rel in enumerate(relations, 1):
            name = f"{rel.action}:{rel.where}:{'|'.join(rel.when)}"
            extra = f" -> {rel.facet}" if rel.facet else (f" -> {rel.qualifier}" if rel.qualifier else "")
            lines.append(f"  {'*' if name in fired else ' '} {i}. {rel.action} {rel.where} "
                         f"({', '.join(rel.when)}){extra}")
    else:
        lines.append("relations of the facet: none declared")
    if len(fact.evidence) > 1:
        lines.append(f"stated    {len(fact.evidence)} times in this source: lines "
                     + ", ".join(str(a.line) for a in fact.evidence))
    return lines
