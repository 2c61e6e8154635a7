"""Any moment of a game: what changed from one state to the next, in words.

A dispute is about a moment ("when Blue attacked, did Green still have Escape?"); the
history page, the console and `companion replay --at N` show the whole state right after
an entry and these lines beside it. Pure: two states in, messages out.
"""

from __future__ import annotations

from companion.tracker.msg import Msg, msg
from companion.tracker.ursuppe.actions import cubes_ref
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.genes.extra import gene_of_mark
from companion.tracker.ursuppe.state import PHASE_TITLES, GameState, amoeba_ref, player_ref
from companion.tracker.ursuppe.views.phrases import comma_list


def changes(before: GameState, after: GameState) -> tuple[Msg, ...]:
    """What differs between two moments of one game, one message per fact."""
    lines: list[Msg] = []
    if (before.round, before.phase) != (after.round, after.phase):
        lines.append(
            msg("now round {round}, {phase}", round=after.round, phase=PHASE_TITLES[after.phase])
        )
    if before.card != after.card:
        lines.append(msg("face-up card: {card}", card=after.card or "-"))
    lines += _players(before, after)
    lines += _amoebas(before, after)
    lines += _cubes(before, after)
    return tuple(lines)


def _players(before: GameState, after: GameState) -> list[Msg]:
    lines = []
    for old, new in zip(before.players, after.players):
        who = player_ref(after, new.color)
        if old.bp != new.bp:
            lines.append(
                msg("{player}: BP {before} → {after}", player=who, before=old.bp, after=new.bp)
            )
        if old.marker != new.marker:
            text = msg(
                "{player}: marker {before} → {after}",
                player=who,
                before=old.marker,
                after=new.marker,
            )
            lines.append(text)
        gained = [GENES_BY_KEY[k].term for k in new.gene_keys if k not in old.gene_keys]
        lost = [GENES_BY_KEY[k].term for k in old.gene_keys if k not in new.gene_keys]
        if gained:
            lines.append(msg("{player} gains {genes}", player=who, genes=comma_list(gained)))
        if lost:
            lines.append(msg("{player} loses {genes}", player=who, genes=comma_list(lost)))
        marks = [u for u in new.used_this_round if u not in old.used_this_round]
        used = list(dict.fromkeys(GENES_BY_KEY[gene_of_mark(u, new.gene_keys)].term for u in marks))
        if used:
            lines.append(msg("{player} used {uses} this round", player=who, uses=comma_list(used)))
    return lines


def _amoebas(before: GameState, after: GameState) -> list[Msg]:
    lines = []
    old = {a.id: a for a in before.amoebas}
    new = {a.id: a for a in after.amoebas}
    for aid, a in new.items():
        who = amoeba_ref(after, aid)
        was = old.get(aid)
        if was is None:
            lines.append(msg("{amoeba} appears on space {space}", amoeba=who, space=a.space))
            continue
        if was.space != a.space:
            text = msg(
                "{amoeba}: space {before} → {after}", amoeba=who, before=was.space, after=a.space
            )
            lines.append(text)
        if was.dp != a.dp:
            lines.append(
                msg("{amoeba}: DP {before} → {after}", amoeba=who, before=was.dp, after=a.dp)
            )
    for aid, a in old.items():
        if aid not in new:
            text = msg(
                "{amoeba} leaves the board (space {space})",
                amoeba=amoeba_ref(before, aid),
                space=a.space,
            )
            lines.append(text)
    return lines


def _cubes(before: GameState, after: GameState) -> list[Msg]:
    lines = []
    for space in after.setup.board.spaces():
        old, new = before.cubes_on(space), after.cubes_on(space)
        if old != new:
            pairs = tuple((c, new[i]) for i, c in enumerate(after.colors) if new[i])
            lines.append(
                msg("cubes on space {space}: {cubes}", space=space, cubes=cubes_ref(pairs))
            )
    return lines
