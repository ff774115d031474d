"""The knowledge a build runs on, loaded once, validated, and passed explicitly to each stage:
the corpus files (games.yaml, terms.yaml, facets.yaml), the language profiles and the heading
conventions. What is compiled from them (rank vocabulary, game-name index, rules, token rules)
is built on first use and kept on this object, never in module state."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pipeline.datafile import load_model, located_error
from pipeline.errors import HoyleError
from pipeline.identify.heading_scorer import SCORER_FILE, HeadingScorer, load_scorer
from pipeline.knowledge.facets import FacetRegistry
from pipeline.knowledge.fact_scorer import SCORER_FILE as FACT_SCORER_FILE
from pipeline.knowledge.fact_scorer import FactScorer, load_fact_scorer
from pipeline.knowledge.models import FacetsFile, GamesFile, TermsFile
from pipeline.lang import Languages, load_languages
from pipeline.lang.cue_groups import check_cue_groups, load_vocabulary
from schemas import Game

KNOWLEDGE_FILES = ("games.yaml", "terms.yaml", "facets.yaml")


@dataclass(frozen=True, eq=False)
class Knowledge:
    games: tuple[Game, ...]
    terms: TermsFile
    facets: FacetRegistry
    languages: Languages
    digest: str
    paths: dict[str, Path] = field(default_factory=dict)
    by_id: dict[str, Game] = field(default_factory=dict)
    heading_scorer: HeadingScorer | None = None   # fitted by `hoyle train` (identify/heading_scorer.py)
    fact_scorer: FactScorer | None = None         # fitted by `hoyle train` (knowledge/fact_scorer.py)
    warnings: tuple[str, ...] = ()                # told once per build (a language lacking a cue group)

    def family_line(self, game_id: str | None) -> list[str]:
        """The game and its ancestors (a variant, its parent, ...)."""
        out = []
        while game_id and game_id not in out:
            out.append(game_id)
            game = self.by_id.get(game_id)
            game_id = game.parent if game else None
        return out

    @cached_property
    def suit_names(self) -> dict[str, str]:
        """Every suit name in every language (lower-cased) -> suit id."""
        return {str(w).lower(): suit for suit, names in self.terms.suits.items() for w in names.all_words()}

    @cached_property
    def _memo(self) -> dict:
        return {}

    def with_heading_scorer(self, scorer: HeadingScorer | None) -> Knowledge:
        """The same knowledge with another heading scorer; what is compiled from the registry
        and the profiles does not depend on it and is shared."""
        from dataclasses import replace

        other = replace(self, heading_scorer=scorer)
        other.__dict__["_memo"] = self._memo
        return other

    def with_fact_scorer(self, scorer: FactScorer | None) -> Knowledge:
        """The same knowledge with another fact scorer (compiled patterns shared)."""
        from dataclasses import replace

        other = replace(self, fact_scorer=scorer)
        other.__dict__["_memo"] = self._memo
        return other

    def compiled(self, key: tuple, build):
        """What a stage compiles from this knowledge (rules, grammars), built once per key."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]


def _check_references(games: list[Game], path: Path) -> None:
    seen: dict[str, int] = {}
    for i, g in enumerate(games):
        if g.id in seen:
            raise located_error(path, (i, "id"), f"duplicate id {g.id!r} (also game #{seen[g.id] + 1})")
        seen[g.id] = i
    for i, g in enumerate(games):
        if g.parent and g.parent not in seen:
            raise located_error(path, (i, "parent"), f"parent {g.parent!r} is not a game id")


def load_knowledge(corpus) -> Knowledge:
    """The knowledge of a corpus: its own files where it has them, else the embedded ones."""
    languages = load_languages(corpus.root / "lang")
    context = {"languages": languages.codes}
    paths = {name: corpus.knowledge_path(name) for name in KNOWLEDGE_FILES}
    for name, p in paths.items():
        if not p.is_file():
            raise HoyleError(f"{p}: knowledge file {name} not found")
    games = load_model(paths["games.yaml"], GamesFile, wrap="games", context=context).games
    _check_references(games, paths["games.yaml"])
    terms = load_model(paths["terms.yaml"], TermsFile, context=context)
    facets = FacetRegistry(load_model(paths["facets.yaml"], FacetsFile, context=context))
    warnings = check_cue_groups(facets.data, paths["facets.yaml"], languages, load_vocabulary())
    # (imported here: the relations act on extraction's sentences, and extraction reads knowledge)
    from pipeline.extract.relations import check_relations
    check_relations(facets.data, paths["facets.yaml"], facets.qualifiers)
    digest = hashlib.sha256()
    for name, p in sorted(paths.items()):
        digest.update(name.encode())
        digest.update(p.read_bytes())
    digest.update(languages.digest().encode())
    for scorer_file in (SCORER_FILE, FACT_SCORER_FILE):
        if scorer_file.is_file():
            digest.update(scorer_file.read_bytes())
    knowledge = Knowledge(games=tuple(games), terms=terms, facets=facets, languages=languages,
                          digest=digest.hexdigest(), paths=paths, by_id={g.id: g for g in games},
                          heading_scorer=load_scorer(), fact_scorer=load_fact_scorer(), warnings=tuple(warnings))
    return knowledge
