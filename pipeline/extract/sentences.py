"""Sentences, the unit a statement of a rule does not cross: ended by 。 . ! ? ; or a line end.
Cheap and language-agnostic; used to pick what to parse and where a game name still counts."""

from __future__ import annotations

import regex

# U+2029: a paragraph break of markup (ingest/markup.py)
SENTENCE_END = regex.compile(r"[。.!?！？;；\n\u2029]")
SENTENCE = regex.compile(r"[^。.!?！？;；\n\u2029]+[。.!?！？;；]?")
