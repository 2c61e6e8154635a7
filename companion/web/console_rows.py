"""The players' table of the console, row by row, built in Python and kept by what each row
shows: a tap changes one or two rows (a player's BP, genes, amoebas or marker), and the
console's answer to every tap carries the table (issue 12: the referee's tap stays fast)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from companion.i18n import current_language, gene, t
from companion.web.svg import shape_icon


@lru_cache(maxsize=1024)
def _row(
    lang: str, color: str, label: Any, amoebas: int, bp: int, genes: tuple, marker: int
) -> str:
    """One player's row in the reader's language (`lang` names the catalog `t` reads)."""
    held = ", ".join(gene(g) for g in genes) or "—"
    return (
        f'<tr data-color="{escape(color)}"><td>{shape_icon(color)} {escape(t(label))} '
        f"<small>({amoebas})</small></td>"
        f'<td class="num">{bp}</td><td class="genes">{escape(held)}</td>'
        f'<td class="num">{marker}</td></tr>'
    )


def player_rows(players: list[dict[str, Any]]) -> Markup:
    """The rows of the players' table: name and shape, amoebas, BP, genes, ladder."""
    lang = current_language()
    return Markup(
        "\n".join(
            _row(
                lang, p["color"], p["label"], p["amoebas"], p["bp"], tuple(p["genes"]), p["marker"]
            )
            for p in players
        )
    )
