"""Refusals that name the condition that failed, the rule and the option in force: cell
division and the free amoeba (000 §Fase 4, 001 §Fase 4, 003 §Placing Amoebas), and a meal
that only the other Substitution option allows (001 §NOTA; 000: 2:2:0 only)."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.citations import Rule
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import GENES_BY_KEY, SPORES, SUBSTITUTION, amoebas_per_color
from companion.tracker.ursuppe.options import OPTION_INFO, Substitution4p, ZeroAmoebas
from companion.tracker.ursuppe.rules.feeding import legal_meals
from companion.tracker.ursuppe.state import AmoebaId, GameState, amoeba_ref, player_ref


def _option(name: str, default: bool) -> Msg:
    """An option and the reading the group chose, as words."""
    info = OPTION_INFO[name]
    chosen = info.default_source if default else info.alternative_source
    return msg("{option}: {choice}", option=Msg(info.label), choice=Msg(chosen))


def _amoebas_rule(state: GameState) -> Rule:
    """Where the number of amoebas per color is printed: 003 for 5-6 players."""
    return sources.PLACEMENT_5_6 if state.n_players >= 5 else sources.PLACEMENT


def no_such_amoeba(state: GameState, aid: AmoebaId) -> IllegalAction | None:
    """An amoeba number the game does not have, or a color with every amoeba on the board."""
    count = amoebas_per_color(state.n_players)
    if not 1 <= aid.number <= count:
        return IllegalAction(
            msg(
                "{player} has amoebas numbered 1 to {count} in a game of {n} players, not {number}",
                player=player_ref(state, aid.color),
                count=count,
                n=state.n_players,
                number=aid.number,
            ),
            _amoebas_rule(state),
        )
    if len(state.amoebas_of(aid.color)) >= count:
        return IllegalAction(
            msg(
                "all {count} amoebas of {player} are already on the board",
                count=count,
                player=player_ref(state, aid.color),
            ),
            _amoebas_rule(state),
        )
    return None


def divide(state: GameState, action: A.Divide) -> IllegalAction | None:
    """Why a division onto this space is refused: own amoeba there, or not orthogonally next."""
    color, space = action.amoeba.color, action.space
    who = player_ref(state, color)
    if space not in state.setup.board.spaces():
        return IllegalAction(
            msg("there is no space {space} on the soup", space=space), sources.PHASE_4
        )
    own = [a for a in state.amoebas_of(color)]
    if any(a.space == space for a in own):
        if len(own) == 1:
            text = msg(
                "space {space} holds {player}'s only amoeba; the second may go on any other space",
                space=space,
                player=who,
            )
        else:
            text = msg(
                "space {space} already holds an amoeba of {player}; a new amoeba goes on a "
                "space without one",
                space=space,
                player=who,
            )
        return IllegalAction(text, sources.PHASE_4)
    if state.player(color).has(SPORES) or len(own) <= 1:
        return None
    board = state.setup.board
    if not any(n in {a.space for a in own} for n in board.neighbours(space)):
        return IllegalAction(
            msg(
                "space {space} is not orthogonally next to an amoeba of {player} (diagonal "
                "spaces do not count; {gene} would allow any space)",
                space=space,
                player=who,
                gene=GENES_BY_KEY[SPORES].term,
            ),
            sources.PHASE_4,
        )
    return None


def free_amoeba(state: GameState, action: A.PlaceFreeAmoeba) -> IllegalAction:
    """Why a free amoeba is refused: the option is off, or amoebas are still on the board."""
    color = action.amoeba.color
    who = player_ref(state, color)
    if state.setup.options.zero_amoebas is ZeroAmoebas.NONE:
        return IllegalAction(
            msg(
                "no free amoeba in this game ({option}); new amoebas are bought by division",
                option=_option("zero_amoebas", False),
            ),
            sources.PHASE_4,
        )
    left = len(state.amoebas_of(color))
    if left:
        return IllegalAction(
            nmsg(
                "{player} still has {n} amoeba on the board: a free amoeba comes only with "
                "none left; new amoebas are bought by division",
                "{player} still has {n} amoebas on the board: a free amoeba comes only with "
                "none left; new amoebas are bought by division",
                left,
                player=who,
            ),
            sources.FREE_AMOEBA,
        )
    return IllegalAction(
        msg("{player} places one free amoeba, one only", player=who), sources.FREE_AMOEBA
    )


def meal_under_option(state: GameState, action: A.Feed) -> IllegalAction | None:
    """A Substitution meal that only the other 4-player option (3:1:0) would allow."""
    options = state.setup.options
    player = state.player(action.amoeba.color)
    if (
        state.n_players != 4
        or options.substitution_4p is not Substitution4p.EVEN_ONLY
        or not player.has(SUBSTITUTION)
    ):
        return None
    other = replace(options, substitution_4p=Substitution4p.BOTH)
    lenient = replace(state, setup=replace(state.setup, options=other))
    amoeba = state.amoeba(action.amoeba)
    if not any(m.cubes == action.cubes for m in legal_meals(lenient, amoeba)):
        return None
    return IllegalAction(
        msg(
            "{amoeba} may not eat {cubes}: with 4 players {gene} eats 2 cubes of 2 colors "
            "under this game's option ({option})",
            amoeba=amoeba_ref(state, action.amoeba),
            cubes=A.cubes_ref(action.cubes),
            gene=GENES_BY_KEY[SUBSTITUTION].term,
            option=_option("substitution_4p", False),
        ),
        sources.FEEDING_GENES_NOTE,
    )
