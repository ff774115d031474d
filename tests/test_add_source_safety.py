"""Issue 27: add-source edits the manifest safely (a lock, a re-read, through a symlink, never a
read-only file), reads only regular files under a size cap, refuses the same text saved another
way, and answers every failure in one line with nothing changed."""

import fcntl
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pipeline.add_source as add_source_module
import pipeline.manifest as manifest_module
from pipeline.cli import app
from pipeline.errors import HoyleError
from pipeline.manifest import load_manifest

runner = CliRunner()
TEXT = "PIQUET.\n\nPiquet is played by two persons with a pack of thirty-two cards.\n"
MANIFEST = '[[source]]\nid = "a"\nfile = "texts/a.txt"\nlanguage = "en"\ntitle = "A"\n'


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def add(root: Path, file, *extra: str):
    return runner.invoke(app, ["add-source", str(file), "--lang", "en", "--title", "B", "--corpus", str(root), *extra])


def one_line_refusal(result, *words: str) -> str:
    out = result.output
    assert result.exit_code == 2, out
    assert "Traceback" not in out, out
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    for w in words:
        assert w in out, out
    return out


@pytest.fixture
def root(corpus_factory):
    return corpus_factory(MANIFEST, {"texts/a.txt": TEXT})


@pytest.fixture
def new_text(tmp_path):
    p = tmp_path / "b.txt"
    p.write_text("WHIST.\n\nWhist is played by four players.\n", encoding="utf-8")
    return p


# -- what may be read --------------------------------------------------------------------------

def test_a_device_a_fifo_or_a_folder_is_refused_before_it_is_read(root, tmp_path):
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)   # opening it for reading would wait for a writer forever
    before = snapshot(root)
    for file in ("/dev/zero", str(fifo), str(tmp_path)):
        one_line_refusal(add(root, file), "not a regular file")
    assert snapshot(root) == before


def test_a_text_over_the_size_cap_is_refused_by_its_size(root, new_text, monkeypatch):
    monkeypatch.setattr(manifest_module, "MAX_TEXT_BYTES", 20)
    before = snapshot(root)
    one_line_refusal(add(root, new_text), "over the 20-byte limit", "split the text")
    assert snapshot(root) == before


def test_the_build_refuses_a_manifest_entry_that_is_not_a_regular_file(corpus_factory, tmp_path):
    root = corpus_factory(MANIFEST, {})
    os.mkfifo(root / "texts" / "a.txt")
    with pytest.raises(HoyleError, match="not a regular file"):
        load_manifest(root)


# -- the same text saved another way -----------------------------------------------------------

@pytest.mark.parametrize("variant", [
    lambda t: b"\xef\xbb\xbf" + t.encode(),                      # a byte-order mark
    lambda t: t.replace("\n", "\r\n").encode(),                  # CRLF
    lambda t: t.replace("\n", "\r").encode(),                    # old Mac CR
    lambda t: b"\xef\xbb\xbf" + t.replace("\n", "\r\n").encode(),
])
def test_the_same_text_with_a_bom_or_other_line_ends_is_refused_as_the_same_text(root, tmp_path, variant):
    copy = tmp_path / "copy.txt"
    copy.write_bytes(variant(TEXT))
    before = snapshot(root)
    one_line_refusal(add(root, copy), "the same text", "'a'", 'same_text_as = "a"')
    assert snapshot(root) == before


def test_the_manifest_refuses_two_ids_for_one_text_saved_two_ways(corpus_factory):
    manifest = MANIFEST + '\n[[source]]\nid = "b"\nfile = "texts/b.txt"\nlanguage = "en"\ntitle = "B"\n'
    root = corpus_factory(manifest, {"texts/a.txt": TEXT, "texts/b.txt": "\ufeff" + TEXT.replace("\n", "\r\n")})
    with pytest.raises(HoyleError, match="same text as source 'a'"):
        load_manifest(root)
    (root / "sources.toml").write_text(manifest + 'same_text_as = "a"\n', encoding="utf-8")
    assert [e.id for e in load_manifest(root).entries] == ["a", "b"]


# -- how the manifest is written ---------------------------------------------------------------

def test_an_entry_added_by_hand_while_add_source_runs_is_kept(root, new_text, monkeypatch):
    by_hand = '\n[[source]]\nid = "h"\nfile = "texts/a.txt"\nlanguage = "en"\ntitle = "H"\nsame_text_as = "a"\n'
    real = add_source_module._check_new

    def then_someone_edits(*args):
        real(*args)
        with open(root / "sources.toml", "a", encoding="utf-8") as fh:   # an editor saving meanwhile
            fh.write(by_hand)

    monkeypatch.setattr(add_source_module, "_check_new", then_someone_edits)
    before = snapshot(root)
    one_line_refusal(add(root, new_text), "changed by someone else", "nothing was added")
    after = snapshot(root)
    assert after.pop("sources.toml") == (MANIFEST + by_hand).encode()
    before.pop("sources.toml")
    assert after == before   # the text was not left behind


def test_a_second_add_source_waits_for_the_first_and_then_gives_up(root, new_text, monkeypatch):
    monkeypatch.setattr(add_source_module, "LOCK_SECONDS", 0.3)
    before = snapshot(root)
    with open(root / "sources.toml", "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        one_line_refusal(add(root, new_text), "another add-source")
    assert snapshot(root) == before
    assert add(root, new_text).exit_code == 0   # the lock released, it goes through


def test_a_symlinked_manifest_is_edited_at_its_target_and_stays_a_link(root, new_text, tmp_path):
    real = root / "manifest-real.toml"
    (root / "sources.toml").rename(real)
    (root / "sources.toml").symlink_to("manifest-real.toml")
    assert add(root, new_text).exit_code == 0
    assert (root / "sources.toml").is_symlink()
    assert [e.id for e in load_manifest(root).entries] == ["a", "b"]
    assert 'id = "b"' in real.read_text(encoding="utf-8")


def test_a_read_only_manifest_is_refused_even_for_root(root, new_text):
    manifest = root / "sources.toml"
    manifest.chmod(0o444)
    before = snapshot(root)
    one_line_refusal(add(root, new_text), "read-only", "chmod u+w")
    assert snapshot(root) == before
    assert stat.S_IMODE(manifest.stat().st_mode) == 0o444


@pytest.mark.parametrize("failing", ["texts", "manifest"])
def test_an_immutable_texts_folder_or_manifest_is_one_line_and_changes_nothing(root, new_text, monkeypatch, failing):
    """chattr +i needs a file system that has it: the refusal the kernel gives is simulated."""
    def refuse(*args, **kwargs):
        raise PermissionError(1, "Operation not permitted", str(root / ("texts" if failing == "texts" else "sources.toml")))

    if failing == "texts":
        monkeypatch.setattr(add_source_module, "open", refuse, raising=False)
    else:
        monkeypatch.setattr(add_source_module, "_write_atomically", refuse)
    before = snapshot(root)
    one_line_refusal(add(root, new_text), "Operation not permitted", "nothing was added")
    assert snapshot(root) == before


# -- files built to exhaust the reader -----------------------------------------------------------

BOMB = "".join(f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True))


def test_a_yaml_alias_bomb_in_a_corpus_rule_file_is_refused_before_it_grows(tmp_path):
    import shutil

    from pipeline.build import load_checked_knowledge

    root = tmp_path / "de"
    shutil.copytree(Path(__file__).parent / "fixtures" / "lang-de", root)
    rules = root / "lang" / "de" / "token_rules.yaml"
    rules.write_text("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + BOMB, encoding="utf-8")
    with pytest.raises(HoyleError, match=r"token_rules.yaml: more than 2,000,000 values once its aliases"):
        load_checked_knowledge(load_manifest(root))


def test_a_manifest_nested_100k_deep_is_one_line_for_the_build_and_every_query(corpus_factory, tmp_path):
    root = corpus_factory(MANIFEST + "x = " + "[" * 100_000 + "]" * 100_000 + "\n", {"texts/a.txt": TEXT})
    one_line_refusal(runner.invoke(app, ["build", "--corpus", str(root), "--out", str(tmp_path / "o")]),
                     "nested too deeply")
    one_line_refusal(add(root, tmp_path / "nothing.txt"), "")   # the missing file is named first
    for query in (["sources"], ["games"], ["facts"], ["compare", "piquet"]):
        result = runner.invoke(app, [*query, "--corpus", str(root), "--build", str(tmp_path / "o")])
        assert "Traceback" not in result.output and not isinstance(result.exception, RecursionError), result.output
