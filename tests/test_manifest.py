"""A broken manifest gives one clear line naming the entry, a non-zero exit, no traceback."""

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

GOOD = """
[[source]]
id = "a-book"
file = "texts/a.txt"
language = "en"
title = "A Book"
"""
runner = CliRunner()


def run(root, *args):
    return runner.invoke(app, [*args, "--corpus", str(root)] if args[0] == "sources" else
                         [*args, "--corpus", str(root), "--out", str(root.parent / "out"), "--no-site"])


@pytest.mark.parametrize("manifest, expected", [
    (GOOD + 'colour = "red"\n', "colour: unknown key"),
    (GOOD.replace("texts/a.txt", "texts/missing.txt"), "file 'texts/missing.txt' not found"),
    (GOOD + GOOD, "duplicate id"),
    (GOOD.replace('"a-book"', '"../x"'), "id: not a slug"),
    (GOOD.replace('"en"', '"fr"'), "language 'fr' has no profile (known: en, ja, ru)"),
    (GOOD.replace('title = "A Book"', 'title = "A Book'), "malformed TOML"),
    (GOOD.replace("texts/a.txt", "../outside.txt"), "file: Value error"),
    ("", "no [[source]] entries"),
])
def test_manifest_errors_are_one_clear_line(corpus_factory, manifest, expected):
    root = corpus_factory(manifest, {"texts/a.txt": "Piquet is played by two persons.\n"})
    result = run(root, "build")
    assert result.exit_code == 2, result.output
    assert expected in result.output
    assert "sources.toml" in result.output
    assert "Traceback" not in result.output
    assert not (root.parent / "out").exists()


def test_entry_is_named_in_the_error(corpus_factory):
    root = corpus_factory(GOOD + GOOD.replace('"a-book"', '"b"').replace('"en"', '"xx"'),
                          {"texts/a.txt": "x"})
    result = run(root, "sources")
    assert result.exit_code == 2
    assert "[[source]] #2 (id 'b')" in result.output


def test_missing_manifest(tmp_path):
    result = runner.invoke(app, ["sources", "--corpus", str(tmp_path)])
    assert result.exit_code == 2 and "no sources.toml" in result.output


def test_good_manifest_builds(corpus_factory):
    root = corpus_factory(GOOD, {"texts/a.txt": "Piquet is played by two persons.\n"})
    result = run(root, "build")
    assert result.exit_code == 0, result.output
    assert (root.parent / "out" / "data" / "sources.json").is_file()
