"""Where `console_markup.py` finds the console's drawings until it becomes a template: they
are Ursuppe's (`web/ursuppe/drawings.py`), and this module goes with it."""

from __future__ import annotations

from companion.web.ursuppe.drawings import fragment, ladder, soup

__all__ = ["fragment", "ladder", "soup"]
