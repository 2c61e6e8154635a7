"""The setup page's extra genes (Advanced Genome Project): how they enter, and which start.

003 §Play: a starting set (recommended: Social Gene and Population Explosion) plus N turned
over each round; or all of them at random; or a fixed agreed list; or none.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask_babel import gettext as _

from companion.i18n import t
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import Msg, msg
from companion.tracker.ursuppe.genes.actions import ShuffleExtraGenes
from companion.tracker.ursuppe.genes.extra import EXTRA_GENES, EXTRA_KEYS, RECOMMENDED_START
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.state import GameSetup


def mode_choices() -> list[tuple[str, str]]:
    """The ways extra genes enter a game, in the reader's language."""
    return [
        (ExtraGenesMode.NONE.value, _("No extra genes")),
        (
            ExtraGenesMode.START_AND_TURNED.value,
            _("A starting set (ticked below), then more turned over each round"),
        ),
        (ExtraGenesMode.ALL_RANDOM.value, _("All of them at random: none at the start")),
        (ExtraGenesMode.FIXED_LIST.value, _("A fixed list (ticked below), none turned over")),
    ]


def extra_fields(form: Any) -> dict[str, Any]:
    """What the setup page shows: the modes, and each extra gene with its tick."""
    form = form or {}
    chosen = form.get("extra_mode", ExtraGenesMode.NONE.value)
    ticked = set(form.getlist("extra_gene")) if form else set(RECOMMENDED_START)
    return {
        "modes": mode_choices(),
        "chosen": chosen,
        "genes": [
            {
                "key": g.key,
                "name": t(g.term),
                "effect": t(Msg(g.effect)),  # marked with N_ in extra_genes.py
                "ticked": g.key in ticked,
                "advanced": g.advanced,
            }
            for g in EXTRA_GENES
        ],
    }


def read_extra(form: Any) -> tuple[ExtraGenesMode, tuple[str, ...]]:
    """The mode and the starting set (or fixed list) from the setup form."""
    try:
        mode = ExtraGenesMode(form.get("extra_mode") or ExtraGenesMode.NONE.value)
    except ValueError:
        raise InvalidAction(msg("choose how the extra genes enter the game")) from None
    if mode in (ExtraGenesMode.NONE, ExtraGenesMode.ALL_RANDOM):
        return mode, ()
    keys = form.getlist("extra_gene") if hasattr(form, "getlist") else []
    return mode, tuple(k for k in EXTRA_KEYS if k in keys)


def first_shuffle(setup: GameSetup) -> list[ShuffleExtraGenes]:
    """The app's shuffle of the face-down extra genes, when it draws the cards."""
    if not setup.extra_genes.turns_over:
        return []
    order = [k for k in EXTRA_KEYS if k not in setup.extra_start]
    secrets.SystemRandom().shuffle(order)
    return [ShuffleExtraGenes(tuple(order))]
