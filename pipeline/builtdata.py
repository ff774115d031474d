"""A finished build, read back: what the query commands (`games`, `compare`, `facts`, `export`)
answer from. `build/data` is the published contract, so a question about the corpus is answered
from it in a blink instead of re-running every stage; the build records a fingerprint of what it
read (`.inputs`), and a build whose corpus or code has changed since is stale."""

from __future__ import annotations

import hashlib
import json
from functools import cached_property
from pathlib import Path

from pipeline.errors import HoyleError

FINGERPRINT = ".inputs"   # beside data/ in the output folder
STAMP = ".stamp"          # the inputs and the site templates: an equal stamp means nothing to rebuild
KNOWLEDGE_FILES = ("games.yaml", "terms.yaml", "facets.yaml")


def input_fingerprint(corpus_root: Path) -> str:
    """Hash of everything a build of `corpus_root` reads: its manifest, the texts it lists, its
    knowledge files and language folders (or the embedded knowledge it falls back on), and the
    pipeline's code and language data. Nothing is validated here (the manifest's TOML is only
    read for its file names): this is the first thing every query does."""
    import tomllib

    from pipeline.cache import code_digest
    from pipeline.resources import EMBEDDED_CORPUS

    root = Path(corpus_root)
    h = hashlib.sha256(code_digest().encode())
    manifest = root / "sources.toml"
    raw = manifest.read_bytes() if manifest.is_file() else b""
    try:
        tables = tomllib.loads(raw.decode("utf-8")).get("source", [])
        texts = sorted({t["file"] for t in tables if isinstance(t, dict) and isinstance(t.get("file"), str)})
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError, RecursionError):
        texts = []
    lang = root / "lang"
    own = [*texts, *KNOWLEDGE_FILES,
           *(str(p.relative_to(root)) for p in sorted(lang.rglob("*")) if p.is_file())]
    for name in ["sources.toml", *own]:
        path = root / name
        h.update(name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b"-") + b"\0")
    for name in KNOWLEDGE_FILES:
        h.update(name.encode() + b"\0" + (EMBEDDED_CORPUS / name).read_bytes())
    return h.hexdigest()


def build_stamp(corpus_root: Path, site: bool) -> str:
    """Everything a build's output depends on, hashed: equal stamps mean identical output (the
    corpus folder, the knowledge and code it reads, and with the site its templates)."""
    from pipeline.resources import SITE_DIR

    h = hashlib.sha256(input_fingerprint(corpus_root).encode() + (b"site" if site else b"data"))
    if site:
        for p in sorted(SITE_DIR.rglob("*")):
            if p.is_file():
                h.update(p.read_bytes())
    return h.hexdigest()


def is_up_to_date(corpus_root: Path, out_dir: Path, site: bool) -> bool:
    """True when `out_dir` holds a build of exactly these inputs (a rebuild would change nothing)."""
    stamp_file = Path(out_dir) / STAMP
    if not stamp_file.is_file():
        return False
    try:
        return stamp_file.read_text(encoding="utf-8").strip() == build_stamp(corpus_root, site)
    except OSError:
        return False


def write_fingerprint(out_dir: Path, corpus_root: Path) -> None:
    (out_dir / FINGERPRINT).write_text(input_fingerprint(corpus_root) + "\n", encoding="utf-8")


def state_of(out_dir: Path, corpus_root: Path) -> str:
    """'fresh', 'missing' or 'stale'."""
    data = out_dir / "data"
    if not (data / "sources.json").is_file() or not (out_dir / FINGERPRINT).is_file():
        return "missing"
    recorded = (out_dir / FINGERPRINT).read_text(encoding="utf-8").strip()
    return "fresh" if recorded == input_fingerprint(corpus_root) else "stale"


class BuiltData:
    """The records of `out_dir/data`, each file read on first use."""

    def __init__(self, out_dir: Path):
        self.out_dir = Path(out_dir)
        self.data = self.out_dir / "data"

    def _json(self, name: str):
        path = self.data / name
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as exc:   # (arrays nested past the stack)
            raise HoyleError(f"{path}: cannot read the built data ({exc})",
                             hint="rebuild it: hoyle build --force") from None

    def _jsonl(self, name: str) -> list[dict]:
        path = self.data / name
        try:
            rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        except (OSError, ValueError, RecursionError) as exc:
            raise HoyleError(f"{path}: cannot read the built data ({exc})",
                             hint="rebuild it: hoyle build --force") from None
        for n, row in enumerate(rows, 1):   # one record (a JSON object) per line
            if not isinstance(row, dict):
                raise HoyleError(f"{path}: record {n}: cannot read the built data (a JSON object was expected)",
                                 hint="rebuild it: hoyle build --force")
        return rows

    def _records(self, name: str, model: str) -> list:
        """The records of one file as their schema model (strict models read JSON, not dicts)."""
        import schemas
        cls = getattr(schemas, model)
        rows = self._jsonl(name) if name.endswith(".jsonl") else self._json(name)
        if not isinstance(rows, list):
            raise HoyleError(f"{self.data / name}: cannot read the built data (a list of records was expected)",
                             hint="rebuild it: hoyle build --force")
        out = []
        for n, r in enumerate(rows, 1):   # a hand-edited or damaged record is named, not a traceback
            try:
                out.append(cls.model_validate_json(json.dumps(r)))
            except ValueError as exc:
                first = str(exc).splitlines()[0]
                raise HoyleError(f"{self.data / name}: record {n}: cannot read the built data ({first})",
                                 hint="rebuild it: hoyle build --force") from None
        return out

    @cached_property
    def sources(self):
        return self._records("sources.json", "Source")

    @cached_property
    def games(self):
        return self._records("games.json", "Game")

    @cached_property
    def games_by_id(self):
        return {g.id: g for g in self.games}

    @cached_property
    def comparisons(self):
        return self._records("comparisons.json", "Comparison")

    @cached_property
    def facts(self):
        return self._records("facts.jsonl", "Fact")

    def comparison(self, game_id: str):
        return next((c for c in self.comparisons if c.game_id == game_id), None)

    @cached_property
    def _described(self) -> dict[str, set[str]]:
        """Sources with a game or variant section of each game (from sections.jsonl)."""
        out: dict[str, set[str]] = {}
        for s in self._records("sections.jsonl", "Section"):   # a damaged record is named, not a KeyError
            if s.kind in ("game", "variant") and s.game_id:
                out.setdefault(s.game_id, set()).add(s.source_id)
        return out

    def source_count(self, game_id: str) -> int:
        """Sources that describe a game (align.game_sources: a section of it or a rule fact about
        it; one count everywhere: the command line, comparisons.json and the site)."""
        comp = self.comparison(game_id)
        return len(comp.sources) if comp else len(self._described.get(game_id, ()))
