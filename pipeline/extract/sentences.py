"""Sentences, the unit a statement of a rule does not cross: ended by 。 . ! ? ; or a line end.
Cheap and language-agnostic; used to pick what to parse and where a game name still counts."""

from __future__ import annotations

import regex

SENTENCE_END = regex.compile(r"[。.!?！？;；\n]")
SENTENCE = regex.compile(r"[^。.!?！？;；\n]+[。.!?！？;；]?")
