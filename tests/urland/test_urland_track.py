"""The shared score track (002 §2.3 Percorso Segnapunti; Ursuppe 000 §Fase 6): occupied
spaces skipped, one marker per space, the leader moving first."""

from companion.tracker import track


def test_occupied_spaces_are_skipped():
    assert track.move_marker(10, 3, {11, 13}, 40) == (15, (11, 13))


def test_a_marker_stops_at_the_last_space():
    assert track.move_marker(38, 5, {39}, 40) == (40, (39,))


def test_002_track_example_the_leader_moves_first_and_jumps():
    # 002 §2.3 example: white (ahead) scores 2, black 3; white jumps grey, black jumps both.
    markers = {"black": 9, "white": 10, "grey": 11}
    now, moves = track.advance_all(markers, {"white": 2, "black": 3}, 40)
    assert [m.who for m in moves] == ["white", "black"]
    assert now == {"black": 14, "white": 13, "grey": 11}
    assert moves[0].skipped == (11,) and moves[1].skipped == (11, 13)


def test_002_mutation_space_is_reached_or_passed():
    # 002 §2.3 "Mutazione?": black from 10 with 2 reaches 12, with 3 passes it; both count.
    for points, end in ((2, 12), (3, 13)):
        _, (move,) = track.advance_all({"black": 10}, {"black": points}, 40)
        assert move.end == end and track.reached(move, (12, 16, 21)) == (12,)


def test_the_last_on_the_track_breaks_ties():
    assert track.last_on_track({"a": 5, "b": 2, "c": 9}) == "b"
