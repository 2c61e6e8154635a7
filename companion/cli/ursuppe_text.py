"""A readable text view of a game state, for the terminal (`companion replay`).

Every line is a message (`tracker/msg.py`) rendered with the translator given, English by
default; names, glyphs and numbers are shown as they are.
"""

from __future__ import annotations

from companion.tracker.colors import SHAPES, color_term
from companion.tracker.msg import ENGLISH, Msg, Param, Seq, Translator, msg, nmsg
from companion.tracker.msg import render as said
from companion.tracker.ursuppe import prompt
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.rules import movement as moves
from companion.tracker.ursuppe.rules import scoring
from companion.tracker.ursuppe.rules.deaths import dp_limit
from companion.tracker.ursuppe.rules.defects import mp_sum
from companion.tracker.ursuppe.rules.people import TwoPlayers, ranking
from companion.tracker.ursuppe.state import PHASE_TITLES, GameState, Phase, amoeba_ref, player_ref
from companion.tracker.ursuppe.views.labels import bp


def render(state: GameState, tr: Translator = ENGLISH) -> str:
    """The final (or current) state as text: standings, players, soup, supply, what is awaited."""

    def say(message: Param) -> str:
        return said(message, tr)

    title = PHASE_TITLES[state.phase]
    heading = msg("Round {round}, {phase}", round=state.round, phase=title)
    lines: list[str] = [say(heading if state.round else title)]
    card = state.current_card()
    if card:
        lines.append(say(_card_line(state)))
    lines.append("")
    if state.phase is Phase.OVER:
        heading = msg(
            "Final standings (end zone from space {space}):", space=state.setup.end_zone_start
        )
    else:
        heading = msg("Ladder (end zone from space {space}):", space=state.setup.end_zone_start)
    lines.append(say(heading))
    ranked = sorted(state.players, key=lambda p: p.marker, reverse=True)
    for place, p in enumerate(ranked, 1):
        where = say(msg("space {space}", space=f"{p.marker:>2}"))
        lines.append(f"  {place}. {say(player_ref(state, p.color)):<24} {where}")
    if state.phase is Phase.OVER and state.setup.two_players is not TwoPlayers.NONE:
        # 000 §Ursuppe para 2 jugadores: persons rank (double play I: by the worse color).
        lines.append(say(msg("Ranking by person")) + ":")
        for place, entry in enumerate(ranking(state), 1):
            lines.append("  " + say(scoring.ranked_place(state, place, entry)))
    lines.append("")
    lines.append(say(msg("Players:")))
    for p in state.players:
        lines.append("  " + say(_player_line(state, p.color)))
        amoebas = state.amoebas_of(p.color)
        if amoebas:
            limit = dp_limit(state, p.color)
            listed = Seq(
                tuple(
                    msg(
                        "#{number} on {space} ({dp}/{limit} DP)",
                        number=a.number,
                        space=a.space,
                        dp=a.dp,
                        limit=limit,
                    )
                    for a in amoebas
                ),
                ", ",
            )
            lines.append("    " + say(msg("amoebas: {amoebas}", amoebas=listed)))
        else:
            lines.append("    " + say(msg("amoebas: none on the board")))
    lines.append("")
    lines.append(say(msg("Soup (cubes per color; amoebas):")))
    header = " ".join(f"{SHAPES[c].glyph + say(color_term(c))[:3]:>5}" for c in state.colors)
    # TRANSLATORS: the soup table's heading: the space column, one column per color, then
    # the amoebas on the space (keep "space" short: it heads a column 5 characters wide).
    lines.append("  " + say(msg("space {colors}   amoebas", colors=header)))
    for space in state.setup.board.spaces():
        cubes = " ".join(f"{n:>5}" for n in state.cubes_on(space))
        here = say(Seq(tuple(amoeba_ref(state, a.id) for a in state.amoebas_on(space)), ", "))
        tokens = state.toxic_on(space)  # Toxic Excretions' DP lying on the space
        if tokens:
            lying = say(nmsg("{n} toxic DP token", "{n} toxic DP tokens", tokens))
            here = f"{here}; {lying}" if here else lying
        lines.append(f"  {space:>5} {cubes}   {here}")
    supply = " ".join(f"{state.supply(c):>5}" for c in state.colors)
    # TRANSLATORS: the soup table's last row: the cubes still in the supply ("suppl" is
    # "supply" cut to the 5 characters of the column).
    lines.append("  " + say(msg("suppl {counts}", counts=supply)))
    lines.append("")
    lines.append(say(msg("Awaiting: {prompt}", prompt=prompt(state).msg)))
    return "\n".join(lines)


def _card_line(state: GameState) -> Param:
    """The face-up environment card, and how many are left."""
    card = state.current_card()
    left = len(state.remaining_cards())
    if card.drift:
        line: Msg = nmsg(
            "Environment card {card}: drift {direction}, ozone {ozone}; {n} card left",
            "Environment card {card}: drift {direction}, ozone {ozone}; {n} cards left",
            left,
            card=card.id,
            direction=moves.direction_text(card.drift.value),
            ozone=card.ozone,
        )
    else:
        line = nmsg(
            "Environment card {card}: no drift, ozone {ozone}; {n} card left",
            "Environment card {card}: no drift, ozone {ozone}; {n} cards left",
            left,
            card=card.id,
            ozone=card.ozone,
        )
    if state.setup.deck_is_placeholder:
        return Seq((line, msg("(placeholder deck)")))
    return line


def _player_line(state: GameState, color) -> Msg:
    """A player's BP, MP, advance now and genes."""
    player = state.player(color)
    total, _, _ = scoring.advance(state, color)
    terms = tuple(GENES_BY_KEY[k].term for k in player.gene_keys)
    return msg(
        "{player}: {bp}, {mp}, advance now {advance}; genes: {genes}",
        player=player_ref(state, color),
        bp=bp(player.bp),
        mp=nmsg("{n} MP", "{n} MP", mp_sum(state, color)),
        advance=total,
        genes=Seq(terms, ", ") if terms else msg("no genes"),
    )
