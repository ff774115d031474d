"""staged_output: one writer per --out, an atomic swap, no leftovers, and never touching what hoyle did not make."""

import errno
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline import output
from pipeline.errors import HoyleError
from pipeline.output import MARKER, staged_output

ROOT = Path(__file__).resolve().parents[1]


def write_build(out: Path, text: str) -> None:
    with staged_output(out) as tmp:
        (tmp / "data").mkdir()
        (tmp / "data" / "facts.jsonl").write_text(text)


def siblings(out: Path) -> list[str]:
    """Everything beside `out` except `out` and its lock file."""
    return sorted(p.name for p in out.parent.iterdir() if p.name not in (out.name, f".{out.name}.lock"))


def test_first_build_and_rebuild_leave_only_the_new_tree(tmp_path):
    out = tmp_path / "build"
    write_build(out, "one")
    write_build(out, "two")
    assert (out / "data" / "facts.jsonl").read_text() == "two"
    assert (out / MARKER).is_file()
    assert siblings(out) == []


def test_the_swap_is_one_exchange_not_two_renames(tmp_path, monkeypatch):
    out = tmp_path / "build"
    write_build(out, "one")

    def no_rename(*args, **kwargs):
        raise AssertionError("the swap must not rename out of the way")

    monkeypatch.setattr(os, "replace", no_rename)
    monkeypatch.setattr(os, "rename", no_rename)
    write_build(out, "two")
    assert (out / "data" / "facts.jsonl").read_text() == "two"
    assert siblings(out) == []


def test_without_renameat2_the_two_renames_still_work(tmp_path, monkeypatch):
    out = tmp_path / "build"
    write_build(out, "one")
    monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    write_build(out, "two")
    assert (out / "data" / "facts.jsonl").read_text() == "two"
    assert siblings(out) == []


def test_a_failing_body_keeps_the_previous_build(tmp_path):
    out = tmp_path / "build"
    write_build(out, "one")
    with pytest.raises(ValueError), staged_output(out) as tmp:
        (tmp / "half").write_text("x")
        raise ValueError("boom")
    assert (out / "data" / "facts.jsonl").read_text() == "one"
    assert not (out / "half").exists()
    assert siblings(out) == []


def test_a_second_writer_on_the_same_out_fails_fast(tmp_path):
    out = tmp_path / "build"
    with staged_output(out):
        with pytest.raises(HoyleError, match="another hoyle is writing") as info, staged_output(out):
            pass
        assert str(out) in info.value.message
        with staged_output(tmp_path / "other") as other:  # another --out is not blocked
            (other / "x").write_text("x")
    write_build(out, "after")  # the lock is released afterwards
    assert (out / "data" / "facts.jsonl").read_text() == "after"


def test_stale_folders_of_dead_builds_are_removed(tmp_path):
    out = tmp_path / "build"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        for name in (f".build.tmp-{dead.pid}-abc", f".build.old-{dead.pid}", f".build.tmp-{alive.pid}-abc"):
            (tmp_path / name).mkdir()
            (tmp_path / name / "f").write_text("x")
        write_build(out, "one")
        assert siblings(out) == [f".build.tmp-{alive.pid}-abc"]  # a running build keeps its folder
    finally:
        alive.kill()
        alive.wait()


CHILD = """
import sys, time
from pathlib import Path
from pipeline.output import staged_output
with staged_output(Path(sys.argv[1])) as tmp:
    (tmp / "half").write_text("x")
    print(tmp, flush=True)
    time.sleep(60)
"""


def test_sigterm_during_the_build_removes_the_temporary_folder(tmp_path):
    out = tmp_path / "build"
    write_build(out, "one")
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(out)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        tmp = Path(proc.stdout.readline().strip())
        assert tmp.is_dir() and tmp.name.startswith(".build.tmp-")
        with pytest.raises(HoyleError, match="another hoyle is writing"), staged_output(out):
            pass  # two processes on one --out
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 128 + signal.SIGTERM
    finally:
        proc.kill()
        proc.wait()
    assert not tmp.exists()
    assert siblings(out) == []
    assert (out / "data" / "facts.jsonl").read_text() == "one"


def test_the_sigterm_handler_is_restored(tmp_path):
    before = signal.getsignal(signal.SIGTERM)
    with staged_output(tmp_path / "build"):
        assert signal.getsignal(signal.SIGTERM) is not before
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_folder_with_user_files_is_refused_and_kept(tmp_path):
    out = tmp_path / "thesis"
    out.mkdir()
    (out / "chapter1.tex").write_text("mine")
    with pytest.raises(HoyleError, match="did not write") as info:
        write_build(out, "one")
    assert str(out) in info.value.message and "empty or new folder" in info.value.hint
    assert sorted(p.name for p in out.iterdir()) == ["chapter1.tex"]
    assert (out / "chapter1.tex").read_text() == "mine"
    assert siblings(out) == []


def test_a_file_as_out_is_refused_and_kept(tmp_path):
    out = tmp_path / "notes.txt"
    out.write_text("mine")
    with pytest.raises(HoyleError, match="is a file") as info:
        write_build(out, "one")
    assert str(out) in info.value.message
    assert out.is_file() and out.read_text() == "mine"
    assert siblings(out) == []


def test_an_empty_folder_or_one_hoyle_made_is_accepted(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    write_build(empty, "one")
    assert (empty / "data" / "facts.jsonl").read_text() == "one"
    only_marker = tmp_path / "marked"
    only_marker.mkdir()
    (only_marker / MARKER).write_text("x")
    write_build(only_marker, "one")
    write_build(only_marker, "two")
    assert (only_marker / "data" / "facts.jsonl").read_text() == "two"


@pytest.mark.parametrize("second", [".stamp", "data/facts.jsonl"])
def test_a_folder_holding_a_copy_of_a_builds_data_is_the_users(tmp_path, second):
    # issue 27: a project folder with a copy of a build's data/ (and .git, notes) was replaced
    # whole by a rule that took data/sources.json for a build of ours; only the marker decides now
    out = tmp_path / "project"
    (out / "data").mkdir(parents=True)
    (out / "data" / "sources.json").write_text("[]")
    (out / second).write_text("x")
    (out / "notes.md").write_text("mine")
    with pytest.raises(HoyleError, match="did not write"):
        write_build(out, "new")
    assert (out / "notes.md").read_text() == "mine" and (out / "data" / "sources.json").read_text() == "[]"


def test_an_export_never_replaces_a_build_nor_a_build_an_export(tmp_path):
    build_dir, export_dir = tmp_path / "build", tmp_path / "export"
    write_build(build_dir, "data")
    with staged_output(export_dir, "export") as tmp:
        (tmp / "facts.csv").write_text("csv")
    with pytest.raises(HoyleError, match="holds a hoyle build"):
        with staged_output(build_dir, "export"):
            pass
    with pytest.raises(HoyleError, match="holds a hoyle export"):
        write_build(export_dir, "over")
    assert (build_dir / "data" / "facts.jsonl").read_text() == "data"
    assert (export_dir / "facts.csv").read_text() == "csv"


@pytest.mark.parametrize("umask, mode", [(0o022, 0o755), (0o027, 0o750)])
def test_the_output_folder_has_normal_permissions(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        write_build(tmp_path / "build", "one")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "build").stat().st_mode) == mode


def test_a_full_disk_is_a_clear_error_and_nothing_half_written(tmp_path):
    out = tmp_path / "build"
    write_build(out, "one")
    with pytest.raises(HoyleError, match="cannot write: No space left on device") as info, staged_output(out) as tmp:
        (tmp / "half").write_text("x")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp / "half"))
    assert str(out) in info.value.message and "free space" in info.value.hint
    assert (out / "data" / "facts.jsonl").read_text() == "one"
    assert siblings(out) == []


def test_a_failing_swap_is_a_clear_error_and_keeps_the_previous_build(tmp_path, monkeypatch):
    out = tmp_path / "build"
    write_build(out, "one")

    def broken(a, b):
        raise OSError(errno.EIO, os.strerror(errno.EIO), str(b))

    monkeypatch.setattr(output, "_exchange", broken)
    with pytest.raises(HoyleError, match="cannot write"):
        write_build(out, "two")
    assert (out / "data" / "facts.jsonl").read_text() == "one"
    assert siblings(out) == []


def test_an_unwritable_place_is_a_clear_error(tmp_path, monkeypatch):
    def denied(out_dir):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(out_dir.parent))

    monkeypatch.setattr(output, "_make_tmp", denied)
    with pytest.raises(HoyleError, match="cannot write: Permission denied") as info:
        write_build(tmp_path / "build", "one")
    assert "permissions" in info.value.hint


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_read_only_parent_is_a_clear_error(tmp_path):
    parent = tmp_path / "ro"
    parent.mkdir()
    parent.chmod(0o555)
    try:
        with pytest.raises(HoyleError, match="cannot write") as info:
            write_build(parent / "build", "one")
        assert str(parent / "build") in info.value.message
        assert list(parent.iterdir()) == []
    finally:
        parent.chmod(0o755)


def test_build_refuses_a_folder_it_may_not_replace_before_any_stage_runs(tmp_path, monkeypatch):
    import pipeline.build as build_module
    monkeypatch.setattr(build_module, "run_pipeline", lambda *a, **k: pytest.fail("the pipeline ran"))
    out = tmp_path / "thesis"
    out.mkdir()
    (out / "chapter1.tex").write_text("mine")
    with pytest.raises(HoyleError, match="did not write"):
        build_module.build(ROOT / "corpus", out, site=False, progress=False)
    assert sorted(p.name for p in out.iterdir()) == ["chapter1.tex"]
