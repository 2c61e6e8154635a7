"""The templates' shared macros (`_forms.html`, `_log.html`, `_why.html`) as globals of every
template.

A `{% from %}` import in a template runs again with each of its renders, and costs more than
most of these macros' own work (a tap's answer holds a few dozen forms); as globals they are
looked up in the template's module, made once (and again when the template changes).
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment


class SharedMacro:
    """A macro of one template, callable from any template or from Python."""

    def __init__(self, env: Environment, template: str, name: str) -> None:
        self.env, self.template, self.name = env, template, name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(self.env.get_template(self.template).module, self.name)(*args, **kwargs)


SHARED = {
    "_forms.html": ("form_head", "post", "choice_posts", "dice_posts"),
    "_log.html": ("event_items", "console_entries", "log_heading"),
    "_why.html": ("derivation",),
}


def shared_macros(env: Environment) -> dict[str, SharedMacro]:
    """Every shared macro by its name, for `env.globals`."""
    return {name: SharedMacro(env, t, name) for t, names in SHARED.items() for name in names}
