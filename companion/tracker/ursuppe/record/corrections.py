"""Referee corrections: set a tracked quantity to what the table shows, with a reason.

A correction never touches the turn order; it refuses changes that would pull an amoeba
out from under a move or an attack in progress, or break conservation (the box's cubes per
color, 55 unless the group's box has fewer; gene copies; one marker per ladder space). The
facts besides the counters are corrected in `corrections_table.py`.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import color_ref, color_term
from companion.tracker.correcting import checked, corrected
from companion.tracker.errors import IllegalAction, InvalidAction
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe import flow, sources
from companion.tracker.ursuppe.actions import Correct
from companion.tracker.ursuppe.data import GENES_BY_KEY, amoebas_per_color
from companion.tracker.ursuppe.flow import Events, say
from companion.tracker.ursuppe.genes import feeding as genes_feeding
from companion.tracker.ursuppe.record import corrections_table
from companion.tracker.ursuppe.rules import market
from companion.tracker.ursuppe.state import GameState, HeldGene, amoeba_ref, player_ref

LIMITS = {"bp": 999, "dp": 9, "cubes": corrections_table.MAX_BOX, "gene": 10_000, "toxic": 99}
# Corrections whose value is a number the table shows (the others need no value).
COUNTED = (
    "bp",
    "dp",
    "cubes",
    "marker",
    "amoeba_space",
    "gene",
    "toxic",
    "gene_since",
    "box_cubes",
)
FIELDS = COUNTED[:7] + tuple(corrections_table.TABLE)


def _need(value: object, refusal: Msg) -> None:
    if value is None:
        raise InvalidAction(refusal)


def _in_play(state: GameState, color) -> None:
    if color not in state.colors:
        raise InvalidAction(msg("{color} is not a color in this game", color=color_term(color)))


def _not_on_board(state: GameState, aid) -> IllegalAction:
    return IllegalAction(
        msg("{amoeba} is not on the board", amoeba=amoeba_ref(state, aid)), sources.CORRECTION
    )


def _no_space(space: int) -> InvalidAction:
    return InvalidAction(msg("there is no space {space}", space=space))


def _busy(state: GameState) -> set:
    c = state.cursor
    busy = set()
    if c.move:
        busy.add(c.move.mover)
        busy.update(step.amoeba for step in c.move.queue)
    if c.attack:
        busy.update({c.attack.attacker, c.attack.target})
    return busy


def apply_correction(state: GameState, action: Correct, events: Events) -> GameState:
    """Apply a correction or raise InvalidAction / IllegalAction; the state is unchanged then."""
    reason = checked(action, FIELDS)
    if action.field in COUNTED:
        corrections_table.need(action.value, action.field, msg("a value"))
    if action.value is not None and action.value < 0:
        raise IllegalAction(msg("a tracked quantity cannot be negative"), sources.CORRECTION)
    limit = LIMITS.get(action.field, 999)
    if action.dp is not None and not 0 <= action.dp <= LIMITS["dp"]:
        raise IllegalAction(
            msg("an amoeba has 0 to {limit} DP", limit=LIMITS["dp"]), sources.CORRECTION
        )
    if action.value is not None and action.value > limit:
        raise IllegalAction(
            # TRANSLATORS: {field} is the record's name of the quantity (bp, dp, cubes, ...).
            msg(
                "{value} is more than the table can show for {field} (at most {limit})",
                value=action.value,
                field=action.field,
                limit=limit,
            ),
            sources.CORRECTION,
        )
    field = action.field
    color, aid = action.color, action.amoeba
    if field == "bp":
        _need(color, msg("a '{field}' correction needs a color", field=field))
        _in_play(state, color)
        player = state.player(color)
        state = state.with_player(replace(player, bp=action.value))
        text = msg(
            "{player} BP set from {before} to {after}",
            player=player_ref(state, color),
            before=player.bp,
            after=action.value,
        )
    elif field == "dp":
        _need(aid, msg("a '{field}' correction needs an amoeba", field=field))
        amoeba = state.amoeba(aid)
        if amoeba is None:
            raise _not_on_board(state, aid)
        state = flow.set_amoeba(state, replace(amoeba, dp=action.value))
        text = msg(
            "{amoeba} DP set from {before} to {after}",
            amoeba=amoeba_ref(state, aid),
            before=amoeba.dp,
            after=action.value,
        )
    elif field == "cubes":
        state, text = _cubes(state, action)
    elif field == "marker":
        _need(color, msg("a '{field}' correction needs a color", field=field))
        _in_play(state, color)
        if not 1 <= action.value <= state.setup.ladder_length:
            raise IllegalAction(
                msg("the ladder runs from 1 to {last}", last=state.setup.ladder_length),
                sources.PHASE_6,
            )
        if any(p.marker == action.value and p.color != color for p in state.players):
            raise IllegalAction(
                msg("ladder space {space} is occupied; one marker per space", space=action.value),
                sources.PHASE_6,
            )
        player = state.player(color)
        state = state.with_player(replace(player, marker=action.value))
        text = msg(
            "{player} marker set from {before} to {after}",
            player=player_ref(state, color),
            before=player.marker,
            after=action.value,
        )
    elif field == "amoeba_space":
        state, text = _amoeba_space(state, action)
    elif field == "toxic":
        state, text = genes_feeding.correct_toxic(state, action)
    elif field == "gene":
        state, text = _gene(state, action)
    else:
        state, text = corrections_table.TABLE[field](state, action)
    text = corrected(text, reason)
    say(events, "correction", text, sources.CORRECTION)
    return state


def _cubes(state: GameState, action: Correct) -> tuple[GameState, Msg]:
    color, space = action.color, action.space
    _need(color, msg("a '{field}' correction needs a color", field=action.field))
    _need(space, msg("a '{field}' correction needs a space", field=action.field))
    _in_play(state, color)
    if space not in state.setup.board.spaces():
        raise _no_space(space)
    i = state.seat(color)
    before = state.cubes_on(space)[i]
    if state.supply(color) - (action.value - before) < 0:
        raise corrections_table.shortage(state, color)
    state = flow.add_cubes(state, space, i, action.value - before)
    text = msg(
        "{color} cubes on space {space} set from {before} to {after}",
        color=color_ref(color),
        space=space,
        before=before,
        after=action.value,
    )
    return state, text


def _amoeba_space(state: GameState, action: Correct) -> tuple[GameState, Msg]:
    aid, space = action.amoeba, action.value
    _need(aid, msg("a '{field}' correction needs an amoeba", field=action.field))
    _in_play(state, aid.color)
    who = amoeba_ref(state, aid)
    if not 1 <= aid.number <= amoebas_per_color(state.n_players):
        raise InvalidAction(msg("there is no amoeba {amoeba}", amoeba=who))
    if aid in _busy(state):
        raise IllegalAction(
            msg(
                "{amoeba} is in the middle of its turn or an attack; finish that step first",
                amoeba=who,
            ),
            sources.CORRECTION,
        )
    if space and space not in state.setup.board.spaces():
        raise _no_space(space)
    amoeba = state.amoeba(aid)
    if space == 0:
        if aid == state.cursor.amoeba:
            raise IllegalAction(
                msg("{amoeba} is the amoeba whose turn it is; finish its turn first", amoeba=who),
                sources.CORRECTION,
            )
        if amoeba is None:
            raise _not_on_board(state, aid)
        state = replace(state, amoebas=tuple(a for a in state.amoebas if a.id != aid))
        return state, msg("{amoeba} removed from space {space}", amoeba=who, space=amoeba.space)
    if amoeba is None:
        dp = action.dp or 0
        state = flow.place_new_amoeba(state, aid, space, dp)
        return state, msg(
            "{amoeba} added on space {space} with {dp} DP", amoeba=who, space=space, dp=dp
        )
    if action.dp is not None:
        raise IllegalAction(
            msg("{amoeba} is on the board: correct its DP on its own", amoeba=who),
            sources.CORRECTION,
        )
    state = flow.set_amoeba(state, replace(amoeba, space=space))
    text = msg(
        "{amoeba} moved from space {before} to {after}",
        amoeba=who,
        before=amoeba.space,
        after=space,
    )
    return state, text


def _gene(state: GameState, action: Correct) -> tuple[GameState, Msg]:
    color, gene = action.color, action.gene
    _need(color, msg("a '{field}' correction needs a color", field=action.field))
    _need(gene, msg("a '{field}' correction needs a gene", field=action.field))
    _in_play(state, color)
    if gene not in GENES_BY_KEY:
        raise InvalidAction(
            msg(
                "there is no gene called {gene}; the genes are {genes}",
                gene=repr(gene),
                genes=", ".join(GENES_BY_KEY),
            )
        )
    player = state.player(color)
    who, name = player_ref(state, color), GENES_BY_KEY[gene].term
    if action.value not in (0, 1):
        raise InvalidAction(msg("a gene correction's value is 1 (held) or 0 (not held)"))
    if action.value == 1 and not player.holds(gene):
        # as a purchase says it (003 §Play): an extra gene is had only once it is face up
        if GENES_BY_KEY[gene].extra and gene not in state.extra_available:
            raise IllegalAction(*market.not_turned(state, name))
        if state.copies_total(gene) == 0:
            raise IllegalAction(
                nmsg(
                    "{gene} is not in the deck with {n} player",
                    "{gene} is not in the deck with {n} players",
                    state.n_players,
                    gene=name,
                ),
                sources.GENE_TABLE,
            )
        if state.copies_left(gene) <= 0:
            raise IllegalAction(
                msg("every copy of {gene} is already held", gene=name), sources.PHASE_3
            )
        genes = player.genes + (HeldGene(gene, max(state.round - 1, 0)),)
        text = msg("{player} now holds {gene}", player=who, gene=name)
    elif action.value == 0 and player.holds(gene):
        genes = tuple(g for g in player.genes if g.key != gene)
        text = msg("{player} no longer holds {gene}", player=who, gene=name)
    elif action.value:
        raise IllegalAction(
            msg("{player} already holds {gene}", player=who, gene=name), sources.CORRECTION
        )
    else:
        raise IllegalAction(
            msg("{player} already does not hold {gene}", player=who, gene=name),
            sources.CORRECTION,
        )
    return state.with_player(replace(player, genes=genes)), text
