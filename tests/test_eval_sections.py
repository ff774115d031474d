"""Segmentation and identification scored against the hand-checked gold (tests/gold/)."""

import pytest

from pipeline.evaluate import eval_sections, load_gold

F1_FLOOR = 0.90
ID_FLOOR = 0.95


def test_every_source_has_gold(embedded_build):
    _, result = embedded_build
    for s in result.sources:
        assert load_gold("sections", s.id) is not None, s.id


@pytest.mark.parametrize("source_id", ["hoyle1909-ja", "nifty1995-ja", "foster1914-en", "web2013-ja", "foster1914-ru"])
def test_section_boundaries_and_identification_meet_the_floors(embedded_build, source_id):
    _, result = embedded_build
    ev = eval_sections(source_id, result.sections[source_id], load_gold("sections", source_id))
    assert ev.boundaries.f1 >= F1_FLOOR, (ev.boundaries, [g["line"] for g in ev.missed], [s.id for s in ev.spurious])
    assert ev.id_accuracy >= ID_FLOOR, [(g["line"], g["game_id"], s.game_id) for g, s in ev.wrong_id]


def test_every_game_level_section_has_a_game_id(embedded_build):
    _, result = embedded_build
    for secs in result.sections.values():
        for s in secs:
            if s.kind in ("game", "variant"):
                assert s.game_id, s.id


def test_section_anchors_and_lines_are_consistent(embedded_build):
    _, result = embedded_build
    for sid, secs in result.sections.items():
        doc = result.documents[sid]
        for s in secs:
            assert 0 <= s.anchor.start < s.anchor.end <= len(doc.text)
            assert doc.text.count("\n", 0, s.anchor.start) + 1 == s.start_line
            assert s.start_line <= s.end_line
            if s.title:
                assert s.title in doc.text[s.anchor.start:s.anchor.end]
