"""Two players (000 §Ursuppe para 2 jugadores): the decoy player, double play I and II."""

from __future__ import annotations

import pytest
from builders import aid, at_phase, play, position, texts

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import apply, legal_actions, new_game
from companion.tracker.ursuppe.engine import validate_setup
from companion.tracker.ursuppe.rules import defects
from companion.tracker.ursuppe.rules.people import TwoPlayers, ranking
from companion.tracker.ursuppe.state import GameSetup, Phase, Seat, Step
from companion.tracker.ursuppe.views.public import public_view
from companion.tracker.ursuppe.views.seat import person_seat_view, seat_view

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
DECOY_SEATS = (Seat("Ana", RED), Seat("Ben", YELLOW), Seat("Decoy", GREEN))
DOUBLE_SEATS = (Seat("Ana", RED), Seat("Ana", YELLOW), Seat("Ben", GREEN), Seat("Ben", BLUE))


def decoy_setup(scores: bool = True) -> GameSetup:
    """Ana red, Ben yellow, the decoy green."""
    return GameSetup(seats=DECOY_SEATS, two_players=TwoPlayers.DECOY, decoy_scores=scores)


def double_setup(variant: TwoPlayers) -> GameSetup:
    """Ana plays red and yellow, Ben green and blue."""
    return GameSetup(seats=DOUBLE_SEATS, two_players=variant)


def decoy_position(scores: bool = True, **kw):
    """A 3-color position whose green is the decoy (Life Expectancy, no BP)."""
    genes = {"green": ["life_expectancy"], **kw.pop("genes", {})}
    return position(3, setup=decoy_setup(scores), genes=genes, bp={"green": 0}, **kw)


def double2_position(bp: int = 10, genes: list[str] = (), markers=(5, 9), **kw):
    """A double play II position: Ana (red+yellow) on `markers[0]`, Ben (green+blue) on [1]."""
    held = {c: list(genes) for c in ("red", "yellow")}
    marks = {"red": markers[0], "yellow": markers[0], "green": markers[1], "blue": markers[1]}
    return position(
        4, setup=double_setup(TwoPlayers.DOUBLE_2), bp=bp, genes=held, markers=marks, **kw
    )


# ----- setup ----------------------------------------------------------------------------
def test_setup_refuses_two_players_without_a_variant():
    setup = GameSetup(seats=DECOY_SEATS[:2])
    with pytest.raises(InvalidAction, match="3 to 6 players"):
        validate_setup(setup)


def test_the_decoy_variant_is_three_colors():
    with pytest.raises(InvalidAction, match="decoy"):
        validate_setup(GameSetup(seats=DOUBLE_SEATS, two_players=TwoPlayers.DECOY))
    validate_setup(decoy_setup())


@pytest.mark.parametrize("variant", [TwoPlayers.DOUBLE_1, TwoPlayers.DOUBLE_2])
def test_double_play_is_two_people_with_two_colors_each(variant):
    validate_setup(double_setup(variant))  # a name repeats once per color
    four = tuple(Seat(n, s.color) for n, s in zip("ABCD", DOUBLE_SEATS))
    with pytest.raises(InvalidAction, match="two people with two colors"):
        validate_setup(GameSetup(seats=four, two_players=variant))


def test_the_variant_is_part_of_the_record():
    from companion.tracker.ursuppe.record.codec import setup_from_dict, setup_to_dict

    setup = decoy_setup(scores=False)
    data = setup_to_dict(setup)
    assert data["two_players"] == "decoy" and data["decoy_scores"] is False
    assert setup_from_dict(data) == setup


# ----- the decoy ------------------------------------------------------------------------
def test_the_decoy_has_life_expectancy_from_the_start_and_no_bp():
    state = new_game(decoy_setup())
    decoy = state.player(GREEN)
    assert decoy.gene_keys == ("life_expectancy",) and decoy.bp == 0


def test_the_decoy_always_drifts_and_feeds_without_a_tap():
    state = decoy_position(amoebas=["red-1@3", "green-1@5", "green-2@9"])
    state = at_phase(state, Phase.MOVEMENT)
    state, events = play(state, A.Drift(aid("red-1")))
    assert state.cursor.step is Step.FEED and state.cursor.amoeba == aid("red-1")
    state, events = play(state, legal_actions(state)[0])
    # both decoy amoebas drifted and fed by the decoy's rules, with no action from the table
    assert texts(events).count("The decoy plays by its rule (the decoy always drifts)") == 2
    assert texts(events).count("The decoy plays by its rule (the decoy eats from") == 2
    assert all(e.source.area == "two_players" for e in events if e.kind == "decoy")
    assert state.phase is Phase.ENVIRONMENT and state.cursor.step is Step.TURN_CARD


def test_the_decoy_eats_from_the_fullest_color_first():
    cubes = {5: {"red": 3, "yellow": 1, "green": 0}}
    state = decoy_position(amoebas=["green-1@5"], cubes=cubes, card="P9")
    state = at_phase(state, Phase.MOVEMENT)  # P9: no drift; the decoy stays and feeds
    assert state.phase is Phase.ENVIRONMENT
    assert state.cubes_on(5)[:2] == (1, 0)  # 2 red (the fullest) and 1 yellow eaten


def test_a_decoy_that_cannot_feed_starves():
    cubes = {5: {"red": 0, "yellow": 0, "green": 2}}
    state = decoy_position(amoebas=["green-1@5"], cubes=cubes, card="P9")
    state = at_phase(state, Phase.MOVEMENT)
    assert state.amoeba(aid("green-1")).dp == 1


def test_the_decoy_buys_no_genes_and_pays_no_debts():
    state = decoy_position(amoebas=["green-1@5"], round=2, card=None)
    state = at_phase(state, Phase.ENVIRONMENT)
    state, events = play(state, A.TurnEnvironmentCard("P6"))  # a debtor with genes is named
    assert "Decoy" not in texts(events)  # no debt line for the decoy
    assert state.phase is Phase.GENES and GREEN not in state.cursor.order


def test_the_decoy_gets_two_free_amoebas_each_round_and_no_income():
    state = decoy_position(amoebas=["green-1@5", "red-1@1", "yellow-1@19"])
    state = at_phase(state, Phase.DIVISION)
    # descending: the decoy (marker 3) places 2 amoebas next to green-1, for free
    assert len(state.amoebas_of(GREEN)) == 3 and state.player(GREEN).bp == 0
    assert state.cursor.actor is YELLOW and state.player(YELLOW).bp == 20


def test_a_decoy_that_does_not_score_keeps_its_marker_and_is_not_ranked():
    amoebas = ["green-1@5", "green-2@6", "green-3@7", "green-4@8", "red-1@1"]
    state = decoy_position(scores=False, amoebas=amoebas)
    state = at_phase(state, Phase.SCORING)
    assert state.player(GREEN).marker == 3  # 4 amoebas would advance it 2
    assert [p.person.name for p in ranking(state)] == ["Ben", "Ana"]
    # Nor ranked on the screens: the colors' list and a phone's place out of 2.
    assert [r["color"] for r in public_view(state)["ranking"]] == ["yellow", "red"]
    assert [p["ranked"] for p in public_view(state)["players"]] == [True, True, False]
    ben = seat_view(state, YELLOW)
    assert (ben["place"], ben["of"]) == (1, 2)


def test_a_decoy_that_scores_advances_and_is_ranked():
    amoebas = ["green-1@5", "green-2@6", "green-3@7", "green-4@8", "red-1@1"]
    state = at_phase(decoy_position(amoebas=amoebas), Phase.SCORING)
    assert state.player(GREEN).marker == 5
    assert [p.person.name for p in ranking(state)] == ["Decoy", "Ben", "Ana"]
    assert [r["color"] for r in public_view(state)["ranking"]] == ["green", "yellow", "red"]
    assert seat_view(state, YELLOW)["of"] == 3


# ----- double play I --------------------------------------------------------------------
def test_double_play_1_ranks_each_person_by_the_worse_color():
    setup = double_setup(TwoPlayers.DOUBLE_1)
    markers = {"red": 40, "yellow": 12, "green": 30, "blue": 25}
    state = position(4, setup=setup, markers=markers)
    places = ranking(state)
    assert [(p.person.name, p.result) for p in places] == [("Ben", 25), ("Ana", 12)]


def test_double_play_1_result_data_names_the_person_with_the_better_worse_color():
    """000 §Ursuppe para 2 jugadores, Doble juego I ("puntúa sólo el peor resultado de sus dos
    colores"): the game's result as data (issue 13, the outcome) ranks persons by their worse
    marker, so Ben (43 and 41) wins over Ana (44 and 39) although Ana's red is highest."""
    setup = double_setup(TwoPlayers.DOUBLE_1)
    markers = {"red": 44, "yellow": 39, "green": 43, "blue": 41}
    state = at_phase(position(4, setup=setup, markers=markers), Phase.SCORING)
    assert state.phase is Phase.OVER
    assert state.result.winners == (GREEN, BLUE)
    assert state.result.ranking == (GREEN, BLUE, RED, YELLOW)


def test_a_decoy_that_does_not_score_is_not_in_the_result_data():
    """000 §Ursuppe para 2 jugadores: the decoy "puntúa o no"; one that does not score is not
    ranked, in the result as data as on the screens."""
    state = position(3, setup=decoy_setup(scores=False), markers={"red": 42, "yellow": 30})
    state = at_phase(state, Phase.SCORING)
    assert state.phase is Phase.OVER
    assert state.result.ranking == (RED, YELLOW) and state.result.winners == (RED,)


def test_double_play_1_is_otherwise_a_four_color_game():
    state = new_game(double_setup(TwoPlayers.DOUBLE_1))
    assert state.n_players == 4 and all(p.bp == 4 for p in state.players)


# ----- double play II -------------------------------------------------------------------
def test_double_play_2_has_no_dp_on_the_starting_amoebas():
    state = position(4, setup=double_setup(TwoPlayers.DOUBLE_2))
    state = state.with_cursor(step=Step.PLACE, order=(RED,), index=0, placement_round=1)
    state = apply(state, A.PlaceAmoeba(aid("red-1"), 4)).state
    assert state.amoeba(aid("red-1")).dp == 0


def test_double_play_2_each_person_rolls_once_and_takes_start_space_1_or_2():
    # Reading (000 §Ursuppe para 2 jugadores: "Comenzar como un juego de cuatro jugadores";
    # 000 §Orden de Inicio): one marker per person, so the person rolls once, with their
    # first color, and picks start space 1 or 2 for it.
    state = new_game(double_setup(TwoPlayers.DOUBLE_2))
    state = apply(state, A.TurnEnvironmentCard(state.remaining_cards()[0])).state
    assert {a.color for a in legal_actions(state)} == {RED}
    state, events = play(state, A.RollForStartOrder(RED, 5), A.RollForStartOrder(GREEN, 9))
    assert "Ana ● red + ▲ yellow rolls 5 for the start order." in texts(events)
    assert "each picks a ladder start space 1-2" in texts(events)
    assert {(a.color, a.space) for a in legal_actions(state)} == {(GREEN, 1), (GREEN, 2)}
    state, _ = play(state, A.ChooseStartSpace(GREEN, 2))
    assert state.player(BLUE).marker == 2 and state.player(RED).marker == 1


def test_double_play_2_genes_and_purse_belong_to_the_person():
    state = at_phase(double2_position(bp=10), Phase.GENES)
    assert state.cursor.order == (GREEN, RED)  # one purchase turn per person, descending
    state = apply(state, A.EndPurchases(GREEN)).state
    state = apply(state, A.BuyGene(RED, "speed", None)).state
    assert state.player(YELLOW).holds("speed")  # bought once, works for both colors
    assert state.player(RED).bp == state.player(YELLOW).bp < 10
    assert state.copies_left("speed") == state.copies_total("speed") - 1


@pytest.mark.parametrize(("genes", "cost"), [((), 4), (("division_rate",), 3)])
def test_double_play_2_new_amoebas_cost_4_or_3_with_division_rate(genes, cost):
    state = double2_position(bp=0, genes=genes, amoebas=["green-1@5", "red-1@9", "yellow-1@2"])
    state = at_phase(state, Phase.DIVISION)
    assert state.cursor.actor is GREEN and state.player(GREEN).bp == 10  # one income
    state = apply(state, A.Divide(aid("green-2"), 4)).state
    assert state.player(BLUE).bp == 10 - 4  # Ben's one purse, shared by blue
    state = apply(state, A.EndDivision(GREEN)).state
    assert state.cursor.actor is BLUE and state.player(BLUE).bp == 6  # no second income
    state = apply(state, A.EndDivision(BLUE)).state
    assert state.cursor.actor is RED and state.player(RED).bp == 10
    state = apply(state, A.Divide(aid("red-2"), 1)).state
    assert state.player(YELLOW).bp == 10 - cost


def test_double_play_2_phase_1_order_trailing_leading_leading_trailing():
    state = double2_position(amoebas=["red-1@1", "yellow-1@2", "green-1@3", "blue-1@4"])
    state = at_phase(state, Phase.MOVEMENT)
    assert state.cursor.order == (RED, GREEN, BLUE, YELLOW)  # Ana trails on 5, Ben leads on 9


def test_double_play_2_scores_both_amoeba_tables_and_the_genes_once():
    amoebas = ["red-1@1", "red-2@2", "red-3@3", "yellow-1@4", "yellow-2@5", "green-1@9"]
    genes = ["speed", "movement_1", "tentacle"]  # 3 gene cards: 1 step, counted once
    state = double2_position(amoebas=amoebas, genes=genes)
    state = at_phase(state, Phase.SCORING)
    # red 3 amoebas: 1, yellow 2 amoebas: 0 (3-4 player table), genes: 1 -> 2 free spaces
    assert state.player(RED).marker == state.player(YELLOW).marker == 7


def test_double_play_2_one_debt_per_person():
    genes = ["speed", "movement_1", "tentacle", "defense"]
    state = double2_position(genes=genes, round=2, card=None)
    state = at_phase(state, Phase.ENVIRONMENT)
    state, events = play(state, A.TurnEnvironmentCard("P6"))
    owed = defects.mp_sum(state, RED) - 7
    assert owed > 0
    assert state.cursor.step is Step.PAY_DEBT and state.cursor.actor is RED
    state, events = play(state, legal_actions(state)[0])
    assert "owes" not in texts(events)  # yellow shares the genes: no second debt
    assert state.phase is Phase.GENES


# ----- the phones -------------------------------------------------------------------------
@pytest.mark.parametrize("variant", [TwoPlayers.DOUBLE_1, TwoPlayers.DOUBLE_2])
def test_a_persons_phone_projects_their_own_two_colors_only(variant):
    # issue 9: "each person's phone shows both colors"; only the person's colors are
    # projected, so another person's hidden card never reaches it (genes_sensing.secret_for)
    state = position(4, setup=double_setup(variant), markers={"red": 3, "yellow": 7})
    for color in (RED, YELLOW):
        view = person_seat_view(state, color)
        assert [v["color"] for v in view["colors"]] == ["red", "yellow"]
        assert view["name"] == "Ana" and view["people"] == 2
        assert view["shared"] is (variant is TwoPlayers.DOUBLE_2)
    assert [v["color"] for v in person_seat_view(state, BLUE)["colors"]] == ["green", "blue"]


def test_one_color_players_have_no_person_view():
    assert person_seat_view(position(4), RED) is None
    assert person_seat_view(decoy_position(), GREEN) is None


def test_double_play_2_phone_lists_the_shared_purse_offers_once():
    state = at_phase(double2_position(bp=10), Phase.GENES)
    red, yellow = person_seat_view(state, RED)["colors"]
    assert red["affordable"] and yellow["affordable"] == []


def test_the_replayed_text_ranks_persons_after_a_two_player_game(capsys):
    """000 §Ursuppe para 2 jugadores, Doble juego I: `companion replay` of a finished game
    shows the ranking by person (the worse color counts), not only the colors' markers."""
    from pathlib import Path

    from companion.cli import main

    record = Path(__file__).parent.parent / "examples" / "four-players-double-play-1.json"
    assert main(["replay", "--lang", "en", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Ranking by person:\n  1. Ben ■ green + ◆ blue (41; markers 43 and 41)\n" in out
    assert "  2. Ana ● red + ▲ yellow (39; markers 44 and 39)\n" in out
