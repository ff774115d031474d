"""Sentences, the unit a statement of a rule does not cross: ended by 。 . ! ? ; or a line end
(unless the next line goes on in lower case).
Cheap and language-agnostic; used to pick what to parse and where a game name still counts."""

from __future__ import annotations

import regex

# U+2029: a paragraph break of markup (ingest/markup.py)
# a line broken inside a sentence (hard-wrapped text: "Выигрышем\nсчитается набор 21 очка")
# goes on when the next line begins with a lower-case letter
SENTENCE_END = regex.compile(r"[。.!?！？;；\u2029]|\n(?![ \t]*\p{Ll})")
SENTENCE = regex.compile(r"(?:[^。.!?！？;；\n\u2029]|\n(?=[ \t]*\p{Ll}))+[。.!?！？;；]?")
