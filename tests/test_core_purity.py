"""The rules engines are functional cores (no web, database, QR, randomness or clock inside,
no global state: no garbage-collector switch, no thread, no cache kept at module level),
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
    "correcting.py",
    "derivation.py",
    "persons.py",
    "declare.py",
    "errors.py",
    "game.py",
    "moments.py",
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


# ----- no global state (issue 28, item 5) ---------------------------------------------------
# A module-level container that a function changes is state shared by every game and thread of
# the process; the core keeps what it works out on the state it is about (`GameState.answers`).
MUTATORS = {"append", "extend", "add", "update", "setdefault", "pop", "popitem", "clear", "insert"}
MUTATORS |= {"remove", "discard", "put", "move_to_end", "appendleft"}
CONTAINERS = {"dict", "list", "set", "defaultdict", "OrderedDict", "Counter", "deque"}
MEMO_WORDS = ("answer", "cache", "memo", "lru", "remember")
# functools' decorators (a cached property's cache is per object, so it is not one of them)
CACHES = {"cache", "lru_cache", "cached"}
# Tables filled while the modules load, never after (checked below, by playing a game).
REGISTRIES = {("ursuppe/phases/base.py", "CONTINUATIONS")}


def _module_containers(tree: ast.Module) -> dict[str, ast.AST]:
    """Module-level names bound to a mutable container or to a memo object."""
    found = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        value = getattr(node, "value", None)
        if not isinstance(node, (ast.Assign, ast.AnnAssign)) or value is None:
            continue
        mutable = isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp))
        mutable |= isinstance(value, ast.SetComp)
        if isinstance(value, ast.Call):
            called = ast.unparse(value.func).split(".")[-1]
            mutable |= called in CONTAINERS or any(w in called.lower() for w in MEMO_WORDS)
        for target in targets:
            if isinstance(target, ast.Name) and mutable:
                found[target.id] = value
    return found


def shared_state(source: str) -> list[str]:
    """What a module keeps at module level and changes from a function, or caches by a game's
    state or setup (each a line saying what and where)."""
    tree = ast.parse(source)
    containers = _module_containers(tree)
    problems = []
    for name, value in containers.items():
        if isinstance(value, ast.Call) and any(
            w in ast.unparse(value.func).lower() for w in MEMO_WORDS
        ):
            problems.append(f"{name}: a memo object kept at module level")
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.Global):
                problems += [f"{n}: rebound by {func.name}" for n in node.names]
            elif isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
                if isinstance(node.value, ast.Name) and node.value.id in containers:
                    problems.append(f"{node.value.id}: changed at line {node.lineno}")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                named = isinstance(owner, ast.Name) and owner.id in containers
                if node.func.attr in MUTATORS and named:
                    problems.append(f"{owner.id}: changed at line {node.lineno}")
        if isinstance(func, ast.Lambda):
            continue
        for decorator in func.decorator_list:
            called = decorator.func if isinstance(decorator, ast.Call) else decorator
            if ast.unparse(called).split(".")[-1] not in CACHES:
                continue
            hints = " ".join(ast.unparse(a.annotation) for a in func.args.args if a.annotation)
            if "State" in hints or "Setup" in hints or not hints:
                problems.append(f"{func.name}: a cache kept by the module, by {hints or '?'}")
    return problems


@pytest.mark.parametrize(
    "path", sorted(TRACKER.rglob("*.py")), ids=lambda p: str(p.relative_to(TRACKER))
)
def test_no_tracker_module_keeps_state_shared_across_games_and_threads(path):
    where = str(path.relative_to(TRACKER))
    problems = [
        p
        for p in shared_state(path.read_text(encoding="utf-8"))
        if (where, p.split(":")[0]) not in REGISTRIES
    ]
    assert not problems, f"{where}: {problems}"


def test_the_shared_state_check_catches_the_old_memos():
    """The patterns issue 28 removed: a list of every memo, a memo per question, a cache by
    state, a global switch."""
    source = (
        "_ALL = []\n"
        "class LastAnswer:\n"
        "    def __init__(self):\n"
        "        _ALL.append(self)\n"
        "_legal = LastAnswer()\n"
        "_seen = {}\n"
        "def legal(state):\n"
        "    _seen[state] = 1\n"
        "@functools.lru_cache(maxsize=64)\n"
        "def meals(state: GameState, amoeba: Amoeba): ...\n"
        "_holders = 0\n"
        "def hold():\n"
        "    global _holders\n"
    )
    found = {p.split(":")[0] for p in shared_state(source)}
    assert found == {"_ALL", "_legal", "_seen", "meals", "_holders"}


def test_a_registry_is_filled_while_the_modules_load_and_never_after():
    """The phase machine's hand-offs (phases/base.CONTINUATIONS) are the one module-level
    table the core changes from a function: all there once `flow` is loaded, the same after
    a whole game."""
    import json

    from companion.tracker.ursuppe import flow, replay  # noqa: F401 - loads every phase
    from companion.tracker.ursuppe.phases.base import CONTINUATIONS
    from companion.tracker.ursuppe.record.document import record_from_dict

    before = dict(CONTINUATIONS)
    examples = TRACKER.parent.parent / "examples"
    record = record_from_dict(json.loads((examples / "three-players.json").read_text()))
    replay(record.setup, list(record.entries))
    assert before == CONTINUATIONS and before
