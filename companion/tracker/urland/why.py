"""Why this number, for Urland: the derivation of each number the console and the phones
show, computed with the same functions that play the game (`scoring.outcome`,
`end.final_points`, `auction.price`), each with its inputs, its rule and the book's section.

A region's scoring (what it would give now, or gave at a moment of the history), the final
scorings, when the next mutation comes, a bidder's price, the auction's order and what ends
the game. Pure: the state in, messages out. Only public facts enter: an auction's order is
explained once the fists are open, never a sealed bid.
"""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.derivation import Derivation
from companion.tracker.msg import Param, msg
from companion.tracker.urland import auction, cite, end
from companion.tracker.urland import board as geo
from companion.tracker.urland.board import GOAL, MUTATION_SPACES
from companion.tracker.urland.scoring import region_scoring
from companion.tracker.urland.state import Step, UrlandState, player_ref
from companion.tracker.urland.words import listed


def _names(state: UrlandState, colors) -> Param:
    parts = [player_ref(state, c) for c in colors]
    return listed(parts) if parts else msg("nobody")


def final_scorings(state: UrlandState) -> Derivation:
    """The two final scorings (total Ichto on the board, Ichto on land), as they stand."""
    total, land = end.final_points(state)
    live = geo.live_regions(state.merged)
    inputs = tuple(
        msg(
            "{who}: {board} on the board, {land} on land",
            who=player_ref(state, c),
            board=state.on_board(c),
            land=sum(state.count(r, c) for r in live),
        )
        for c in state.colors
    )
    if len(total) == 1:
        (alone,) = total
        inputs += (msg("{who} alone took the 3 points", who=player_ref(state, alone)),)
    said = [msg("{who} {n}", who=player_ref(state, c), n=n) for c, n in total.items()]
    said += [msg("{who} {n}", who=player_ref(state, c), n=n) for c, n in land.items()]
    rule = msg(
        "most Ichto on the board: 3 points, most on land: 2, shared among the tied and rounded "
        "down; a player who alone took the 3 does not take part on land; Muscles do not count"
    )
    what = msg("Final scorings now: {points}", points=listed(said) if said else msg("nobody"))
    return Derivation(what, inputs, rule, (), cite.FINAL)


def mutation(state: UrlandState, color: Color) -> Derivation:
    """When this player's marker calls the next mutation."""
    marker = state.player(color).marker
    left = [s for s in MUTATION_SPACES if s not in state.spaces_called]
    inputs = (
        msg("{who}'s marker: space {n}", who=player_ref(state, color), n=marker),
        msg("mutation spaces: {spaces}", spaces=listed(list(MUTATION_SPACES))),
        msg(
            "already called: {spaces}",
            spaces=listed(list(state.spaces_called)) if state.spaces_called else msg("none"),
        ),
    )
    if not left:
        what = msg("No mutation space is left")
    elif state.mutation_due:
        what = msg("A mutation is due after this scoring")
    else:
        what = msg(
            "{who} calls a mutation on reaching space {space} ({n} to go)",
            who=player_ref(state, color),
            space=left[0],
            n=max(left[0] - marker, 0),
        )
    rule = msg(
        "a marker reaching or passing a mutation space first calls a mutation after the "
        "scoring; each space calls one, once"
    )
    return Derivation(what, inputs, rule, (), cite.MUTATION_DUE)


def price(state: UrlandState, color: Color) -> Derivation:
    """A bidder's price for a gene now: the bid plus the genes already held."""
    held = len(state.player(color).genes)
    bids = dict(state.auction.bids)
    revealed = bool(state.auction.ranking) or state.step in (Step.BUY, Step.PAY)
    if revealed and color in bids:
        what = msg("{who} pays {n} for a gene", who=player_ref(state, color), n=bids[color] + held)
        inputs = (msg("bid: {n}", n=bids[color]), msg("genes held: {n}", n=held))
    else:
        what = msg(
            "{who} would pay their bid + {n} for a gene", who=player_ref(state, color), n=held
        )
        inputs = (msg("genes held: {n}", n=held),)
    rule = msg(
        "the price is the bid plus the genes already held, paid by taking that many of one's "
        "own Ichto off the board into the reserve"
    )
    return Derivation(what, inputs, rule, (), cite.PRICE)


def auction_order(state: UrlandState) -> Derivation | None:
    """The bidders' order once the fists are open (None before: the bids are sealed)."""
    ranking = state.auction.ranking
    if not ranking:
        return None
    bids = dict(state.auction.bids)
    inputs = tuple(
        msg(
            "{who}: bid {n}, marker on space {space}",
            who=player_ref(state, c),
            n=bids.get(c, 0),
            space=state.player(c).marker,
        )
        for c in ranking
    )
    what = msg("Bidders in order: {who}", who=_names(state, ranking))
    rule = msg(
        "the higher bid chooses first; on equal bids, the player further back on the track; "
        "the first must take a gene, the others may pass, up to {n} genes",
        n=auction.genes_per_mutation(state.n),
    )
    return Derivation(what, inputs, rule, (), cite.BIDS)


def game_end(state: UrlandState) -> Derivation:
    """What ends the game and how near it is: a marker at 30, or the seventh volcano tile."""
    leader = max(state.players, key=lambda p: p.marker)
    inputs = (
        msg(
            "furthest ahead: {who} on space {n}",
            who=player_ref(state, leader.color),
            n=leader.marker,
        ),
        msg("volcano tiles left: {n}", n=state.tiles_left),
        msg("epoch {n}", n=state.epoch),
        msg("the seventh volcano tile also ends the game"),
    )
    if state.step is Step.OVER:
        what = msg("The game is over")
    elif state.ending:
        what = msg("The game ends after this scoring")
    else:
        what = msg("The game goes on: no marker has reached space {goal}", goal=GOAL)
    rule = msg(
        "when a marker reaches or passes {goal}, the scoring in progress is finished, then the "
        "two final scorings; the marker furthest ahead wins",
        goal=GOAL,
    )
    return Derivation(what, inputs, rule, (), cite.END)


def console(state: UrlandState) -> dict[str, object]:
    """Every derivation the console's panel shows: the regions' scorings as they stand, the
    final scorings, each player's mutation and price, the auction's order, the end."""
    regions = [r for r in geo.live_regions(state.merged) if state.total(r)]
    in_auction = state.step in (Step.BID, Step.BUY, Step.PAY)
    return {
        "regions": [region_scoring(state, r) for r in regions],
        "final": final_scorings(state),
        "mutations": [mutation(state, c) for c in state.colors],
        "prices": [price(state, c) for c in state.colors] if in_auction else [],
        "order": auction_order(state),
        "end": game_end(state),
    }


def seat(state: UrlandState, color: Color) -> list[Derivation]:
    """The derivations a phone shows its player: their next mutation, their price (in an
    auction), the auction's order once open, the final scorings as they stand, the end."""
    found = [mutation(state, color)]
    if state.step in (Step.BID, Step.BUY, Step.PAY):
        found.append(price(state, color))
    order = auction_order(state)
    if order is not None:
        found.append(order)
    return found + [final_scorings(state), game_end(state)]
