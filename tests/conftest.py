from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"


@pytest.fixture(scope="session")
def embedded_build(tmp_path_factory):
    """One build of the embedded corpus (data only), shared by the tests that read its output."""
    from pipeline.build import build

    out = tmp_path_factory.mktemp("build") / "build"
    result = build(CORPUS, out, site=False, progress=False)
    return out, result


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


@pytest.fixture(scope="session")
def site_build(tmp_path_factory):
    """One full build (data and site) of the embedded corpus."""
    from pipeline.build import build

    out = tmp_path_factory.mktemp("site") / "build"
    result = build(CORPUS, out, site=True, progress=False)
    return out, result
