"""`hoyle add-source` edits the manifest, it does not rewrite it: comments and layout are kept,
and either the text and its entry are both added or nothing changes."""

import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pipeline.add_source as add_source_module
from pipeline.cli import app
from pipeline.errors import HoyleError
from pipeline.manifest import load_manifest

runner = CliRunner()

MANIFEST = """\
# My corpus: one [[source]] table per text.
# Texts are kept byte-for-byte.

[[source]]
id = "a"                      # the first book
file = "texts/a.txt"
language = "en"
title = 'A "quoted" title'    # a literal string stays literal

# sources still to check:
#   - the 1890 edition
"""


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def add(root: Path, new: Path, *extra: str):
    return runner.invoke(app, ["add-source", str(new), "--lang", "ru", "--title", 'Моя "книга" \\ {x}',
                               "--year", "1914", "--edition", "2nd", "--kind", "web", "--machine-translated",
                               "--origin", "a copy", "--encoding", "cp1251", "--corpus", str(root), *extra])


@pytest.fixture
def new_text(tmp_path):
    new = tmp_path / "My Book.txt"
    new.write_bytes("БРИДЖ.\n\nВ бридж играют четыре человека.\n".encode("cp1251"))
    return new


def test_add_source_keeps_the_manifests_comments_and_layout(corpus_factory, new_text):
    root = corpus_factory(MANIFEST, {"texts/a.txt": "PIQUET.\n\nPiquet is played by two persons.\n"})
    result = add(root, new_text)
    assert result.exit_code == 0, result.output
    text = (root / "sources.toml").read_text(encoding="utf-8")
    assert text.startswith(MANIFEST.rstrip("\n") + "\n\n[[source]]\n")  # everything before is kept as it was
    added = text[len(MANIFEST.rstrip("\n")) + 2:]
    keys = [line.split(" = ")[0] for line in added.splitlines()[1:]]
    assert keys == ["id", "file", "language", "title", "year", "edition", "kind", "machine_translated", "origin",
                    "encoding"]
    assert text.endswith("\n") and not text.endswith("\n\n")
    data = tomllib.loads(text)
    assert data["source"][0]["title"] == 'A "quoted" title'
    assert data["source"][1] == {"id": "my-book", "file": "texts/my-book.txt", "language": "ru",
                                 "title": 'Моя "книга" \\ {x}', "year": 1914, "edition": "2nd", "kind": "web",
                                 "machine_translated": True, "origin": "a copy", "encoding": "cp1251"}
    corpus = load_manifest(root)  # validates every entry and finds the copied file
    assert [e.id for e in corpus.entries] == ["a", "my-book"]
    assert (root / "texts" / "my-book.txt").read_bytes() == new_text.read_bytes()


def test_add_source_keeps_crlf_line_endings(corpus_factory, new_text):
    root = corpus_factory("", {"texts/a.txt": "PIQUET.\n\nPiquet is played by two persons.\n"})
    (root / "sources.toml").write_bytes(MANIFEST.replace("\n", "\r\n").encode("utf-8"))
    assert add(root, new_text).exit_code == 0
    raw = (root / "sources.toml").read_bytes()
    assert raw.startswith(MANIFEST.rstrip("\n").replace("\n", "\r\n").encode("utf-8"))
    assert raw.count(b"\n") == raw.count(b"\r\n")
    assert [e.id for e in load_manifest(root).entries] == ["a", "my-book"]


def test_add_source_changes_nothing_when_the_new_manifest_fails_to_load(corpus_factory, new_text, monkeypatch):
    root = corpus_factory(MANIFEST, {"texts/a.txt": "PIQUET.\n\nPiquet is played by two persons.\n"})
    before = snapshot(root)
    calls = []
    real = add_source_module.load_manifest

    def load_then_fail(corpus_dir, **options):
        calls.append(corpus_dir)
        if len(calls) > 1:  # the check after the text was copied and the manifest replaced
            raise OSError("disk gone")
        return real(corpus_dir, **options)

    monkeypatch.setattr(add_source_module, "load_manifest", load_then_fail)
    with pytest.raises(HoyleError, match="disk gone; nothing was added"):
        add_source_module.add_source(root, new_text, language="ru", title="T", encoding="cp1251")
    assert len(calls) == 2
    assert snapshot(root) == before  # the manifest restored, the copied text removed, no temporary file left


def test_add_source_refuses_a_manifest_whose_sources_are_not_tables(corpus_factory, new_text):
    manifest = '# inline\nsource = [{id = "a", file = "texts/a.txt", language = "en", title = "A"}]\n'
    root = corpus_factory(manifest, {"texts/a.txt": "PIQUET.\n\nPiquet is played by two persons.\n"})
    before = snapshot(root)
    result = add(root, new_text)
    assert result.exit_code == 2, result.output
    assert "not [[source]] tables" in result.output.replace("\n", " ")
    assert snapshot(root) == before


@pytest.mark.parametrize("extra, expected", [
    (("--year", "100000000000000000000"), "year: Input should be less than or equal to 2100"),
    (("--encoding", "rot13"), "encoding 'rot13' declared in sources.toml is not a text encoding"),
])
def test_add_source_refuses_what_would_break_every_later_build(corpus_factory, new_text, extra, expected):
    # `--year 1e20` used to be written, and every build after it died in SQLite
    root = corpus_factory(MANIFEST, {"texts/a.txt": "PIQUET.\n\nPiquet is played by two persons.\n"})
    before = snapshot(root)
    result = add(root, new_text, *extra)
    assert result.exit_code == 2 and expected in result.output and "Traceback" not in result.output
    assert snapshot(root) == before
