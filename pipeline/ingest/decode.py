"""Bytes to text: declared encoding, else strict UTF-8 (BOM allowed); anything else is a clear
error that names the file and suggests the `encoding =` to declare."""

from __future__ import annotations

import codecs

import regex

from pipeline.errors import HoyleError
from schemas.models import Repair

# Legacy encodings we can recognise in undeclared files, with the script each should yield.
_CANDIDATES = (
    # Hiragana (particles, endings) is what real Japanese has and mis-decoded bytes lack.
    ("cp932", r"[\p{Hiragana}]"),
    ("euc-jp", r"[\p{Hiragana}]"),
    # The most frequent Russian letters: about half of real Russian text, an eighth of noise.
    ("cp1251", r"[оеаинтсрвлОЕАИНТСРВЛ]"),
    ("koi8-r", r"[оеаинтсрвлОЕАИНТСРВЛ]"),
)
_LETTERS = regex.compile(r"\p{L}")


def _line_of_byte(raw: bytes, pos: int) -> int:
    return raw.count(b"\n", 0, pos) + 1


def guess_encodings(raw: bytes) -> list[str]:
    """Legacy encodings under which `raw` decodes into mostly the expected script, best first."""
    scored = []
    sample = raw[:200_000]
    for name, script in _CANDIDATES:
        try:
            text = sample.decode(name)
        except UnicodeDecodeError:
            continue
        letters = _LETTERS.findall(text)
        if not letters:
            continue
        share = len(regex.findall(script, text)) / len(letters)
        if share > 0.25:
            scored.append((share, name))
    return [name for _, name in sorted(scored, key=lambda t: -t[0])]


def repair_mojibake(text: str) -> tuple[str, list[Repair]]:
    """UTF-8 text that was once decoded with the wrong codec (Cyrillic read as cp1251, Japanese
    read as latin-1) is re-decoded; the repair is recorded in the source's provenance."""
    import ftfy

    sample = text[:200_000]
    fixed, steps = ftfy.fix_encoding_and_explain(sample)
    if fixed == sample or not steps:
        return text, []
    fixed, steps = ftfy.fix_encoding_and_explain(text)
    detail = "; ".join(f"{step[0]} {step[1]}" for step in steps)
    return fixed, [Repair(kind="mojibake", detail=f"re-decoded mojibake ({detail})")]


def decode_source(raw: bytes, *, path: str, encoding: str | None) -> tuple[str, str, list[Repair]]:
    """Return (text, encoding used, repairs)."""
    if not raw:
        raise HoyleError(f"{path}: the file is empty", hint="add the text, or remove its manifest entry")
    if b"\x00" in raw[:1_000_000] and not (encoding or "").lower().startswith("utf-16"):
        pos = raw.find(b"\x00")
        raise HoyleError(
            f"{path}:{_line_of_byte(raw, pos)}: NUL byte at byte {pos}: this looks like a binary file, not text",
            hint="give a plain-text file (UTF-8, or declare its encoding in sources.toml)",
        )
    repairs: list[Repair] = []
    if encoding:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise HoyleError(f"{path}: unknown encoding {encoding!r} declared in sources.toml",
                             hint="use a Python codec name such as utf-8, cp932, euc-jp, cp1251, koi8-r") from None
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError as exc:
            raise HoyleError(
                f"{path}:{_line_of_byte(raw, exc.start)}: cannot decode byte {exc.start} as declared encoding {encoding!r}",
                hint="check the declared encoding",
            ) from None
        if text.startswith("\ufeff"):
            text = text[1:]
            repairs.append(Repair(kind="bom", detail="leading byte-order mark dropped"))
        text, fixes = repair_mojibake(text)
        return text, encoding, repairs + fixes
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
        repairs.append(Repair(kind="bom", detail="UTF-8 byte-order mark dropped"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        guesses = guess_encodings(raw)
        hint = (f'it looks like {guesses[0]}: add  encoding = "{guesses[0]}"  to its [[source]] in sources.toml '
                f'(or pass --encoding {guesses[0]} to add-source)'
                if guesses else "convert it to UTF-8 or declare  encoding = \"...\"  in sources.toml")
        raise HoyleError(
            f"{path}:{_line_of_byte(raw, exc.start)}: not valid UTF-8 (byte {exc.start})", hint=hint
        ) from None
    text, fixes = repair_mojibake(text)
    return text, "utf-8", repairs + fixes
