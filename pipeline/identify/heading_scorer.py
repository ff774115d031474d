"""A learned scorer for one question of game finding: is a heading that the registry does not
know, standing in the tier of headings that name known games, a game of its own or a topic of
the game above it? ("LOTTERY." among Cassell's round games; "SHUFFLING." inside its Whist.)

The rules of `siblings` answer it where a tier has a frame (RULES, PLAY under every game) or a
count of cards; a book of pastimes has neither, and its games stand as bare caps titles
between topics. The scorer reads what a person would look at: whether the heading's part names
cards and counts them, calls itself a game early, repeats the heading's name, names another
game, how long it runs, what share of its tier the registry knows. It is a logistic model
fitted by `hoyle train` on the hand-read unseen texts and measured leaving one site out; its
weights are a knowledge file (`pipeline/identify/heading_scorer.json`), read here without
scikit-learn."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from regex import escape as regex_escape

from pipeline.patterns import compile_pattern

SCORER_FILE = Path(__file__).with_name("heading_scorer.json")

FEATURES = (
    "rule_words",         # the lead counts cards or packs, or has a summary label
    "card_words",         # the lead names cards or packs
    "card_density",       # how often (five or more: 1)
    "framed",             # the tier's frame (a recurring topic heading right after it)
    "flat",               # a flat layout (caps or title lines), no depth
    "names_itself",       # the lead repeats the heading's name ("The game of Schimmel")
    "game_word_early",    # the lead's first words speak of a game ("This game may be played")
    "other_game",         # the lead names a game of the registry
    "heading_card_word",  # the heading itself names cards ("TO SIGHT A CARD", "12枚目のカード")
    "heading_game_word",  # the heading itself speaks of a game ("初心者向けゲーム解説")
    "heading_current",    # the heading repeats the name of the game it stands in
    "body_log",           # the part's length (log10 of its characters, / 4)
    "name_words",         # words of the name (/ 4)
    "known_share",        # share of the tier's named headings the registry knows
    "caps",               # the heading is in capitals
    "form_share",         # share of the tier's known game headings written in its form (marks, stop, case)
    "run_length",         # unknown headings in its run between two known games (log)
    "heading_term",       # the heading names a term of play or a summary label ("SHUFFLING", 「切札の選び方」)
)


class HeadingScorer(BaseModel):
    """Weights of the fitted model, where they came from, and what they scored."""

    model_config = ConfigDict(extra="forbid")
    features: list[str]
    coef: list[float]
    intercept: float
    threshold: float = Field(0.5, gt=0, lt=1)
    # what decides, as measured leaving one site out: the rules of siblings alone, the model
    # alone, or either of them (`hoyle train` keeps the best F1 and shows all three)
    way: Literal["rules", "model", "either"] = "rules"
    trained_on: str = ""            # digest of the training rows
    rows: int = 0
    sites: int = 0
    measured: dict[str, float] = Field(default_factory=dict)   # leave-one-site-out figures at fit time

    @model_validator(mode="after")
    def _known_features(self):
        unknown = [f for f in self.features if f not in FEATURES]
        if unknown or len(self.coef) != len(self.features):
            raise ValueError(f"unknown features {unknown} or {len(self.coef)} weights for "
                             f"{len(self.features)} features")
        return self

    def probability(self, feats: dict[str, float]) -> float:
        z = self.intercept + sum(w * feats.get(f, 0.0) for f, w in zip(self.features, self.coef, strict=True))
        return 1 / (1 + math.exp(-max(-40.0, min(40.0, z))))

    def accepts(self, feats: dict[str, float]) -> bool:
        return self.probability(feats) >= self.threshold

    def decides(self, by_rule: bool, feats: dict[str, float]) -> bool:
        """Whether the heading is a game, the way this scorer was kept."""
        if self.way == "rules":
            return by_rule
        return self.accepts(feats) or (self.way == "either" and by_rule)


def load_scorer(path: Path = SCORER_FILE) -> HeadingScorer | None:
    """The fitted scorer, or None before `hoyle train` has written one."""
    from pipeline.datafile import load_model

    return load_model(path, HeadingScorer) if path.is_file() else None


class FeatureContext:
    """What the features are read with: the knowledge's compiled patterns and game index."""

    def __init__(self, rule_words, card_words, knowledge, gaz):
        self.rule_words, self.card_words, self.gaz = rule_words, card_words, gaz
        terms = [w for t in knowledge.terms.terms for w in t.all_words()]
        labels = knowledge.languages.all_patterns(lambda p: [w for ws in p.statements.labels.values() for w in ws])
        self.term_words = compile_pattern("(?i)" + "|".join([*(regex_escape(str(w)) for w in terms), *labels]))
        self.game_words = knowledge.compiled(("game_words",), lambda: compile_pattern(
            "|".join(knowledge.languages.all_patterns(lambda p: p.names.game_words)) or "(?!)"))


LEAD = 1000        # where a game's part says what it is played with
EARLY = 200        # where it says that it is a game
ITSELF = 600       # where it repeats its name


def form(text: str) -> tuple:
    """A heading's written form: its marks (_X_, *X*), its closing stop, its case."""
    letters = [ch for ch in text if ch.isalpha()]
    return (text.strip()[:1] in "_*", text.rstrip()[-1:] in ".。:：", bool(letters) and all(ch.isupper() for ch in letters))


def heading_features(ctx: FeatureContext, cand, body: str, current: str | None, tier: dict[str, float],
                     framed: bool, flat: bool) -> dict[str, float]:
    """The features of FEATURES for one heading, its part's text `body`, the known game it
    stands after (`current`), the share of its tier the registry knows."""
    gaz = ctx.gaz
    lead = body[:LEAD]
    name = gaz.plausible_name(cand.text) or cand.text
    key = gaz.name_key(name)
    cards = len(ctx.card_words.findall(lead))
    letters = [ch for ch in cand.text if ch.isalpha()]
    current_keys = [k for k in gaz.keys_of_game(current) if len(k) >= 3] if current else []
    return {
        "rule_words": float(bool(ctx.rule_words.search(lead))),
        "card_words": float(cards > 0),
        "card_density": min(cards, 5) / 5,
        "framed": float(framed),
        "flat": float(flat),
        "names_itself": float(bool(key) and key in gaz.name_key(lead[:ITSELF])),
        "game_word_early": float(bool(ctx.game_words.search(lead[:EARLY]))),
        "other_game": float(bool(gaz.mentions(lead[:ITSELF]))),
        "heading_card_word": float(bool(ctx.card_words.search(cand.text))),
        "heading_game_word": float(bool(ctx.game_words.search(cand.text))),
        "heading_current": float(any(k in key for k in current_keys)),
        "body_log": min(math.log10(len(body) + 1) / 4, 1.5),
        "name_words": min(len(name.split()), 4) / 4,
        "known_share": tier["known_share"],
        "caps": float(bool(letters) and all(ch.isupper() for ch in letters)),
        "form_share": tier["form_share"],
        "run_length": min(math.log2(1 + tier["run"]) / 4, 1.5),
        "heading_term": float(bool(ctx.term_words.search(cand.text)) or bool(ctx.card_words.search(cand.text))),
    }
