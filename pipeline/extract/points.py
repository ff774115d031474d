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

from pipeline.extract.cards import MAX_LIST_ITEMS, RankVocabulary, parse_rank_list
from pipeline.extract.sentences import SENTENCE
from pipeline.patterns import BudgetedPattern, compile_pattern

_LETTER_CODE = compile_pattern(r"[A-Za-z]{1,2}")
_PLURAL_GROUP = compile_pattern(r"\(\?:((?:[^()]|\\\(|\\\))+)\)\(\?:e\?s\)\?")


@dataclass(frozen=True)
class PointStatement:
    start: int
    end: int
    points: dict[str, int]
    # "…, the rest at face value" ("それ以外＝額面") closes the list: the numeral ranks of the
    # game's pack not named count their face value (the pack is the game's, known to extract)
    rest_at_face: bool = False


@dataclass(frozen=True)
class PointGrammar:
    """One language's card-point statement grammar, compiled from its profile."""

    assignment: BudgetedPattern
    rank_list: BudgetedPattern
    groups: dict[str, list[str]]     # lower-cased group name -> rank codes
    face: BudgetedPattern
    others: BudgetedPattern
    each: BudgetedPattern
    cue: BudgetedPattern
    particular: BudgetedPattern      # a suit name just before the subject: one card ("the spade Jack")
    rest_sentence: BudgetedPattern   # a sentence of its own: "All other cards, including the Ace, retain their face value."


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
               rf"(?P<ranks>{tok}(?:{sep}(?:{data.determiner})?{tok}){{0,{MAX_LIST_ITEMS}}})))")
    num = language.numbers.pattern
    value = (rf"(?P<value>(?P<n>{num})(?![\d.])(?!\s*(?:{data.not_after}))(?:\s*(?:{data.alternative})\s*{num})?"
             rf"|(?P<face>{data.face_value}))")
    assignment = compile_pattern(rf"{subject}\s*(?P<link>{data.link})\s*{value}(?:\s*(?:{data.unit}))?"
                               rf"(?P<each>\s*(?:{data.each}))?", regex.IGNORECASE | regex.V0)
    rank_list = compile_pattern(rf"{tok}(?:{sep}{tok}){{2,{MAX_LIST_ITEMS}}}", regex.IGNORECASE | regex.V0)
    return PointGrammar(assignment, rank_list, groups, compile_pattern(data.face_value, regex.IGNORECASE),
                        compile_pattern(data.others, regex.IGNORECASE), compile_pattern(data.each, regex.IGNORECASE),
                        compile_pattern(data.cue, regex.IGNORECASE),
                        compile_pattern(rf"(?<!\w)(?:{'|'.join(regex.escape(x) for x in suits) or '(?!)'})\s+$",
                                      regex.IGNORECASE),
                        # (a printed book's line may wrap inside it: "All other cards," ⏎ "including
                        # the Ace, retain their face value.")
                        compile_pattern(rf"\s*(?:{data.determiner})?(?P<rest>(?:{data.others})"
                                        rf"(?:[^\n.;。]|\n(?![ \t]*\n)){{0,60}}?(?:{data.face_value}))",
                                        regex.IGNORECASE | regex.V0),
                        language.numbers, max_points)


ACE_FACE = 1   # an ace counted at its face value ("all other cards, including the Ace") is one pip


def _rest_sentence(text: str, end: int, after: regex.Match, grammar: PointGrammar) -> regex.Match | None:
    """The sentence right after a point map (ending at `end`) when it opens with "the others …
    at face value", in the same paragraph."""
    m = grammar.rest_sentence.match(text, after.start())
    return m if m and "\n\n" not in text[end:after.start()] else None


def _rank_token(vocab_token: str) -> str:
    """The rank token with its one- and two-letter codes (A, K, R, JK) matched as capitals only:
    in prose "a", "as" are words, not aces."""
    return _PLURAL_GROUP.sub(_split_letters, vocab_token, count=1)


def _split_letters(m: regex.Match) -> str:
    names = m.group(1).split("|")
    letters = [n for n in names if _LETTER_CODE.fullmatch(n)]
    words = [n for n in names if n not in letters]
    return (rf"(?:(?-i:{'|'.join(n.upper() for n in letters)})|(?:{'|'.join(words)})(?:e?s)?)"
            if letters else m.group())


def _ranks(text: str, vocab: RankVocabulary) -> list[str]:
    """Rank codes of a subject; a one-letter rank must be written as a capital ("a" is a word)."""
    out = []
    for m in compile_pattern(vocab.token, regex.IGNORECASE).finditer(text):
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
    sentences = list(SENTENCE.finditer(text))
    for i, sentence in enumerate(sentences):
        if not grammar.cue.search(sentence.group()):
            continue  # cheap: no word that states a value
        read = _sentence_points(sentence, grammar, vocab)
        if read is None:
            continue
        points, spans, rest_at_face = read
        end = spans[-1][1]
        rest = (_rest_sentence(text, sentence.end(), sentences[i + 1], grammar)
                if not rest_at_face and i + 1 < len(sentences) else None)
        if rest:   # "…, the 10 being worth ten points each. All other cards … retain their face value."
            rest_at_face, end = True, rest.end("rest")
            for r in _ranks(rest.group("rest"), vocab):
                points.setdefault(r, ACE_FACE if r == "A" else int(r) if r.isdigit() else None)
            points = {r: v for r, v in points.items() if v is not None}
        out.append(PointStatement(spans[0][0], end, points, rest_at_face=rest_at_face))
    return out


def _sentence_points(sentence, grammar: PointGrammar, vocab: RankVocabulary):
    """(points, spans, rest at face value) one sentence (a match over the text) assigns to two
    or more ranks in two or more assignments (or one "each" of several ranks); None otherwise."""
    points: dict[str, int] = {}
    spans: list[tuple[int, int]] = []
    several_each = rest_at_face = False
    listed: set[str] = set()   # ranks given a value as one of a list
    said, at = sentence.group(), sentence.start()
    for m in grammar.assignment.finditer(said):
        if not m.group("link").strip(" ,") and not _elliptic(m, vocab):
            continue  # "2 2 5 7", "K Q J 10 9": numbers next to ranks, not a statement
        if grammar.particular.search(said[:m.start()]):
            continue  # "the spade Jack and deuce count 2 each": particular cards
        ranks = _assigned_ranks(m, said, grammar, vocab, points)
        if ranks is None:   # "A 11, the court cards 10, the others at face value": the pack's other numerals
            rest_at_face = True
            spans.append((at + m.start(), at + m.end()))
            continue
        if not ranks:
            continue
        for r in ranks:
            value = (int(r) if r.isdigit() else None) if m.group("face") else grammar.numbers.parse(m.group("n"))
            if value is not None and 0 <= value <= grammar.max_points:
                if len(ranks) == 1 and r in listed:
                    points[r] = value   # "A, K, Q, J, 10 count 10, the ace 1": the exception after the list
                else:
                    points.setdefault(r, value)
        if len(ranks) > 1:
            listed.update(ranks)
        spans.append((at + m.start(), at + m.end()))
        several_each = several_each or (len(ranks) > 1 and bool(m.group("each")))
    if spans and any(not any(a <= at + o.start() < b for a, b in spans)
                     for o in grammar.others.finditer(said, spans[0][0] - at)):
        return None  # "V(J) 20, 9 14, the others as in plain suits": the others not read, the map incomplete
    if len(points) >= 2 and (len(spans) >= 2 or several_each):
        return points, spans, rest_at_face
    return None


def _assigned_ranks(m, said: str, grammar: PointGrammar, vocab: RankVocabulary, points: dict) -> list[str] | None:
    """The ranks an assignment gives its value to: a named group ("the court cards"), "the
    others" (the ranks of the last list before it not yet valued), or its own ranks; None for
    "the others at face value" with no list before it and values already read."""
    if m.group("group"):
        return grammar.groups.get(m.group("group").lower().strip(), [])
    if m.group("others"):
        lists = grammar.rank_list.findall(said[:m.start()])
        if not lists and m.group("face") and points:
            return None
        named = _ranks(lists[-1], vocab) if lists else []
        return [r for r in named if r not in points]
    return _ranks(m.group("ranks"), vocab)


_GLOSS = compile_pattern(r"[(（][^()（）]*[)）]")   # "K(キング)": a rank's gloss


@dataclass(frozen=True)
class TableGrammar:
    """Card points written as a list or table of rank–value pairs, in any language:
    "Туз 11 / 10 10 / Король 4", "ace. 11; 10. 10; king, 4", "Девятка — 0 очков, Валет — 2 очка",
    "J, Q, K has 10 points", "2〜9:数字のままの点数", "от Короля до Десятки — 10 очков"."""

    item: BudgetedPattern      # one pair: rank(s) or a range of ranks, a link, a number or face value
    gap: BudgetedPattern       # what may stand between two pairs of one list
    cue: BudgetedPattern       # words that say values follow ("Достоинство карт", 点数)
    etc: BudgetedPattern       # "etc.", "и т. д.": the numeral ranks not named count their face value
    rest_at_face: BudgetedPattern  # "…, the others at face value" just after the list
    order: list[str]         # rank codes, highest first: what a range of ranks spans
    max_points: int
    groups: dict[str, list[str]] = None   # lower-cased group name ("絵札") -> rank codes
    numbers: object = None     # the language's numbers: a value written in words ("A-One point")


def table_grammar(language, vocab: RankVocabulary, order: list[str], max_points: int) -> TableGrammar | None:
    st = language.profile.statements
    cues = st.cues.get("card_value")
    if not cues:
        return None
    tok = _rank_token(vocab.token)
    unit = vocab.points_unit or "(?!)"
    face = "|".join(st.cues.get("face_value") or ["(?!)"])
    # (a definition list: the value on the bulleted line after its ranks' bulleted line, a short
    # one: a lookbehind over a whole line would read a long line once per position)
    next_bullet = r"(?<=^[ \t]*[-•*][^\n]{0,60})[ \t]*\n[ \t]*[-•*][ \t]*"
    link = rf"(?:\s*(?:[—–:=：.]|-(?!\d)|{vocab.pair_link}|has|have)\s*|\s*,\s*|[ \t]+|{next_bullet})"
    and_ = "|".join(language.profile.words.and_) or "(?!)"
    sep = rf"[ \t]*(?:[,，、・/]|(?:{and_}))[ \t]*"   # a list of ranks on one line, with a written separator
    before = "|".join(st.range_before) or "(?!)"
    between = rf"[ \t]*(?:[〜~～\-–—]|(?:{'|'.join(st.range_between) or '(?!)'}))[ \t]*"
    data = language.profile.card_points
    groups = {str(n).lower(): [str(r) for r in g.ranks] for g in data.groups.values() for n in g.names} if data else {}
    group_alt = "|".join(regex.escape(n) for n in sorted(groups, key=len, reverse=True)) or "(?!)"
    # a rank may carry a gloss in brackets: "A(エース)", "K(キング)"; a named group of ranks ("絵札") may stand for ranks
    rank = rf"(?:{tok}(?:[(（][^()（）\n]{{1,8}}[)）])?|{group_alt})"
    subject = (rf"(?:(?:{before})\s*(?P<lo>{tok})\s*{between}\s*(?P<hi>{tok})|(?P<lo2>{tok}){between}(?P<hi2>{tok})"
               rf"|(?P<ranks>{rank}(?:{sep}{rank}){{0,{MAX_LIST_ITEMS}}}))")
    # (a number before a dash and a number is a range, no value: "2-9 | 2-9 по цифре на карте")
    value = (rf"(?:[(（]?\s*(?P<n>\+?\d{{1,2}})(?!\d)(?![ \t]*[-–—~〜][ \t]*\d)[ \t]*[)）]?(?:[ \t]*(?P<unit>{unit}))?"
             rf"|(?P<face>[^\n。.;]{{0,12}}?(?:{face})[^\n。.;,、]*)"
             # (a number in words only with its unit: "K-Four points", not "Ace - one of …")
             rf"|(?P<word>(?!\d)(?:{language.numbers.pattern}))[ \t]+(?P<unit>{unit}))")
    item = compile_pattern(rf"(?<![\w])(?:{subject}){link}{value}", regex.IGNORECASE | regex.V0)
    # (a row may end in a full stop: "Туз = 11 очков." / "Король = 4 очка.")
    return TableGrammar(item, compile_pattern(r"[ \t]*(?:[,;、，]|[.。]?[ \t]*\n)[\s•・*\-]*(?:etc\.?,?\s*)?$"),
                        compile_pattern("|".join(cues), regex.IGNORECASE),
                        compile_pattern("|".join(st.cues.get("etc") or ["(?!)"]), regex.IGNORECASE),
                        # after a comma, or as the list's next line or bullet ("• Низшие карты
                        # оцениваются по их номиналу.")
                        # (a short word or two may open it: "…, and all other cards are worth
                        # their face value", a sentence of its own: "The other cards …")
                        compile_pattern(rf"(?:[ \t]*[,;、，.。][ \t]*|[ \t]*\n[ \t]*(?:[-•・*●▪][ \t]*)?)"
                                        rf"(?:\p{{L}}{{1,4}}[ \t]+){{0,2}}(?:{'|'.join(st.cues.get('rest') or ['(?!)'])})"
                                        rf"[^\n。.;,、，]{{0,24}}?(?:{face})", regex.IGNORECASE),
                        list(order), max_points, groups, language.numbers)


def table_ranks(m: regex.Match, grammar: TableGrammar, vocab: RankVocabulary) -> list[str]:
    lo, hi = m.group("lo") or m.group("lo2"), m.group("hi") or m.group("hi2")
    if lo and hi:
        a, b = (parse_rank_list(lo, vocab) or [None])[0], (parse_rank_list(hi, vocab) or [None])[0]
        if a in grammar.order and b in grammar.order:
            i, j = sorted((grammar.order.index(a), grammar.order.index(b)))
            return grammar.order[i:j + 1]
        return []
    said = _GLOSS.sub(" ", m.group("ranks"))
    named = [r for name, ranks in (grammar.groups or {}).items() if name in said.lower() for r in ranks]
    return _ranks(said, vocab) + [r for r in named if r not in _ranks(said, vocab)]


def table_statements(text: str, grammar: TableGrammar | None, vocab: RankVocabulary) -> list[PointStatement]:
    """Point maps given as runs of two or more rank–value pairs giving three or more ranks. A
    pair linked by a comma needs pairs split by semicolons or lines ("A, K, Q, J, 10, 9" is a
    rank list); the run needs a points unit or a value cue just before it. A numeral rank
    "counts its face value" ("2〜9:数字のまま", "по номиналу"), and after "etc." every numeral
    rank not named does."""
    if grammar is None:
        return []
    out: list[PointStatement] = []
    run: list[regex.Match] = []

    def flush() -> None:
        if len(run) >= 2:
            points: dict[str, int] = {}
            for m in run:
                for r in table_ranks(m, grammar, vocab):
                    value = (int(r) if r.isdigit() else None) if m.group("face") \
                        else int(m.group("n").lstrip("+")) if m.group("n") else grammar.numbers.parse(m.group("word"))
                    if value is not None:
                        points.setdefault(r, value)
            start, end = run[0].start(), run[-1].end()
            seps = "".join(text[a.end():b.start()] for a, b in zip(run, run[1:], strict=False))
            comma_linked = any(m.group("n") and "," in text[max(m.end(g) for g in ("ranks", "hi", "hi2")):m.start("n")]
                               for m in run)
            cued = any(m.group("unit") for m in run) or grammar.cue.search(text, max(0, start - 120), start)
            numerals = [r for r in points if r.isdigit()]
            if grammar.etc.search(seps) and numerals and all(points[r] == int(r) for r in numerals):
                for r in grammar.order:
                    if r.isdigit():
                        points.setdefault(r, int(r))
            if (len(points) >= 3 and len(set(points.values())) >= 2 and cued
                    and all(0 <= v <= grammar.max_points for v in points.values())
                    and not (comma_linked and not any(c in seps for c in ";\n"))):
                rest = grammar.rest_at_face.match(text, end)
                out.append(PointStatement(start, rest.end() if rest else end, points, rest_at_face=bool(rest)))
        run.clear()

    for m in grammar.item.finditer(text):
        if run and not grammar.gap.match(text[run[-1].end():m.start()]):
            flush()
        run.append(m)
    flush()
    return out
