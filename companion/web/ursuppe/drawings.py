"""The soup and the ladder of the console and the phones, rendered once per look, not re-sent.

A drawing is named by a digest of exactly what it shows (and the reader's language). The
page's browser says which drawings it shows (`X-Drawings`); an answer whose drawing is
unchanged carries a placeholder (`<svg data-keep>`) and `static/app.js` keeps the drawing on
screen as it is, so a tap that changes neither costs neither its rendering nor its bytes; a
changed soup comes as a patch of its changed spaces (`soup`), applied to the soup on screen.
Drawings are kept in the regions' cache (`companion.web.fragments`), for a second referee
tab, the phones and the live follow.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from companion.i18n import current_language
from companion.memo import MISSING, LastAnswer
from companion.web import svg
from companion.web.fragments import claimed, digest, peek, remembered
from companion.web.ursuppe import soup_svg

HEADER = "X-Drawings"


def _kept(key: str) -> Markup:
    """The placeholder of a drawing the browser shows already (app.js keeps it)."""
    return Markup(f'<svg data-keep="{key}"></svg>')


def _drawing(key: str, render: Callable[[], Markup]) -> Markup:
    if key in claimed(HEADER):
        return _kept(key)
    return remembered(
        key, lambda: Markup(str(render()).replace("<svg ", f'<svg data-drawing="{key}" ', 1))
    )


@lru_cache(maxsize=32)
def _board_key(board: Any) -> str:
    return digest(("board", board))


def soup(board: Any, view: dict[str, Any], *tap: Any, highlight: Any = None) -> Markup:
    """The soup of the console or a phone: amoebas (a phone's own ringed: `highlight`), cubes,
    toxic tokens, the card and the spaces that can be tapped. Its name is made of tuples (a
    tap asks it every time; dicts print slowly).

    When the browser shows an earlier soup this process drew, the answer carries only the
    spaces that differ from it (and the island if the card changed), as a patch that
    `static/app.js` applies to the soup on screen: a tap changes two or three spaces."""
    key = digest(
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
            highlight if highlight is None or isinstance(highlight, str) else tuple(highlight),
        )
    )
    shown = claimed(HEADER)
    if key in shown:
        return _kept(key)
    head, spaces, island = remembered(
        (PARTS, key), lambda: soup_svg.soup_parts(board, view, highlight, *tap)
    )
    for before in shown:
        patch = _patch(before, key, head, spaces, island)
        if patch is not None:
            return patch
    return remembered(
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
    return memo.put(rows, None, digest(flat(rows))) if found is MISSING else found


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
    old = peek((PARTS, before))
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
    key = digest(("ladder", current_language(), view["ladder"], markers))
    return _drawing(key, lambda: svg.ladder_svg(view))
