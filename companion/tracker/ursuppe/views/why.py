"""Why this number: the derivation of each number the console and the phones compute.

A derivation names its inputs, the table row or rule used, the rule options in force and
the rulebook section, so a player who taps a debt, an advance, a price, a meal or a death
threshold sees how the app got it. Pure: the state in, messages out; it computes with the
same functions that play the game (defects, scoring, market, feeding, deaths, division).
"""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.derivation import Derivation
from companion.tracker.msg import Msg, Param, Seq, msg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import GENES_BY_KEY, LIFE_EXPECTANCY
from companion.tracker.ursuppe.options import OPTION_INFO
from companion.tracker.ursuppe.rules import defects, division, scoring
from companion.tracker.ursuppe.rules.deaths import dp_limit
from companion.tracker.ursuppe.rules.feeding import meal_description, meal_rules
from companion.tracker.ursuppe.state import GameState, player_ref
from companion.tracker.ursuppe.views.phrases import comma_list


def _option(state: GameState, name: str) -> Msg:
    """An option in force, as its name and the choice the group made."""
    info = OPTION_INFO[name]
    default = getattr(type(state.setup.options)(), name)
    same = getattr(state.setup.options, name) == default
    chosen = Msg(info.default_source if same else info.alternative_source)
    return msg("{option}: {choice}", option=Msg(info.label), choice=chosen)


def _genes_mp(state: GameState, color: Color) -> Param:
    keys = state.player(color).gene_keys
    if not keys:
        return msg("no genes")
    n = state.n_players
    parts = [Seq((GENES_BY_KEY[k].term, GENES_BY_KEY[k].mp_for(n)), " ") for k in keys]
    return Seq(tuple(parts), " + ")


def debt(state: GameState, color: Color) -> Derivation:
    """The ozone debt: the MP of the genes held minus the face-up card's ozone, if above."""
    card = state.current_card()
    mp = defects.mp_sum(state, color)
    ozone = card.ozone if card else 0
    owed = defects.debt(state, color)
    inputs = (
        msg("MP of the genes held: {genes} = {mp}", genes=_genes_mp(state, color), mp=mp),
        msg("ozone of card {card}: {ozone}", card=card.id if card else "-", ozone=ozone),
    )
    return Derivation(
        msg("{player} owes {n} MP", player=player_ref(state, color), n=owed),
        inputs,
        msg(
            "debt = MP − ozone when the MP are more ({mp} − {ozone}), else 0; paid with genes "
            "(each returns its MP) or BP (1 each)",
            mp=mp,
            ozone=ozone,
        ),
        (),
        sources.PHASE_2,
    )


def advance(state: GameState, color: Color) -> Derivation:
    """The advance in phase 6: the amoeba table row plus the gene table row."""
    total, from_amoebas, from_genes = scoring.advance(state, color)
    amoebas = len(state.amoebas_of(color))
    cards = scoring.gene_cards(state, color)
    options = [_option(state, "gene_advance_table")]
    if state.n_players >= 5:
        options.append(_option(state, "amoeba_advance_5_6"))
    return Derivation(
        msg("{player} advances {n}", player=player_ref(state, color), n=total),
        (
            msg("amoebas on the board: {n}", n=amoebas),
            msg(
                "gene cards counted: {n} (advanced genes count 2, Ray Protection 0)",
                n=cards,
            ),
        ),
        msg(
            "amoeba table, row {amoebas}: {a}; gene table, row {cards}: {g}; {a} + {g} = "
            "{total} free spaces",
            amoebas=amoebas,
            a=from_amoebas,
            cards=cards,
            g=from_genes,
            total=total,
        ),
        tuple(options),
        sources.SCORING_5_6 if state.n_players >= 5 else sources.PHASE_6,
    )


def price(state: GameState, gene: str) -> Derivation:
    """A gene's price: the gene table's price for this player count."""
    card = GENES_BY_KEY[gene]
    n = state.n_players
    given = (msg("an advanced gene also gives up {genes}", genes=_names(card.replaces)),)
    return Derivation(
        msg("{gene} costs {n} BP", gene=card.term, n=card.price_for(n)),
        (msg("players: {n}", n=n),) + (given if card.replaces else ()),
        msg(
            "gene table, {gene}: price {price} BP, {mp} MP (5-6 players: the expansion's column)",
            gene=card.term,
            price=card.price_for(n),
            mp=card.mp_for(n),
        ),
        (),
        sources.GENE_TABLE_5_6 if n >= 5 else sources.GENE_TABLE,
    )


def _names(keys: tuple[str, ...]) -> Param:
    return comma_list([GENES_BY_KEY[k].term for k in keys])


def death_threshold(state: GameState, color: Color) -> Derivation:
    """The DP at which this color's amoebas die: 2, or 3 with Life Expectancy."""
    limit = dp_limit(state, color)
    held = state.player(color).has(LIFE_EXPECTANCY)
    gene = GENES_BY_KEY[LIFE_EXPECTANCY].term
    return Derivation(
        msg("{player}'s amoebas die at {n} DP", player=player_ref(state, color), n=limit),
        (msg("holds {gene}: yes", gene=gene) if held else msg("holds {gene}: no", gene=gene),),
        msg("an amoeba with 2 DP dies in phase 5; with {gene}, 3 DP", gene=gene),
        (),
        sources.PHASE_5,
    )


def meals(state: GameState, color: Color) -> Derivation:
    """The meals this color's amoebas may eat: the unmutated meal and the feeding genes."""
    rules = meal_rules(state, color)
    patterns = [
        msg(
            "{pattern} with {genes}",
            pattern=":".join(str(n) for n in r.pattern),
            genes=_names(r.genes),
        )
        if r.genes
        else ":".join(str(n) for n in r.pattern)
        for r in rules
    ]
    options = (_option(state, "substitution_4p"),) if state.n_players == 4 else ()
    return Derivation(
        msg("{player}'s meals", player=player_ref(state, color)),
        (
            msg("players: {n}", n=state.n_players),
            msg("feeding genes held: {genes}", genes=_feeding(state, color)),
        ),
        msg(
            "unmutated meal: {meal}; each feeding gene may change it: {patterns}",
            meal=meal_description(state, color),
            patterns=comma_list(patterns),
        ),
        options,
        sources.FEEDING_5_6 if state.n_players >= 5 else sources.FEEDING,
    )


def _feeding(state: GameState, color: Color) -> Param:
    held = [k for k in ("substitution", "frugality", "parasitism") if state.player(color).has(k)]
    return _names(tuple(held)) if held else msg("none")


def division_cost(state: GameState, color: Color) -> Derivation:
    """BP per new amoeba in phase 4: 6, or 4 with Division Rate."""
    cost = division.division_cost(state, color)
    gene = GENES_BY_KEY["division_rate"].term
    held = state.player(color).has("division_rate")
    return Derivation(
        msg("a new amoeba costs {player} {n} BP", player=player_ref(state, color), n=cost),
        (msg("holds {gene}: yes", gene=gene) if held else msg("holds {gene}: no", gene=gene),),
        msg("cell division costs 6 BP per amoeba; with {gene}, 4", gene=gene),
        (),
        sources.PHASE_4,
    )


KINDS = {
    "debt": debt,
    "advance": advance,
    "death": death_threshold,
    "meals": meals,
    "division": division_cost,
}
