"""The rule areas: pure calculations, one module per area of the rulebook (movement, feeding,
defects, market, division, deaths, scoring, attacks), the soup's board, and who owns which
color (persons, the decoy). What each action does is in `acts/`, who acts next in `phases/`."""
