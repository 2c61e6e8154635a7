"""Render the home-screen icons in companion/static/ from the favicon, once, offline.

Debian's headless Chromium (the one the browser tests use) draws companion/static/favicon.svg
at 192 and 512 px on a transparent ground, and a maskable 512 px icon: the whole square in
the favicon's teal with the drawing inside the central 80 % safe zone, so a launcher may cut
it to any shape. Run after changing the favicon and commit the PNGs:

    .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "companion" / "static"
CHROMIUM = "/usr/bin/chromium"
TEAL = "#0b6e6e"
ICONS = (("icon-192.png", 192, False), ("icon-512.png", 512, False))
MASKABLE = ("icon-maskable-512.png", 512, True)


def page_html(svg: str, size: int, maskable: bool) -> str:
    """A page of exactly one icon: the SVG full size, or inside a maskable safe zone."""
    inner = round(size * 0.8) if maskable else size
    ground = TEAL if maskable else "transparent"
    return (
        "<!doctype html><html><body style='margin:0;background:transparent'>"
        f"<div style='width:{size}px;height:{size}px;background:{ground};display:flex;"
        f"align-items:center;justify-content:center'>"
        f"<div style='width:{inner}px;height:{inner}px'>"
        + svg.replace("<svg ", f"<svg width='{inner}' height='{inner}' ", 1)
        + "</div></div></body></html>"
    )


def main() -> None:
    svg = (STATIC / "favicon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        for name, size, maskable in (*ICONS, MASKABLE):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, maskable))
            page.screenshot(path=str(STATIC / name), omit_background=True)
            page.close()
            print(f"wrote {STATIC / name}")
        browser.close()


if __name__ == "__main__":
    main()
