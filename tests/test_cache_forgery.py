"""Issue 27: the per-source cache cannot be forged. An entry edited with its digest line
recomputed is a miss (its line is an HMAC under a key kept outside the cache folder), a cache
folder owned by another user is not used, and --force recomputes every source."""

import hashlib
import json
from pathlib import Path

import pytest

import pipeline.cache as cache_module
from pipeline.build import build
from pipeline.builtdata import STAMP
from tests.conftest import make_corpus

pytestmark = pytest.mark.slow   # four small builds
TEXT = "PIQUET.\n\nPiquet is played by two persons with a pack of thirty-two cards.\n"


@pytest.fixture
def built(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))   # a key of this test's own
    corpus = make_corpus(tmp_path, '[[source]]\nid = "a"\nfile = "texts/a.txt"\nlanguage = "en"\ntitle = "A"\n',
                         {"texts/a.txt": TEXT})
    out = tmp_path / "build"
    first = build(corpus, out, site=False, progress=False)
    assert first.processed == ["a"]
    return corpus, out, tmp_path / ".build-cache"


def deck_sizes(out: Path) -> list:
    rows = [json.loads(x) for x in (out / "data" / "facts.jsonl").read_text(encoding="utf-8").splitlines()]
    return [r["value"] for r in rows if r["facet"] == "deck_size"]


def test_an_entry_edited_with_its_sha256_recomputed_is_not_published(built):
    corpus, out, cache_dir = built
    [entry] = cache_dir.glob("*.json")
    body = json.loads(entry.read_bytes().partition(b"\n")[2])
    forged = [f for f in body["facts"] if f["facet"] == "deck_size"]
    assert forged and deck_sizes(out) == [32]
    for f in forged:
        f["value"] = 99
    new_body = json.dumps(body).encode()
    entry.write_bytes(hashlib.sha256(new_body).hexdigest().encode() + b"\n" + new_body)
    (out / STAMP).unlink()
    again = build(corpus, out, site=False, progress=False)
    assert again.processed == ["a"]   # a miss: processed again
    assert deck_sizes(out) == [32]


def test_force_recomputes_every_source(built):
    corpus, out, _ = built
    assert build(corpus, out, site=False, progress=False).skipped
    assert build(corpus, out, site=False, progress=False, force=True).processed == ["a"]


def test_a_cache_folder_owned_by_another_user_is_not_used(built, monkeypatch):
    corpus, out, cache_dir = built
    other = cache_dir.stat().st_uid + 1
    monkeypatch.setattr(cache_module, "_ours", lambda root: root.stat().st_uid == other)
    (out / STAMP).unlink()
    again = build(corpus, out, site=False, progress=False)
    assert again.processed == ["a"]
    assert any("belongs to another user" in w for w in again.warnings)


def test_the_key_is_kept_outside_the_cache_folder_and_private(built):
    _, _, cache_dir = built
    key = cache_module.key_file()
    assert key.is_file() and not key.resolve().is_relative_to(cache_dir.resolve())
    assert key.stat().st_mode & 0o077 == 0
    assert cache_dir.stat().st_mode & 0o077 == 0
