"""The query commands (`games`, `compare`, `facts`, `export`) answer from the built data, through
CliRunner: success, each error path, --help (issue 15)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def built(site_build):
    out, _ = site_build
    return out


def query(built: Path, *args: str):
    return runner.invoke(app, [*args, "--corpus", str(CORPUS), "--build", str(built)])


def test_games_reads_the_build_and_counts_sources_as_the_comparisons_do(built):
    result = query(built, "games")
    assert result.exit_code == 0, result.output
    assert "building it once" not in result.output    # fresh: read, not recomputed
    comparisons = json.loads((built / "data" / "comparisons.json").read_text(encoding="utf-8"))
    piquet = next(c for c in comparisons if c["game_id"] == "piquet")
    row = next(line for line in result.output.splitlines() if line.startswith("piquet "))
    assert row.split()[-1] == str(len(piquet["sources"]))


def test_compare_says_aloud_which_game_a_typo_was_taken_for(built):
    result = query(built, "compare", "piquett")
    assert result.exit_code == 0, result.output
    assert "no game 'piquett'; using 'piquet'" in flat(result.output)


def test_compare_an_unknown_game_lists_the_closest(built):
    result = query(built, "compare", "nosuchgame")
    assert result.exit_code == 2
    assert "no game 'nosuchgame'" in result.output and "Traceback" not in result.output


def test_compare_an_unknown_facet_lists_the_facets(built):
    result = query(built, "compare", "piquet", "--facet", "nosuch")
    assert result.exit_code == 2
    out = flat(result.output)
    assert "no facet 'nosuch'" in out and "facets here:" in out and "players" in out


def test_compare_a_misspelt_facet_is_taken_when_unique(built):
    result = query(built, "compare", "piquet", "--facet", "playrs", "--format", "csv")
    assert result.exit_code == 0, result.output
    assert "using 'players'" in flat(result.output)
    assert [line.split(",")[0] for line in result.output.splitlines() if line.startswith("players")]


@pytest.mark.parametrize("fmt, check", [
    ("json", lambda out: json.loads(out[out.index("{"):])["game_id"] == "piquet"),
    ("csv", lambda out: out.splitlines()[0].startswith("facet,qualifier,status,")),
    # a title, the sources with their years, and every cell citing its line
    ("markdown", lambda out: out.startswith("# Piquet / ピケ / Пикет: the rules compared")
     and "- **foster1914-en**: Foster's Complete Hoyle" in out and "|---|" in out
     and "| players | agree | 2 (l. " in out),
    ("table", lambda out: "Piquet / ピケ / Пикет" in out),
])
def test_compare_formats(built, fmt, check):
    result = query(built, "compare", "piquet", "--format", fmt)
    assert result.exit_code == 0 and check(result.output), result.output


def test_compare_an_unknown_format_is_an_error(built):
    result = query(built, "compare", "piquet", "--format", "xml")
    assert result.exit_code == 2 and "unknown --format 'xml'" in result.output


def test_facts_filters_and_cites(built):
    result = query(built, "facts", "--game", "Пикет", "--facet", "players", "--format", "jsonl")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    assert rows and all(r["game_id"] == "piquet" and r["facet"] == "players" for r in rows)
    assert all(r["anchor"]["quote"] for r in rows)
    ru = query(built, "facts", "--language", "ru", "--format", "jsonl")
    sources = {s["id"]: s["language"] for s in json.loads((built / "data" / "sources.json").read_text())}
    assert {sources[json.loads(line)["source_id"]] for line in ru.output.splitlines() if line.startswith("{")} == {"ru"}


@pytest.mark.parametrize("args, message", [
    (("--source", "nosuch"), "no source 'nosuch'"),
    (("--language", "xx"), "no source in language 'xx'"),
    (("--format", "yaml"), "unknown --format 'yaml'"),
    (("--game", "zzzzzz"), "no game 'zzzzzz'"),
])
def test_facts_errors(built, args, message):
    result = query(built, "facts", *args)
    assert result.exit_code == 2 and message in result.output


def test_facts_explain_names_the_reading_and_the_relations_that_changed_a_fact(built):
    facts = [json.loads(line) for line in (built / "data" / "facts.jsonl").read_text().splitlines()]
    changed = next(f for f in facts if any(r.startswith("subtract:after") for r in f["relations"])
                   and f["rule"].endswith("+removed"))
    result = query(built, "facts", "--explain", changed["id"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert repr(changed["anchor"]["quote"]) in out and f"read by   {changed['rule'].split('+')[0]}" in out
    assert "+removed: the cards a removal after it takes out were subtracted" in out
    marked = [line for line in out.splitlines() if line.startswith("  * ")]
    assert len(marked) == 1 and "subtract after (removed)" in marked[0]
    missing = query(built, "facts", "--explain", changed["id"] + "x")
    assert missing.exit_code == 2 and "no fact" in missing.output and changed["id"] in missing.output


def test_export_copies_the_built_files(built, tmp_path):
    dest = tmp_path / "csv"
    result = query(built, "export", "--format", "csv", "--out", str(dest))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (dest / "csv").iterdir()) == sorted(p.name for p in (built / "data" / "csv").iterdir())
    assert (dest / "schema").is_dir()
    bad = query(built, "export", "--format", "xml", "--out", str(tmp_path / "x"))
    assert bad.exit_code == 2 and "unknown --format 'xml'" in bad.output


def test_a_missing_or_stale_build_is_said_and_built_once(tmp_path):
    corpus = tmp_path / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    out = tmp_path / "b"
    # a mistyped --build must not start a build: missing is an error unless asked for
    refused = runner.invoke(app, ["games", "--corpus", str(corpus), "--build", str(out)])
    assert refused.exit_code == 2 and "no build here" in flat(refused.output) and not out.exists()
    first = runner.invoke(app, ["games", "--corpus", str(corpus), "--build", str(out), "--build-if-missing"])
    assert first.exit_code == 0 and "is missing" in flat(first.output) and "building it once" in flat(first.output)
    again = runner.invoke(app, ["games", "--corpus", str(corpus), "--build", str(out)])
    assert again.exit_code == 0 and "building it once" not in again.output
    text = corpus / "texts" / "skat.txt"
    text.write_text(text.read_text(encoding="utf-8") + "\nSkat wird von drei Spielern gespielt.\n", encoding="utf-8")
    stale = runner.invoke(app, ["games", "--corpus", str(corpus), "--build", str(out)])
    assert stale.exit_code == 0 and "is stale" in flat(stale.output)


@pytest.mark.parametrize("command", ["build", "sources", "games", "compare", "facts", "export", "audit", "eval",
                                     "add-source", "serve"])
def test_every_command_has_help(command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0 and "Usage:" in result.output


def test_piped_tables_follow_columns(built, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    import importlib

    import pipeline.cli as cli
    importlib.reload(cli)
    try:
        result = runner.invoke(cli.app, ["games", "--corpus", str(CORPUS), "--build", str(built)])
        assert result.exit_code == 0
        assert max(len(line) for line in result.output.splitlines()) <= 100
    finally:
        monkeypatch.delenv("COLUMNS")
        importlib.reload(cli)


def test_an_unknown_role_is_an_error_not_an_empty_table(built):
    result = query(built, "facts", "--role", "nosuch")
    assert result.exit_code == 2 and "unknown --role 'nosuch'" in flat(result.output)
    assert "example" in flat(result.output) and "Traceback" not in result.output


def test_export_never_writes_over_a_build(built):
    before = (built / "data" / "facts.jsonl").read_bytes()
    result = query(built, "export", "--format", "csv", "--out", str(built))
    assert result.exit_code == 2 and "holds a hoyle build" in flat(result.output)
    assert (built / "data" / "facts.jsonl").read_bytes() == before and not (built / "csv").exists()


@pytest.mark.parametrize("name, damage", [
    ("games.json", lambda b: b[: len(b) // 2]),                                   # cut short
    ("facts.jsonl", lambda b: b"{\"id\": 1, \"shape\": \"wrong\"}\n" + b),            # a row of another shape
    ("sources.json", lambda b: b"{}"),                                             # not a list
])
def test_a_damaged_build_is_one_line_naming_the_file(built, tmp_path, name, damage):
    copy = tmp_path / "build"
    shutil.copytree(built / "data", copy / "data")
    for marker in (".inputs", ".hoyle-output"):
        shutil.copyfile(built / marker, copy / marker)
    path = copy / "data" / name
    path.write_bytes(damage(path.read_bytes()))
    result = query(copy, "facts", "--game", "piquet", "--language", "en")   # reads games, sources and facts
    assert result.exit_code == 2, result.output
    assert name in flat(result.output) and "cannot read the built data" in flat(result.output)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


@pytest.mark.parametrize("target", ["/dev/full", "folder", "/proc/nope/review.jsonl"])
def test_audit_refuses_an_out_it_cannot_write_and_never_replaces_a_device(built, tmp_path, target):
    """`audit --out /dev/full` renamed its temporary file over the device node (as root, the
    device was gone); an unwritable folder was a traceback."""
    import stat as stat_module
    out = str(tmp_path) if target == "folder" else target
    before = Path("/dev/full").stat().st_mode
    result = runner.invoke(app, ["audit", "--data", str(built / "data"), "--out", out, "--sample", "1"])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert "not a regular file" in result.output or "cannot write the review file" in result.output
    assert Path("/dev/full").stat().st_mode == before and stat_module.S_ISCHR(before)


@pytest.mark.parametrize("redirect", ["full", "closed"])
def test_a_full_or_closed_standard_output_is_one_line_or_nothing_never_a_traceback(built, redirect):
    import subprocess
    import sys
    cmd = [sys.executable, "-m", "pipeline.cli", "facts", "--build", str(built)]
    if redirect == "full":
        with open("/dev/full", "w") as full:
            proc = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        assert proc.returncode == 2 and proc.stderr.strip() == \
            "error: cannot write to standard output: No space left on device", proc.stderr
    else:
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              preexec_fn=lambda: os.close(1))
        assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
