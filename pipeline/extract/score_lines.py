"""Scoring lines: a line that is a label and the points it scores, in any of the layouts a score
table takes ("Five Brights = 15 points", "猪鹿蝶 300点", "五光 (ごこう) | 10点", "光…5点",
"Bonus For Going Out - 100 Points", "| 三光 | 5文 |", "Карета — 50 очков"). The item is the
registry's when the label names one; otherwise the label as written is the item (issue 29: a
hanafuda yaku list, a house's bonuses, a solitaire's moves are no registry's), with an id the
language can spell in Latin.

Only lines: a label in prose ("a pair scores two") is the phrase rules' job."""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.patterns import BudgetedPattern, compile_pattern

LABEL_CHARS = 40      # a scoring item's name is short
TAIL_CHARS = 30       # what may follow the points on the line: "each", a bracketed note


@dataclass(frozen=True)
class ScoreLine:
    start: int        # offsets (in the text read) of the label's start and the points' end
    end: int
    label: str
    value: int


@dataclass(frozen=True)
class ScoreLineGrammar:
    line: BudgetedPattern
    numbers: object
    rank: BudgetedPattern      # a rank's name: a label of ranks is a card's points, not an item


def score_line_grammar(language, vocab) -> ScoreLineGrammar | None:
    """The scoring-line pattern of a language: its number words and its points units
    (`statements: units: points:` and `statements: item_units:`); `vocab` the rank names."""
    st = language.profile.statements
    units = [*st.units.get("points", []), *st.item_units]
    if not units:
        return None
    num = language.numbers.pattern
    negative = "|".join(language.profile.numbers.negative) or "(?!)"
    unit = "|".join(units)
    bullet = r"(?:[-•・*●■◆▪︎]+[ \t]*|\|[ \t]*)?"
    reading = r"(?:[ \t]*[(（][^()（）\n]{1,24}[)）])?"            # 五光 (ごこう)
    sep = r"[ \t]*(?:[:：=＝…‥・|｜→]+|[-–—]+|\.{2,}|(?=[(（])|(?<=[)）])|[ \t])[ \t]*"
    value = rf"(?P<sign>[+＋\-−－]|(?:{negative})[ \t]*)?(?P<n>{num})"
    # the points and their unit, or a signed number alone ("+60", "-200": a move's score)
    points = rf"[(（]?[ \t]*(?:{value}[ \t]*(?P<unit>{unit})|(?P<signed>[+＋\-−－])(?P<n2>\d+))[ \t]*[)）]?"
    note = rf"[(（][^()（）\n]{{0,{TAIL_CHARS}}}[)）]|[|｜][^\n]{{0,{TAIL_CHARS}}}|\p{{L}}{{1,8}}"   # "(雨札4枚)", "each"
    tail = rf"(?P<tail>[ \t]*(?:{note})?[ \t]*\|?[ \t]*)$"
    label = rf"(?P<label>(?=[^\n]*\p{{L}})[^\n|｜:：=＝…‥→]{{1,{LABEL_CHARS}}}?)"
    line = compile_pattern(rf"(?m)^[ \t]*{bullet}{label}{reading}{sep}{points}{tail}", regex.IGNORECASE)
    return ScoreLineGrammar(line, language.numbers, compile_pattern(vocab.token, regex.IGNORECASE))


_SENTENCE_MARK = compile_pattern(r"[.。!?！？,，、;；]\s*\S")   # a label with a sentence inside is prose
_SHORT_WORDS = compile_pattern(r"\b\p{L}{1,3}\b|[^\p{L}]+")      # "from", "to", "и", brackets, dashes


def _ranks_only(label: str, rank: BudgetedPattern) -> bool:
    """The label names ranks and nothing else ("Ace", "10-K", "от Короля до Десятки", "A(エース)"):
    the line gives a card's points, read as card points or not at all."""
    rest = rank.sub(" ", label)
    return rest != label and not _SHORT_WORDS.sub("", rest).strip()


def score_lines(text: str, grammar: ScoreLineGrammar | None) -> list[ScoreLine]:
    """Every scoring line of `text` (a section's normalized text)."""
    if grammar is None:
        return []
    out = []
    for m in grammar.line.finditer(text):
        label = m.group("label").strip(" \t-–—•・*")
        if not label or _SENTENCE_MARK.search(label) or _ranks_only(label, grammar.rank):
            continue
        if m.group("n") is not None:
            n = grammar.numbers.parse(m.group("n"))
            negative = bool(m.group("sign")) and m.group("sign").strip() not in "+＋"
        else:
            n, negative = int(m.group("n2")), m.group("signed") not in "+＋"
        if n is None:
            continue
        end = m.end("unit") if m.group("unit") else m.end("n2")
        out.append(ScoreLine(m.start("label"), end, label, -n if negative else n))
    return out


_READING_BRACKET = compile_pattern(r"[ \t]*[(（][^()（）]*[)）][ \t]*$")
_NOT_ID = compile_pattern(r"[^a-z0-9]+")
_ASCII_ID = compile_pattern(r"[a-z0-9_]+")
ID_CHARS = 40


def line_item(label: str, language, items: dict[str, str]) -> str:
    """The registry's item a scoring line's label names (as written, or without a bracketed
    reading or note), else an id spelt from the label: Latin letters as they are, another
    script through the profile's transliteration (Japanese through its reading first);
    a label no profile can spell gets a short hash."""
    import hashlib

    from pipeline.ingest.normalize import normalize

    for said in (label, _READING_BRACKET.sub("", label)):
        key = said.strip().lower()
        if key in items or key.replace(" ", "") in items:
            return items.get(key) or items[key.replace(" ", "")]
    text = normalize(_READING_BRACKET.sub("", label)).casefold()
    if not text.isascii():
        text = (language.reading(text) or text).casefold() if language.profile.names.by_reading else text
        table = language.profile.transliteration
        text = "".join(table.get(ch, table.get(ch.upper(), ch)) for ch in text)
    slug = _NOT_ID.sub("_", text).strip("_")[:ID_CHARS].strip("_")
    if slug and _ASCII_ID.fullmatch(slug) and text.isascii():
        return slug
    return "item_" + hashlib.sha1(label.encode("utf-8")).hexdigest()[:8]
