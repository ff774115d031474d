"""Numbers of one language: ASCII digits (full-width already folded), kanji numerals, number
words (thirty-two, a dozen, by twos), and with a morphology every case form of each number
word (тридцати двух, двенадцать). What a language writes is its profile's `numbers:`; this
module only reads it."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

import regex

from pipeline.lang.profile import Profile
from pipeline.patterns import BudgetedPattern, compile_pattern

_WORD_SEP = compile_pattern(r"[-\s]+")

MAX_NUMBER_WORDS = 7   # "one thousand two hundred and forty-one": the longest number a rule book writes


class NumberReader:
    """Finds and reads the numbers of one language."""

    def __init__(self, profile: Profile, analyzer: Callable[[], object] | None):
        self.profile = profile
        self._analyzer = analyzer
        kanji = profile.numbers.kanji
        self.kanji_digits = dict(kanji.digits) if kanji else {}
        self.kanji_units = dict(kanji.units) if kanji else {}

    def fold(self, text: str) -> str:
        for a, b in self.profile.fold.items():
            text = text.replace(a, b)
        return text

    def parse_kanji(self, text: str) -> int | None:
        if not text or not self.kanji_digits:
            return None
        total, current = 0, 0
        for ch in text:
            if ch in self.kanji_digits:
                current = current * 10 + self.kanji_digits[ch] if current else self.kanji_digits[ch]
            elif ch in self.kanji_units:
                total += (current or 1) * self.kanji_units[ch]
                current = 0
            else:
                return None
        return total + current

    @cached_property
    def _negative(self) -> BudgetedPattern:
        return compile_pattern(rf"(?:{'|'.join(self.profile.numbers.negative) or '(?!)'})\s*|[-−](?=\d)", regex.IGNORECASE)

    @cached_property
    def _thousands(self) -> BudgetedPattern | None:
        marks = self.profile.numbers.thousands
        return compile_pattern(rf"(?<=\d)(?:{'|'.join(marks)})(?=\d{{3}}(?!\d))") if marks else None

    @cached_property
    def _suffix(self) -> BudgetedPattern | None:
        suffix = self.profile.numbers.digit_suffix
        return compile_pattern(rf"(?<=\d)(?:{'|'.join(suffix)})$") if suffix else None

    @cached_property
    def words(self) -> dict[str, int]:
        """Every known number word form -> value."""
        table = {str(k).lower(): int(v) for k, v in self.profile.numbers.words.items()}
        if self.profile.numbers.inflect and self._analyzer:
            morph = self._analyzer()
            for lemma, value in list(table.items()):
                for parse in morph.parse(lemma)[:2]:
                    if parse.normal_form != lemma:
                        continue
                    for form in parse.lexeme:
                        table.setdefault(self.fold(form.word), value)
                        table.setdefault(form.word, value)
        return table

    @cached_property
    def pattern(self) -> str:
        """A regex (no groups) matching one number: digits, or number words."""
        words = sorted(self.words, key=len, reverse=True)
        suffix = "|".join(self.profile.numbers.digit_suffix)
        # digits and kanji runs are read whole from their first character and never given back:
        # a long run that fails what follows is tried once, not once per position and length
        marks = "".join(f"|{m}" for m in self.profile.numbers.thousands)
        ordinal_digits = "|".join(self.profile.numbers.ordinal_suffix)
        alternatives = [rf"(?<!\d)(?>\d+(?:(?:\s*,\s*{marks})\d{{3}}(?!\d))*)" + (rf"(?:{suffix})?(?!\w)" if suffix else "")
                        + (rf"(?!{ordinal_digits})" if ordinal_digits else "")]
        if words:
            w = "|".join(regex.escape(x) for x in words)
            # `join_words` join only after `join_after` ("one hundred and twenty-one"), never two
            # numbers ("two and three at a time"); not the tail of a hyphenated number ("two" in
            # "fifty-two")
            nums = self.profile.numbers
            join = ""
            if nums.join_after and nums.join_words:
                join = rf"(?:(?<=(?:{'|'.join(nums.join_after)})\s+)(?:{'|'.join(map(regex.escape, nums.join_words))})\s+)?"
            # one way only to part two words (a hyphen, or spaces with perhaps a joining word), and
            # at most MAX_NUMBER_WORDS of them: a run of number words is then read in linear time
            # (two ways per gap made "two two two ... two." exponential)
            ordinal = rf"(?!{'|'.join(nums.not_before)})" if nums.not_before else ""
            alternatives.append(rf"(?<![A-Za-z\p{{Cyrillic}}]-)\b(?:{w})(?:(?:-|\s+{join})(?:{w})){{0,{MAX_NUMBER_WORDS - 1}}}\b"
                                + ordinal)
        if self.kanji_digits:
            kanji = "".join(sorted({*self.kanji_digits, *self.kanji_units}))
            alternatives.append(f"(?<![{kanji}])[{kanji}]++")
        neg = "|".join(self.profile.numbers.negative)
        # a minus sign, not a hyphen: not after a letter of an alphabet or a digit ("A-16", "3-6");
        # a kana or kanji word may stand just before it ("取ると-16点")
        minus = r"(?<![\p{Latin}\p{Cyrillic}\p{Greek}\d_.,])[-−](?=\d)"
        sign = rf"(?:(?:{neg})\s*|{minus})?" if neg else rf"(?:{minus})?"
        return "(?:" + sign + "(?:" + "|".join(alternatives) + "))"

    def is_number(self, text: str) -> bool:
        low = text.lower()
        return (low.replace(",", "").isdigit() or low in self.words or self.fold(low) in self.words
                or self.parse_kanji(text) is not None)

    def parse(self, text: str) -> int | None:
        text = text.strip().lower()
        if not text:
            return None
        neg = self._negative.match(text)
        if neg:
            value = self.parse(text[neg.end():])
            return -value if value is not None else None
        digits = text.replace(",", "").replace(" ", "")
        if self._thousands is not None:
            digits = self._thousands.sub("", digits)
        if self._suffix is not None:
            digits = self._suffix.sub("", digits)
        if digits.isdigit():
            return int(digits)
        k = self.parse_kanji(text)
        if k is not None:
            return k
        table = self.words
        if text in table:
            return table[text]
        total, current, seen = 0, 0, False
        joiners = {w.lower() for w in self.profile.numbers.join_words}
        for token in _WORD_SEP.split(self.fold(text)):
            if token in joiners or token == "":
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
