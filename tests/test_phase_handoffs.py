"""The phase machine hands the game on between phases by name (`phases/base.hand_on`), so no
phase imports another: every name handed on is a registered step."""

import ast
from pathlib import Path

from companion.tracker.ursuppe import flow
from companion.tracker.ursuppe.phases.base import CONTINUATIONS

URSUPPE = Path(flow.__file__).parent


def _handed_on() -> dict[str, str]:
    found = {}
    for path in URSUPPE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "hand_on"
            ):
                name = node.args[0]
                assert isinstance(name, ast.Constant), f"{path.name}: hand_on needs a literal name"
                found[name.value] = path.name
    return found


def test_every_step_handed_on_is_registered_once_the_machine_is_loaded():
    handed = _handed_on()
    assert handed, "no hand-off found: the check reads nothing"
    missing = {name: where for name, where in handed.items() if name not in CONTINUATIONS}
    assert not missing


def test_a_registered_step_is_the_phase_modules_own_function():
    for name, step in CONTINUATIONS.items():
        assert step.__name__ == name and ".phases." in step.__module__
