"""Card-point statements written as prose, read one sentence at a time:

    "the Ace being reckoned for 11, other court cards for 10 each, and the 7 8 9 10 for their
     face value"                                   -> A 11, K Q J 10, 10 10, 9 9, 8 8, 7 7
    "3 2 A K Q J, have a counting value, the Ace being worth 3, and the others 1 each"
                                                   -> A 3, 3 1, 2 1, K 1, Q 1, J 1

A sentence gives a point map when it makes two or more assignments (or one to several ranks
"each"). Subjects are ranks, rank lists, named groups of ranks ("court cards", from the
language's `card_points.groups`) or "the others" (the ranks of a list named earlier in the
sentence that got no value yet). A value is a number or "face value" (a numeral rank's own
number). The words are data: `card_points:` in pipeline/lang/<lang>/profile.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.extract.cards import RankVocabulary, parse_rank_list
from pipeline.extract.sentences import SENTENCE


@dataclass(frozen=True)
class PointStatement:
    start: int
    end: int
    points: dict[str, int]


@dataclass(frozen=True)
class PointGrammar:
    """One language's card-point statement grammar, compiled from its profile."""

    assignment: regex.Pattern
    rank_list: regex.Pattern
    groups: dict[str, list[str]]     # lower-cased group name -> rank codes
    face: regex.Pattern
    others: regex.Pattern
    each: regex.Pattern
    cue: regex.Pattern
    particular: regex.Pattern      # a suit name just before the subject: one card ("the spade Jack")


    numbers: object                # the language's NumberReader
    max_points: int                # a card's points; larger numbers are scores, not card values


def point_grammar(language, vocab: RankVocabulary, suits: tuple[str, ...], max_points: int) -> PointGrammar | None:
    """The grammar of `language` (None when its profile has no `card_points:`); `suits` are suit
    names, singular and plural, for telling a particular card ("the spade Jack") from a rank."""
    data = language.profile.card_points
    if data is None:
        return None
    sep = vocab.sep
    groups = {str(n).lower(): [str(r) for r in g.ranks] for g in data.groups.values() for n in g.names}
    group_alt = "|".join(regex.escape(n) for n in sorted(groups, key=len, reverse=True))
    tok = _rank_token(vocab.token)
    subject = (rf"(?P<subject>(?:{data.determiner})?(?:(?P<group>{group_alt})|(?P<others>{data.others})|"
               rf"(?P<ranks>{tok}(?:{sep}(?:{data.determiner})?{tok})*)))")
    num = language.numbers.pattern
    value = rf"(?P<value>(?P<n>{num})(?:\s*(?:{data.alternative})\s*{num})?|(?P<face>{data.face_value}))"
    assignment = regex.compile(rf"{subject}\s*(?P<link>{data.link})\s*{value}(?:\s*(?:{data.unit}))?"
                               rf"(?P<each>\s*(?:{data.each}))?", regex.IGNORECASE | regex.V0)
    rank_list = regex.compile(rf"{tok}(?:{sep}{tok}){{2,}}", regex.IGNORECASE | regex.V0)
    return PointGrammar(assignment, rank_list, groups, regex.compile(data.face_value, regex.IGNORECASE),
                        regex.compile(data.others, regex.IGNORECASE), regex.compile(data.each, regex.IGNORECASE),
                        regex.compile(data.cue, regex.IGNORECASE),
                        regex.compile(rf"(?<!\w)(?:{'|'.join(regex.escape(x) for x in suits) or '(?!)'})\s+$",
                                      regex.IGNORECASE),
                        language.numbers, max_points)


def _rank_token(vocab_token: str) -> str:
    """The rank token with its one- and two-letter codes (A, K, R, JK) matched as capitals only:
    in prose "a", "as" are words, not aces."""
    return regex.sub(r"\(\?:((?:[^()]|\\\(|\\\))+)\)\(\?:e\?s\)\?", _split_letters, vocab_token, count=1)


def _split_letters(m: regex.Match) -> str:
    names = m.group(1).split("|")
    letters = [n for n in names if regex.fullmatch(r"[A-Za-z]{1,2}", n)]
    words = [n for n in names if n not in letters]
    return (rf"(?:(?-i:{'|'.join(n.upper() for n in letters)})|(?:{'|'.join(words)})(?:e?s)?)"
            if letters else m.group())


def _ranks(text: str, vocab: RankVocabulary) -> list[str]:
    """Rank codes of a subject; a one-letter rank must be written as a capital ("a" is a word)."""
    out = []
    for m in regex.finditer(vocab.token, text, regex.IGNORECASE):
        if len(m.group().strip()) == 1 and m.group().strip().islower():
            continue
        out += parse_rank_list(m.group(), vocab)
    return out


def _elliptic(m: regex.Match, vocab: RankVocabulary) -> bool:
    """"…is worth 11, the Queen 12, and the King 13", "the others 1 each": a rank named by a word
    (or the others), with its article, may drop the verb it shares with the assignment before."""
    subject = m.group("subject").strip()
    if "," in m.group("link") or not subject.lower().startswith("the "):
        return False
    return bool(m.group("others")) or (bool(m.group("ranks")) and len(_ranks(subject, vocab)) == 1
                                       and len(subject.split()[-1]) > 2)


def point_statements(text: str, grammar: PointGrammar | None, vocab: RankVocabulary) -> list[PointStatement]:
    """Point maps stated in the sentences of `text`."""
    if grammar is None:
        return []
    out: list[PointStatement] = []
    for sentence in SENTENCE.finditer(text):
        if not grammar.cue.search(sentence.group()):
            continue  # cheap: no word that states a value
        points: dict[str, int] = {}
        spans: list[tuple[int, int]] = []
        several_each = False
        for m in grammar.assignment.finditer(sentence.group()):
            if not m.group("link").strip(" ,") and not _elliptic(m, vocab):
                continue  # "2 2 5 7", "K Q J 10 9": numbers next to ranks, not a statement
            if grammar.particular.search(sentence.group()[:m.start()]):
                continue  # "the spade Jack and deuce count 2 each": particular cards
            if m.group("group"):
                ranks = grammar.groups.get(m.group("group").lower().strip(), [])
            elif m.group("others"):
                lists = grammar.rank_list.findall(sentence.group()[:m.start()])
                named = _ranks(lists[-1], vocab) if lists else []
                ranks = [r for r in named if r not in points]
            else:
                ranks = _ranks(m.group("ranks"), vocab)
            if not ranks:
                continue
            for r in ranks:
                if m.group("face"):
                    value = int(r) if r.isdigit() else None
                else:
                    value = grammar.numbers.parse(m.group("n"))
                if value is not None and 0 <= value <= grammar.max_points:
                    points.setdefault(r, value)
            spans.append((sentence.start() + m.start(), sentence.start() + m.end()))
            several_each = several_each or (len(ranks) > 1 and bool(m.group("each")))
        if len(points) >= 2 and (len(spans) >= 2 or several_each):
            out.append(PointStatement(spans[0][0], spans[-1][1], points))
    return out
