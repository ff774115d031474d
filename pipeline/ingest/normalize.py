"""The normalized view of a text, with a map from every normalized character back to the
original span it came from.

Normalization (for matching only; the original is never changed): full-width ASCII to
half-width (so `．，` become `.,`), half-width katakana to full-width, every space-like character
(NBSP, ideographic space, tab, ...) to a space, runs of spaces to one, invisible characters
dropped, `\\r\\n` and a lone `\\r` to `\\n`, NFC. Newlines are kept, so normalized lines are the original lines.
"""

from __future__ import annotations

import unicodedata

import regex

from pipeline.patterns import compile_pattern

# One-to-one replacements: applied with str.translate, lengths unchanged.
_ONE_TO_ONE: dict[int, int] = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)}
for _cp in (0x09, 0x0B, 0x0C, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000):
    _ONE_TO_ONE[_cp] = 0x20

# Letters that look alike in Latin and Cyrillic (one to one, lengths unchanged)
_LATIN_LOOKALIKES = "aceopxyABCEHKMOPTXY"
_CYRILLIC_LOOKALIKES = "асеорхуАВСЕНКМОРТХУ"
_TO_CYRILLIC = str.maketrans(_LATIN_LOOKALIKES, _CYRILLIC_LOOKALIKES)
_TO_LATIN = str.maketrans(_CYRILLIC_LOOKALIKES, _LATIN_LOOKALIKES)
_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
# (a word with its marks and invisibles: "a\u0301Т" is one word, as it is once composed; a
# half-width voiced mark becomes a combining one, an invisible character goes)
_WORD_CHAR = rf"[\p{{Latin}}\p{{Cyrillic}}\p{{M}}\uFF9E\uFF9F{_INVISIBLE}]"
# (it starts after any letter of the two scripts, not after a mark: "0ﾞТa" is "0ﾞ" then the word "Тa")
_MIXED_WORD = (rf"(?<![\p{{Latin}}\p{{Cyrillic}}]){_WORD_CHAR}*"
               rf"(?:\p{{Latin}}{_WORD_CHAR}*?\p{{Cyrillic}}|\p{{Cyrillic}}{_WORD_CHAR}*?\p{{Latin}}){_WORD_CHAR}*")
_CYRILLIC = compile_pattern(r"\p{Cyrillic}")
_LATIN = compile_pattern(r"\p{Latin}")

_COMBINING = r"\p{M}\p{NFC_QC=M}\uFF9E\uFF9F"
# The places where normalization is not the identity. Line ends as an editor counts them (CRLF,
# a lone CR, LF), so normalized lines are the original's lines: a CR with an invisible character
# before its LF is two line ends, as positions.LINE_END counts them.
_REGULAR_PARTS = (
    rf"(?P<crlf>\r\n?)"
    rf"|(?P<spaces>[ ][ {_INVISIBLE}]*[ ])"
    rf"|(?P<cluster>[^\n][{_INVISIBLE}{_COMBINING}]*[{_COMBINING}]|[\p{{NFC_QC=N}}\uFF61-\uFF9F])"
    rf"|(?P<invisible>[{_INVISIBLE}]+)")
_IRREGULAR = compile_pattern(_REGULAR_PARTS, regex.V1)
# (a text in both scripts: a mixed word is one segment, its letters' script read from the whole word)
_IRREGULAR_MIXED = compile_pattern(rf"(?P<mixed>{_MIXED_WORD})|" + _REGULAR_PARTS, regex.V1)
_HALFWIDTH_KANA = compile_pattern(r"[\uFF61-\uFF9F]")


def _normalize_cluster(cluster: str) -> str:
    cluster = "".join(c for c in cluster if c not in _INVISIBLE)
    form = "NFKC" if _HALFWIDTH_KANA.search(cluster) else "NFC"
    return unicodedata.normalize(form, cluster)


def _one_script(word: str) -> str:
    """A word mixing the two scripts in one script: the one whose letters the other's all look
    like ("Kapты" -> "Карты"), the word's majority when both are; else as it is."""
    latin, cyrillic = _LATIN.findall(word), _CYRILLIC.findall(word)
    to_cyrillic = all(ch in _LATIN_LOOKALIKES for ch in latin)
    to_latin = all(ch in _CYRILLIC_LOOKALIKES for ch in cyrillic)
    if to_cyrillic and (not to_latin or len(cyrillic) >= len(latin)):
        return word.translate(_TO_CYRILLIC)
    return word.translate(_TO_LATIN) if to_latin else word


def normalize_with_segments(original: str) -> tuple[str, list[int], list[int], list[int]]:
    """Return (normalized, seg_norm, seg_orig, seg_olen): the offset map as segments.

    Segment k starts at normalized offset seg_norm[k] and original offset seg_orig[k]. An
    identity segment (seg_olen[k] == -1) maps character by character; another segment maps every
    character it holds to the whole original span [seg_orig[k], seg_orig[k] + seg_olen[k]).
    Segments keep the map small: plain text is one identity segment however long it is.
    """
    text = original.translate(_ONE_TO_ONE)
    out: list[str] = []
    seg_norm: list[int] = []
    seg_orig: list[int] = []
    seg_olen: list[int] = []
    npos = 0
    pos = 0
    both = _CYRILLIC.search(text) and _LATIN.search(text)   # (checked once: most texts are in one)
    for m in (_IRREGULAR_MIXED if both else _IRREGULAR).finditer(text):
        s, e = m.span()
        if s > pos:  # identity stretch
            out.append(text[pos:s])
            seg_norm.append(npos)
            seg_orig.append(pos)
            seg_olen.append(-1)
            npos += s - pos
        kind = m.lastgroup
        if kind == "crlf":
            piece = "\n"
        elif kind == "spaces":
            piece = " "
        elif kind == "invisible":
            piece = ""
        elif kind == "mixed":
            piece = _normalize_cluster(_one_script(m.group()))
        else:
            piece = _normalize_cluster(m.group())
        if piece:
            out.append(piece)
            seg_norm.append(npos)
            seg_orig.append(s)
            seg_olen.append(e - s)
            npos += len(piece)
        pos = e
    if pos < len(text):
        out.append(text[pos:])
        seg_norm.append(npos)
        seg_orig.append(pos)
        seg_olen.append(-1)
    return "".join(out), seg_norm, seg_orig, seg_olen


def expand_segments(n: int, seg_norm: list[int], seg_orig: list[int], seg_olen: list[int]) -> tuple[list[int], list[int]]:
    """Per-character (starts, ends) lists from segments (for tests and small texts)."""
    starts, ends = [], []
    for k, ns in enumerate(seg_norm):
        ne = seg_norm[k + 1] if k + 1 < len(seg_norm) else n
        if seg_olen[k] == -1:
            starts.extend(range(seg_orig[k], seg_orig[k] + ne - ns))
            ends.extend(range(seg_orig[k] + 1, seg_orig[k] + ne - ns + 1))
        else:
            starts.extend([seg_orig[k]] * (ne - ns))
            ends.extend([seg_orig[k] + seg_olen[k]] * (ne - ns))
    return starts, ends


def normalize_with_map(original: str) -> tuple[str, list[int], list[int]]:
    """Return (normalized, starts, ends): normalized[i] comes from original[starts[i]:ends[i]]."""
    norm, sn, so, sl = normalize_with_segments(original)
    starts, ends = expand_segments(len(norm), sn, so, sl)
    return norm, starts, ends


def normalize(text: str) -> str:
    return normalize_with_segments(text)[0]


def map_span(starts: list[int], ends: list[int], ns: int, ne: int, original_len: int) -> tuple[int, int]:
    """Map a normalized span [ns, ne) to the original span that produced it."""
    if not 0 <= ns <= ne <= len(starts):
        raise ValueError(f"span {ns}:{ne} outside normalized text of length {len(starts)}")
    if ns == ne:
        at = starts[ns] if ns < len(starts) else original_len
        return at, at
    return starts[ns], ends[ne - 1]
