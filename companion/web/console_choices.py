"""The console's controls in the prompt box, built in Python (`console_markup`): environment
cards, dice, cubes to carry, spaces to tap, groups of a long list, and the choice buttons.
Every control comes from the engine's legal list (`controls.controls`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import escape

from companion.i18n import color_name, t
from companion.web.markup_words import _
from companion.web.postform import choice_posts, dice_posts, form_head, post
from companion.web.svg import shape_icon
from companion.web.urls import url_for


def choices(c: Mapping[str, Any], act: str, rev: int) -> str:
    """The prompt box's controls: cards, dice, cubes to carry, spaces, groups, buttons."""
    game, controls = c["game"], c["controls"]
    out = []
    if controls.cards:
        roll = url_for("console.roll", game_id=game.id)
        draw = post(roll, _("Draw a card for me"), {"revision": rev}, "primary")
        out.append(
            '\n      <div class="card-choices">\n        '
            f"{choice_posts(act, controls.cards, rev, primary=False)}\n      </div>\n      "
            f"{draw}\n    "
        )
    out.append("\n\n    ")
    if controls.dice:
        out.append(_dice(c, act, rev))
    out.append("\n\n    ")
    if controls.carry:
        out.append(_carry(controls, act, rev))
    out.append("\n\n    ")
    if controls.spaces:
        out.append(_spaces(c, act, rev))
    out.append("\n\n    ")
    if controls.trail:
        trail = " › ".join(t(m) for m in controls.trail)
        up = escape(url_for("console.view", game_id=game.id, group=controls.back or None))
        chosen, back = _("Choices chosen so far"), _("Back")
        out.append(
            f'\n      <nav class="stage-trail" data-stage="{escape(controls.group)}" '
            f'aria-label="{chosen}">\n        <span>{escape(trail)}</span>'
            f'\n        \n        <a class="button small" href="{up}" hx-get="{up}" '
            f'hx-target="#console" hx-swap="outerHTML">{back}</a>\n      </nav>\n    '
        )
    out.append("\n    ")
    if controls.groups:
        links = []
        for g in controls.groups:
            there = escape(url_for("console.view", game_id=game.id, group=g.path))
            links.append(
                f'<a class="button" data-group="{escape(g.path)}" href="{there}" '
                f'hx-get="{there}" hx-target="#console" hx-swap="outerHTML">'
                f"{escape(t(g.label))}</a>"
            )
        hint = _("Many choices: pick a group first.")
        out.append(
            f'\n      <p class="hint">{hint}</p>\n'
            f'      <div class="buttons stage-groups">\n      {"".join(links)}\n      </div>\n    '
        )
    out.append("\n    ")
    if controls.buttons:
        out.append(
            f'\n      <div class="buttons">\n      {choice_posts(act, controls.buttons, rev)}'
            "\n      </div>\n    "
        )
    out.append("\n    ")
    if c["view"]["over"]:
        final = escape(url_for("console.standings", game_id=game.id))
        words = _("Final standings and chart")
        out.append(f'\n      <p><a class="button primary big" href="{final}">{words}</a></p>\n    ')
    return "".join(out)


def _form_head(act: str, cls: str, kind: str, rev: int, form_id: str = "") -> str:
    """A form posting to the console by htmx, with its CSRF token, kind and revision."""
    return (
        f"{form_head(act, '#console', cls, form_id)}        "
        f'<input type="hidden" name="kind" value="{kind}">'
        f'<input type="hidden" name="revision" value="{rev}">'
    )


def _dice(c: Mapping[str, Any], act: str, rev: int) -> str:
    game, controls = c["game"], c["controls"]
    labels = controls.dice_labels
    if controls.dice == 1:
        out = (
            f'\n      \n      <div class="dice-row" role="group" '
            f'aria-label="{escape(t(labels[0], context=""))}">\n        '
            f"{dice_posts(act, controls.dice_min, controls.dice_max, rev)}\n      </div>\n      "
        )
    else:
        rows = []
        for d in (1, 2):
            faces = "".join(
                f'<label class="die"><input type="radio" name="d{d}" value="{n}" required> '
                f"{n}</label>"
                for n in range(1, 7)
            )
            rows.append(
                f'\n        <fieldset class="dice-row"><legend>'
                f"{escape(t(labels[d - 1], context=''))}</legend>\n          {faces}\n"
                "        </fieldset>\n        "
            )
        enter = _("Enter the dice")
        out = (
            f"\n      \n      {_form_head(act, 'dice-pair', 'dice', rev)}\n        "
            f'{"".join(rows)}\n        <button type="submit" class="primary">'
            f"{enter}</button>\n      </form>\n      "
        )
    roll = url_for("console.roll", game_id=game.id)
    chosen = "primary" if c.get("app_rolls") else ""
    button = post(roll, _("Roll for me"), {"revision": rev}, chosen)
    return f"{out}\n      {button}\n    "


def _carry(controls: Any, act: str, rev: int) -> str:
    cap = controls.carry_cap
    steppers = "".join(
        f'\n        <label class="stepper">{shape_icon(color)} {escape(color_name(color))} '
        f'<input type="number" name="{escape(color)}" min="0" max="{min(n, cap)}" value="0" '
        'inputmode="numeric"></label>\n        '
        for color, n in controls.carry.items()
    )
    words, carry = _("Cubes to carry, at most %(n)s:", n=cap), _("Carry these")
    return (
        f"\n      {_form_head(act, 'carry', 'carry', rev)}\n        "
        f"<p>{words}</p>\n        {steppers}\n        "
        f'<button type="submit" class="primary">{carry}</button>\n      </form>\n    '
    )


def _spaces(c: Mapping[str, Any], act: str, rev: int) -> str:
    controls = c["controls"]
    color = controls.space_color
    owner = next((p for p in c["view"]["players"] if p["color"] == color), None)
    name = escape(t(owner["label"])) if owner is not None else ""
    first = next(iter(controls.spaces.values()))
    options = "".join(f'<option value="{escape(color)}-{n}">{name} {n}</option>' for n in first)
    buttons = "".join(
        f'<button type="submit" name="space" value="{s}">{s}</button>'
        for s in sorted(controls.spaces)
    )
    amoeba, hint = _("Amoeba"), _("Tap a highlighted space on the board, or pick one:")
    return (
        f"\n      {_form_head(act, 'space-pick', escape(controls.space_kind), rev, 'space-form')}"
        f'\n        <div id="space-pick">\n          <input type="hidden" name="revision" '
        f'value="{rev}">\n          <label>{amoeba}\n          <select name="amoeba">\n'
        f"            \n            {options}\n          </select></label>\n        </div>\n"
        f'        <p class="hint">{hint}</p>'
        f'\n        <div class="space-buttons">\n          {buttons}\n        </div>\n'
        "      </form>\n    "
    )
