"""Games found by where they stand: a heading of the same kind and depth as the headings that
name known games (a tier: `<h1>` in an app's manual, ALL-CAPS titles in a book of patiences,
`## X` in a Markdown catalog) is a game too when its text is a name and what follows it reads
like rules, whether or not the registry knows it. A heading text that recurs in the tier
(RULES, PLAY, Object, Strategy) is a topic of every game, not a game."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pipeline.identify.card_text import card_words
from pipeline.identify.heading_scorer import FeatureContext, form, heading_features
from pipeline.patterns import compile_pattern
from pipeline.structure import BlockTree
from pipeline.structure.detectors import key_suffixes
from pipeline.structure.headings import Candidate, conventions_of

MIN_KNOWN = 2          # known games a tier needs before its other headings count as games
MIN_BODY_CHARS = 120   # a game's text runs on; a title page line or a caption does not
LEAD_CHARS = 1000      # where a game's text counts its cards or packs
CARD_UNITS = ("cards", "packs")
PASTIME_TIER = 12      # flat headings a tier needs before the share of them naming cards says anything
CARD_SHARE = 0.25      # at most this share of them name cards: a book of pastimes, not of card games
CARDS_SAID = 2         # times a card game's lead names cards or packs
COMPARED_WITHIN = 40   # where a part's first sentence sets it beside another game
GAME_SAID = 200        # where a pastime's part says that it is a game
_EDITORIAL = compile_pattern(r"^\s*\[.*\]\s*$")   # "[Plate 4]", "[Illustration: …]": an editor's mark
_TAG = compile_pattern(r"<[A-Za-z/][^<>\n]*>")       # a markup element on the heading's line
_NUMBERED = compile_pattern(r"^\W{0,3}\d{1,3}\s*[.)]")   # a part that opens as a numbered list


def rule_words(knowledge):
    """A count of cards or packs ("2 decks", "Two Entire Packs of Cards", "48枚", "36 карт") or a
    summary label, in any language of the knowledge: the mark of a card game's rules (a count
    of players alone is in the rules of any game: blind man's buff, draughts)."""
    def build():
        langs = knowledge.languages
        units = langs.all_patterns(lambda p: [u for unit in CARD_UNITS for u in p.statements.units.get(unit, [])])
        labels = langs.all_patterns(lambda p: [w for words in p.statements.labels.values() for w in words])
        # every language's numbers as its reader finds them: digits, words in every case form, kanji
        number = "|".join(f"(?:{lang.numbers.pattern})" for lang in langs)
        unit = "|".join(f"(?:{u})" for u in units) or "(?!)"
        label = "|".join(f"(?:{w})" for w in labels) or "(?!)"
        # (a number is not the end of a word: "A10"; a letter of a script without spaces may
        # stand before it: 「カードを1枚」)
        edge = r"(?<![^\W\p{Han}\p{Hiragana}\p{Katakana}])"
        return compile_pattern(rf"(?i){edge}(?:{number})(?:[\s\-]+\w+){{0,2}}?[\s\-]*(?:{unit})"
                               rf"|(?m:^[ \t]*(?:{label})[ \t]*[:：])")
    return knowledge.compiled(("rule_words",), build)


def count_line(knowledge):
    """A line that is a stated count and nothing more ("For 2 players", "2-10 players", "53枚
    (ジョーカーを含む)"): the value of a summary, never a game's title. At most one word before
    the count; digits only, so a name counting in words ("Seven-card Stud") is no count line."""
    def build():
        langs = knowledge.languages
        units = langs.all_patterns(lambda p: [u for us in p.statements.units.values() for u in us])
        unit = "|".join(f"(?:{u})" for u in units) or "(?!)"
        return compile_pattern(rf"(?i)^[\W_]*(?:\p{{L}}+\s+)?\d+(?:\s*[-–~〜～+]\s*\d*)?\s*(?:{unit})"
                               rf"[\W_]*(?:[(（][^)）\n]*[)）])?[\W_]*$")
    return knowledge.compiled(("count_line",), build)


def compared_lead(knowledge):
    """A short part whose first sentence sets it beside another game ("Same as Draw Poker, except
    …", 「ファイブカード・スタッドと同様。ただし…」, «Как в дураке, но …»): a variant said in a
    line, too short to count its cards (in a tier whose depth tells games from topics). A long
    part is judged by its cards as any other: "Shisen-Sho is … similar to Mahjongg" is no card
    game, «Вам нужно как можно быстрее …» a tip."""
    def build():
        langs = knowledge.languages
        before = langs.all_patterns(lambda p: p.attribution.compared_before)
        after = langs.all_patterns(lambda p: p.attribution.compared_after)
        cue = "|".join([*(rf"(?<!\w)(?:{w})(?!\w)" for w in before), *(f"(?:{w})" for w in after)]) or "(?!)"
        return compile_pattern(rf"(?i)^[^.。!?！？\n]{{0,{COMPARED_WITHIN}}}?(?:{cue})")
    return knowledge.compiled(("compared_lead",), build)


def _frame(seq: list[Candidate], known_starts: set[int], gaz, recurs: int, summary=lambda text: False):
    """A test of a heading's start: the heading opens its part as the known games of `seq` open
    theirs. Most of them (60 %) are followed directly in `seq` by a heading whose text recurs
    more than `recurs` times there (RULES, PLAY; a help's "Описание" under every game), and so
    is it. Structure, where the words of a summary table ("Тип колоды | Стандартная") count
    nothing. In a tier of flat headings (caps or short title lines) this is what tells a game
    from a topic that looks like its name. A `summary` line between them ("Four Piquet Packs"
    over RULES) is read past."""
    recurring = Counter(gaz.name_key(x.text) for x in seq)
    at = {x.start: i for i, x in enumerate(seq)}

    def framed(start: int) -> bool:
        i = at.get(start)
        if i is None:
            return False
        j = i + 2 if i + 2 < len(seq) and summary(seq[i + 1].text) else i + 1
        return j < len(seq) and recurring[gaz.name_key(seq[j].text)] > recurs

    games = [s for s in known_starts if s in at]
    frame = bool(games) and sum(map(framed, games)) >= 0.6 * len(games)
    return lambda start: frame and framed(start)


def _form_frame(in_tier: list[Candidate], named: list[Candidate], known_starts: set[int], levels):
    """A test of a flat heading: the book sets its games in a type of their own ("NAP.", "LOO."
    in plain capitals, their topics "_POOL OR KITTY_." in italics), and so is it. The tier's
    known games share one written form (80 %), and at most half its other named headings do."""
    forms: dict[tuple, Counter] = {}
    for c in in_tier:
        kind = "known" if c.start in known_starts else "named" if c in named else None
        if kind:
            forms.setdefault(_tier(c, levels), Counter())[(kind, form(c.text))] += 1
    typeset = {}
    for tier, counts in forms.items():
        known = Counter({f: n for (k, f), n in counts.items() if k == "known"})
        others = sum(n for (k, _), n in counts.items() if k == "named")
        if known and others:
            f, n = known.most_common(1)[0]
            if n >= 0.8 * sum(known.values()) and counts[("named", f)] <= 0.5 * others:
                typeset[tier] = f
    return lambda c: typeset.get(_tier(c, levels)) == form(c.text)


def _a_count(text: str, words) -> bool:
    """The heading is a count with its unit ("Four Piquet Packs"): what a game needs, not its
    name ("Nine-Card Nap" goes on past its unit; "Spider Three Decks", «Паук с тремя колодами»
    name the game before the count)."""
    bare = text.strip(" .:：。")
    return any(m.start() == 0 and m.end() == len(bare) for m in words.finditer(bare))


def _tier(c: Candidate, tree_levels: dict[tuple[int, str], int]) -> tuple[str, int, str]:
    return c.convention, tree_levels.get((c.start, c.convention), 1), c.tier


@dataclass
class TierHeading:
    """An unknown heading in a tier of known games: what the scorer reads of it, and whether
    the rules below take it as a game."""
    cand: Candidate
    features: dict[str, float]
    by_rule: bool


def sibling_games(doc, tree: BlockTree, cands: list[Candidate], gaz, knowledge, structural) -> set[int]:
    """Starts of the headings that stand where games stand (see the module's docstring): by
    the rules, or by the learned scorer where one is fitted (identify/heading_scorer.py).
    `cands`: the headings in use, one per start; `structural(text)`: front/laws/other or None."""
    scorer = knowledge.heading_scorer
    if scorer is None or scorer.way == "rules":   # the rules decide: no feature is read
        return {h.cand.start for h in tier_headings(doc, tree, cands, gaz, knowledge, structural, features=False)
                if h.by_rule}
    return {h.cand.start for h in tier_headings(doc, tree, cands, gaz, knowledge, structural)
            if scorer.decides(h.by_rule, h.features)}


def tier_headings(doc, tree: BlockTree, cands: list[Candidate], gaz, knowledge, structural,
                  features: bool = True) -> list[TierHeading]:
    """Every unknown heading with a name in a tier of known games, after the tier's first game;
    with its features for the scorer when `features` (training, a scorer that is not rules-only)."""
    levels = tree.heading_levels()
    known: dict[tuple[str, int, str], set[str]] = {}
    matched: dict[int, str] = {}
    first_known: dict[tuple[str, int, str], int] = {}
    for c in cands:
        m = gaz.match(c.text, allow_prefix=False)
        if m and m.method in ("exact", "part", "inflected", "reading"):
            tier = _tier(c, levels)
            known.setdefault(tier, set()).add(m.game_id)
            matched[c.start] = m.game_id
            first_known[tier] = min(first_known.get(tier, c.start), c.start)
    tiers = {t for t, games in known.items() if len(games) >= MIN_KNOWN}
    if not tiers:
        return []
    known_starts = {c.start for c in cands if _tier(c, levels) in tiers and c.start in matched}
    in_tier = [c for c in cands if _tier(c, levels) in tiers]
    recurring = Counter(gaz.name_key(c.text) for c in in_tier)
    words = rule_words(knowledge)
    named = [c for c in in_tier if recurring[gaz.name_key(c.text)] == 1 and not structural(c.text)
             and not _EDITORIAL.match(c.text) and gaz.plausible_name(c.text) and not _a_count(c.text, words)]
    by_name = conventions_of(knowledge).by_name   # a flat convention's depth says nothing
    # RULES, PLAY in the tier itself, a count of packs between ("THE OLGA", "Four Piquet Packs", "RULES")
    flat_frame = _frame(in_tier, known_starts, gaz, recurs=1, summary=lambda text: bool(words.match(text.strip(" _*"))))
    framed = _frame(cands, known_starts, gaz, recurs=2)   # a topic heading under every game
    in_form = _form_frame(in_tier, named, known_starts, levels)   # games set in a type of their own
    ruled = [c for c in named if by_name[c.convention].depth != "flat" or flat_frame(c.start) or in_form(c)]
    # each part ends where the tier's next game or named heading begins, a known game's included
    spans = _bodies(doc, [c for c in in_tier if c.start in matched or c in named])
    cards = card_words(knowledge)
    context = FeatureContext(words, cards, knowledge, gaz)
    compared = compared_lead(knowledge)
    by_rule = set()
    # before the part that holds the tier's games: title page, preface, contents
    opens = {t: _part_start(t, first_known[t], cands, levels, by_name) for t in tiers}
    # a run-in heading ("Flushes. — …") is a topic of its paragraph, never a game of the tier
    names = [c for c in named if c.start >= opens[_tier(c, levels)] and not c.rest.strip()]
    in_frame = _keyed_frame(doc, in_tier, matched, by_name, lambda c: _tier(c, levels))
    for c in (c for c in ruled if c.start >= opens[_tier(c, levels)] and in_frame(c)):
        lead = spans[c.start][:LEAD_CHARS]
        # a count of cards or packs; or the frame of the tier's games and a word for cards (a
        # mahjong solitaire of a patience program has the frame and its tiles)
        if len(spans[c.start]) >= MIN_BODY_CHARS and (words.search(lead) or framed(c.start) and cards.search(lead)):
            by_rule.add(c.start)
        elif (by_name[c.convention].depth != "flat" and len(spans[c.start]) < MIN_BODY_CHARS
              and compared.match(lead) and not context.term_words.search(c.text)):
            by_rule.add(c.start)   # "Same as Five-card Stud, except …": a variant in a line
    others = [c for c in names if c.start not in by_rule and c.start not in matched and in_frame(c)]
    by_rule |= _card_games_among_pastimes(others, _bodies(doc, in_tier), context, by_name,
                                          _last_known(in_tier, matched), lambda c: _tier(c, levels))
    if not features:
        return [TierHeading(c, {}, c.start in by_rule) for c in names]
    bodies = _bodies(doc, [c for c in in_tier if c.start in matched or c in names])
    last_game = _last_known(in_tier, matched)
    tier_facts = _tier_facts(in_tier, names, matched, levels)
    return [TierHeading(c, heading_features(context, c, bodies[c.start], last_game.get(c.start), tier_facts[c.start],
                                            framed(c.start) or flat_frame(c.start),
                                            by_name[c.convention].depth == "flat"), c.start in by_rule)
            for c in names]


def _keyed_frame(doc, in_tier: list[Candidate], matched: dict[int, str], by_name, tier_of):
    """A test of a keyed group (an app's strings, one element per part of each game): where the
    tier's known games hold parts of the same names (`_structure`, `_rules`, `_scoring` under
    each), a group is a game only when it holds one of them too (`manual_ui_text` is the app's
    help on its menu). Every other heading passes."""
    texts = {c.start: doc.text[c.start:(in_tier[i + 1].start if i + 1 < len(in_tier) else len(doc.text))]
             for i, c in enumerate(in_tier) if by_name[c.convention].depth == "keyed"}
    shared: dict[tuple, set[str]] = {}
    for tier in {tier_of(c) for c in in_tier if c.start in texts}:
        known = [key_suffixes(texts[c.start]) for c in in_tier if tier_of(c) == tier and c.start in matched
                 and c.start in texts]
        counts = Counter(x for k in known for x in k)
        shared[tier] = {x for x, n in counts.items() if len(known) >= MIN_KNOWN and n >= 0.5 * len(known)}
    return lambda c: c.start not in texts or not shared.get(tier_of(c)) or bool(
        key_suffixes(texts[c.start]) & shared[tier_of(c)])


def _card_games_among_pastimes(heads: list[Candidate], spans: dict[int, str], context: FeatureContext, by_name,
                               last_game, tier_of) -> set[int]:
    """Starts of unknown headings that are card games in a tier where cards are the exception (a
    book of pastimes: "Hat and Cards", "Prophecies and Characteristics" among Tug of War and
    Charades). There a part whose lead names cards again and again and speaks of a game early
    ("The game is to throw the cards") is a game; in a tier where most parts name cards (a card
    book's topics: THE DEAL, SCORING) cards tell nothing and this says nothing. Never a topic:
    a heading naming a term of play ("TRICKS", "THE RUBBER"), one repeating the name of the
    game it stands in ("Snap Cards" after Snap), a part that opens as a numbered list (a game's
    laws or hints: "SHUFFLING. 1.--The pack must be …"), a value of an element that is no title
    element (an app's string "左ききモード" among its settings). `spans`: each heading's part, up
    to the next heading of its tier."""
    gaz = context.gaz
    # cards named again and again, not a tally card or a card with a word on it
    carded = {c.start for c in heads if len(context.card_words.findall(spans[c.start][:LEAD_CHARS])) >= CARDS_SAID}
    per_tier: dict[tuple, list[bool]] = {}
    for c in heads:
        per_tier.setdefault(tier_of(c), []).append(c.start in carded)
    few = {t for t, marks in per_tier.items() if len(marks) >= PASTIME_TIER and sum(marks) <= CARD_SHARE * len(marks)}

    def a_game(c: Candidate) -> bool:
        body = spans[c.start]
        current = last_game.get(c.start)
        repeats = current and any(len(k) >= 3 and k in gaz.name_key(c.text) for k in gaz.keys_of_game(current))
        return (len(body) >= MIN_BODY_CHARS and not repeats and not _NUMBERED.match(body)
                and (by_name[c.convention].markup or not _TAG.search(c.title))   # an element's value, no title
                and not context.game_words.search(c.text)      # "Card Games and Others": a chapter
                and not context.term_words.search(c.text)
                and bool(context.game_words.search(body[:GAME_SAID])))
    return {c.start for c in heads if tier_of(c) in few and c.start in carded and a_game(c)}


def _part_start(tier, first: int, cands: list[Candidate], levels, by_name) -> int:
    """Where the tier's games may begin: the part two levels up that holds its first known game
    (「## 様々なポーカー」 over 「#### セブンカード・ドロー」 … 「#### Razz」: the games of a part
    may come before the first the registry knows); in a flat layout, the first known game."""
    convention, level, _ = tier
    if by_name[convention].depth == "flat":
        return first
    above = [c.start for c in cands if c.start < first and c.convention == convention
             and levels.get((c.start, c.convention), 1) <= level - 2]
    return max(above) if above else first


def _bodies(doc, heads: list[Candidate]) -> dict[int, str]:
    """Each heading's text, up to the next heading of the list."""
    out = {}
    for i, c in enumerate(heads):
        end = heads[i + 1].start if i + 1 < len(heads) else len(doc.text)
        out[c.start] = doc.normalized[doc.norm_index(c.end):doc.norm_index(end)].strip()
    return out


def _tier_facts(in_tier, names, matched, levels) -> dict[int, dict[str, float]]:
    """Per heading: the share of its tier's named headings the registry knows, the share of the
    tier's known game headings in its written form, and the unknown headings of its run."""
    known, named, forms = Counter(), Counter(), Counter()
    for c in in_tier:
        if c.start in matched or c in names:
            named[_tier(c, levels)] += 1
            known[_tier(c, levels)] += c.start in matched
            if c.start in matched:
                forms[(_tier(c, levels), form(c.text))] += 1
    runs, run = {}, []
    for c in [*in_tier, None]:
        if c is None or c.start in matched:
            runs.update({x.start: len(run) for x in run})
            run = []
        elif c in names:
            run.append(c)
    return {c.start: {"known_share": known[_tier(c, levels)] / named[_tier(c, levels)],
                      "form_share": forms[(_tier(c, levels), form(c.text))] / max(1, known[_tier(c, levels)]),
                      "run": runs.get(c.start, 0)} for c in names}


def _last_known(in_tier, matched) -> dict[int, str]:
    """For each heading of the tier, the known game whose heading came last before it."""
    out, last = {}, None
    for c in in_tier:
        out[c.start] = last
        last = matched.get(c.start, last)
    return out


MIN_TEMPLATED = 2   # known games a heading form needs in a tier before it names unknown ones


def templated_games(cands: list[Candidate], gaz, levels) -> dict[int, str]:
    """Headings that wrap a name in the title form the tier's known games are written in
    ("Xのルール" over 神経衰弱, ページワン, then 「41(フォーティーワン)のルール」; "How to play X"):
    where that form is the tier's frame for a game (most of the tier's headings are so wrapped,
    most of those name known games), the name it wraps is a game's (start -> the name). A
    form word that marks laws or a topic elsewhere ("のルール" in a game's part) is the frame
    here; in a book whose tier holds every kind of heading it is not."""
    recurring = Counter(gaz.name_key(c.text) for c in cands)
    wrapped: dict[int, str] = {}
    size, framed, known = Counter(), Counter(), Counter()
    for c in cands:
        if recurring[gaz.name_key(c.text)] > 1:
            continue    # a running head or a topic under every game ("トランプ", "RULES")
        tier = _tier(c, levels)
        size[tier] += 1
        name = gaz.named_in_title(c.text) if not c.rest.strip() else None
        if not name:
            continue
        wrapped[c.start] = name
        framed[tier] += 1
        m = gaz.match(name, allow_prefix=False)
        if m and m.method in ("exact", "inflected", "reading"):
            known[tier] += 1
    frames = {t for t in framed if known[t] >= MIN_TEMPLATED and framed[t] * 2 >= size[t] and known[t] * 2 >= framed[t]}
    out: dict[int, str] = {}
    for c in cands:
        name = wrapped.get(c.start)
        if name is None or _tier(c, levels) not in frames:
            continue
        # a known name the heading alone would not give (a common word: 「戦争(トランプ)のルール」)
        # is given by the frame; an unknown one is a name
        named = name if gaz.match(name, allow_prefix=False) else gaz.plausible_name(name)
        if named:
            out[c.start] = named
    return out
