"""A label's value listing counts comma after comma ("Players: 2, 3, 4, 6", 「人数：3、4、5人」)
states the range from the first to the last (extract/general.py `_listed_counts`); a list
that does not rise is no range."""

import pytest

from tests.test_extract import facts_of


@pytest.mark.parametrize("lang, text, lo, hi", [
    ("en", "TWENTY-EIGHT\n\n- Players: 2, 3, 4, 6\n- Cards: 32\n", 2, 6),
    ("en", "TWENTY-EIGHT\n\nPlayers: 2, 3, 4, 6 (4 is best)\n", 2, 6),
    ("ja", "大富豪\n\n人数：3、4、5人\n", 3, 5),
    ("en", "TWENTY-EIGHT\n\nPlayers: 4, 2 teams\n", 4, 4),
])
def test_a_label_listing_counts_states_their_range(lang, text, lo, hi):
    _, facts, doc = facts_of(text, lang)
    players = [f for f in facts if f.facet == "players"]
    assert [(f.value.min, f.value.max) for f in players] == [(lo, hi)]
    assert doc.text[players[0].anchor.start:players[0].anchor.end] == players[0].anchor.quote
