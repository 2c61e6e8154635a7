"""What goes over the Wi-Fi: gzip for clients that accept it, static files cached by version.

Static URLs carry `?v=<hash of the file>`, so a phone may keep them for a year and fetches
only the page when it comes back; a changed file gets a new URL. Responses are compressed
when the client says it accepts gzip; never the SSE stream (it must flush every event), and
never an htmx answer to a browser on the laptop itself (the referee's taps): between a
program and its own machine there is no Wi-Fi to spare, only the time gzip takes.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import ipaddress
import re
import time
from pathlib import Path
from urllib.parse import quote

import rjsmin
from flask import Flask, Response, request
from markupsafe import Markup

COMPRESSIBLE = {
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
    "text/plain",
}
SCRIPTS = ("text/javascript", "application/javascript")
CSS_COMMENT = re.compile(rb"/\*.*?\*/", re.S)  # our style sheet has no string holding "/*"
MIN_SIZE = 500  # smaller bodies are not worth a gzip header
LEVEL = 9  # a whole page, fetched once per opening: bytes on the Wi-Fi before milliseconds
PARTIAL_LEVEL = 1  # an htmx answer (a tap's): a third of level 6's time, a few % larger
STATIC_LEVEL = 9  # static files are compressed once per version, then kept
IMMUTABLE = "public, max-age=31536000, immutable"
# A static file is never a page: it needs no frame, referrer or cookie rules, and every
# header is sent again on every phone's first load (see docs/security.md).
STATIC_CSP = "default-src 'none'; frame-ancestors 'none'"
STATIC_DROPPED = (
    "Last-Modified",
    "Content-Disposition",
    "Accept-Ranges",
    "Referrer-Policy",
    "X-Frame-Options",
)


def static_version(app: Flask, filename: str) -> str:
    """A short hash of a static file's content (recomputed when the file changes)."""
    cache = app.extensions.setdefault("companion.static_versions", {})
    path = Path(app.static_folder or "") / filename
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return ""
    known = cache.get(filename)
    if known and known[0] == stamp:
        return known[1]
    version = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    cache[filename] = (stamp, version)
    return version


def inline_style(app: Flask, filename: str) -> Markup:
    """A static style sheet's text for a page's `<style>` (its comments left out), kept per
    file version: a phone's first paint waits for the page alone, not for a second request
    across a weak Wi-Fi (150 ms and more; docs/benchmark.md, "first visit")."""
    cache = app.extensions.setdefault("companion.inline_styles", {})
    version = static_version(app, filename)
    known = cache.get(filename)
    if known is None or known[0] != version:
        raw = (Path(app.static_folder or "") / filename).read_bytes()
        text = CSS_COMMENT.sub(b"", raw).decode("utf-8").strip()
        if "</" in text:
            raise ValueError(f"{filename} cannot be inlined: it holds '</'")
        digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()
        known = (version, Markup(text), f"'sha256-{digest}'")
        cache[filename] = known
    return known[1]


def inline_hashes(app: Flask) -> str:
    """The CSP sources of the style sheets pages inline (`style-src`), by their hashes."""
    cache = app.extensions.get("companion.inline_styles", {})
    return " ".join(known[2] for known in cache.values())


def accepts_gzip() -> bool:
    """Whether the client said it takes gzip (Accept-Encoding, q not 0)."""
    for part in request.headers.get("Accept-Encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


ADDRESSES_FOR = 30.0  # s: the laptop may join another Wi-Fi (a new address) mid-evening
_addresses: tuple[float, frozenset[str]] = (float("-inf"), frozenset())


def _own_addresses() -> frozenset[str]:
    """The laptop's own network addresses, looked up again after ADDRESSES_FOR seconds."""
    global _addresses
    looked, found = _addresses
    now = time.monotonic()
    if now - looked > ADDRESSES_FOR:
        from companion.lan import lan_addresses

        found = frozenset(lan_addresses())
        _addresses = (now, found)
    return found


def same_machine() -> bool:
    """Whether the request comes from the laptop itself: loopback, or one of its own network
    addresses (the referee's link names the Wi-Fi address, so the phones can reach it)."""
    given = request.remote_addr or ""
    try:
        address = ipaddress.ip_address(given)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return address.is_loopback or str(address) in _own_addresses()


def compress(response: Response, cache: dict) -> Response:
    """Gzip a finished response in place when it is worth it and the client takes it."""
    response.vary.add("Accept-Encoding")
    if (
        request.method == "HEAD"
        or response.status_code < 200
        or response.status_code in (204, 206, 304)
        or response.mimetype not in COMPRESSIBLE
        or "Content-Encoding" in response.headers
        or (response.is_streamed and not response.direct_passthrough)
        or not accepts_gzip()
    ):
        return response
    etag, _weak = response.get_etag()
    static = request.endpoint == "static" and response.direct_passthrough
    key = (request.path, request.args.get("v"), etag) if static else None
    response.direct_passthrough = False  # a static file: read it (it is small)
    body = cache.get(key) if key else None
    if body is None:
        if not key and request.headers.get("HX-Request") and same_machine():
            return response  # an answer to the laptop's own browser: nothing to gain
        raw = response.get_data()
        if len(raw) < MIN_SIZE:
            return response
        level = LEVEL
        if key:
            level = STATIC_LEVEL
            if response.mimetype == "text/css":
                raw = CSS_COMMENT.sub(b"", raw)  # notes for us, not bytes for every phone
            elif response.mimetype in SCRIPTS and ".min." not in request.path:
                raw = rjsmin.jsmin(raw)  # our scripts' comments and indents
        elif request.headers.get("HX-Request"):
            level = PARTIAL_LEVEL
        body = gzip.compress(raw, compresslevel=level, mtime=0)
        if key:
            cache[key] = body
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    if etag:
        response.set_etag(etag + "-gzip")
    return response


def data_uri(app: Flask, filename: str) -> str:
    """A small static SVG as a data: URI (the favicon: one request fewer on every page)."""
    text = (Path(app.static_folder or "") / filename).read_text(encoding="utf-8")
    return "data:image/svg+xml," + quote(" ".join(text.split()).replace('"', "'"), safe=" =:/'")


def slim_static(response: Response, immutable: bool) -> None:
    """A static file's headers: its type, length, encoding and caching, and no more."""
    for name in STATIC_DROPPED:
        response.headers.pop(name, None)
    if immutable:
        response.headers.pop("ETag", None)  # its URL names its version: nothing to revalidate
    response.headers["Content-Security-Policy"] = STATIC_CSP
    response.headers["Vary"] = "Accept-Encoding"


def init_app(app: Flask) -> None:
    """Versioned static URLs, their cache headers, and gzip."""
    gzipped: dict = {}
    app.jinja_env.globals["favicon"] = data_uri(app, "favicon.svg")
    app.jinja_env.globals["inline_style"] = lambda filename: inline_style(app, filename)
    inline_style(app, "app.css")  # its hash is in every page's CSP from the first one on

    @app.url_defaults
    def version_static(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "v" not in values and "filename" in values:
            version = static_version(app, values["filename"])
            if version:
                values["v"] = version

    @app.after_request
    def wire(response: Response) -> Response:
        if request.endpoint == "static":
            wanted = request.args.get("v")
            filename = (request.view_args or {}).get("filename", "")
            immutable = bool(wanted) and wanted == static_version(app, filename)
            response.headers["Cache-Control"] = IMMUTABLE if immutable else "no-cache"
            response = compress(response, gzipped)
            slim_static(response, immutable)
            return response
        return compress(response, gzipped)
