"""The rules engine is a functional core: no web, database, QR, randomness or clock inside."""

import ast
from pathlib import Path

import pytest

TRACKER = Path(__file__).parent.parent / "companion" / "tracker"
FORBIDDEN_MODULES = {
    "flask",
    "flask_htmx",
    "sqlite_utils",
    "sqlite3",
    "qrcode",
    "random",
    "waitress",
    "time",
    "datetime",
    "secrets",
    "uuid",
    "os",
}
FORBIDDEN_CALLS = {"now", "today", "utcnow", "time", "perf_counter", "monotonic"}


def _imports(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize(
    "path", sorted(TRACKER.rglob("*.py")), ids=lambda p: str(p.relative_to(TRACKER))
)
def test_tracker_module_imports_nothing_from_the_shell_chance_or_clock(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = _imports(tree) & FORBIDDEN_MODULES
    assert not bad, f"{path.name} imports {bad}"
    calls = {
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }
    assert not calls & FORBIDDEN_CALLS, f"{path.name} reads the clock: {calls & FORBIDDEN_CALLS}"


def test_the_purity_check_catches_a_forbidden_import():
    tree = ast.parse("import random\nfrom flask import Flask\nimport sqlite_utils.db\n")
    assert _imports(tree) & FORBIDDEN_MODULES == {"random", "flask", "sqlite_utils"}


def test_every_tracker_module_opens_with_a_docstring():
    for path in TRACKER.rglob("*.py"):
        assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))), path.name
