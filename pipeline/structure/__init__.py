"""Structure: every text becomes one tree of blocks before any game is looked for.

Detectors (structure/detectors.py) find headings of every convention (structure/conventions.yaml:
markup title elements with their section nesting, Markdown, numbered, caps and small-caps lines,
run-in names, name lines over summary blocks), chrome (boilerplate, navigation), table rows,
list items, label–value lines and paragraphs. Segmentation and game finding read the tree."""

from __future__ import annotations

from pipeline.structure.blocks import BLOCK_KINDS, Block, BlockTree
from pipeline.structure.detectors import Lines, chrome_blocks, heading_blocks, keyed_groups, line_blocks
from pipeline.structure.headings import conventions_of, find_candidates
from schemas import Document

__all__ = ["BLOCK_KINDS", "Block", "BlockTree", "block_tree"]


def block_tree(doc: Document, knowledge) -> BlockTree:
    """The block tree of a document (annotate once: every later stage reads this)."""
    lines = Lines.of(doc)
    conventions = conventions_of(knowledge)
    cands = find_candidates(doc, list(lines.skip), conventions)
    cands += keyed_groups(lines)      # markup elements whose keys name the games
    headings = list(heading_blocks(lines, cands, conventions))
    whole_lines = {b.line - 1 for b in headings if not b.heading.inline}
    return BlockTree([*headings, *chrome_blocks(lines), *line_blocks(lines, whole_lines)])
