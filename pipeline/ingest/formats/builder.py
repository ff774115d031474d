"""The derived text of a non-text file, written block by block with its map: every run of
characters taken from the file gets a `SourceSpan` naming where it came from; what the reader
writes itself (block breaks, `{12}` page marks, `# ` before a heading, `- ` before a list item)
gets none, so a citation into the derived text can always be traced to the file or known to be
the reader's own."""

from __future__ import annotations

from schemas import SourceSpan


class TextBuilder:
    def __init__(self) -> None:
        self._parts: list[str] = []
        self._length = 0
        self.spans: list[SourceSpan] = []
        self.page_labels: list[str] = []
        self._pending_space = False
        self._since_page = -1

    def _write(self, text: str) -> None:
        self._parts.append(text)
        self._length += len(text)

    @property
    def at_line_start(self) -> bool:
        return not self._parts or self._parts[-1].endswith("\n")

    def _ends_with_space(self) -> bool:
        return bool(self._parts) and self._parts[-1][-1:] in (" ", "\n")

    def text(self, chunk: str, locator: str) -> None:
        """Characters taken from the file (already whitespace-collapsed by the reader)."""
        if not chunk:
            return
        if self._pending_space and not self.at_line_start and not (_joins(self._parts[-1][-1], chunk[0])):
            self._write(" ")
        self._pending_space = False
        start = self._length
        self._write(chunk)
        if self.spans and self.spans[-1].end == start and self.spans[-1].locator == locator:
            self.spans[-1] = SourceSpan(start=self.spans[-1].start, end=self._length, locator=locator)
        else:
            self.spans.append(SourceSpan(start=start, end=self._length, locator=locator))

    def space(self) -> None:
        """One space between inline runs, written only if more text follows on the line (never at
        a line start, never doubled, never between two CJK characters: a line break inside
        Japanese markup is not a word break)."""
        if self._parts and not self._ends_with_space():
            self._pending_space = True

    def mark(self, literal: str) -> None:
        """The reader's own characters (a heading's `# `, a list item's `- `, a cell's ` | `)."""
        self._pending_space = False
        self._write(literal)

    def end_line(self) -> None:
        self._pending_space = False
        if self._parts and not self.at_line_start:
            self._write("\n")

    def end_block(self) -> None:
        """A blank line after the block just written (blocks are paragraphs to the segmenter)."""
        self.end_line()
        # no blank line after a page mark: the mark belongs to the paragraph that follows it
        if self._parts and not "".join(self._parts[-2:]).endswith("\n\n") and not self._page_line():
            self._write("\n")

    def _page_line(self) -> bool:
        return bool(self._parts) and self._parts[-1].startswith("{") and self._parts[-1].endswith("}\n")

    def page(self, label: str) -> None:
        """A printed page begins here: a `{label}` mark, as Gutenberg-style texts mark pages; on a
        line of its own unless the page turns inside a sentence (then inline, spaced)."""
        if self.page_labels and self.page_labels[-1] == label and self._since_page == self._length:
            return   # one page told twice (an anchor and a page-number span side by side)
        self.page_labels.append(label)
        if self.at_line_start:
            self._pending_space = False
            self._write("{" + label + "}\n")
        else:
            self._write(" {" + label + "}")
            self._pending_space = True
        self._since_page = self._length

    def result(self) -> str:
        text = "".join(self._parts).rstrip("\n") + "\n"
        return text


def _cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\uff00" <= ch <= "\uffef"


def _joins(before: str, after: str) -> bool:
    """No space between these two characters (both CJK)."""
    return _cjk(before) and _cjk(after)
