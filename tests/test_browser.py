"""Browser tests: Playwright driving Debian's chromium (never a downloaded browser).

Skipped where /usr/bin/chromium is missing, except under `make test` (HOYLE_REQUIRE_BROWSER=1,
which installs chromium first where it can) and in CI (CI=true), where that is a failure."""

import os
import shutil
import threading

import pytest

from pipeline.serve import site_server

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def server(site_build):
    if not CHROMIUM:
        if os.environ.get("CI") or os.environ.get("HOYLE_REQUIRE_BROWSER"):
            pytest.fail("chromium is not installed: apt-get install chromium fonts-ipafont-gothic (make test does it as root)")
        pytest.skip("Debian chromium not installed")
    out, _ = site_build
    httpd = site_server(out / "site", "127.0.0.1", 0)   # what `hoyle serve` runs
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser(server):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def search(browser, server):
    """search(query, tree) -> result links, by the theme's search box on the home page of one UI
    language's tree ("", "/ja", "/ru"). One page per tree for the whole module: the theme loads
    and indexes a tree's search index once, and each query starts from an empty box."""
    pages = {}

    def run(query: str, tree: str = "") -> list[str]:
        page = pages.get(tree)
        if page is None:
            page = pages[tree] = browser.new_page()
            page.goto(server + tree + "/")
            page.click("label.md-search__icon, .md-search__input", timeout=10000)
        else:   # the last query's results go before this query is typed
            page.fill("input.md-search__input", "")
            page.keyboard.press("End")
            page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length === 0",
                                   timeout=30000)
        page.fill("input.md-search__input", query)
        page.keyboard.press("End")
        # results shown (the theme's own words for "initializing" differ by UI language: not waited on)
        page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0", timeout=60000)
        for _ in range(8):   # the theme shows results as the list is scrolled: scroll them all in
            page.eval_on_selector(".md-search__scrollwrap", "e => e.scrollTop = e.scrollHeight")
            page.wait_for_timeout(150)
        return page.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.href)")

    yield run
    for page in pages.values():
        page.close()


def test_home_page_opens(browser, server):
    page = browser.new_page()
    page.goto(server + "/")
    assert "Hoyle Concordance" in page.title()
    assert page.locator("text=How to read a comparison").count() >= 1
    page.close()


@pytest.mark.parametrize("query, expected", [
    ("ピケ", "/games/piquet/"),
    ("切り札", "/sources/"),
    ("repique", "/games/piquet/"),
    ("колода", "/sources/foster1914-ru/"),
])
def test_search_in_three_languages(search, query, expected):
    hrefs = search(query)
    assert any(expected in h for h in hrefs), (query, hrefs[:10])


def test_from_a_comparison_a_differing_value_leads_to_its_highlighted_line(browser, server):
    page = browser.new_page()
    page.goto(server + "/games/cribbage/")   # Foster's six-card game against Hoyle's five-card game
    link = page.locator("tr.status-differ a.value").first
    quote = link.get_attribute("title")
    link.click()
    page.wait_for_load_state()
    assert "/sources/" in page.url and "#fact-" in page.url
    target = page.locator(":target")
    assert target.count() == 1
    line = page.locator(".line:has(:target)")
    # (a quote over two lines starts on the target's line)
    assert quote.split("\n")[0] in line.inner_text().replace("\u200b", "")
    bg = page.evaluate("() => getComputedStyle(document.querySelector('.line:has(:target)')).backgroundColor")
    assert bg not in ("rgba(0, 0, 0, 0)", "transparent")
    page.close()


def test_a_game_page_has_its_rules_at_a_glance_with_labels_and_quotes(browser, server):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(server + "/games/piquet/")
    card = page.locator("dl.glance")
    labels = card.locator("dt").all_inner_texts()
    assert labels[:2] == ["Players", "Cards in play"]          # registry labels, registry order
    assert "2 players" in card.inner_text() and "32 cards (A K Q J 10 9 8 7)" in card.inner_text()
    # every source named on the card carries the quote and leads to the line
    src = card.locator("a.src").first
    assert src.get_attribute("title") and "#fact-" in src.get_attribute("href")
    # the comparison speaks words: labels for rows, a legend that explains itself
    rows = page.locator("table.comparison tbody th[scope=row]").all_inner_texts()
    assert any(r.startswith("Players") for r in rows) and not any(r.startswith("deck_size") for r in rows)
    assert "only one source states it" in page.locator("p.legend").inner_text()
    page.close()


def test_the_games_list_filters_by_players_pack_language_and_source(browser, server):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(server + "/games/")
    count = lambda: page.eval_on_selector("output[name=count]", "e => e.value")  # noqa: E731
    shown = lambda: page.eval_on_selector_all("tr.game:not([hidden]) td:first-child a",  # noqa: E731
                                              "es => es.map(e => e.textContent)")
    total = count()
    page.fill("input[name=players]", "2")
    page.select_option("select[name=deck]", "32")
    assert "Piquet" in shown() and "Whist" not in shown() and count() != total
    page.fill("input[name=players]", "")
    page.select_option("select[name=deck]", "")
    page.select_option("select[name=language]", "ru")
    ru = shown()
    assert "Whist" in ru and "Piquet" not in ru                 # the Russian Foster describes whist, not piquet
    page.select_option("select[name=language]", "")
    page.select_option("select[name=source]", "nifty1995-ja")
    assert set(shown()) >= {"Bezique"} and len(shown()) < 10
    # a family with nothing left is hidden with its heading
    assert page.locator("h2:not([hidden])").count() < page.locator("h2").count()
    page.close()


@pytest.mark.parametrize("path", ["/games/piquet/", "/games/", "/games/bezique/", "/ja/games/piquet/",
                                  "/ru/sources/foster1914-ru/", "/ja/data/"])
def test_phone_width_pages_never_scroll_sideways(browser, server, path):
    for width in (390, 1400):
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(server + path)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, (path, width)
        page.close()


def test_a_game_page_prints_without_the_site_chrome(browser, server):
    page = browser.new_page()
    page.goto(server + "/games/piquet/")
    page.emulate_media(media="print")
    assert page.evaluate("() => getComputedStyle(document.querySelector('.md-header')).display") == "none"
    assert page.locator("table.comparison").is_visible()
    page.close()


def test_russian_word_forms_find_the_same_pages(search):
    found = [set(h.split("?")[0].split("#")[0] for h in search(q)) for q in ("колода", "колоды", "колод")]
    assert found[0] and found[0] == found[1] == found[2], found
    assert any("/sources/foster1914-ru/" in h for h in found[0])


@pytest.mark.parametrize("query", ["repique", "repic", "репик", "レピック"])
def test_a_term_in_one_language_finds_its_names_in_the_others(search, query):
    hrefs = search(query)
    # Foster spells it "repic", Hoyle "レピック"/"レピケ": every name leads to both books
    assert any("/sources/foster1914-en/" in h for h in hrefs), (query, hrefs[:10])
    assert any("/sources/hoyle1909-ja/" in h for h in hrefs), (query, hrefs[:10])
    # the glossary answers with the one term, not the whole page
    # (a result group's own link carries an empty ?h=; the hits carry the query)
    glossary = [h for h in hrefs if "/glossary/" in h and not h.endswith("?h=")]
    assert glossary and all("#term-" in h for h in glossary), glossary


def test_on_a_touch_screen_a_first_tap_shows_the_quote_and_a_second_opens_the_line(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server + "/games/piquet/")
    link = page.locator("table.comparison a.value").first
    quote = link.get_attribute("title")
    link.tap()
    tip = page.locator(".quote-tip")
    assert tip.is_visible() and quote in tip.inner_text()
    assert "/games/piquet/" in page.url                      # not followed yet
    link.tap()
    page.wait_for_url("**/sources/**", timeout=10000)
    assert "#fact-" in page.url
    context.close()


@pytest.mark.parametrize("lang, title, glance, heading", [
    ("ja", "ピケ", "人数", "ひと目でわかる"),
    ("ru", "Пикет", "Игроки", "Кратко"),
])
def test_a_game_page_in_the_readers_language(browser, server, lang, title, glance, heading):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{server}/{lang}/games/piquet/")
    assert page.locator("h1").first.inner_text() == title
    assert heading in page.locator("h2").all_inner_texts()
    assert page.locator("dl.glance dt").first.inner_text() == glance
    assert "English" not in page.locator("p.legend").inner_text()
    # the theme's language selector leads to the same site in the three languages
    hrefs = page.eval_on_selector_all(".md-select__link", "els => els.map(e => e.href)")
    assert len(hrefs) == 3 and any(h.endswith(f"/{lang}/") for h in hrefs)
    # a value links to the source's reader in the same UI language (the source text as written)
    page.locator("table.comparison a.value").first.click()
    page.wait_for_url(f"**/{lang}/sources/**", timeout=10000)
    page.close()


@pytest.mark.parametrize("lang, search_word, nav, words", [
    ("ja", "検索", ["ホーム", "ゲーム", "出典", "ルールの項目", "用語集", "データ"], ["目次", "ライセンス", "件数"]),
    ("ru", "Поиск", ["Главная", "Игры", "Источники", "Характеристики", "Глоссарий", "Данные"],
     ["Содержание", "Лицензия", "записей"]),
])
def test_every_page_kind_in_the_readers_language(browser, server, lang, search_word, nav, words):
    """Not only the game pages: sources, reader, facets, glossary and data pages, the theme's own
    words (search box) and the navigation are in the reader's language; the source text is not."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    seen = []
    for path in ("sources/hoyle1909-ja/", "data/", "glossary/", "facets/", "sources/"):
        page.goto(f"{server}/{lang}/{path}")
        assert page.evaluate("() => document.documentElement.lang") == lang, path
        assert page.get_attribute("input.md-search__input", "placeholder") == search_word, path
        tabs = page.eval_on_selector_all("nav.md-nav--primary > ul > li > a, nav.md-nav--primary > ul > li > label",
                                         "es => es.map(e => e.textContent.trim())")
        assert list(dict.fromkeys(t for t in tabs if t)) == nav, (path, tabs)
        seen.append(page.locator("article").inner_text())
        assert "Made with" not in page.locator("footer").inner_text(), path   # the theme's own notice
    text = "\n".join(seen)
    assert all(w in text for w in words), [w for w in words if w not in text]
    for english in ("Contents", "Licence", "records", "Named scoring items", "Terms of play"):
        assert english not in text, english
    # a reader page: its chrome in the reader's language, the source text as written, and a link
    # to the same page in English
    page.goto(f"{server}/{lang}/sources/foster1914-en/")
    page.locator("ul.toc a").first.click()
    page.wait_for_url(f"**/{lang}/sources/foster1914-en/L**", timeout=10000)
    assert page.locator("div.reader").first.get_attribute("lang") == "en"
    with page.expect_navigation(timeout=10000):
        page.locator('p.languages a[hreflang="en"]').first.click()
    assert "/sources/foster1914-en/L" in page.url
    assert f"/{lang}/" not in page.url
    page.close()


@pytest.mark.parametrize("tree, query, expected", [
    ("/ru", "колоды", "/ru/sources/foster1914-ru/"),
    ("/ja", "レピック", "/ja/sources/hoyle1909-ja/"),
    ("/ja", "repique", "/ja/games/piquet/"),
])
def test_search_in_each_languages_site(search, tree, query, expected):
    """Each language's site has its own index, with the same word forms and names merged."""
    hrefs = search(query, tree)
    assert any(expected in h for h in hrefs), (query, hrefs[:10])


def test_the_games_list_in_russian_filters_like_the_english_one(browser, server):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(server + "/ru/games/")
    assert "Игроков" in page.locator("form.game-filter").inner_text()
    page.fill("input[name=players]", "2")
    page.select_option("select[name=deck]", "32")
    shown = page.eval_on_selector_all("tr.game:not([hidden]) td:first-child a", "es => es.map(e => e.textContent)")
    assert "Пикет" in shown
    page.close()


def test_a_russian_word_finds_the_pages_with_its_forms_and_no_others(search, site_build):
    """'колода' on the Russian site: every page found holds a form of колода (колоды, колод, …):
    the card vocabulary is not expanded into deck, pack or 一組 (whose 一 matched nearly every
    Japanese page)."""
    from urllib.parse import unquote, urlparse

    out, _ = site_build
    pages = {unquote(urlparse(h).path) for h in search("колода", "/ru")}
    assert pages
    for path in pages:
        html = (out / "site" / path.lstrip("/") / "index.html").read_text(encoding="utf-8").lower()
        assert "колод" in html, path
    assert not any("/ja/" in p for p in pages)


def test_on_a_phone_japanese_game_names_are_never_set_a_character_per_line(browser, server):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server + "/ja/games/")
    # line boxes of each Japanese name: a name of up to 12 characters stays on one or two lines
    lines = page.eval_on_selector_all(
        'table.games td[lang="ja"]',
        "tds => tds.filter(td => td.textContent.trim().length > 1 && td.textContent.trim().length <= 12)"
        ".map(td => { const r = document.createRange(); r.selectNodeContents(td);"
        " const h = r.getBoundingClientRect().height, lh = parseFloat(getComputedStyle(td).lineHeight);"
        " return [td.textContent, Math.round(h / lh)]; })")
    assert lines and not [(name, n) for name, n in lines if n > 2], [(name, n) for name, n in lines if n > 2][:5]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.close()


# Every page kind of a language's tree: home, games list, a compared game with a machine
# translation, a provisional variant, a game known only by its English name, sources, a source, a
# reader page beside its original, facets, a rule's and a scoring item's page, glossary, data.
PAGE_KINDS = ["", "games/", "games/piquet/", "games/auction-binocle/", "games/spoil-five/", "sources/",
              "sources/hoyle1909-ja/", "sources/hoyle1909-ja/L1370/", "sources/foster1914-en/", "facets/",
              "facets/players/", "facets/score-repique/", "glossary/", "data/"]

# What a reader sees that is not the site's own words is marked: text of a source (data-source), a
# name or id not to translate (translate="no"), words in another language (lang=). The rest must be
# in the page's language: an ordinary English word there ("cards", "Score") is a UI word left
# untranslated. Acronyms, brands' capitals, ids with digits and printed page numbers (ix) are no
# ordinary words; the product names allowed are the site's own, Datasette and JSON Schema.
_ENGLISH_UI_WORDS = """(lang) => {
  const allow = ["Hoyle", "Concordance", "Datasette", "Schema"];
  const word = /^[A-Za-z][a-z]+$/;
  const bad = [];
  const skip = el => (el.lang && el.lang !== lang) || el.getAttribute("translate") === "no"
      || el.hasAttribute("data-source") || ["SCRIPT", "STYLE", "CODE", "PRE", "KBD", "svg"].includes(el.tagName);
  const check = (text, where) => {
    for (let t of text.split(/\\s+/)) {
      t = t.replace(/^[(\\[«"“'‘]+|[)\\]»"”'’,.;:!?·…]+$/g, "");
      if (word.test(t) && !/^[ivxlcdm]+$/.test(t) && !allow.includes(t)) bad.push(t + " @ " + where);
    }
  };
  const walk = el => {
    if (skip(el)) return;
    for (const a of ["title", "placeholder", "aria-label", "alt"]) {
      if (el.getAttribute(a)) check(el.getAttribute(a), el.tagName + "@" + a);
    }
    for (const n of el.childNodes) {
      if (n.nodeType === 3) check(n.textContent, el.tagName + "." + el.className);
      else if (n.nodeType === 1) walk(n);
    }
  };
  walk(document.body);
  return bad;
}"""


@pytest.mark.parametrize("lang", ["ja", "ru"])
def test_no_english_word_of_the_ui_on_any_page_kind(browser, server, lang):
    """Every page kind in ja/ and ru/: each word the site itself writes is in the page's language
    (labels, counters, legends, scoring items, language names, tooltips), while source text, game
    names the registry has only in English and ids are marked as such."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    found = {}
    for path in PAGE_KINDS:
        page.goto(f"{server}/{lang}/{path}")
        assert page.evaluate("() => document.documentElement.lang") == lang, path
        bad = page.evaluate(_ENGLISH_UI_WORDS, lang)
        if bad:
            found[path] = bad[:8]
    page.close()
    assert not found, found


def _table_fits(page, selector: str) -> dict:
    return page.eval_on_selector(selector, """t => {
      const box = t.closest(".hc") || t.parentElement, article = t.closest("article");
      return {overflows: t.scrollWidth > box.clientWidth + 1, box: box.clientWidth, article: article.clientWidth,
              first: getComputedStyle(t.querySelector("tbody th")).position};
    }""")


@pytest.mark.parametrize("tree", ["", "/ja", "/ru"])
def test_every_page_kind_fits_a_phone_and_a_desktop(browser, server, tree):
    """At 390 and 1400 px in each tree: no page scrolls sideways; the comparison of four sources
    takes the page's width on a desktop (never a clipped box beside empty space) and keeps its
    rule column in place on a phone."""
    for width in (390, 1400):
        page = browser.new_page(viewport={"width": width, "height": 900})
        for path in PAGE_KINDS:
            page.goto(f"{server}{tree}/{path}")
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width, (tree, path, width)
        page.goto(f"{server}{tree}/games/piquet/")
        fit = _table_fits(page, "table.comparison")
        if width == 1400 and fit["overflows"]:
            assert fit["box"] >= 0.9 * fit["article"], fit       # scrolls only where it has the whole width
        if width == 390:
            assert fit["first"] == "sticky", fit
        page.close()


@pytest.mark.parametrize("tree, query, expected", [("", "repique", "/games/piquet/"), ("/ru", "колоды", "/ru/sources/foster1914-ru/")])
def test_a_pasted_query_searches_without_a_key_pressed(browser, server, tree, query, expected):
    """A query pasted into the box (an input event, no key event: what Playwright's fill does)
    shows its results like a typed one."""
    page = browser.new_page()
    page.goto(server + tree + "/")
    page.click("label.md-search__icon, .md-search__input", timeout=10000)
    page.fill("input.md-search__input", query)
    page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0", timeout=60000)
    for _ in range(8):
        page.eval_on_selector(".md-search__scrollwrap", "e => e.scrollTop = e.scrollHeight")
        page.wait_for_timeout(150)
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.href)")
    assert any(expected in h for h in hrefs), hrefs[:10]
    page.close()
