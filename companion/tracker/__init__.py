"""The rules engines: one pure functional core per game (no web, database, randomness or clock),
and what the games share, in one place.

Shared by both games (import nothing from either game's package, except the registry):
- `msg.py`: messages (`msg`, `nmsg`, `N_`, `P_`) that each screen renders in its language.
- `errors.py`: `InvalidAction` and `IllegalAction`, each refusal naming its rule.
- `citations.py`: the printed rulebooks, a `Rule`, and how a rule is cited to a reader.
- `colors.py`: the players' colors, each with its name and its own shape's glyph.
- `persons.py`: a person at the table and the colors they play (one, or two in double play).
- `track.py`: the score track where a marker skips the occupied spaces.
- `record_core.py`: the record format, the undo marker and the JSON reader.
- `record_errors.py`: what the record reader and the undo say when they refuse.
- `text.py`: the checks on the text a table types (names, notes).
- `game.py`: the game interface the shell uses, and the registry of the games.

One package per game:
- `ursuppe/`: Ursuppe (its public API: `new_game`, `legal_actions`, `apply`, `replay`, ...).
- `urland/`: Urland, the designers' sister game.
"""
