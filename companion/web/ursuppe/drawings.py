"""The console's drawings (the soup and the ladder), rendered once per look and not re-sent.

A drawing is named by a digest of exactly what it shows (and the reader's language). The
console's browser says which drawings it shows (`X-Drawings`); an answer whose drawing is
unchanged carries a placeholder that `static/app.js` fills with the drawing already on
screen, so a tap that changes neither costs neither its rendering nor its bytes; a changed
soup comes as a patch of its changed spaces (`soup`). Rendered drawings are also kept in a
small cache, for a second referee tab and the live follow.

The console's other quiet regions (the status line, the supply, the correction slot) are kept
in the same cache by `fragment`, named by exactly what they show, so a tap that leaves them as
they were costs only that name.
"""

from __future__ import annotations

import hashlib
import marshal
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from flask import request
from markupsafe import Markup

from companion.i18n import current_language
from companion.memo import MISSING, LastAnswer
from companion.web import svg
from companion.web.ursuppe import soup_svg

HEADER = "X-Drawings"
CACHED = 256  # drawings and fragments of the last taps of a few games, in each language
_cache: OrderedDict[Any, Markup] = OrderedDict()
_lock = threading.Lock()  # waitress answers on many threads


def _digest(parts: tuple) -> str:
    try:  # plain data (tuples, numbers, words): marshal's bytes, ten times faster than repr
        data = marshal.dumps(parts, 2)  # version 2 writes no back-references: same data, same bytes
    except ValueError:  # core objects (a message, a term)
        data = repr(parts).encode()
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def _shown() -> set[str]:
    if request.headers.get("HX-Request") != "true":
        return set()  # a whole page has no drawings to keep
    return set(request.headers.get(HEADER, "").split()[:8])


def _remembered(key: Any, render: Callable[[], Markup]) -> Markup:
    """The markup named `key`, from the cache, else rendered now and kept (newest last)."""
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    found = render()
    with _lock:
        _cache[key] = found
        if len(_cache) > CACHED:
            _cache.popitem(last=False)
    return found


def _kept(key: str) -> Markup:
    """The placeholder of a drawing the browser shows already (app.js fills it in)."""
    return Markup(f'<svg data-keep="{key}"></svg>')


def _drawing(key: str, render: Callable[[], Markup]) -> Markup:
    if key in _shown():
        return _kept(key)
    return _remembered(
        key, lambda: Markup(str(render()).replace("<svg ", f'<svg data-drawing="{key}" ', 1))
    )


def fragment(name: str, *shown: Any, caller: Callable[[], str]) -> Markup:
    """A template region (`{% call fragment(name, what it shows...) %}`) rendered once per
    look: `shown` must be everything the region's body reads, apart from the language."""
    key: Any = (name, current_language(), shown)
    try:  # plain tuples name it as they are (exact, and cheaper than a digest)
        key = _Hashed(key)
    except TypeError:  # a list or a dict among them: named by its digest
        key = _digest(key)
    return _remembered(key, lambda: Markup(caller()))


class _Hashed:
    """A cache key whose hash is computed once: a region's name holds the core's terms and
    messages, whose hashes are not kept, and the cache looks a key up twice (get, then
    move_to_end)."""

    __slots__ = ("key", "hash")

    def __init__(self, key: tuple) -> None:
        self.key = key
        self.hash = hash(key)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Hashed) and self.hash == other.hash and self.key == other.key


@lru_cache(maxsize=32)
def _board_key(board: Any) -> str:
    return _digest(("board", board))


def soup(board: Any, view: dict[str, Any], *tap: Any) -> Markup:
    """The console's soup: amoebas, cubes, toxic tokens, the card and the spaces that can be
    tapped. Its name is made of tuples (a tap asks it every time; dicts print slowly).

    When the browser shows an earlier soup this process drew, the answer carries only the
    spaces that differ from it (and the island if the card changed), as a patch that
    `static/app.js` applies to the soup on screen: a tap changes two or three spaces."""
    key = _digest(
        (
            "soup",
            current_language(),
            _board_key(board),
            tuple(view["supply"]),
            _amoebas_key(view["amoebas"]),
            _cubes_key(view["cubes"]),
            tuple(sorted(view.get("toxic", {}).items())),
            tuple(view["card"].values()) if view["card"] else None,
            tap,
        )
    )
    shown = _shown()
    if key in shown:
        return _kept(key)
    head, spaces, island = _remembered(
        (PARTS, key), lambda: soup_svg.soup_parts(board, view, None, *tap)
    )
    for before in shown:
        patch = _patch(before, key, head, spaces, island)
        if patch is not None:
            return patch
    return _remembered(
        key,
        lambda: Markup(
            head.replace("<svg ", f'<svg data-drawing="{key}" ', 1)
            + "".join(spaces)
            + island
            + "</svg>"
        ),
    )


# The amoebas' and the cubes' part of a soup's name, by the view's rows they are made of: a
# view shares the rows a tap left as they were (projection.table_view), and most taps move
# no amoeba or no cube.
_AMOEBAS = LastAnswer()
_CUBES = LastAnswer()


def _rows_key(memo: LastAnswer, rows: Any, flat: Callable[[Any], tuple]) -> str:
    """The digest of a view's rows (`flat` makes them plain tuples), once per rows object."""
    found = memo.get(rows)
    return memo.put(rows, None, _digest(flat(rows))) if found is MISSING else found


def _amoebas_key(rows: list[dict[str, Any]]) -> str:
    return _rows_key(
        _AMOEBAS, rows, lambda r: tuple((a["color"], a["number"], a["space"], a["dp"]) for a in r)
    )


def _cubes_key(rows: dict[int, dict[str, int]]) -> str:
    return _rows_key(_CUBES, rows, lambda r: tuple(tuple(on.values()) for on in r.values()))


PARTS = "soup parts"  # the cache's name for a soup's parts (its key is its drawing's name)


def _patch(before: str, key: str, head: str, spaces: tuple[str, ...], island: str) -> Markup | None:
    """The soup `key` as the changes from the soup `before` (on the browser's screen), or
    None if this process does not know `before` or it is another drawing."""
    with _lock:
        old = _cache.get((PARTS, before))
    if old is None or len(old[1]) != len(spaces):
        return None
    changed = [now for now, was in zip(spaces, old[1]) if now is not was and now != was]
    if len(changed) == len(spaces):
        return None  # everything moved: the whole drawing is no bigger
    opening = head.replace("<svg ", f'<svg data-patch="{before}" data-drawing="{key}" ', 1)
    moved = island if island != old[2] else ""
    return Markup(opening + "".join(changed) + moved + "</svg>")


def ladder(view: dict[str, Any]) -> Markup:
    """The console's ladder: the track, its end zone and every marker."""
    markers = [(p["color"], p["marker"]) for p in view["players"]]
    key = _digest(("ladder", current_language(), view["ladder"], markers))
    return _drawing(key, lambda: svg.ladder_svg(view))
