"""The referee console's markup (`_console.html`), built in Python.

Every tap's answer is this markup: as a template, its own work (the tags between the
drawings, a dozen sentences, the conditions of the prompt box) cost more than the drawings
it holds (bench: the referee's tap against the bare route). The quiet regions are kept as
before (`drawings.fragment`), and the two that are templates of their own (the why panel's
opener and the correction slot) are rendered only when their region is not kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import render_template, request
from jinja2 import pass_context
from markupsafe import Markup, escape

from companion.i18n import direction, gene, t
from companion.tracker.ursuppe.rules.deckcheck import deck_warnings
from companion.web import drawings
from companion.web.console_choices import choices
from companion.web.console_rows import player_rows
from companion.web.logview import console_entries
from companion.web.markup_words import _, ngettext, pgettext
from companion.web.postform import post
from companion.web.rules import cite_link
from companion.web.svg import shape_icon
from companion.web.urls import url_for


@pass_context
def console_markup(context: Mapping[str, Any]) -> Markup:
    """The console (`#console`) from the console's template context (console_view.context)."""
    return build(context)


def build(c: Mapping[str, Any]) -> Markup:
    """The console's markup from its context."""
    game, shown = c["game"], c["shown"]
    act = url_for("console.act", game_id=game.id)
    undo_url = url_for("console.undo", game_id=game.id)
    rev = game.revision

    def included(name: str) -> str:  # as `{% include %}` saw them: the context and its sets
        return render_template(name, **{**c, "act": act, "rev": rev, "undo_url": undo_url})

    live = url_for("console.live_view", game_id=game.id)
    parts = [
        f'<div id="console" class="console" data-revision="{rev}" hx-get="{escape(live)}'
        f'?since={rev}" hx-trigger="sse:revision, every 5s, resync from:body" '
        'hx-swap="outerHTML">\n  ',
        drawings.fragment("status", shown["status"], caller=lambda: _status(c)),
        "\n\n",
        _prompt_box(c, act, rev),
        "\n\n",
        _table(c, act, included),
        "\n\n",
        _log_box(c, rev, undo_url),
        "\n\n  ",
        _correction(c, included),
        "\n</div>",
    ]
    return Markup("".join(parts))


def _status(c: Mapping[str, Any]) -> str:
    view = c["view"]
    out = ['\n  <section class="status-line">\n    <span class="phase">']
    if view["round"]:
        out.append(_("Round %(n)s", n=view["round"]) + " · ")
    out.append(f"{escape(t(view['phase_title'], context=''))}</span>\n    ")
    card = view["card"]
    if card:
        if card["drift"]:
            words = _(
                "Card %(card)s: drift %(drift)s, ozone %(ozone)s",
                card=card["id"],
                drift=direction(card["drift"]),
                ozone=card["ozone"],
            )
        else:
            words = _(
                "Card %(card)s: no drift, ozone %(ozone)s", card=card["id"], ozone=card["ozone"]
            )
        left = ngettext("%(num)s left", "%(num)s left", view["cards_left"])
        out.append(f'<span class="card-info">{words} · {left}</span>')
    out.append("\n    ")
    if view["placeholder_deck"]:
        title = _("Type your own 11 environment cards at setup")
        words = _("placeholder deck")
        out.append(f'<span class="tag warn" title="{title}">{words}</span>')
    out.append("\n    ")
    for w in deck_warnings(c["state"].setup):
        words = _("Deck: %(warning)s", warning=t(w))
        out.append(f'<span class="tag warn" data-deck-warning>{words}</span>')
    out.append("\n  </section>\n  ")
    return "".join(out)


def _prompt_box(c: Mapping[str, Any], act: str, rev: int) -> str:
    state, prompt = c["state"], c["prompt"]
    out = ['  <section class="prompt-box" aria-live="polite">\n    ']
    if c.get("error"):
        cls = "refusal conflict" if c.get("conflict") else "refusal"
        out.append(f'<p class="{cls}" role="alert">{escape(c["error"])}</p>')
    out.append("\n    ")
    if c.get("note"):
        out.append(f'<p class="tap-note" role="status">{escape(c["note"])}</p>')
    out.append("\n    ")
    if c.get("backup_error"):
        words = _(
            "The end-of-round backup failed (%(error)s). The game itself is saved. Free disk "
            "space on the laptop: the next round's backup tries again.",
            error=c["backup_error"],
        )
        out.append(f'<p class="backup-warning" role="alert">{words}</p>')
    out.append("\n    ")
    actor = c.get("actor")
    if actor:
        out.append(
            f'<p class="actor">{shape_icon(actor["color"], 26)} {escape(t(actor["label"]))}</p>'
        )
    out.append(f'\n    <p class="prompt">{escape(t(prompt))}</p>\n    ')
    source = getattr(prompt, "source", None)
    if source:
        cited = cite_link(source, state.setup.rulebook)
        words = _("Rule: %(citation)s", citation=cited)
        out.append(f'<p class="source">{words}</p>')
    out.append('\n\n    <div class="choices">\n    ')
    out.append(choices(c, act, rev))
    out.append("\n    </div>\n  </section>")
    return "".join(out)


def _table(c: Mapping[str, Any], act: str, included: Callable[[str], str]) -> str:
    state, view, controls, shown = c["state"], c["view"], c["controls"], c["shown"]
    spaces = controls.spaces if controls.spaces else None
    soup = drawings.soup(
        state.setup.board, view, spaces, act, controls.space_kind, controls.space_color
    )
    head = drawings.fragment("players-head", caller=_players_head)
    side = drawings.fragment("side", shown["side"], caller=lambda: _side(c, included))
    supply = drawings.fragment("supply", shown["supply"], caller=lambda: _supply(view))
    actor = escape(view["awaiting"]["actor"] or "")
    return (
        '  <section class="table-view">\n    <div class="soup-wrap">'
        f'{soup}</div>\n    <div class="side">\n      \n      <table class="players" '
        f'data-actor="{actor}">\n      {head}\n        <tbody>\n        '
        f"{player_rows(view['players'])}\n        </tbody>\n      </table>\n      \n      "
        f"{side}\n      {supply}\n      {drawings.ladder(view)}\n    </div>\n  </section>"
    )


def _players_head() -> str:
    words = (_("Player"), pgettext("table heading", "BP"), _("Genes"), _("Ladder"))
    return "<thead><tr>" + "".join(f"<th>{w}</th>" for w in words) + "</tr></thead>"


def _side(c: Mapping[str, Any], included: Callable[[str], str]) -> str:
    view = c["view"]
    out = ["\n      "]
    if view["extra_genes"]:
        names = ", ".join(gene(g) for g in view["extra_genes"])
        words = _("Extra genes face up:")
        out.append(f'<p class="extra-genes">{words} {escape(names)}</p>')
    out.append("\n      ")
    for note in view["sensing"]:
        out.append(f'<p class="sensing-note">{escape(t(note))}</p>')
    out.append("\n      ")
    # The why panel's opener names only the game: kept apart, a market change (once a round,
    # and with every purchase of an extra gene) does not render its template again.
    game_id = c["game"].id
    out.append(drawings.fragment("why", game_id, caller=lambda: included("_console_why.html")))
    out.append("\n      ")
    return "".join(out)


def _supply(view: Mapping[str, Any]) -> str:
    cubes = "".join(f"{shape_icon(color, 16)} {n} " for color, n in view["supply"].items())
    supply = _("Supply")
    return f'\n      <p class="supply">{supply}: {cubes}</p>\n      '


def _log_box(c: Mapping[str, Any], rev: int, undo_url: str) -> str:
    game, state = c["game"], c["state"]
    heading = _("What happened")
    undo = ""
    if game.history.in_force:
        asks = _("Undo the last action? It stays in the record as undone.")
        undo = post(undo_url, _("Undo last"), {"revision": rev}, "", "#console", asks)
    window = ""
    if c.get("log_from"):
        window = f' data-log-from="{escape(c["log_from"])}" data-log-limit="{c["log_limit"]}"'
    entries = console_entries(c["log"], game.id, rev, undo_url, state.setup.rulebook)
    hidden = ""
    if c.get("log_hidden"):
        whole = escape(url_for("console.history", game_id=game.id))
        words = _("Earlier entries (%(n)s): the whole history", n=c["log_hidden"])
        hidden = f'<p><a href="{whole}">{words}</a></p>'
    return (
        '  <section class="log-box">\n    <div class="row spread">\n      '
        f"<h2>{heading}</h2>\n      {undo}\n    </div>\n    "
        f'<ol class="log" reversed{window}>\n    {entries}\n    </ol>\n    {hidden}\n  </section>'
    )


def _correction(c: Mapping[str, Any], included: Callable[[str], str]) -> str:
    if c.get("error") and request.endpoint == "console.correct":
        return included("_correction.html")  # the refused correction, refilled in place
    return drawings.fragment(
        "correction", c["game"].id, caller=lambda: included("_correction.html")
    )
