"""The normalized view of a text, with a map from every normalized character back to the
original span it came from.

Normalization (for matching only; the original is never changed): full-width ASCII to
half-width (so `．，` become `.,`), half-width katakana to full-width, every space-like character
(NBSP, ideographic space, tab, ...) to a space, runs of spaces to one, invisible characters
dropped, `\\r\\n` to `\\n`, NFC. Newlines are kept, so normalized lines are the original lines.
"""

from __future__ import annotations

import unicodedata

import regex

# One-to-one replacements: applied with str.translate, lengths unchanged.
_ONE_TO_ONE: dict[int, int] = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)}
for _cp in (0x09, 0x0B, 0x0C, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000):
    _ONE_TO_ONE[_cp] = 0x20

_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
_COMBINING = r"\p{M}\p{NFC_QC=M}\uFF9E\uFF9F"
# The places where normalization is not the identity.
_IRREGULAR = regex.compile(
    rf"(?P<crlf>\r\n)"
    rf"|(?P<spaces>[ ][ {_INVISIBLE}]*[ ])"
    rf"|(?P<cluster>[^\n][{_INVISIBLE}{_COMBINING}]*[{_COMBINING}]|[\p{{NFC_QC=N}}\uFF61-\uFF9F])"
    rf"|(?P<invisible>[{_INVISIBLE}]+)",
    regex.V1,
)
_HALFWIDTH_KANA = regex.compile(r"[\uFF61-\uFF9F]")


def _normalize_cluster(cluster: str) -> str:
    cluster = "".join(c for c in cluster if c not in _INVISIBLE)
    form = "NFKC" if _HALFWIDTH_KANA.search(cluster) else "NFC"
    return unicodedata.normalize(form, cluster)


def normalize_with_map(original: str) -> tuple[str, list[int], list[int]]:
    """Return (normalized, starts, ends): normalized[i] comes from original[starts[i]:ends[i]]."""
    text = original.translate(_ONE_TO_ONE)
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    for m in _IRREGULAR.finditer(text):
        s, e = m.span()
        if s > pos:  # identity stretch
            out.append(text[pos:s])
            starts.extend(range(pos, s))
            ends.extend(range(pos + 1, s + 1))
        kind = m.lastgroup
        if kind == "crlf":
            piece = "\n"
        elif kind == "spaces":
            piece = " "
        elif kind == "invisible":
            piece = ""
        else:
            piece = _normalize_cluster(m.group())
        out.append(piece)
        starts.extend([s] * len(piece))
        ends.extend([e] * len(piece))
        pos = e
    if pos < len(text):
        out.append(text[pos:])
        starts.extend(range(pos, len(text)))
        ends.extend(range(pos + 1, len(text) + 1))
    return "".join(out), starts, ends


def normalize(text: str) -> str:
    return normalize_with_map(text)[0]


def map_span(starts: list[int], ends: list[int], ns: int, ne: int, original_len: int) -> tuple[int, int]:
    """Map a normalized span [ns, ne) to the original span that produced it."""
    if not 0 <= ns <= ne <= len(starts):
        raise ValueError(f"span {ns}:{ne} outside normalized text of length {len(starts)}")
    if ns == ne:
        at = starts[ns] if ns < len(starts) else original_len
        return at, at
    return starts[ns], ends[ne - 1]
