"""Which game a fact belongs to. By default the game of the section it stands in; but a value
stated right next to the name of another game ("カードを4組使うルビコン・ベジーク", "in Rubicon
Piquet the game is 100") belongs to that game: a sub-case, a variant, a neighbour described in
passing."""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.extract.sentences import sentence_bounds
from pipeline.identify.index import game_index
from pipeline.patterns import BudgetedPattern, compile_pattern

NEAR = 12          # characters between a value and a game name that make it that game's
_CLOSING_MARKS = compile_pattern(r"[=_*’'\"»」』）)]*")
PARAGRAPH_OPENING = 60   # a variety named this near a paragraph's start makes the paragraph its
REACH = 200        # the longest stretch of a sentence read on each side of a value


@dataclass(frozen=True)
class Cues:
    """The words that name a game to compare it ("like Whist", "ホイストと同様", "a form of Vint")
    or make it a sentence's subject ("X — это", "X is a", "Xは"): `attribution:` in every
    language's profile, merged (a text may quote another language)."""

    before: BudgetedPattern
    after: BudgetedPattern
    copula: BudgetedPattern
    played: BudgetedPattern   # a game named as the one played: "играют в дурака" (group `name`)


def attribution_cues(knowledge) -> Cues:
    def alt(get) -> str:
        return "|".join(knowledge.languages.all_patterns(get)) or "(?!)"

    articles = "|".join(regex.escape(a) for a in knowledge.languages.all_patterns(lambda p: p.names.articles))
    article = rf"(?:(?:{articles})\s+)?" if articles else ""
    return Cues(compile_pattern(rf"(?:{alt(lambda p: p.attribution.compared_before)})\s*{article}$", regex.IGNORECASE),
                compile_pattern(rf"\s*(?:{alt(lambda p: p.attribution.compared_after)})", regex.IGNORECASE),
                compile_pattern(rf"\s*(?:{alt(lambda p: p.attribution.subject_copula)})", regex.IGNORECASE),
                compile_pattern(alt(lambda p: p.attribution.played), regex.IGNORECASE))


def _cues(knowledge) -> Cues:
    return knowledge.compiled(("attribution_cues",), lambda: attribution_cues(knowledge))


def _compared(cues: Cues, norm: str, ms: int, me: int) -> bool:
    """"like Whist", "ホイストと同様", "как в висте", "a form of Vint": a game named to compare, not to describe."""
    return bool(cues.before.search(norm[max(0, ms - 24):ms].casefold()) or cues.after.match(norm[me:me + 8]))


def _related(knowledge, a: str, b: str) -> bool:
    """Same family, or one descends from the other: a variant or neighbour described in passing."""
    ga, gb = knowledge.by_id.get(a), knowledge.by_id.get(b)
    if not ga or not gb:
        return False
    return ga.family == gb.family or bool(set(knowledge.family_line(a)) & set(knowledge.family_line(b)))


def game_named_near(norm: str, start: int, end: int, section_game: str | None, knowledge,
                    near: int = NEAR) -> str | None:
    """Another game named within NEAR characters of [start, end) in the same sentence, if its
    mention is closer than any mention of the section's own game."""
    index = game_index(knowledge)
    # every name, also one that is a scoring word (ピノクル the meld): such a name counts only as
    # a sentence's subject ("ピノクルの２人ゲームは…２４枚のカードを２組使う")
    pattern = index.mention_names[0]
    cues = _cues(knowledge)
    # the sentence around [start, end), at most REACH characters each way
    lo, hi = sentence_bounds(norm, start, end, REACH)
    own = set(knowledge.family_line(section_game)) if section_game else set()
    best: tuple[int, str] | None = None
    own_dist = own_first = None
    subject, subject_at = None, 0
    for m in pattern.finditer(norm[lo:hi].casefold()):
        ms, me = lo + m.start(), lo + m.end()
        gid = index.game_of_mention(m.group())
        if gid is None:
            continue
        dist = max(0, ms - end, start - me)
        # (a name's closing emphasis marks stand between it and its verb: "_=CHINESE BÉZIQUE=_ is")
        after = me + len(_CLOSING_MARKS.match(norm, me, me + 4).group())
        is_subject = me <= start and bool(cues.copula.match(norm, after, after + 80))
        if not is_subject and index.plain_mention(m.group()) is None:
            continue
        if subject is None and is_subject:
            subject_at = ms
            # "Китайский вист — это двойной болван для двух, трех или четырех человек": the
            # sentence is about its subject, not about the game it is likened to
            subject = gid
        if gid == section_game or gid in own:
            own_dist = dist if own_dist is None else min(own_dist, dist)
            own_first = ms if own_first is None else own_first
        elif dist <= near and not _compared(cues, norm, ms, me) \
                and (section_game is None or _related(knowledge, gid, section_game)) \
                and (best is None or dist < best[0]):
            best = (dist, gid)
    if subject and (subject == section_game or subject in own):
        return None  # "Preference is a simplified form of Vint, for three players"
    # "Chinese Bézique is Rubicon Bézique with six packs": the section's game named after the
    # subject is what the subject is likened to
    if subject and (best or own_dist is None or subject_at < own_first) \
            and (section_game is None or _related(knowledge, subject, section_game)):
        return subject
    if best and (own_dist is None or best[0] < own_dist):
        return best[1]
    if own_dist is None and subject is None:
        # "36 карт — такой колодой часто играют в дурака": the sentence names the game it is
        # played in, and not the section's own: its values are that game's
        played = _played_game(index, cues, norm, lo, hi)
        if played and played not in own:
            return played
    return None


def _played_game(index, cues: Cues, norm: str, lo: int, hi: int) -> str | None:
    """The known game [lo, hi) names as the one played (a `played` cue), its longest name first,
    a declined name in its dictionary form; not one named to compare."""
    for m in cues.played.finditer(norm, lo, hi):
        words = m.group("name").split()
        for n in range(len(words), 0, -1):
            name = " ".join(words[:n])
            for form in dict.fromkeys((name, index.nominative(name))):
                found = index.match(form, allow_prefix=False, allow_numeric=False)
                if found and found.method != "fuzzy" and not _compared(cues, norm, m.start("name"), m.end("name")):
                    return found.game_id
    return None


def paragraph_variety(norm: str, start: int, lower_bound: int, section_game: str | None, knowledge) -> str | None:
    """"In the variety known as All Fives, the Ten of trumps counts 10. Sixty-one points is game.":
    a paragraph that opens by naming a variety of the section's game (a game descending from it),
    not to compare it, is about that variety to its end."""
    if not section_game:
        return None
    para = max(norm.rfind("\n\n", lower_bound, start), norm.rfind("\u2029", lower_bound, start))
    para = lower_bound if para < 0 else para + 1
    index = game_index(knowledge)
    cues = _cues(knowledge)
    for m in index.mention_names[0].finditer(norm[para:min(start, para + PARAGRAPH_OPENING)].casefold()):
        if index.plain_mention(m.group()) is None or _compared(cues, norm, para + m.start(), para + m.end()):
            continue
        games = index.games_of_mention(m.group())
        before = index.name_key(norm[para:para + m.start()])
        if set(games) & set(knowledge.family_line(section_game)) \
                or any(k in before for k in index.keys_of_game(section_game)):
            return None   # "Loo is played in two ways, Three-card Loo and …": about the game itself
        variety = next((g for g in games if section_game in knowledge.family_line(g)[1:]), None)
        if variety:
            return variety
    return None


def topic_game(norm: str, start: int, lower_bound: int, knowledge) -> str | None:
    """In an essay about several games (a history of the whist family), the game a passage is
    about: the last game named before `start` in its paragraph, else the game the paragraph
    before names most often. A sentence rarely repeats the name ("Это была старая английская
    игра, в которой ...")."""
    index = game_index(knowledge)
    pattern = index.text_names[0]
    cues = _cues(knowledge)
    para = norm.rfind("\n\n", lower_bound, start)
    para = lower_bound if para < 0 else para
    prev = norm.rfind("\n\n", lower_bound, max(lower_bound, para - 1))
    for lo, hi in ((para, start), (lower_bound if prev < 0 else prev, para)):
        last, count = None, {}
        for m in pattern.finditer(norm[lo:hi].casefold()):
            gid = index.game_of_mention(m.group())
            if gid and not _compared(cues, norm, lo + m.start(), lo + m.end()):
                last = gid
                count[gid] = count.get(gid, 0) + 1
        if last and hi == start:
            return last
        if count:
            return max(count, key=lambda g: (count[g], g == last))
    return None


def named_stretches(chunk: str, knowledge) -> list[tuple[int, int]]:
    """Where in a section about no game a value can be attributed: whole paragraphs from the one
    before each game mention's sentence to the one after it (a value takes the game named in its
    sentence, `game_named_near`, or in its paragraph or the one before, `topic_game`). The rest
    of an essay, an almanac or an index, often most of a long book, is not read at all."""
    pattern = game_index(knowledge).mention_names[0]
    out: list[tuple[int, int]] = []
    for m in pattern.finditer(chunk.casefold()):
        lo = chunk.rfind("\n\n", 0, max(0, m.start() - REACH))
        lo = chunk.rfind("\n\n", 0, lo) if lo > 0 else -1   # the paragraph before, whole
        hi = chunk.find("\n\n", min(len(chunk), m.end() + REACH))
        hi = chunk.find("\n\n", hi + 2) if hi >= 0 else -1   # and the one after
        lo, hi = max(lo, 0), len(chunk) if hi < 0 else hi
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out
