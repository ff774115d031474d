"""A multilingual gazetteer of game names: exact keys, title clean-up, prefix and fuzzy match."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import regex
from rapidfuzz import fuzz, process

from pipeline.ingest.normalize import normalize
from pipeline.knowledge import Knowledge

_MARKERS = regex.compile(r"\{(?:\d{1,4}|[ivxlcdm]{1,8})\}|\[\d{1,3}\]")
# Alternatives inside one heading: "NEWMARKET, OR STOPS", "ドゥラークまたは“ばか”", "ОКШН-БРИДЖ, ИЛИ ОКШН".
_ALTERNATIVES = regex.compile(r"(?i)\s*(?:,?\s+or\s+|,\s*|\s*または\s*|,?\s+или\s+|、|\s+\(|（|\()\s*")
_TRAILING_NOISE = regex.compile(r"(?i)(?:\s*\(\s*\d+\s*\).*|\s*,\s*for\s+.*|\s*[)）].*)$")
_LEADING_ARTICLE = regex.compile(r"(?i)^(?:the|a)\s+")
# What may follow a game name at the start of a longer Japanese/other heading ("ブロートの…").
_PREFIX_JOINERS = ("の", "における", "風", "式")
FUZZY_CUTOFF = 90


@lru_cache(maxsize=65536)
def name_key(text: str) -> str:
    """Comparable form of a name: width-normalized, case-folded, letters and digits only."""
    text = _MARKERS.sub("", normalize(text)).casefold()
    text = _LEADING_ARTICLE.sub("", text.strip())
    return "".join(ch for ch in text if ch.isalnum())


@dataclass(frozen=True)
class Match:
    game_id: str
    method: str   # exact | part | prefix | fuzzy
    score: float
    key: str


_PAREN = regex.compile(r"\s*[(（][^)）]*[)）]\s*")


class Gazetteer:
    def __init__(self, knowledge: Knowledge):
        self.knowledge = knowledge
        self._all: dict[str, list[str]] = {}
        secondary: list[tuple[str, str]] = []
        for game in knowledge.games:
            names = [game.names.en, game.names.ja, game.names.ru, game.id.replace("-", " "), *game.aliases]
            for name in names:
                if not name:
                    continue
                self._add(name_key(name), game.id)
                # "Vingt-et-un (dice)" is also called plain "Vingt-et-un": an ambiguous key
                bare = _PAREN.sub(" ", name).strip()
                if bare != name:
                    secondary.append((name_key(bare), game.id))
        for key, gid in secondary:
            self._add(key, gid)
        self.keys = {k: v[0] for k, v in self._all.items()}
        self._fuzzy_keys = [k for k in self.keys if len(k) >= 5]
        # Longest first, so "rubicon piquet" wins over "piquet" as a prefix.
        self._prefix_keys = sorted((k for k in self.keys if len(k) >= 3), key=len, reverse=True)

    def _add(self, key: str, game_id: str) -> None:
        if key:
            ids = self._all.setdefault(key, [])
            if game_id not in ids:
                ids.append(game_id)

    def _pick(self, key: str, context: list[str]) -> str:
        """Of the games a key names, the one closest to the context (same line, then family)."""
        ids = self._all[key]
        if len(ids) == 1 or not context:
            return ids[0]
        kn = self.knowledge
        lines = {g for c in context for g in kn.family_line(c)}
        families = {kn.by_id[c].family for c in context if c in kn.by_id}
        for gid in ids:
            if set(kn.family_line(gid)) & lines and gid not in context:
                return gid
        for gid in ids:
            if kn.by_id[gid].family in families:
                return gid
        return ids[0]

    def parts(self, title: str) -> list[str]:
        t = _MARKERS.sub("", normalize(title)).strip().rstrip("。.．:：")
        out = [t, _TRAILING_NOISE.sub("", t)]
        out += [p for p in _ALTERNATIVES.split(t) if p]
        out += [_TRAILING_NOISE.sub("", p) for p in _ALTERNATIVES.split(t) if p]
        seen, uniq = set(), []
        for p in out:
            k = name_key(p)
            if k and k not in seen:
                seen.add(k)
                uniq.append(k)
        return uniq

    def match(self, title: str, *, allow_prefix: bool = True, allow_numeric: bool = True,
              context: list[str] | None = None) -> Match | None:
        context = context or []
        keys = self.parts(title)
        if not allow_numeric:
            keys = [k for k in keys if not k.isdigit()]
        if not keys:
            return None
        whole = keys[0]
        if whole in self.keys:
            return Match(self._pick(whole, context), "exact", 100.0, whole)
        for k in keys[1:]:
            if k in self.keys:
                return Match(self._pick(k, context), "part", 100.0, k)
        if allow_prefix:
            norm = _MARKERS.sub("", normalize(title)).casefold()
            for k in self._prefix_keys:
                if whole.startswith(k):
                    rest = norm[len(k):] if norm.startswith(k) else None
                    # the prefix must end at a word joint ("ブロートの…"), not inside a word
                    if rest is not None and rest.startswith(_PREFIX_JOINERS):
                        return Match(self._pick(k, context), "prefix", 95.0, k)
        if len(whole) >= 5 and self._fuzzy_keys:
            best = process.extractOne(whole, self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            if best:
                return Match(self._pick(best[0], context), "fuzzy", float(best[1]), best[0])
        return None

    def near_miss(self, title: str) -> tuple[str, float] | None:
        """The closest game name below the cut-off (for 'ambiguous heading' warnings)."""
        keys = self.parts(title)
        if not keys or len(keys[0]) < 5 or not self._fuzzy_keys:
            return None
        best = process.extractOne(keys[0], self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=80)
        return (self.keys[best[0]], float(best[1])) if best else None
