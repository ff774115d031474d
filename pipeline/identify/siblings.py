"""Games found by where they stand: a heading of the same kind and depth as the headings that
name known games (a tier: `<h1>` in an app's manual, ALL-CAPS titles in a book of patiences,
`## X` in a Markdown catalog) is a game too when its text is a name and what follows it reads
like rules, whether or not the registry knows it. A heading text that recurs in the tier
(RULES, PLAY, Object, Strategy) is a topic of every game, not a game."""

from __future__ import annotations

from collections import Counter

from pipeline.identify.card_text import card_words
from pipeline.patterns import compile_pattern
from pipeline.structure import BlockTree
from pipeline.structure.headings import Candidate, conventions_of

MIN_KNOWN = 2          # known games a tier needs before its other headings count as games
MIN_BODY_CHARS = 120   # a game's text runs on; a title page line or a caption does not
LEAD_CHARS = 1000      # where a game's text counts its cards or packs
CARD_UNITS = ("cards", "packs")
_EDITORIAL = compile_pattern(r"^\s*\[.*\]\s*$")   # "[Plate 4]", "[Illustration: …]": an editor's mark


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
        return compile_pattern(rf"(?i)(?<!\w)(?:{number})(?:[\s\-]+\w+){{0,2}}?[\s\-]*(?:{unit})"
                               rf"|(?m:^[ \t]*(?:{label})[ \t]*[:：])")
    return knowledge.compiled(("rule_words",), build)


def _frame(seq: list[Candidate], known_starts: set[int], gaz, recurs: int):
    """A test of a heading's start: the heading opens its part as the known games of `seq` open
    theirs. Most of them (60 %) are followed directly in `seq` by a heading whose text recurs
    more than `recurs` times there (RULES, PLAY; a help's "Описание" under every game), and so
    is it. Structure, where the words of a summary table ("Тип колоды | Стандартная") count
    nothing. In a tier of flat headings (caps or short title lines) this is what tells a game
    from a topic that looks like its name."""
    recurring = Counter(gaz.name_key(x.text) for x in seq)
    at = {x.start: i for i, x in enumerate(seq)}

    def framed(start: int) -> bool:
        i = at.get(start)
        return i is not None and i + 1 < len(seq) and recurring[gaz.name_key(seq[i + 1].text)] > recurs

    games = [s for s in known_starts if s in at]
    frame = bool(games) and sum(map(framed, games)) >= 0.6 * len(games)
    return lambda start: frame and framed(start)


def _a_count(text: str, words) -> bool:
    """The heading is a count with its unit ("Four Piquet Packs", "Two Entire Packs of Cards"):
    what a game needs, not its name ("Nine-Card Nap" goes on past its unit)."""
    bare = text.strip(" .:：。")
    return any(m.end() == len(bare) for m in words.finditer(bare))


def _tier(c: Candidate, tree_levels: dict[int, int]) -> tuple[str, int, str]:
    return c.convention, tree_levels.get(c.start, 1), c.tier


def sibling_games(doc, tree: BlockTree, cands: list[Candidate], gaz, knowledge, structural) -> set[int]:
    """Starts of the headings that stand where games stand (see the module's docstring).
    `cands`: the headings in use, one per start; `structural(text)`: front/laws/other or None."""
    levels = {b.start: b.level for b in tree.headings}
    known: dict[tuple[str, int, str], set[str]] = {}
    matched: set[int] = set()
    first_known: dict[tuple[str, int, str], int] = {}
    for c in cands:
        m = gaz.match(c.text, allow_prefix=False)
        if m and m.method in ("exact", "part", "inflected"):
            tier = _tier(c, levels)
            known.setdefault(tier, set()).add(m.game_id)
            matched.add(c.start)
            first_known[tier] = min(first_known.get(tier, c.start), c.start)
    tiers = {t for t, games in known.items() if len(games) >= MIN_KNOWN}
    known_starts = {c.start for c in cands if _tier(c, levels) in tiers and c.start in matched}
    if not tiers:
        return set()
    in_tier = [c for c in cands if _tier(c, levels) in tiers]
    recurring = Counter(gaz.name_key(c.text) for c in in_tier)
    words = rule_words(knowledge)
    names = [c for c in in_tier if recurring[gaz.name_key(c.text)] == 1 and not structural(c.text)
             and not _EDITORIAL.match(c.text)
             and gaz.plausible_name(c.text) and not _a_count(c.text, words)]
    by_name = conventions_of(knowledge).by_name   # a flat convention's depth says nothing
    flat_frame = _frame(in_tier, known_starts, gaz, recurs=1)   # RULES, PLAY in the tier itself
    names = [c for c in names if by_name[c.convention].depth != "flat" or flat_frame(c.start)]
    framed = _frame(cands, known_starts, gaz, recurs=2)   # a topic heading under every game
    cards = card_words(knowledge)
    out = set()
    for i, c in enumerate(names):
        if c.start < first_known[_tier(c, levels)]:
            continue          # before the tier's first game: title page, preface, contents
        end = names[i + 1].start if i + 1 < len(names) else len(doc.text)
        body = doc.normalized[doc.norm_index(c.end):doc.norm_index(end)].strip()
        # a game says early what it is played with; a menu's or a preface's cards come later
        lead = body[:LEAD_CHARS]
        # a count of cards or packs; or the frame of the tier's games and a word for cards (a
        # mahjong solitaire of a patience program has the frame and its tiles)
        if len(body) >= MIN_BODY_CHARS and (words.search(lead) or framed(c.start) and cards.search(lead)):
            out.add(c.start)
    return out
