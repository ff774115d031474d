"""A learned scorer of fact candidates (extract/candidates.py): for a number with a unit that
no phrase rule or general statement read, is it the game's value of that facet?

One logistic model per facet over named features (cue groups on each side of the number, the
line it stands on, the value's size), fitted by `hoyle train` on the hand-read unseen texts
and measured leaving one site out; its weights are a knowledge file
(`pipeline/knowledge/fact_scorer.json`), read here without scikit-learn. `way` says what
measured best: the rules alone (the scorer adds nothing) or the rules with the candidates the
model accepts."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SCORER_FILE = Path(__file__).with_name("fact_scorer.json")


class FacetModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    weights: dict[str, float]       # feature name -> weight (features not named weigh 0)
    intercept: float
    threshold: float = Field(0.5, gt=0, lt=1)
    rows: int = 0
    positives: int = 0


class FactScorer(BaseModel):
    """Weights per facet, where they came from, and what each way scored leaving one site out."""

    model_config = ConfigDict(extra="forbid")
    facets: dict[str, FacetModel]
    way: Literal["rules", "combined"] = "rules"
    trained_on: str = ""            # digest of the training rows
    rows: int = 0
    sites: int = 0
    measured: dict[str, float] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _finite(self):
        for facet, m in self.facets.items():
            if not all(math.isfinite(w) for w in m.weights.values()) or not math.isfinite(m.intercept):
                raise ValueError(f"facet {facet!r}: weights must be finite numbers")
        return self

    def probability(self, facet: str, feats: dict[str, float]) -> float | None:
        model = self.facets.get(facet)
        if model is None:
            return None
        z = model.intercept + sum(model.weights.get(f, 0.0) * v for f, v in feats.items())
        return 1 / (1 + math.exp(-max(-40.0, min(40.0, z))))

    def accepts(self, facet: str, feats: dict[str, float]) -> bool:
        p = self.probability(facet, feats)
        return p is not None and p >= self.facets[facet].threshold

    @property
    def adds(self) -> bool:
        """Whether the build adds the candidates the model accepts (the way kept)."""
        return self.way == "combined"


def load_fact_scorer(path: Path = SCORER_FILE) -> FactScorer | None:
    """The fitted scorer, or None before `hoyle train` has written one."""
    from pipeline.datafile import load_model

    return load_model(path, FactScorer) if path.is_file() else None
