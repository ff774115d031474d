"""Browser tests: Playwright driving Debian's chromium (never a downloaded browser).

Skipped where /usr/bin/chromium is missing, except in CI (CI=true), where that is a failure:
.ci/run installs chromium and fonts-ipafont-gothic."""

import functools
import http.server
import os
import shutil
import threading

import pytest

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(site_build):
    if not CHROMIUM:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (.ci/run must install Debian's chromium)")
        pytest.skip("Debian chromium not installed")
    out, _ = site_build
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out / "site"))
    handler.log_message = lambda *a, **k: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
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


def search(page, base, query):
    page.goto(base + "/")
    page.click("label.md-search__icon, .md-search__input", timeout=10000)
    page.fill("input.md-search__input", query)
    page.keyboard.press("End")
    page.wait_for_function("() => { const m = document.querySelector('.md-search-result__meta');"
                           " return m && !/Type to start|Initializing/.test(m.innerText); }", timeout=60000)
    return page.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.href)")


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
def test_search_in_three_languages(browser, server, query, expected):
    page = browser.new_page()
    hrefs = search(page, server, query)
    assert any(expected in h for h in hrefs), (query, hrefs[:10])
    page.close()


def test_from_piquet_a_differing_value_leads_to_its_highlighted_line(browser, server):
    page = browser.new_page()
    page.goto(server + "/games/piquet/")
    link = page.locator("tr.status-differ a.value").first
    quote = link.get_attribute("title")
    link.click()
    page.wait_for_load_state()
    assert "/sources/" in page.url and "#fact-" in page.url
    target = page.locator(":target")
    assert target.count() == 1
    line = page.locator(".line:has(:target)")
    assert quote in line.inner_text().replace("\u200b", "")
    bg = page.evaluate("() => getComputedStyle(document.querySelector('.line:has(:target)')).backgroundColor")
    assert bg not in ("rgba(0, 0, 0, 0)", "transparent")
    page.close()
