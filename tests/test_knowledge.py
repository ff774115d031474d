"""Knowledge as typed data: a fourth language is a folder, a new facet or phrasing is a YAML
change, and a mistake in any knowledge file is an error naming its file and line."""

import shutil
from pathlib import Path

import pytest

from pipeline.build import build, load_checked_knowledge
from pipeline.errors import HoyleError
from pipeline.knowledge import load_knowledge
from pipeline.manifest import load_manifest
from tests.conftest import CORPUS

FIXTURES = Path(__file__).parent / "fixtures"


def facts_of_build(tmp_path, corpus: Path):
    import json
    out = tmp_path / "out"
    build(corpus, out, site=False, progress=False, cache=False)
    return [json.loads(line) for line in (out / "data" / "facts.jsonl").read_text(encoding="utf-8").splitlines()]


def test_a_fourth_language_from_a_folder_extracts_facts(tmp_path):
    corpus = tmp_path / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    facts = facts_of_build(tmp_path, corpus)
    got = [(f["game_id"], f["facet"], f["value"], f["rule"]) for f in facts]
    assert ("skat", "players", {"min": 3, "max": 3}, "de.players.von_n_spielern") in got
    assert ("skat", "hand_size", 10, "de.tok.hand.erhaelt") in got
    text = (corpus / "texts" / "skat.txt").read_text(encoding="utf-8")
    for f in facts:
        assert text[f["anchor"]["start"]:f["anchor"]["end"]] == f["anchor"]["quote"]


def test_a_language_without_a_profile_is_refused(tmp_path):
    corpus = tmp_path / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    shutil.rmtree(corpus / "lang")
    with pytest.raises(HoyleError, match=r"sources.toml: .*language 'de' has no profile"):
        load_manifest(corpus)


def _corpus_with(tmp_path, name: str, edit) -> Path:
    corpus = tmp_path / "c"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    path = corpus / name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CORPUS / name, path)
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return corpus


@pytest.mark.parametrize("name, edit, message", [
    ("lang/de/facts.yaml", lambda t: t.replace("facet: players", "facet: player"), r"facts.yaml:2: .*unknown facet 'player'"),
    ("lang/de/facts.yaml", lambda t: t.replace("facet: players,", "facet: players, read: range,"),
     r"facts.yaml:2: .*unknown reader 'range'"),
    ("lang/de/facts.yaml", lambda t: t.replace("facet: players,", "facet: players, read: rank_list,"),
     r"facts.yaml:2: .*reader 'rank_list' gives ranks, but facet 'players' is range"),
    ("lang/de/facts.yaml", lambda t: t.replace("{N}", "{NUMBER}"), r"facts.yaml:2: .*unknown macro \{NUMBER\}"),
    ("lang/de/facts.yaml", lambda t: t.replace("{N}", "(?P<x>\\d+)"), r"facts.yaml:2: .*needs the group"),
    ("lang/de/facts.yaml", lambda t: t.replace("pattern:", "patern:"), r"facts.yaml:2: .*patern: unknown key"),
    ("lang/de/profile.yaml", lambda t: t.replace("articles:", "article:"), r"profile.yaml:9: names.article: unknown key"),
    ("lang/de/profile.yaml", lambda t: t.replace("'\\bund\\b'", "'(und'"), r"profile.yaml:6: words.and.*invalid regex"),
    ("lang/de/token_rules.yaml", lambda t: t.replace("facet: hand_size", "facet: hand"), r"token_rules.yaml:4: .*unknown facet 'hand'"),
    ("facets.yaml", lambda t: t.replace("  players: {type: range,", "  players: {type: rangee,"), r"facets.yaml:\d+: facets.players.type"),
    ("facets.yaml", lambda t: t.replace("families: [cribbage]}", "familes: [cribbage]}", 1), r"facets.yaml:\d+: items.pair.familes: unknown key"),
    # issue 29: a cue group no vocabulary lists is a misspelling, in the registry or a profile
    ("facets.yaml", lambda t: t.replace("cues: [deck],", "cues: [dekc],", 1),
     r"facets.yaml:\d+: facets.deck_size.cues.0: unknown cue group 'dekc'"),
    ("facets.yaml", lambda t: t.replace("where: clause, when: [bonus]", "where: clause, when: [bonsu]", 1),
     r"facets.yaml:\d+: facets.target_score.relations.2.when.0: unknown cue group 'bonsu'"),
    # a relation is a registered action, looking where that action can look
    ("facets.yaml", lambda t: t.replace("{action: drop, where: sentence, when: [pack_total]}",
                                        "{action: dorp, where: sentence, when: [pack_total]}", 1),
     r"facets.yaml:\d+: facets.target_score.relations.1.action: unknown relation 'dorp'"),
    ("facets.yaml", lambda t: t.replace("{action: drop, where: sentence, when: [pack_total]}",
                                        "{action: drop, where: label, when: [pack_total]}", 1),
     r"facets.yaml:\d+: facets.target_score.relations.1.where: relation 'drop' cannot look 'label'"),
    ("facets.yaml", lambda t: t.replace("when: [alternate_packs], qualifier: optional",
                                        "when: [alternate_packs], qualifier: optinal", 1),
     r"facets.yaml:\d+: facets.packs.relations.1.qualifier: unknown qualifier 'optinal'"),
    ("lang/de/profile.yaml", lambda t: t + "statements:\n  cues:\n    jeder: ['\\bjede[rnm]?\\b']\n",
     r"profile.yaml:\d+: statements.cues.jeder: unknown cue group 'jeder'"),
    ("terms.yaml", lambda t: t.replace("  A:  {en: [ace],", "  A:  {eng: [ace],"), r"terms.yaml:\d+: ranks.A.eng: unknown key"),
    ("games.yaml", lambda t: t.replace("parent: piquet", "parent: piquett", 1), r"games.yaml:\d+: \d+.parent: parent 'piquett' is not a game id"),
    # issue 14: the top-level shape of a file, a bad regex, a rule without a pattern
    ("games.yaml", lambda t: "42\n", r"games.yaml:1: .*valid list"),
    ("facets.yaml", lambda t: "- a\n- b\n", r"facets.yaml:1: .*valid dictionary"),
    ("terms.yaml", lambda t: "just a string\n", r"terms.yaml:1: .*valid dictionary"),
    ("lang/de/facts.yaml", lambda t: t.replace("'von\\s+{N}\\s+Spielern'", "'von ((\\s+{N}'"),
     r"facts.yaml:2: .*invalid pattern: missing \)"),
    ("lang/de/facts.yaml", lambda t: t.replace(", pattern: 'von\\s+{N}\\s+Spielern'", ""),
     r"facts.yaml:2: .*pattern: Field required"),
])
def test_a_mistake_in_a_knowledge_file_names_its_file_and_line(tmp_path, name, edit, message):
    corpus = _corpus_with(tmp_path, name, edit)
    with pytest.raises(HoyleError, match=message):
        load_checked_knowledge(load_manifest(corpus))


def test_every_cue_group_the_code_reads_is_in_the_vocabulary():
    # a group named in Python ("cues.get('subject')") has its meaning in cue_groups.yaml too
    # (the roles' groups are the typed fields of a profile's `statements: roles:`)
    import re

    from pipeline.lang.cue_groups import load_vocabulary
    vocab = load_vocabulary().groups
    root = Path(__file__).parent.parent / "pipeline"
    named = {m for path in root.rglob("*.py")
             for m in re.findall(r"(?<!cues\.)cues(?:\.get\(|\[)\"(\w+)\"", path.read_text(encoding="utf-8"))}
    assert named and named <= set(vocab), sorted(named - set(vocab))


def test_a_language_lacking_a_cue_group_the_registry_names_is_a_build_warning():
    knowledge = load_knowledge(load_manifest(CORPUS))
    assert any("gives no words to cue group" in w and "'ja'" in w for w in knowledge.warnings)


def test_a_new_facet_and_its_phrasing_are_a_yaml_change(tmp_path):
    """A facet `tricks_to_win` (int) added to facets.yaml and a German phrasing for it: the
    build extracts it, the registry orders it, and no code knows its name."""
    def add_facet(t: str) -> str:
        return t.replace("  target_score:", "  tricks_to_win: {type: int, bounds: [1, 13], doc: \"tricks a side must take\",\n"
                                            "    labels: {en: Tricks to win}}\n  target_score:", 1)
    corpus = _corpus_with(tmp_path, "facets.yaml", add_facet)
    rules = corpus / "lang" / "de" / "facts.yaml"
    rules.write_text(rules.read_text(encoding="utf-8")
                     + "  - {id: tricks.mindestens, facet: tricks_to_win, pattern: 'mindestens\\s+{N}\\s+Stiche'}\n",
                     encoding="utf-8")
    text = corpus / "texts" / "skat.txt"
    text.write_text(text.read_text(encoding="utf-8") + "Der Spieler braucht mindestens zwölf Stiche.\n", encoding="utf-8")
    facts = facts_of_build(tmp_path, corpus)
    assert any(f["facet"] == "tricks_to_win" and f["value"] == 12 for f in facts)
    knowledge = load_knowledge(load_manifest(corpus))
    assert knowledge.facets.label("tricks_to_win") == "Tricks to win"
    assert knowledge.facets.core.index("tricks_to_win") == knowledge.facets.core.index("target_score") - 1


def test_the_facet_registry_drives_bounds_order_and_labels():
    knowledge = load_knowledge(load_manifest(CORPUS))
    reg = knowledge.facets
    assert reg.within("players", 4) and not reg.within("players", 40)
    assert reg.within("score:repique", 60) and not reg.known("score:nosuch")
    assert reg.order_key("players", None) < reg.order_key("deck_size", None) < reg.order_key("score:repique", None)
    assert reg.label("players", "ja") == "人数" and reg.label("score:repique", "en") == "repique"


def test_the_json_schema_states_each_facets_value_shape(embedded_build):
    import json

    import jsonschema

    out, _ = embedded_build
    schema = json.loads((out / "data" / "schema" / "fact.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    fact = json.loads((out / "data" / "facts.jsonl").read_text(encoding="utf-8").splitlines()[0])
    players = dict(fact, facet="players", value={"min": 2, "max": 4})
    assert not list(validator.iter_errors(players))
    assert list(validator.iter_errors(dict(players, value=4)))                    # players is a range
    assert list(validator.iter_errors(dict(fact, facet="rank_order", value=12)))  # a rank list
    assert not list(validator.iter_errors(dict(fact, facet="score:repique", value=60)))
    assert list(validator.iter_errors(dict(fact, facet="score:repique", value=[60])))
