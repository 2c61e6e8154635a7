"""Mutation: the gene auction (002 §3.1 Mutazione).

Every player bids part of their reserve in a closed fist; the bids are revealed together
(sealed on the phones until all are in, or entered as the fists opened). Higher bids rank
higher; equal bids rank the player further back on the track higher. The best bidder must
take a face-up gene; later bidders may take one or pass; at most 3 genes a mutation (2 with 3
players). The price is the bid plus the genes already held, paid by taking that many own
Ichto off the board; a bidder who cannot pay drops out (the next moves up, and must buy if
the one who dropped had to). Afterwards 3 new genes are turned (2 with 3 players).
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import msg, nmsg
from companion.tracker.urland import board as geo
from companion.tracker.urland import cite
from companion.tracker.urland.actions import Bid, BuyGene, PassGene, PayIchto
from companion.tracker.urland.genes import gene_term
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import Auction, Step, UrlandState, add, player_ref, set_player
from companion.tracker.urland.words import area_ref, ichto, listed


def genes_per_mutation(n_players: int) -> int:
    """Genes a mutation may sell, and genes turned after it: 3, or 2 with 3 players."""
    return 2 if n_players == 3 else 3


def start(state: UrlandState, events: Events) -> UrlandState:
    """A mutation begins: everyone bids in secret."""
    state = replace(state, mutation_due=False, auction=Auction())
    if not state.face_up:
        say(
            events,
            "mutation",
            msg("A mutation, but no gene is face up: no auction."),
            cite.MUTATION,
        )
        return replace(state, step=Step.RESUME)
    say(
        events,
        "mutation",
        msg("Mutation! Everyone bids Ichto from their reserve in a closed fist."),
        cite.BIDS,
    )
    return replace(state, step=Step.BID)


def bidders_left(state: UrlandState) -> tuple[Color, ...]:
    """Players whose bid is not in yet."""
    done = {c for c, _ in state.auction.bids}
    return tuple(c for c in state.colors if c not in done)


def check_bid(state: UrlandState, action: Bid) -> None:
    """Raise IllegalAction unless the player has not bid and the reserve covers the bid."""
    if action.color not in bidders_left(state):
        raise IllegalAction(msg("each player bids once"), cite.BIDS)
    if not 0 <= action.n <= state.player(action.color).reserve:
        raise IllegalAction(msg("a bid is made from the reserve"), cite.BIDS)


def bid(state: UrlandState, action: Bid, events: Events) -> UrlandState:
    """A sealed bid; when all are in they are revealed and ranked."""
    bids = state.auction.bids + ((action.color, action.n),)
    state = replace(state, auction=replace(state.auction, bids=bids))
    say(events, "bid", msg("{who} has bid.", who=player_ref(state, action.color)), cite.BIDS)
    say(events, "bid", msg("Your bid: {ichto}.", ichto=ichto(action.n)), cite.BIDS, action.color)
    if bidders_left(state):
        return state
    amounts = dict(bids)
    ranking = tuple(sorted(state.colors, key=lambda c: (-amounts[c], state.player(c).marker)))
    shown = [msg("{who} {n}", who=player_ref(state, c), n=amounts[c]) for c in ranking]
    say(
        events,
        "bid",
        msg(
            "The fists open, best first (ties: further back on the track): {bids}.",
            bids=listed(shown),
        ),
        cite.BIDS,
    )
    state = replace(state, auction=replace(state.auction, ranking=ranking))
    return next_bidder(state, events)


def price(state: UrlandState, color: Color) -> int:
    """A bidder's price: the bid plus the genes already held (002 §3.1 Prezzo)."""
    return dict(state.auction.bids)[color] + len(state.player(color).genes)


def next_bidder(state: UrlandState, events: Events) -> UrlandState:
    """The bidder first in order chooses, unless the genes are all taken or none is face up
    (then new genes are turned); one who cannot pay the price drops out."""
    auction = state.auction
    while auction.ranking and auction.bought < genes_per_mutation(state.n) and state.face_up:
        color = auction.ranking[0]
        cost = price(state, color)
        if state.on_board(color) >= cost:
            return replace(state, auction=auction, step=Step.BUY)
        text = msg(
            "{who} cannot pay {n} (Ichto on the board: {have}) and drops out.",
            who=player_ref(state, color),
            n=cost,
            have=state.on_board(color),
        )
        say(events, "mutation", text, cite.PRICE)
        auction = replace(auction, ranking=auction.ranking[1:])
    state = replace(state, auction=Auction())
    return (
        replace(state, step=Step.TURN_GENES)
        if state.gene_deck
        else replace(state, step=Step.RESUME)
    )


def check_buy(state: UrlandState, action: BuyGene | PassGene) -> None:
    """Raise IllegalAction unless the gene is face up, or passing is allowed."""
    if isinstance(action, PassGene):
        if state.auction.must_buy:
            raise IllegalAction(msg("the best bidder must take a gene"), cite.CHOICE)
    elif action.gene not in state.face_up:
        raise IllegalAction(msg("that gene is not face up"), cite.CHOICE)


def buy(state: UrlandState, action: BuyGene | PassGene, events: Events) -> UrlandState:
    """The bidder takes a gene (then pays) or passes."""
    color = state.auction.ranking[0]
    who = player_ref(state, color)
    if isinstance(action, PassGene):
        say(events, "mutation", msg("{who} passes.", who=who), cite.MORE_GENES)
        return done_with(state, events)
    cost = price(state, color)
    player = state.player(color)
    state = set_player(state, color, genes=player.genes + (action.gene,))
    face_up = tuple(g for g in state.face_up if g != action.gene)
    auction = replace(state.auction, bought=state.auction.bought + 1, paying=cost)
    state = replace(state, face_up=face_up, auction=auction)
    text = msg(
        "{who} takes {gene} for {price} (bid {bid} + genes held {held}).",
        who=who,
        gene=gene_term(action.gene),
        price=ichto(cost),
        bid=dict(auction.bids)[color],
        held=len(player.genes),
    )
    say(events, "mutation", text, cite.PRICE)
    if cost:
        return replace(state, step=Step.PAY)
    return done_with(state, events)


def check_pay(state: UrlandState, action: PayIchto) -> None:
    """Raise IllegalAction unless the buyer has those Ichto there and still owes as many."""
    color = state.auction.ranking[0]
    live = geo.live_regions(state.merged) + geo.OCEANS
    if action.area not in live or not 1 <= action.n <= state.count(action.area, color):
        raise IllegalAction(msg("the price is paid with your Ichto on the board"), cite.PRICE)
    if action.n > state.auction.paying:
        raise IllegalAction(
            nmsg("you owe {n} more Ichto", "you owe {n} more Ichto", state.auction.paying),
            cite.PRICE,
        )


def pay(state: UrlandState, action: PayIchto, events: Events) -> UrlandState:
    """Ichto off the board into the reserve, towards the price."""
    color = state.auction.ranking[0]
    state = add(state, action.area, color, -action.n)
    paying = state.auction.paying - action.n
    state = replace(state, auction=replace(state.auction, paying=paying))
    say(
        events,
        "mutation",
        msg(
            "{who} pays {ichto} from {area}.",
            who=player_ref(state, color),
            ichto=ichto(action.n),
            area=area_ref(action.area),
        ),
        cite.PRICE,
    )
    return state if paying else done_with(state, events)


def done_with(state: UrlandState, events: Events) -> UrlandState:
    """The bidder in turn is done (bought and paid, or passed): the next bidder chooses."""
    auction = replace(state.auction, ranking=state.auction.ranking[1:], must_buy=False, paying=0)
    return next_bidder(replace(state, auction=auction), events)


def turn_count(state: UrlandState) -> int:
    """Genes to turn face up now: 4 (3 with 3 players) at setup, else 3 (2), as the deck allows."""
    want = (3 if state.n == 3 else 4) if state.turn == 0 else genes_per_mutation(state.n)
    return min(want, len(state.gene_deck))
