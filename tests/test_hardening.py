"""Bad input and faults: no hang, no escape, no traceback (issue 14). Every test here failed on the
build before the fix it guards."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.build import load_checked_knowledge, process_source
from pipeline.builtdata import STAMP
from pipeline.cli import app
from pipeline.manifest import load_manifest
from pipeline.patterns import PatternTimeout, compile_pattern, pattern_budget

pytestmark = pytest.mark.slow   # builds, kills and corrupts builds (make test-fast leaves it out)

FIXTURES = Path(__file__).parent / "fixtures"
OVER_BUDGET = "ran over its time budget"

HEADS = {"en": "PIQUET.\n\nPiquet is played by two persons. The count goes ",
         "ru": "ПИКЕТ.\n\nВ пикет играют двое. Счёт идёт ",
         "ja": "ピケ\n\nピケは二人で遊ぶ。数は"}
WORDS = {"en": "two ", "ru": "два ", "ja": "二"}


def corpus_of(tmp_path: Path, texts: dict[str, tuple[str, str]]) -> Path:
    """A corpus folder: {id: (language, text)}."""
    root = tmp_path / "corpus"
    (root / "texts").mkdir(parents=True)
    entries = []
    for sid, (lang, text) in texts.items():
        (root / "texts" / f"{sid}.txt").write_text(text, encoding="utf-8")
        entries.append(f'[[source]]\nid = "{sid}"\nfile = "texts/{sid}.txt"\nlanguage = "{lang}"\ntitle = "t"\n')
    (root / "sources.toml").write_text("\n".join(entries), encoding="utf-8")
    return root


def test_the_187_byte_text_that_hung_the_build_builds(tmp_path):
    # 32 number words: the number pattern allowed two ways to part two words and backtracked
    # 2^32 times (> 300 s); now the build ends and no pattern ran over its budget
    corpus = corpus_of(tmp_path, {"count": ("en", "PIQUET.\n\nThe count goes " + "two " * 31 + "two.\n")})
    result = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(tmp_path / "out"),
                                      "--no-site", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert OVER_BUDGET not in result.output
    assert (tmp_path / "out" / "data" / "facts.jsonl").is_file()


@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_ten_thousand_number_words_are_read_in_linear_time(tmp_path, lang):
    """Not a timed test: a pattern that backtracks on this line runs over its budget and is named
    in a warning; none may. The players fact before the run is still read."""
    sep = "" if lang == "ja" else " "
    text = HEADS[lang] + sep.join([WORDS[lang].strip()] * 10_000) + ".\n"
    corpus = load_manifest(corpus_of(tmp_path, {"run": (lang, text)}))
    # five times the build's budget: a loaded 2-core machine runs the suite in two workers, and a
    # pattern that backtracks on this line is over any constant factor of it
    with pattern_budget(base_seconds=5.0, seconds_per_char=5e-5):
        result = process_source(corpus, corpus.entries[0], load_checked_knowledge(corpus))
    assert not [w for w in result.warnings if OVER_BUDGET in w]
    assert [f.model_dump(mode="json")["value"] for f in result.facts if f.facet == "players"] == [{"min": 2, "max": 2}]


def _corpus_with_a_backtracking_rule(tmp_path: Path):
    """The German fixture with a user rule that backtracks on "zwei zwei …": (corpus, its
    facts.yaml, the text, the text's lines to edit)."""
    corpus = tmp_path / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    facts = corpus / "lang" / "de" / "facts.yaml"
    facts.write_text(facts.read_text(encoding="utf-8")
                     + "  - {id: score.bad, facet: target_score, pattern: '(?:zwei(?:[- ]|\\s+))+{N}\\s+Punkte'}\n",
                     encoding="utf-8")
    text = corpus / "texts" / "skat.txt"
    return corpus, facts, text, text.read_text(encoding="utf-8").splitlines()


def test_a_user_rule_that_backtracks_is_reported_with_file_rule_and_line_and_the_build_goes_on(tmp_path):
    corpus, facts, text, lines = _corpus_with_a_backtracking_rule(tmp_path)
    lines.insert(3, "Man zählt " + "zwei " * 40 + "!")
    text.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(tmp_path / "out"),
                                      "--no-site", "--no-cache"])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert f"{text}:4: pattern ({facts} rule 'score.bad') {OVER_BUDGET}" in flat
    facts_out = (tmp_path / "out" / "data" / "facts.jsonl").read_text(encoding="utf-8")
    assert '"facet": "players"' in facts_out   # the other rules read the text as before


def test_every_call_of_a_budgeted_pattern_is_guarded():
    bad = compile_pattern(r"(?:two(?:[- ]|\s+))+x")
    line = "two " * 40 + "!"
    with pattern_budget(base_seconds=0.2) as log:
        assert bad.search(line) is None
        assert bad.match(line) is None
        assert list(bad.finditer("ok\n" + line + "\nok")) == []
        assert bad.findall(line) == []
        assert bad.sub("-", line) == line
        assert bad.split(line) == [line]
    # three calls over time spend the pattern's budget: the next three match nothing at once
    assert len(log.timeouts) == 3 and {t.snippet for t in log.timeouts} == {line[:80]}
    assert log.disabled_origins == [bad.origin]
    # outside a budget block (library use), regex's own timeout guards the call
    assert bad.search(line) is None


def test_a_long_scan_that_runs_out_of_time_loses_only_the_bad_line():
    pattern = compile_pattern(r"(?:two(?:[- ]|\s+))+x|\bok\b")
    with pattern_budget(base_seconds=0.2, seconds_per_char=0) as log:
        found = [m.group() for m in pattern.finditer("ok\n" + "two " * 40 + "!\nok")]
    assert found == ["ok", "ok"] and len(log.timeouts) == 1


def test_the_watchdog_raises_only_inside_a_call():
    with pattern_budget(base_seconds=0.05) as log:
        assert log.watchdog
        log.deadline = 0.0   # a call that overran...
        with pytest.raises(PatternTimeout):
            while True:      # ...is stopped at the next tick
                pass


# --- the per-source cache -------------------------------------------------------------------

def _cached_build(tmp_path: Path) -> tuple[Path, Path]:
    corpus = tmp_path / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(out), "--no-site"])
    assert result.exit_code == 0, result.output
    entries = list((tmp_path / ".out-cache").glob("*.json"))
    assert len(entries) == 1
    return corpus, entries[0]


def _rebuild(corpus: Path, out: Path):
    """A rebuild that reads the cache (--force would recompute): the up-to-date stamp removed."""
    (out / STAMP).unlink(missing_ok=True)
    return CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(out), "--no-site"])


def test_the_cache_is_data_with_a_checked_hash_not_a_pickle(tmp_path):
    corpus, entry = _cached_build(tmp_path)
    blob = entry.read_bytes()
    digest, _, body = blob.partition(b"\n")
    assert len(digest) == 64 and body.startswith(b"{")
    # a pickle where an entry would be is never loaded (it could run code): removed, not read
    (entry.parent / (entry.stem + ".pickle")).write_bytes(b"cos\nsystem\n(S'touch /tmp/pwned'\ntR.")
    result = _rebuild(corpus, tmp_path / "out")
    assert result.exit_code == 0 and not list(entry.parent.glob("*.pickle"))
    assert "1 from cache" in result.output


def test_a_same_length_edit_inside_a_cache_entry_is_never_published(tmp_path):
    corpus, entry = _cached_build(tmp_path)
    facts = (tmp_path / "out" / "data" / "facts.jsonl").read_text(encoding="utf-8")
    assert '"min": 3' in facts
    blob = entry.read_bytes()
    assert b'"min":3' in blob
    entry.write_bytes(blob.replace(b'"min":3', b'"min":2'))   # "played by three" -> 2, same length
    result = _rebuild(corpus, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "1 processed" in result.output
    assert (tmp_path / "out" / "data" / "facts.jsonl").read_text(encoding="utf-8") == facts


def test_flipped_bytes_in_a_cache_entry_mean_reprocess_never_a_crash(tmp_path):
    corpus, entry = _cached_build(tmp_path)
    blob = bytearray(entry.read_bytes())
    for i in range(5):
        blob[len(blob) * (i + 1) // 7] ^= 0xA5
    entry.write_bytes(bytes(blob))
    result = _rebuild(corpus, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "1 processed" in result.output


def test_a_full_disk_while_writing_the_cache_leaves_nothing_behind(tmp_path, monkeypatch):
    import os as _os

    import pipeline.cache as cache_mod

    real_fdopen = _os.fdopen

    class FullDisk:
        def __init__(self, fd, mode):
            self.fh = real_fdopen(fd, mode)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, data):
            self.fh.write(data[: len(data) // 2])
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(cache_mod.os, "fdopen", FullDisk)
    corpus = tmp_path / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    result = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(tmp_path / "out"), "--no-site"])
    assert result.exit_code == 0, result.output
    assert "cache entry not written (No space left on device)" in " ".join(result.output.split())
    assert list((tmp_path / ".out-cache").iterdir()) == []
    monkeypatch.undo()
    result = _rebuild(corpus, tmp_path / "out")   # the next build is not stopped by a partial file
    assert result.exit_code == 0 and "1 processed" in result.output


def test_warnings_replayed_from_the_cache_name_the_corpus_where_it_is_now(tmp_path):
    corpus, _ = _cached_build(tmp_path)
    text = corpus / "texts" / "skat.txt"
    text.write_text(text.read_text(encoding="utf-8") + "\nSpotted a typo or a problem in this chapter? Tell us\n"
                    + "Skat wird von drei Spielern gespielt.\n" * 40, encoding="utf-8")
    assert _rebuild(corpus, tmp_path / "out").exit_code == 0
    moved = tmp_path / "moved"
    shutil.copytree(corpus, moved)
    (tmp_path / "out" / STAMP).unlink()   # the same texts elsewhere: up to date, but the cache must replay
    result = CliRunner().invoke(app, ["build", "--corpus", str(moved), "--out", str(tmp_path / "out"),
                                      "--no-site"])
    assert "1 from cache" in result.output
    flat = " ".join(result.output.split())
    assert f"{moved / 'texts' / 'skat.txt'}:" in flat and f"{corpus / 'texts'}" not in flat


def test_a_full_disk_while_writing_the_data_is_one_line_and_the_previous_build_stays(tmp_path, monkeypatch):
    import errno

    import pipeline.build as build_mod

    corpus = tmp_path / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    out = tmp_path / "out"
    assert CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(out), "--no-site"]).exit_code == 0
    before = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(build_mod, "write_jsonl", full)
    result = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(out), "--no-site", "--force"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{out}: cannot write: No space left on device" in " ".join(result.output.split())
    assert {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".out.tmp")) == []


@pytest.mark.parametrize("command", [["export", "--format", "csv"], ["build", "--no-site"]])
def test_out_never_deletes_what_hoyle_did_not_make(tmp_path, command):
    corpus = tmp_path / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    mydocs = tmp_path / "mydocs"
    mydocs.mkdir()
    (mydocs / "thesis.txt").write_text("years of work\n", encoding="utf-8")
    if command[0] == "export":   # (the build it exports from, kept in the test's folder)
        command = [*command, "--build", str(tmp_path / "b")]
    result = CliRunner().invoke(app, [*command, "--corpus", str(corpus), "--out", str(mydocs)])
    assert result.exit_code == 2 and "folder holds files hoyle did not write" in " ".join(result.output.split())
    assert (mydocs / "thesis.txt").read_text(encoding="utf-8") == "years of work\n"
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine\n", encoding="utf-8")
    result = CliRunner().invoke(app, [*command, "--corpus", str(corpus), "--out", str(a_file)])
    assert result.exit_code == 2 and "--out is a file" in result.output and a_file.read_text() == "mine\n"


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _build_until_mkdocs(corpus: Path, out: Path, stderr):
    """A build of the German fixture as its own process, returned once mkdocs (its child) runs."""
    import subprocess
    import sys
    import time

    shutil.copytree(FIXTURES / "lang-de", corpus)
    proc = subprocess.Popen([sys.executable, "-m", "pipeline.cli", "build", "--corpus", str(corpus), "--out", str(out),
                             "--no-cache"], cwd=Path(__file__).resolve().parents[1],
                            stdout=subprocess.DEVNULL, stderr=stderr, text=True)
    mkdocs = []
    for _ in range(1200):   # wait for the site stage
        mkdocs = _children(proc.pid)
        if mkdocs or proc.poll() is not None:
            break
        time.sleep(0.05)
    assert mkdocs, "the build ended before mkdocs started"
    return proc, mkdocs


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_killed_build_leaves_no_mkdocs_running_and_the_next_build_cleans_up(tmp_path):
    import os
    import signal
    import subprocess
    import time

    corpus, out = tmp_path / "de", tmp_path / "out"
    proc, mkdocs = _build_until_mkdocs(corpus, out, subprocess.DEVNULL)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    for _ in range(40):    # PR_SET_PDEATHSIG: at once (mkdocs alone runs for seconds)
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]
                   for pid in mkdocs):
            break
        time.sleep(0.05)
    else:
        pytest.fail("mkdocs kept running after hoyle was killed")
    assert [p.name for p in tmp_path.glob(".out.tmp-*")]   # what the killed build left
    result = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(out), "--no-site"])
    assert result.exit_code == 0, result.output
    assert not list(tmp_path.glob(".out.tmp-*")) and (out / "data" / "facts.jsonl").is_file()


def test_no_pattern_in_the_pipeline_runs_without_a_budget():
    """Every pattern goes through pipeline.patterns (compiled with compile_pattern); a bare
    `regex.compile` or module-level `regex.search(...)` would run unguarded."""
    import re

    bare = re.compile(r"\b(?:regex|re)\.(?:compile|search|match|fullmatch|sub|subn|split|findall|finditer)\(")
    root = Path(__file__).resolve().parents[1] / "pipeline"
    offenders = [f"{p.relative_to(root)}:{i}" for p in sorted(root.rglob("*.py")) if p.name != "patterns.py"
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if bare.search(line) and not line.lstrip().startswith("#")]
    assert offenders == []


def test_a_rule_that_runs_out_of_time_on_every_line_is_disabled_after_three(tmp_path):
    """A corpus rule that backtracks on each of 300 lines cost its budget 300 times (minutes);
    now three lines' worth, then one warning says it was disabled for the rest of the source."""
    corpus, facts, text, lines = _corpus_with_a_backtracking_rule(tmp_path)
    lines[3:3] = [x for i in range(300) for x in (f"{i}. Man zählt " + "zwei " * 40 + "!", "")]
    text.write_text("\n".join(lines) + "\n", encoding="utf-8")
    manifest = load_manifest(corpus)
    knowledge = load_checked_knowledge(manifest)
    with pattern_budget(base_seconds=0.05, seconds_per_char=0):
        result = process_source(manifest, manifest.entries[0], knowledge)
    over = [w for w in result.warnings if "score.bad" in w]
    assert len([w for w in over if OVER_BUDGET + " on this line" in w]) == 3
    assert [w for w in over if "disabled for the rest of this source" in w] == [
        f"skat-de: pattern ({facts} rule 'score.bad') ran over its time budget on 3 lines and was disabled "
        f"for the rest of this source"]
    assert [f for f in result.facts if f.facet == "players"]


def test_a_full_disk_while_writing_rules_sqlite_is_one_line_and_the_previous_build_stays(tmp_path, monkeypatch):
    """SQLite says a disk is full with its own exception (no OSError): it was a traceback. The
    database is really filled here: SQLite's page limit set to a few pages."""
    import sqlite3

    import pipeline.export.tables as tables_module

    corpus = tmp_path / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    out = tmp_path / "out"
    assert CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(out), "--no-site"]).exit_code == 0
    before = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    real_connect = sqlite3.connect

    def small_disk(*args, **kwargs):
        con = real_connect(*args, **kwargs)
        con.execute("PRAGMA max_page_count = 3")
        return con

    monkeypatch.setattr(tables_module.sqlite3, "connect", small_disk)
    result = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(out), "--no-site", "--force"])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert "cannot write: No space left on device (rules.sqlite: database or disk is full)" in " ".join(
        result.output.split())
    assert {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()} == before


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_sigterm_during_the_site_stage_stops_mkdocs_and_leaves_no_temporary_folder(tmp_path):
    import os
    import signal
    import subprocess
    import time

    proc, mkdocs = _build_until_mkdocs(tmp_path / "de", tmp_path / "out", subprocess.PIPE)
    time.sleep(0.5)   # mkdocs writing its pages
    os.kill(proc.pid, signal.SIGTERM)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM and "Traceback" not in stderr, stderr
    assert not [pid for pid in mkdocs if Path(f"/proc/{pid}").exists()
                and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]]
    # no temporary folder and no output (the lock file stays by design)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.lock", "de"]
