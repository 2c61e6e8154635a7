"""The soup patch as the console's browser applies it (static/app.js `patched`), in Python:
for the tests that check a patch against the whole drawing it stands for."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SOUP_RE = re.compile(r'<svg data-(?:drawing|patch)="[0-9a-f]+"[^>]*class="soup"[\s\S]*?</svg>')
SOUP_KEY_RE = re.compile(r'<svg data-drawing="([0-9a-f]+)" class="soup"')
PATCH_RE = re.compile(r'<svg data-patch="([0-9a-f]+)" data-drawing="([0-9a-f]+)"[\s\S]*?</svg>')


def apply_patch(old: str, patch: str) -> str:
    """The soup `old` (a whole drawing) with `patch` applied: its spaces and island replace
    the old ones, and the root takes the patch's attributes (but `data-patch`)."""
    before, fresh = ET.fromstring(old), ET.fromstring(patch)
    children = list(before)
    for part in fresh:
        space = part.get("data-space")
        for i, was in enumerate(children):
            if (space and was.get("data-space") == space) or (
                not space and was.get("class") == "island"
            ):
                children[i] = part
                break
        else:
            raise AssertionError(f"the patch names a part the soup lacks: {part.attrib}")
    merged = ET.Element("svg", {k: v for k, v in fresh.attrib.items() if k != "data-patch"})
    merged.extend(children)
    return ET.tostring(merged, encoding="unicode")


def normal(svg: str) -> str:
    """A drawing written the same way whatever its attributes' order."""
    root = ET.fromstring(svg)
    for element in root.iter():
        element.attrib = dict(sorted(element.attrib.items()))
    return ET.tostring(root, encoding="unicode")
