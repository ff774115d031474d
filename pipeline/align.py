"""Alignment: every game's facts brought together across sources, editions and languages.

Rows are (facet, qualifier); each source's cell holds the values it states (with the fact ids
that cite them). Values are compared in canonical form, so `{2,2}` stated as "two persons",
「2人」 and «вдвоём» are the same value. Sources are ordered by year: a row reads as a timeline.
A row's status: `agree` (every edition states the same values), `partial` (they share a value,
and some state another besides), `differ` (no value in common), `single` (one edition speaks).
A value a source offers as a choice sits in the plain row, marked `offered`.
"""

from __future__ import annotations

import json
from collections import defaultdict

import regex

from pipeline.align_editions import original_of
from pipeline.extract.roles import RULE_ROLES
from pipeline.identify.index import game_index
from pipeline.knowledge import Knowledge
from pipeline.knowledge.facets import FacetRegistry
from pipeline.patterns import compile_pattern
from schemas import Comparison, ComparisonCell, ComparisonRow, Fact, Section, Source, TopicPassage, VariantChange

# a value a source offers as a choice ("121 or even 181 points", "a 32-card pack may be used")
# is compared with the plain values: "the game is 181" in one book and "121 or even 181" in
# another agree on 181
OFFERED = ("alternative", "optional")


def canonical(value) -> str:
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def compared(value) -> str:
    """The value as compared: a deal by one packet size repeated ("four at a time", "4, 4, 4")
    is one way of dealing, however many rounds a text spells out."""
    if isinstance(value, list) and len(value) > 1 and all(isinstance(v, int) and v == value[0] for v in value):
        value = value[:1]
    return canonical(value)


def _values(cells: list[ComparisonCell]) -> frozenset[str]:
    return frozenset(compared(c.value) for c in cells)


def editions(cells: dict[str, list[ComparisonCell]], original_of: dict[str, str]) -> dict[str, frozenset[str]]:
    """The values each edition states: a translation stands for its original's edition only
    where the original says nothing here."""
    out: dict[str, frozenset[str]] = {}
    for sid, cs in cells.items():
        edition = original_of.get(sid, sid)
        if edition == sid or edition not in cells:
            out.setdefault(edition, _values(cs))
    return out


def status_of(cells: dict[str, list[ComparisonCell]], original_of: dict[str, str] | None = None) -> str:
    sets = list(editions(cells, original_of or {}).values())
    if len(sets) < 2:
        return "single"
    if all(s == sets[0] for s in sets):
        return "agree"
    maps = [[json.loads(v) for v in s] for s in sets]
    if all(isinstance(v, dict) for vs in maps for v in vs) and all(
            _consistent(a, b) for i, one in enumerate(maps) for other in maps[i + 1:] for a in one for b in other):
        return "agree"
    # every edition states one value in common, and some state others besides (a variant, an
    # option, a second case): they agree on it, and differ only where one says more
    return "partial" if frozenset.intersection(*sets) else "differ"


def _consistent(a: dict, b: dict) -> bool:
    """Two maps of card points agree where both speak: a book that names the court cards only
    ("the court cards for ten") does not contradict one that names every card."""
    shared = a.keys() & b.keys()
    return bool(shared) and all(a[k] == b[k] for k in shared)


def translation_differs(cells: dict[str, list[ComparisonCell]], original_of: dict[str, str]) -> list[str]:
    """The translations whose values here differ from their original's."""
    return [sid for sid, cs in cells.items()
            if original_of.get(sid) in cells and _values(cs) != _values(cells[original_of[sid]])]


def compare_game(game_id: str, facts: list[Fact], source_order: list[str], registry: FacetRegistry,
                 original_of: dict[str, str] | None = None) -> Comparison:
    original_of = original_of or {}
    rows: dict[tuple[str, str | None], dict[str, list[ComparisonCell]]] = defaultdict(lambda: defaultdict(list))
    # an offered value meets the plain ones where its source also states one: the second of two
    # values offered, without the first read, is no reading to set against another source
    plain = {(f.facet, f.source_id) for f in facts if f.qualifier is None}
    # (a plain value first, so that a value a source both states and offers is shown as stated)
    for f in sorted(facts, key=lambda f: f.qualifier in OFFERED):
        offered = f.qualifier if f.qualifier in OFFERED and (f.facet, f.source_id) in plain else None
        cell = rows[(f.facet, None if offered else f.qualifier)][f.source_id]
        if canonical(f.value) not in {canonical(c.value) for c in cell}:
            cell.append(ComparisonCell(value=f.value, fact_id=f.id, offered=offered))
    out_rows = []
    for (facet, qualifier) in sorted(rows, key=lambda k: registry.order_key(*k)):
        by_source = rows[(facet, qualifier)]
        cells = {sid: by_source[sid] for sid in source_order if sid in by_source}
        conflicts = [sid for sid, cs in cells.items() if qualifier is None and sum(not c.offered for c in cs) > 1]
        out_rows.append(ComparisonRow(facet=facet, qualifier=qualifier, status=status_of(cells, original_of),
                                      cells=cells, conflicts=conflicts,
                                      translation_differs=translation_differs(cells, original_of)))
    sources = [sid for sid in source_order if any(sid in r.cells for r in out_rows)]
    return Comparison(game_id=game_id, sources=sources, rows=out_rows)


def variant_changes(variant: Comparison, parent: Comparison, registry: FacetRegistry) -> list[VariantChange]:
    """Facets whose values the variant states differently from its parent (any source)."""
    def values(c: Comparison) -> dict[tuple, dict[str, object]]:
        out: dict[tuple, dict[str, object]] = {}
        for r in c.rows:
            for cells in r.cells.values():
                for cell in cells:
                    out.setdefault((r.facet, r.qualifier), {})[canonical(cell.value)] = cell.value
        return out

    pv, vv = values(parent), values(variant)
    changes = []
    for key in sorted(set(pv) & set(vv), key=lambda k: registry.order_key(*k)):
        if set(pv[key]) != set(vv[key]):
            changes.append(VariantChange(facet=key[0], qualifier=key[1],
                                         parent_values=[pv[key][k] for k in sorted(pv[key])],
                                         variant_values=[vv[key][k] for k in sorted(vv[key])]))
    return changes


def game_sources(sections: list[Section], facts: list[Fact]) -> dict[str, set[str]]:
    """The sources that describe each game: a game or variant section of it, or a rule fact about
    it. One count everywhere (comparisons.json, `hoyle games`, the site)."""
    out: dict[str, set[str]] = defaultdict(set)
    for s in sections:
        if s.kind in ("game", "variant") and s.game_id:
            out[s.game_id].add(s.source_id)
    for f in facts:
        if f.game_id and f.role in RULE_ROLES:
            out[f.game_id].add(f.source_id)
    return out


def align(facts: list[Fact], sources: list[Source], knowledge: Knowledge,
          sections: list[Section] | None = None) -> list[Comparison]:
    """A comparison per game with a rule fact; its sources are every source that describes the
    game, with a fact or not (a reader compares their passages)."""
    # a declared copy of another source's text is not a second witness
    order = [s.id for s in sorted(sources, key=lambda s: (s.year or 0, s.id)) if not s.same_text_as]
    facts = [f for f in facts if f.source_id in order]
    by_game: dict[str, list[Fact]] = defaultdict(list)
    for f in facts:
        if f.game_id and f.role in RULE_ROLES:  # an example's or advice's numbers are evidence only
            by_game[f.game_id].append(f)
    translated = original_of(sources)
    comps = {gid: compare_game(gid, fs, order, knowledge.facets, translated) for gid, fs in by_game.items()}
    describing = game_sources(sections or [], facts)
    for gid, comp in comps.items():
        comp.sources = [sid for sid in order if sid in describing[gid]]
    for gid, comp in comps.items():
        game = knowledge.by_id.get(gid)
        if game and game.parent:
            comp.parent = game.parent
            if game.parent in comps:
                comp.changes_from_parent = variant_changes(comp, comps[game.parent], knowledge.facets)
    return [comps[g] for g in sorted(comps)]


def topic_passages(sections: list[Section], knowledge: Knowledge, documents: dict | None = None) -> list[TopicPassage]:
    """Passages of each game's text mapped to common topics by the multilingual vocabulary in
    terms.yaml: sub-sections by their headings, and, in a game's text that has no such
    sub-section, paragraphs that open with a run-in heading naming a topic ("=Cards.= Three
    packs…", "РАЗДАЧА. Тщательно…", 「配り方：」), so that those sources are compared side by side
    too."""
    index = game_index(knowledge)
    keys = []
    for topic, names in knowledge.terms.topics.items():
        for word in names.all_words():
            k = index.name_key(str(word))
            if k:
                keys.append((len(k), k, topic))
    keys.sort(reverse=True)  # longest (most specific) phrase first
    out = []
    by_heading = set()
    for s in sections:
        if s.level == 0 or not s.game_id or not s.title:
            continue
        title = index.name_key(s.title)
        hit = next((topic for _, k, topic in keys if k == title), None) or \
            next((topic for _, k, topic in keys if len(k) >= 3 and _inside(k, title)), None)
        if hit:
            by_heading.add(s.parent_id)
            out.append(TopicPassage(game_id=s.game_id, topic=hit, source_id=s.source_id, section_id=s.id,
                                    title=s.title, start_line=s.start_line))
    if documents:
        opening = _topic_openings(knowledge)
        for s in sections:
            if s.level == 0 and s.game_id and s.kind in ("game", "variant") and s.id not in by_heading \
                    and s.source_id in documents:
                out.extend(_paragraph_topics(s, documents[s.source_id], opening))
    return out


# a topic word opens a paragraph, whole: not "Играют" for игра, "Cardsharps" for cards or
# プレイヤー for プレイ (a word of spaced script, or of katakana, goes on in the same script)
_WORD_GOES_ON = {"Latin": r"\p{Latin}", "Cyrillic": r"\p{Cyrillic}", "Katakana": r"[\p{Katakana}ー]"}
_SCRIPT_OF = {script: compile_pattern(rf"\p{{{script}}}") for script in _WORD_GOES_ON}


def _whole(word: str) -> str:
    last = word[-1]
    goes_on = next((cls for script, cls in _WORD_GOES_ON.items() if _SCRIPT_OF[script].match(last)), None)
    return regex.escape(word) + (f"(?!{goes_on})" if goes_on else "")


def _inside(key: str, title: str) -> bool:
    """A topic's key inside a heading's (spaces dropped): whole where a word of katakana could go
    on (プレイ is not in プレイヤー); a spaced script's words are run together here, so any place."""
    katakana = _WORD_GOES_ON["Katakana"]
    if not _SCRIPT_OF["Katakana"].match(key[-1]):
        return key in title
    return bool(compile_pattern(regex.escape(key) + f"(?!{katakana})").search(title))


def _topic_openings(knowledge: Knowledge):
    words = sorted({(str(w), topic) for topic, names in knowledge.terms.topics.items() for w in names.all_words()},
                   key=lambda x: (-len(x[0]), x[0]))
    alternatives = "|".join(f"(?P<t{i}>{_whole(w)})" for i, (w, _) in enumerate(words))
    # a run-in heading: the word, then its heading's stop ("=Cards.=", "РАЗДАЧА.", 「取引。」) or the
    # line's end; a sentence that merely starts with it ("The deal now passes…") is no heading
    pattern = compile_pattern(rf"[\W_]{{0,3}}(?:{alternatives})[=*_\"'」』)\]]*(?:[.。:：=—]|[ \t]*$)",
                              regex.IGNORECASE | regex.MULTILINE | regex.V1)
    return pattern, [topic for _, topic in words]


def _paragraph_topics(section: Section, doc, opening) -> list[TopicPassage]:
    """The paragraphs of one game's text that open with a topic's word. A paragraph starts after
    a blank line; where the text has almost no blank lines, every line is one."""
    pattern, topics = opening
    text, starts = doc.text, doc.line_starts
    first, last = section.start_line + 1, section.end_line   # its heading is no paragraph
    lines = range(first, min(last, len(starts)) + 1)
    blank = {n for n in lines if not text[starts[n - 1]:(starts[n] if n < len(starts) else len(text))].strip()}
    every_line = len(blank) < 3
    out = []
    for n in lines:
        if n in blank or not (every_line or n - 1 in blank):
            continue
        begin = starts[n - 1]
        end = starts[n] if n < len(starts) else len(text)
        m = pattern.match(text, begin, min(end, section.anchor.end))
        if not m:
            continue
        topic = topics[int(m.lastgroup[1:])]
        line = text[begin:end].strip()
        out.append(TopicPassage(game_id=section.game_id, topic=topic, source_id=section.source_id,
                                section_id=section.id, title=line[:60] + ("…" if len(line) > 60 else ""),
                                start_line=n))
    return out
