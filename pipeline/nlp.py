"""spaCy language pipelines: a blank pipeline per language, built offline from installed
packages only (ja: SudachiPy; ru: pymorphy3 keeping every candidate lemma; en: lookup lemmas).
Which lemmas a language gets is its profile (`spacy: lemmas:`), not a branch here.

Two token extensions serve the token rules (pipeline/extract/token_rules.py):
  Token._.lemmas     every candidate lemma. A blank Russian pipeline has no tagger, so
                     pymorphy3 cannot choose between readings ("карты": карта; "сдавали":
                     сдавать): keep them all and let a pattern match any of them.
  Token._.is_number  the token is a number in this language (digits, kanji, number words in
                     any case), read by the language's NumberReader.
They are set by `annotate` after the pipeline runs, with the language object at hand, so the
pipeline needs no registered components and no global state.
"""

from __future__ import annotations

import spacy
from spacy.tokens import Doc, Token

# Sudachi rejects one text over ~49 KB (UTF-8); Japanese is 3 bytes a character.
SUDACHI_MAX_CHARS = 12000

# spaCy's extension registry is global by design: declare the attributes once per process.
if not Token.has_extension("lemmas"):
    Token.set_extension("lemmas", default=())
if not Token.has_extension("is_number"):
    Token.set_extension("is_number", default=False)


def build_pipeline(language) -> spacy.Language:
    """The blank pipeline of one language (a `pipeline.lang.Language`, which calls this lazily);
    `lookup` lemmas load the spacy-lookups-data tables (no download)."""
    nlp = spacy.blank(language.code)
    if language.profile.spacy.lemmas == "lookup":
        nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
        nlp.initialize()
    return nlp


def annotate(doc: Doc, language) -> Doc:
    """Candidate lemmas and number marks on every token."""
    numbers = language.numbers
    if language.profile.spacy.lemmas == "pymorphy3" and language.morph is not None:
        morph = language.morph
        for token in doc:
            word = numbers.fold(token.lower_)
            if not token.is_alpha:
                token._.lemmas = (word,)
                continue
            lemmas = sorted({numbers.fold(p.normal_form) for p in morph.parse(word)})
            token._.lemmas = tuple(lemmas) or (word,)
            token.lemma_ = lemmas[0] if lemmas else word
    else:
        # the lookup table is not always right ("number" -> "numb"): keep the word itself as well
        for token in doc:
            lemma = (token.lemma_ or token.lower_).lower()
            token._.lemmas = (lemma,) if lemma == token.lower_ else (lemma, token.lower_)
    for token in doc:
        token._.is_number = numbers.is_number(token.text)
    for token in doc[1:-1]:  # "thirty - two": one number across the hyphen
        if token.text == "-" and doc[token.i - 1]._.is_number and doc[token.i + 1]._.is_number:
            token._.is_number = True
    return doc


def texts_for_pipeline(text: str) -> list[tuple[int, str]]:
    """`text` cut into pieces a tokenizer accepts (Sudachi's input limit): (offset, piece)."""
    if len(text) <= SUDACHI_MAX_CHARS:
        return [(0, text)]
    return [(i, text[i:i + SUDACHI_MAX_CHARS]) for i in range(0, len(text), SUDACHI_MAX_CHARS)]


def word_lemmas(language, text: str) -> list[tuple[str, str]]:
    """The words of `text` (no spaces) with their dictionary forms, by the language's tokenizer.
    A tokenizer that wraps a morphological analyzer (spaCy's Japanese one wraps Sudachi) is read
    at its morphemes: the wrapper builds tags, readings and sub-tokens per token that a search
    index does not need, five times the time."""
    tokenizer = language.nlp.tokenizer
    analyzer = getattr(tokenizer, "tokenizer", None)
    out: list[tuple[str, str]] = []
    for _, piece in texts_for_pipeline(text):
        if hasattr(analyzer, "tokenize"):
            mode = getattr(tokenizer, "split_mode", None)
            morphemes = analyzer.tokenize(piece, mode) if mode is not None else analyzer.tokenize(piece)
            out.extend((m.surface(), m.dictionary_form()) for m in morphemes if m.surface().strip())
        else:
            out.extend((t.text, t.lemma_ or t.text) for t in tokenizer(piece) if not t.is_space)
    return out
