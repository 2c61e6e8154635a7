"""Urland's correction forms: the console's (every public fact, pickers by player, area and
gene name in the reader's language, prefilled with what the app tracks now) and a phone's
(its own face-down tokens). Which inputs each kind needs is said here; `static/correction.js`
shows only those in the browser, as for Ursuppe's form. The core checks what is sent.
"""

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext as _

from companion.i18n import t
from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import msg
from companion.tracker.urland import board as geo
from companion.tracker.urland import tokens
from companion.tracker.urland.actions import Correct
from companion.tracker.urland.corrections import DECK, FACE_UP, gene_place
from companion.tracker.urland.corrections_secret import SECRETS
from companion.tracker.urland.genes import gene_deck, gene_term
from companion.tracker.urland.state import UNKNOWN, Step, UrlandState, player_ref
from companion.tracker.urland.words import area_ref, token_ref

# The inputs each kind needs (by the names of the form's controls).
NEEDS = {
    "ichto": ("area", "color", "number"),
    "reserve": ("color", "number"),
    "marker": ("color", "number"),
    "double_turns": ("color", "number"),
    "gene": ("gene", "place"),
    "tiles": ("number",),
    "erupted": ("area",),
    "epoch": ("number",),
    "turn": ("number",),
    "actions_left": ("number",),
    "actor": ("color",),
    "env": ("color",),
    "paying": ("number",),
    "bid": ("color", "number"),
    "bidder": ("color",),
    "bought": ("number",),
}


def kind_labels(state: UrlandState) -> dict[str, str]:
    """What each kind of correction sets, in words (the ones that fit the step now)."""
    kinds = {
        "ichto": _("Ichto of a player in a region or an ocean"),
        "reserve": _("a player's reserve"),
        "marker": _("a player's marker on the track"),
        "double_turns": _("a player's double-turn tokens"),
        "gene": _("where a gene card is (a player's, face up, or in the deck)"),
        "tiles": _("volcano tiles left"),
        "erupted": _("a volcano tile on a region (it joins its neighbour)"),
        "epoch": _("the epoch"),
        "turn": _("the turn"),
    }
    if state.step is Step.ACTIONS:
        kinds["actions_left"] = _("actions left to the Ichto player acting")
        kinds["actor"] = _("which Ichto player is acting")
    if state.step is Step.PAY:
        kinds["paying"] = _("Ichto still to pay for the gene bought")
    if state.step is Step.DRAW:
        kinds["env"] = _("the environment player (before their draw)")
    if state.step in (Step.BUY, Step.PAY):  # the fists are open: the bids are public
        kinds["bid"] = _("a player's bid, as the fists opened")
        kinds["bidder"] = _("which bidder chooses a gene now")
        kinds["bought"] = _("genes taken in this mutation")
    return kinds


def correction_from_form(form: Any) -> Correct:
    """The console's correction; ValueError or KeyError when the form is damaged, and
    InvalidAction for a secret, which only its owner's phone corrects."""
    field = form.get("field", "")
    if field in SECRETS:
        raise InvalidAction(msg("a face-down token is corrected on its owner's phone"))
    return Correct(
        field=field,
        reason=form.get("reason", "")[:200],
        value=int(form["value"]) if form.get("value", "") != "" else None,
        color=Color(form["color"]) if form.get("color") else None,
        area=form.get("area") or None,
        gene=form.get("gene") or None,
        place=form.get("place") or None,
    )


def _pick(form: Any, key: str, allowed: list[str], fallback: str) -> str:
    value = form.get(key, "") if form else ""
    return value if value in allowed else fallback


def _now(state: UrlandState) -> dict[str, Any]:
    """What the app tracks now, by the form's key: the kind and the picked names, `|`-joined
    (the browser fills in the value of what is picked)."""
    now: dict[str, Any] = {
        "tiles": state.tiles_left,
        "epoch": state.epoch,
        "turn": state.turn,
        "actions_left": state.actions_left,
        "paying": state.auction.paying,
        "bought": state.auction.bought,
    }
    if state.step in (Step.BUY, Step.PAY):  # never a sealed bid
        now |= {f"bid|{c.value}": n for c, n in state.auction.bids}
    areas = geo.live_regions(state.merged) + geo.OCEANS
    for p in state.players:
        c = p.color.value
        now |= {f"reserve|{c}": p.reserve, f"marker|{c}": p.marker}
        now[f"double_turns|{c}"] = p.double_turns
        now |= {f"ichto|{a}|{c}": state.count(a, p.color) for a in areas}
    for g in gene_deck(state.n):
        now[f"gene|{g}"] = gene_place(state, g)
    return now


def correction_form(state: UrlandState, form: Any = None) -> dict[str, Any]:
    """The console form's pickers and current values; `form` refills a refused one."""
    kinds = kind_labels(state)
    players = [{"color": c.value, "label": t(player_ref(state, c))} for c in state.colors]
    areas = [
        {"key": a, "label": t(area_ref(a))} for a in geo.live_regions(state.merged) + geo.OCEANS
    ]
    genes = [{"key": g, "label": t(gene_term(g))} for g in gene_deck(state.n)]
    places = [*players, {"color": FACE_UP, "label": _("face up")}]
    places.append({"color": DECK, "label": _("in the deck (not yet turned)")})
    kind = _pick(form, "field", list(kinds), "ichto")
    picked = {
        "color": _pick(form, "color", [p["color"] for p in players], players[0]["color"]),
        "area": _pick(form, "area", [a["key"] for a in areas], areas[0]["key"]),
        "gene": _pick(form, "gene", [g["key"] for g in genes], genes[0]["key"]),
    }
    if kind == "actor" and state.actors and not form:
        picked["color"] = state.actors[0].value
    if kind == "env" and not form:
        picked["color"] = state.env_color.value
    if kind == "bidder" and state.auction.ranking and not form:
        picked["color"] = state.auction.ranking[0].value
    now = _now(state)
    key = "|".join([kind] + [picked[n] for n in ("area", "gene", "color") if n in NEEDS[kind]])
    picked["place"] = _pick(form, "place", [p["color"] for p in places], now.get(key, DECK))
    refilled = form.get("value", "") if form else ""
    return {
        "kinds": kinds,
        "needs": {k: " ".join(NEEDS[k]) for k in kinds},
        "shown": set(NEEDS[kind]),
        "kind": kind,
        "players": players,
        "areas": areas,
        "genes": genes,
        "places": places,
        "picked": picked,
        "now": json.dumps(now, sort_keys=True),
        "value": refilled if refilled.isdigit() else now.get(key, ""),
        "reason": form.get("reason", "")[:200] if form else "",
    }


def secret_form(state: UrlandState, color: Color) -> dict[str, Any] | None:
    """A phone's own correction of its face-down tokens: each token of its hand (and the kept
    one, for the environment player) with the tokens it may be (None: it holds none)."""
    hand = state.hands[state.seat(color)]
    kept = state.kept if color == state.env_color else None
    if not hand and kept is None:
        return None
    # Only public facts pick the tokens offered (in play, not on the board): the pile's
    # tokens would tell, by what is missing, what the other players hold.
    options = [x for x in tokens.in_play(state) if x not in state.spots]
    named = [{"token": x, "label": t(token_ref(x))} for x in options]
    named.append({"token": UNKNOWN, "label": t(token_ref(UNKNOWN))})
    return {"hand": list(hand), "kept": kept, "tokens": named}


def secret_from_form(state: UrlandState, form: Any, color: Color) -> Correct | None:
    """A phone's correction of its own tokens (None: another form); ValueError if damaged."""
    field = form.get("correct_secret")
    if field not in SECRETS:
        return None
    reason = form.get("reason", "")[:200]
    if field == "kept":
        if color != state.env_color:
            raise InvalidAction(msg("only the environment player keeps a token"))
        return Correct("kept", reason=reason, value=int(form.get("kept", "")))
    picked = tuple(int(x) for x in form.getlist("token"))
    return Correct("hand", reason=reason, color=color, tokens=picked)
