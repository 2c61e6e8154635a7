"""The Urland rules the engine cites: sections of its printed Italian rulebook (002).

Each constant is a `Rule` (companion/tracker/citations.py) naming one section as printed, so
the shell cites "Urland Italian rules, 2.3 Punteggio" in every reader's language; where the
book is silent or loose the companion's own reading is cited as such (docs/readings.md).
"""

from __future__ import annotations

from companion.tracker.citations import urland_reading, urland_rule
from companion.tracker.msg import N_

SETUP = urland_rule("urland-setup", "1. Preparazione")
FIRST_VOLCANO = urland_rule("urland-setup", "1. Preparazione, punto 3")
DEAL = urland_rule("urland-setup", "1. Preparazione, punti 4-6")
FIRST_GENES = urland_rule("urland-setup", "1. Preparazione, punto 7")
FIRST_DRAW = urland_rule("urland-setup", "1. Preparazione, punto 8")
PLACEMENT = urland_reading(
    "urland-setup",
    N_("one Ichto goes to each region of a dealt token: only so do the printed reserves add up"),
)
ROLES = urland_rule("urland-roles", "2. Sequenza di gioco: Ruolo dei Giocatori")
CHOOSE_REGION = urland_rule("urland-roles", "2.1 Scelta della regione per il punteggio")
ICHTO_ORDER = urland_reading(
    "urland-roles",
    N_("the Ichto players act counterclockwise, beginning at the environment player's right"),
)
ACTIONS = urland_rule("urland-actions", "2.2 Azioni degli Ichto")
LAND = urland_rule("urland-actions", "2.2 Azioni degli Ichto: 1. Approdare")
PROLIFERATE = urland_rule("urland-actions", "2.2 Azioni degli Ichto: 2. Prolificare")
SWIM = urland_rule("urland-actions", "2.2 Azioni degli Ichto: 3. Nuotare")
RETREAT = urland_rule("urland-actions", "2.2 Azioni degli Ichto: 4. Ritirata")
DOUBLE_TURN = urland_rule("urland-actions", "2.2 Azioni degli Ichto: Doppio Turno")
SCORING = urland_rule("urland-scoring", "2.3 Punteggio")
TRACK = urland_rule("urland-scoring", "2.3 Punteggio: Percorso Segnapunti")
TOKENS = urland_rule("urland-scoring", "2.3 Punteggio: Gettoni")
MUTATION_DUE = urland_rule("urland-scoring", "2.3 Punteggio: Mutazione?")
ONE_MUTATION = urland_reading(
    "urland-scoring",
    N_("each mutation space calls one mutation, once; a scoring calls at most one mutation"),
)
TURN_END = urland_rule("urland-turn-end", "2.4 Fine del turno")
MUTATION = urland_rule("urland-mutation", "3.1 Mutazione")
BIDS = urland_rule("urland-mutation", "3.1 Mutazione: 1. Offerte")
CHOICE = urland_rule("urland-mutation", "3.1 Mutazione: 2. Scelta dei Geni")
PRICE = urland_rule("urland-mutation", "3.1 Mutazione: 3. Prezzo")
MORE_GENES = urland_rule("urland-mutation", "3.1 Mutazione: 4. Altri Geni")
NEW_GENES = urland_rule("urland-mutation", "3.1 Mutazione: 5. Sostituzione")
PANIC = urland_rule("urland-panic", "3.2 Panico")
EMPTY_PANIC = urland_reading("urland-panic", N_("a panic with no Ichto on land moves nobody"))
VOLCANOES = urland_rule("urland-volcanoes", "3.3 Vulcani e nuove epoche")
LOSSES = urland_rule("urland-volcanoes", "3.3 Vulcani e nuove epoche: Perdite")
NEW_EPOCH = urland_rule("urland-volcanoes", "3.3 Vulcani e nuove epoche: Nuove epoche")
JOINED = urland_reading(
    "urland-volcanoes",
    N_("a volcano whose neighbour is already part of the same region joins nothing new"),
)
NO_TILES = urland_reading(
    "urland-volcanoes",
    N_("when the seventh volcano tile is placed the game ends with the final scorings"),
)
END = urland_rule("urland-end", "4. Fine del gioco")
FINAL = urland_rule("urland-end", "4. Fine del gioco: Punteggio Finale")
WINNER = urland_rule("urland-end", "4. Fine del gioco: Il vincitore")
NO_LATE_MUTATION = urland_reading("urland-end", N_("a mutation due when the game ends is not held"))
GENES = urland_rule("urland-genes", "5. Geni")
CORRECTION = urland_reading(
    "urland-corrections", N_("the referee sets what the table shows, with a reason")
)
SECRET_CORRECTION = urland_reading(
    "urland-corrections",
    N_("a face-down token is corrected on its owner's phone, and only its owner reads it"),
)
