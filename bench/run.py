"""Benchmarks (timings live here, never in tests). Run: `python bench/run.py [--quick]`.

Measures, in one run on this machine:
  * per-stage time and throughput (chars/s) per language: ingest, segment, extract;
  * the same on a synthetic corpus of the sources copied under new ids (1x, 5x, 20x): scaling;
  * the ratio of our per-source pipeline to a baseline that only tokenizes the same text the
    way the project does (its chunking, its spaCy pipelines, its lemmas), measured in the same run;
  * whole `hoyle build` processes from the command line (--jobs 1 and 2, with the site, a no-op
    rebuild) against the baseline run as a whole process too; a rebuild served from the
    per-source cache; each query command as a whole process.
Prints a Markdown report and writes bench/results.json.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.build import build
from pipeline.build import load_checked_knowledge as load_knowledge
from pipeline.builtdata import STAMP
from pipeline.extract import extract
from pipeline.extract.token_rules import TokenRules
from pipeline.ingest import ingest
from pipeline.manifest import load_manifest
from pipeline.segment import segment

CORPUS = ROOT / "corpus"


def synthetic_corpus(factor: int, dest: Path) -> Path:
    """The embedded corpus with every source copied `factor` times under new ids."""
    dest.mkdir(parents=True)
    (dest / "texts").mkdir()
    corpus = load_manifest(CORPUS)
    lines = []
    for k in range(factor):
        for e in corpus.entries:
            sid = f"{e.id}-x{k}"
            name = f"texts/{sid}.txt"
            shutil.copyfile(CORPUS / e.file, dest / name)
            lines += ["[[source]]", f'id = "{sid}"', f'file = "{name}"', f'language = "{e.language}"',
                      f"title = {json.dumps(e.title, ensure_ascii=False)}", f"year = {e.year or 2000}",
                      *([f'same_text_as = "{e.id}-x0"'] if k else []), ""]
    (dest / "sources.toml").write_text("\n".join(lines), encoding="utf-8")
    return dest


_SPACY_SECONDS: dict[str, float] = {}


def _timed_token_rules() -> None:
    """Count the time spent in the spaCy token rules (parsing pre-filtered sentences + Matcher)."""
    original = TokenRules.matches

    def timed(self, *args, **kwargs):
        t = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            _SPACY_SECONDS[self.language.code] = _SPACY_SECONDS.get(self.language.code, 0.0) + time.perf_counter() - t
    TokenRules.matches = timed


def stage_times(corpus_dir: Path) -> dict:
    _SPACY_SECONDS.clear()
    corpus = load_manifest(corpus_dir)
    knowledge = load_knowledge(corpus)
    per_lang: dict[str, dict[str, float]] = {}
    for e in corpus.entries:
        raw = (corpus_dir / e.file).read_bytes()
        t0 = time.perf_counter()
        doc, _ = ingest(e, raw, path=e.file, languages=knowledge.languages)
        t1 = time.perf_counter()
        secs, _ = segment(doc, knowledge, e.conventions)
        t2 = time.perf_counter()
        extract(doc, secs, knowledge)
        t3 = time.perf_counter()
        d = per_lang.setdefault(e.language, {"chars": 0, "ingest": 0.0, "segment": 0.0, "extract": 0.0})
        d["chars"] += len(doc.text)
        d["ingest"] += t1 - t0
        d["segment"] += t2 - t1
        d["extract"] += t3 - t2
    for lang, d in per_lang.items():
        d["spacy_token_rules"] = _SPACY_SECONDS.get(lang, 0.0)
    return per_lang


def bare_tokenization(corpus_dir: Path) -> dict:
    """The floor any pipeline on these texts pays: each text cut as the project cuts it for its
    tokenizer (`texts_for_pipeline`), through the project's spaCy pipeline of its language, with
    the project's lemmas (`annotate`: pymorphy3 candidates, lookup tables, Sudachi forms)."""
    from pipeline.lang import load_languages
    from pipeline.nlp import annotate, texts_for_pipeline

    corpus = load_manifest(corpus_dir)
    languages = load_languages(corpus.root / "lang")
    out: dict[str, dict[str, float]] = {}
    for e in corpus.entries:
        language = languages[e.language]
        _ = language.nlp, language.morph   # loading is timed by the whole-process baseline
        text = corpus.text_path(e).read_text(encoding="utf-8")
        t0 = time.perf_counter()
        for _, piece in texts_for_pipeline(text):
            annotate(language.nlp(piece), language)
        d = out.setdefault(e.language, {"chars": 0, "seconds": 0.0})
        d["chars"] += len(text)
        d["seconds"] += time.perf_counter() - t0
    return out


_BARE_PROCESS = """
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
from bench.run import bare_tokenization
bare_tokenization(Path({corpus!r}))
"""


def _process_seconds(argv: list[str], rounds: int = 1) -> float:
    import subprocess
    best = None
    for _ in range(rounds):
        t = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, check=True, capture_output=True)
        best = min(best or 1e9, time.perf_counter() - t)
    return round(best, 2)


def command_line_builds(work: Path) -> dict:
    """Whole `hoyle build` processes as a user runs them (imports, knowledge loading, rule
    compilation, spaCy loading, every stage, align and export included), against the same
    baseline as a whole process: Python, spaCy, the project's chunking and lemmas, nothing else."""
    hoyle = [sys.executable, "-m", "pipeline.cli", "build", "--corpus", str(CORPUS)]
    cold = ["--no-cache", "--force", "--no-site"]
    out = {"build_data_jobs1": _process_seconds([*hoyle, *cold, "--out", str(work / "j1"), "--jobs", "1"]),
           "build_data_jobs2": _process_seconds([*hoyle, *cold, "--out", str(work / "j2"), "--jobs", "2"]),
           "bare_tokenization_process": _process_seconds(
               [sys.executable, "-c", _BARE_PROCESS.format(root=str(ROOT), corpus=str(CORPUS))]),
           "build_with_site": _process_seconds([*hoyle, "--out", str(work / "site")]),
           "noop_rebuild": _process_seconds([*hoyle, "--out", str(work / "site")], rounds=3)}
    out["ratio_build_data_to_bare"] = round(out["build_data_jobs1"] / out["bare_tokenization_process"], 2)
    out["ratio_jobs2_to_jobs1"] = round(out["build_data_jobs2"] / out["build_data_jobs1"], 2)
    return out


_COLD = """
import sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
from pathlib import Path
from pipeline.build import process_source
from pipeline.knowledge import load_knowledge
from pipeline.manifest import load_manifest
corpus = load_manifest(Path({corpus!r}))
knowledge = load_knowledge(corpus)
t1 = time.perf_counter()
for entry in corpus.entries:
    process_source(corpus, entry, knowledge)
print(round(t1 - t0, 2), round(time.perf_counter() - t1, 2))
"""


def cold_corpus_seconds() -> tuple[float, float]:
    """Imports, then ingest + segment + extract of every source, in a fresh interpreter: the
    pattern compilation and the spaCy pipeline loading are paid here, as on a first build."""
    import subprocess
    out = subprocess.run([sys.executable, "-c", _COLD.format(root=str(ROOT), corpus=str(CORPUS))],
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


def _pipeline_seconds(v: dict) -> float:
    return v["ingest"] + v["segment"] + v["extract"]


def regex_budget(corpus_dir: Path, rounds: int = 2) -> dict:
    """ingest + segment + extract of the corpus, best of `rounds`, with every pattern call under
    the budget as built (a SIGALRM watchdog), under regex's own `timeout=` instead, and with no
    budget at all: the price of the budget, measured in one run."""
    import pipeline.patterns as patterns
    from pipeline.build import process_source

    corpus = load_manifest(corpus_dir)
    knowledge = load_knowledge(corpus)
    for e in corpus.entries:   # warm: compiled patterns, spaCy
        process_source(corpus, e, knowledge)

    def once(watchdog: bool, budget: bool) -> float:
        real = patterns.TimeoutLog.budget
        if not budget:
            patterns.TimeoutLog.budget = lambda self, chars: None   # regex: timeout=None
        try:
            with patterns.pattern_budget(watchdog=watchdog):
                t = time.perf_counter()
                for e in corpus.entries:
                    process_source(corpus, e, knowledge)
                return time.perf_counter() - t
        finally:
            patterns.TimeoutLog.budget = real

    modes = {"watchdog": (True, True), "regex_timeout": (False, True), "none": (False, False)}
    best = {m: min(once(*modes[m]) for _ in range(rounds)) for m in modes}
    return {"seconds": {m: round(v, 2) for m, v in best.items()},
            "ratio_watchdog_to_none": round(best["watchdog"] / best["none"], 3),
            "ratio_regex_timeout_to_none": round(best["regex_timeout"] / best["none"], 3)}


def query_seconds(out: Path, rounds: int = 3) -> dict:
    """Each query command as a user runs it (a whole process: imports included), reading the
    build in `out`; best of `rounds`."""
    import subprocess

    commands = {"games": ["games"], "compare piquet": ["compare", "piquet"],
                "facts --game piquet": ["facts", "--game", "piquet"],
                "export --format csv": ["export", "--format", "csv", "--out", str(out.parent / "export")]}
    times = {}
    for name, args in commands.items():
        best = None
        for _ in range(rounds):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "pipeline.cli", *args, "--build", str(out)], cwd=ROOT,
                           check=True, capture_output=True)
            best = min(best or 1e9, time.perf_counter() - t)
        times[name] = round(best, 2)
    return times


def du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> None:
    quick = "--quick" in sys.argv
    factors = [1, 5] if quick else [1, 5, 20]
    _timed_token_rules()
    report: dict = {"machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                                "platform": platform.platform()}}
    imports_s, cold_s = cold_corpus_seconds()
    report["cold_corpus"] = {"import_seconds": imports_s, "ingest_segment_extract_seconds": cold_s}
    report["regex_budget"] = regex_budget(CORPUS)
    tmp = Path(tempfile.mkdtemp(prefix="hoyle-bench-"))
    try:
        report["command_line"] = command_line_builds(tmp / "cli")
        out = tmp / "cli" / "site"
        # in-process: a rebuild served from the per-source cache (the stamp removed: not up to date;
        # --force would recompute every source)
        (out / STAMP).unlink(missing_ok=True)
        t = time.perf_counter()
        res = build(CORPUS, out, site=True, progress=False)
        cached_s = time.perf_counter() - t
        report["queries"] = query_seconds(out)
        # the site alone (pages from the data, mkdocs), per page: what a change to the site costs
        from pipeline.publish import publish
        t = time.perf_counter()
        pages = publish(res, out / "data", tmp / "site-only" / "site")
        site_s = time.perf_counter() - t
        report["build"] = {"cached_rebuild_seconds": round(cached_s, 2), "site_pages": res.pages,
                           "site_seconds": round(site_s, 2), "site_ms_per_page": round(1000 * site_s / pages, 1),
                           "site_bytes": du(out / "site"), "data_bytes": du(out / "data"),
                           "facts": len(res.all_facts())}
        report["scaling"] = []
        for factor in factors:
            cdir = synthetic_corpus(factor, tmp / f"x{factor}")
            stages = stage_times(cdir)
            bare = bare_tokenization(cdir)
            chars = sum(v["chars"] for v in stages.values())
            ours = sum(v["ingest"] + v["segment"] + v["extract"] for v in stages.values())
            bare_s = sum(v["seconds"] for v in bare.values())
            row = {"factor": factor, "chars": chars, "pipeline_seconds": round(ours, 2),
                   "extract_seconds": round(sum(v["extract"] for v in stages.values()), 2),
                   "spacy_token_rule_seconds": round(sum(v["spacy_token_rules"] for v in stages.values()), 2),
                   "bare_tokenization_seconds": round(bare_s, 2), "ratio_to_bare": round(ours / bare_s, 2),
                   "per_language": {lang: {"chars": v["chars"],
                                           **{f"{st}_chars_per_s": round(v["chars"] / v[st]) if v[st] else None
                                              for st in ("ingest", "segment", "extract")},
                                           "pipeline_chars_per_s": round(v["chars"] / _pipeline_seconds(v)),
                                           "bare_chars_per_s": round(bare[lang]["chars"] / bare[lang]["seconds"]),
                                           "ratio_to_bare": round(_pipeline_seconds(v) / bare[lang]["seconds"], 2)}
                                    for lang, v in sorted(stages.items())}}
            report["scaling"].append(row)
            shutil.rmtree(cdir)
        base = report["scaling"][0]["pipeline_seconds"] / report["scaling"][0]["chars"]
        for row in report["scaling"]:
            row["seconds_per_char_vs_1x"] = round((row["pipeline_seconds"] / row["chars"]) / base, 2)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    (ROOT / "bench" / "results.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    b, cl = report["build"], report["command_line"]
    print(f"# Benchmark ({report['machine']['platform']}, {report['machine']['cpus']} CPUs, Python "
          f"{report['machine']['python']})\n")
    print("Whole processes from the command line (imports, loading and compilation included):\n")
    print(f"- `hoyle build --no-cache --no-site`: {cl['build_data_jobs1']} s with --jobs 1, "
          f"{cl['build_data_jobs2']} s with --jobs 2 (ratio {cl['ratio_jobs2_to_jobs1']})")
    print(f"- baseline process (spaCy pipelines, the project's chunking and lemmas, nothing else): "
          f"{cl['bare_tokenization_process']} s; build / baseline = {cl['ratio_build_data_to_bare']}")
    print(f"- `hoyle build` with the site: {cl['build_with_site']} s; site {b['site_pages']} pages, "
          f"{b['site_bytes'] / 1e6:.1f} MB; data {b['data_bytes'] / 1e6:.1f} MB; {b['facts']} facts")
    print(f"- no-op rebuild: {cl['noop_rebuild']} s; forced rebuild from the per-source cache (in process): "
          f"{b['cached_rebuild_seconds']} s")
    print(f"- the site alone: {b['site_seconds']} s for {b['site_pages']} pages, {b['site_ms_per_page']} ms a page\n")
    print("| corpus | chars | pipeline s | baseline s | ratio | s/char vs 1x |")
    print("|---|---|---|---|---|---|")
    for r in report["scaling"]:
        print(f"| {r['factor']}x | {r['chars']:,} | {r['pipeline_seconds']} | {r['bare_tokenization_seconds']} | "
              f"{r['ratio_to_bare']} | {r['seconds_per_char_vs_1x']} |")
    one = report["scaling"][0]
    print(f"\n- extraction of the whole corpus (1x, {one['chars']:,} chars): {one['extract_seconds']} s, of which "
          f"{one['spacy_token_rule_seconds']} s in the spaCy token rules (pre-filtered sentences)")
    cold = report["cold_corpus"]
    print(f"- the whole corpus in a fresh process: imports {cold['import_seconds']} s, then ingest + segment + "
          f"extract {cold['ingest_segment_extract_seconds']} s (pattern compilation and spaCy loading included)")
    print("- query commands (whole process, reading build/data): " +
          ", ".join(f"`hoyle {k}` {v} s" for k, v in report["queries"].items()))
    rb = report["regex_budget"]
    print(f"- time budget of every pattern (ingest + segment + extract of the corpus): "
          f"{rb['seconds']['watchdog']} s with the watchdog, {rb['seconds']['none']} s with no budget "
          f"(ratio {rb['ratio_watchdog_to_none']}); regex's own timeout= would cost "
          f"{rb['seconds']['regex_timeout']} s (ratio {rb['ratio_regex_timeout_to_none']})")
    print("\n| language (1x) | chars | ingest c/s | segment c/s | extract c/s | pipeline c/s | bare c/s | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for lang, v in report["scaling"][0]["per_language"].items():
        print(f"| {lang} | {v['chars']:,} | {v['ingest_chars_per_s']:,} | {v['segment_chars_per_s']:,} | "
              f"{v['extract_chars_per_s']:,} | {v['pipeline_chars_per_s']:,} | {v['bare_chars_per_s']:,} | "
              f"{v['ratio_to_bare']} |")


if __name__ == "__main__":
    main()
