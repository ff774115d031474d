"""The corpus knowledge files (games.yaml, terms.yaml, facets.yaml), loaded and validated."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from pipeline.errors import HoyleError
from pipeline.manifest import Corpus
from schemas import Game


@dataclass(frozen=True)
class Knowledge:
    games: tuple[Game, ...]
    terms: dict[str, Any]
    facets: dict[str, Any]
    digest: str
    by_id: dict[str, Game] = field(default_factory=dict)

    def family_line(self, game_id: str | None) -> list[str]:
        """The game and its ancestors (a variant, its parent, ...)."""
        out = []
        while game_id and game_id not in out:
            out.append(game_id)
            game = self.by_id.get(game_id)
            game_id = game.parent if game else None
        return out


def _read_yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except yaml.YAMLError as exc:
        raise HoyleError(f"{path}: malformed YAML: {exc}") from None


def load_knowledge(corpus: Corpus) -> Knowledge:
    paths = {name: corpus.knowledge_path(name) for name in ("games.yaml", "terms.yaml", "facets.yaml")}
    raw_games = _read_yaml(paths["games.yaml"]) or []
    games: list[Game] = []
    seen: set[str] = set()
    for i, item in enumerate(raw_games, start=1):
        try:
            game = Game.model_validate(item)
        except ValidationError as exc:
            first = exc.errors()[0]
            raise HoyleError(f"{paths['games.yaml']}: game #{i} ({item.get('id') if isinstance(item, dict) else item!r}): "
                             f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from None
        if game.id in seen:
            raise HoyleError(f"{paths['games.yaml']}: game #{i}: duplicate id {game.id!r}")
        seen.add(game.id)
        games.append(game)
    for g in games:
        if g.parent and g.parent not in seen:
            raise HoyleError(f"{paths['games.yaml']}: game {g.id!r}: parent {g.parent!r} is not a game id")
    digest = hashlib.sha256()
    for name, p in sorted(paths.items()):
        digest.update(name.encode())
        digest.update(p.read_bytes() if p.is_file() else b"")
    return Knowledge(games=tuple(games), terms=_read_yaml(paths["terms.yaml"]) or {},
                     facets=_read_yaml(paths["facets.yaml"]) or {}, digest=digest.hexdigest(),
                     by_id={g.id: g for g in games})
