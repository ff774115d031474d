"""Publish: Markdown pages written from the data, then `mkdocs build --strict` into build/site.

The page generators (game_pages, source_pages, misc_pages) gather what a page shows and render
it with a Jinja2 template (templates/, autoescaped: see html.py) in the environment made for
this run. They know nothing of mkdocs; only `run_mkdocs` does, so another static engine could
replace it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from pipeline.children import die_with_parent
from pipeline.errors import HoyleError
from pipeline.publish import game_pages, misc_pages, source_pages
from pipeline.publish.context import SiteContext
from pipeline.publish.html import make_environment
from pipeline.publish.search_terms import search_expansions
from pipeline.publish.ui import UI_LANGUAGES, root_of
from pipeline.resources import SITE_DIR


class SudachiWords:
    """Callable: text -> list of word surfaces (Sudachi mode C), for search segmentation."""

    def __init__(self):
        from sudachipy import Dictionary, SplitMode
        self._tok = Dictionary().tokenizer(mode=SplitMode.C)
        self._mode = SplitMode.C

    def __call__(self, text: str) -> list[str]:
        out = []
        for i in range(0, len(text), 4000):  # Sudachi rejects inputs over ~49 KB
            out.extend(m.surface() for m in self._tok.tokenize(text[i:i + 4000], self._mode))
        return out


def language_pages(ctx: SiteContext, data_dir: Path, data_files: list[str]) -> dict[str, str]:
    """Every page of the site in the context's UI language, by its path in the whole site
    (ja/games/piquet.md): links between pages are relative, so they hold in the assembled site."""
    pages: dict[str, str] = {
        ctx.page("index.md"): misc_pages.home(ctx),
        ctx.page("games/index.md"): game_pages.games_index(ctx),
        ctx.page("sources/index.md"): source_pages.sources_index(ctx),
        ctx.page("facets/index.md"): misc_pages.facets_index(ctx),
        ctx.page("glossary.md"): misc_pages.glossary(ctx),
        ctx.page("data.md"): misc_pages.data_page(ctx, data_dir, data_files),
    }
    for g in ctx.result.knowledge.games:
        pages[ctx.game_page(g.id)] = game_pages.game_page(ctx, g)
    for s in ctx.result.sources:
        pages[ctx.source_page(s.id)] = source_pages.source_page(ctx, s)
        for sec in ctx.result.sections[s.id]:
            if sec.level == 0:
                pages[ctx.section_page[sec.id]] = source_pages.reader_page(ctx, sec)
    facets = set(ctx.result.knowledge.facets.core) | {f.facet for f in ctx.result.all_facts()}
    for facet in sorted(facets):
        pages[ctx.facet_page(facet)] = misc_pages.facet_page(ctx, facet)
    return pages


def write_tree(ctx: SiteContext, lang: str, docs: Path, data_dir: Path, data_files: list[str]) -> list[str]:
    """One UI language's pages into its own docs tree; returns every page's site path."""
    local = ctx if lang == ctx.lang else ctx.in_language(lang)
    written = []
    for site_path, text in language_pages(local, data_dir, data_files).items():
        path = docs / site_path[len(local.prefix):]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(site_path)
    return written


# the navigation of every language's tree: (ui string key, page)
NAV = (("home", "index.md"), ("games", "games/index.md"), ("sources", "sources/index.md"),
       ("facets_title", "facets/index.md"), ("glossary", "glossary.md"), ("data", "data.md"))


def mkdocs_config(lang: str, docs: Path, site_dir: Path) -> dict:
    """The mkdocs configuration of one UI language's tree: the theme's own words (search box,
    "Table of contents") in that language, its navigation, and the language selector's links
    relative to the tree's root."""
    from pipeline.publish.ui import ui_strings

    words = ui_strings()
    config = yaml.safe_load((SITE_DIR / "mkdocs.yml").read_text(encoding="utf-8"))
    config["docs_dir"] = str(docs)
    config["site_dir"] = str(site_dir)
    config["theme"]["custom_dir"] = str(SITE_DIR / "overrides")
    # reader pages (front matter `html_only`) skip Markdown: see site/hooks/html_pages.py
    config["hooks"] = [str(SITE_DIR / "hooks" / "html_pages.py")]
    config["theme"]["language"] = lang
    up = "../" * root_of(lang).count("/")
    config["extra"]["alternate"] = [{"name": words.text("language_name", code), "lang": code,
                                     "link": (up + root_of(code)) or "./"} for code in UI_LANGUAGES]
    config["nav"] = [{words.text(key, lang): page} for key, page in NAV]
    return config


class MkdocsRuns:
    """`mkdocs build --strict` of each language's tree in a process of its own, started as soon
    as that tree is written (the next language's pages are written meanwhile); `finish` waits for
    all, then moves the other languages' sites under the first's (site/ja/, site/ru/). Leaving
    the `with` early (an error, SIGTERM, Ctrl-C) stops every mkdocs before the work folder is
    removed, or one still writing into it leaves it behind."""

    def __init__(self, work: Path, site_dir: Path):
        self.work, self.site_dir = work, site_dir
        self.env = dict(os.environ, NO_MKDOCS_2_WARNING="1", DISABLE_MKDOCS_2_WARNING="true")
        self.procs: dict[str, subprocess.Popen] = {}
        self.outputs: dict[str, Path] = {}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()

    def start(self, lang: str, docs: Path) -> None:
        out = self.outputs[lang] = self.site_dir if not root_of(lang) else self.work / f"site-{lang}"
        cfg = self.work / f"mkdocs-{lang}.yml"
        cfg.write_text(yaml.safe_dump(mkdocs_config(lang, docs, out), allow_unicode=True, sort_keys=False),
                       encoding="utf-8")
        # (a killed hoyle kills mkdocs too: die_with_parent)
        self.procs[lang] = subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(cfg)],
                                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                            env=self.env, cwd=self.work, preexec_fn=die_with_parent)

    def finish(self) -> None:
        failed = []
        for lang, proc in self.procs.items():
            out, _ = proc.communicate()
            if proc.returncode != 0:
                failed.append(f"[{lang}] " + "\n".join(out.strip().splitlines()[-15:]))
        if failed:
            raise HoyleError("mkdocs build --strict failed:\n" + "\n".join(failed), hint="see the messages above")
        for lang, out in self.outputs.items():
            if out != self.site_dir:
                shutil.move(str(out), str(self.site_dir / root_of(lang).rstrip("/")))


def publish(result, data_dir: Path, site_dir: Path, *, segment: bool = True) -> int:
    """Build the site from the data; returns the number of pages."""
    tokenizer = SudachiWords() if segment else None
    ctx = SiteContext(result=result, env=make_environment(), tokenizer=tokenizer)
    # the work folder sits in the staged output (not in /tmp): a killed build's is removed with it
    # by the next build
    work = site_dir.parent / ".site-work"
    shutil.rmtree(work, ignore_errors=True)
    try:
        trees = {lang: work / f"docs-{lang}" for lang in UI_LANGUAGES}
        # the data files once, in the first language's tree; the other trees link to them there
        shutil.copytree(data_dir, trees[UI_LANGUAGES[0]] / "data")
        # what a search also looks for (assets/search-expand.js): word forms and a term's names
        expansions = json.dumps(search_expansions(result), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        for docs in trees.values():
            shutil.copytree(SITE_DIR / "assets", docs / "assets")
            (docs / "assets" / "search-terms.json").write_text(expansions, encoding="utf-8")
        files = sorted(str(p.relative_to(data_dir)) for p in data_dir.rglob("*") if p.is_file())
        pages = []
        with MkdocsRuns(work, site_dir) as runs:
            for lang, docs in trees.items():
                pages += write_tree(ctx, lang, docs, data_dir, files)
                runs.start(lang, docs)
            runs.finish()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return len(set(pages))
