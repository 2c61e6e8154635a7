"""A referee correction's label, as the log heads its entry: a sentence in the reader's
language saying what it sets, on whom, to what, and the reason given."""

from __future__ import annotations

from companion.tracker.colors import color_ref
from companion.tracker.msg import P_, Msg, Param, Term, msg
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.state import GameState, amoeba_ref, player_ref

# The tracked quantities a correction sets, as its label names them.
FIELD_NAMES = {
    "bp": P_("correction", "BP"),
    "dp": P_("correction", "DP"),
    "cubes": P_("correction", "cubes"),
    "marker": P_("correction", "ladder marker"),
    "amoeba_space": P_("correction", "space"),
    "gene": P_("correction", "genes"),
    "gene_since": P_("correction", "gene held since round"),
    "uses": P_("correction", "genes used this round"),
    "box_cubes": P_("correction", "cubes in the box"),
    "toxic": P_("correction", "toxic DP tokens"),
}


def field_term(field: str) -> Param:
    """A correction's field as a word; an unknown one verbatim, as the record gives it."""
    return Term("correction", FIELD_NAMES[field]) if field in FIELD_NAMES else field


def correction_label(state: GameState, action: A.Correct) -> Msg:
    """A correction's label as a sentence: what it sets, on whom, to what, and the reason."""
    said = _correction_change(state, action)
    if action.reason:
        return msg("{correction} — reason: {reason}", correction=said, reason=action.reason)
    return said


def _correction_change(state: GameState, action: A.Correct) -> Msg:
    """What a correction sets, on whom, to what."""
    field, value, color, aid = action.field, action.value, action.color, action.amoeba
    if field == "cubes" and color and action.space:
        return msg(
            "Correction: {color} cubes on space {space} set to {value}",
            color=color_ref(color),
            space=action.space,
            value=value,
        )
    if field == "card" and action.card:
        return msg("Correction: the face-up card is {card}", card=action.card)
    if field == "space_cubes" and action.space:
        return msg("Correction: the cubes on space {space} recounted", space=action.space)
    if field == "marker_swap" and color and action.other:
        return msg(
            "Correction: the markers of {one} and {two} swap places",
            one=player_ref(state, color),
            two=player_ref(state, action.other),
        )
    if field == "toxic" and action.space:
        return msg(
            "Correction: toxic DP tokens on space {space} set to {value}",
            space=action.space,
            value=value,
        )
    if field == "gene" and color and action.gene in GENES_BY_KEY and value in (0, 1):
        if value:
            return msg(
                "Correction: {who} holds {gene}",
                who=player_ref(state, color),
                gene=GENES_BY_KEY[action.gene].term,
            )
        return msg(
            "Correction: {who} no longer holds {gene}",
            who=player_ref(state, color),
            gene=GENES_BY_KEY[action.gene].term,
        )
    if field == "gene_since" and color and action.gene in GENES_BY_KEY:
        return msg(
            "Correction: {who} holds {gene} since round {value}",
            who=player_ref(state, color),
            gene=GENES_BY_KEY[action.gene].term,
            value=value,
        )
    what = amoeba_ref(state, aid) if aid else (player_ref(state, color) if color else None)
    if what is not None and value is None:
        return msg("Correction: {who}'s {field} changed", field=field_term(field), who=what)
    if what is None:
        return msg("Correction: {field} changed", field=field_term(field))
    # TRANSLATORS: a referee correction: whose quantity ({who}), the quantity, its new value.
    return msg(
        "Correction: {who}'s {field} set to {value}",
        field=field_term(field),
        who=what,
        value=value,
    )
