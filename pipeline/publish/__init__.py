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
from pipeline.publish.ui import UI_LANGUAGES
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


def write_pages(ctx: SiteContext, docs: Path, data_files: list[str]) -> list[str]:
    pages: dict[str, str] = {
        "index.md": misc_pages.home(ctx),
        "games/index.md": game_pages.games_index(ctx),
        "sources/index.md": source_pages.sources_index(ctx),
        "facets/index.md": misc_pages.facets_index(ctx),
        "glossary.md": misc_pages.glossary(ctx),
        "data.md": misc_pages.data_page(ctx, docs / "data", data_files),
    }
    for g in ctx.result.knowledge.games:
        pages[ctx.game_page(g.id)] = game_pages.game_page(ctx, g)
    for lang in UI_LANGUAGES[1:]:   # the reader's pages again in Japanese and Russian (ja/, ru/)
        local = ctx.in_language(lang)
        pages[local.prefix + "index.md"] = misc_pages.home(local)
        pages[local.prefix + "games/index.md"] = game_pages.games_index(local)
        for g in ctx.result.knowledge.games:
            pages[local.game_page(g.id)] = game_pages.game_page(local, g)
    for s in ctx.result.sources:
        pages[ctx.source_page(s.id)] = source_pages.source_page(ctx, s)
        for sec in ctx.result.sections[s.id]:
            if sec.level == 0:
                pages[ctx.section_page[sec.id]] = source_pages.reader_page(ctx, sec)
    facets = set(ctx.result.knowledge.facets.core) | {f.facet for f in ctx.result.all_facts()}
    for facet in sorted(facets):
        pages[f"facets/{misc_pages.facet_slug(facet)}.md"] = misc_pages.facet_page(ctx, facet)
    for rel_path, text in pages.items():
        path = docs / rel_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sorted(pages)


def run_mkdocs(work: Path, docs: Path, site_dir: Path) -> None:
    config = yaml.safe_load((SITE_DIR / "mkdocs.yml").read_text(encoding="utf-8"))
    config["docs_dir"] = str(docs)
    config["site_dir"] = str(site_dir)
    config["theme"]["custom_dir"] = str(SITE_DIR / "overrides")
    config["nav"] = [{"Home": "index.md"}, {"Games": "games/index.md"}, {"Sources": "sources/index.md"},
                     {"Facets": "facets/index.md"}, {"Glossary": "glossary.md"}, {"Data": "data.md"},
                     {"日本語": [{"ホーム": "ja/index.md"}, {"ゲーム": "ja/games/index.md"}]},
                     {"Русский": [{"Главная": "ru/index.md"}, {"Игры": "ru/games/index.md"}]}]
    cfg = work / "mkdocs.yml"
    cfg.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", DISABLE_MKDOCS_2_WARNING="true")
    # (an interrupt kills mkdocs through subprocess.run; a killed hoyle takes it along too)
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(cfg)],
                          capture_output=True, text=True, env=env, cwd=work, preexec_fn=die_with_parent)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise HoyleError(f"mkdocs build --strict failed:\n{tail}", hint="see the messages above")


def publish(result, data_dir: Path, site_dir: Path, *, segment: bool = True) -> int:
    """Build the site from the data; returns the number of pages."""
    tokenizer = SudachiWords() if segment else None
    ctx = SiteContext(result=result, env=make_environment(), tokenizer=tokenizer)
    # the work folder sits in the staged output (not in /tmp): a killed build's is removed with it
    # by the next build
    work = site_dir.parent / ".site-work"
    shutil.rmtree(work, ignore_errors=True)
    try:
        docs = work / "docs"
        docs.mkdir(parents=True)
        shutil.copytree(data_dir, docs / "data")
        shutil.copytree(SITE_DIR / "assets", docs / "assets")
        # what a search also looks for (assets/search-expand.js): word forms and a term's names
        (docs / "assets" / "search-terms.json").write_text(
            json.dumps(search_expansions(result), ensure_ascii=False, sort_keys=True, separators=(",", ":")),
            encoding="utf-8")
        files = sorted(str(p.relative_to(docs / "data")) for p in (docs / "data").rglob("*") if p.is_file())
        pages = write_pages(ctx, docs, files)
        run_mkdocs(work, docs, site_dir)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return len(pages)
