"""Web app manifests: "Add to Home screen" gives a seat or the board its own named icon."""

from __future__ import annotations

import json

from flask import Response, url_for

BACKGROUND = "#f3f1ea"
THEME = "#1d2326"


def manifest_response(name: str, short_name: str, start_url: str) -> Response:
    """A manifest whose home-screen icon opens `start_url` (a seat link or the board)."""
    icons = [
        {"src": url_for("static", filename=f), "sizes": s, "type": "image/png", "purpose": p}
        for f, s, p in (
            ("icon-192.png", "192x192", "any"),
            ("icon-512.png", "512x512", "any"),
            ("icon-maskable-512.png", "512x512", "maskable"),
        )
    ]
    body = {
        "id": start_url,
        "name": name,
        "short_name": short_name[:12],
        "start_url": start_url,
        "scope": start_url,
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
