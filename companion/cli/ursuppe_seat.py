"""What one Ursuppe seat's phone shows, as text for the terminal (`companion replay --seat`):
made from that seat's projection (its own numbers, amoebas, genes and, for a Sensing gene's
holder alone, the next card), in the reader's language with the phone's own words, then the
public table (`ursuppe_text.render`, which holds nothing hidden: no card beyond the face-up
one)."""

from __future__ import annotations

from typing import Any

from companion.cli.ursuppe_text import render
from companion.i18n import citation, t, translator
from companion.tracker.ursuppe.rules import movement as moves


def seat_text(state: Any, view: dict, lang: str) -> str:
    """One seat's phone as text: who, what is awaited, BP, the ladder, the advance, MP and
    ozone, its secret, its amoebas, genes and what it can afford now, then the table."""
    tr = translator(lang)
    _, n_ = tr.gettext, tr.ngettext
    book = state.setup.rulebook
    me: dict[str, Any] = view["you"]
    head = _("Your turn:") if me["your_turn"] else _("Waiting for:")
    ladder = _("ladder · place %(place)s/%(players)s") % {"place": me["place"], "players": me["of"]}
    if me["ozone"] is not None:
        mp = n_("MP / O₃ %(ozone)s", "MP / O₃ %(ozone)s", me["mp"]) % {"ozone": me["ozone"]}
    else:
        mp = n_("MP", "MP", me["mp"])
    lines = [
        t(me["label"], lang),
        f"{head} {t(me['awaiting'], lang)}",
        "",
        f"{me['bp']} {n_('BP', 'BP', me['bp'])} · {me['marker']} {ladder} · "
        f"+{me['advance']['total']} {_('if scored now')} · {me['mp']} {mp}",
        _("Advance now: %(amoebas)s from amoebas + %(genes)s from genes") % me["advance"],
    ]
    if me["debt"]:
        text = "Ozone debt due now: %(num)s MP (genes or BP)"
        lines.append(n_(text, text, me["debt"]) % {"num": me["debt"]})
    elif me["over_ozone"]:
        text = "Your MP are above this card's ozone: a card like it would cost %(num)s MP."
        lines.append(n_(text, text, me["over_ozone"]) % {"num": me["over_ozone"]})
    if me["secret"]:
        lines += ["", _("For your eyes only"), f"  {t(me['secret']['note'], lang)}"]
        if me["secret"]["card"]:
            lines.append(f"  {_card(me['secret']['card'], lang)}")
    limit = n_("die at %(num)s DP", "die at %(num)s DP", me["dp_limit"]) % {"num": me["dp_limit"]}
    lines += ["", f"{_('Your amoebas')} ({limit})"]
    for a in me["amoebas"]:
        dp = n_("%(num)s DP", "%(num)s DP", a["dp"]) % {"num": a["dp"]}
        where = _("on space %(n)s") % {"n": a["space"]}
        lines.append(
            f"  {t(me['label'], lang)} {a['number']} {where} · {dp} · {t(a['note'], lang)}"
        )
    if not me["amoebas"]:
        lines.append(f"  {_('None on the board.')}")
    lines += ["", _("Your genes")]
    for g in me["genes"]:
        mp_of = n_("%(num)s MP", "%(num)s MP", g["mp"]) % {"num": g["mp"]}
        lines.append(f"  {t(g['name'], lang)} ({mp_of}): {t(g['effect'], lang)}")
    if not me["genes"]:
        lines.append(f"  {_('No genes yet.')}")
    for note in me["gene_notes"]:
        cited = citation(note.source, book, lang) if getattr(note, "source", None) else ""
        lines.append(f"  {t(note, lang)}" + (f"  [{cited}]" if cited else ""))
    if me["affordable"]:
        lines += ["", _("You can afford now")] + [f"  {t(a, lang)}" for a in me["affordable"]]
    return "\n".join([*lines, "", render(state, tr)])


def _card(card: dict, lang: str) -> str:
    _ = translator(lang).gettext
    if card["drift"]:
        drift = t(moves.direction_text(card["drift"]), lang)
        values = {"card": card["id"], "drift": drift, "ozone": card["ozone"]}
        return _("Card %(card)s: drift %(drift)s, ozone %(ozone)s") % values
    return _("Card %(card)s: no drift, ozone %(ozone)s") % {
        "card": card["id"],
        "ozone": card["ozone"],
    }
