"""`hoyle eval --unseen DIR`: score texts the pipeline was not built on.

A folder in the external-dev format (`sources.toml`, `texts/`, `expected.json` with hand-read
games and facts, each fact with an exact `quote`) is built into a temporary folder, then:

- games identified: an expected game is identified when a game section of its text is that
  game (or its parent/variant), or a provisional game with one of the names the text uses;
- wrong games: game sections labelled with a game the text does not present;
- facts: recall over the expected facts (same game, facet and value, one of its citations
  within a line of the expected quote); precision over every rule fact extracted from the text
  (the expected facts are all the text states, so every fact is judged: right when the text
  states that value for that game and facet), except in a case marked `all_facts: false` (a
  long text whose every game is listed but only some of its facts). Facts of examples, advice and history are
  evidence only and are not judged.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.errors import HoyleError
from pipeline.evaluate import PR, canonical_value, family_lines
from pipeline.extract.roles import RULE_ROLES
from pipeline.patterns import compile_pattern
from pipeline.positions import line_of, line_starts

GAME_KINDS = ("game", "variant")
_NOTE = compile_pattern(r"\s*[(（][^)）]*[)）]\s*")


@dataclass
class TextEval:
    source_id: str
    games_expected: int = 0
    games_found: int = 0
    wrong_games: list[str] = field(default_factory=list)
    facts: PR = field(default_factory=lambda: PR(0, 0, 0, 0))
    missed_games: list[str] = field(default_factory=list)
    missed_facts: list[dict] = field(default_factory=list)
    wrong_facts: list[dict] = field(default_factory=list)
    provisional: list[str] = field(default_factory=list)
    labels: int = 0     # distinct game labels of the text's game sections
    language: str = ""
    site: str = ""      # where the text comes from (a host name, a book)
    layout: str = ""    # its layout kind (web-article, forum-post, book-chapter, ...)


def _value_key(facet: str, value) -> str:
    if facet == "card_points" and isinstance(value, dict):
        value = {k: v for k, v in value.items() if v}
    if facet == "deal_pattern" and isinstance(value, list) and value and len(set(value)) == 1:
        # one packet size: the same deal however many rounds a reader wrote out ([3] is [3, 3],
        # [1] is [1, 1, 1]; the comparisons read it so too, align.compared)
        value = value[:1]
    return canonical_value(value)


def _host(url: str) -> str:
    from urllib.parse import urlparse
    host = urlparse(url.split()[0] if url.strip() else "").netloc
    return host.removeprefix("www.") or "unrecorded"


def case_site(case: dict, entry) -> str:
    """Where an expected text comes from: its recorded site, else its origin's host."""
    return case.get("site") or _host(case.get("source_url_or_repo_path") or entry.origin or "")


def _expected_ids(game: dict, index, provisional: dict[str, str]) -> set[str]:
    """The game ids an expected game may carry: what its English name and the names the text
    uses resolve to, and provisional games named like them."""
    ids: set[str] = set()
    for name in [game["game"], *game.get("aliases_in_text", [])]:
        m = index.match(name, allow_prefix=False)
        if m and m.method in ("exact", "part"):
            ids.add(m.game_id)
            ids.update(index.games_of_key(m.key))   # a name of two games ("All Fives"): either
        # a provisional game is named as the text names it: "Seve7s", for the expected
        # "Seve7s (four-player card game of the site)" (the bracket is the reader's note)
        for key in {index.name_key(name), index.name_key(_NOTE.sub(" ", name))}:
            if key in provisional:
                ids.add(provisional[key])
    return ids


class GameJudge:
    """Whether a text's game sections are its expected games: names resolved by the registry
    and by the provisional games of the build (`games`: games.json's entries)."""

    def __init__(self, knowledge, games: list[dict]):
        from pipeline.build import with_games
        from pipeline.identify.index import game_index
        from schemas import Game

        self.index = game_index(knowledge)
        self.games = games
        # a provisional variant ("Irish Loo", its parent Loo) is of its parent's family line, as
        # a known variant is: the game's most specific name, not another game
        self.families = family_lines(with_games(knowledge, [
            Game.model_validate({k: v for k, v in g.items() if k in Game.model_fields})
            for g in games if g.get("provisional")]))
        self.provisional = {self.index.name_key(n): g["id"] for g in games if g.get("provisional")
                            for n in [*g["names"].values(), *g.get("aliases", [])] if n}

    def games_of(self, case: dict, entry, secs: list[dict]) -> tuple[TextEval, list[tuple[dict, set[str]]]]:
        ev = TextEval(case["id"], language=case.get("language") or entry.language, site=case_site(case, entry),
                      layout=case.get("layout") or "unrecorded")
        labelled = {s["game_id"] for s in secs if s["kind"] in GAME_KINDS and s["game_id"]}
        ev.provisional = sorted(g for g in labelled if any(x["id"] == g and x.get("provisional") for x in self.games))
        wanted: list[tuple[dict, set[str]]] = []
        for game in case["games"]:
            ids = _expected_ids(game, self.index, self.provisional)
            near = {f for i in ids for f in self.families.get(i, {i})} | ids
            wanted.append((game, near))
            ev.games_expected += 1
            if labelled & near:
                ev.games_found += 1
            else:
                ev.missed_games.append(game["game"])
        allowed = set().union(*(n for _, n in wanted)) if wanted else set()
        ev.wrong_games = sorted(labelled - allowed)
        ev.labels = len(labelled)
        return ev, wanted


def read_expected(folder: Path) -> dict:
    expected_path = Path(folder) / "expected.json"
    if not expected_path.is_file():
        raise HoyleError(f"{expected_path}: no expected.json",
                         hint="an unseen folder holds sources.toml, texts/ and expected.json")
    try:
        return json.loads(expected_path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise HoyleError(f"{expected_path}:{exc.lineno}: malformed JSON: {exc.msg}") from None


def expected_facts(text: str, wanted: list[tuple[dict, set[str]]],
                   item_names: dict[str, str] | None = None) -> list[tuple[set[str], dict, tuple]]:
    """(the game ids it may carry, the expected fact, the lines of each place its quote stands)
    for every expected fact of the games a text is judged on. A quote a text repeats (a catalog
    giving many games the same line, "Klondike type. 2 decks. No redeal.") stands at each of its
    places: the game ids say whose it is."""
    gold, starts = [], line_starts(text)
    for game, near in wanted:
        for fact in game["facts"]:
            fact = {**fact, "facet": canonical_facet(fact["facet"], item_names)} if item_names else fact
            quote, places, at = fact["quote"], [], text.find(fact["quote"])
            while at >= 0 and quote:
                places.append((line_of(starts, at), line_of(starts, at + len(quote))))
                at = text.find(quote, at + 1)
            gold.append((near, fact, tuple(places) or ((0, 0),)))
    return gold


def item_ids(items: dict) -> dict[str, str]:
    """Every English spelling of a registry scoring item, and its id's words in any order, mapped
    to its id: an annotator names an item in English words ("nobs", "marriage_hearts") without
    knowing the registry's id ("his_nobs", "hearts_marriage"), as a text names a game."""
    ids: dict[str, str] = {}
    for item_id, spec in sorted(items.items()):
        ids.setdefault(" ".join(sorted(item_id.split("_"))), item_id)
        for name in spec.names.get("en", []):
            ids.setdefault(" ".join(sorted(name.casefold().replace("-", " ").split())), item_id)
    return ids


def canonical_facet(facet: str, ids: dict[str, str]) -> str:
    item = _item(facet)
    if item is None:
        return facet
    return "score:" + ids.get(" ".join(sorted(item.split("_"))), item)


def _item(facet: str) -> str | None:
    return facet.split(":", 1)[1] if facet.startswith("score:") else None


def _near_quote(f: dict, g: tuple) -> bool:
    return any(first - 1 <= f["anchor"]["line"] <= last + 1 for first, last in g[2])


def stated(f: dict, g: tuple, items: frozenset[str] = frozenset()) -> bool:
    """A predicted fact (a facts.jsonl record) states an expected fact's game, facet and value.
    A scoring item the registry (`items`) does not name is named by its label on each side: the
    annotator's id and the pipeline's spelling of the label differ, so such a fact states the
    expected one only at its place (within a line of the expected quote)."""
    near, fact, _ = g
    if f["game_id"] not in near or _value_key(f["facet"], f["value"]) != _value_key(fact["facet"], fact["value"]):
        return False
    if f["facet"] == fact["facet"]:
        return True
    mine, theirs = _item(f["facet"]), _item(fact["facet"])
    return bool(mine and theirs) and mine not in items and theirs not in items and _near_quote(f, g)


def found_at(f: dict, g: tuple, items: frozenset[str] = frozenset()) -> bool:
    """A predicted fact (one of its citations in `anchor`) finds an expected fact: it states it
    within a line of the expected quote."""
    return stated(f, g, items) and _near_quote(f, g)


def eval_folder(folder: Path, work: Path | None = None) -> list[TextEval]:
    from pipeline.build import build, load_checked_knowledge
    from pipeline.manifest import load_manifest

    folder = Path(folder)
    expected_path = folder / "expected.json"
    expected = read_expected(folder)
    with tempfile.TemporaryDirectory(prefix="hoyle-unseen-") as tmp:
        out = Path(work or tmp) / "build"
        build(folder, out, site=False, progress=False, cache=False)
        data = out / "data"
        sections = [json.loads(x) for x in (data / "sections.jsonl").read_text(encoding="utf-8").splitlines()]
        facts = [json.loads(x) for x in (data / "facts.jsonl").read_text(encoding="utf-8").splitlines()]
        games = json.loads((data / "games.json").read_text(encoding="utf-8"))
    corpus = load_manifest(folder)
    knowledge = load_checked_knowledge(corpus)
    judge = GameJudge(knowledge, games)
    items = frozenset(knowledge.facets.items)
    names = item_ids(knowledge.facets.items)
    entries = {e.id: e for e in corpus.entries}
    out_evals = []
    for case in expected["cases"]:
        sid = case["id"]
        if sid not in entries:
            raise HoyleError(f"{expected_path}: case {sid!r} is not a source of {folder / 'sources.toml'}")
        text = corpus.text_path(entries[sid]).read_text(encoding=entries[sid].encoding or "utf-8")
        ev, wanted = judge.games_of(case, entries[sid], [s for s in sections if s["source_id"] == sid])
        # a fact cites every place it is stated (`evidence`): each place is a prediction
        # only rule and law facts are predictions (an example's numbers are evidence only); a
        # fact cites every place it states its value: found when one is the expected quote's
        rules = [f for f in facts if f["source_id"] == sid and f.get("role", "rule") in RULE_ROLES]
        mine = [{**f, "anchor": a} for f in rules for a in (f.get("evidence") or [f["anchor"]])]
        gold = expected_facts(text, wanted, names)
        for g in gold:
            ev.facts.gold += 1
            if any(found_at(f, g, items) for f in mine):
                ev.facts.found += 1
            else:
                ev.missed_facts.append({"game": g[1] and g[0] and next(iter(sorted(g[0])), None), **g[1]})
        # precision per fact: right when the text states that value for that game and facet (the
        # expected facts quote each value once; a second place stating it is no wrong fact). A
        # long text read for some facts only (`all_facts: false`) is judged for recall alone.
        for f in rules if case.get("all_facts", True) else ():
            ev.facts.judged += 1
            if any(stated(f, g, items) for g in gold):
                ev.facts.correct += 1
            else:
                ev.wrong_facts.append(f)
        out_evals.append(ev)
    return out_evals
