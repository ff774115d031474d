"""Scoring lines: a line that is a label and the points it scores, in any of the layouts a score
table takes ("Five Brights = 15 points", "猪鹿蝶 300点", "五光 (ごこう) | 10点", "光…5点",
"Bonus For Going Out - 100 Points", "| 三光 | 5文 |", "Карета — 50 очков"). The item is the
registry's when the label names one; otherwise the label as written is the item (issue 29: a
hanafuda yaku list, a house's bonuses, a solitaire's moves are no registry's), with an id the
language can spell in Latin.

Only lines: a label in prose ("a pair scores two") is the phrase rules' job."""

from __future__ import annotations

from dataclasses import dataclass, replace

import regex

from pipeline.patterns import BudgetedPattern, compile_pattern

LABEL_CHARS = 40      # a scoring item's name is short
TAIL_CHARS = 30       # what may follow the points on the line: "each", a bracketed note
RUN_IN_WORDS = 4      # a run-in item's label, in words ("Double Pair Royal")
VALUED_WORDS = 5      # an item's phrase in a prose clause ("Cards in center of table")
NAME_LETTERS = 2      # the least letters of that phrase


@dataclass(frozen=True)
class ScoreLine:
    start: int        # offsets (in the text read) of the label's start and the points' end
    end: int
    label: str
    value: int
    gloss: str = ""   # a bracket after the label: its reading or its name in another language
    prose: bool = False   # a clause of a sentence, not a line of a list or a table


@dataclass(frozen=True)
class ScoreLineGrammar:
    line: BudgetedPattern
    numbers: object
    rank: BudgetedPattern      # a rank's name: a label of ranks is a card's points, not an item
    # (a script without spaces between words) the language's letters: a space after a name in
    # them parts a label's columns ("五光 20点札5枚" is the item five-brights and its cards)
    unspaced: BudgetedPattern | None = None
    # a run-in item: a sentence that opens with a label and a colon, then its points, the rest
    # of the sentence saying when ("Pair: 2 points for matching the previous card.")
    run_in: BudgetedPattern | None = None
    # a scoring clause in prose naming its item in a short phrase (`statements: valued:`), and
    # what makes a phrase no item's name: a person or a side (cue group `agent`), a verb that makes
    # it a clause (`clause_verb`: "holder is entitled to score one point")
    valued: tuple[BudgetedPattern, ...] = ()
    agent: BudgetedPattern | None = None
    # a phrase ending in a word for cards ("face cards", "each Skip card"): a class of cards, whose
    # points are the cards' values, no scoring item; unless a count opens it, a combination
    # ("четыре козырные картинки — 4 очка")
    cards_phrase: BudgetedPattern | None = None
    counted: BudgetedPattern | None = None


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
    # a list's mark or number ("1. Same4 (Teshi) : 6pt.", "b) Marriage = 20")
    bullet = r"(?:[-•・*●■◆▪︎]+[ \t]*|\|[ \t]*|(?:\d{1,3}|[a-z])[.)][ \t]+)?"
    reading = r"(?:[ \t]*[(（](?P<gloss>[^()（）\n]{1,24})[)）])?"            # 五光 (ごこう)
    # a column gap or dot leaders: the layout of a printed table, whose rows may end in a full stop
    # (atomic: the spaces of a gap are taken once, or a line of spaces backtracks for ever)
    leader = r"(?P<leader>(?>[ \t]*(?:\.{2,}|…+|‥+)[ \t.…‥]*|[ \t]{2,}))"
    # (in a script without spaces a name may touch its points: "五光75点"; not after a particle,
    # "親は10点" is prose)
    sep = rf"(?:{leader}|[ \t]*+(?:(?P<mark>[:：=＝]+|[-–—]+)|[…‥・|｜→]+|(?=[(（])|(?<=[)）]))[ \t]*+|[ \t]++" \
          rf"|(?P<glued>(?<=[\p{{Han}}\p{{Katakana}}\p{{Hiragana}}ー])(?<![はがをにでもとのへやかつ])(?=\d)))"
    value = rf"(?P<sign>[+＋\-−－]|(?:{negative})[ \t]*)?(?P<n>{num})"
    # the points and their unit, or a signed number alone ("+60", "-200": a move's score)
    points = rf"[(（]?[ \t]*(?:{value}[ \t]*(?P<unit>{unit})|(?P<signed>[+＋\-−－])(?P<n2>\d+))[ \t]*[)）]?"
    # "(雨札4枚)", "each"; a table row's further cells, however long
    note = rf"[(（][^()（）\n]{{0,{TAIL_CHARS}}}[)）]|[|｜][^\n]*|\p{{L}}{{1,8}}"
    # (a full stop may end a row after dot leaders or a label's colon, "Marriage: 20 points.";
    # not a sentence's: "The winner scores 20 points.")
    # a table row copied without its cells' separators: the next cell touches the points
    # ("三本(さんぼん)10点手札に同じ花が3枚"); kept only in a run of rows (`_flattened_rows`)
    row = r"(?P<row>(?<=\S)[\p{Han}\p{Katakana}ー][^\n]*)"
    tail = rf"(?P<tail>{row}|[ \t]*+(?:{note})?[ \t]*+(?(leader)[.。]?|(?(mark)[.。]?))[ \t]*+\|?[ \t]*+)$"
    label = rf"(?P<label>(?=[^\n]*\p{{L}})(?![ \t])[^\n|｜:：=＝…‥→]{{1,{LABEL_CHARS}}}?)"
    line = compile_pattern(rf"(?m)^[ \t]*+{bullet}{label}{reading}{sep}{points}{tail}", regex.IGNORECASE)
    # (at a line's start or after a sentence's end; the points end at a word's end)
    # (its label holds no sentence's end: the item opens the sentence after it)
    run_in_label = rf"(?P<label>(?=[^\n]*\p{{L}})(?![ \t])[^\n|｜:：=＝…‥→.!?。！？]{{1,{LABEL_CHARS}}}?)"
    run_in = compile_pattern(
        rf"(?m)(?:^|(?<=[.!?。！？][ \t]))[ \t]*+{bullet}{run_in_label}{reading}[ \t]*+(?P<mark>[:：])[ \t]*+{points}(?!\w)",
        regex.IGNORECASE)
    profile = language.profile
    # (the phrase holds no clause's mark and no bracket; a bracket after it is its gloss)
    phrase = r"(?P<label>[\p{L}\d][^\n.,;:!?。、，()（）|=]{0,40}?)" + reading
    # (the points with their unit; the groups of a signed number alone never take part)
    said = rf"(?:{value}[ \t]*(?P<unit>{unit}))(?P<n2>(?!))?(?P<signed>(?!))?"
    valued = tuple(compile_pattern("(?m)" + p.replace("{L}", phrase).replace("{P}", said), regex.IGNORECASE)
                   for p in st.valued)
    agents = [*(st.cues.get("agent") or []), *(st.cues.get("clause_verb") or [])]
    cards_phrase = compile_pattern(rf"(?:{'|'.join(st.card_words)})[\W_]*$", regex.IGNORECASE) if st.card_words else None
    unspaced = compile_pattern(profile.script) if not profile.spaced_words and profile.script else None
    # a rank with its determiner ("Each Ace", "各エース") is ranks all the same
    determiner = profile.card_points.determiner if profile.card_points else ""
    rank = compile_pattern(rf"(?:{determiner or '(?!)'})?(?:{vocab.token})", regex.IGNORECASE)
    return ScoreLineGrammar(line, language.numbers, rank, unspaced, run_in, valued,
                            compile_pattern("|".join(agents), regex.IGNORECASE) if agents else None, cards_phrase,
                            compile_pattern(rf"^(?:{num})(?!\w)", regex.IGNORECASE))


_SENTENCE_MARK = compile_pattern(r"[.。!?！？,，、;；]\s*\S")   # a label with a sentence inside is prose
_SHORT_WORDS = compile_pattern(r"\b\p{L}{1,3}\b|[^\p{L}]+")      # "from", "to", "и", brackets, dashes
# (in a script without spaces: a bracketed gloss, a particle; "藤島" is a name, not a short word)
_GLOSS_OR_PARTICLE = compile_pattern(r"[(（][^()（）]*[)）]|(?<!\p{Han})\p{Hiragana}{1,2}(?!\p{Han})|[^\p{L}]+")


def ranks_only(label: str, rank: BudgetedPattern, spaced: bool = True) -> bool:
    """The label names ranks and nothing else ("Ace", "10-K", "от Короля до Десятки", "A(エース)"):
    the line gives a card's points, read as card points or not at all."""
    rest = rank.sub(" ", label)
    return rest != label and not (_SHORT_WORDS if spaced else _GLOSS_OR_PARTICLE).sub("", rest).strip()


# (not a comma: "face up shows 2 points, and face down shows 10 points" is one sentence)
_ITEM_SEPARATOR = compile_pattern(r"[ \t]*[/／;；][ \t]*")


def _one_item_a_line(text: str, grammar: ScoreLineGrammar) -> str:
    """`text` with each line that lists several scoring items ("五光 10文/四光 8文/三光 5文",
    "Flush 5 points; straight 4 points") cut at its separators into lines of one item each (the
    same length: offsets hold); a line is cut only when every piece is a scoring line."""
    out = []
    for line in text.split("\n"):
        cuts = list(_ITEM_SEPARATOR.finditer(line))
        if cuts:
            bounds = [0, *(x for c in cuts for x in c.span()), len(line)]
            pieces = [line[bounds[i]:bounds[i + 1]] for i in range(0, len(bounds), 2)]
            if all((m := grammar.line.fullmatch(p)) and _read(m, grammar, p) for p in pieces):
                for c in reversed(cuts):
                    line = line[:c.start()] + "\n" * (c.end() - c.start()) + line[c.end():]
        out.append(line)
    return "\n".join(out)


def score_lines(text: str, grammar: ScoreLineGrammar | None) -> list[ScoreLine]:
    """Every scoring line of `text` (a section's normalized text)."""
    if grammar is None:
        return []
    cut = _one_item_a_line(text, grammar)
    read = [(m, line) for m in grammar.line.finditer(cut) if (line := _read(m, grammar, cut))]
    lines = [line for m, line in read if m.group("row") is None or _in_table(line, read, cut)]
    taken = [(x.start, x.end) for x in lines]
    # (a run-in label is a name of a few words: "The dealer says that a pair: 2 points" is prose)
    run_in = [x for m in (grammar.run_in.finditer(cut) if grammar.run_in else ())
              if (x := _read(m, grammar, cut)) and len(x.label.split()) <= RUN_IN_WORDS
              and not any(a < x.end and x.start < b for a, b in taken)]
    taken += [(x.start, x.end) for x in run_in]
    return sorted([*lines, *run_in, *_valued(cut, grammar, taken)], key=lambda x: x.start)


_DIGIT = compile_pattern(r"\d")


def _valued(text: str, grammar: ScoreLineGrammar, taken: list[tuple[int, int]]) -> list[ScoreLine]:
    """The scoring clauses of prose whose phrase is a short name, not a person or a side ("The
    queen of spades gives 13 points"; not "The dealer gets 2 points"), where no line was read."""
    out: list[ScoreLine] = []
    for pattern in grammar.valued:
        for m in pattern.finditer(text):
            x = _read(m, grammar, text)
            # (a number in the phrase makes it a condition, "2 points for making the total 15";
            # a rank in its bracket makes it a card's points, "А (Туз) – 1 очко")
            # (a letter alone names a player: "8 points for B")
            if x is None or len(x.label.split()) > VALUED_WORDS or _DIGIT.search(x.label) \
                    or sum(ch.isalnum() for ch in x.label) < NAME_LETTERS \
                    or (x.gloss and ranks_only(x.gloss, grammar.rank, grammar.unspaced is None)) \
                    or (grammar.agent is not None and grammar.agent.search(x.label)) \
                    or (grammar.cards_phrase is not None and grammar.cards_phrase.search(x.label)
                        and not (grammar.counted and grammar.counted.match(x.label))) \
                    or any(a < x.end and x.start < b for a, b in taken):
                continue
            out.append(replace(x, prose=True))
            taken.append((x.start, x.end))
    return out


TABLE_ROWS = 3        # scoring lines in one block that make it a table


def _in_table(line: ScoreLine, read: list, text: str) -> bool:
    """A row whose cells touch ("五光75点松に鶴…") is a table's only among other scoring lines
    of its block (the lines between blank lines): alone it may be a sentence ("10点獲得")."""
    lo = text.rfind("\n\n", 0, line.start)
    hi = text.find("\n\n", line.end)
    hi = len(text) if hi < 0 else hi
    return sum(lo < x.start and x.end <= hi for _, x in read) >= TABLE_ROWS


_UNOPENED = compile_pattern(r"^[^(（]*[)）]")          # "diamonds) reckons": its bracket opened a line above
_GLUED_PROSE = compile_pattern(r"\d|[(（][^)）]*$")
_LINE_STOP = compile_pattern(r"[.。:：!?！？]\s*$")


def _read(m: regex.Match, grammar: ScoreLineGrammar, text: str) -> ScoreLine | None:
    """The scoring line of a match, or None when its label is prose (a sentence mark, a clause's
    comma), ranks alone, or the end of a label wrapped from the line above ("The winner of Great
    Cassino (the ten of" / "diamonds) reckons … 2 points.")."""
    label = m.group("label").strip(" \t-–—•・*")
    if not label or _SENTENCE_MARK.search(label) or label[-1] in ",，、" \
            or ranks_only(label, grammar.rank, grammar.unspaced is None):
        return None
    above = text[:m.start()].rstrip(" \t").rsplit("\n", 2)
    wrapped = len(above) > 1 and above[-1] == "" and above[-2].strip() and not _LINE_STOP.search(above[-2])
    if _UNOPENED.search(label) or (wrapped and label[0].islower()):
        return None
    # a name touching its points has no number or open bracket of its own: "1枚増えるごとプラス1点",
    # "5文役(1つにつき5文)" are sentences
    if m.groupdict().get("glued") is not None and _GLUED_PROSE.search(label):
        return None
    if m.group("n") is not None:
        n = grammar.numbers.parse(m.group("n"))
        negative = bool(m.group("sign")) and m.group("sign").strip() not in "+＋"
    else:
        n, negative = int(m.group("n2")), m.group("signed") not in "+＋"
    if not n:   # (an item scoring nothing states nothing: "カス…0点", "他:0点")
        return None
    end = m.end("unit") if m.group("unit") else m.end("n2")
    # (a clause may give its points first: "100 points per red three")
    start = min(m.start("label"), m.start("n") if m.group("n") is not None else m.start("n2"))
    end = max(end, m.end("gloss") + 1 if m.group("gloss") else m.end("label"))
    return ScoreLine(start, end, name_column(label, grammar.unspaced), -n if negative else n,
                     m.group("gloss") or "")


def name_column(label: str, unspaced: BudgetedPattern | None) -> str:
    """The label's first column, where a space parts columns (a script without spaces, its name
    in that script): "五光 20点札5枚" -> "五光"; "Big Cassino" stays whole."""
    head = label.split(maxsplit=1)
    # (not after a particle: "これ以外の 絵札" is one phrase)
    return head[0] if unspaced is not None and len(head) > 1 and unspaced.search(head[0]) \
        and not _ENDS_IN_KANA.search(head[0]) else label


_ENDS_IN_KANA = compile_pattern(r"\p{Hiragana}$")
_FOOTNOTE = compile_pattern(r"\[\d{1,3}\]")
_SYMBOLS = compile_pattern(r"(?:[ \t]*[\p{So}\p{Sm}]+[ \t]*)+")
_READING_BRACKET = compile_pattern(r"[ \t]*[(（][^()（）]*[)）][ \t]*$")
_GLOSS_PARTS = compile_pattern(r"[/／,，、;；]")   # "Gokō/五光": a gloss's several names
_NOT_ID = compile_pattern(r"[^a-z0-9]+")
_ASCII_ID = compile_pattern(r"[a-z0-9_]+")
ID_CHARS = 40


def without_accents(text: str) -> str:
    """Each letter without its accents, one letter for one ("bézique" -> "bezique"): a name
    printed with an accent is the registry's without it; offsets stay those of `text`."""
    import unicodedata

    return "".join(unicodedata.normalize("NFKD", ch)[:1] or ch for ch in text)


def line_item(label: str, language, items: dict[str, str], gloss: str = "",
              any_items: dict[str, str] | None = None) -> str:
    """The registry's item a scoring line's label names (as written, or without a bracketed
    reading or note), or its gloss names in any language ("Bright5 (Gokō/五光)"), else an id
    spelt from the label: Latin letters as they are, another script through the profile's
    transliteration (Japanese through its reading first); a label no profile can spell gets
    a short hash."""
    import hashlib

    from pipeline.ingest.normalize import normalize

    label = _FOOTNOTE.sub("", label)     # "表菅原[3]": a footnote's mark
    label = _SYMBOLS.sub(" ", label).strip() or label    # "Пиковая ♠дама": a suit's sign
    bare = _READING_BRACKET.sub("", label).strip()
    words = bare.split()
    # the label as written, without its bracket, or its last words ("For a pair royal")
    for said in (label, bare, *(" ".join(words[i:]) for i in range(1, len(words) - 1))):
        key = said.strip().lower()
        for k in dict.fromkeys((key, key.replace(" ", ""), without_accents(key))):
            if k in items:
                return items[k]
    # (a name of another language only: a gloss in the text's own language is an alias that may
    # say more, 「松桐坊主(三光)」 is one set of three brights, not the item 三光)
    glosses = [gloss, *(b.strip(" \t(（)）") for b in _READING_BRACKET.findall(label))]
    for part in (p.strip().lower() for g in glosses for p in _GLOSS_PARTS.split(g) if p.strip()):
        if part in (any_items or {}) and part not in items:
            return any_items[part]
    text = normalize(_READING_BRACKET.sub("", label)).casefold()
    if not text.isascii():
        text = (language.reading(text) or text).casefold() if language.profile.names.by_reading else text
        table = language.profile.transliteration
        text = "".join(table.get(ch, table.get(ch.upper(), ch)) for ch in text)
    text = without_accents(text) if not text.isascii() else text
    slug = _NOT_ID.sub("_", text).strip("_")[:ID_CHARS].strip("_")
    if slug and _ASCII_ID.fullmatch(slug) and text.isascii():
        return slug
    return "item_" + hashlib.sha1(label.encode("utf-8")).hexdigest()[:8]


_HEADING_MARKS = compile_pattern(r"^[\s#■□●◆◇▼▲★☆【\[「『*]+|[\s】\]」』*:：]+$")


def item_above(text: str, at: int, items: dict[str, str]) -> str | None:
    """The registry's item named by the line just above offset `at` (blank lines between
    allowed), when that line is the item's name and nothing else: a list of items, each a
    name over a line describing it with its points ("五光" over "光札の5枚の組み合わせ:10点")."""
    above = text[:text.rfind("\n", 0, at) + 1].rstrip().rsplit("\n", 1)[-1]
    key = _HEADING_MARKS.sub("", above).lower()
    return items.get(key) or items.get(key.replace(" ", "")) if key else None
