"""`hoyle serve`: the site with its own 404 page on the loopback address, and the data through
Datasette answering SQL about Piquet (issue 15)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.serve import site_server
from tests.test_hardening import _children

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def test_the_site_answers_a_missing_page_with_its_own_404(site_build):
    out, _ = site_build
    server = site_server(out / "site", "127.0.0.1", 0)
    host, port = server.server_address[:2]
    assert host == "127.0.0.1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        status, body = get(f"http://127.0.0.1:{port}/no/such/page/")
        assert status == 404 and body == (out / "site" / "404.html").read_bytes()
        status, body = get(f"http://127.0.0.1:{port}/")
        assert status == 200 and b"Hoyle" in body
    finally:
        server.shutdown()
        server.server_close()


def test_serve_without_a_site_is_one_line(tmp_path):
    result = CliRunner().invoke(app, ["serve", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "no built site" in result.output


def test_serve_data_without_a_build_is_one_line(tmp_path):
    pytest.importorskip("datasette")
    result = CliRunner().invoke(app, ["serve", "--data", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "not built" in result.output


def test_datasette_metadata_is_written_by_the_build(site_build):
    out, _ = site_build
    meta = json.loads((out / "data" / "datasette.json").read_text(encoding="utf-8"))
    db = meta["databases"]["rules"]
    assert meta["license"] and meta["title"] and "foster1914-en" in meta["description"]
    assert db["tables"]["facts"]["facets"][0] == "facet"
    assert "piquet_across_sources" in db["queries"]


def test_datasette_answers_sql_about_piquet(site_build):
    pytest.importorskip("datasette")
    out, _ = site_build
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pipeline.cli", "serve", "--data", "--out", str(out),
                             "--port", str(port)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            try:
                status, _ = get(f"http://127.0.0.1:{port}/-/versions.json")
                if status == 200:
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if proc.poll() is not None:
                pytest.fail(proc.stdout.read().decode(errors="replace"))
            time.sleep(0.1)
        status, body = get(f"http://127.0.0.1:{port}/rules/piquet_across_sources.json?_shape=array")
        assert status == 200, body[:500]
        rows = json.loads(body)
        assert rows and {r["source_id"] for r in rows} >= {"hoyle1909-ja", "foster1914-en"}
        sql = urllib.parse.quote("select count(*) as n from facts where game_id = 'piquet'")
        status, body = get(f"http://127.0.0.1:{port}/rules.json?sql={sql}&_shape=array")
        assert status == 200 and json.loads(body)[0]["n"] >= len(rows)
        status, body = get(f"http://127.0.0.1:{port}/rules/facts.json?_facet=facet&_size=0")
        assert status == 200 and "facet" in json.loads(body)["facet_results"]
        datasette = _children(proc.pid)
        assert datasette
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    for _ in range(100):   # Datasette goes with hoyle (it was left running before)
        if not any(Path(f"/proc/{pid}").exists() for pid in datasette):
            break
        time.sleep(0.05)
    else:
        pytest.fail("Datasette outlived hoyle serve")


@pytest.mark.parametrize("argv, expected", [
    (["serve", "--port", "70000"], "--port"),
    (["build", "--jobs", "100000000000000000000", "--no-site"], "--jobs"),
])
def test_an_out_of_range_number_is_a_usage_line_not_a_traceback(tmp_path, argv, expected):
    result = CliRunner().invoke(app, [*argv, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and expected in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_path_with_a_nul_byte_is_a_400_and_no_traceback(tmp_path, capfd):
    """`/%00` decodes to a NUL byte, which no file name holds: the handler raised, the connection
    dropped and the console showed a traceback."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>Hoyle</h1>", encoding="utf-8")
    server = site_server(site, "127.0.0.1", 0)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for path in ("/%00", "/a%00b.html", "/%00/index.html"):
            status, _ = get(f"http://127.0.0.1:{port}{path}")
            assert status == 400, path
        assert get(f"http://127.0.0.1:{port}/")[0] == 200
    finally:
        server.shutdown()
        server.server_close()
    assert "Traceback" not in capfd.readouterr().err
