from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from filelock import FileLock

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"


def shared_root(tmp_path_factory) -> Path:
    """A folder every pytest-xdist worker of this run sees (the parent of the workers' own
    temporary folders), or this process's own when the suite runs in one process."""
    base = tmp_path_factory.getbasetemp()
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "shared-builds"
    root.mkdir(exist_ok=True)
    return root


def shared_build(tmp_path_factory, corpus: Path, name: str, *, site: bool, jobs: int = 1):
    """A build of `corpus` made once per test run, however many workers ask: the first builds
    under a lock, the others find it up to date and take its BuildResult from the per-source
    cache the builds share (no stage runs again). Read-only for the tests that get it."""
    from pipeline.build import build, run_pipeline, summarize
    from pipeline.manifest import load_manifest
    from pipeline.progress import reporter

    root = shared_root(tmp_path_factory)
    cache_dir = root / f"{corpus.name}-source-cache"
    out = root / name / "build"
    with FileLock(str(root / f"{name}.lock")):
        result = build(corpus, out, site=site, progress=False, cache_dir=cache_dir, jobs=jobs)
        if result.skipped:
            with reporter(False) as rep:
                result = run_pipeline(load_manifest(corpus), rep, cache_dir=cache_dir)
            result.summary = summarize(result)
    return out, result


@pytest.fixture(scope="session")
def embedded_build(tmp_path_factory):
    """One build of the embedded corpus (data only), shared by the tests that read its output."""
    return shared_build(tmp_path_factory, CORPUS, "embedded-data", site=False)


@pytest.fixture(scope="session")
def site_build(tmp_path_factory, embedded_build):
    """One full build (data and site) of the embedded corpus; its sources come from the data
    build's cache (align, export and the site are what it adds)."""
    return shared_build(tmp_path_factory, CORPUS, "embedded-site", site=True)


def make_corpus(tmp_path: Path, manifest: str, files: dict[str, bytes | str]) -> Path:
    """A throw-away corpus folder: sources.toml plus the given files."""
    root = tmp_path / "corpus"
    (root / "texts").mkdir(parents=True, exist_ok=True)
    (root / "sources.toml").write_text(manifest, encoding="utf-8")
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            content = content.encode("utf-8")
        path.write_bytes(content)
    return root


@pytest.fixture
def corpus_factory(tmp_path):
    return lambda manifest, files: make_corpus(tmp_path, manifest, files)


def copy_embedded(tmp_path: Path) -> Path:
    dst = tmp_path / "corpus"
    shutil.copytree(CORPUS, dst)
    return dst


SHARED_BUILDS = {"embedded_build", "site_build"}


def pytest_collection_modifyitems(items):
    """A test that reads a shared build of the embedded corpus is `slow` (make test-fast leaves it out)."""
    for item in items:
        if SHARED_BUILDS & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


def _whole_suite_on_workers(config) -> bool:
    """pytest-xdist's controller (not a worker) running the default selection of `make test`."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not getattr(config.option, "numprocesses", None):
        return False
    every = not config.args or [Path(a).resolve() for a in config.args] == [ROOT / "tests"]
    return every and "slow" not in (config.option.markexpr or "")


def pytest_sessionstart(session):
    """Under `make test` the embedded corpus and its site are built here, before the workers start,
    with both cores (--jobs 2; mkdocs builds the three languages side by side): otherwise the first
    worker to need them builds on one core while the other waits on the lock."""
    config = session.config
    if _whole_suite_on_workers(config):
        factory = config._tmp_path_factory
        shared_build(factory, CORPUS, "embedded-data", site=False, jobs=2)
        shared_build(factory, CORPUS, "embedded-site", site=True)
