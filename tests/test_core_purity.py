"""The rules engines are functional cores (no web, database, QR, randomness or clock inside),
one per game, sharing what both games share from one place."""

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
    "gc",  # the interpreter's collector is process-wide: the shell's (companion/gcpause.py)
    "threading",  # a pure core shares nothing across threads
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


# ----- one core per game, the shared core in one place (issue 10: the house for two games) --
SHARED = {
    "__init__.py",
    "citations.py",
    "colors.py",
    "persons.py",
    "errors.py",
    "game.py",
    "msg.py",
    "record_core.py",
    "record_errors.py",
    "text.py",
    "track.py",
}
GAME_PACKAGES = {"companion.tracker.ursuppe", "companion.tracker.urland"}
REGISTRY = "game.py"  # the one shared module that names both games: the shell's registry


def _tracker_imports(tree: ast.AST) -> set[str]:
    """Every `companion.tracker...` module a module imports (`from X import name` gives X and
    X.name, since the name may be a module)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return {m for m in found if m.startswith("companion.tracker")}


def _from(modules: set[str], package: str) -> set[str]:
    return {m for m in modules if m == package or m.startswith(package + ".")}


def _read(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_the_tracker_holds_only_the_shared_modules_and_one_package_per_game():
    modules = {p.name for p in TRACKER.glob("*.py")}
    packages = {p.name for p in TRACKER.iterdir() if (p / "__init__.py").exists()}
    assert modules == SHARED, "an Ursuppe module belongs in companion/tracker/ursuppe/"
    assert packages == {"ursuppe", "urland"}


@pytest.mark.parametrize("path", sorted((TRACKER / "urland").rglob("*.py")), ids=lambda p: p.name)
def test_the_urland_core_imports_nothing_from_ursuppe(path):
    assert not _from(_tracker_imports(_read(path)), "companion.tracker.ursuppe")


@pytest.mark.parametrize("path", sorted((TRACKER / "ursuppe").rglob("*.py")), ids=lambda p: p.name)
def test_the_ursuppe_core_imports_nothing_from_urland(path):
    assert not _from(_tracker_imports(_read(path)), "companion.tracker.urland")


@pytest.mark.parametrize("name", sorted(SHARED - {REGISTRY}))
def test_a_shared_module_imports_from_neither_game(name):
    found = _tracker_imports(_read(TRACKER / name))
    assert not {m for p in GAME_PACKAGES for m in _from(found, p)}, name


def test_the_game_check_catches_an_import_from_the_other_game():
    tree = ast.parse(
        "from companion.tracker import ursuppe\n"
        "from companion.tracker.ursuppe.data import GENES\n"
        "import companion.tracker.msg\n"
    )
    found = _tracker_imports(tree)
    assert _from(found, "companion.tracker.ursuppe") == {
        "companion.tracker.ursuppe",
        "companion.tracker.ursuppe.data",
        "companion.tracker.ursuppe.data.GENES",
    }
    assert not _from(found, "companion.tracker.urland")
