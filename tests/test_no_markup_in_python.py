"""Issue 28 item 2: markup lives in Jinja templates, escaped by Jinja's autoescape. No Python
module under companion/ builds an HTML tag in a string, except the modules that draw SVG
(through markupsafe, cached by what they show). Docstrings may name tags; Flask's URL rules
(`/s/<token>`) are not markup."""

from __future__ import annotations

import ast
import re
from pathlib import Path

COMPANION = Path(__file__).resolve().parents[1] / "companion"
TAG = re.compile(r"<\s*/?\s*[a-zA-Z][a-zA-Z0-9-]*(\s|>|/)")
# The modules that only draw (SVG), by their path under companion/.
DRAWING_MODULES = {
    "web/svg.py",  # shapes, compass, ladder, chart
    "web/ursuppe/soup_svg.py",  # Ursuppe's soup
    "web/urland/svg.py",  # Urland's board and track
    "web/ursuppe/drawings.py",  # the console's drawings kept by what they show
    "web/fragments.py",  # only the empty placeholder of a region kept on screen
}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and its functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _url_rules(tree: ast.AST) -> set[int]:
    """The ids of the strings that are Flask URL rules: `route(...)`'s first argument and a
    blueprint's `url_prefix`."""
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        if name in ("route", "add_url_rule") and node.args:
            found.add(id(node.args[0]))
        found.update(id(k.value) for k in node.keywords if k.arg == "url_prefix")
    return found


def markup_in(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string (or f-string part) of `source` holding an HTML tag."""
    tree = ast.parse(source)
    skipped = _docstrings(tree) | _url_rules(tree)
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped
        and TAG.search(node.value)
    )


def test_no_module_but_the_drawings_builds_markup_in_a_string():
    found = [
        f"{path.relative_to(COMPANION.parent)}:{line}: {text[:80]!r}"
        for path in sorted(COMPANION.rglob("*.py"))
        if path.relative_to(COMPANION).as_posix() not in DRAWING_MODULES
        for line, text in markup_in(path.read_text())
    ]
    assert not found, "markup belongs in templates/:\n" + "\n".join(found)


def test_the_check_finds_markup_in_strings_and_f_strings():
    source = (
        '"""A <p> in a docstring is fine."""\n'
        "A = '<p class=\"x\">'\n"
        "B = f'<li>{A}</li>'\n"
        "C = 'a<3, 2>1'\n"
        "bp.route('/s/<token>')\n"
        "def f():\n"
        '    """Returns a <ul>."""\n'
    )
    assert [line for line, _ in markup_in(source)] == [2, 3, 3]
