"""spaCy language pipelines: blank `ja` (SudachiPy), `ru` (pymorphy3, every candidate lemma) and
`en` (lookup lemmas), built offline from installed packages only; which lemmas a language gets
is its data (`spacy:` in pipeline/lang/<lang>.yaml), not a branch here.

Two token extensions serve the token rules (pipeline/extract/token_rules.py):
  Token._.lemmas     every candidate lemma. A blank Russian pipeline has no tagger, so
                     pymorphy3 cannot choose between readings ("карты": карта; "сдавали":
                     сдавать): keep them all and let a pattern match any of them.
  Token._.is_number  the token is a number in this language (digits, kanji, number words in
                     any case), read by pipeline/extract/numbers.py.
"""

from __future__ import annotations

from functools import cache

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Token

from pipeline.lang import language_data

# Sudachi rejects one text over ~49 KB (UTF-8); Japanese is 3 bytes a character.
SUDACHI_MAX_CHARS = 12000

if not Token.has_extension("lemmas"):
    Token.set_extension("lemmas", default=())
if not Token.has_extension("is_number"):
    Token.set_extension("is_number", default=False)


@Language.component("pymorphy3_lemmas")
def pymorphy3_lemmas(doc: Doc) -> Doc:
    from pipeline.extract.numbers import (
        morph_analyzer,  # here: pipeline.extract imports this module
    )
    morph = morph_analyzer(doc.lang_)
    for token in doc:
        word = token.lower_.replace("ё", "е")
        if not token.is_alpha:
            token._.lemmas = (word,)
            continue
        lemmas = sorted({p.normal_form.replace("ё", "е") for p in morph.parse(word)})
        token._.lemmas = tuple(lemmas) or (word,)
        token.lemma_ = lemmas[0] if lemmas else word
    return doc


@Language.component("single_lemma")
def single_lemma(doc: Doc) -> Doc:
    # the lookup table is not always right ("number" -> "numb"): keep the word itself as well
    for token in doc:
        lemma = (token.lemma_ or token.lower_).lower()
        token._.lemmas = (lemma,) if lemma == token.lower_ else (lemma, token.lower_)
    return doc


@Language.factory("number_tokens", default_config={})
def number_tokens(nlp: Language, name: str):
    # here, not at the top: pipeline.extract imports this module
    from pipeline.extract.numbers import parse_kanji, word_table
    words = word_table(nlp.lang)
    kanji = bool(language_data(nlp.lang).get("kanji_numerals"))

    def is_number(text: str) -> bool:
        low = text.lower()
        return (low.replace(",", "").isdigit() or low in words or low.replace("ё", "е") in words
                or (kanji and parse_kanji(text) is not None))

    def mark(doc: Doc) -> Doc:
        for token in doc:
            token._.is_number = is_number(token.text)
        for token in doc[1:-1]:  # "thirty - two": one number across the hyphen
            if token.text == "-" and doc[token.i - 1]._.is_number and doc[token.i + 1]._.is_number:
                token._.is_number = True
        return doc
    return mark


@cache
def pipeline_for(lang: str) -> Language:
    """The blank pipeline of one language with lemmas and number marks. Cached per process.
    Where the lemmas come from is language data (`spacy: lemmas:` in pipeline/lang/<lang>.yaml):
    `tokenizer` (Sudachi gives them), `lookup` (spacy-lookups-data tables) or `pymorphy3`
    (every candidate)."""
    source = (language_data(lang).get("spacy") or {}).get("lemmas", "tokenizer")
    nlp = spacy.blank(lang)
    if source == "lookup":
        nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
        nlp.initialize()  # loads the lookup tables from spacy-lookups-data, no download
    nlp.add_pipe("pymorphy3_lemmas" if source == "pymorphy3" else "single_lemma")
    nlp.add_pipe("number_tokens")
    return nlp


def texts_for_pipeline(text: str) -> list[tuple[int, str]]:
    """`text` cut into pieces a tokenizer accepts (Sudachi's input limit): (offset, piece)."""
    if len(text) <= SUDACHI_MAX_CHARS:
        return [(0, text)]
    return [(i, text[i:i + SUDACHI_MAX_CHARS]) for i in range(0, len(text), SUDACHI_MAX_CHARS)]
