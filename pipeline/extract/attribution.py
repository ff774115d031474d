"""Which game a fact belongs to. By default the game of the section it stands in; but a value
stated right next to the name of another game ("カードを4組使うルビコン・ベジーク", "in Rubicon
Piquet the game is 100") belongs to that game: a sub-case, a variant, a neighbour described in
passing."""

from __future__ import annotations

from functools import cache

import regex

from pipeline.extract.sentences import SENTENCE_END
from pipeline.ingest.normalize import normalize
from pipeline.knowledge import Knowledge
from pipeline.lang import all_languages_key

NEAR = 12          # characters between a value and a game name that make it that game's


@cache
def _cues() -> dict[str, regex.Pattern]:
    """The words that name a game to compare it ("like Whist", "ホイストと同様", "a form of Vint")
    or make it a sentence's subject ("X — это", "X is a", "Xは"): `attribution:` in every
    language's data, merged (a text may quote another language)."""
    words = all_languages_key("attribution")
    alt = lambda kind: "|".join(words.get(kind) or ["(?!)"])
    return {"before": regex.compile(rf"(?:{alt('compared_before')})\s*(?:the\s+)?$", regex.IGNORECASE),
            "after": regex.compile(rf"\s*(?:{alt('compared_after')})", regex.IGNORECASE),
            "copula": regex.compile(rf"\s*(?:{alt('subject_copula')})", regex.IGNORECASE)}


_CACHE: dict[str, tuple[regex.Pattern, dict[str, str]]] = {}


def _names_regex(knowledge: Knowledge) -> tuple[regex.Pattern, dict[str, str]]:
    if knowledge.digest in _CACHE:
        return _CACHE[knowledge.digest]
    names: dict[str, str] = {}
    vocabulary = _vocabulary(knowledge)
    for g in knowledge.games:
        for n in [g.names.en, g.names.ja, g.names.ru, *g.aliases]:
            if not n:
                continue
            key = normalize(n).casefold().strip()
            # short or purely numeric names ("99", "500", "Cent") are too ambiguous in running text
            # a game name that is also a card word or a scoring item ("King", ルビコン, ポイント) says
            # nothing about which game a sentence is about
            if len(key) >= 4 and not key.isdigit() and regex.sub(r"\W", "", key) not in vocabulary:
                names.setdefault(regex.sub(r"\s+", "", key), g.id)
    # a name may be split by a stray space ("シックス パック・ベジーク")
    # Russian names decline (вист, виста, висте): a Cyrillic name may take a short ending
    alt = "|".join(r"\s?".join(regex.escape(ch) for ch in k) + (r"\p{Cyrillic}{0,3}" if regex.match(r".*\p{Cyrillic}$", k) else "")
                   for k in sorted(names, key=len, reverse=True))
    compiled = regex.compile(rf"(?<![\p{{Latin}}\p{{Cyrillic}}])(?:{alt})(?![\p{{Latin}}\p{{Cyrillic}}])")
    _CACHE[knowledge.digest] = (compiled, names)
    return _CACHE[knowledge.digest]


def _vocabulary(knowledge: Knowledge) -> set[str]:
    words: set[str] = set()

    def add(values):
        for lang in ("en", "ja", "ru"):
            for w in (values or {}).get(lang) or []:
                words.add(regex.sub(r"\W", "", normalize(str(w)).casefold()))

    for v in (knowledge.terms.get("ranks") or {}).values():
        add(v)
    for v in (knowledge.terms.get("suits") or {}).values():
        add(v)
    for t in knowledge.terms.get("terms") or []:
        add(t)
    for v in (knowledge.facets.get("items") or {}).values():
        add(v)
    return words


def _compared(norm: str, ms: int, me: int) -> bool:
    """"like Whist", "ホイストと同様", "как в висте", "a form of Vint": a game named to compare, not to describe."""
    cues = _cues()
    return bool(cues["before"].search(norm[max(0, ms - 24):ms].casefold()) or cues["after"].match(norm[me:me + 8]))


def _game_of(found: str, names: dict[str, str]) -> str | None:
    """The game a matched name stands for; a declined Russian name may carry up to 3 more letters."""
    gid = names.get(found)
    for cut in range(1, 4):
        if gid is None and len(found) > cut + 3:
            gid = names.get(found[:-cut])
    return gid


def _related(knowledge: Knowledge, a: str, b: str) -> bool:
    """Same family, or one descends from the other: a variant or neighbour described in passing."""
    ga, gb = knowledge.by_id.get(a), knowledge.by_id.get(b)
    if not ga or not gb:
        return False
    return ga.family == gb.family or bool(set(knowledge.family_line(a)) & set(knowledge.family_line(b)))


def game_named_near(norm: str, start: int, end: int, section_game: str | None, knowledge: Knowledge,
                    near: int = NEAR) -> str | None:
    """Another game named within NEAR characters of [start, end) in the same sentence, if its
    mention is closer than any mention of the section's own game."""
    pattern, names = _names_regex(knowledge)
    lo = start
    while lo > 0 and not SENTENCE_END.match(norm[lo - 1]) and start - lo < 200:
        lo -= 1
    hi = end
    while hi < len(norm) and not SENTENCE_END.match(norm[hi]) and hi - end < 200:
        hi += 1
    own = set(knowledge.family_line(section_game)) if section_game else set()
    best: tuple[int, str] | None = None
    own_dist = None
    subject: str | None = None
    for m in pattern.finditer(norm[lo:hi].casefold()):
        ms, me = lo + m.start(), lo + m.end()
        gid = _game_of(regex.sub(r"\s+", "", m.group()), names)
        if gid is None:
            continue
        dist = max(0, ms - end, start - me)
        if subject is None and me <= start and _cues()["copula"].match(norm, me):
            # "Китайский вист — это двойной болван для двух, трех или четырех человек": the
            # sentence is about its subject, not about the game it is likened to
            subject = gid
        if gid == section_game or gid in own:
            own_dist = dist if own_dist is None else min(own_dist, dist)
        elif dist <= near and not _compared(norm, ms, me) \
                and (section_game is None or _related(knowledge, gid, section_game)) \
                and (best is None or dist < best[0]):
            best = (dist, gid)
    if subject and (subject == section_game or subject in own):
        return None  # "Preference is a simplified form of Vint, for three players"
    if subject and best and (section_game is None or _related(knowledge, subject, section_game)):
        return subject
    if best and (own_dist is None or best[0] < own_dist):
        return best[1]
    return None


def topic_game(norm: str, start: int, lower_bound: int, knowledge: Knowledge) -> str | None:
    """In an essay about several games (a history of the whist family), the game a passage is
    about: the last game named before `start` in its paragraph, else the game the paragraph
    before names most often. A sentence rarely repeats the name ("Это была старая английская
    игра, в которой ...")."""
    pattern, names = _names_regex(knowledge)
    para = norm.rfind("\n\n", lower_bound, start)
    para = lower_bound if para < 0 else para
    prev = norm.rfind("\n\n", lower_bound, max(lower_bound, para - 1))
    for lo, hi in ((para, start), (lower_bound if prev < 0 else prev, para)):
        last, count = None, {}
        for m in pattern.finditer(norm[lo:hi].casefold()):
            gid = _game_of(regex.sub(r"\s+", "", m.group()), names)
            if gid and not _compared(norm, lo + m.start(), lo + m.end()):
                last = gid
                count[gid] = count.get(gid, 0) + 1
        if last and hi == start:
            return last
        if count:
            return max(count, key=lambda g: (count[g], g == last))
    return None
