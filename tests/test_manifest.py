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
    # issue 14: these were tracebacks (SQLite overflow, codec errors)
    (GOOD + "year = 100000000000000000000\n", "year: Input should be less than or equal to 2100"),
    (GOOD + "year = -5\n", "year: Input should be greater than or equal to 1400"),
    (GOOD + 'encoding = "rot13"\n', "'rot13' is not a text encoding"),
    (GOOD + 'encoding = "base64"\n', "'base64' is not a text encoding"),
    (GOOD + 'encoding = "no-such-codec"\n', "unknown encoding 'no-such-codec'"),
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


def test_a_text_linked_from_outside_the_corpus_is_refused(corpus_factory, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    root = corpus_factory(GOOD, {})
    (root / "texts").mkdir(exist_ok=True)
    (root / "texts" / "a.txt").symlink_to(secret)
    result = run(root, "build")
    assert result.exit_code == 2 and "resolves outside the corpus folder" in result.output
    assert not (root.parent / "out").exists()


def test_a_symlinked_folder_of_texts_is_refused(corpus_factory, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "a.txt").write_text("Piquet is played by two persons.\n", encoding="utf-8")
    root = corpus_factory(GOOD, {})
    if (root / "texts").exists():
        (root / "texts").rmdir()
    (root / "texts").symlink_to(elsewhere, target_is_directory=True)
    result = run(root, "build")
    assert result.exit_code == 2 and "resolves outside the corpus folder" in result.output


def test_a_knowledge_file_linked_from_outside_is_refused(corpus_factory, tmp_path):
    outside = tmp_path / "games.yaml"
    outside.write_text("[]\n", encoding="utf-8")
    root = corpus_factory(GOOD, {"texts/a.txt": "Piquet is played by two persons.\n"})
    (root / "games.yaml").symlink_to(outside)
    result = run(root, "build")
    assert result.exit_code == 2 and "resolves outside the corpus folder" in result.output


def test_the_same_text_under_two_ids_is_refused(corpus_factory):
    text = "Piquet is played by two persons.\n"
    root = corpus_factory(GOOD + GOOD.replace('"a-book"', '"b-book"').replace("texts/a.txt", "texts/b.txt"),
                          {"texts/a.txt": text, "texts/b.txt": text})
    result = run(root, "build")
    assert result.exit_code == 2, result.output
    assert "holds the same text as source 'a-book'" in result.output
    assert not (root.parent / "out").exists()


def test_a_declared_copy_builds_but_is_never_a_second_witness(corpus_factory):
    import json

    text = "PIQUET.\n\nPiquet is played by two persons with a pack of thirty-two cards.\n"
    copy = GOOD.replace('"a-book"', '"b-book"').replace("texts/a.txt", "texts/b.txt") + 'same_text_as = "a-book"\n'
    root = corpus_factory(GOOD + copy, {"texts/a.txt": text, "texts/b.txt": text})
    result = run(root, "build")
    assert result.exit_code == 0, result.output
    data = root.parent / "out" / "data"
    comparisons = json.loads((data / "comparisons.json").read_text(encoding="utf-8"))
    assert comparisons and all(c["sources"] == ["a-book"] for c in comparisons)
    assert all(r["status"] == "single" for c in comparisons for r in c["rows"])
    assert {s["id"] for s in json.loads((data / "sources.json").read_text(encoding="utf-8"))} == {"a-book", "b-book"}
