"""Boilerplate spans: text that is not the work (Gutenberg markers, uploader notes before them,
reader leftovers, mail headers). Recorded so later stages can skip them; nothing is deleted."""

from __future__ import annotations

import regex

from pipeline.positions import line_of
from schemas import BoilerplateSpan


def _compiled(languages) -> dict[str, list[regex.Pattern]]:
    """`boilerplate:` patterns of every language profile, by kind."""
    out: dict[str, list[regex.Pattern]] = {}
    for lang in languages:
        for kind, patterns in lang.profile.boilerplate.items():
            out.setdefault(kind, []).extend(regex.compile(p, regex.MULTILINE) for p in patterns)
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
    first_start = min((s for k, s, _ in spans if k == "gutenberg_start"), default=None)
    if first_start is not None and original[:first_start].strip():
        spans.append(("preamble", 0, first_start))
    last_end = max((e for k, _, e in spans if k == "gutenberg_end"), default=None)
    if last_end is not None and original[last_end:].strip():
        spans.append(("trailer", last_end, len(original)))
    spans = sorted(set(spans), key=lambda t: (t[1], t[2], t[0]))
    return [BoilerplateSpan(kind=k, start=s, end=e, start_line=line_of(line_starts, s),
                            end_line=line_of(line_starts, max(s, e - 1)))
            for k, s, e in spans]
