"""Numbers in three languages: ASCII (full-width already folded), kanji numerals, English words
(thirty-two, a dozen, by twos), Russian words in any case (тридцати двух, двенадцать).

Each language's number words are data in pipeline/lang/<lang>.yaml; Russian case forms are
generated from the lemmas with pymorphy3 (every inflected form of every number lemma)."""

from __future__ import annotations

from functools import cache

import regex

from pipeline.lang import language_data

_KANJI_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
                 "両": 2}
_KANJI_UNITS = {"十": 10, "百": 100, "千": 1000}


def parse_kanji(text: str) -> int | None:
    total, current = 0, 0
    if not text:
        return None
    for ch in text:
        if ch in _KANJI_DIGITS:
            current = current * 10 + _KANJI_DIGITS[ch] if current else _KANJI_DIGITS[ch]
        elif ch in _KANJI_UNITS:
            total += (current or 1) * _KANJI_UNITS[ch]
            current = 0
        else:
            return None
    return total + current


@cache
def morph_analyzer(lang: str):
    """One pymorphy3 analyzer per language and process (loading the dictionary is not free)."""
    import pymorphy3
    return pymorphy3.MorphAnalyzer(lang=lang)


@cache
def word_table(lang: str) -> dict[str, int]:
    """Every known number word form of a language -> value."""
    data = language_data(lang).get("number_words") or {}
    table = {str(k).lower(): int(v) for k, v in data.items()}
    if language_data(lang).get("inflect_number_words"):
        morph = morph_analyzer(lang)
        for lemma, value in list(table.items()):
            for parse in morph.parse(lemma)[:2]:
                if parse.normal_form != lemma:
                    continue
                for form in parse.lexeme:
                    table.setdefault(form.word.replace("ё", "е"), value)
                    table.setdefault(form.word, value)
    return table


@cache
def number_regex(lang: str) -> str:
    """A regex (no groups) matching one number in `lang`: digits, or number words."""
    words = sorted(word_table(lang), key=len, reverse=True)
    alternatives = [r"\d+(?:\s*,\s*\d{3})*"]
    if words:
        w = "|".join(regex.escape(x) for x in words)
        # "and" joins only after hundred/thousand ("one hundred and twenty-one"), never two
        # numbers ("two and three at a time")
        # not the tail of a hyphenated number ("two" in "fifty-two")
        alternatives.append(rf"(?<![A-Za-z\p{{Cyrillic}}]-)\b(?:{w})(?:(?:[- ]|\s+|(?<=hundred|thousand|сто|тысяч\w*)\s+(?:and|и)\s+)(?:{w}))*\b")
    if language_data(lang).get("kanji_numerals"):
        alternatives.append(r"[〇一二三四五六七八九十百千両]+")
    return "(?:" + "|".join(alternatives) + ")"


def parse_number(text: str, lang: str) -> int | None:
    text = text.strip().lower()
    if not text:
        return None
    digits = text.replace(",", "").replace(" ", "")
    if digits.isdigit():
        return int(digits)
    k = parse_kanji(text)
    if k is not None:
        return k
    table = word_table(lang)
    if text in table:
        return table[text]
    total, current, seen = 0, 0, False
    for token in regex.split(r"[-\s]+", text.replace("ё", "е")):
        if token in ("and", "и", ""):
            continue
        if token not in table:
            return None
        value = table[token]
        seen = True
        if value == 100 and current:
            current *= 100
        elif value >= 1000:
            total += (current or 1) * value
            current = 0
        else:
            current += value
    return total + current if seen else None
