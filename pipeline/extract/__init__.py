"""Extraction: the rule facts each section states, as typed values with an exact citation."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import regex

from pipeline.extract.attribution import NEAR, game_named_near, topic_game
from pipeline.extract.cards import (
    parse_points,
    parse_rank_list,
    parse_rank_list_with_gaps,
    rank_code,
    vocabulary_from_terms,
)
from pipeline.extract.ditto import ditto_rows
from pipeline.extract.numbers import number_regex, parse_number
from pipeline.extract.points import point_statements
from pipeline.extract.rules import Rule, compile_rules, item_names, suit_names
from pipeline.extract.token_rules import TokenRule, TokenRules
from pipeline.knowledge import Knowledge
from pipeline.lang import LANGUAGES, all_languages_key, language_data
from pipeline.positions import Locator
from schemas import Document, Fact, PlayerRange, Section

STANDARD_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
ACE_LOW_ORDER = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
FOUR_OF = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "10": "tens", "9": "nines", "8": "eights",
           "7": "sevens"}
_LETTER = regex.compile(r"\p{L}")


@cache
def _point_link() -> regex.Pattern:
    """Words that tie a rank to its points (`point_link` in every language's data): without one,
    "K Q J 10 9 8 7" is a rank list."""
    return regex.compile("|".join(all_languages_key("words").get("point_link") or ["(?!)"]), regex.IGNORECASE)


def script_of(lang: str):
    pattern = language_data(lang).get("script")
    return regex.compile(pattern) if pattern else None


def in_script(text: str, script) -> bool:
    """Most letters of `text` are in `script`."""
    letters = _LETTER.findall(text)
    return bool(letters) and sum(1 for c in letters if script.match(c)) >= 0.8 * len(letters)


def script_runs(text: str, script) -> list[tuple[int, int]]:
    """Stretches of consecutive lines written mostly in `script` (untranslated passages)."""
    runs: list[tuple[int, int]] = []
    pos = 0
    for line in text.split("\n"):
        end = pos + len(line)
        letters = _LETTER.findall(line)
        if len(letters) >= 8 and sum(1 for c in letters if script.match(c)) >= 0.6 * len(letters):
            if runs and runs[-1][1] >= pos - 1:
                runs[-1] = (runs[-1][0], end)
            else:
                runs.append((pos, end))
        pos = end + 1
    return runs


SENTENCE_REACH = 160  # in a section about no game, the game must be named in the fact's sentence
INT_FACETS = {"deck_size", "packs", "hand_size", "talon_size", "target_score"}
# Plausible bounds: a value outside is a misreading, not a fact. `packs` is stated only for
# games of more than one pack (one pack is every game's default; see corpus/facets.yaml).
BOUNDS = {"players": (2, 12), "deck_size": (20, 320), "packs": (2, 8), "hand_size": (1, 30),
          "talon_size": (1, 40), "target_score": (5, 20000), "deal_pattern": (1, 13)}

_RULE_CACHE: dict[tuple[str, str], list[Rule]] = {}


def rules_for(lang: str, knowledge: Knowledge) -> list[Rule]:
    key = (lang, knowledge.digest)
    if key not in _RULE_CACHE:
        _RULE_CACHE[key] = compile_rules(lang, vocabulary_from_terms(knowledge.terms), knowledge.facets,
                                         knowledge.terms)
    return _RULE_CACHE[key]


@cache
def token_rules_for(lang: str) -> TokenRules:
    return TokenRules(lang)


def _ok(facet: str, n: int | None) -> bool:
    lo, hi = BOUNDS.get(facet.split(":")[0], (0, 100000))
    return n is not None and lo <= n <= hi


def build_value(rule: Rule, m, lang: str, knowledge: Knowledge, items: dict[str, str]):
    """(facet, value) from a match, or None when the match does not give a usable value."""
    g = m.groupdict()
    facet = rule.facet
    num = lambda name: parse_number(g[name], lang) if g.get(name) else None
    if facet == "players":
        vals = [num(k) for k in ("n", "lo", "hi", "a", "b", "c") if g.get(k)]
        if not vals or not all(_ok("players", v) for v in vals):
            return None
        return facet, PlayerRange(min=min(vals), max=max(vals))
    if facet in INT_FACETS:
        n = num("n")
        if rule.derive == "multiply":
            m2 = num("m")
            n = n * m2 if n is not None and m2 is not None else None
        return (facet, n) if _ok(facet, n) else None
    if facet == "deal_pattern":
        if g.get("seq"):
            parts = regex.split(r"\s*(?:,|，|、|-|\band\b|\bи\b)\s*", g["seq"])
            vals = [parse_number(x, lang) for x in parts if x.strip()]
        elif g.get("a"):
            vals = [num(k) for k in ("a", "b", "c", "d") if g.get(k)]
        else:
            vals = [num("n")]
        if not vals or not all(_ok("deal_pattern", v) for v in vals):
            return None
        return facet, vals
    vocab = vocabulary_from_terms(knowledge.terms)
    if facet == "rank_order":
        codes = parse_rank_list_with_gaps(g["ranks"], vocab)
        return (facet, codes) if codes and len(codes) >= 4 and len(set(codes)) == len(codes) else None
    if facet == "rank_span":  # "the ace is highest, the two lowest": the standard order between them
        hi, lo = rank_code(g.get("hi") or "", vocab), rank_code(g.get("lo") or "", vocab)
        order = STANDARD_ORDER if hi != "K" or lo != "A" else ACE_LOW_ORDER
        if hi in order and lo in order and order.index(hi) < order.index(lo) - 3:
            return "rank_order", order[order.index(hi):order.index(lo) + 1]
        return None
    if facet == "card_points":
        if not _point_link().search(g["pairs"]) \
                and len(parse_rank_list(g["pairs"], vocab)) >= len(regex.findall(r"\S+", g["pairs"])):
            return None  # "K Q J 10 9 8 7": a rank list, not ranks with points
        pts = parse_points(g["pairs"], vocab, lang)
        named = [k for k in pts if not k.isdigit()]
        # a point map names cards (A, K, ...) and gives small values; rows of a score sheet
        # ("8 3 2 0 1") or domino sums are not one
        if len(pts) < 3 or len(named) < 2 or max(pts.values()) > 25:
            return None
        return facet, pts
    if facet == "score_four":  # "four kings", "Kの4枚組": four of a rank
        code = rank_code(g.get("rank") or "", vocab)
        n = num("n")
        plural = FOUR_OF.get(code or "")
        if not plural or n is None or not 0 < n <= 5000:
            return None
        return f"score:four_{plural}", n
    if facet == "card_points_each":  # "2 (A) と X (10) が各 1 枚 10 点": one value for each rank
        codes = parse_rank_list(g["ranks"], vocab)
        n = num("n")
        if len(codes) < 2 or len(set(codes)) != len(codes) or n is None or not 0 < n <= 25:
            return None
        return "card_points", {c: n for c in codes}
    if facet == "score_four_list":  # "A，10，R(K)，D(Q)の4枚組: 100点", "9とAの4枚組: 150点と100点"
        codes = parse_rank_list(g["ranks"], vocab)
        nums = [parse_number(x, lang) for x in regex.findall(number_regex(lang), g["nums"], regex.IGNORECASE)]
        if len(nums) == 1:
            nums = nums * len(codes)  # one value for each of them
        if len(nums) != len(codes) or len(set(codes)) != len(codes) or not all(FOUR_OF.get(c) for c in codes) \
                or not all(n is not None and 0 < n <= 5000 for n in nums):
            return None
        return [(f"score:four_{FOUR_OF[c]}", n) for c, n in zip(codes, nums)]
    if facet.startswith("score_suit:"):  # "マリアージュの点は，ハートが100点": the item of that suit
        suit = suit_names(knowledge.terms).get((g.get("suit") or "").lower())
        item = f"{suit}_{facet.split(':', 1)[1]}"
        n = num("n")
        if not suit or item not in (knowledge.facets.get("items") or {}) or n is None or not 0 < n <= 5000:
            return None
        return f"score:{item}", n
    if facet.startswith("score:"):  # a rule that names its item itself ("the last trick ... N")
        n = num("n")
        return (facet, n) if n is not None and 0 < n <= 5000 else None
    if facet == "score":
        said = (g.get("item") or "").lower().strip()
        item = items.get(said) or items.get(regex.sub(r"\s+", "", said))
        n = num("n")
        if not item or n is None or not 0 < n <= 5000:
            return None
        return f"score:{item}", n
    return None


def extract(doc: Document, sections: list[Section], knowledge: Knowledge) -> list[Fact]:
    """Facts of every game-bearing section of one document."""
    lang = doc.language
    # The source's own language first; then the others, for passages left untranslated (a
    # Russian translation that keeps an English table): their matches must be in their script.
    passes = [(lang, None)] + [(other, script_of(other)) for other in LANGUAGES if other != lang and script_of(other)]
    items_of = {lg: item_names(knowledge.facets, lg) for lg, _ in passes}
    plan = [(lg, script, rule, items_of[lg]) for lg, script in passes for rule in rules_for(lg, knowledge)]
    loc = Locator(doc)
    norm = doc.normalized
    skip = [(b.start, b.end) for b in doc.boilerplate]
    # innermost section at an offset: subsections (level 1) before their top-level section
    ordered = sorted(sections, key=lambda s: (s.anchor.start, -s.level))
    inner = sorted((s for s in sections if s.game_id), key=lambda s: (-s.level, s.anchor.start))
    facts: list[Fact] = []
    seen: set[tuple] = set()
    token_rules = token_rules_for(lang)
    vocab = vocabulary_from_terms(knowledge.terms)
    suits = tuple(sorted(suit_names(knowledge.terms), key=len, reverse=True))
    points_rule = TokenRule(id=f"{lang}.points.sentence", facet="card_points", qualifier=None, derive=None, captures=())

    def emit(top: Section, ns: int, lg: str, rule, m, start: int, end: int, items: dict[str, str]) -> None:
        """One match (regex or token rule) at chunk offsets [start, end) -> a fact, if it holds."""
        got = build_value(rule, m, lg, knowledge, items)
        for facet, value in got if isinstance(got, list) else [got] if got else []:
            emit_fact(top, ns, rule, start, end, facet, value)

    def emit_fact(top: Section, ns: int, rule, start: int, end: int, facet: str, value) -> None:
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
        if not _fits_game(knowledge, facet, game_id):
            return
        dump = value.model_dump() if hasattr(value, "model_dump") else value
        key = (game_id, facet, repr(dump), rule.qualifier, anchor.start, anchor.end)
        if key in seen:
            return
        seen.add(key)
        fid = f"{doc.source_id}:{anchor.start}:{facet}" + (f":{rule.qualifier}" if rule.qualifier else "")
        facts.append(Fact(id=fid, game_id=game_id, source_id=doc.source_id, section_id=home.id, facet=facet,
                          value=value, qualifier=rule.qualifier, anchor=anchor, rule=rule_id))

    # game sections, and essays/history ("other") where a fact sits in a sentence naming its game
    for top in (s for s in ordered if s.level == 0 and (s.game_id or s.kind == "other")):
        ns = doc.norm_index(top.anchor.start)
        ne = doc.norm_index(top.anchor.end)
        chunk = norm[ns:ne]
        runs = {None: [(0, len(chunk))]}
        for lg, script, rule, items in plan:
            if script not in runs:
                runs[script] = script_runs(chunk, script)
            for m in (m for a, b in runs[script] for m in rule.pattern.finditer(chunk, a, b)):
                if m.end() <= m.start() or (script and not in_script(m.group(), script)):
                    continue
                emit(top, ns, lg, rule, m, m.start(), m.end(), items)
        for row in ditto_rows(chunk):  # a ditto row is cited as itself, read as its expansion
            for lg, script, rule, items in plan:
                if script and not in_script(row.expanded, script):
                    continue
                for m in rule.pattern.finditer(row.expanded):
                    emit(top, ns, lg, replace(rule, id=rule.id + "+ditto"), m, row.start, row.end, items)
        for st in point_statements(chunk, lang, vocab, suits):
            emit_fact(top, ns, points_rule, st.start, st.end, "card_points", st.points)
        for tm in token_rules.matches(chunk, items=items_of[lang]):
            emit(top, ns, lang, tm.rule, tm, tm.start, tm.end, items_of[lang])
    return resolve_overlaps(_merge_players(resolve_overlaps(facts), doc.text))


def _fits_game(knowledge: Knowledge, facet: str, game_id: str) -> bool:
    """A fact a game's family rules out (facets.yaml): a scoring item limited to some `families`
    (ペア is a cribbage pair, a marriage in Ulti), or a `cards: true` facet for a game of the
    `non_card_families` (a pack of cards in a billiards book's probability note)."""
    game = knowledge.by_id.get(game_id)
    if game is None:
        return True
    if facet.startswith("score:"):
        families = ((knowledge.facets.get("items") or {}).get(facet.split(":", 1)[1]) or {}).get("families")
        return not families or game.family in families
    cards = ((knowledge.facets.get("facets") or {}).get(facet) or {}).get("cards")
    return not cards or game.family not in (knowledge.facets.get("non_card_families") or [])


def _merge_players(facts: list[Fact], doc_text: str) -> list[Fact]:
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
                      or any(c in doc_text[group[-1].anchor.end:f.anchor.start] for c in "。.;\n")):
            flush()
        group.append(f)
    flush()
    return sorted(out, key=lambda f: (f.anchor.start, f.facet, f.rule))


def resolve_overlaps(facts: list[Fact], doc_text: str | None = None) -> list[Fact]:
    """One fact per place: where rules overlap on the same facet, the longest statement wins
    ("3枚ずつ…2枚ずつ…3枚ずつ" is one deal pattern, not three)."""
    facts = sorted(facts, key=lambda f: (f.anchor.start, -(f.anchor.end - f.anchor.start), f.facet, f.rule))
    kept: list[Fact] = []
    spans: dict[tuple, list[tuple[int, int]]] = {}
    for f in sorted(facts, key=lambda f: (-(f.anchor.end - f.anchor.start), f.anchor.start, f.rule)):
        fam = (f.facet.split(":")[0] if f.facet.startswith("score:") else f.facet, f.qualifier)
        length = f.anchor.end - f.anchor.start
        if any(min(e, f.anchor.end) - max(s, f.anchor.start) >= max(1, length // 2)
               and not (s == f.anchor.start and e == f.anchor.end and facet != f.facet)
               for s, e, facet in spans.get(fam, [])):
            continue  # mostly inside a longer statement of the same facet (one statement may
            # name several items: "A，10，K の4枚組: 100点")
        spans.setdefault(fam, []).append((f.anchor.start, f.anchor.end, f.facet))
        kept.append(f)
    kept.sort(key=lambda f: (f.anchor.start, f.facet, f.rule))
    uniq, ids = [], set()
    for f in kept:
        if f.id not in ids:
            ids.add(f.id)
            uniq.append(f)
    return uniq
