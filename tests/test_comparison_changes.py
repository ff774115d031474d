"""A build says which comparisons of games compared before it changed (a new source's effect)."""

import json

from pipeline.align import compare_game
from pipeline.comparison_changes import comparison_changes, previous_rows
from tests.test_align_export import fact
from tests.test_segment import KNOWLEDGE


def test_a_new_source_that_changes_a_compared_game_is_listed(tmp_path):
    old = compare_game("piquet", [fact("a", "deck_size", 32, n=1), fact("b", "deck_size", 32, n=2),
                                  fact("a", "target_score", 100, n=3)], ["a", "b"], KNOWLEDGE.facets)
    (tmp_path / "comparisons.json").write_text(json.dumps([old.model_dump(mode="json")]), encoding="utf-8")
    new = compare_game("piquet", [fact("a", "deck_size", 32, n=1), fact("b", "deck_size", 32, n=2),
                                  fact("c", "deck_size", 36, n=4)], ["a", "b", "c"], KNOWLEDGE.facets)
    other = compare_game("euchre", [fact("c", "deck_size", 32, game="euchre", n=5)], ["c"], KNOWLEDGE.facets)
    changes = comparison_changes(previous_rows(tmp_path), [new, other])
    assert changes == ["piquet: deck_size agree → differ (+c)", "piquet: target_score single → gone"]


def test_no_previous_build_no_changes(tmp_path):
    assert previous_rows(tmp_path) is None
    assert comparison_changes(None, []) == []
