"""Heading candidates found by layout conventions (data in conventions.yaml)."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import regex
from pydantic import BaseModel, ConfigDict, field_validator

from pipeline.datafile import load_model
from pipeline.ingest.markup import PARAGRAPH
from pipeline.patterns import BudgetedPattern, compile_pattern
from pipeline.positions import split_lines
from schemas import Document

_PUNCTUATION = compile_pattern(r"[。、，,.:：]")
_SLOTS = compile_pattern(r"\{(CONTENTS|SENTENCE_END|LABELS|COUNTS|POINTS|SUBJECT_END|GAME_CUE|GAME_WORDS"
                         r"|NUMBERED_GAME|GAME_LEAD|PLAYED_GAME)\}")

_MARKERS = compile_pattern(r"\{(?:\d{1,4}|[ivxlcdm]{1,8})\}|\[\d{1,3}\]")


def _compile(v, flags: int):
    if not isinstance(v, str):
        return v
    try:
        return compile_pattern(v, flags)
    except regex.error as exc:
        raise ValueError(f"invalid regex: {exc}") from None


class Convention(BaseModel):
    """One layout convention of headings (conventions.yaml)."""

    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)

    name: str = ""
    line: BudgetedPattern | None = None
    inline: BudgetedPattern | None = None
    prev_blank: bool = False
    # the line above is blank or ends a sentence: not a sentence that wraps onto this line, nor
    # a title block's line (a paragraph's short last line, 「…記法」 over 「チェス」, is no heading)
    prev_closed: bool = False
    next_blank: bool = False
    next_nonblank: bool = False
    anywhere: bool = False
    game_only: bool = False
    max_chars: int = 200
    min_game_hits: int | None = None
    prev_short: int = 0
    variants_of_current: bool = False
    no_numeric: bool = False
    priority: int = 9          # when conventions propose the same heading, the lowest names it
    prefix_names: bool = False  # the heading may begin with a game's name and go on
    # the heading is the first words of a run-together paragraph ("Game 1: Pig For 3 or more
    # players …"): its name is the longest run of its first words that is a known game's name
    name_leads: bool = False
    # a run-in name: the game's own name exactly (no fuzzy match, no common word), and the rest
    # of its line speaks of a game (a profile's `names: game_words`): "Дурак. Эта игра …"
    runin_name: bool = False
    # the next line must match this (`{LABELS}`: every profile's summary labels, "Number of
    # players:", "Колода:", "人数"): a name line over a summary block
    next_line: BudgetedPattern | None = None
    # the line above must not match this: a label line above is the block this line is in
    # ("Количество игроков 2—8" over "Возраст не ограничен": a summary's row, not its title)
    prev_line_not: BudgetedPattern | None = None
    # not where a short line stands right above: a sentence under its own title line ("ピケ。" /
    # "ピケは2人用のゲームです。") is that title's text, the title is the heading
    not_under_title: bool = False
    # read only in a text with no other convention in use: running prose's game sentences
    # stand for headings where a text has none, never beside its headings
    fallback: bool = False
    # a heading of this convention that names no known game is a provisional game
    provisional_games: bool = False
    # ... only where its own text names cards or packs; else a part that is no game (a shop
    # listing's board game or toy)
    cards_named: bool = False
    # a convention of markup: in a markup text (ingest/markup.py) only these are read, its other
    # lines are element contents, not layout
    markup: bool = False
    # how a heading's depth is read: `flat` (every heading at depth 1: caps or title lines, whose
    # topics look like names), `markdown` (its #s), `markup` (an h-number or section nesting),
    # `numbered` (a title number's dotted parts), `keyed` (one depth per key prefix), `run_in`
    # (one below the part it opens in)
    depth: Literal["flat", "markdown", "markup", "numbered", "keyed", "run_in"] = "flat"

    @field_validator("next_line", "prev_line_not", mode="before")
    @classmethod
    def _next_line(cls, v):
        return _compile(v, regex.IGNORECASE)

    @field_validator("line", mode="before")
    @classmethod
    def _line(cls, v):
        return _compile(v, 0)

    @field_validator("inline", mode="before")
    @classmethod
    def _inline(cls, v):
        return _compile(v, regex.MULTILINE)


class ConventionsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    min_game_hits: int = 2
    contents_heading: str
    contents_prose_chars: int = 60
    not_heading: list[str] = []
    conventions: dict[str, Convention]


@dataclass(frozen=True)
class Conventions:
    """The heading conventions with the language profiles' words filled in."""

    min_game_hits: int
    by_name: dict[str, Convention]
    not_heading: tuple[BudgetedPattern, ...]
    contents: BudgetedPattern
    contents_prose_chars: int


CONVENTIONS_FILE = Path(__file__).parent / "conventions.yaml"
TITLE_ABOVE_CHARS = 30   # a title line over a paragraph is short


def conventions_of(knowledge) -> Conventions:
    """The heading conventions with the knowledge's language words, built once."""
    return knowledge.compiled(("conventions",), lambda: load_conventions(knowledge.languages))


def load_conventions(languages, path: Path = CONVENTIONS_FILE) -> Conventions:
    data = load_model(path, ConventionsFile)
    by_name = {name: c.model_copy(update={"name": name}) for name, c in data.conventions.items()}

    def words(get) -> str:
        return "|".join(regex.escape(w) for w in languages.all_patterns(get)) or "(?!)"

    def any_of(patterns: list[str]) -> str:
        return "|".join(f"(?:{p})" for p in patterns) or "(?!)"

    labels = [w for lang in languages for ws in lang.profile.statements.labels.values() for w in ws]
    units = [w for lang in languages for w in lang.profile.statements.units.get("players", [])]
    points = [w for lang in languages for w in [*lang.profile.statements.units.get("points", []),
                                                  *lang.profile.statements.item_units]]
    range_between = any_of(list(languages.all_patterns(lambda p: p.statements.range_between)))

    def scoped(patterns) -> str:   # "(?i)x" of one profile stays that profile's: "(?i:x)"
        return any_of([f"(?i:{p[4:]})" if p.startswith("(?i)") else p for p in patterns])

    fill = {"CONTENTS": words(lambda p: p.headings.contents), "SENTENCE_END": words(lambda p: p.headings.sentence_end),
            "LABELS": any_of(labels),
            # a count of players: "2 players", "2–4 игрока", "2〜4人" (a count of cards is as
            # often a score table's row: "12枚のカード、すべて勝ち 12")
            "COUNTS": rf"[1-9]\d*(?:(?:{range_between})\d+)?\s*(?:{any_of(units)})",
            "POINTS": any_of(points),
            # a sentence's subject said to be a game: "X is a …", "X — карточная игра", "Xは…カードゲーム"
            "SUBJECT_END": scoped(list(languages.all_patterns(lambda p: p.names.subject_end))),
            "GAME_CUE": scoped(list(languages.all_patterns(lambda p: p.names.game_cue))),
            "GAME_WORDS": scoped(list(languages.all_patterns(lambda p: p.names.game_words))),
            "NUMBERED_GAME": scoped(list(languages.all_patterns(lambda p: p.headings.numbered_game))),
            "GAME_LEAD": scoped(list(languages.all_patterns(lambda p: p.headings.game_lead))),
            "PLAYED_GAME": scoped(list(languages.all_patterns(lambda p: p.headings.played_game)))}

    def expand(pattern: str) -> str:
        return _SLOTS.sub(lambda m: fill[m.group(1)], pattern)

    for name in list(by_name):  # the slots of a pattern: the profiles' words
        for field, flags in (("next_line", regex.IGNORECASE), ("prev_line_not", regex.IGNORECASE),
                             ("inline", regex.MULTILINE)):
            pattern = getattr(by_name[name], field)
            if pattern is not None and _SLOTS.search(pattern.pattern):
                by_name[name] = by_name[name].model_copy(update={field: compile_pattern(
                    expand(pattern.pattern), flags)})

    return Conventions(data.min_game_hits, by_name, tuple(compile_pattern(expand(p)) for p in data.not_heading),
                       compile_pattern(expand(data.contents_heading), regex.IGNORECASE), data.contents_prose_chars)


@dataclass(frozen=True)
class Candidate:
    line: int          # 1-based line of the heading
    start: int         # ORIGINAL offsets of the heading text
    end: int
    title: str         # the heading as in the original text
    text: str          # normalized heading without page/footnote markers
    convention: str
    inline: bool       # a run-in or inline heading (the section starts inside the line)
    game_only: bool    # only counts when it names a game
    variants_only: bool = False  # only opens a sub-game of the game it stands in
    no_numeric: bool = False     # a bare number is not a game name here
    rest: str = ""               # the rest of the line after a run-in heading
    tier: str = ""               # what else sets its rank among headings (a keyed group's key prefix)


def contents_blocks(norm_lines: list[str], conventions: Conventions) -> list[tuple[int, int]]:
    """0-based [first, last) line ranges of contents/index lists (entries, not headings)."""
    pattern, prose = conventions.contents, conventions.contents_prose_chars
    page_ref = conventions.not_heading[0] if conventions.not_heading else None
    blocks = []
    i = 0
    while i < len(norm_lines):
        if pattern.search(clean_title(norm_lines[i])):
            j = i + 1
            while j < len(norm_lines) and len(clean_title(norm_lines[j])) <= prose:
                j += 1
            # the list ends with its last entry that carries a page number; a web page's menu has
            # none: it is the run of lines up to the first blank one
            last = max((k for k in range(i + 1, j) if page_ref and page_ref.search(clean_title(norm_lines[k]))),
                       default=None)
            if last is None:
                k = i + 1
                while k < j and clean_title(norm_lines[k]):
                    k += 1
                last = k - 1
            blocks.append((i + 1, last + 1))
            i = j
        else:
            i += 1
    return blocks


def not_heading(text: str, conventions: Conventions) -> bool:
    return any(p.search(text) for p in conventions.not_heading)


_SENTENCE_CLOSE = compile_pattern(r"[。.!?！？」』)）:：]\s*$")


def _closed(line: str) -> bool:
    """A line that no sentence or title runs on from: blank, or ended by a stop."""
    return _blank(line) or bool(_SENTENCE_CLOSE.search(line))


def _blank(s: str) -> bool:
    # A line holding only a page marker counts as blank for layout purposes.
    if "{" not in s and "[" not in s:
        return not s.strip()
    return not _MARKERS.sub("", s).strip()


def clean_title(text: str) -> str:
    return _MARKERS.sub("", text).strip()


def find_candidates(doc: Document, skip: list[tuple[int, int]], conv_set: Conventions) -> list[Candidate]:
    """Every heading candidate of every convention, outside the `skip` spans (boilerplate)."""
    conventions = conv_set.by_name
    text, norm = doc.text, doc.normalized
    if PARAGRAPH in norm:  # a markup text: its headings are its title elements
        conventions = {k: c for k, c in conventions.items() if c.markup}
    norm_lines = norm.split("\n")
    orig_lines = split_lines(text)
    norm_line_starts = [0]
    for ln in norm_lines[:-1]:
        norm_line_starts.append(norm_line_starts[-1] + len(ln) + 1)

    def skipped(offset: int) -> bool:
        return any(s <= offset < e for s, e in skip)

    in_contents = set()
    for a, b in contents_blocks(norm_lines, conv_set):
        in_contents.update(range(a, b))

    def short(i: int, limit: int) -> bool:
        t = clean_title(norm_lines[i]) if 0 <= i < len(norm_lines) else ""
        return 0 < len(t) <= limit and not _PUNCTUATION.search(t)

    above_short: dict[int, list[int]] = {}

    def before_short_run(i: int, limit: int) -> int:
        """The last line above line i that is not a short line (-1 if none). Computed once for
        all lines: walking back from every line of a run of short lines was quadratic."""
        if limit not in above_short:
            first, k = [], -1
            for j in range(len(norm_lines)):
                first.append(k)
                if not short(j, limit):
                    k = j
            above_short[limit] = first
        return above_short[limit][i]

    found: list[Candidate] = []
    for conv in conventions.values():
        if conv.line is not None:
            for i, nl in enumerate(norm_lines):
                stripped = clean_title(nl)
                if not stripped or len(stripped) > conv.max_chars:
                    continue
                if i in in_contents:
                    continue
                if conv.prev_blank and i > 0 and not _blank(norm_lines[i - 1]):
                    # a short running-title block may sit between the break and the heading
                    k = before_short_run(i, conv.prev_short) if conv.prev_short else i - 1
                    if not conv.prev_short or k == i - 1 or (k >= 0 and not _blank(norm_lines[k])):
                        continue
                # a line of a column of words ("Bound-less / Bow-ling / Brace-let"; "Rain-bow" first
                # under a break), not a title block over a heading: a short line under it, and one more
                # above or below
                if conv.prev_short and short(i + 1, conv.prev_short) and (
                        short(i + 2, conv.prev_short) or (i > 0 and not _blank(norm_lines[i - 1]))):
                    continue
                if conv.prev_closed and i > 0 and not _closed(norm_lines[i - 1]):
                    continue
                nxt = norm_lines[i + 1] if i + 1 < len(norm_lines) else ""
                if conv.next_blank and not _blank(nxt):
                    continue
                if conv.next_nonblank and _blank(nxt):
                    continue
                if conv.next_line is not None and not conv.next_line.search(nxt):
                    continue
                if conv.prev_line_not is not None and i > 0 and conv.prev_line_not.search(norm_lines[i - 1]):
                    continue
                if not conv.line.search(stripped) or not_heading(stripped, conv_set):
                    continue
                orig = orig_lines[i]
                lstart = doc.line_starts[i]
                lead = len(orig) - len(orig.lstrip())
                start, end = lstart + lead, lstart + len(orig.rstrip())
                if start >= end or skipped(start):
                    continue
                found.append(Candidate(i + 1, start, end, text[start:end], stripped, conv.name,
                                       False, conv.game_only, conv.variants_of_current, conv.no_numeric))
        if conv.inline is not None:
            for m in conv.inline.finditer(norm):
                ns = m.start()
                li = bisect_right(norm_line_starts, ns) - 1
                if li in in_contents:
                    continue
                if conv.prev_blank and (ns != norm_line_starts[li] or (li > 0 and not _blank(norm_lines[li - 1]))):
                    continue
                if conv.not_under_title and ns == norm_line_starts[li] and li > 0 \
                        and 0 < len(clean_title(norm_lines[li - 1])) <= TITLE_ABOVE_CHARS:
                    continue
                if conv.depth == "numbered" and _next_is_numbered(norm_lines, li):
                    continue   # "1. Skat." then "2. Skat.": items of a list, no section under them
                ts, te = m.span("title") if "title" in m.re.groupindex else m.span()
                start, end = doc.orig_span(ns, m.end())
                title_text = clean_title(norm[ts:te]).rstrip(".").strip()
                if skipped(start) or not title_text:
                    continue
                line_end = norm.find("\n", m.end())
                rest = norm[m.end():line_end if line_end >= 0 else len(norm)]
                found.append(Candidate(li + 1, start, end, text[start:end],
                                       title_text, conv.name,
                                       True, conv.game_only, conv.variants_of_current, conv.no_numeric, rest))
    found.sort(key=lambda c: (c.start, c.convention))
    return found


_NUMBERED_LINE = compile_pattern(r"[ \t]*\d{1,3}[.)．]")


def _next_is_numbered(lines: list[str], i: int) -> bool:
    """The next line with text after line i is numbered too: line i heads nothing."""
    for line in lines[i + 1:i + 4]:
        if not _blank(line):
            return bool(_NUMBERED_LINE.match(line))
    return False
