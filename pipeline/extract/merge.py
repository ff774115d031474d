"""One fact per statement: overlapping reads of one place resolved, player counts of one
sentence merged into a range, a count said as a condition inside a stated range dropped, and
facts of one (game, facet, value, qualifier) merged with every citation kept."""

from __future__ import annotations

import json

from pipeline.extract.roles import RULE_ROLES
from pipeline.extract.sentences import SENTENCE_END
from pipeline.extract.spans import SpanIndex
from schemas import Fact, PlayerRange


def within_a_stated_range(facts: list[Fact], said_as_condition: set[int], qualifiers=()) -> list[Fact]:
    """"Cribbage is a game for two, although three may play, or four. When two play, …": a count
    said as a condition, inside a range (or a count) the game's text states, opens a rule for that
    many and is no player count of its own. Outside it ("Whist is played by four persons. … When
    three play, …") it is a case the text also covers: the count of that case (qualifier "3p"),
    not a second player count. In a section that states none, "When four play, …" states it."""
    ranges: dict[str, list] = {f.game_id: [] for f in facts}   # (one source: its game, whatever the sub-section)
    for f in facts:
        if f.facet == "players" and f.anchor.start not in said_as_condition:
            ranges[f.game_id].append(f.value)
    out = []
    for f in facts:
        if f.facet != "players" or f.anchor.start not in said_as_condition or not ranges[f.game_id]:
            out.append(f)
        elif any(r.min <= f.value.min and f.value.max <= r.max for r in ranges[f.game_id]):
            continue   # opens a rule for that many
        elif f.qualifier:
            out.append(f)
        else:
            case = f"{f.value.min}p" if f.value.min == f.value.max and f"{f.value.min}p" in qualifiers else "conditional"
            out.append(f.model_copy(update={"qualifier": case, "id": f"{f.id}:{case}"}))
    return out

def merge_statements(facts: list[Fact]) -> list[Fact]:
    """One fact per (game, facet, value, qualifier) of a source, citing every place that states it
    (`evidence`, the first being `anchor`); facts of one game and facet that give two values with
    no qualifier are marked `conflict`."""
    groups: dict[tuple, list[Fact]] = {}
    for f in facts:
        value = f.value.model_dump() if hasattr(f.value, "model_dump") else f.value
        key = (f.game_id, f.facet, json.dumps(value, sort_keys=True, ensure_ascii=False), f.qualifier)
        groups.setdefault(key, []).append(f)
    merged = []
    for group in groups.values():
        group.sort(key=lambda f: (f.anchor.start, f.rule))
        # stated once as a rule, it is a rule, however many examples also show it
        role = next((f.role for f in group if f.role in RULE_ROLES), group[0].role)
        merged.append(group[0].model_copy(update={"evidence": [f.anchor for f in group], "role": role}))
    values: dict[tuple, set] = {}
    for f in merged:
        if f.qualifier is None and f.role in RULE_ROLES:
            values.setdefault((f.game_id, f.facet), set()).add(repr(f.value))
    merged = [f.model_copy(update={"conflict": True})
              if f.qualifier is None and f.role in RULE_ROLES and len(values[(f.game_id, f.facet)]) > 1
              else f for f in merged]
    return sorted(merged, key=lambda f: (f.anchor.start, f.facet, f.rule))

def merge_players(facts: list[Fact], doc_text: str) -> list[Fact]:
    """Player counts stated together ("2人、3人、4人でプレイ", "three, four, or five can play")
    are one range: merge players facts of one sentence into a fact spanning them all."""
    out, group = [], []

    def flush():
        if len(group) > 1:
            lo = min(f.value.min for f in group)
            hi = max(f.value.max for f in group)
            first = group[0]
            start, end = first.anchor.start, max(f.anchor.end for f in group)
            anchor = first.anchor.model_copy(update={"end": end, "quote": doc_text[start:end],
                                                     "suffix": doc_text[end:end + len(first.anchor.suffix)]})
            out.append(first.model_copy(update={"value": PlayerRange(min=lo, max=hi), "anchor": anchor,
                                                "rule": first.rule + "+merged"}))
        else:
            out.extend(group)
        group.clear()

    for f in facts:
        if f.facet != "players":
            out.append(f)
            continue
        if group and (f.section_id != group[-1].section_id or f.anchor.start - group[-1].anchor.end > 60
                      or _stop_between(doc_text, group[-1].anchor.end, f.anchor.start)):
            flush()
        group.append(f)
    flush()
    return sorted(out, key=lambda f: (f.anchor.start, f.facet, f.rule))

def _stop_between(text: str, start: int, end: int) -> bool:
    """A sentence ends in text[start:end] (a hard-wrapped line going on in lower case does not
    end one; the pattern looks past `end` to see how the next line begins)."""
    stop = SENTENCE_END.search(text, start, min(len(text), end + 8))
    return stop is not None and stop.start() < end


def resolve_overlaps(facts: list[Fact], doc_text: str | None = None) -> list[Fact]:
    """One fact per place: where rules overlap on the same facet, the longest statement wins
    ("3枚ずつ…2枚ずつ…3枚ずつ" is one deal pattern, not three)."""
    facts = sorted(facts, key=lambda f: (f.anchor.start, -(f.anchor.end - f.anchor.start), f.facet, f.rule))
    kept: list[Fact] = []
    spans = SpanIndex()
    for f in sorted(facts, key=lambda f: (-(f.anchor.end - f.anchor.start), f.anchor.start, f.rule)):
        fam = (f.facet.split(":")[0] if f.facet.startswith("score:") else f.facet, f.qualifier)
        length = f.anchor.end - f.anchor.start
        if any(min(e, f.anchor.end) - max(s, f.anchor.start) >= max(1, length // 2)
               and not (s == f.anchor.start and e == f.anchor.end
                        and (facet != f.facet or f.qualifier == "alternative"))   # "32 or 36": both
               for s, e, facet in spans.near(fam, f.anchor.start, f.anchor.end)):
            continue  # mostly inside a longer statement of the same facet (one statement may
            # name several items: "A，10，K の4枚組: 100点")
        spans.add(fam, f.anchor.start, f.anchor.end, f.facet)
        kept.append(f)
    kept.sort(key=lambda f: (f.anchor.start, f.facet, f.rule))
    uniq, ids = [], set()
    for f in kept:
        if f.id not in ids:
            ids.add(f.id)
            uniq.append(f)
    return uniq


def yield_weak(facts: list[Fact], weak_rules: set[str]) -> list[Fact]:
    """Facts of a weak rule (`weak: true`) that another rule contradicts for the same game,
    facet and qualifier are dropped: "A Euchre table is complete with six players" yields to
    "a game for three players"; alone ("A table is complete with four players") it stands."""
    def weak(f: Fact) -> bool:
        return f.rule.split("+", 1)[0] in weak_rules

    stated = {(f.game_id, f.facet, f.qualifier, repr(f.value)) for f in facts
              if not weak(f) and f.role in RULE_ROLES}
    facets = {(g, facet, q) for g, facet, q, _ in stated}
    return [f for f in facts if not weak(f) or (f.game_id, f.facet, f.qualifier) not in facets
            or (f.game_id, f.facet, f.qualifier, repr(f.value)) in stated]
