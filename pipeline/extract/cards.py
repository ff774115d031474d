"""Card ranks in every language (and the letter systems the texts mix: French R/D/V, Russian
Т/К/Д/В, full-width letters already folded) mapped to rank codes; rank lists and point maps.
The names are terms.yaml's; the joining words are the language profiles'."""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.knowledge.models import TermsFile
from pipeline.lang import Languages
from pipeline.lang.numbers import NumberReader
from pipeline.patterns import compile_pattern

_BRACKETED_CODE = compile_pattern(r"[(（]([^)）]+)[)）]")

# The most items a list of ranks or rank-value pairs is read to (a pack has 13 ranks and its
# jokers): every list pattern is bounded, so a long run is read in linear time.
MAX_LIST_ITEMS = 24


@dataclass(frozen=True)
class RankVocabulary:
    names: dict[str, str]   # lower-cased name -> rank code
    token: str              # regex for one rank token (no groups)
    sep: str                # regex between two items of a list ("A, K and Q", "AとK")
    pair_link: str          # regex between a rank and its points ("the ace counts 11", "A は 11")
    points_unit: str        # regex of the unit after points ("points", "点", "очков")


def vocabulary(knowledge) -> RankVocabulary:
    """The rank vocabulary of a knowledge, built once."""
    return knowledge.compiled(("rank_vocabulary",), lambda: vocabulary_from_terms(knowledge.terms, knowledge.languages))


def vocabulary_from_terms(terms: TermsFile, languages: Languages) -> RankVocabulary:
    """All languages' rank names at once: the texts mix letter systems regardless of language."""
    names: dict[str, str] = {}
    for code, words in sorted(terms.ranks.items()):
        forms = sorted({form for lang, ws in words.names.items() if lang in languages
                        for w in ws for form in languages[lang].inflections(str(w))})
        for w in forms:
            names.setdefault(w.lower(), code)
    words = sorted(names, key=len, reverse=True)
    alt = "|".join(regex.escape(w) for w in words)
    # a name, optionally plural (Kings, Tens), optionally with its code in brackets: 1(A), R(K)
    # Boundaries against Latin/Cyrillic letters and digits only: in Japanese a rank letter is
    # followed directly by kana ("Jの4枚組").
    edge = r"A-Za-z\p{Cyrillic}\d"
    # A card of another letter system glossed by its code: Roman numerals by their number
    # ("X (10)", "VII (7)"), one kanji by a court letter ("王 (K)", "下 (J)"); the gloss is read.
    gloss = r"(?<![A-Za-z])[IVX]{1,4}\s*[(（](?:10|[2-9])[)）]|(?<!\p{Han})\p{Han}\s*[(（][AKQJ][)）]"
    token = rf"(?<![{edge}])(?:(?:{alt})(?:e?s)?(?:\s*[(（](?:{alt})[)）])?|{gloss})(?![{edge}])"
    joiners = "|".join(languages.all_patterns(lambda p: p.words.and_)) or "(?!)"
    # one way only to read the spaces of a gap: "\s*,?\s*" splits n spaces n+1 ways, and a
    # failing list of k gaps was tried (n+1)^k times
    sep = rf"(?:\s*(?:[,，、;；/]\s*)?(?:(?:{joiners})\s*)?)"
    link = "|".join([*languages.all_patterns(lambda p: p.words.pair_link), "=", ":"])
    unit = "|".join(languages.all_patterns(lambda p: p.words.points_unit)) or "(?!)"
    return RankVocabulary(names, token, sep, rf"(?:\s*(?:{link})?\s*)", unit)


def rank_code(token: str, vocab: RankVocabulary) -> str | None:
    t = token.strip().lower()
    inner = _BRACKETED_CODE.search(t)
    if inner:  # "1(A)", "R(K)": the bracketed code is the unambiguous one
        t = inner.group(1).strip()
    if t in vocab.names:
        return vocab.names[t]
    for suffix in ("es", "s"):
        if t.endswith(suffix) and t[: -len(suffix)] in vocab.names:
            return vocab.names[t[: -len(suffix)]]
    return None


_RANK_NUMBER = compile_pattern(r"[(（]\s*(\d{1,2})\s*[)）]")   # "J(11)": the rank's number, no rank
# between two ranks of a list: the ranks between them ("4~10")
RANGE_MARK = r"[~〜～]"
# an ellipsis standing for the ranks between ("10，9，…，2"), also doubled ("5 …… 10")
ELLIPSIS = r"(?:…+|⋯+|\.{3,}|・{3,})"


def parse_rank_list(text: str, vocab: RankVocabulary) -> list[str]:
    # (a bracketed number that names a rank is the rank's code: "X (10)" of a Hungarian pack)
    text = _RANK_NUMBER.sub(lambda m: m.group() if m.group(1) in vocab.names else " " * len(m.group()), text)
    codes = [rank_code(m.group(), vocab) for m in compile_pattern(vocab.token, regex.IGNORECASE).finditer(text)]
    return [c for c in codes if c]


def pairs_regex(vocab: RankVocabulary, numbers: NumberReader) -> str:
    """One "rank points" pair: "A 11", "the ace counts 11 points", "エースは11点"."""
    return rf"(?:{vocab.token}){vocab.pair_link}(?:{numbers.pattern})(?:\s*(?:{vocab.points_unit}))?"


def parse_points(text: str, vocab: RankVocabulary, numbers: NumberReader) -> dict[str, int]:
    out: dict[str, int] = {}
    pair = compile_pattern(rf"(?P<r>{vocab.token})(?P<rest>.{{0,30}}?)(?P<n>{numbers.pattern})", regex.IGNORECASE)
    for m in pair.finditer(text):
        code = rank_code(m.group("r"), vocab)
        n = numbers.parse(m.group("n"))
        if code and n is not None and code not in out:
            out[code] = n
    return out


_GAP = compile_pattern(rf"{ELLIPSIS}|{RANGE_MARK}")


def parse_rank_list_with_gaps(text: str, vocab: RankVocabulary, gap_order: list[str]) -> list[str] | None:
    """Rank codes of a list; "R，D，C，V，10，9，…，2，1" fills the ranks between 9 and 2 from
    `gap_order` (terms.yaml `orders.gap`). None when a gap cannot be filled."""
    parts = [parse_rank_list(p, vocab) for p in _GAP.split(text)]
    codes = parts[0]
    for part in parts[1:]:
        if not codes or not part or codes[-1] not in gap_order or part[0] not in gap_order:
            return None
        a, b = gap_order.index(codes[-1]), gap_order.index(part[0])
        if b > a + 1:        # down the order: "10，9，…，2"
            between = gap_order[a + 1:b]
        elif b < a - 1:      # up the order, a list written from the lowest: "3、4~10、J"
            between = gap_order[b + 1:a][::-1]
        else:
            return None
        codes = codes + [c for c in between if c != "C" or "C" in codes] + part
    return codes


def highest_first(codes: list[str], standard: list[str]) -> list[str]:
    """A rank list as highest first: a list written from low to high ("2, 3, …, K, A",
    "7, 8, 9, В, Д, К, Т") goes mostly up the standard order, and is reversed."""
    at = [standard.index(c) for c in codes if c in standard]
    up = sum(1 for a, b in zip(at, at[1:], strict=False) if b < a)
    down = sum(1 for a, b in zip(at, at[1:], strict=False) if b > a)
    return codes[::-1] if up > down else codes


def rank_taken_out(codes: list[str], standard: list[str], gap: list[str]) -> bool:
    """The ranks run in the standard order (the gap order when they hold a Cavalier) but skip
    one or more inside the run ("ace, king, queen, 10, and 9"): a rank taken out, a trump Jack
    ranked apart, so the list is no order of the suit as written."""
    order = standard if all(c in standard for c in codes) else gap
    if not all(c in order for c in codes):
        return False
    at = [order.index(c) for c in codes]
    return at == sorted(at) and at[-1] - at[0] + 1 > len(at)
