"""`hoyle serve`: the built site over HTTP (with the site's own 404 page), or the data through
Datasette (the optional extra `hoyle-concordance[datasette]`)."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import sys
from pathlib import Path

from pipeline.errors import HoyleError


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files of the site; a missing page gets the site's own 404.html (mkdocs writes one),
    not Python's error page."""

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_head(self):
        """A path the file system cannot take (`%00` decodes to a NUL byte) is a 400, not an
        exception that drops the connection."""
        try:
            return super().send_head()
        except (ValueError, OSError):
            self.send_error(400, "Bad request path")
            return None

    def log_message(self, format, *args):   # quiet: the console line says where it serves
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A client gone mid-reply (a browser cancels what it no longer needs) is normal: silent.
        Anything else: one line on stderr, not a traceback."""
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError):
            return
        print(f"hoyle serve: request from {client_address[0]} failed: {type(exc).__name__}: {exc}", file=sys.stderr)


def site_server(site: Path, host: str, port: int) -> http.server.ThreadingHTTPServer:
    if not (site / "index.html").is_file():
        raise HoyleError(f"{site}: no built site", hint="run `hoyle build` first")
    return SiteServer((host, port), functools.partial(SiteHandler, directory=str(site)))


def datasette_command(data: Path, host: str, port: int) -> list[str]:
    """The Datasette command line over build/data/rules.sqlite with its metadata."""
    if importlib.util.find_spec("datasette") is None:
        raise HoyleError("Datasette is not installed",
                         hint="install the extra: pip install 'hoyle-concordance[datasette]'")
    db, meta = data / "rules.sqlite", data / "datasette.json"
    for path in (db, meta):
        if not path.is_file():
            raise HoyleError(f"{path}: not built", hint="run `hoyle build` first")
    # --immutable: read-only, and Datasette may count rows without locking
    return [sys.executable, "-m", "datasette", "serve", "--immutable", str(db), "--metadata", str(meta),
            "--host", host, "--port", str(port)]
