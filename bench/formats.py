"""The format readers measured against the libraries made for the job, on real files.

  python bench/formats.py [FOLDER ...]     (default: tests/fixtures/formats)

Web pages: our lxml rule set against trafilatura's main-content extraction, as word sets: how
many of trafilatura's words we keep (recall) and how many words we keep that trafilatura drops
(page chrome we may have let through, or content trafilatura misses: read them). PDFs: pypdf
(the reader used) against pdfminer.six: seconds and the share of each one's words the other
finds. Prints one table; nothing is asserted (accuracy is pinned in the tests)."""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.ingest.formats import derive_text, detect_format  # noqa: E402

_WORD = regex.compile(r"[\p{L}\p{N}]+")


def words(text: str) -> Counter:
    # Japanese has no spaces: count characters of CJK runs as words
    out = Counter()
    for w in _WORD.findall(text.lower()):
        out.update(list(w) if regex.match(r"[\p{Han}\p{Hiragana}\p{Katakana}]", w) else [w])
    return out


def overlap(ours: Counter, theirs: Counter) -> tuple[float, float, list[str]]:
    common = sum((ours & theirs).values())
    extra = sorted((ours - theirs), key=lambda w: -(ours - theirs)[w])[:12]
    return common / max(sum(theirs.values()), 1), common / max(sum(ours.values()), 1), extra


def web_page(path: Path) -> str:
    import trafilatura

    raw = path.read_bytes()
    ours = derive_text(raw, str(path), None).text
    theirs = trafilatura.extract(raw.decode("utf-8", "replace"), include_tables=True, favor_recall=True) or ""
    recall, kept, extra = overlap(words(ours), words(theirs))
    return f"html  {path.name:44} recall {recall:.2f}  ours-in-theirs {kept:.2f}  extra: {' '.join(extra)}"


def pdf(path: Path) -> str:
    from pdfminer.high_level import extract_text

    raw = path.read_bytes()
    start = time.perf_counter()
    ours = derive_text(raw, str(path), None).text
    ours_s = time.perf_counter() - start
    start = time.perf_counter()
    theirs = extract_text(str(path))
    theirs_s = time.perf_counter() - start
    recall, kept, _ = overlap(words(ours), words(theirs))
    return (f"pdf   {path.name:44} pypdf {ours_s:5.2f} s  pdfminer {theirs_s:5.2f} s  "
            f"pdfminer's words in ours {recall:.2f}  ours in pdfminer's {kept:.2f}")


def main(folders: list[str]) -> None:
    for folder in folders or [str(ROOT / "tests" / "fixtures" / "formats")]:
        for path in sorted(Path(folder).iterdir()):
            fmt = detect_format(path.read_bytes(), str(path)) if path.is_file() else None
            if fmt is not None and fmt.name == "html":
                print(web_page(path))
            elif fmt is not None and fmt.name == "pdf":
                print(pdf(path))


if __name__ == "__main__":
    main(sys.argv[1:])
