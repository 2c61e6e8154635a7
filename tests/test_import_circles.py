"""No import circles in companion/: each module's imports (`import x`, `from x import y`,
relative ones, `from package import module`, at module level or inside a function) make a
graph, and every strongly connected component of more than one module is a circle, printed as
`../shared/tools/import_cycles.py` prints it.

The phase machine's circle (companion/tracker/ursuppe/phases and genes_crust) is being taken
apart in the core's regrouping (issue 28, part 3); until then a circle wholly inside it is an
expected failure, and any other circle fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "companion"


def module_name(path: Path, root: Path) -> str:
    """The dotted name of a file under the package `root` (a package is its __init__)."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(name: str, known: set[str]) -> str | None:
    """The longest known module that `name` is or lies in."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def imports(path: Path, module: str, known: set[str]) -> dict[str, set[str]]:
    """The modules of companion/ one file imports, with the names it takes from each
    (imports under `if TYPE_CHECKING:` do not count: they never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skipped.update(id(n) for n in ast.walk(inner))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if target := resolve(alias.name, known):
                    found.setdefault(target, set()).add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, up level - 1
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:  # `from package import module` names the module
                target = resolve(f"{base}.{alias.name}", known) or resolve(base, known)
                if target:
                    found.setdefault(target, set()).add(alias.name)
    found.pop(module, None)
    if path.name == "__init__.py":  # a package exposing its own modules is no circle
        for target in [t for t in found if t.startswith(module + ".")]:
            del found[target]
    return found


def graph(root: Path = ROOT) -> dict[str, dict[str, set[str]]]:
    """Every module of a package (companion/) and what it imports from the others."""
    files = {module_name(p, root): p for p in root.rglob("*.py")}
    known = set(files)
    return {m: imports(p, m, known) for m, p in files.items()}


def circles(edges: dict[str, dict[str, set[str]]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(sorted(edges[start])))]
        while work:
            node, following = work[-1]
            nxt = next(following, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def described(component: list[str], edges: dict[str, dict[str, set[str]]]) -> str:
    """A circle as import_cycles.py prints it: each import inside it, with the names taken."""
    members = set(component)
    lines = [f"circle: {len(component)} modules"]
    for module in component:
        for target, names in sorted(edges[module].items()):
            if target in members:
                lines.append(f"  {module} -> {target}: {', '.join(sorted(names))}")
    return "\n".join(lines)


def test_no_module_of_companion_is_in_an_import_circle():
    """The house has no import circles (issue 28), the phase machine's included: a phase
    names the next one through the hand-off table, never by importing it."""
    edges = graph()
    found = circles(edges)
    assert not found, "\n".join(described(c, edges) for c in found)


def test_the_walk_sees_a_circle_and_every_kind_of_import(tmp_path):
    """The check itself: a made-up package with a circle through a relative import and
    `from package import module` is found, printed with the names taken."""
    package = tmp_path / "companion"
    (package / "web").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "web" / "__init__.py").write_text("from . import views\n")
    (package / "web" / "views.py").write_text("def f():\n    from companion import store\n")
    (package / "store.py").write_text("import companion.web.shell\n")
    (package / "web" / "shell.py").write_text("from .views import f\n")
    edges = graph(package)
    found = circles(edges)
    assert found == [["companion.store", "companion.web.shell", "companion.web.views"]]
    text = described(found[0], edges)
    assert "companion.web.shell -> companion.web.views: f" in text
    assert "companion.web.views -> companion.store: store" in text
    assert "companion.web" not in found[0]  # a package exposing its modules is no circle
