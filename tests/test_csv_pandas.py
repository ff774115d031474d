"""The CSV export opens in a spreadsheet or pandas with typed columns: a value's parts in their
own columns (players_min/max as value_min/value_max, a count as value_number, a rank order as
text), one column per source in the comparisons, no JSON needed to read a value."""

import pandas as pd
from typer.testing import CliRunner

from pipeline.cli import app

runner = CliRunner()
MANIFEST = """\
[[source]]
id = "a1900"
file = "texts/a.txt"
language = "en"
title = "A"
year = 1900

[[source]]
id = "b1910"
file = "texts/b.txt"
language = "en"
title = "B"
year = 1910
"""
TEXT_A = "PIQUET.\n\nPiquet is played by two persons with a pack of thirty-two cards.\n"
TEXT_B = "PIQUET.\n\nPiquet is played by two to three persons with a pack of thirty-two cards.\n"


def test_the_csv_export_loads_into_typed_columns(corpus_factory, tmp_path):
    corpus = corpus_factory(MANIFEST, {"texts/a.txt": TEXT_A, "texts/b.txt": TEXT_B})
    out, csv_dir = tmp_path / "out", tmp_path / "csv"
    res = runner.invoke(app, ["build", "--corpus", str(corpus), "--out", str(out), "--no-site", "--no-cache"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["export", "--format", "csv", "--out", str(csv_dir), "--build", str(out),
                              "--corpus", str(corpus)])
    assert res.exit_code == 0, res.output
    facts = pd.read_csv(csv_dir / "csv" / "facts.csv")
    assert {"value_text", "value_number", "value_min", "value_max"} <= set(facts.columns)
    assert pd.api.types.is_integer_dtype(facts["anchor_line"]) and pd.api.types.is_numeric_dtype(facts["value_min"])
    players = facts[facts.facet == "players"].set_index("source_id")
    assert players.loc["b1910", ["value_min", "value_max"]].tolist() == [2, 3]
    assert players.loc["a1900", "value_text"] == "2"
    deck = facts[facts.facet == "deck_size"]
    assert deck.value_number.tolist() == [32, 32]
    rows = pd.read_csv(csv_dir / "csv" / "comparisons.csv").set_index("facet")
    assert rows.loc["players", "status"] == "differ"
    assert (str(rows.loc["players", "a1900"]), rows.loc["players", "b1910"]) == ("2", "2–3")
