"""What a user typed, resolved to a game or a facet of the built data: exactly, or by a fuzzy
match that is used only when it is unique (and then said aloud), else an error that lists the
closest names."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from pipeline.errors import HoyleError

FUZZY_ACCEPT = 88     # a typo ("piquett", "Пикетт") scores above this
FUZZY_MARGIN = 6      # ...and the runner-up this far below, or the match is not unique
SUGGESTIONS = 5


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()


@dataclass(frozen=True)
class Resolved:
    value: str
    note: str | None = None   # said to the user when the match was fuzzy


def _names_of(games) -> dict[str, str]:
    """Every way to write a game (id, names in each language, aliases) -> its id."""
    names: dict[str, str] = {}
    for g in games:
        for name in (g.id, *[n for n in g.names.model_dump().values() if n], *g.aliases):
            names.setdefault(_key(name), g.id)
    return names


def resolve_game(text: str, games) -> Resolved:
    from rapidfuzz import fuzz, process

    names = _names_of(games)
    if _key(text) in names:
        return Resolved(names[_key(text)])
    ranked = process.extract(_key(text), list(names), scorer=fuzz.ratio, limit=20)
    best_by_game: dict[str, tuple[str, float]] = {}
    for name, score, _ in ranked:
        best_by_game.setdefault(names[name], (name, score))
    order = sorted(best_by_game.items(), key=lambda kv: -kv[1][1])
    if order and order[0][1][1] >= FUZZY_ACCEPT and (len(order) == 1 or order[0][1][1] - order[1][1][1] >= FUZZY_MARGIN):
        gid, (name, score) = order[0]
        return Resolved(gid, f"no game {text!r}; using {gid!r} ({name}, {score:.0f}% alike)")
    close = ", ".join(f"{gid} ({name})" if name != gid else gid for gid, (name, _) in order[:SUGGESTIONS])
    raise HoyleError(f"no game {text!r}" + (f"; did you mean: {close}?" if close else ""),
                     hint="`hoyle games` lists every game with its names")


def resolve_facet(text: str, facets: list[str]) -> Resolved:
    """A facet of the data (players, score:repique): exact, or unique close match."""
    from rapidfuzz import fuzz, process

    if text in facets:
        return Resolved(text)
    ranked = process.extract(text, facets, scorer=fuzz.ratio, limit=SUGGESTIONS)
    if ranked and ranked[0][1] >= FUZZY_ACCEPT and (len(ranked) == 1 or ranked[0][1] - ranked[1][1] >= FUZZY_MARGIN):
        return Resolved(ranked[0][0], f"no facet {text!r}; using {ranked[0][0]!r}")
    close = ", ".join(name for name, _, _ in ranked)
    raise HoyleError(f"no facet {text!r}" + (f"; did you mean: {close}?" if close else ""),
                     hint="facets here: " + ", ".join(sorted({f.split(':')[0] for f in facets})))
