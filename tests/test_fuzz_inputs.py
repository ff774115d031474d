"""Fuzzing what users write (issue 14): the manifest, every knowledge and language file, the cache,
the command line, and the time every pattern takes on a line. Whatever the input, the answer is a
result or a HoyleError (one line, exit 2): never another exception. Example counts are bounded so
the fuzzers run in CI in about a minute."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pipeline.build import process_source
from pipeline.cache import Cache
from pipeline.cli import app
from pipeline.errors import HoyleError
from pipeline.knowledge import load_knowledge
from pipeline.lang import load_language
from pipeline.manifest import EMBEDDED_CORPUS, load_manifest
from pipeline.patterns import compile_pattern, pattern_budget

pytestmark = pytest.mark.slow   # fuzzes builds and every input file (make test-fast leaves it out)

FIXTURES = Path(__file__).parent / "fixtures"
LANG = Path(__file__).resolve().parents[1] / "pipeline" / "lang"
def fuzz(examples: int) -> settings:
    # under CI the same examples every run (a landing is not a lottery); locally new ones each run
    return settings(max_examples=examples, deadline=None, derandomize=bool(os.environ.get("CI")),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# --- mutations of a real file ------------------------------------------------------------

TOKENS = [":", "-", "- ", "[", "]", "{", "}", "'", '"', "\n", "  ", "(", ")", "*", "+", "\\", "1e20", "?", "&a",
          "*a", "!!python/object:os.system", "~", "null", "-1", "99999999999999999999", "{N}", "(a+)+$", "\t",
          "\x00", "é", "ピケ", "игрок", "facet: nosuch", "id: x", "pattern:", "%", "|", ">", "#", "0x1F"]


@st.composite
def mutated(draw, text: str) -> str:
    lines = text.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "duplicate", "insert", "replace"]))
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if kind == "delete" and lines:
            del lines[i]
        elif kind == "duplicate" and lines:
            lines.insert(i, lines[i])
        else:
            junk = "".join(draw(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=4)))
            if kind == "insert" or not lines:
                lines.insert(i, junk)
            else:
                line = lines[i]
                a = draw(st.integers(0, len(line)))
                b = draw(st.integers(a, len(line)))
                lines[i] = line[:a] + junk + line[b:]
    return "".join(lines)


def _fresh_corpus() -> Path:
    root = Path(tempfile.mkdtemp(prefix="hoyle-fuzz-"))
    shutil.copytree(FIXTURES / "lang-de", root / "c")
    return root / "c"


@pytest.mark.parametrize("name", ["games.yaml", "terms.yaml", "facets.yaml"])
def test_knowledge_files_fuzzed(name):
    original = (EMBEDDED_CORPUS / name).read_text(encoding="utf-8")

    @fuzz(8)
    @given(mutated(original))
    def check(text):
        corpus = _fresh_corpus()
        try:
            (corpus / name).write_text(text, encoding="utf-8")
            try:
                load_knowledge(load_manifest(corpus))
            except HoyleError as exc:
                assert exc.message and "\n" not in exc.message.split(":", 1)[0]
        finally:
            shutil.rmtree(corpus.parent, ignore_errors=True)

    check()


@pytest.mark.parametrize("name", ["profile.yaml", "facts.yaml", "token_rules.yaml"])
def test_language_files_fuzzed(name, tmp_path):
    original = (LANG / "en" / name).read_text(encoding="utf-8")

    @fuzz(25)
    @given(mutated(original))
    def check(text):
        folder = tmp_path / "en"
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(LANG / "en", folder)
        (folder / name).write_text(text, encoding="utf-8")
        try:
            language = load_language("en", folder)
            assert compile_pattern(language.numbers.pattern)   # a profile's number words make a pattern
            # `script` is optional: a mutation that deletes its line loads a profile without one
            assert language.script is not None or not re.search(r"(?m)^script:", text)
        except HoyleError as exc:
            assert str(folder / name) in exc.message or str(folder) in exc.message

    check()


@fuzz(60)
@given(st.dictionaries(
    st.sampled_from(["id", "file", "language", "title", "year", "edition", "kind", "encoding", "conventions",
                     "same_edition_as", "machine_translated", "colour"]),
    st.one_of(st.text(max_size=12), st.integers(min_value=-10**30, max_value=10**30), st.booleans(),
              st.lists(st.text(max_size=5), max_size=2), st.sampled_from(["rot13", "base64", "utf-8", "../x",
                                                                          "texts/a.txt", "en", "book"])),
    max_size=12))
def test_manifest_fuzzed(table):
    root = Path(tempfile.mkdtemp(prefix="hoyle-fuzz-"))
    try:
        (root / "texts").mkdir()
        (root / "texts" / "a.txt").write_text("Piquet is played by two persons.\n", encoding="utf-8")
        (root / "sources.toml").write_text(tomlkit.dumps({"source": [table]}), encoding="utf-8")
        try:
            corpus = load_manifest(root)
        except HoyleError as exc:
            assert "sources.toml" in exc.message or str(root) in exc.message
            return
        assert corpus.entries[0].year is None or 1400 <= corpus.entries[0].year <= 2100
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def cache_entry(tmp_path_factory):
    from typer.testing import CliRunner

    root = tmp_path_factory.mktemp("cache")
    corpus = root / "de"
    shutil.copytree(FIXTURES / "lang-de", corpus)
    result = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--out", str(root / "out"), "--no-site"])
    assert result.exit_code == 0, result.output
    [entry] = (root / ".out-cache").glob("*.json")
    return entry.stem, entry.read_bytes()


@fuzz(300)
@given(data=st.data())
def test_cache_entries_fuzzed(cache_entry, data):
    """Any corruption of an entry (flipped, cut, inserted bytes) reads as a miss or as exactly what
    was written: never an exception, never something else."""
    key, blob = cache_entry
    bad = bytearray(blob)
    for _ in range(data.draw(st.integers(1, 5))):
        op = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        i = data.draw(st.integers(0, len(bad) - 1))
        if op == "flip":
            bad[i] ^= data.draw(st.integers(1, 255))
        elif op == "cut":
            del bad[i:i + data.draw(st.integers(1, 50))]
        else:
            bad[i:i] = data.draw(st.binary(min_size=1, max_size=8))
    root = Path(tempfile.mkdtemp(prefix="hoyle-fuzz-"))
    try:
        (root / f"{key}.json").write_bytes(bytes(bad))
        got = Cache(root).get(key)
        assert got is None or bytes(bad) == blob
    finally:
        shutil.rmtree(root, ignore_errors=True)


ARGS = st.lists(st.sampled_from([
    "build", "sources", "games", "compare", "facts", "export", "audit", "eval", "add-source", "--corpus", "CORPUS",
    "--build", "--game", "--source", "--language",
    "--out", "OUT", "--format", "csv", "json", "xml", "--facet", "players", "nosuch", "--sample", "0", "-1",
    "3", "--seed", "x", "--year", "100000000000000000000", "--lang", "de", "zz", "--title", "t", "piquet",
    "skat", "--no-site", "--strict", "--jobs", "0", "--debug", "--help", "", "\x00", "../..", "/proc/nope",
]), min_size=1, max_size=6)


@fuzz(40)
@given(ARGS)
def test_command_line_fuzzed(args):
    """Random command lines over a small corpus: an answer, a usage error or a one-line error;
    never a traceback (`--debug` alone may show one: it asks for it). Run in a temporary folder:
    default paths (build/, export/) land there."""
    root = Path(tempfile.mkdtemp(prefix="hoyle-fuzz-"))
    here = os.getcwd()
    os.chdir(root)
    try:
        shutil.copytree(FIXTURES / "lang-de", root / "c")
        argv = [str(root / "c") if a == "CORPUS" else str(root / "out") if a == "OUT" else a for a in args]
        if "--corpus" in argv and argv.index("--corpus") == len(argv) - 1 or "--corpus" not in argv:
            argv += ["--corpus", str(root / "c")]
        if "serve" in argv:
            return
        result = CliRunner().invoke(app, argv)
        assert result.exit_code in (0, 1, 2), (argv, result.output)
        if "--debug" not in argv:
            assert result.exception is None or isinstance(result.exception, SystemExit), (argv, result.exception)
    finally:
        os.chdir(here)
        shutil.rmtree(root, ignore_errors=True)


# --- the time every pattern takes on a line ----------------------------------------------

PIECES = {
    "en": ["two ", "three-", "and ", "hundred ", "A ", "K, ", "Q ", "10 ", "cards ", "points ", "players ",
           "each ", "(", ")", ", ", "; ", "ace 11, ", "counts ", "to ", "or ", "deal ", "- ", "—", "1,000 ", "the "],
    "ru": ["два ", "три ", "и ", "сто ", "Т ", "К, ", "Д ", "10 ", "карт ", "очков ", "игроков ", "каждому ",
           "(", ")", ", ", "; ", "туз 11, ", "по ", "до ", "или ", "сдаёт ", "- ", "—", "1 000 "],
    "ja": ["二", "三", "十", "人", "枚", "点", "、", "。", "エース", "キング", "（", "）", "〜", "ずつ", "配る",
           "または", "1", "0", "以上", "の", "は", "で"],
}
HEADS = {"en": "PIQUET.\n\n", "ru": "ПИКЕТ.\n\n", "ja": "ピケ\n\n"}


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("time")
    (root / "texts").mkdir()
    entries = []
    for lang in PIECES:
        (root / "texts" / f"{lang}.txt").write_text(HEADS[lang], encoding="utf-8")
        entries.append(f'[[source]]\nid = "t-{lang}"\nfile = "texts/{lang}.txt"\nlanguage = "{lang}"\ntitle = "t"\n')
    (root / "sources.toml").write_text("\n".join(entries), encoding="utf-8")
    corpus = load_manifest(root)
    from pipeline.build import load_checked_knowledge
    return corpus, load_checked_knowledge(corpus)


@fuzz(30)
@given(lang=st.sampled_from(sorted(PIECES)), data=st.data())
def test_no_pattern_takes_over_its_budget_on_a_line(small_corpus, lang, data):
    """Long runs of what rules read (number words, ranks, units, separators) on one line: every
    pattern keeps to a budget of 0.5 s per call (the build allows 1 s)."""
    corpus, knowledge = small_corpus
    pieces = data.draw(st.lists(st.sampled_from(PIECES[lang]), min_size=50, max_size=1500))
    entry = next(e for e in corpus.entries if e.language == lang)
    (corpus.root / entry.file).write_text(HEADS[lang] + "".join(pieces) + "\n", encoding="utf-8")
    with pattern_budget(base_seconds=0.5, seconds_per_char=1e-4) as outer:
        result = process_source(corpus, entry, knowledge)
    assert not outer.timeouts
    assert not [w for w in result.warnings if "time budget" in w], result.warnings


# --- raw manifests and hand-damaged builds (issue 27) --------------------------------------

MANIFEST_JUNK = ["[" * 5000, "x = " + "[" * 50_000 + "]" * 50_000, "{a=" * 3000, "\ufeff", "\r", "\r\n", "\x00",
                 '"""', "'''", "[[source]]\n", "= ", "\\u0000", "file = '/dev/zero'\n", "file = 'texts'\n",
                 "file = '../../etc/passwd'\n", "encoding = 'utf-16'\n", "year = 1e400\n", "id = \"\"\n"]


@fuzz(60)
@given(data=st.data())
def test_manifest_bytes_fuzzed(data):
    """A hand-edited sources.toml cut, spliced or nested 50k deep: loaded, or one HoyleError."""
    root = Path(tempfile.mkdtemp(prefix="hoyle-fuzz-"))
    try:
        (root / "texts").mkdir()
        (root / "texts" / "a.txt").write_text("Piquet is played by two persons.\n", encoding="utf-8")
        text = '[[source]]\nid = "a"\nfile = "texts/a.txt"\nlanguage = "en"\ntitle = "A"\n'
        for _ in range(data.draw(st.integers(1, 3))):
            i = data.draw(st.integers(0, len(text)))
            j = data.draw(st.integers(i, min(len(text), i + 20)))
            text = text[:i] + data.draw(st.sampled_from(MANIFEST_JUNK)) + text[j:]
        (root / "sources.toml").write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            load_manifest(root)
        except HoyleError as exc:
            assert "sources.toml" in exc.message, exc.message
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def small_build(tmp_path_factory):
    from typer.testing import CliRunner

    root = tmp_path_factory.mktemp("built")
    shutil.copytree(FIXTURES / "lang-de", root / "c")
    result = CliRunner().invoke(app, ["build", "--corpus", str(root / "c"), "--out", str(root / "out"), "--no-site"])
    assert result.exit_code == 0, result.output
    return root


QUERIES = [["games"], ["facts"], ["facts", "--format", "csv"], ["compare", "skat"], ["export", "--format", "csv"],
           ["audit", "--sample", "2"]]


@fuzz(60)
@given(name=st.sampled_from(["sources.json", "games.json", "facts.jsonl", "comparisons.json", "sections.jsonl"]),
       query=st.sampled_from(QUERIES), data=st.data())
def test_built_data_fuzzed(small_build, name, query, data):
    """Every query command over a build whose one file was damaged by hand (bytes flipped, cut,
    JSON of another shape): an answer or one line, never a traceback."""
    from typer.testing import CliRunner

    work = Path(tempfile.mkdtemp(prefix="hoyle-fuzz-"))
    try:
        shutil.copytree(small_build / "out", work / "out")
        path = work / "out" / "data" / name
        blob = bytearray(path.read_bytes())
        op = data.draw(st.sampled_from(["flip", "cut", "insert", "replace"]))
        i = data.draw(st.integers(0, max(0, len(blob) - 1)))
        if op == "flip" and blob:
            blob[i] ^= data.draw(st.integers(1, 255))
        elif op == "cut":
            del blob[i:]
        elif op == "insert":
            blob[i:i] = data.draw(st.sampled_from([b"{", b"]", b"null", b'"x"', b"\xff", b"[" * 100_000, b"\n{}\n"]))
        else:
            blob = bytearray(data.draw(st.sampled_from([b"{}", b"[]", b"[1, 2]", b'[{"id": 1}]', b"null", b""])))
        path.write_bytes(bytes(blob))
        args = [*query, "--corpus", str(small_build / "c")]
        if query[0] == "audit":
            args += ["--data", str(work / "out" / "data"), "--out", str(work / "review.jsonl")]
        else:
            args += ["--build", str(work / "out")]
        if query[0] == "export":
            args += ["--out", str(work / "export")]
        result = CliRunner().invoke(app, args)
        assert result.exit_code in (0, 1, 2), (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, name, op, result.exception)
    finally:
        shutil.rmtree(work, ignore_errors=True)


@pytest.mark.parametrize("content", [b"[]\n", b"1\n", b'"x"\n{"id": "a"}\n'])
def test_a_jsonl_line_that_is_not_an_object_is_one_line(small_build, tmp_path, content):
    """Found by test_built_data_fuzzed: `games` over a sections.jsonl whose line is `[]` raised
    AttributeError."""
    from typer.testing import CliRunner

    shutil.copytree(small_build / "out", tmp_path / "out")
    (tmp_path / "out" / "data" / "sections.jsonl").write_bytes(content)
    result = CliRunner().invoke(app, ["games", "--corpus", str(small_build / "c"), "--build", str(tmp_path / "out")])
    assert result.exit_code == 2 and "a JSON object was expected" in " ".join(result.output.split()), result.output


def test_arrays_nested_past_the_stack_are_a_clear_error(tmp_path):
    from pipeline.builtdata import BuiltData

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "sources.json").write_text("[" * 200_000, encoding="utf-8")
    with pytest.raises(HoyleError, match="cannot read the built data"):
        BuiltData(tmp_path)._json("sources.json")
