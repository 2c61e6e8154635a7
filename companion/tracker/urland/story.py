"""The story of an Urland game, as everyone may see it: the record replayed turn by turn
(each player's track position), the Ichto in each region at every volcano scoring, the bids
of each mutation once the fists opened, the genes bought, and the decisive moments.

Only what lies open is read: a sealed bid enters the story when the last bid is in and all
are revealed together (002 §3.1); the tokens in hand and the kept token are never read.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.tracker import track
from companion.tracker.colors import Color
from companion.tracker.moments import Moment, bigger_advance
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.urland import actions as A
from companion.tracker.urland import board as geo
from companion.tracker.urland.genes import gene_term
from companion.tracker.urland.state import Step, UrlandState, player_ref
from companion.tracker.urland.words import area_ref


@dataclass(frozen=True)
class Scoring:
    """A volcano scoring: the epoch, the region scored, each live region's Ichto per color."""

    epoch: int
    seq: int
    scored: str
    regions: tuple[tuple[str, tuple[int, ...]], ...]  # (region, Ichto per seat color)


@dataclass(frozen=True)
class Mutation:
    """A mutation's bids, revealed together, and the genes bought (gene, buyer, price)."""

    epoch: int
    seq: int
    bids: tuple[tuple[Color, int], ...]
    bought: tuple[tuple[Color, str, int, int, int], ...]  # (buyer, gene, price, seq, turn)


@dataclass(frozen=True)
class Story:
    """An Urland game's story so far (or whole, once `over`)."""

    colors: tuple[Color, ...]
    turns: tuple[int, ...]
    track: dict[Color, tuple[int, ...]]
    scorings: tuple[Scoring, ...]
    mutations: tuple[Mutation, ...]
    moments: tuple[Moment, ...]
    ranking: tuple[Color, ...]
    over: bool


def story(start: UrlandState, steps: Iterable[tuple[int, Any, UrlandState]]) -> Story:
    """The story of the entries in force: `steps` are (seq, entry, state after), oldest first."""
    last: dict[int, UrlandState] = {}
    scorings: list[Scoring] = []
    mutations: list[Mutation] = []
    moments: list[Moment] = []
    best: tuple[int, Moment] | None = None
    leader: Color | None = None
    before = start
    for seq, entry, after in steps:
        if after.turn >= 1:
            last[after.turn] = after
        if isinstance(entry, A.ScoreVolcano):
            scorings.append(_scoring(before, seq, entry.region))
        if isinstance(entry, A.Bid) and after.step is not Step.BID:
            bids = before.auction.bids + ((entry.color, entry.n),)  # revealed together
            mutations.append(Mutation(before.epoch, seq, bids, ()))
        if isinstance(entry, A.BuyGene) and mutations:
            color = before.auction.ranking[0]
            price = dict(before.auction.bids).get(color, 0) + len(before.player(color).genes)
            m = mutations[-1]
            bought = (*m.bought, (color, entry.gene, price, seq, before.turn))
            mutations[-1] = Mutation(m.epoch, m.seq, m.bids, bought)
        moves = [(a.color, a.marker - b.marker) for b, a in zip(before.players, after.players)]
        if found := bigger_advance(best, moves):
            color, gained = found
            text = nmsg(
                "Turn {turn}: the biggest single advance, {who} moves {n} space on the track.",
                "Turn {turn}: the biggest single advance, {who} moves {n} spaces on the track.",
                gained,
                turn=after.turn,
                who=player_ref(after, color),
            )
            best = (gained, Moment(seq, after.turn, text))
        top = max(p.marker for p in after.players)
        leaders = [p.color for p in after.players if p.marker == top]
        if top and len(leaders) == 1 and leaders[0] != leader:
            if leader is not None:
                text = msg(
                    "Turn {turn}: {who} takes the lead on the track (space {space}).",
                    turn=after.turn,
                    who=player_ref(after, leaders[0]),
                    space=top,
                )
                moments.append(Moment(seq, after.turn, text))
            leader = leaders[0]
        before = after
    if best is not None:
        moments.append(best[1])
    over = before.step is Step.OVER
    ranking = tuple(track.leader_first(before.markers()))
    if over:
        moments.extend(_winners_gene(before, ranking[0], mutations))
    turns = tuple(sorted(last))
    return Story(
        colors=before.colors,
        turns=turns,
        track={c: tuple(last[t].player(c).marker for t in turns) for c in before.colors},
        scorings=tuple(scorings),
        mutations=tuple(mutations),
        moments=tuple(sorted(moments, key=lambda m: m.seq)),
        ranking=ranking,
        over=over,
    )


def _scoring(state: UrlandState, seq: int, region: str) -> Scoring:
    regions = tuple(
        (r, tuple(state.count(r, c) for c in state.colors)) for r in geo.live_regions(state.merged)
    )
    return Scoring(state.epoch, seq, region, regions)


def _winners_gene(state: UrlandState, winner: Color, mutations: list[Mutation]) -> list[Moment]:
    """The winner's dearest gene: the mutation that cost them most."""
    bought = [b for m in mutations for b in m.bought if b[0] == winner]
    if not bought:
        return []
    color, gene, price, seq, turn = max(bought, key=lambda b: (b[2], -b[3]))
    text = msg(
        "Turn {turn}: {who} takes {gene} for {price} Ichto, the winner's dearest gene.",
        turn=turn,
        who=player_ref(state, color),
        gene=gene_term(gene),
        price=price,
    )
    return [Moment(seq, turn, text)]


def region_ref(region: str) -> Msg:
    """A region as players call it (for the shell's tables)."""
    return area_ref(region)
