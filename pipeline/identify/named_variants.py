"""A variant named after its game: inside a game's part, a heading of its own whose name is
that game's name with words before it ("SHORT WHIST." in Whist, "_IRISH LOO_." in Loo,
"Подкидной дурак" in Durak, 「二人ナポレオン」 in Napoleon) names a form of that game. The
most specific name wins: it opens a provisional variant whose parent is the game, not a
sub-section that hands its facts to the parent.

The name must end the heading (modifier before head, the order English, Russian adjectives and
Japanese share): "Scoring in Whist" and 「ピケの得点」 are topics, and a topic that ends with the
game's name ("Hints on Whist") is no name (`plausible_name` rejects clauses and title wraps)."""

from __future__ import annotations

from pipeline.identify.index import game_names
from pipeline.ingest.normalize import normalize
from pipeline.patterns import compile_pattern

_WORD_CHARS = compile_pattern(r"[\p{L}\p{N}]+")
_DENSE = compile_pattern(r"[\p{Han}\p{Hiragana}\p{Katakana}]")
MAX_EXTRA_WORDS = 3     # "Six- or Seven-Card Nap": a variant's modifiers are few


def _words(text: str) -> list[str]:
    return _WORD_CHARS.findall(normalize(text).casefold())


def _ends_with(heading: str, name: str) -> bool:
    """`heading` ends with `name` at a word joint, with words before it."""
    if _DENSE.search(name):
        h, n = "".join(_words(heading)), "".join(_words(name))
        return len(h) > len(n) and h.endswith(n)
    hw, nw = _words(heading), _words(name)
    extra = len(hw) - len(nw)
    return bool(nw) and 0 < extra <= MAX_EXTRA_WORDS and hw[-len(nw):] == nw


def names_a_form_of(text: str, game) -> bool:
    """`text` (a heading) is `game`'s name with words before it ("LIMITED LOO." of Loo)."""
    return any(_ends_with(text.strip("_* ."), n) for n in game_names(game))


def variant_parent(text: str, current_game: str | None, knowledge, gaz) -> tuple[str, str] | None:
    """(the variant's name as written, its parent game) when `text`, a heading inside
    `current_game`'s part, names a form of a game of that game's line; else None."""
    if not current_game or current_game not in knowledge.by_id:
        return None
    named = gaz.plausible_name(text)
    if not named:
        return None
    for gid in knowledge.family_line(current_game):
        if any(_ends_with(named, n) for n in game_names(knowledge.by_id[gid])):
            return named, gid
    return None
