"""Segmentation: a source becomes a tree of sections (front, game, variant, laws, subsection,
other). Heading candidates come from layout conventions; the gazetteer and the context decide
which candidates open a game."""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.identify.card_text import LEAD_CHARS, card_words, performed_here, played_without_cards_here
from pipeline.identify.document import compilation_parts, document_game
from pipeline.identify.heading_scorer import form
from pipeline.identify.index import GameIndex, game_index, unnumbered
from pipeline.identify.mentions import dominant_game
from pipeline.identify.named_variants import names_a_form_of, variant_parent
from pipeline.identify.provisional import provisional_game
from pipeline.identify.siblings import sibling_games, templated_games
from pipeline.ingest.boilerplate import ENDING_KINDS
from pipeline.knowledge import Knowledge
from pipeline.patterns import BudgetedPattern, compile_pattern
from pipeline.positions import LINE_END, Covered, Locator
from pipeline.structure import BlockTree, block_tree
from pipeline.structure.detectors import LABEL_LINE
from pipeline.structure.headings import (
    Candidate,
    Conventions,
    contents_blocks,
    conventions_of,
    not_heading,
)
from schemas import Document, Game, Section, SectionAnchor

STRAY_AFTER = 3   # game headings in capitals a text needs before a stray one counts
NOT_PROSE = ("table_row", "label_value", "chrome")   # blocks whose lines are no sentences
_PAREN = compile_pattern(r"\s*[(（][^)）]*[)）]\s*")



@dataclass
class Heading:
    cand: Candidate
    kind: str                 # front | game | variant | laws | subsection | other
    game_id: str | None
    rule: str
    top: bool                 # opens a top-level section


def _structural_patterns(knowledge: Knowledge) -> tuple[tuple[str, BudgetedPattern], ...]:
    """Headings that open front matter, laws or other parts (`section_patterns` of every language)."""
    def build():
        langs = knowledge.languages
        return tuple((kind, compile_pattern(p)) for kind in ("front", "laws", "other")
                     for p in langs.all_patterns(lambda prof, kind=kind: getattr(prof.section_patterns, kind)))
    return knowledge.compiled(("section_patterns",), build)


def options_headings(knowledge: Knowledge) -> tuple[BudgetedPattern, ...]:
    """The variations headings of every language (each pattern may set its own flags)."""
    def build():
        return tuple(compile_pattern(p) for p in
                     knowledge.languages.all_patterns(lambda prof: prof.section_patterns.options))
    return knowledge.compiled(("options_headings",), build)


def _opens_variations(text: str, knowledge: Knowledge) -> bool:
    """A heading that opens a game's variations ("VARIETIES OF BRIDGE.", "Variants"): about
    forms of the game, not one form."""
    return any(p.search(text) for p in options_headings(knowledge))


def _structural(text: str, knowledge: Knowledge) -> str | None:
    for kind, pat in _structural_patterns(knowledge):
        if pat.search(text):
            return kind
    return None


def _term_games(knowledge: Knowledge) -> dict[str, set[str]]:
    """name key -> games in which that word is a term of play."""
    index = game_index(knowledge)
    out: dict[str, set[str]] = {}
    for term in knowledge.terms.terms:
        if not term.games:
            continue
        for word in term.all_words():
            out.setdefault(index.name_key(str(word)), set()).update(term.games)
    return out


def _runin_game(m, c: Candidate, gaz: GameIndex, knowledge: Knowledge) -> bool:
    """A run-in name opens a game only as the game's own name (not a fuzzy match), with the rest
    of its line speaking of a game: then even a common word is the game ("Дурак. Эта игра …")."""
    if m.method not in ("exact", "part", "inflected", "reading"):
        return False
    words = knowledge.compiled(("game_words",), lambda: compile_pattern(
        "|".join(knowledge.languages.all_patterns(lambda p: p.names.game_words)) or "(?!)"))
    return bool(words.search(c.rest[:120]))


def active_conventions(cands: list[Candidate], index: GameIndex, conventions: Conventions,
                       declared: list[str], knowledge: Knowledge) -> set[str]:
    if declared:
        return set(declared)
    hits: dict[str, int] = {}
    for c in cands:
        m = index.leading_match(c.text) if conventions.by_name[c.convention].name_leads \
            else index.match(c.text, allow_prefix=False)
        if m is None and conventions.by_name[c.convention].prefix_names:
            # a convention whose headings may begin with a game's name counts them in use as
            # it reads them (classify matches them with prefixes too)
            m = index.match(c.text, allow_prefix=True)
        if m and not (conventions.by_name[c.convention].runin_name and not _runin_game(m, c, index, knowledge)):
            hits[c.convention] = hits.get(c.convention, 0) + 1
    def least(name: str) -> int:
        own = conventions.by_name[name].min_game_hits
        return conventions.min_game_hits if own is None else own
    active = {name for name in {c.convention for c in cands} if hits.get(name, 0) >= least(name)}
    if any(not conventions.by_name[name].fallback for name in active):
        active = {name for name in active if not conventions.by_name[name].fallback}
    return active


def heading_candidates(tree: BlockTree, knowledge: Knowledge, declared: list[str] | None = None) -> list[Candidate]:
    """The headings in use, one per start, in text order: of the conventions the text uses (or
    declares), the most specific where several propose the same line."""
    cands = tree.candidates()
    by_name = conventions_of(knowledge).by_name
    active = active_conventions(cands, game_index(knowledge), conventions_of(knowledge), declared or [], knowledge)
    best: dict[int, Candidate] = {}
    for c in cands:
        prev = best.get(c.start)
        if c.convention in active and (prev is None or by_name[c.convention].priority < by_name[prev.convention].priority):
            best[c.start] = c
    for c in stray_game_headings(cands, best, game_index(knowledge), by_name):
        best[c.start] = c
    return sorted(best.values(), key=lambda c: c.start)


def _capitals(text: str) -> bool:
    return form(text)[2] and sum(ch.isalpha() for ch in text) >= 4   # the written form: all capitals


def stray_game_headings(cands: list[Candidate], best: dict[int, Candidate], gaz: GameIndex, by_name) -> list[Candidate]:
    """Lines of a convention not in use that are a known game's whole name, set in capitals on a
    line of their own, in a text whose games' headings are set in capitals: a heading whose stop
    the typesetter dropped ("SPOIL-FIVE" among "CASSINO.", "JIG."), not a word of the text."""
    def named(c: Candidate) -> bool:
        m = gaz.match(c.text, allow_prefix=False, allow_numeric=False)
        return bool(m and m.method == "exact" and not gaz.is_common_key(m.key))
    in_capitals = sum(1 for c in best.values() if _capitals(c.text) and named(c))
    if in_capitals < STRAY_AFTER:
        return []
    return [c for c in cands if c.start not in best and by_name[c.convention].prev_blank
            and by_name[c.convention].next_blank and _capitals(c.text) and named(c)]


def classify(doc: Document, knowledge: Knowledge, declared: list[str] | None = None,
             tree: BlockTree | None = None) -> tuple[list[Heading], list[str], list[Game]]:
    gaz = game_index(knowledge)
    tree = tree or block_tree(doc, knowledge)
    ordered = heading_candidates(tree, knowledge, declared)
    terms = _term_games(knowledge)
    siblings = sibling_games(doc, tree, ordered, gaz, knowledge, lambda text: _structural(text, knowledge))
    headings: list[Heading] = []
    warnings: list[str] = []
    provisional: dict[str, Game] = {}
    current_game: str | None = None
    context_game: str | None = None        # the game a front part names or follows ("TERMS USED IN EUCHRE")
    game_convention: str | None = None     # the convention of the current game's heading
    levels = tree.heading_levels()
    game_level: int | None = None          # and its depth in the tree
    templated = templated_games(ordered, gaz, levels)
    for c in ordered:
        convention = conventions_of(knowledge).by_name[c.convention]
        m = gaz.leading_match(c.text) if convention.name_leads else gaz.match(
            c.text, allow_prefix=convention.prefix_names, allow_numeric=not c.no_numeric,
            context=[current_game] if current_game else [])
        if m and convention.runin_name and not _runin_game(m, c, gaz, knowledge):
            continue
        structural = _structural(c.text, knowledge)
        if m and m.method != "exact" and structural \
                and not (m.method == "title" and m.game_id not in knowledge.family_line(current_game)):
            # "LAWS OF X", "Xの法則", "X のルール" inside X: about the game, not the game; a title
            # form naming another game ("ジンラミーのルール" after Napoleon's) opens that game
            m = None
        if m is None and c.start in templated:
            # the tier's frame names a game: 「戦争(トランプ)のルール」 among 「神経衰弱のルール」, …
            m = gaz.match(templated[c.start], allow_prefix=False)
            m = m if m and m.method == "exact" else None
        named_here = gaz.named_in_text(c.text) if structural and not m else None
        if named_here and structural == "laws" and current_game is None:
            # "THE LAWS OF EUCHRE." before any game: a book of one game's laws opens that game
            kind = "variant" if knowledge.by_id[named_here].parent else "game"
            headings.append(Heading(c, kind, named_here, f"{c.convention}+laws-of", True))
            current_game, game_convention, game_level = named_here, c.convention, levels.get((c.start, c.convention))
            continue
        if named_here and structural == "laws" and named_here != current_game:
            # "EUCHRE LAWS." after Five Hundred, "THE LAWS OF HEARTS." after a form of Hearts: a
            # chapter's laws of the game they name, not of the form described last
            headings.append(Heading(c, "laws", named_here, f"{c.convention}+laws-of-named", True))
            current_game, game_convention, game_level = named_here, c.convention, levels.get((c.start, c.convention))
            continue
        if m:
            context = current_game or context_game
            around = set(knowledge.family_line(context))
            # A game's name that is a term of play in the game we are in is a sub-section
            # (ピケ = the pique bonus inside Piquet; 橋 = a score situation inside Euchre), also
            # after a part that names that game ("TECHNICAL TERMS USED IN EUCHRE." then "THE BRIDGE.").
            term_keys = {gaz.name_key(c.text), gaz.name_key(_PAREN.sub("", c.text)), gaz.name_key(unnumbered(c.text))}
            if context and set().union(*(terms.get(k, set()) for k in term_keys)) & around:
                headings.append(Heading(c, "subsection", None, f"{c.convention}+term-in-context", False))
                continue
            # "Xの攻め札" inside X: a topic of the game we are in.
            if m.method in ("prefix", "title") and m.game_id in around:
                headings.append(Heading(c, "subsection", None, f"{c.convention}+prefix-in-context", False))
                continue
            # A run-in sub-game heading opens only a variant of the game it stands in.
            if c.variants_only and not (current_game and m.game_id != current_game and
                                        set(knowledge.family_line(m.game_id)[1:])
                                        & (around | {getattr(knowledge.by_id.get(current_game), "parent", None)})):
                if not c.game_only:
                    headings.append(Heading(c, "subsection", None, c.convention, False))
                continue
            game = knowledge.by_id[m.game_id]
            # a name that is also an everyday word ("Giant") over text that never names cards
            lead = _lead_text(doc, c, ordered, game) if gaz.is_common_key(m.key) else ""
            if lead and played_without_cards_here(knowledge, m.game_id, lead):
                headings.append(Heading(c, "subsection", None, f"{c.convention}+no-cards", False))
                continue
            if lead and performed_here(knowledge, lead):   # "THE FOUR KINGS.": a card trick
                headings.append(Heading(c, "other", None, f"{c.convention}+performed", True))
                current_game, game_convention, game_level = None, c.convention, levels.get((c.start, c.convention))
                continue
            kind = "variant" if game.parent else "game"
            headings.append(Heading(c, kind, m.game_id, f"{c.convention}+{m.method}", True))
            current_game, game_convention, game_level = m.game_id, c.convention, levels.get((c.start, c.convention))
            continue
        sibling = c.start in siblings and not c.rest.strip()   # a heading on its own, not run in
        # a form of the game stands in its game's tier ("LOO." then "LIMITED LOO."), not in a
        # citation or a caption of another layout (「――『サタデー・ブリッジ』(…出版)」), nor
        # below the game's heading ("## Blackjack", then "### Payoff of Blackjack": a topic); a
        # run-in variant heading stands inside its game's part ("_=MISERY BRIDGE.=_ Another …")
        in_tier = not c.rest.strip() and c.convention == game_convention \
            and levels.get((c.start, c.convention)) == game_level and not _opens_variations(c.text, knowledge)
        variant = variant_parent(c.text, current_game, knowledge, gaz) \
            if not structural and (in_tier or c.variants_only) else None
        if variant:  # "SHORT WHIST." inside Whist: the most specific name, a form of the game
            game = provisional_game(variant[0], doc.language, knowledge.languages, variant[1])
            provisional.setdefault(game.id, game)
            headings.append(Heading(c, "variant", game.id, f"{c.convention}+named-variant", True))
            continue
        if c.game_only and not sibling:
            if c.variants_only and current_game and c.rest.strip():
                # a run-in topic of the game we are in ("_=SCORING.=_ The game is …"): it ends
                # the topic before it; advice, cheating or history is no rule ("_=SUGGESTIONS
                # FOR GOOD PLAY.=_ … for four players")
                headings.append(Heading(c, "other" if structural == "other" else "subsection", None,
                                        f"{c.convention}+topic", False))
            elif current_game and c.convention == game_convention and levels.get((c.start, c.convention)) == game_level \
                    and not gaz.named_in_text(c.text) and not card_words(knowledge).search(_own_text(doc, c, ordered)):
                # the next entry of the games' own numbered tier that names no game and no card
                # ("155. The Schottische." after the card games): the games' part has ended
                headings.append(Heading(c, "other", None, f"{c.convention}+no-cards", True))
                current_game, game_convention, game_level = None, c.convention, levels.get((c.start, c.convention))
            continue
        named = gaz.plausible_name(c.text) if (convention.provisional_games or sibling) and not structural \
            else templated.get(c.start)
        if named and convention.cards_named and not card_words(knowledge).search(_own_text(doc, c, ordered)):
            # a shop listing's product whose text never names cards: a board game, a toy
            headings.append(Heading(c, "other", None, f"{c.convention}+no-cards", True))
            current_game, game_convention, game_level = None, c.convention, levels.get((c.start, c.convention))
            continue
        if named:  # a name over a summary block that games.yaml lacks: a provisional game
            game = provisional_game(named, doc.language, knowledge.languages)
            provisional.setdefault(game.id, game)
            headings.append(Heading(c, "game", game.id, f"{c.convention}+provisional", True))
            current_game, game_convention, game_level = game.id, c.convention, levels.get((c.start, c.convention))
            continue
        kind = structural
        if kind == "front":
            headings.append(Heading(c, "front", None, f"{c.convention}+front", True))
            current_game, context_game = None, named_here
            continue
        near = gaz.near_miss(c.text) if c.convention in ("caps_period", "short_line") and not kind else None
        if near:
            warnings.append(f"{doc.source_id}:{c.line}: heading {c.title!r} is close to game "
                            f"{near[0]!r} ({near[1]:.0f}%) but was not taken as a game")
        # an essay or history heading outside any game (front matter ended) opens a top-level part
        top_other = kind == "other" and current_game is None and c.convention in ("caps_period", "short_line")
        headings.append(Heading(c, kind or "subsection", None, c.convention, top_other))
    return headings, warnings, list(provisional.values())


def _own_text(doc: Document, c: Candidate, ordered: list[Candidate]) -> str:
    """The text under a heading up to the next heading of its layout (at most LEAD_CHARS)."""
    end = min([o.start for o in ordered if o.start > c.start and o.convention == c.convention]
              + [c.end + LEAD_CHARS])
    return doc.text[c.end:end]


def _lead_text(doc: Document, c: Candidate, ordered: list[Candidate], game) -> str:
    """The text a heading leads into, its forms' headings included ("LOO." then "LIMITED
    LOO."), up to the next heading of its layout that is not one of them."""
    end = c.end + LEAD_CHARS
    for o in ordered:
        if o.start > c.start and o.convention == c.convention and not names_a_form_of(o.text, game):
            end = min(end, o.start)
            break
    return doc.text[c.end:end]


def recover_lost_headings(doc: Document, headings: list[Heading], knowledge: Knowledge) -> list[Heading]:
    """Games the contents list shows but whose heading the text lost (see identify.contents)."""
    from pipeline.segment.contents import contents_entries, game_entries, lost_game_starts

    gaz = game_index(knowledge)
    found = {h.game_id for h in headings if h.top and h.game_id and h.kind in ("game", "variant")}
    entries = game_entries(contents_entries(doc, conventions_of(knowledge)), gaz)
    out = []
    for line, start, game_id in lost_game_starts(doc, entries, found, gaz):
        if any(h.cand.start == start for h in headings):
            continue
        cand = Candidate(line, start, start, "", "", "contents", False, False)
        kind = "variant" if knowledge.by_id[game_id].parent else "game"
        out.append(Heading(cand, kind, game_id, "recovered-from-contents", True))
    return out


def _end_line(loc: Locator, text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return loc.line(max(start, end - 1))


@dataclass
class Segmentation:
    sections: list[Section]
    warnings: list[str]
    provisional: list[Game]   # games the text names that games.yaml does not know


def segment(doc: Document, knowledge: Knowledge,
            declared: list[str] | None = None) -> tuple[list[Section], list[str]]:
    """The sections of a document and the warnings about them."""
    result = segment_document(doc, knowledge, declared)
    return result.sections, result.warnings


def segment_document(doc: Document, knowledge: Knowledge, declared: list[str] | None = None,
                     title: str | None = None) -> Segmentation:
    """Sections, warnings and provisional games of a document; `declared` heading conventions
    and the `title` of its manifest entry, if given."""
    tree = block_tree(doc, knowledge)
    headings, warnings, provisional = classify(doc, knowledge, declared, tree)
    recovered = recover_lost_headings(doc, headings, knowledge)
    if recovered:
        headings = sorted(headings + recovered, key=lambda h: h.cand.start)
    loc = Locator(doc)
    text = doc.text
    body_start = 0
    lead = [b for b in doc.boilerplate if b.start <= body_start]
    while lead:  # skip boilerplate at the very top (mail header, preamble, reader titles)
        body_start = max(b.end for b in lead)
        while body_start < len(text) and text[body_start].isspace():
            body_start += 1
        lead = [b for b in doc.boilerplate if b.start <= body_start < b.end or b.start == body_start]
    trail = [b.start for b in doc.boilerplate if b.kind in ENDING_KINDS
             and b.start > body_start]
    body_end = min(trail) if trail else len(text)
    ids: dict[str, int] = {}

    def new_id(line: int) -> str:
        base = f"{doc.source_id}:{line}"
        n = ids.get(base, 0)
        ids[base] = n + 1
        return base if n == 0 else f"{base}.{n}"

    tops = [h for h in headings if h.top and body_start <= h.cand.start < body_end]
    known_provisional = {g.id: g for g in provisional}
    sections: list[Section] = []

    def make(start: int, end: int, kind: str, title: str | None, game_id: str | None,
             parent_id: str | None, level: int, rule: str) -> Section:
        return Section(id=new_id(loc.line(start)), source_id=doc.source_id, game_id=game_id, title=title,
                       kind=kind, parent_id=parent_id, start_line=loc.line(start),
                       end_line=_end_line(loc, text, start, end), page=loc.page(start),
                       anchor=SectionAnchor(start=start, end=end), level=level, rule=rule)

    if not any(h.game_id for h in tops):
        # no game heading: a text about one game (a web page, an entry, a help file, a post)
        whole = _single_game(doc, knowledge, tree, headings, body_start, body_end, make, title)
        if whole is not None:
            return Segmentation(whole[0], warnings, whole[1])
    bounds = [h.cand.start for h in tops] + [body_end]
    first_end = bounds[0]
    if body_start < first_end and text[body_start:first_end].strip():
        lead_heads = [h for h in headings if body_start <= h.cand.start < first_end]
        orphan = None
        if not any(h.kind == "front" for h in lead_heads):
            # a text cut out of a longer book may open inside a game whose heading is elsewhere
            lead_text = doc.normalized[doc.norm_index(body_start):doc.norm_index(first_end)]
            orphan = dominant_game(lead_text, game_index(knowledge))
            rule = "recovered-from-mentions"
            games = {h.game_id for h in tops if h.game_id}
            if not orphan and len(games) == 1 and next(iter(games)) in game_index(knowledge).mentions(lead_text):
                # a page on one game opens with its title and an introduction ("基本的には2人で遊びます",
                # "1組48枚を使います") before its first heading: the game's own text, not front matter
                orphan, rule = next(iter(games)), "introduction-of-the-one-game"
        if orphan:
            kind = "variant" if knowledge.by_id[orphan].parent else "game"
            lead = make(body_start, first_end, kind, None, orphan, None, 0, rule)
            sections.append(lead)
            subs = [s for s in headings if not s.top and body_start < s.cand.start < first_end]
            for j, sub in enumerate(subs):
                s_end = subs[j + 1].cand.start if j + 1 < len(subs) else first_end
                sections.append(make(sub.cand.start, s_end, sub.kind, sub.cand.title, orphan, lead.id, 1, sub.rule))
        else:
            sections.append(make(body_start, first_end, "front", None, None, None, 0, "before-first-heading"))
    last_of_game: dict[str, str] = {}
    for i, h in enumerate(tops):
        start, end = h.cand.start, bounds[i + 1]
        parent = None
        if h.kind == "variant":
            game = knowledge.by_id.get(h.game_id) or known_provisional.get(h.game_id)
            parent = last_of_game.get(game.parent or "") if game else None
        sec = make(start, end, h.kind, h.cand.title or None, h.game_id, parent, 0, h.rule)
        sections.append(sec)
        if h.game_id:
            last_of_game[h.game_id] = sec.id
        subs = [s for s in headings if not s.top and start < s.cand.start < end]
        for j, s in enumerate(subs):
            s_end = subs[j + 1].cand.start if j + 1 < len(subs) else end
            sections.append(make(s.cand.start, s_end, s.kind, s.cand.title, h.game_id, sec.id, 1, s.rule))
    return Segmentation(sections, warnings, [g for g in provisional if any(s.game_id == g.id for s in sections)])


def label_runs(text: str, start: int, end: int) -> Covered:
    """ORIGINAL spans of the lines of [start, end) in runs of two or more label lines ("Type: …",
    "Players: 3+"), blank lines between them allowed: a summary block, whose first line is no
    title (a title over one label line is: "Napoleon: rules for four")."""
    runs: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    pos = start
    for line in text[start:end].split("\n"):
        span = (pos, pos + len(line))
        pos += len(line) + 1
        if not line.strip():
            continue
        if LABEL_LINE.search(line):
            run.append(span)
            continue
        runs += run if len(run) >= 2 else []
        run = []
    runs += run if len(run) >= 2 else []
    return Covered(runs)


def _single_game(doc: Document, knowledge: Knowledge, tree: BlockTree, headings: list[Heading], start: int,
                 end: int, make,
                 declared_title: str | None = None):
    """One game section over the whole body, for the game the document is about (identify/document.py),
    its headings as sub-sections; None when the document names no game."""
    if start >= end or not doc.text[start:end].strip():
        return None
    conventions = conventions_of(knowledge)
    lines = doc.normalized.split("\n")
    entries = [(doc.line_starts[a], doc.line_starts[b] if b < len(doc.line_starts) else len(doc.text))
               for a, b in contents_blocks(lines, conventions) if b > a]
    blocks = tree.blocks
    not_prose = [(b.start, b.end) for b in blocks if b.kind in NOT_PROSE]
    items = Covered((b.start, b.end) for b in blocks if b.kind == "list_item")   # "- 人数": no title

    labels = label_runs(doc.text, start, end)

    def not_title(at: int, line: str) -> bool:
        # "Type: a solitaire game" over "Players: 3+": a line of a label block, not a title
        return not_heading(line, conventions) or at in items or at in labels

    found = document_game(doc, knowledge, start, end, declared_title, entries, not_title, not_prose)
    if found is None:
        return None
    provisional: list[Game] = []
    game_id = found.game_id
    if game_id is None:
        game = provisional_game(found.name, doc.language, knowledge.languages, found.parent)
        provisional.append(game)
        game_id = game.id
    title = None
    if found.evidence in ("title-line", "declared-title"):
        line_end = LINE_END.search(doc.text, found.start)
        title = doc.text[found.start:line_end.start() if line_end else len(doc.text)].strip() or None
    parts = [(start, end, game_id, title, f"document+{found.evidence}")]
    split = compilation_parts(doc, knowledge, start, end, found, declared_title)
    if split:   # a page of several answers: the part before the phrase's line is the title's other game
        at, first = split
        parts = [(start, at, first, None, "document+manifest-title"), (at, end, game_id, None, parts[0][4])]
    sections = []
    for p_start, p_end, p_game, p_title, rule in parts:
        known = knowledge.by_id.get(p_game)
        kind = "variant" if known is not None and known.parent else "game"
        top = make(p_start, p_end, kind, p_title, p_game, None, 0, rule)
        sections.append(top)
        subs = [h for h in headings if p_start < h.cand.start < p_end]
        for j, sub in enumerate(subs):
            s_end = subs[j + 1].cand.start if j + 1 < len(subs) else p_end
            kind = sub.kind if sub.kind not in ("game", "variant") else "subsection"
            sections.append(make(sub.cand.start, s_end, kind, sub.cand.title or None, p_game, top.id, 1, sub.rule))
    return sections, provisional
