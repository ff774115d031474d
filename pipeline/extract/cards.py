"""Card ranks in three languages (and the letter systems the texts mix: French R/D/V, Russian
Т/К/Д/В, full-width letters already folded) mapped to rank codes; rank lists and point maps."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import regex

from pipeline.extract.numbers import morph_analyzer, number_regex, parse_number

SEP = r"(?:\s*[,，、;；/]?\s*(?:\band\b|\bи\b|と)?\s*)"


@dataclass(frozen=True)
class RankVocabulary:
    names: dict[str, str]   # lower-cased name -> rank code
    token: str              # regex for one rank token (no groups)


@lru_cache(maxsize=8)
def rank_vocabulary(ranks_key: tuple[tuple[str, tuple[str, ...]], ...]) -> RankVocabulary:
    names: dict[str, str] = {}
    for code, words in ranks_key:
        for w in words:
            names.setdefault(w.lower(), code)
    words = sorted(names, key=len, reverse=True)
    alt = "|".join(regex.escape(w) for w in words)
    # a name, optionally plural (Kings, Tens), optionally with its code in brackets: 1(A), R(K)
    # Boundaries against Latin/Cyrillic letters and digits only: in Japanese a rank letter is
    # followed directly by kana ("Jの4枚組").
    edge = r"A-Za-z\p{Cyrillic}\d"
    token = rf"(?<![{edge}])(?:{alt})(?:e?s)?(?:\s*[(（](?:{alt})[)）])?(?![{edge}])"
    return RankVocabulary(names, token)


@lru_cache(maxsize=256)
def _inflections(word: str) -> tuple[str, ...]:
    """Every case form of a Russian rank name (туз -> туза, тузом, ...), via pymorphy3."""
    if len(word) < 3 or not regex.fullmatch(r"\p{Cyrillic}+", word):
        return (word,)
    morph = morph_analyzer("ru")
    forms = {word}
    for parse in morph.parse(word)[:2]:
        if parse.normal_form == word.lower():
            forms.update(f.word for f in parse.lexeme)
    return tuple(sorted(forms))


def vocabulary_from_terms(terms: dict) -> RankVocabulary:
    """All languages' rank names at once: the texts mix letter systems regardless of language."""
    ranks = terms.get("ranks") or {}
    key = tuple(sorted((str(code), tuple(sorted({form for lang in ("en", "ja", "ru")
                                                  for w in (v.get(lang) or [])
                                                  for form in (_inflections(str(w)) if lang == "ru" else (str(w),))})))
                       for code, v in ranks.items()))
    return rank_vocabulary(key)


def rank_code(token: str, vocab: RankVocabulary) -> str | None:
    t = token.strip().lower()
    inner = regex.search(r"[(（]([^)）]+)[)）]", t)
    if inner:  # "1(A)", "R(K)": the bracketed code is the unambiguous one
        t = inner.group(1).strip()
    if t in vocab.names:
        return vocab.names[t]
    for suffix in ("es", "s"):
        if t.endswith(suffix) and t[: -len(suffix)] in vocab.names:
            return vocab.names[t[: -len(suffix)]]
    return None


def parse_rank_list(text: str, vocab: RankVocabulary) -> list[str]:
    codes = [rank_code(m.group(), vocab) for m in regex.finditer(vocab.token, text, regex.IGNORECASE)]
    return [c for c in codes if c]


def pairs_regex(vocab: RankVocabulary, lang: str) -> str:
    num = number_regex(lang)
    link = r"(?:\s*(?:(?:is|are)\s+(?:worth|reckoned(?:\s+for)?|counted(?:\s+as)?)|counts?(?:\s+for)?|=|:|は|が|も|を)?\s*)"
    return rf"(?:{vocab.token}){link}(?:{num})(?:\s*(?:points?|点|очк\w*))?"


def parse_points(text: str, vocab: RankVocabulary, lang: str) -> dict[str, int]:
    out: dict[str, int] = {}
    num = number_regex(lang)
    for m in regex.finditer(rf"(?P<r>{vocab.token})(?P<rest>.{{0,30}}?)(?P<n>{num})", text, regex.IGNORECASE):
        code = rank_code(m.group("r"), vocab)
        n = parse_number(m.group("n"), lang)
        if code and n is not None and code not in out:
            out[code] = n
    return out


_GAP = regex.compile(r"…|\.\.\.|・・・")
# the order an ellipsis runs through: the court (with the tarot knight), then the numerals
_GAP_ORDER = ["A", "K", "Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


def parse_rank_list_with_gaps(text: str, vocab: RankVocabulary) -> list[str] | None:
    """Rank codes of a list; "R，D，C，V，10，9，…，2，1" fills the ranks between 9 and 2.
    None when a gap cannot be filled."""
    parts = [parse_rank_list(p, vocab) for p in _GAP.split(text)]
    codes = parts[0]
    for part in parts[1:]:
        if not codes or not part or codes[-1] not in _GAP_ORDER or part[0] not in _GAP_ORDER:
            return None
        a, b = _GAP_ORDER.index(codes[-1]), _GAP_ORDER.index(part[0])
        if b <= a + 1:
            return None
        codes = codes + [c for c in _GAP_ORDER[a + 1:b] if c != "C" or "C" in codes] + part
    return codes
