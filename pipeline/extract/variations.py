"""A game's variations part: the sub-section under a heading that opens its variations
("Variations", 「バリエーション」, 「手札の変形」, «Варианты игры»), and the list-only sub-sections
after it, and its run-in topics (a prose sub-section ends it).

A web page lists its variations under one heading and then gives each its own sub-heading
(「少人数または多人数」, 「山札の変形」); a fact read there is one form of the game, not its rule,
so it carries the `alternative` qualifier. The heading words are each language profile's
`section_patterns: options`."""

from __future__ import annotations

from pipeline.patterns import BudgetedPattern, compile_pattern
from schemas import Section

_LIST_ITEM = compile_pattern(r"[ \t]*(?:[-•・*●■◆▪]|\(?\d{1,2}[).．])")   # a line that is a list item


def variations_span(top: Section, sections: list[Section], text: str,
                    patterns: tuple[BudgetedPattern, ...]) -> tuple[int, int] | None:
    """The variations part of the game section `top` (source offsets), if a sub-heading of it
    opens one: that sub-section, and the sub-sections after it whose bodies are only lists of
    forms (「少人数または多人数」 then "• ダブル．…"); a sub-section of prose ("Suggestions for
    beginners") ends it."""
    subs = sorted((s for s in sections if s.level > 0 and top.anchor.start <= s.anchor.start < top.anchor.end),
                  key=lambda s: s.anchor.start)
    first = next((i for i, s in enumerate(subs)
                  if s.title and any(p.search(s.title.strip()) for p in patterns)), None)
    if first is None:
        return None
    end = subs[first].anchor.end
    for sub in subs[first + 1:]:
        # a run-in topic ("_=BRIDGE FOR TWO.=_ Sometimes called …") is a paragraph of the part
        run_in = sub.kind == "subsection" and sub.rule.endswith("+topic")
        if sub.anchor.start > end or not (run_in or _only_lists(text[sub.anchor.start:sub.anchor.end], sub.title)):
            break
        end = sub.anchor.end
    return subs[first].anchor.start, end


def family_forms(sections: list[Section], variations: dict[str, tuple[int, int]],
                 text: str) -> tuple[dict[str, str], dict[str, str]]:
    """Variant sections whose variations are their family's game's (variant section id ->
    family's game id), in two layouts:
    - a variant's section holding a "Variations" part: on a page that goes on from the family's
      game to one variant, the variations listed after it are the family's (durak's list after
      「単純なドゥラーク」);
    - a variant listed right under its family's "Variations" heading: its sub-headings are the
      list's next items (「501」 then 「32枚のトランプを使う」, Thousand's).
    `variations` maps a top section's id to its variations part (variations_span)."""
    by_id = {s.id: s for s in sections}

    def family(s: Section) -> str | None:
        parent = by_id.get(s.parent_id)
        return parent.game_id if parent is not None and parent.game_id not in (None, s.game_id) else None

    variants = [s for s in sections if s.level == 0 and s.kind == "variant" and family(s)]
    holding = {s.id: family(s) for s in variants if s.id in variations}
    listed = {s.id: family(s) for s in variants if s.parent_id in variations
              and not text[variations[s.parent_id][1]:s.anchor.start].strip()}
    return holding, listed


def _only_lists(body: str, title: str | None) -> bool:
    """Every line of a sub-section's body, past its heading, is a list item."""
    lines = [line for line in body.splitlines() if line.strip()]
    if lines and title and lines[0].strip() == title.strip():
        lines = lines[1:]
    return bool(lines) and all(_LIST_ITEM.match(line) for line in lines)
