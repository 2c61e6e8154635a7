"""The rules engines: one pure functional core per game (no web, database, randomness or clock),
and what the games share, in one place.

Shared by both games (import nothing from either game's package, except the registry):
- `msg.py`: messages (`msg`, `nmsg`, `N_`, `P_`) that each screen renders in its language.
- `errors.py`: `InvalidAction` and `IllegalAction`, each refusal naming its rule.
- `citations.py`: the printed rulebooks, a `Rule`, and how a rule is cited to a reader.
- `colors.py`: the players' colors, each with its name and its own shape's glyph.
- `persons.py`: a person at the table and the colors they play (one, or two in double play).
- `declare.py`: the one way both games declare an action (`@verb("drift")`: a frozen
  dataclass with its verb, registered with its game; `normalised` fields).
- `track.py`: the score track where a marker skips the occupied spaces.
- `record_core.py`: the record format, the undo marker and the JSON reader.
- `record_errors.py`: what the record reader and the undo say when they refuse.
- `text.py`: the checks on the text a table types (names, notes).
- `correcting.py`: what both games' referee corrections share (the reason, the log's line).
- `derivation.py`: a "why this number" derivation (what, inputs, rule, options, source).
- `moments.py`: a decisive moment of a game's story (what happened, at which entry).
- `game.py`: the game interface the shell uses, and the registry of the games.

One package per game:
- `ursuppe/`: Ursuppe (its public API: `new_game`, `legal_actions`, `apply`, `replay`, ...),
  grouped by concern:
  - at the top, the engine and its frame: `engine` (the public engine), `flow` (the phase
    machine's facade), `handlers`, `choices` (the one place that decides what is legal),
    `state` (with `setup`, `steps`, `pieces`, `cursor`), `actions` (with `cubes`), `data`
    (rules data), `options`, `sources` (citations);
  - `rules/`: the rule areas as pure calculations (movement, feeding, defects, market,
    division, deaths, scoring, attacks), the board, people (persons, the decoy);
  - `genes/`: what a gene card is, and the extra genes (their data, actions, labels,
    refusals, and one module per rule they change);
  - `phases/`: one module per phase, handing the game on by name (no phase imports another);
  - `acts/`: what each action does, one table of handlers per rule area;
  - `views/`: what each reader may see (public board, one seat), the prompt, labels, why,
    moment, outcome;
  - `record/`: the record document and its undo, the state codec, the actions' field values,
    the referee's corrections, the history's stack;
  - `refusals/`: why an action is not legal now, naming its rule.
- `urland/`: Urland, the designers' sister game (one module per rule area).

No module here touches the interpreter's global state (no garbage-collector switch, no
thread, no module-level cache): what the core works out about a state is kept on that state
(`GameState.answers`). The shell holds the collector off during a long replay
(`companion/gcpause.py`) and keeps its own memos (`companion/memo.py`).
"""
