"""Passage roles: whether a sentence states a rule or is an example, advice or history.

A worked hand ("Suppose A holds…", 例えば, Например), strategy advice or a history sentence
states numbers that are not the game's rules. Its facts are kept, with their role, as evidence
a reader can check, but only rule and law facts enter comparisons and facet pages. The cue
words are each language profile's `statements: roles:`; an example cue counts where a sentence
or a paragraph opens ("Suppose…", "Example: …", 例：), the others anywhere in the sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.extract.sentences import sentence_bounds
from pipeline.patterns import BudgetedPattern, compile_pattern

RULE_ROLES = ("rule", "law")          # what comparisons and facet pages show
ROLE_ORDER = ("example", "strategy", "history", "other", "law")   # the first that a sentence cues wins
PARAGRAPH_END = compile_pattern(r"\n[ \t]*\n|\u2029")
OPENING = 24                           # an example cue this near a paragraph's start covers it
SENTENCE_REACH = 400                   # a sentence longer than this each way is cut
ROW = 40                               # a line this short is a table row, not prose
# where a sentence opens for its role: a clause after a semicolon goes on the sentence before it
# ("A would then gather up the first trick, announcing …; 4 for the point, 14 Aces, …")
FULL_STOP = compile_pattern(r"[。.!?！？\u2029]|\n(?![ \t]*\p{Ll})")
TABLE_LINE = 2 * ROW                   # lines above a row in the same table block are this short
SENTENCE_END = "。．.!?！？:："           # prose ends so; a table block's last row does not
# a hand shown by suits: two suit symbols or more, with ranks and stops only
SHOWN_HAND = compile_pattern(r"(?=(?:[^♠♣♥♦♡♢♤♧]*[♠♣♥♦♡♢♤♧]){2})[\s♠♣♥♦♡♢♤♧:;,.\-–—AKQJТКДВ\d]+")
SHOWN_HAND_CHARS = 200
ANNOUNCING_END = compile_pattern(r"[:：][-—–]*$")   # "… as follows:--", "次のとおり："
PROSE_LOOKBACK = 2                     # prose paragraphs read back for a worked-hand announcement
ANNOUNCEMENT_CHARS = 80                # a sentence this short naming an example, with no number, announces it
_DIGIT = compile_pattern(r"\d")
_COLON_NEXT = compile_pattern(r"\s*[:：]")
ANNOUNCING_SENTENCES = 2               # last sentences of a paragraph that may announce the next as an example


@dataclass(frozen=True)
class RoleCues:
    cues: dict[str, BudgetedPattern]
    worked: BudgetedPattern | None     # words announcing a worked hand whose score table follows
    # an example announced anywhere in its sentence: where the language puts the verb last
    # (「5人が参加していると仮定します」), "suppose" closes the sentence instead of opening it
    supposed: BudgetedPattern | None = None
    # words pointing on to what follows ("the following", 次の): an example so announced at the
    # end of a paragraph is the next paragraph
    following: BudgetedPattern | None = None


def role_cues(language) -> RoleCues:
    roles = language.profile.statements.roles
    worked = roles.get("worked")
    supposed = roles.get("supposed")
    following = roles.get("following")
    return RoleCues({role: compile_pattern("|".join(roles[role]), regex.IGNORECASE)
                     for role in ROLE_ORDER if roles.get(role)},
                    compile_pattern("|".join(worked), regex.IGNORECASE) if worked else None,
                    compile_pattern("|".join(supposed), regex.IGNORECASE) if supposed else None,
                    compile_pattern("|".join(following), regex.IGNORECASE) if following else None)


def role_of(text: str, start: int, end: int, cues: RoleCues) -> str:
    """The role of the sentence of text[start:end] (and of its paragraph, for an example)."""
    if not cues.cues:
        return "rule"
    lo, hi = sentence_bounds(text, start, end, SENTENCE_REACH)
    while lo < hi and text[lo].isspace():
        lo += 1
    sentence = text[lo:hi]
    stops = [m.end() for m in FULL_STOP.finditer(text, max(0, lo - SENTENCE_REACH), lo)]
    full = stops[-1] if stops else lo
    while full < lo and text[full].isspace():
        full += 1
    openings = (sentence[:OPENING], text[full:full + OPENING]) if full < lo else (sentence[:OPENING],)
    for role in ROLE_ORDER:
        pattern = cues.cues.get(role)
        # an example is announced where its sentence begins ("Suppose…", "For example, …", "A
        # holds…"); a passing "as in the example above" does not make a rule an example
        if pattern is not None and (any(pattern.search(o) for o in openings) if role == "example"
                                    else pattern.search(sentence)):
            return role
        if role == "example" and cues.supposed is not None and cues.supposed.search(sentence):
            return role
    # a paragraph that opens as an example is one throughout (not so advice or history: a
    # heading "for beginners" or "the 17th-century game" opens rules too)
    breaks = [m.end() for m in PARAGRAPH_END.finditer(text, max(0, start - 3000), start)]
    para = breaks[-1] if breaks else None
    if para is not None:
        while para < start and text[para].isspace():
            para += 1
        opening = text[para:min(start, para + OPENING)]
        example = cues.cues.get("example")
        if example is not None and example.search(opening):
            return "example"
    # the paragraph after a hand shown in suit symbols ("♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9.")
    # counts that hand; the paragraph after "Suppose the cards are distributed as follows:--" is
    # the supposed deal
    if para is not None and (_after_a_shown_hand(text, para) or _announced_before(text, para, cues)
                             or _announced_in_paragraph(text, para, lo, cues)):
        return "example"
    # a table row ("ポイント 3") after prose that announces worked hands is the hands'; a table
    # may run over several blocks, and one more paragraph may stand between ("計算方法は…")
    if cues.worked is not None and para is not None and len(row := sentence.strip()) <= ROW \
            and row[-1:].isdigit() and _table_block(text[para:lo]) \
            and any(cues.worked.search(p) for p in _prose_before(text, para, PROSE_LOOKBACK)):
        return "example"
    return "rule"


def _after_a_shown_hand(text: str, para: int) -> bool:
    before = [m.end() for m in PARAGRAPH_END.finditer(text, max(0, para - SHOWN_HAND_CHARS - 4), max(0, para - 1))]
    if not before:
        return False
    block = text[before[-1]:para].strip()
    return 0 < len(block) <= SHOWN_HAND_CHARS and bool(SHOWN_HAND.fullmatch(block))


def _announced_in_paragraph(text: str, para: int, lo: int, cues: RoleCues) -> bool:
    """An earlier sentence of the paragraph announces an example and states nothing itself ("A
    simple example will best explain this.", "We give an example."), or opens one ("For
    instance: Four are playing, …"), its cue closed by a colon: the sentences after it are the
    example's, to the paragraph's end."""
    example = cues.cues.get("example")
    if example is None or lo <= para:
        return False
    starts = [para, *(m.end() for m in FULL_STOP.finditer(text, para, lo))]
    for a, b in zip(starts, starts[1:], strict=False):
        said = text[a:b].strip()
        # (the cue's words, not a sentence opening as a worked hand does: "A は…" is an ace)
        if len(said) <= ANNOUNCEMENT_CHARS and example.search(" " + said, 1) and not _DIGIT.search(said):
            return True
        # an example opened by its cue and a colon runs on ("For instance: Four are playing, …");
        # a cue alone ("例えば、10、9、8、7は…") is one sentence's example
        if a > para and (cue := example.search(said[:OPENING])) and _COLON_NEXT.match(said, cue.end()):
            return True
    return False


def _announced_before(text: str, para: int, cues: RoleCues) -> bool:
    """The paragraph before ends in a sentence that announces an example and what follows it
    ("Suppose the cards are distributed as follows:--"), or one of its last sentences opens as an
    example that points on (`following`: "Take the following example, in which …. The separated
    cards show …")."""
    example = cues.cues.get("example")
    tail = text[max(0, para - SENTENCE_REACH):para].rstrip()
    if example is None:
        return False
    if ANNOUNCING_END.search(tail):
        stops = [m.end() for m in FULL_STOP.finditer(tail, 0, max(0, len(tail) - 3))]
        last = tail[stops[-1] if stops else 0:].strip()
        if example.search(last[:OPENING]) or (cues.supposed is not None and cues.supposed.search(last)):
            return True
    if cues.following is None:
        return False
    breaks = [m.end() for m in PARAGRAPH_END.finditer(tail)]
    tail = tail[breaks[-1] if breaks else 0:]
    starts = [0, *(m.end() for m in FULL_STOP.finditer(tail, 0, max(0, len(tail) - 1)))]
    return any(example.search(s[:OPENING]) and cues.following.search(s)
               for s in (tail[a:].lstrip() for a in starts[-ANNOUNCING_SENTENCES:]))


def _table_block(block: str) -> bool:
    return all(len(line) <= TABLE_LINE for line in block.splitlines())


def _prose_before(text: str, para: int, count: int) -> list[str]:
    """The last `count` prose paragraphs before `para`, skipping table blocks (short lines)."""
    starts = [0, *(m.end() for m in PARAGRAPH_END.finditer(text, max(0, para - 3000), max(0, para - 1)))]
    out: list[str] = []
    end = para
    for start in reversed(starts):
        if start >= end:
            continue
        block = text[start:end]
        end = start
        rows = block.strip()
        if rows and not (_table_block(rows) and rows[-1] not in SENTENCE_END):
            out.append(block)
            if len(out) == count:
                break
    return out
