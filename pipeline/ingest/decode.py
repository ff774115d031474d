"""Bytes to text: declared encoding, else strict UTF-8 (BOM allowed); anything else is a clear
error that names the file and suggests the `encoding =` to declare."""

from __future__ import annotations

import codecs

from pipeline.errors import HoyleError
from pipeline.patterns import compile_pattern
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
_LETTERS = compile_pattern(r"\p{L}")


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
        share = len(compile_pattern(script).findall(text)) / len(letters)
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


_TEXT_ENCODING_HINT = "use a text encoding such as utf-8, shift_jis, cp1251"
# Encodings in which NUL bytes are part of ordinary text.
_WIDE = ("utf-16", "utf-32")


def _text_codec(encoding: str, path: str) -> codecs.CodecInfo:
    """The codec of a declared encoding, or a clear error when it is unknown or not a text codec
    (rot13, base64, hex and zlib are codecs, but they do not turn bytes into text)."""
    try:
        info = codecs.lookup(encoding)
    except (LookupError, TypeError, ValueError):
        raise HoyleError(f"{path}: unknown encoding {encoding!r} declared in sources.toml",
                         hint=_TEXT_ENCODING_HINT) from None
    if not getattr(info, "_is_text_encoding", True):
        raise HoyleError(f"{path}: encoding {encoding!r} declared in sources.toml is not a text encoding",
                         hint=_TEXT_ENCODING_HINT)
    return info


def _wide_bom(raw: bytes) -> str | None:
    """The UTF-16/32 encoding a leading byte-order mark announces, if any."""
    if raw.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "utf-32"
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    return None


def _nul_error(path: str, line: int, where: str, wide: str | None) -> HoyleError:
    hint = (f'it looks like {wide.upper()}: declare  encoding = "{wide}"  in its [[source]] in sources.toml'
            if wide else
            "give a plain-text file (UTF-8, or declare its encoding in sources.toml); if it is text, "
            "remove the NUL byte(s)")
    return HoyleError(f"{path}:{line}: NUL byte at {where}: this looks like a binary file, not text", hint=hint)


def decode_source(raw: bytes, *, path: str, encoding: str | None) -> tuple[str, str, list[Repair]]:
    """Return (text, encoding used, repairs)."""
    if not raw:
        raise HoyleError(f"{path}: the file is empty", hint="add the text, or remove its manifest entry")
    info = _text_codec(encoding, path) if encoding else None
    wide = info is not None and info.name.startswith(_WIDE)
    pos = -1 if wide else raw.find(b"\x00")  # the whole file: a NUL anywhere means binary
    if pos != -1:
        wide_bom = _wide_bom(raw) if encoding is None else None
        raise _nul_error(path, _line_of_byte(raw, pos), f"byte {pos}", wide_bom)
    repairs: list[Repair] = []
    if encoding:
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError as exc:
            raise HoyleError(
                f"{path}:{_line_of_byte(raw, exc.start)}: cannot decode byte {exc.start} as declared encoding {encoding!r}",
                hint="check the declared encoding",
            ) from None
        except LookupError:  # a codec that passed the lookup but refuses bytes.decode
            raise HoyleError(f"{path}: encoding {encoding!r} declared in sources.toml is not a text encoding",
                             hint=_TEXT_ENCODING_HINT) from None
        nul = text.find("\x00")  # UTF-16/32 text may still hold NUL characters
        if nul != -1:
            raise _nul_error(path, text.count("\n", 0, nul) + 1, f"character {nul}", None)
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
