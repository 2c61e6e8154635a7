"""The engine's explanations leave the core as message ids with parameters.

Every event of the golden games of examples/ (and of seeded random games and of the attacks
and defences random games seldom reach: fights, escapes, Persistence, Aggression, Armor) is a
`Msg` whose id is a string
literal the engine's code marks for the catalogs (`msg(...)`, `nmsg(...)` in
companion/tracker), so `scripts/catalogs` extracts it and each language can translate it.
Its parameters are numbers, game words (`Term`, marked with `P_`), sequences of those, nested
messages, or verbatim data never translated (a player's name, a shape's glyph, an
environment card's id): never an English word as a plain string. The English rendering is
the event's text.
"""

from __future__ import annotations

import ast
import json
import random
import re
from functools import cache
from pathlib import Path

import pytest
from builders import aid, at_phase, play, position, setup_for
from playout import choose
from seeds import seeds

from companion.tracker.colors import SHAPES, Color
from companion.tracker.msg import Msg, Seq, Term, render
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import apply, new_game
from companion.tracker.ursuppe.options import ArmorVsAggression, RuleOptions
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record
from companion.tracker.ursuppe.state import GameSetup, Phase

ROOT = Path(__file__).resolve().parents[1]
TRACKER = ROOT / "companion" / "tracker"
EXAMPLES = sorted(
    p for p in (ROOT / "examples").glob("*.json") if not p.name.endswith(".expected.json")
)
MARKERS = {"msg": 1, "nmsg": 2, "N_": 1}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
VERBATIM_FOR_ONE_WORD = "{text}"  # Msg("{text}", ...): one reference shown alone


def _calls(tree: ast.AST):
    """Every call of a marker function in a module: (name, node)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in MARKERS or name == "P_":
                yield name, node


@cache
def marked() -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """The message ids and the (context, game word) pairs the engine's code marks."""
    ids: set[str] = set()
    words: set[tuple[str, str]] = set()
    for path in TRACKER.rglob("*.py"):
        for name, call in _calls(ast.parse(path.read_text(encoding="utf-8"))):
            literals = [a.value for a in call.args if isinstance(a, ast.Constant)]
            if name == "P_":
                words.add((literals[0], literals[1]))
            else:
                ids.update(v for v in literals if isinstance(v, str))
    return frozenset(ids), frozenset(words)


def verbatim(setup: GameSetup) -> set[str]:
    """Text shown as it is in every language: names, glyphs, environment card ids."""
    return (
        {s.name for s in setup.seats}
        | {shape.glyph for shape in SHAPES.values()}
        | {c.id for c in setup.deck}
    )


def problems(value, allowed: set[str], where: str = "msg") -> list[str]:
    """What keeps a message from being rendered in another language (empty: nothing)."""
    ids, words = marked()
    found = []
    if isinstance(value, Msg):
        names = {k for k, _ in value.params}
        if value.id == VERBATIM_FOR_ONE_WORD:
            if any(isinstance(v, str) for _, v in value.params):
                found.append(f"{where}: a plain string wrapped as a message: {value}")
        elif value.id not in ids or (value.plural is not None and value.plural not in ids):
            found.append(f"{where}: id not marked in the engine's code: {value.id!r}")
        for template in (value.id, value.plural or ""):
            missing = set(PLACEHOLDER.findall(template)) - names
            if missing:
                found.append(f"{where}: {value.id!r} lacks parameters {sorted(missing)}")
        for name, param in value.params:
            found += problems(param, allowed, f"{where}.{name}")
    elif isinstance(value, Term):
        if (value.context, value.text) not in words:
            found.append(f"{where}: game word not marked with P_: {value}")
    elif isinstance(value, Seq):
        for i, part in enumerate(value.parts):
            found += problems(part, allowed, f"{where}[{i}]")
    elif isinstance(value, str):
        if value not in allowed:
            found.append(f"{where}: English text as a plain string: {value!r}")
    elif not isinstance(value, int):
        found.append(f"{where}: not a message parameter: {value!r}")
    return found


def check_events(setup: GameSetup, events) -> None:
    allowed = verbatim(setup)
    bad = []
    for event in events:
        assert isinstance(event.msg, Msg), event
        assert render(event.msg) == event.text
        bad += [f"{p} (in {event.text!r})" for p in problems(event.msg, allowed)]
    assert not bad, "\n".join(sorted(set(bad))[:30])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_event_of_a_golden_game_is_a_marked_message_with_neutral_parameters(path):
    record = record_from_dict(json.loads(path.read_text()))
    _, history = replay_record(record)
    events = [e for _, _, events in history for e in events]
    assert events
    check_events(record.setup, events)


@pytest.mark.parametrize("seed", seeds(0, 60, normal=20))
def test_every_event_of_a_random_game_is_a_marked_message_with_neutral_parameters(seed):
    rng = random.Random(seed)
    setup = setup_for(3 + seed % 4, colors=tuple(rng.sample(list(Color), 6)))
    state, events = new_game(setup), []
    while state.phase is not Phase.OVER:
        state, new = apply(state, choose(rng, state))
        events += new
    check_events(setup, events)


RED1, YELLOW1, GREEN1 = aid("red-1"), aid("yellow-1"), aid("green-1")
STRUGGLE = "struggle_for_survival"


def hungry(genes: dict[str, list[str]], amoebas=("red-1@8", "yellow-1@8")):
    """Red-1 on space 8 with nothing to eat, at its feeding step (card P9: no drift)."""
    no_food = {8: {"yellow": 0, "green": 0, "blue": 0}}
    genes = {"red": [STRUGGLE], **genes}
    state = position(4, amoebas=list(amoebas), genes=genes, cubes=no_food, card="P9")
    state, _ = play(at_phase(state, Phase.MOVEMENT), A.Drift(RED1))
    return state


def phase_5(genes: dict[str, list[str]], amoebas=("red-1@8", "yellow-1@8"), **options):
    """Red-1 and Yellow-1 on space 8 at phase 5, Red holding Aggression."""
    setup = setup_for(4, options=RuleOptions(**options))
    state = position(4, amoebas=list(amoebas), genes=genes, setup=setup)
    return at_phase(state, Phase.DEATHS)


ATTACKS = {
    "fight, tie, retry": (
        hungry({"red": [STRUGGLE, "persistence"], "yellow": ["defense"]}),
        (A.Attack(RED1, YELLOW1), A.Defend(), A.FightRoll(4, 4), A.FightRoll(1, 6)),
        (A.RetryAttack(YELLOW1),),
    ),
    "defender fights again": (
        hungry({"yellow": ["defense", "persistence"]}),
        (A.Attack(RED1, YELLOW1), A.Defend(), A.FightRoll(6, 1), A.RetryDefense()),
        (A.FightRoll(1, 6),),
    ),
    "ride along": (
        hungry({"red": [STRUGGLE, "holding"], "yellow": ["escape"]}),
        (A.Attack(RED1, YELLOW1), A.Escape(), A.RollMovement((2,))),
        (A.RideAlong(RED1, True),),
    ),
    "free escape, caught": (
        hungry({"yellow": ["escape", "streamlining"]}),
        (A.Attack(RED1, YELLOW1), A.Escape()),
        (A.RollMovement((5,)),),
    ),
    "aggression kills": (phase_5({"red": ["aggression"]}), (), (A.Strike(RED1, YELLOW1),)),
    "armor dies": (
        phase_5({"red": ["aggression"], "yellow": ["armor"]}, ("red-1@8", "yellow-1@8:1")),
        (),
        (A.Strike(RED1, YELLOW1),),
    ),
    "armor fails": (
        phase_5(
            {"red": ["aggression", "persistence"], "yellow": ["armor"]},
            armor_vs_aggression=ArmorVsAggression.FAILURE,
        ),
        (A.Strike(RED1, YELLOW1),),
        (A.DeclineRetry(),),
    ),
    "aggression defended": (
        phase_5({"red": ["aggression"], "yellow": ["defense"]}),
        (A.Strike(RED1, YELLOW1), A.Defend()),
        (A.FightRoll(2, 5),),
    ),
}


@pytest.mark.parametrize("name", ATTACKS)
def test_every_event_of_an_attack_is_a_marked_message_with_neutral_parameters(name):
    state, before, after = ATTACKS[name]
    state, events = play(state, *before)
    state, more = play(state, *after)
    assert more
    check_events(state.setup, events + more)


def test_every_message_id_in_the_engine_is_a_string_literal():
    """No id is built at run time (f-strings, concatenation): the extractor could not see it."""
    built = []
    for path in TRACKER.rglob("*.py"):
        for name, call in _calls(ast.parse(path.read_text(encoding="utf-8"))):
            count = 2 if name == "P_" else MARKERS[name]
            args = call.args[:count]
            if len(args) < count or not all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
            ):
                built.append(f"{path.name}:{call.lineno} {ast.unparse(call)[:80]}")
    assert not built, "\n".join(built)


def test_the_check_catches_english_strings_and_unmarked_ids():
    ids, _ = marked()
    assert "{who} attacks {target} on space {space}." not in ids  # no such id in the code
    unmarked = Msg("{who} attacks", (("who", "Ana"),))
    assert problems(unmarked, {"Ana"}) == [
        "msg: id not marked in the engine's code: '{who} attacks'"
    ]
    english = Msg("{text}", (("text", "drift north"),))
    assert problems(english, set()) == [
        "msg: a plain string wrapped as a message: drift north",
        "msg.text: English text as a plain string: 'drift north'",
    ]
