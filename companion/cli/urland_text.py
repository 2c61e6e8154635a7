"""Urland's table as text for the terminal (`companion replay`): the board as the record holds
it, and what one seat's phone shows (`--seat`), in the reader's language with the phone's own
words; the seat's text is made from its projection alone, so it shows no other seat's secret."""

from __future__ import annotations

from typing import Any

from companion.i18n import citation, t, translator
from companion.tracker.urland.moment import ROLE_NAMES
from companion.tracker.urland.projection import public_view
from companion.tracker.urland.state import UrlandState
from companion.tracker.urland.words import area_ref, listed, token_ref

SPOTS = "Scored this epoch (on the volcano's spots):"  # the console's words (a template's)


def board_text(state: UrlandState, lang: str) -> str:
    """An Urland state as text: epoch, turn, what is awaited, the players, every area, the
    genes face up and the tokens scored this epoch (hands as the record holds them)."""
    hands = {}
    for player in state.players:
        hand = state.hands[state.seat(player.color)]
        if state.kept is not None and player.color == state.env_color:
            hand = (*hand, state.kept)
        hands[player.color.value] = hand
    return public_text(public_view(state), lang, hands)


def public_text(view: dict, lang: str, hands: dict[str, tuple] | None = None) -> str:
    """The public table as text (`hands`: the tokens each holds, as a whole record knows
    them; None: only how many, as everyone sees)."""
    _ = translator(lang).gettext
    epoch = _("Epoch %(n)s") % {"n": view["epoch"]}
    turn = _("Turn %(n)s") % {"n": view["turn"]}
    awaiting = f"{_('Awaiting:')} {t(view['awaiting']['text'], lang)}"
    lines = [f"Urland · {epoch} · {turn}", _("Game over") if view["over"] else awaiting, ""]
    heads = (_("Track"), _("Reserve"), _("On the board"), _("Double turns"), _("Genes"))
    for p in view["players"]:
        numbers = (p["marker"], p["reserve"], p["on_board"], p["double_turns"])
        parts = [f"{head} {n}" for head, n in zip(heads, numbers)]
        parts.append(f"{heads[-1]}: {', '.join(t(g, lang) for g in p['genes']) or '-'}")
        if hands is None:
            parts.append(f"{_('Tokens held')}: {p['tokens_held']}")
        elif hands[p["color"]]:
            held = t(listed([token_ref(x) for x in hands[p["color"]]]), lang)
            parts.append(f"{_('Tokens held')}: {held}")
        who = f"{t(p['label'], lang)} ({t(ROLE_NAMES[p['role']], lang)})"
        lines.append(f"{who}: " + "; ".join(parts))
    lines.append("")
    areas = [(r["region"], r["counts"]) for r in view["regions"]]
    areas += [(o["ocean"], o["counts"]) for o in view["oceans"]]
    for area, counts in areas:
        here = [f"{n} {t(p['label'], lang)}" for p in view["players"] if (n := counts[p["color"]])]
        lines.append(f"  {t(area_ref(area), lang)}: {', '.join(here) or '-'}")
    lines.append("")
    lines.append(f"{_('Genes face up:')} {', '.join(t(g, lang) for g in view['face_up']) or '-'}")
    if view["tokens_on_board"]:
        spots = ", ".join(str(x) for x in view["tokens_on_board"])
        lines.append(f"{_(SPOTS)} {spots}")
    return "\n".join(lines)


def seat_text(state: UrlandState, view: dict, lang: str) -> str:
    """What one seat's phone shows, from its projection: who and which role, what is awaited,
    its numbers, its secrets (tokens, kept token, sealed bid), its genes, what each region would
    score it now, then the public table."""
    _ = translator(lang).gettext
    me: dict[str, Any] = view["you"]
    mine = next(p for p in view["players"] if p["color"] == me["color"])
    now = view["awaiting"]
    head = _("Your turn:") if now["actor"] == me["color"] else _("Waiting for:")
    cited = citation(now["source"], state.setup.rulebook, lang) if now["source"] else ""
    lines = [
        f"{t(me['label'], lang)} · {t(ROLE_NAMES[me['role']], lang)}",
        f"{head} {t(now['text'], lang)}" + (f"  [{cited}]" if cited else ""),
        "",
        f"{me['reserve']} {_('Ichto in reserve')} · {mine['marker']} {_('track space')} · "
        f"{_mutation(me['mutation_in'], _)} · {mine['double_turns']} {_('double-turn tokens')}",
    ]
    if me["hand"] or me["kept"]:
        lines += ["", _("For your eyes only")]
        if me["hand"]:
            said = _("The tokens passed to you:") if me["role"] == "dead" else _("Your tokens:")
            lines.append(f"  {said} {', '.join(t(h['name'], lang) for h in me['hand'])}")
        if me["kept"]:
            lines.append(f"  {_('You keep:')} {t(me['kept']['name'], lang)}")
    if me["bid"] is not None and view["step"] == "bid":
        sealed = _("Your bid is sealed: %(n)s. Waiting for the others.") % {"n": me["bid"]}
        lines += ["", sealed]
    if me["price_now"] is not None:
        lines.append(_("A gene costs you now: %(n)s Ichto") % {"n": me["price_now"]})
    lines += ["", _("Your genes")]
    for gene in me["genes"]:
        lines.append(f"  {t(gene['name'], lang)}: {t(gene['effect'], lang)}")
    if not me["genes"]:
        lines.append(f"  {_('No genes yet.')}")
    lines += ["", _("If each region were scored now")]
    for region, n in me["would_score"].items():
        lines.append("  " + _("Region %(region)s: %(n)s") % {"region": region, "n": n})
    return "\n".join([*lines, "", public_text(view, lang)])


def _mutation(spaces: int | None, _: Any) -> str:
    if spaces is None:
        return _("no mutation space left")
    if spaces == 0:
        return _("a mutation is due")
    return f"{spaces} {_('spaces to the next mutation')}"
