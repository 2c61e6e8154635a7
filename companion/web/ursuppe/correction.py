"""The correction form's choices: pickers by player name, each prefilled with what the app
tracks now, and which inputs each kind of correction needs.

The form shows only the inputs of the chosen kind (`static/correction.js` switches them in
the browser; the server renders the chosen kind's inputs alone). `console.correct` still
validates everything it receives.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.i18n import t
from companion.tracker.colors import Color
from companion.tracker.ursuppe.actions import Correct, norm_cubes
from companion.tracker.ursuppe.data import ALL_GENES, GENES_BY_KEY, amoebas_per_color
from companion.tracker.ursuppe.state import AmoebaId, GameState, Step, player_ref

KINDS = (
    "bp",
    "dp",
    "cubes",
    "space_cubes",
    "marker",
    "marker_swap",
    "amoeba_space",
    "gene",
    "gene_since",
    "uses",
    "card",
    "box_cubes",
    "toxic",
)

# The inputs each kind needs (by the names of the form's controls).
NEEDS = {
    "bp": ("color", "number"),
    "dp": ("amoeba_on_board", "number"),
    "cubes": ("space", "color", "number"),
    "space_cubes": ("space", "space_cubes"),
    "marker": ("color", "number"),
    "marker_swap": ("color", "other"),
    "amoeba_space": ("any_amoeba", "to_space", "new_dp"),
    "gene": ("color", "gene", "held"),
    "gene_since": ("color", "gene", "number"),
    "uses": ("color", "uses"),
    "card": ("card", "cards"),
    "box_cubes": ("color", "number"),
    "toxic": ("space", "number"),
}
USES = ("defense", "escape", "aggression", "attack")


def kind_labels() -> dict[str, str]:
    """What each kind of correction sets, in words."""
    return {
        "bp": _("BP of a player"),
        "dp": _("DP of an amoeba"),
        "cubes": _("food cubes on a space"),
        "marker": _("a player's ladder marker"),
        "amoeba_space": _("where an amoeba is (or take it off the board)"),
        "gene": _("whether a player holds a gene"),
        "space_cubes": _("every color's cubes on a space"),
        "marker_swap": _("two ladder markers that swap places"),
        "gene_since": _("the round since which a player holds a gene"),
        "uses": _("what a player already used this round (Defense, Escape, Aggression, an attack)"),
        "card": _("the face-up environment card and the cards turned"),
        "box_cubes": _("food cubes of a color in the group's box"),
        "toxic": _("toxic DP tokens lying on a space"),
    }


def use_labels() -> dict[str, str]:
    """The once-per-round uses, in words."""
    return {
        "defense": t(GENES_BY_KEY["defense"].term),
        "escape": t(GENES_BY_KEY["escape"].term),
        "aggression": t(GENES_BY_KEY["aggression"].term),
        "attack": _("an attack this turn (the amoeba about to feed)"),
    }


def correction_from_form(form: Any) -> Correct:
    """The correction the form asks for; raises ValueError or KeyError when it is damaged."""
    field = form.get("field", "")
    value = int(form["value"]) if form.get("value", "") != "" else None
    cubes = None
    if field == "space_cubes":
        cubes = tuple(
            (Color(key[6:]), int(n)) for key, n in form.items() if key.startswith("cubes_") and n
        )
    turned = form.get("cards", "").replace(",", " ").split()
    return Correct(
        field=field,
        value=value,
        reason=form.get("reason", "")[:200],
        color=Color(form["color"]) if form.get("color") else None,
        amoeba=AmoebaId.parse(form["amoeba"]) if form.get("amoeba") else None,
        space=int(form["space"]) if form.get("space") else None,
        gene=form.get("gene") or None,
        dp=int(form["dp"]) if form.get("dp", "0") not in ("", "0") else None,
        card=form.get("card") or None,
        cards=tuple(turned) if field == "card" else None,
        uses=tuple(form.getlist("uses")) if field == "uses" else None,
        other=Color(form["other"]) if form.get("other") else None,
        cubes=norm_cubes(cubes) if cubes is not None else None,
    )


def _pick(form: Any, key: str, allowed: list[str], fallback: str) -> str:
    value = form.get(key, "") if form else ""
    return value if value in allowed else fallback


def correction_form(state: GameState, form: Any = None) -> dict[str, Any]:
    """The correction form's pickers and current values; `form` refills a refused one."""
    names = {p.color: t(player_ref(state, p.color)) for p in state.players}
    players = [
        {
            "color": p.color.value,
            "label": names[p.color],
            "bp": p.bp,
            "marker": p.marker,
            "genes": " ".join(p.gene_keys),
            "since": {g.key: g.since_round for g in p.genes},
            "used": " ".join(p.used_this_round)
            + (" attack" if not state.cursor.may_attack and _in_turn(state, p.color) else ""),
            "box": state.box_of(p.color),
        }
        for p in state.players
    ]
    on_board = [
        {
            "id": str(a.id),
            "label": ngettext(
                "%(name)s %(n)s on space %(space)s (%(num)s DP)",
                "%(name)s %(n)s on space %(space)s (%(num)s DP)",
                a.dp,
                name=names[a.color],
                n=a.number,
                space=a.space,
            ),
            "dp": a.dp,
        }
        for a in state.amoebas
    ]
    where = {a.id: a.space for a in state.amoebas}
    every = []
    for p in state.players:
        for n in range(1, amoebas_per_color(state.n_players) + 1):
            aid = AmoebaId(p.color, n)
            space = where.get(aid, 0)
            at = _("on space %(space)s", space=space) if space else _("not on the board")
            label = _("%(name)s %(n)s: %(where)s", name=names[p.color], n=n, where=at)
            every.append({"id": str(aid), "label": label, "space": space})
    spaces = [
        {
            "n": space,
            "cubes": {c.value: state.cubes_on(space)[i] for i, c in enumerate(state.colors)},
            "toxic": state.toxic_on(space),
        }
        for space in state.setup.board.spaces()
    ]
    kind = _pick(form, "field", list(KINDS), "bp")
    color = _pick(form, "color", [p["color"] for p in players], players[0]["color"])
    gene = _pick(form, "gene", [g.key for g in ALL_GENES], ALL_GENES[0].key)
    space = _pick(form, "space", [str(s["n"]) for s in spaces], str(spaces[0]["n"]))
    board_ids = [a["id"] for a in on_board]
    amoeba = _pick(form, "amoeba", [a["id"] for a in every], board_ids[0] if board_ids else "")
    if kind == "dp" and amoeba not in board_ids:
        amoeba = board_ids[0] if board_ids else ""
    player = next(p for p in players if p["color"] == color)
    other = _pick(form, "other", [p["color"] for p in players], "")
    if other in ("", color):
        other = next(p["color"] for p in players if p["color"] != color)
    current = {
        "gene_since": player["since"].get(gene, ""),
        "box_cubes": player["box"],
        "space_cubes": "",
        "marker_swap": "",
        "uses": "",
        "card": "",
        "bp": player["bp"],
        "marker": player["marker"],
        "dp": next((a["dp"] for a in on_board if a["id"] == amoeba), ""),
        "cubes": next(s["cubes"][color] for s in spaces if str(s["n"]) == space),
        "amoeba_space": next((a["space"] for a in every if a["id"] == amoeba), 0),
        "gene": int(gene in player["genes"].split()),
        "toxic": next(s["toxic"] for s in spaces if str(s["n"]) == space),
    }[kind]
    refilled = form.get("value", "") if form else ""
    return {
        "kinds": kind_labels(),
        "needs": {k: " ".join(v) for k, v in NEEDS.items()},
        "shown": set(NEEDS[kind]),
        "kind": kind,
        "players": players,
        "on_board": on_board,
        "every": every,
        "spaces": spaces,
        "genes": [{"key": g.key, "name": t(g.term)} for g in ALL_GENES],
        "picked": {
            "color": color,
            "gene": gene,
            "space": space,
            "amoeba": amoeba,
            "other": other,
        },
        "uses": use_labels(),
        "used": set(form.getlist("uses")) if form else set(player["used"].split()),
        "deck": [c.id for c in state.setup.deck],
        "card": form.get("card", "") if form else (state.card or ""),
        "cards": form.get("cards", "") if form else " ".join(state.turned[:-1]),
        "space_cubes": {
            c: (form.get(f"cubes_{c}", n) if form else n)
            for c, n in next(s["cubes"] for s in spaces if str(s["n"]) == space).items()
        },
        "value": refilled if refilled.isdigit() else current,
        "reason": form.get("reason", "") if form else "",
    }


def _in_turn(state: GameState, color: Color) -> bool:
    """Whether the amoeba whose turn it is, at its feeding step, is this color's."""
    cursor = state.cursor
    return cursor.step is Step.FEED and cursor.amoeba is not None and cursor.amoeba.color == color
