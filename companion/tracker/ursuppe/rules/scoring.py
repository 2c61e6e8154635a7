"""Phase 6 scoring: the advance tables and the ladder (000 §Fase 6; 001 §Fase 6; 003).

Advance = amoeba table + gene table; advanced genes count 2 cards, Ray Protection 0. The
marker moves that many FREE spaces: occupied spaces are skipped (001 §Fase 6: a marker
advancing 7 reaches 25 after jumping occupied spaces). A marker that would pass the last
space stops on the furthest free space (RULES §Decisions). The ladder itself is the score
track both games share (`track.move_marker`).
"""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, Param, Seq, msg, nmsg
from companion.tracker.ursuppe.data import (
    AMOEBA_ADVANCE_3_4,
    AMOEBA_ADVANCE_5_6,
    AMOEBA_ADVANCE_5_6_ALT,
    GENE_ADVANCE,
    GENE_ADVANCE_ALT,
    GENES_BY_KEY,
)
from companion.tracker.ursuppe.options import AmoebaAdvance56, GeneAdvanceTable
from companion.tracker.ursuppe.rules.people import Place, person_of, ranking, scored_together
from companion.tracker.ursuppe.state import GameState, person_ref, player_ref
from companion.tracker.ursuppe.views.phrases import and_list, comma_list


def _lookup(table: tuple[int, ...], count: int) -> int:
    return table[min(count, len(table) - 1)]


def amoeba_table(state: GameState) -> tuple[int, ...]:
    """The amoeba advance table for this game (player count and option)."""
    if state.n_players <= 4:
        return AMOEBA_ADVANCE_3_4
    if state.setup.options.amoeba_advance_5_6 is AmoebaAdvance56.ITALIAN:
        return AMOEBA_ADVANCE_5_6_ALT
    return AMOEBA_ADVANCE_5_6


def gene_table(state: GameState) -> tuple[int, ...]:
    """The gene advance table for this game (option)."""
    if state.setup.options.gene_advance_table is GeneAdvanceTable.ITALIAN_MAIN_TEXT:
        return GENE_ADVANCE_ALT
    return GENE_ADVANCE


def gene_cards(state: GameState, color: Color) -> int:
    """Gene cards counted for scoring: advanced 2, Ray Protection 0."""
    return sum(GENES_BY_KEY[k].cards_for_scoring() for k in state.player(color).gene_keys)


def advance(state: GameState, color: Color) -> tuple[int, int, int]:
    """(total, from amoebas, from genes) this color would advance now."""
    together = scored_together(state.setup, color)  # double play II: both colors' tables
    from_amoebas = sum(_lookup(amoeba_table(state), len(state.amoebas_of(c))) for c in together)
    from_genes = _lookup(gene_table(state), gene_cards(state, color))
    return from_amoebas + from_genes, from_amoebas, from_genes


def advance_message(
    state: GameState, color: Color, start: int, end: int, skipped: tuple[int, ...]
) -> Msg:
    """A marker's advance explained: the two tables, the free spaces, the skipped ones."""
    total, from_amoebas, from_genes = advance(state, color)
    params: dict[str, Param] = {
        "who": player_ref(state, color),
        "amoebas": Seq(
            tuple(
                nmsg(
                    "{n} amoeba advances {advance}",
                    "{n} amoebas advance {advance}",
                    len(state.amoebas_of(c)),
                    advance=_lookup(amoeba_table(state), len(state.amoebas_of(c))),
                )
                for c in scored_together(state.setup, color)  # both colors in double play II
            ),
            ", ",
        ),
        "genes": nmsg(
            "{n} gene card advances {advance}",
            "{n} gene cards advance {advance}",
            gene_cards(state, color),
            advance=from_genes,
        ),
        "spaces": nmsg("{n} free space", "{n} free spaces", total),
        "start": start,
        "end": end,
    }
    at_end = end - start - len(skipped) < total
    if not skipped:
        if at_end:
            return msg(
                "{who}: {amoebas}, {genes}: {spaces}, from {start} to {end} "
                "(the end of the ladder).",
                **params,
            )
        return msg("{who}: {amoebas}, {genes}: {spaces}, from {start} to {end}.", **params)
    params["skipped"] = comma_list(skipped)
    if at_end:
        # TRANSLATORS: {skipped} lists the occupied ladder spaces jumped over; {n} is how
        # many there are (it chooses the plural form and need not be shown).
        return nmsg(
            "{who}: {amoebas}, {genes}: {spaces}, from {start} to {end}, skipping occupied "
            "{skipped} (the end of the ladder).",
            "{who}: {amoebas}, {genes}: {spaces}, from {start} to {end}, skipping occupied "
            "{skipped} (the end of the ladder).",
            len(skipped),
            **params,
        )
    # TRANSLATORS: {skipped} lists the occupied ladder spaces jumped over; {n} is how many
    # there are (it chooses the plural form and need not be shown).
    return nmsg(
        "{who}: {amoebas}, {genes}: {spaces}, from {start} to {end}, skipping occupied {skipped}.",
        "{who}: {amoebas}, {genes}: {spaces}, from {start} to {end}, skipping occupied {skipped}.",
        len(skipped),
        **params,
    )


def ranked_place(state: GameState, place: int, entry: Place) -> Msg:
    """A place in the final ranking of persons, in words (with both markers in double play I)."""
    if len(entry.markers) > 1:
        # TRANSLATORS: a place in the final ranking of double play I, where a person ranks
        # by the worse of their two colors: "1. Ana ● red + ▲ yellow (31; markers 31 and 38)".
        return msg(
            "{place}. {who} ({marker}; markers {markers})",
            place=place,
            who=person_ref(state, entry.person),
            marker=entry.result,
            markers=and_list(list(entry.markers)),
        )
    # TRANSLATORS: a place in the final ranking: "1. Ben ▲ yellow (42)".
    return msg(
        "{place}. {who} ({marker})",
        place=place,
        who=person_ref(state, entry.person),
        marker=entry.result,
    )


def end_message(state: GameState, in_zone: tuple[Color, ...]) -> Msg:
    """The end of the game explained: why (who reached the end zone), ranking, winner."""
    zone = state.setup.end_zone_start
    ranked = ranking(state)
    places = Seq(tuple(ranked_place(state, i, p) for i, p in enumerate(ranked, 1)), "; ")
    winner = person_ref(state, ranked[0].person)
    in_zone = tuple(dict.fromkeys(person_of(state.setup, c) for c in in_zone))
    if in_zone:
        # TRANSLATORS: {players} lists who reached the end zone; {n} is how many (it
        # chooses the plural form and need not be shown).
        return nmsg(
            "The game ends: {players} reached the end zone (space {zone}+). {ranking}. "
            "{winner} wins.",
            "The game ends: {players} reached the end zone (space {zone}+). {ranking}. "
            "{winner} wins.",
            len(in_zone),
            players=and_list([person_ref(state, p) for p in in_zone]),
            zone=zone,
            ranking=places,
            winner=winner,
        )
    return msg(
        "The game ends: the last environment card was turned this round. {ranking}. {winner} wins.",
        ranking=places,
        winner=winner,
    )
