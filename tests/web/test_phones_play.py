"""Each player plays from their own phone (issue 31): the setup's choice of who enters (the
phones, or the referee alone), the awaited player's phone showing the console's choices from
the same legal actions, only for its own colors, and the laptop stepping in at any moment:
whichever arrives first is recorded, the other is told the table moved on.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from conftest import alert_of, text_of

from companion.tracker.record_core import Entering, entering_from_dict, entering_to_dict
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.actions import RollForStartOrder, action_to_dict
from companion.tracker.ursuppe.record.document import record_from_dict
from companion.tracker.ursuppe.state import Step

EXAMPLE = Path(__file__).parents[2] / "examples" / "four-players.json"
CHOICES_RE = re.compile(r"data-phone-choices>(.*?)</section>", re.S)
ACTION_RE = re.compile(r'name="action" value="([^"]+)"')


def phone_post(referee, token: str, path: str = "/act", revision: int | None = None, **data):
    """A phone's submission, as its page posts it (htmx)."""
    form = {
        "csrf": referee.csrf,
        "revision": str(referee.revision if revision is None else revision),
    }
    form.update({k: str(v) for k, v in data.items()})
    return referee.client.post(f"/s/{token}{path}", data=form, headers={"HX-Request": "true"})


def phone_plays(referee, token: str, action, **kwargs):
    return phone_post(
        referee, token, kind="action", action=json.dumps(action_to_dict(action)), **kwargs
    )


def offered(page: str) -> list[str]:
    """The actions a page's choice buttons post (the phone's section, or the console's)."""
    return [html.unescape(a) for a in ACTION_RE.findall(page)]


def phone_choices(referee, token: str) -> str | None:
    match = CHOICES_RE.search(text_of(referee.client.get(f"/s/{token}")))
    return match.group(1) if match else None


def to_movement(referee):
    """The start order, start spaces and placements entered by the console: red's amoeba moves.
    The state then, and the color awaited."""
    referee.start_rolls_to_placement()
    while referee.game().state.cursor.step is not Step.MOVEMENT_CHOICE:
        referee.play_ok(legal_actions(referee.game().state)[0])
    state = referee.game().state
    return state, referee.game().core.prompt(state).actor


# ----- the setup's choice ---------------------------------------------------------------------
def test_phones_play_by_default_and_the_referee_choice_is_recorded_in_the_setup(referee):
    referee.create_game()
    assert referee.game().setup.phones is True
    referee.create_game(entering="referee")
    game = referee.game()
    assert game.setup.phones is False and not game.phones_play
    assert referee.store.export(game.id)["setup"]["phones"] is False


def test_the_setup_pages_offer_the_choice_with_phones_checked(referee):
    for game in ("ursuppe", "urland"):
        page = text_of(referee.client.get(f"/games/new?game={game}"))
        assert 'name="entering" value="phones" checked' in page
        assert 'name="entering" value="referee">' in page


def test_a_record_without_the_choice_opens_with_phones_playing(referee):
    data = json.loads(EXAMPLE.read_text())
    assert "phones" not in data["setup"]
    record = record_from_dict(data)
    game = referee.store.import_record(record, "old evening")
    assert game.setup.phones is True and game.phones_play


def test_who_enters_is_a_record_entry_that_changes_no_result():
    marker = Entering(False)
    assert entering_to_dict(marker) == {"type": "entering", "by": "referee"}
    assert entering_from_dict(entering_to_dict(marker)) == marker
    data = json.loads(EXAMPLE.read_text())
    plain = record_from_dict(data)
    data["actions"].insert(5, {"type": "entering", "by": "referee"})
    data["actions"].insert(40, {"type": "entering", "by": "phones"})
    marked = record_from_dict(data)
    from companion.tracker.ursuppe.record.document import replay_record

    assert replay_record(marked)[0] == replay_record(plain)[0]


def test_the_console_changes_who_enters_and_the_log_says_so(game):
    page = text_of(game.console())
    assert 'data-entering="phones"' in page
    before = game.revision
    response = game.post("/entering", {"by": "referee"})
    assert response.status_code == 200
    assert not game.game().phones_play and game.revision == before + 1
    page = text_of(response)
    assert 'data-entering="referee"' in page
    assert "From now on the referee enters every choice on the laptop." in page
    again = game.post("/entering", {"by": "referee"})  # a second tap writes nothing
    assert again.status_code == 200 and game.revision == before + 1
    assert game.post("/entering", {"by": "phones"}).status_code == 200
    assert game.game().phones_play and game.revision == before + 2
    assert game.post("/entering", {"by": "dice"}).status_code == 422


# ----- the awaited phone's choices --------------------------------------------------------------
def test_the_awaited_phone_offers_the_consoles_choices_and_no_other_phone_does(game, seat_tokens):
    state, actor = to_movement(game)
    mine = phone_choices(game, seat_tokens[actor.value])
    assert mine is not None
    console = text_of(game.console()).split('class="choices"', 1)[1].split("</section>", 1)[0]
    legal = sorted(json.dumps(action_to_dict(a)) for a in legal_actions(state))
    assert sorted(offered(mine)) == sorted(offered(console)) == legal
    assert f'action="/s/{seat_tokens[actor.value]}/act"' in mine and 'hx-target="#seat"' in mine
    for color, token in seat_tokens.items():
        if color != actor.value:
            assert phone_choices(game, token) is None
            assert "is choosing on their phone" in text_of(game.client.get(f"/s/{token}"))
    assert "data-waiting-phone" in text_of(game.console())


def test_a_phone_records_its_choice_and_other_seats_are_refused_naming_why(game, seat_tokens):
    state, actor = to_movement(game)
    choice = legal_actions(state)[0]
    before = game.revision
    for color, token in seat_tokens.items():
        if color == actor.value:
            continue
        refused = phone_plays(game, token, choice)
        assert refused.status_code == 422
        assert "not yours to make now" in alert_of(refused)
        assert game.revision == before
    response = phone_plays(game, seat_tokens[actor.value], choice)
    assert response.status_code == 200, alert_of(response)
    assert game.revision == before + 1
    assert game.game().entries[-1] == choice


def test_the_awaited_phone_taps_a_highlighted_space_on_its_own_board(game, seat_tokens):
    game.start_rolls_to_placement()
    state = game.game().state
    actor = game.game().core.prompt(state).actor
    page = text_of(game.client.get(f"/s/{seat_tokens[actor.value]}"))
    board = page.split('class="mini-board"', 1)[1]
    act = f"/s/{seat_tokens[actor.value]}/act"
    assert board.count('class="tap"') == len({a.space for a in legal_actions(state)})
    assert f'hx-post="{act}"' in board and 'hx-target="#seat"' in board
    other = next(t for c, t in seat_tokens.items() if c != actor.value)
    assert 'class="tap"' not in text_of(game.client.get(f"/s/{other}"))


def test_a_phone_cannot_play_another_colors_start_roll(game, seat_tokens):
    game.act_ok(action=json.dumps({"type": "turn_card", "card": "P1"}))
    state = game.game().state
    assert state.cursor.step is Step.START_ROLLS
    actor = game.game().core.prompt(state).actor
    other = RollForStartOrder(next(c for c in state.colors if c != actor), 7)
    before = game.revision
    response = phone_plays(game, seat_tokens[actor.value], other)
    assert response.status_code == 422 and game.revision == before
    own = phone_post(game, seat_tokens[actor.value], kind="dice", d1=9)
    assert own.status_code == 200, alert_of(own)
    assert game.game().entries[-1].color == actor and game.game().entries[-1].total == 9


def test_roll_for_me_on_the_awaited_phone_only(game, seat_tokens):
    game.act_ok(action=json.dumps({"type": "turn_card", "card": "P1"}))
    actor = game.game().core.prompt(game.game().state).actor
    other = next(c for c in seat_tokens if c != actor.value)
    before = game.revision
    refused = phone_post(game, seat_tokens[other], "/roll")
    assert refused.status_code == 422 and "not yours to roll" in alert_of(refused)
    assert game.revision == before
    rolled = phone_post(game, seat_tokens[actor.value], "/roll")
    assert rolled.status_code == 200 and game.revision == before + 1
    assert game.game().entries[-1].color == actor


# ----- the laptop steps in; nothing doubles -----------------------------------------------------
def test_the_phone_and_the_console_at_the_same_moment_record_one_action(game, seat_tokens):
    state, actor = to_movement(game)
    first, second = legal_actions(state)[:2]
    seen = game.revision
    assert phone_plays(game, seat_tokens[actor.value], first, revision=seen).status_code == 200
    late = game.play(second, revision=seen)
    assert late.status_code == 409 and "the table moved on" in alert_of(late)
    assert game.revision == seen + 1 and game.game().entries[-1] == first
    # and the other way round: the console first, the phone late
    state = game.game().state
    actor = game.game().core.prompt(state).actor
    seen = game.revision
    choice = legal_actions(state)[0]
    game.play_ok(choice)
    token = seat_tokens.get(actor.value)
    late = phone_plays(game, token, choice, revision=seen)
    assert late.status_code == 409 and "the table moved on" in alert_of(late)
    assert game.revision == seen + 1


def test_a_phone_tap_sent_twice_is_recorded_once(game, seat_tokens):
    state, actor = to_movement(game)
    choice = legal_actions(state)[0]
    seen = game.revision
    tap = "phoneTapTwice-0001"
    first = phone_plays(game, seat_tokens[actor.value], choice, revision=seen, tap=tap)
    assert first.status_code == 200
    again = phone_plays(game, seat_tokens[actor.value], choice, revision=seen, tap=tap)
    assert again.status_code == 200 and "already recorded" in text_of(again)
    assert game.revision == seen + 1


# ----- the referee enters everything --------------------------------------------------------------
def test_with_the_referee_entering_a_phone_is_refused_until_the_console_hands_over(
    referee,
):
    referee.create_game(entering="referee")
    tokens = referee.store.seat_tokens(referee.game_id)
    to_movement(referee)
    state = referee.game().state
    actor = referee.game().core.prompt(state).actor
    assert phone_choices(referee, tokens[actor.value]) is None
    assert "data-waiting-phone" not in text_of(referee.console())
    before = referee.revision
    refused = phone_plays(referee, tokens[actor.value], legal_actions(state)[0])
    assert refused.status_code == 422
    assert "The referee enters every choice in this game" in alert_of(refused)
    assert referee.revision == before
    assert referee.post("/entering", {"by": "phones"}).status_code == 200
    assert phone_choices(referee, tokens[actor.value]) is not None
    assert phone_plays(referee, tokens[actor.value], legal_actions(state)[0]).status_code == 200


def test_the_decoys_phone_never_acts(referee):
    players = [("Ana", "red"), ("Ben", "yellow")]
    referee.create_game(players=players, two_players="decoy")
    tokens = referee.store.seat_tokens(referee.game_id)
    decoy = next(p for p in referee.game().setup.people if p.decoy).holder
    referee.act_ok(action=json.dumps({"type": "turn_card", "card": "P1"}))
    while referee.game().core.prompt(referee.game().state).actor != decoy:
        referee.act_ok(kind="dice", d1=12 - referee.revision)
    before = referee.revision
    refused = phone_post(referee, tokens[decoy.value], kind="dice", d1=3)
    assert refused.status_code == 422 and "The decoy plays itself" in alert_of(refused)
    assert referee.revision == before
    assert phone_choices(referee, tokens[decoy.value]) is None


def test_in_double_play_a_persons_phone_acts_for_both_colors(referee):
    players = [("Ana", "red"), ("Ana", "yellow"), ("Ben", "green"), ("Ben", "blue")]
    referee.create_game(players=players, two_players="double1")
    tokens = referee.store.seat_tokens(referee.game_id)
    referee.act_ok(action=json.dumps({"type": "turn_card", "card": "P1"}))
    seen = set()
    while referee.game().state.cursor.step is Step.START_ROLLS:
        actor = referee.game().core.prompt(referee.game().state).actor
        person = next(p for p in referee.game().setup.people if actor in p.colors)
        token = tokens[person.holder.value]  # the person's one QR code
        response = phone_post(referee, token, kind="dice", d1=12 - len(seen))
        assert response.status_code == 200, alert_of(response)
        seen.add(actor)
    assert seen == {c for p in referee.game().setup.people for c in p.colors}


# ----- Urland: the same switch; secret choices stay on the phones -------------------------------
def test_urland_referee_entering_hides_the_turn_from_phones_but_keeps_the_secret_ones(referee):
    from urland_web import create_urland, import_prefix, seat_post

    from companion.tracker.urland import projection
    from companion.tracker.urland.state import Step

    create_urland(referee, entering="referee")
    assert referee.game().setup.phones is False
    state = import_prefix(referee, Step.ACTIONS)  # a recorded game (phones), then switched
    assert referee.post("/entering", {"by": "referee"}).status_code == 200
    tokens = referee.store.seat_tokens(referee.game_id)
    actor = referee.game().core.prompt(state).actor
    page = text_of(referee.client.get(f"/s/{tokens[actor.value]}"))
    assert "your-choices" not in page
    choice = projection.choices(state, actor)[0]
    before = referee.revision
    refused = seat_post(referee, tokens[actor.value], {"action": json.dumps(choice)})
    assert refused.status_code == 422 and "The referee enters every choice" in text_of(refused)
    assert referee.revision == before
    assert "data-waiting-phone" not in text_of(referee.console())

    state = import_prefix(referee, Step.KEEP)  # the kept token: the environment player's phone
    assert referee.post("/entering", {"by": "referee"}).status_code == 200
    env = referee.game().core.prompt(state).actor
    keep = projection.choices(state, env)[0]
    assert keep["type"] == "keep"
    assert "your-choices" in text_of(referee.client.get(f"/s/{tokens_of(referee)[env.value]}"))
    kept = seat_post(referee, tokens_of(referee)[env.value], {"action": json.dumps(keep)})
    assert kept.status_code == 200, text_of(kept)[:300]


def tokens_of(referee) -> dict[str, str]:
    return referee.store.seat_tokens(referee.game_id)


def test_urland_other_phones_and_the_tv_see_who_is_choosing(referee):
    from urland_web import import_prefix

    from companion.tracker.urland.state import Step

    state = import_prefix(referee, Step.ACTIONS)
    actor = referee.game().core.prompt(state).actor
    tokens = tokens_of(referee)
    for color, token in tokens.items():
        page = text_of(referee.client.get(f"/s/{token}"))
        assert ("is choosing on their phone" in page) == (color != actor.value)
    tv = text_of(referee.client.get(f"/b/{referee.game().board_token}"))
    assert f'data-choosing="{actor.value}"' in tv
    assert f'data-waiting-phone="{actor.value}"' in text_of(referee.console())


# ----- hidden information stays on the allowed phone ----------------------------------------------
def test_a_sensing_secret_stays_on_its_holders_phone_whoever_is_choosing(referee):
    """003 §Migration Sensing: the next card for its holder alone. With the phones choosing,
    the awaited phone's choices and the other pages' 'is choosing' lines never carry it."""
    import random

    from companion.tracker.ursuppe.state import Phase

    referee.create_game(
        extra_mode="fixed_list",
        extra_gene=["migration_sensing"],
        cards="app",
        deck_confirmed="on",
    )
    rng = random.Random(3)
    while referee.game().state.phase is not Phase.MOVEMENT:
        referee.play_ok(rng.choice(legal_actions(referee.game().state)))
    fields = {"field": "gene", "value": 1, "color": "blue", "gene": "migration_sensing"}
    assert referee.post("/correct", {**fields, "reason": "t"}).status_code == 200
    tokens = tokens_of(referee)
    seen_choosing = set()
    for _ in range(40):
        state = referee.game().state
        if state.phase is not Phase.MOVEMENT:
            break
        secret = f"Card {state.shuffled_order[0]}:"  # the next card, while it is next
        actor = referee.game().core.prompt(state).actor
        pages = {c: text_of(referee.client.get(f"/s/{t}")) for c, t in tokens.items()}
        if actor is not None:
            seen_choosing.add(actor.value)
            assert "data-phone-choices" in pages[actor.value]
        for color, page in pages.items():
            assert (secret in page) == (color == "blue"), color
            section = CHOICES_RE.search(page)
            if section and color != "blue":
                assert secret not in section.group(1)
        assert secret not in text_of(referee.console())
        assert secret not in text_of(referee.client.get(f"/b/{referee.game().board_token}"))
        referee.play_ok(rng.choice(legal_actions(state)))
    assert len(seen_choosing) >= 2, seen_choosing


def test_urland_the_app_draws_by_itself_when_set_up_so_and_never_after_an_undo(referee):
    """With "drawn by the app by itself", chance (the deal, a token, genes, an erupting
    region) never waits for the laptop: the phones play on, and the log says the app drew."""
    import random

    from urland_web import create_urland

    from companion.tracker.urland import projection

    create_urland(referee, draws="auto")
    tokens = tokens_of(referee)
    rng = random.Random(5)
    drawn_by_app = 0
    for _ in range(60):
        game = referee.game()
        assert game.core.chance(game.state) is None, game.state.step
        state = game.state
        for color in state.colors:
            offered = projection.choices(state, color)
            if offered:
                data = {"action": json.dumps(rng.choice(offered))}
                if state.step.value == "bid":
                    data = {"bid": "0"}
                response = phone_post(referee, tokens[color.value], **data)
                assert response.status_code == 200, alert_of(response)
                break
        else:
            raise AssertionError(f"no phone is offered anything at {state.step}")
        drawn_by_app = sum("(the app drew it by itself)" in str(i.label) for i in game.log)
    assert drawn_by_app >= 1
    page = text_of(referee.console())
    assert "(the app drew it by itself)" in page
    before = referee.game()
    drawn = [i.seq for i in before.log if "(the app drew it by itself)" in str(i.label)]
    undo = referee.post("/undo", {"seq": drawn[-1] - 1})
    assert undo.status_code == 200
    assert referee.game().core.chance(referee.game().state) is not None  # not drawn again


def test_urland_a_phone_tap_sent_twice_is_recorded_once_and_says_so(referee):
    from urland_web import import_prefix

    from companion.tracker.urland import projection
    from companion.tracker.urland.state import Step

    state = import_prefix(referee, Step.ACTIONS)
    actor = referee.game().core.prompt(state).actor
    choice = json.dumps(projection.choices(state, actor)[0])
    token, seen, tap = tokens_of(referee)[actor.value], referee.revision, "urlandTwice-0001"
    first = phone_post(referee, token, revision=seen, action=choice, tap=tap)
    assert first.status_code == 200 and referee.revision == seen + 1
    again = phone_post(referee, token, revision=seen, action=choice, tap=tap)
    assert again.status_code == 200 and "already recorded" in text_of(again)
    assert referee.revision == seen + 1
