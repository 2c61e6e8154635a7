"""Sentences as markup, as the templates' `_()` gives them (Jinja's newstyle gettext): the
catalog's words are markup, the variables escaped. For views that build their markup in
Python (`console_markup`, `console_choices`); Babel finds the calls by these names."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from companion.i18n import _translations


def _(string: str, **variables: Any) -> Markup:
    """A sentence in the reader's words, its variables escaped."""
    found = Markup(_translations().ugettext(string))
    return found % variables if variables else found


def ngettext(singular: str, plural: str, num: int) -> Markup:
    """`_` for a sentence with a plural (`num` among its variables)."""
    return Markup(_translations().ungettext(singular, plural, num)) % {"num": num}


def pgettext(context: str, string: str) -> Markup:
    """`_` for a word with a context."""
    return Markup(_translations().upgettext(context, string))
