"""No English left behind: every word a template shows goes through the catalogs.

A render-free scan of each template: Jinja tags, expressions and comments are taken out, and
whatever letters are left in text nodes, or in the attributes a reader sees or hears
(title, aria-label, placeholder, alt, data-confirm and the texts app.js shows), are English
nobody translates. Only glyphs and the brand's own name are allowed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "companion" / "templates"
JINJA = re.compile(r"\{#.*?#\}|\{\{.*?\}\}|\{%.*?%\}", re.S)
TRANS = re.compile(r"\{%-?\s*trans\b.*?%\}.*?\{%-?\s*endtrans\s*-?%\}", re.S)
TAG = re.compile(
    r"<([a-zA-Z][\w:-]*)((?:\"[^\"]*\"|'[^']*'|[^'\">])*)>|</[^>]+>|<!--.*?-->|<!doctype[^>]*>",
    re.S | re.I,
)
ATTR = re.compile(r"([\w:-]+)\s*=\s*(\"[^\"]*\"|'[^']*')")
SEEN_ATTRS = {"title", "aria-label", "placeholder", "alt", "data-confirm", "content", "value"}
# Blocks and macros that write attributes or class names, not words.
ATTRIBUTE_BLOCKS = re.compile(
    r"\{%-?\s*block body_class\s*%\}.*?\{%-?\s*endblock\s*%\}"
    r"|\{%-?\s*macro (?:needs|off)\(.*?\{%-?\s*endmacro\s*%\}",
    re.S,
)
LETTER = re.compile(r"[^\W\d_]", re.U)
ALLOWED = {"O₃"}  # the ozone layer's chemical sign, the same in every language
SKIPPED_TAGS = ("svg", "script", "style")


def visible_text(source: str) -> list[str]:
    """The text nodes and seen attribute values of a template that hold letters."""
    source = TRANS.sub(" ", source)
    source = ATTRIBUTE_BLOCKS.sub(" ", source)
    source = JINJA.sub(" ", source)
    for tag in SKIPPED_TAGS:  # drawings and scripts: no words (their labels are attributes)
        source = re.sub(
            rf"<{tag}\b[^>]*>.*?</{tag}>", lambda m: _attrs_only(m.group(0)), source, flags=re.S
        )
    found: list[str] = []
    for match in TAG.finditer(source):
        attrs = match.group(2) or ""
        tag = (match.group(1) or "").lower()
        for name, value in ATTR.findall(attrs):
            name = name.lower()
            if name == "value" and tag not in ("button",):
                continue
            if name == "content" and tag != "meta":
                continue
            if (
                name in SEEN_ATTRS or name.startswith(("data-msg-", "data-text"))
            ) and LETTER.search(value[1:-1]):
                found.append(f"{tag}[{name}]: {value[1:-1].strip()}")
    for piece in TAG.sub("\n", source).split("\n"):
        words = [w for w in piece.split() if w not in ALLOWED]
        if any(LETTER.search(w) for w in words):
            found.append(piece.strip())
    return found


def _attrs_only(block: str) -> str:
    """An SVG or script block with its tags kept (their attributes are checked) and its text
    dropped (SVG text here is numbers and letters drawn from data)."""
    return "".join(m.group(0) for m in TAG.finditer(block))


# The shared templates and Ursuppe's (moved to templates/ursuppe/); Urland's were never
# checked here and three of them would fail (its own issue).
CHECKED = sorted([*TEMPLATES.glob("*.html"), *TEMPLATES.glob("ursuppe/*.html")])


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.relative_to(TEMPLATES).as_posix())
def test_a_template_shows_no_text_outside_gettext(path):
    source = path.read_text(encoding="utf-8")
    # meta tags whose content is not read by people (the htmx config, theme, viewport)
    source = re.sub(
        r'<meta (?:name="(?:htmx-config|viewport|theme-color)"|charset)[^>]*>', " ", source
    )
    left = visible_text(source)
    assert not left, f"{path.name}: text outside gettext: {left}"


def test_the_scan_finds_text_outside_gettext():
    assert visible_text("<p>Round {{ n }}</p>") == ["Round"]
    assert visible_text('<a title="Back">{{ _("x") }}</a>') == ["a[title]: Back"]
    assert visible_text('<p>{{ _("Round") }} {{ n }} · O₃</p>') == []
    assert visible_text("{% trans %}Hello{% endtrans %}") == []
    assert visible_text('<button value="x">{{ b }}</button>') == ["button[value]: x"]
