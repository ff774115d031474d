"""The website: every internal link resolves, source text is shown as text (never executed or
linked), and the pages a historian starts from are there."""

import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import jinja2
import pytest
import regex
from markupsafe import Markup

from pipeline.build import build
from pipeline.publish.html import esc, make_environment


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])


def parse(path: Path) -> Links:
    p = Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def resolve(site: Path, page: Path, href: str) -> tuple[Path, str] | None:
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("mailto:"):
        return None
    if not parts.path:
        return page, unquote(parts.fragment)
    base = posixpath.dirname(str(page.relative_to(site)))
    target = posixpath.normpath(posixpath.join(base, unquote(parts.path)))
    path = site / target
    if path.is_dir() or parts.path.endswith("/"):
        path = path / "index.html"
    return path, unquote(parts.fragment)


def test_no_broken_internal_links_or_fragments(site_build):
    out, result = site_build
    site = out / "site"
    # 404.html is served at any depth, so mkdocs gives it absolute links: not crawled
    pages = sorted(p for p in site.rglob("*.html") if p.name != "404.html")
    assert len(pages) > 300
    cache: dict[Path, Links] = {}

    def links_of(path: Path) -> Links:
        if path not in cache:
            cache[path] = parse(path)
        return cache[path]

    broken = []
    for page in pages:
        links = links_of(page)
        for href in links.hrefs:
            got = resolve(site, page, href)
            if got is None:
                continue
            path, frag = got
            if not path.exists():
                broken.append((str(page.relative_to(site)), href))
                continue
            if frag and path.suffix == ".html":
                ids = links_of(path).ids
                if frag not in ids:
                    broken.append((str(page.relative_to(site)), href))
    assert not broken, broken[:20]


def test_piquet_page_links_each_value_to_its_line_in_three_sources(site_build):
    out, result = site_build
    html = (out / "site" / "games" / "piquet" / "index.html").read_text(encoding="utf-8")
    for sid in ("hoyle1909-ja", "foster1914-en", "web2013-ja"):
        assert f"../../sources/{sid}/L" in html
    assert 'class="status-agree"' in html and "#fact-" in html
    cribbage = (out / "site" / "games" / "cribbage" / "index.html").read_text(encoding="utf-8")
    assert 'class="status-differ"' in cribbage   # six cards in Foster, five in Hoyle


def test_data_files_ship_inside_the_site(site_build):
    out, _ = site_build
    data = out / "site" / "data"
    for name in ("sources.json", "facts.jsonl", "comparisons.json", "rules.sqlite", "schema/fact.json",
                 "csv/facts.csv", "tei/foster1914-en.xml"):
        assert (data / name).is_file(), name


def test_the_data_page_lists_each_file_with_size_records_schema_and_licence(site_build):
    out, _ = site_build
    html = (out / "site" / "data" / "index.html").read_text(encoding="utf-8")
    rows = {m.group(1): m.group(0) for m in re.finditer(r'<tr><td[^>]*><a href="[^"]*data/([^"]+)">.*?</tr>', html)}
    facts = sum(1 for line in (out / "data" / "facts.jsonl").read_text(encoding="utf-8").splitlines() if line)
    assert f'<td translate="no">{facts:,}</td>' in rows["facts.jsonl"] and "schema/fact.json" in rows["facts.jsonl"]
    assert re.search(r'<td translate="no">\d[\d,]*</td>', rows["csv/sections.csv"])
    assert f"facts {facts:,}" in rows["rules.sqlite"] and "section_text_data" not in rows["rules.sqlite"]
    assert all(re.search(r'class="num">[\d.,]+ (?:B|KB|MB)<', r) for r in rows.values())
    assert "CC0" in html and "hoyle serve --data" in html and "Piquet across sources" in html


def test_the_reader_shows_markup_and_cites_at_word_boundaries(site_build):
    out, result = site_build
    pages = list((out / "site" / "sources").glob("*/L*/index.html"))
    text = {p: p.read_text(encoding="utf-8") for p in pages}
    # the link to the comparison never splits a word ("колод↗ы")
    # (in a script written with spaces between words: Japanese has no word boundary to keep)
    letter = r"[\p{Latin}\p{Cyrillic}]"
    split = [(p.parent.name, m.group()) for p, t in text.items()
             for m in regex.finditer(rf'{letter}</mark>{letter}*<a class="to-row"[^>]*>[^<]*</a>{letter}', t)]
    assert not split, split[:3]
    # Foster's =bold= headings are bold, their signs kept but dimmed
    foster = "".join(t for p, t in text.items() if "foster1914-en" in str(p))
    assert '<span class="mk">=</span><strong>Players.</strong><span class="mk">=</span>' in foster
    # each reader page lists the facts of its section, each linking to its mark
    piquet = next(t for p, t in text.items() if "foster1914-en" in str(p) and 'id="fact-' in t and "Piquet" in t)
    listed = re.findall(r'<li><a href="#(fact-[^"]+)">line \d+</a>', piquet)
    assert listed and all(f'id="{i}"' in piquet for i in listed)


HOSTILE = """EVIL GAME.

<script>alert(1)</script> and <img src=x onerror="alert(2)"> and [link](javascript:alert(3))
and {{ config.site_name }} and {% raw %} and *not bold* and `code` and | pipes |

PIQUET.

Piquet is played by two persons <script>alert(4)</script> with a pack of thirty-two cards.
"""


@pytest.mark.slow
def test_untrusted_source_text_is_shown_as_text(corpus_factory, tmp_path):
    root = corpus_factory('[[source]]\nid = "hostile"\nfile = "texts/h.txt"\nlanguage = "en"\n'
                          'title = "<script>alert(5)</script>"\n', {"texts/h.txt": HOSTILE})
    out = tmp_path / "out"
    build(root, out, site=True, progress=False)
    site = out / "site"
    every = "\n".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
    assert "<script>alert(" not in every
    assert "<img src=x onerror" not in every and '<img src="x" onerror' not in every
    assert 'href="javascript:' not in every
    reader = "\n".join(p.read_text(encoding="utf-8") for p in (site / "sources" / "hostile").rglob("L*/index.html"))
    # a tag in the source is shown as text, dimmed as markup
    assert '<span class="mk">&lt;script&gt;</span>alert(1)<span class="mk">&lt;/script&gt;</span>' in reader
    assert '<span class="mk">&lt;img src=x onerror=&quot;alert(2)&quot;&gt;</span>' in reader
    assert "&#91;link&#93;(javascript:alert(3))" in reader
    assert "&#123;&#123; config.site&#95;name &#125;&#125;" in reader
    # the title stays visible and harmless in <title> and the navigation
    assert "‹script›alert(5)‹/script›" in (site / "sources" / "hostile" / "index.html").read_text(encoding="utf-8")
    facts = [json.loads(x) for x in (out / "data" / "facts.jsonl").read_text().splitlines()]
    assert any(f["facet"] == "deck_size" for f in facts)


# -- templates --------------------------------------------------------------------------------

NASTY = "<b>\"it's\" & {{ x }} {% y %} [l](j:s) `c` *e* _u_ | \\ </b>"


def test_every_template_value_is_escaped_like_esc():
    env = make_environment()
    inert = esc(NASTY)
    for ch in "<>\"'{}[]`*_|\\":
        assert ch not in inert.replace("&#", "").replace(";", "")
    render = lambda source, **values: env.from_string(source).render(**values)  # noqa: E731
    assert render("{{ v }}", v=NASTY) == inert
    assert render("{{ v }}", v=Markup("<br>")) == "<br>"  # already safe HTML is passed as Markup
    # the `join` filter escapes text joined to Markup like any value (Jinja's own would not defuse `{`)
    assert render('{{ [v, m]|join(", ") }}', v=NASTY, m=Markup("<br>")) == inert + ", <br>"
    assert render("{{ v|join }}", v=[NASTY]) == inert
    # a caller block: blank lines removed, text still escaped
    assert render('{% from "_macros.html" import block %}{% call block() %}a\n\n{{ v }}\n{% endcall %}',
                  v=NASTY) == f'<div class="hc" markdown="0">\na\n{inert}\n</div>\n\n'
    # URLs and ids made of slugs are as they are; anything else is escaped
    assert render('{{ href("games/index.md", "games/a-b.md", "row-a_b") }}') == "a-b/#row-a_b"
    assert render('{{ href("index.md", "x<y>.md") }}') == "x&lt;y&gt;/"
    assert render('{{ html_id("fact", v) }}', v="a:b_c") == "fact-a-b_c"
    with pytest.raises(jinja2.UndefinedError):
        render("{{ missing }}")


def test_templates_build_no_unescaped_html():
    """Markup is made in Python, never in a template: no `|safe`, no `~` joining text to
    Markup and no filter that makes Markup of text (they escape without defusing Markdown), no
    autoescape switched off."""
    templates = Path(__file__).resolve().parents[1] / "pipeline" / "publish" / "templates"
    files = sorted(templates.iterdir())
    assert len(files) >= 10
    for path in files:
        text = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.S)
        for bad in ("|safe", "| safe", "~", "autoescape", "Markup", "|e}", "|escape", "tojson", "urlize", "xmlattr"):
            assert bad not in text, (path.name, bad)


def test_search_text_of_a_reader_page_has_no_line_numbers(site_build):
    out, _ = site_build
    docs = json.loads((out / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    readers = [d for d in docs if re.match(r"sources/[^/]+/L\d+/$", d["location"])]
    assert readers
    for d in readers:
        # the page's own first lines numbered one after another: what the line numbers would leave
        first = int(re.search(r"/L(\d+)/$", d["location"]).group(1))
        numbers = [int(n) for n in re.findall(r"(?<![\d.,])\d{1,5}(?![\d.,])", d["text"])]
        runs = [a for a, b, c in zip(numbers, numbers[1:], numbers[2:], strict=False)
                if (a, b, c) == (first, first + 1, first + 2)]
        assert not runs, d["location"]


def test_example_only_values_are_shown_apart_from_the_comparison(site_build):
    out, result = site_build
    from pipeline.extract.roles import RULE_ROLES
    examples = [f for f in result.all_facts() if f.role not in RULE_ROLES]
    assert examples
    game = examples[0].game_id
    html = (out / "site" / "games" / game / "index.html").read_text(encoding="utf-8")
    apart = html[html.index("Seen only in examples"):]
    comparison = html[html.index('<table class="comparison"'):html.index("Seen only in examples")] \
        if '<table class="comparison"' in html else ""
    ids = re.findall(r'href="[^"]*#(fact-[^"]+)"', apart.split("</table>")[0])
    assert ids and not any(i in comparison for i in ids)   # an example's fact is never a comparison cell


def test_every_ui_string_has_every_language_and_the_same_placeholders(tmp_path):
    from pipeline.datafile import load_model
    from pipeline.errors import HoyleError
    from pipeline.publish.ui import UI_LANGUAGES, UiStrings, ui_strings
    assert all(set(v) == set(UI_LANGUAGES) for v in ui_strings().root.values())
    bad = tmp_path / "strings.yaml"
    bad.write_text('a: {en: "x", ja: "y"}\n', encoding="utf-8")
    with pytest.raises(HoyleError, match="strings.yaml"):
        load_model(bad, UiStrings)
    bad.write_text('a: {en: "{n} cards", ja: "枚", ru: "{n} карт"}\n', encoding="utf-8")
    with pytest.raises(HoyleError, match="placeholders"):
        load_model(bad, UiStrings)


def test_every_ui_string_used_exists_and_every_one_written_is_used():
    """The catalog and the pages agree: a key a template or page generator asks for is in
    strings.yaml (a typo fails here, not in a build), and a key written there is asked for
    (keys made from a name, such as family_<id> or qualifier_<q>, by their prefix)."""
    from pipeline.publish.ui import ui_strings

    publish = Path(__file__).resolve().parents[1] / "pipeline" / "publish"
    code = "\n".join(p.read_text(encoding="utf-8") for p in [*publish.glob("*.py"), *(publish / "templates").iterdir()])
    asked = set(re.findall(r'\b(?:t|words)\(\s*"(\w+)"', code)) | set(re.findall(r'\.text\(\s*"(\w+)"', code)) \
        | set(re.findall(r'\(\s*"(\w+)",\s*"[\w/.]+\.md"\)', code)) | set(re.findall(r'root\["(\w+)"\]', code))
    keys = set(ui_strings().root)
    assert asked - keys == set()
    made = ("family_", "qualifier_", "role_", "kind_", "source_kind_", "query_", "topic_", "language_full_",
            "language_short_")
    assert {k for k in keys - asked if not k.startswith(made)} == set()
    for prefix in made:
        assert prefix in code.replace('f"query_', '"query_')


def test_every_family_qualifier_and_role_of_the_knowledge_has_its_words(site_build):
    """The names the site makes keys of (families, qualifiers, roles, section kinds, topics) are all in
    the catalog, so no reader meets a raw id (a new one falls back to its id, and fails here)."""
    from pipeline.extract.roles import ROLE_ORDER, RULE_ROLES
    from pipeline.publish.ui import ui_strings

    _, result = site_build
    keys = set(ui_strings().root)
    kn = result.knowledge
    wanted = {f"family_{g.family}" for g in kn.games} | {f"role_{r}" for r in (*ROLE_ORDER, *RULE_ROLES, "other")}
    wanted |= {f"qualifier_{q}" for q in kn.facets.qualifiers if not re.fullmatch(r"\d+p", q)}
    wanted |= {f"kind_{s.kind}" for sid in result.sections for s in result.sections[sid]}
    wanted |= {f"source_kind_{s.kind}" for s in result.sources} | {f"topic_{t}" for t in kn.terms.topics}
    assert wanted - keys == set()


def test_every_source_with_a_text_on_a_game_is_side_by_side_on_its_page(site_build):
    """A game two sources describe shows both texts side by side (the whole text first, then
    topic by topic), even where no fact or topic heading was found in one of them."""
    out, result = site_build
    by_game: dict[str, set[str]] = {}
    for sid in result.source_order():
        for s in result.sections[sid]:
            if s.kind in ("game", "variant") and s.game_id:
                by_game.setdefault(s.game_id, set()).add(sid)
    several = {g: srcs for g, srcs in by_game.items() if len(srcs) >= 2}
    assert len(several) >= 20
    for game_id, srcs in several.items():
        html = (out / "site" / "games" / game_id / "index.html").read_text(encoding="utf-8")
        table = html[html.index('<table class="side-by-side"'):].split("</table>")[0]
        head = table.split("</thead>")[0]
        assert all(sid in head for sid in srcs), (game_id, srcs)
        whole = table.split("</thead>")[1].split("</tr>")[0]
        assert whole.count("<a href=") >= len(srcs), game_id
    # a run-in heading's paragraph is a topic passage: Foster's Baccara "=Dealing.=" and "=Cards.="
    baccara = (out / "site" / "games" / "baccara" / "index.html").read_text(encoding="utf-8")
    table = baccara[baccara.index('<table class="side-by-side"'):].split("</table>")[0]
    assert "=Dealing.=" in table and ">dealing<" in table


def test_at_a_glance_shows_equal_values_once_with_every_source_that_states_them(site_build):
    """Piquet's card points, stated by Foster and the web page in different orders, are one value
    with both sources (ranks in the standard order), and the pack shows its ranks."""
    out, _ = site_build
    html = (out / "site" / "games" / "piquet" / "index.html").read_text(encoding="utf-8")
    glance = html[html.index('<dl class="glance">'):].split("</dl>")[0]
    rows = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", glance, re.S))
    points = rows["Card points"]
    # (another source may state another value: Cassell's "nines for nine, &c." is read short)
    whole = next(v for v in points.split('<span class="or">') if "A: 11, K: 10, Q: 10, J: 10, 10: 10, 9: 9, 8: 8, 7: 7" in v)
    assert whole.count('class="gv"') == 1 and "foster1914-en" in whole and "web2013-ja" in whole, points
    assert points.count("A: 11, K: 10, Q: 10, J: 10, 10: 10, 9: 9, 8: 8, 7: 7") == 1, points
    assert "32 cards (A K Q J 10 9 8 7)" in rows["Cards in play"]


def test_the_russian_and_japanese_pages_write_ranks_and_counters_in_their_language(site_build):
    """Rank letters by each language's convention (Т К Д В in Russian; the sources' own A K Q J
    in Japanese), the games list's counter in the page's language, and its games in the order of
    the page's alphabet."""
    out, _ = site_build
    site = out / "site"
    ru = (site / "ru" / "games" / "piquet" / "index.html").read_text(encoding="utf-8")
    # (a quote of a source, in a title, stays as written)
    assert ">Т К Д В 10 9 8 7<" in ru and ">A K Q J 10 9 8 7<" not in ru
    assert "A K Q J 10 9 8 7" in (site / "ja" / "games" / "piquet" / "index.html").read_text(encoding="utf-8")
    from html import unescape  # (braces are written as character references, the browser reads them back)

    counters = {lang: unescape((site / lang / "games" / "index.html").read_text(encoding="utf-8")) for lang in ("ru", "ja")}
    assert 'data-template="{n} из {m} игр"' in counters["ru"] and 'data-template="{m} 件中 {n} 件"' in counters["ja"]
    en = unescape((site / "games" / "index.html").read_text(encoding="utf-8"))
    assert 'data-template="{n} of {m} games"' in en


def test_glossary_headwords_are_in_the_pages_language(site_build):
    out, _ = site_build
    site = out / "site"
    ru = (site / "ru" / "glossary" / "index.html").read_text(encoding="utf-8")
    ja = (site / "ja" / "glossary" / "index.html").read_text(encoding="utf-8")
    en = (site / "glossary" / "index.html").read_text(encoding="utf-8")
    # with the rank's letter as the page's language writes it (Т in Russian)
    assert '<h3 id="term-rank-a">туз <code>Т</code></h3>' in ru and '<h3 id="term-rank-a">エース <code>A</code></h3>' in ja
    assert '<h3 id="term-rank-a">ace <code>A</code></h3>' in en


def test_section_anchors_are_readable_and_the_same_in_every_language(site_build):
    """"Сравнение" can be linked: a page's sections have word ids (#comparison), the same in the
    three trees, not the theme's #_1…#_6 for a heading in another script."""
    out, _ = site_build
    for root in ("", "ja/", "ru/"):
        html = (out / "site" / root / "games" / "piquet" / "index.html").read_text(encoding="utf-8")
        ids = re.findall(r'<h2 id="([^"]+)"', html)
        assert {"glance", "sources", "comparison"} <= set(ids), (root, ids)
        assert not [i for i in ids if re.fullmatch(r"_\d+", i)], (root, ids)
    glossary = (out / "site" / "ru" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert 'id="ranks"' in glossary and 'id="scoring-items"' in glossary


def test_a_scoring_item_no_registry_names_is_its_source_words_marked_as_such(corpus_factory, tmp_path):
    """An item read from prose and in no registry is shown as its source writes it (never its id,
    never the sentence around it); a page in another language marks those words as the source's."""
    from pipeline.publish.context import written_label

    assert written_label("50 points for each additional trick", "additional_trick") == "additional trick"
    assert written_label("Grand\nSlam: 100 points", "grand_slam") == "Grand Slam"
    assert written_label("Пиковая дама – 13 очков", "pikovaya_dama") == "Пиковая дама"
    text = ("WHIST\n\nWhist is played by four players with a pack of 52 cards.\n\n"
            "The side that wins the odd trick scores 6 points, and 50 points for each additional trick.\n")
    root = corpus_factory('[[source]]\nid = "w"\nfile = "texts/w.txt"\nlanguage = "en"\ntitle = "Whist"\n',
                          {"texts/w.txt": text})
    out = tmp_path / "out"
    build(root, out, site=True, progress=False)
    facts = [json.loads(x) for x in (out / "data" / "facts.jsonl").read_text().splitlines()]
    assert any(f["facet"] == "score:additional_trick" and f["value"] == 50 for f in facts), facts
    page = (out / "site" / "ru" / "facets" / "index.html").read_text(encoding="utf-8")
    assert '<span lang="en" translate="no" data-source>additional trick</span>' in page
    assert "additional trick" in (out / "site" / "facets" / "index.html").read_text(encoding="utf-8")
