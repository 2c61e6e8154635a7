"""Setting up Urland (002 §1 Preparazione), 3 to 5 players.

Each player puts 3 Ichto in each of the 5 oceans and takes double-turn tokens. A first
token is drawn: its volcano erupts (the token leaves the game). The other tokens are dealt, 2
each (3 with 3 players); each player puts Ichto in the regions named (1 each by default, a
companion reading; 3 as the text says, an option). The holder of the highest number starts
on track space 1, the others take 2, 3, ... counterclockwise (to the starting player's
right). Each passes one token to each neighbour (with 3 players one stays) and puts 1 Ichto
in each region received. Then 4 genes are turned (3 with 3 players, Stinkglands and Muscles
removed), and the starting player draws 3 tokens before the Panic token is shuffled in.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.citations import UrlandBook
from companion.tracker.errors import IllegalAction, InvalidAction
from companion.tracker.msg import msg
from companion.tracker.text import check_text
from companion.tracker.urland import auction, cite, roles, tokens, volcanoes
from companion.tracker.urland.actions import DealRegions, DrawToken, TurnGenes
from companion.tracker.urland.board import AREAS, OCEANS, VOLCANO_TILES
from companion.tracker.urland.genes import gene_deck, gene_term
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import (
    ICHTO_PER_OCEAN,
    ICHTO_PER_PLAYER,
    Player,
    Step,
    UrlandSetup,
    UrlandState,
    add,
    player_ref,
    region_home,
    set_player,
)
from companion.tracker.urland.words import area_ref, listed, token_ref


def validate(setup: UrlandSetup) -> None:
    """Raise InvalidAction if the setup cannot start a game."""
    n = len(setup.seats)
    if not 3 <= n <= 5:
        raise InvalidAction(msg("Urland is played by 3 to 5 players, not {n}", n=n))
    if len({s.color for s in setup.seats}) != n:
        raise InvalidAction(msg("every player needs a different color"))
    for i, seat in enumerate(setup.seats, 1):
        check_text(seat.name, msg("the name of player {n}", n=i))
    names = [s.name.strip() for s in setup.seats]
    if any(not name or len(name) > 40 for name in names) or len(set(names)) != n:
        raise InvalidAction(msg("every player needs a different name of 1 to 40 characters"))
    problem = setup.board.problem()
    if problem:
        raise InvalidAction(problem)
    if setup.options.ichto_per_dealt_region not in (1, 3):
        raise InvalidAction(msg("1 or 3 Ichto go to each region of a dealt token"))
    if setup.rulebook not in tuple(UrlandBook):
        raise InvalidAction(msg("that is not an Urland rulebook"))


def new_game(setup: UrlandSetup, events: Events) -> UrlandState:
    """A new game: Ichto in the oceans, awaiting the first volcano's token."""
    validate(setup)
    n = len(setup.seats)
    players = tuple(
        Player(color=s.color, reserve=ICHTO_PER_PLAYER - 1, double_turns=roles.double_turns(n))
        for s in setup.seats
    )
    state = UrlandState(
        setup=setup,
        step=Step.FIRST_VOLCANO,
        counts=tuple((0,) * n for _ in AREAS),
        players=players,
        hands=((),) * n,
        gene_deck=gene_deck(n),
        tiles_left=VOLCANO_TILES,
    )
    for color in state.colors:
        for ocean in OCEANS:
            state = add(state, ocean, color, ICHTO_PER_OCEAN)
    say(
        events,
        "setup",
        msg("Every player puts 3 Ichto in each of the 5 oceans; one more is their score marker."),
        cite.SETUP,
    )
    return state


def check_first_volcano(state: UrlandState, action: DrawToken) -> None:
    """Raise IllegalAction unless the token is a region token."""
    if not 1 <= action.token <= 12:
        raise IllegalAction(msg("the first volcano's token is a region token"), cite.FIRST_VOLCANO)


def first_volcano(state: UrlandState, action: DrawToken, events: Events) -> UrlandState:
    """The first token drawn: a volcano erupts there; the token leaves the game."""
    say(
        events,
        "setup",
        msg("Drawn for the first volcano: {token}.", token=token_ref(action.token)),
        cite.FIRST_VOLCANO,
    )
    state = volcanoes.erupt(state, str(action.token), events, cite.FIRST_VOLCANO)
    return replace(state, step=Step.DEAL)


def hand_size(n_players: int) -> int:
    """Region tokens dealt to each player: 2, or 3 with 3 players."""
    return 3 if n_players == 3 else 2


def check_deal(state: UrlandState, action: DealRegions) -> None:
    """Raise IllegalAction unless each player is dealt the right number of distinct tokens."""
    dealt = [t for h in action.hands for t in h]
    size = hand_size(state.n)
    if len(action.hands) != state.n or any(len(h) != size for h in action.hands):
        raise IllegalAction(msg("each player is dealt {n} region tokens", n=size), cite.DEAL)
    if len(set(dealt)) != len(dealt) or set(dealt) - set(tokens.in_play(state)):
        raise IllegalAction(msg("the tokens dealt are different tokens still in play"), cite.DEAL)


def deal(state: UrlandState, action: DealRegions, events: Events) -> UrlandState:
    """Tokens dealt and passed: Ichto placed, the starting player and the track set."""
    per = state.setup.options.ichto_per_dealt_region
    source = cite.DEAL if per == 3 else cite.PLACEMENT
    for color, hand in zip(state.colors, action.hands, strict=True):
        for token in hand:
            state = add(state, region_home(state, token), color, per)
        say(
            events,
            "setup",
            msg(
                "{who} is dealt {tokens}: Ichto there.",
                who=player_ref(state, color),
                tokens=listed([token_ref(t) for t in hand]),
            ),
            source,
        )
    start = max(range(state.n), key=lambda i: max(action.hands[i]))
    for place in range(state.n):
        color = state.colors[(start - place) % state.n]
        state = set_player(state, color, marker=place + 1)
    text = msg(
        "{who} holds the highest region number and starts: track space 1; the others "
        "follow counterclockwise.",
        who=player_ref(state, state.colors[start]),
    )
    say(events, "setup", text, cite.DEAL)
    for i, hand in enumerate(action.hands):
        left, right = state.colors[(i + 1) % state.n], state.colors[(i - 1) % state.n]
        for token, to in ((hand[0], left), (hand[1], right)):
            state = add(state, region_home(state, token), to, 1)
            text = msg(
                "{who} receives {token} and puts an Ichto in {region}.",
                who=player_ref(state, to),
                token=token_ref(token),
                region=area_ref(region_home(state, token)),
            )
            say(events, "setup", text, cite.DEAL)
    return replace(state, env=start, step=Step.TURN_GENES)


def check_genes(state: UrlandState, action: TurnGenes) -> None:
    """Raise IllegalAction unless the genes are different, in the deck, as many as due."""
    source = cite.FIRST_GENES if state.turn == 0 else cite.NEW_GENES
    want = auction.turn_count(state)
    genes = action.genes
    if len(set(genes)) != len(genes) or set(genes) - set(state.gene_deck) or len(genes) != want:
        raise IllegalAction(msg("{n} different genes from the deck are turned", n=want), source)


def turn_genes(state: UrlandState, action: TurnGenes, events: Events) -> UrlandState:
    """Genes turned face up."""
    source = cite.FIRST_GENES if state.turn == 0 else cite.NEW_GENES
    deck = tuple(g for g in state.gene_deck if g not in action.genes)
    state = replace(state, face_up=state.face_up + action.genes, gene_deck=deck, step=Step.RESUME)
    say(
        events,
        "genes",
        msg("Turned face up: {genes}.", genes=listed([gene_term(g) for g in action.genes])),
        source,
    )
    return state
