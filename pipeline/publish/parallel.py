"""A translation's reader page with its original beside it: the two texts of a paired section
(see pipeline/align_editions.py) set side by side, one row per printed page, so that a reader
finds the original's sentence for each translated one without counting lines."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class PageRow:
    page: str | None
    translation: list = field(default_factory=list)   # reader Lines
    original: list = field(default_factory=list)


def original_section(ctx, section):
    """The original's section paired with this (top-level) section of a translation, or None."""
    pairs = ctx.original_pairs
    found = pairs.get(section.id)
    if not found:
        return None
    source_id, section_id = found
    return next((s for s in ctx.result.sections.get(source_id, []) if s.id == section_id), None)


def _by_page(lines: list, first_page: str | None) -> list[tuple[str | None, list]]:
    groups: list[tuple[str | None, list]] = [(first_page, [])]
    for line in lines:
        if line.page is not None and groups[-1][1]:
            groups.append((line.page, []))
        elif line.page is not None:
            groups[-1] = (line.page, groups[-1][1])
        groups[-1][1].append(line)
    return [g for g in groups if g[1]]


def page_rows(translation: list, t_page: str | None, original: list, o_page: str | None) -> list[PageRow]:
    """Both texts cut at their printed page marks and set in rows by page; a page only one text
    has gets a row of its own, in its place. Without page marks, one row holds both."""
    ts, os_ = _by_page(translation, t_page), _by_page(original, o_page)
    at = {label: i for i, (label, _) in enumerate(os_) if label is not None}
    if not any(label in at for label, _ in ts):
        return [PageRow(t_page, translation, original)]
    rows: list[PageRow] = []
    done = 0   # original groups placed so far
    for label, lines in ts:
        j = at.get(label)
        if j is not None and j >= done:
            rows += [PageRow(lbl, [], ls) for lbl, ls in os_[done:j]]
            rows.append(PageRow(label, lines, os_[j][1]))
            done = j + 1
        else:
            rows.append(PageRow(label, lines, []))
    rows += [PageRow(lbl, [], ls) for lbl, ls in os_[done:]]
    return rows
