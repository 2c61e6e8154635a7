"""The story of a game, as everyone may see it: the record replayed round by round (each
player's ladder position, BP and amoebas alive, the genes bought, each round's ozone and
drift, the deaths) and the decisive moments, each with the entry it happened at.

Everything here lies open on the table; the one secret of an Ursuppe game (the next
environment card, seen by a Sensing gene's holder) is never read: a round's card is the one
turned face up. The shell draws the charts and renders the messages in its reader's language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.tracker.colors import Color
from companion.tracker.moments import Moment, bigger_advance
from companion.tracker.msg import Seq, Term, msg, nmsg
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe.data import DIRECTION_NAMES, GENES_BY_KEY
from companion.tracker.ursuppe.state import GameState, Phase, amoeba_ref, player_ref

ATTACKS = (A.Attack, A.AcceptAttack, A.FightRoll, A.Strike, A.Defend, A.Escape, A.DeclineRetry)


@dataclass(frozen=True)
class Purchase:
    """A gene bought: the round, the buyer, the gene, the BP paid, the entry."""

    round: int
    color: Color
    gene: str
    price: int
    seq: int


@dataclass(frozen=True)
class RoundCard:
    """A round's environment card as turned face up: its ozone and its drift."""

    round: int
    ozone: int
    drift: Term | None  # None: no drift


@dataclass(frozen=True)
class Story:
    """A game's story so far (or whole, once `over`): series per color, one value a round."""

    colors: tuple[Color, ...]
    rounds: tuple[int, ...]
    ladder: dict[Color, tuple[int, ...]]
    bp: dict[Color, tuple[int, ...]]
    alive: dict[Color, tuple[int, ...]]
    deaths: dict[Color, tuple[int, ...]]
    purchases: tuple[Purchase, ...]
    cards: tuple[RoundCard, ...]
    moments: tuple[Moment, ...]
    ranking: tuple[Color, ...]  # best first: the result once over, the ladder before
    over: bool


@dataclass
class _Walk:
    """What the replay gathers, entry by entry."""

    ends: dict[int, GameState]  # round -> the state its scoring left (000 §Fase 6)
    deaths: Counter  # (round, color) -> amoebas died
    purchases: list[Purchase]
    moments: list[Moment]
    debts: list[tuple[int, Moment]]  # (MP lost, the moment)
    leader: Color | None = None
    best_advance: tuple[int, Moment] | None = None  # (spaces, the moment)


def story(start: GameState, steps: Iterable[tuple[int, Any, GameState]]) -> Story:
    """The story of the entries in force: `steps` are (seq, entry, state after), oldest first."""
    walk = _Walk({}, Counter(), [], [], [])
    before = start
    for seq, entry, after in steps:
        if after.round > before.round >= 1:  # round r scored: the next one begins
            walk.ends[before.round] = after
        if not isinstance(entry, A.Correct):
            _deaths(walk, seq, entry, before, after)
            _purchase(walk, seq, entry, before, after)
            _debt(walk, seq, entry, before, after)
            _ladder(walk, seq, before, after)
        before = after
    return _told(before, walk)


def _told(now: GameState, walk: _Walk) -> Story:
    # Each round scored (the score history), then the round in play, so far.
    played = len(now.score_history)
    if now.phase not in (Phase.SETUP, Phase.OVER) and now.round > played:
        played = now.round
    rounds = tuple(range(1, played + 1))
    colors = now.colors
    last = [walk.ends.get(r, now) for r in rounds]

    def series(read) -> dict[Color, tuple[int, ...]]:
        return {c: tuple(read(s, c) for s in last) for c in colors}

    moments = list(walk.moments)
    if walk.best_advance is not None:
        moments.append(walk.best_advance[1])
    if walk.debts:
        moments.append(max(walk.debts, key=lambda d: (d[0], -d[1].seq))[1])
    over = now.phase is Phase.OVER
    ranking = now.result.ranking if over and now.result else _by_marker(now)
    if over:
        moments.extend(_winners_gene(now, ranking, walk.purchases))
    cards = tuple(
        RoundCard(
            r,
            s.current_card().ozone,
            Term("direction", DIRECTION_NAMES[s.current_card().drift])
            if s.current_card().drift
            else None,
        )
        for r, s in zip(rounds, last)
        if s.current_card() is not None
    )
    return Story(
        colors=colors,
        rounds=rounds,
        ladder={
            c: tuple(
                now.score_history[r - 1][i] if r <= len(now.score_history) else now.player(c).marker
                for r in rounds
            )
            for i, c in enumerate(colors)
        },
        bp=series(lambda s, c: s.player(c).bp),
        alive=series(lambda s, c: sum(1 for a in s.amoebas if a.color == c)),
        deaths={c: tuple(walk.deaths[(r, c)] for r in rounds) for c in colors},
        purchases=tuple(walk.purchases),
        cards=cards,
        moments=tuple(sorted(moments, key=lambda m: m.seq)),
        ranking=ranking,
        over=over,
    )


def _by_marker(state: GameState) -> tuple[Color, ...]:
    return tuple(p.color for p in sorted(state.players, key=lambda p: -p.marker))


def _deaths(walk: _Walk, seq: int, entry: Any, before: GameState, after: GameState) -> None:
    """Amoebas that left the board with this entry died (a correction is not a death)."""
    alive = {a.id for a in after.amoebas}
    gone = [a for a in before.amoebas if a.id not in alive]
    for amoeba in gone:
        walk.deaths[(before.round, amoeba.color)] += 1
        if isinstance(entry, ATTACKS):
            text = msg(
                "Round {round}: {amoeba} dies in an attack.",
                round=before.round,
                amoeba=amoeba_ref(before, amoeba.id),
            )
            walk.moments.append(Moment(seq, before.round, text))


def _purchase(walk: _Walk, seq: int, entry: Any, before: GameState, after: GameState) -> None:
    if isinstance(entry, A.BuyGene):
        price = before.price_of(entry.gene)  # the BP after it may hold the next phase's income
        walk.purchases.append(Purchase(before.round, entry.color, entry.gene, price, seq))


def _debt(walk: _Walk, seq: int, entry: Any, before: GameState, after: GameState) -> None:
    """An ozone debt paid with genes: the one that cost most is a decisive moment."""
    if not isinstance(entry, A.PayDebt) or not entry.genes:
        return
    lost = sum(before.returned_value_of(k) for k in entry.genes)
    card = after.current_card()
    text = msg(
        "Round {round}: the ozone thins to {ozone} and the debt costs {who} {genes}.",
        round=before.round,
        ozone=card.ozone if card else 0,
        who=player_ref(before, entry.color),
        genes=_listed([GENES_BY_KEY[k].term for k in entry.genes]),
    )
    walk.debts.append((lost, Moment(seq, before.round, text)))


def _ladder(walk: _Walk, seq: int, before: GameState, after: GameState) -> None:
    """A change of leader on the ladder, and the biggest single advance."""
    # A marker's first move (from the start, 0) is no advance of the game's own.
    moves = [
        (a.color, a.marker - b.marker) for b, a in zip(before.players, after.players) if b.marker
    ]
    if found := bigger_advance(walk.best_advance, moves):
        color, gained = found
        text = nmsg(
            "Round {round}: the biggest single advance, {who} moves {n} space up the ladder.",
            "Round {round}: the biggest single advance, {who} moves {n} spaces up the ladder.",
            gained,
            round=before.round,
            who=player_ref(before, color),
        )
        walk.best_advance = (gained, Moment(seq, before.round, text))
    if after.round < 1 or after.phase is Phase.SETUP:
        return
    top = max(p.marker for p in after.players)
    leaders = [p.color for p in after.players if p.marker == top]
    if len(leaders) != 1 or leaders[0] == walk.leader:
        return
    if walk.leader is not None:
        text = msg(
            "Round {round}: {who} takes the lead on the ladder (space {space}).",
            round=before.round,  # the round the entry was made in (scoring ends it)
            who=player_ref(after, leaders[0]),
            space=top,
        )
        walk.moments.append(Moment(seq, before.round, text))
    walk.leader = leaders[0]


def _winners_gene(
    state: GameState, ranking: tuple[Color, ...], purchases: list[Purchase]
) -> list[Moment]:
    """The gene bought by the winner that scored most: the one worth most MP still held."""
    if not ranking:
        return []
    winner = ranking[0]
    held = set(state.player(winner).gene_keys)
    bought = [p for p in purchases if p.color == winner and p.gene in held]
    if not bought:
        return []
    best = max(bought, key=lambda p: (state.mp_of(p.gene), -p.seq))
    text = msg(
        "Round {round}: {who} buys {gene} for {bp} BP, the winner's gene worth most "
        "({mp} MP) at the end.",
        round=best.round,
        who=player_ref(state, winner),
        gene=GENES_BY_KEY[best.gene].term,
        bp=best.price,
        mp=state.mp_of(best.gene),
    )
    return [Moment(best.seq, best.round, text)]


def _listed(items: list[Any]) -> Seq:
    return Seq(tuple(items), ", ")
