"""Messages, not sentences: what the engine says leaves it as a message id with parameters.

The id is the English source text with `{name}` placeholders; it is the catalog's msgid, so
`scripts/catalogs` finds every `msg(...)`, `nmsg(...)`, `N_(...)` and `P_(...)` here and in
the engine. The shell renders a message in its reader's language by giving `render` a
translator (Babel's translations); the core never imports Babel. `str()` of any message is
its English text, so the record and the log stay language-neutral and English is the
fallback everywhere.

Parameters are numbers, verbatim text that is never translated (players' names, glyphs),
game words (`Term`: a color, a gene, a direction, looked up with their context), nested
messages, and sequences of those (`Seq`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Union

Param = Union["Msg", "Term", "Seq", str, int]


class Translator(Protocol):
    """What `render` needs from a catalog (Babel's `Translations` has all three)."""

    def gettext(self, message: str) -> str: ...  # noqa: D102

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...  # noqa: D102

    def pgettext(self, context: str, message: str) -> str: ...  # noqa: D102


class _English:
    """The source language: every message as written."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message


ENGLISH: Translator = _English()


@dataclass(frozen=True)
class Msg:
    """A message: its English id, its parameters, and for a plural its plural id and count."""

    id: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None
    count: int = 0

    def __str__(self) -> str:
        return render(self, ENGLISH)

    def param(self, name: str) -> Param | None:
        """One parameter by name (tests and the shell read them)."""
        return dict(self.params).get(name)


class Told:
    """A base for what carries a message `msg` (a prompt): `text` is it in English."""

    msg: Msg

    @property
    def text(self) -> str:
        """The message in English (the shell renders `msg` in its reader's language)."""
        return str(self.msg)


@dataclass(frozen=True)
class Term:
    """A game word (a color, a gene, a direction), translated with its context."""

    context: str
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Seq:
    """Parts shown one after the other, with a separator (a label, a list)."""

    parts: tuple[Param, ...]
    sep: str = " "

    def __str__(self) -> str:
        return render(self, ENGLISH)


def msg(id: str, **params: Param) -> Msg:
    """A message with named parameters: `msg("{who} eats {cubes}", who=..., cubes=...)`."""
    return Msg(id, tuple(params.items()))


def nmsg(singular: str, plural: str, count: int, **params: Param) -> Msg:
    """A message whose words follow a number (`1 BP`, `2 BP`); `{n}` is the count."""
    return Msg(singular, tuple({"n": count, **params}.items()), plural, count)


def N_(text: str) -> str:
    """Mark a fixed English text for the catalogs; it is translated where it is shown."""
    return text


def P_(context: str, text: str) -> str:
    """Mark a game word with its context (`P_("gene", "Speed")`) for the catalogs."""
    return text


def render(value: Param | None, tr: Translator = ENGLISH) -> str:
    """A message, term, sequence or plain value in the translator's language."""
    if value is None:
        return ""
    if isinstance(value, Msg):
        if value.plural is not None:
            template = tr.ngettext(value.id, value.plural, value.count)
        else:
            template = tr.gettext(value.id)
        params = {k: render(v, tr) for k, v in value.params}
        try:
            return template.format_map(params)
        except (KeyError, IndexError, ValueError):  # a broken translation: say the English
            return value.id.format_map(params)
    if isinstance(value, Term):
        return tr.pgettext(value.context, value.text)
    if isinstance(value, Seq):
        return value.sep.join(render(p, tr) for p in value.parts)
    return str(value)


def as_msg(value: Msg | str) -> Msg:
    """A message; a plain string becomes one that is shown verbatim."""
    return value if isinstance(value, Msg) else Msg("{text}", (("text", value),))
