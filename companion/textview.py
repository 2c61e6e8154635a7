"""A readable text view of a game state, for the terminal (`companion replay`)."""

from __future__ import annotations

from companion.tracker import prompt, scoring
from companion.tracker.data import GENES_BY_KEY, SHAPES
from companion.tracker.deaths import dp_limit
from companion.tracker.defects import mp_sum
from companion.tracker.state import PHASE_TITLES, GameState, Phase, amoeba_label, player_label


def render(state: GameState) -> str:
    """The final (or current) state as text: standings, players, soup, supply, what is awaited."""
    lines: list[str] = []
    title = PHASE_TITLES[state.phase]
    lines.append(f"Round {state.round}, {title}" if state.round else title)
    card = state.current_card()
    if card:
        drift = card.drift.value if card.drift else "no drift"
        note = " (placeholder deck)" if state.setup.deck_is_placeholder else ""
        lines.append(
            f"Environment card {card.id}: drift {drift}, ozone {card.ozone}; "
            f"{len(state.remaining_cards())} card(s) left{note}"
        )
    lines.append("")
    heading = "Final standings" if state.phase is Phase.OVER else "Ladder"
    lines.append(f"{heading} (end zone from space {state.setup.end_zone_start}):")
    ranked = sorted(state.players, key=lambda p: p.marker, reverse=True)
    for place, p in enumerate(ranked, 1):
        lines.append(f"  {place}. {player_label(state, p.color):<24} space {p.marker:>2}")
    lines.append("")
    lines.append("Players:")
    for p in state.players:
        genes = ", ".join(GENES_BY_KEY[k].name for k in p.gene_keys) or "no genes"
        total, _, _ = scoring.advance(state, p.color)
        lines.append(
            f"  {player_label(state, p.color)}: {p.bp} BP, {mp_sum(state, p.color)} MP, "
            f"advance now {total}; genes: {genes}"
        )
        amoebas = state.amoebas_of(p.color)
        if amoebas:
            limit = dp_limit(state, p.color)
            listed = ", ".join(f"#{a.number} on {a.space} ({a.dp}/{limit} DP)" for a in amoebas)
            lines.append(f"    amoebas: {listed}")
        else:
            lines.append("    amoebas: none on the board")
    lines.append("")
    lines.append("Soup (cubes per color; amoebas):")
    header = " ".join(f"{SHAPES[c].glyph + c.value[:3]:>5}" for c in state.colors)
    lines.append(f"  space {header}   amoebas")
    for space in state.setup.board.spaces():
        cubes = " ".join(f"{n:>5}" for n in state.cubes_on(space))
        here = ", ".join(amoeba_label(state, a.id) for a in state.amoebas_on(space))
        lines.append(f"  {space:>5} {cubes}   {here}")
    supply = " ".join(f"{state.supply(c):>5}" for c in state.colors)
    lines.append(f"  suppl {supply}")
    lines.append("")
    lines.append(f"Awaiting: {prompt(state).text}")
    return "\n".join(lines)
