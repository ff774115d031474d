"""Boilerplate spans: text that is not the work (Gutenberg markers, uploader notes before them,
reader leftovers, mail headers). Recorded so later stages can skip them; nothing is deleted.

An end-of-text cue (a Gutenberg end marker, a reader's "Spotted a typo ... Tell us") ends the text
only where the text really ends: when what follows it is insubstantial. A cue with more text after
it (pages of a web reader run together, books concatenated into one file) is kept as a
`mid_text_<kind>` span: the line itself is still skipped, but the body goes on past it, and
`mid_text_warnings` reports it."""

from __future__ import annotations

import regex

from pipeline.patterns import BudgetedPattern, compile_pattern
from pipeline.positions import LINE_END, Covered, line_of
from schemas import BoilerplateSpan

# Kinds after which the segmenter ends the body (pipeline/segment `segment_document`).
ENDING_KINDS = ("gutenberg_end", "trailer", "reader_leftover")
# An ending cue kept in the middle of the text gets this prefix: it is skipped, but ends nothing.
MID_TEXT = "mid_text_"
# What may follow the cue that really ends a text, in non-blank lines and characters, not counting
# other boilerplate, blank lines or bare links: a reader's navigation and copyright lines ...
TAIL_LINES, TAIL_CHARS = 12, 1_500
# ... or, after a closing marker (a kind `*_end`, as the Gutenberg end marker), a licence: the
# Project Gutenberg licence is about 350 lines / 20,000 characters; a closing marker followed by a
# new opening marker (`*_start`) or by more than this is a boundary inside the text.
LICENCE_LINES, LICENCE_CHARS = 800, 60_000
_LINK_LINE = compile_pattern(r"(?:<?(?:https?://|www\.)\S+>?\s*)+")
_WARNING = "a trailer-like line in the middle of the text was kept as body"
# A site's menu: the lines next to a navigation line ("Главная", "Home") that are the labels of
# links (a word or three, no sentence), with nothing but blank lines between them. A short line
# over prose is a heading, not a menu entry: the menu ends before it.
MENU_ITEM_CHARS, MENU_ITEM_WORDS, MENU_MIN_ITEMS = 40, 3, 4
_SENTENCE_MARK = compile_pattern(r"[.!?。:;,、]")


def _compiled(languages) -> dict[str, list[BudgetedPattern]]:
    """`boilerplate:` patterns of every language profile, by kind."""
    out: dict[str, list[BudgetedPattern]] = {}
    for lang in languages:
        for kind, patterns in lang.profile.boilerplate.items():
            out.setdefault(kind, []).extend(compile_pattern(p, regex.MULTILINE) for p in patterns)
    return out


def _body_start(text: str, spans: list[tuple[str, int, int]]) -> int:
    """Where the body begins once boilerplate at the very top is skipped (as the segmenter does)."""
    body_start = 0
    lead = [s for s in spans if s[1] <= body_start]
    while lead:
        body_start = max(e for _, _, e in lead)
        while body_start < len(text) and text[body_start].isspace():
            body_start += 1
        lead = [s for s in spans if s[1] <= body_start < s[2] or s[1] == body_start]
    return body_start


def _substantial(text: str, start: int, end: int, covered: Covered, max_lines: int, max_chars: int) -> int:
    """Non-blank lines of text[start:end] that are neither boilerplate nor bare links, or 0 when
    they stay within `max_lines` lines and `max_chars` characters (reading stops past the limit)."""
    lines = chars = 0
    pos = start
    while pos < end:
        nl = LINE_END.search(text, pos, end)
        stop = end if nl is None else nl.start()
        line = text[pos:stop]
        body = line.strip()
        if body:
            lead = pos + len(line) - len(line.lstrip())
            if not covered(lead, lead + len(body)) and not _LINK_LINE.fullmatch(body):
                lines += 1
                chars += len(body)
                if lines > max_lines or chars > max_chars:
                    return lines
        pos = end if nl is None else nl.end()
    return 0


def _place_ending_cues(text: str, spans: list[tuple[str, int, int]]) -> tuple[list[tuple[str, int, int]], int | None]:
    """Relabel the ending cues that have substantial text after them as mid-text; return the spans
    and the end of the closing marker that ends the text (its licence follows), if any."""
    body_start = _body_start(text, spans)
    covered = Covered((s, e) for _, s, e in spans)
    cues = sorted((s for s in spans if s[0] in ENDING_KINDS and s[1] > body_start), key=lambda t: -t[1])
    tail = len(text)  # where the text really ends, so far
    closing_end = None
    kept: set[tuple[str, int, int]] = set()
    for cue in cues:
        kind, start, end = cue
        if kind.endswith("_end"):
            opening = kind[: -len("_end")] + "_start"
            reopened = any(k == opening and end <= s < tail for k, s, _ in spans)
            more = reopened or _substantial(text, end, tail, covered, LICENCE_LINES, LICENCE_CHARS)
        else:
            more = _substantial(text, end, tail, covered, TAIL_LINES, TAIL_CHARS)
        if more:
            kept.add(cue)
            continue
        tail = start
        if kind.endswith("_end"):
            closing_end = max(closing_end or end, end)
    # a cue judged kept but lying after the real end (in a licence) stays what it was
    out = [(MID_TEXT + k, s, e) if (k, s, e) in kept and s < tail else (k, s, e) for k, s, e in spans]
    return out, closing_end


def _menu_spans(text: str, spans: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """`site_menu` spans: the runs of link labels around each whole-line `site_chrome` span."""
    lines = []
    pos = 0
    for m in [*LINE_END.finditer(text), None]:
        stop = len(text) if m is None else m.start()
        body = text[pos:stop].strip()
        if body:
            lead = pos + len(text[pos:stop]) - len(text[pos:stop].lstrip())
            lines.append((lead, lead + len(body), body))
        pos = len(text) if m is None else m.end()

    chrome = [(s, e) for k, s, e in spans if k == "site_chrome"]

    def navigation(j: int) -> bool:
        return any(s <= lines[j][0] and lines[j][1] <= e for s, e in chrome)

    def item(j: int) -> bool:
        body = lines[j][2]
        return navigation(j) or len(body) <= MENU_ITEM_CHARS and len(body.split()) <= MENU_ITEM_WORDS \
            and not _SENTENCE_MARK.search(body)

    def entry(j: int) -> bool:    # a label whose next line is a label too (or nothing): no heading
        return navigation(j) or item(j) and (j + 1 == len(lines) or item(j + 1))

    out = []
    for i in range(len(lines)):
        if not navigation(i):
            continue
        lo, hi = i, i
        while lo > 0 and entry(lo - 1):
            lo -= 1
        while hi + 1 < len(lines) and entry(hi + 1):
            hi += 1
        if hi - lo + 1 >= MENU_MIN_ITEMS:
            out.append(("site_menu", lines[lo][0], lines[hi][1]))
    return out


def find_boilerplate(original: str, normalized: str, seg_norm: list[int], seg_orig: list[int],
                     seg_olen: list[int], line_starts: list[int], languages) -> list[BoilerplateSpan]:
    """Match the patterns on the normalized view; report spans in ORIGINAL offsets."""
    from schemas import Document

    view = Document.model_construct(text=original, normalized=normalized, seg_norm=seg_norm, seg_orig=seg_orig,
                                    seg_olen=seg_olen)
    spans: list[tuple[str, int, int]] = []
    for kind, patterns in sorted(_compiled(languages).items()):
        for pat in patterns:
            for m in pat.finditer(normalized):
                if m.end() > m.start():
                    spans.append((kind, *view.orig_span(m.start(), m.end())))
    spans += _menu_spans(original, spans)
    spans = sorted(set(spans), key=lambda t: (t[1], t[2], t[0]))
    first_start = min((s for k, s, _ in spans if k == "gutenberg_start"), default=None)
    if first_start is not None and original[:first_start].strip():
        spans.append(("preamble", 0, first_start))
    spans, last_end = _place_ending_cues(original, spans)
    if last_end is not None and original[last_end:].strip():
        spans.append(("trailer", last_end, len(original)))
    spans = sorted(set(spans), key=lambda t: (t[1], t[2], t[0]))
    return [BoilerplateSpan(kind=k, start=s, end=e, start_line=line_of(line_starts, s),
                            end_line=line_of(line_starts, max(s, e - 1)))
            for k, s, e in spans]


def mid_text_warnings(text: str, boilerplate: list[BoilerplateSpan], where: str) -> list[str]:
    """`where:line: ...` for each ending cue kept in the middle of the text."""
    out = []
    for b in boilerplate:
        if b.kind.startswith(MID_TEXT):
            line = text[b.start:b.end].strip()
            shown = line if len(line) <= 60 else line[:57] + "..."
            out.append(f"{where}:{b.start_line}: {_WARNING} ({shown!r}): more text follows it, so the text "
                       f"does not end there; only that line is skipped")
    return out
