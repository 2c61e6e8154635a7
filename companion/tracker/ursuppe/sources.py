"""Ursuppe's citations: its rule areas, and where each of its printed rulebooks says a rule.

Each area is one rules page of the app; `AREA_SECTIONS` gives its own section in each book,
the titles as printed. The group tells at setup which rulebook it holds
(`GameSetup.rulebook`). The 5-6 player rules are printed in the English expansion and in the
Italian rules. The books, `Rule` and how a rule is cited in a reader's language are shared
with Urland: `companion/tracker/citations.py`.
"""

from __future__ import annotations

from companion.tracker.citations import Book, Rule
from companion.tracker.msg import N_

# The rulebooks a group may hold (the base game); the English expansion adds 5-6 players.
RULEBOOKS = (Book.SPANISH, Book.SPANISH_2, Book.ITALIAN)

# The rule areas, in the order of a game; each is one rules page of the app.
AREAS = {
    "setup": "Setup",
    "start_order": "Start order",
    "placement": "Placing the first amoebas",
    "turn_order": "Turn order: ascending, descending, numerical",
    "movement": "Phase 1: drift and movement",
    "compass": "The compass die",
    "feeding": "Phase 1: feeding and excretion",
    "shortage": "Food shortage",
    "attacks": "Attacks and fights",
    "environment": "Phase 2: environment and gene defects",
    "genes": "Phase 3: new genes",
    "advanced_genes": "Advanced genes",
    "division": "Phase 4: cell division",
    "deaths": "Phase 5: deaths",
    "scoring": "Phase 6: scoring",
    "game_end": "Game end",
    "corrections": "Referee corrections",
    "two_players": "Two players",
}


ES, ES2, IT, EN = Book.SPANISH, Book.SPANISH_2, Book.ITALIAN, Book.ENGLISH_5_6

# Each area's own section in each book, with the titles as printed (3-4 players).
AREA_SECTIONS: dict[str, dict[Book, str]] = {
    "setup": {ES: "PREPARACIÓN", ES2: "Preparar", IT: "Preparazione", EN: "Preparation"},
    "start_order": {
        ES: "Determinar el Jugador de Comienzo",
        ES2: "Preparar",
        IT: "Determinare il Primo Giocatore",
        EN: "Determine Starting Player",
    },
    "placement": {
        ES: "Colocar Amebas",
        ES2: "Preparar",
        IT: "Posizionamento delle Amebe",
        EN: "Placing Amoebas",
    },
    "turn_order": {
        ES: "Orden Ascendente/Descendente",
        IT: "Ordine Ascendente / Discendente",
    },
    "movement": {
        ES: "Fase 1: Movimiento y Alimentación",
        ES2: "Fase 1: Movimiento y alimentación",
        IT: "Fase 1: Movimento e Alimentazione",
    },
    "compass": {ES: "Brújula", ES2: "Fase 1: Movimiento y alimentación", IT: "Bussola"},
    "feeding": {
        ES: "Fase 1: Movimiento y Alimentación",
        ES2: "Fase 1: Movimiento y alimentación",
        IT: "Fase 1: Movimento e Alimentazione",
        EN: "Phase 1: Movement and Feeding",
    },
    "shortage": {
        ES: "Escasez de Material Alimenticio e Inanición",
        ES2: "Fase 1: Movimiento y alimentación",
        IT: "Carenza di Cibo e soffrire la fame",
    },
    "attacks": {ES: "EL PROYECTO GENOMA DE AMEBA", IT: 'LE CARTE GENE "NORMALE"'},
    "environment": {
        ES: "Fase 2: Medio Ambiente y Defectos Genéticos",
        ES2: "Fase 2: Medio ambiente y defectos genéticos",
        IT: "Fase 2: Ambiente e Perdita dei Geni",
    },
    "genes": {ES: "Fase 3: Nuevos Genes", ES2: "Fase 3: Nuevos genes", IT: "Fase 3: Nuovi Geni"},
    "advanced_genes": {ES: "Genes Avanzados", IT: 'LE CARTE GENE "SUPERIORE"'},
    "division": {
        ES: "Fase 4: División Celular",
        ES2: "Fase 4: División celular",
        IT: "Fase 4: Divisione Cellulare",
        EN: "Phase 4: Cell Division",
    },
    "deaths": {ES: "Fase 5: Muertes", ES2: "Fase 5: Muertes", IT: "Fase 5: Morte"},
    "scoring": {
        ES: "Fase 6: Puntuación",
        ES2: "Fase 6: Puntuación",
        IT: "Fase 6: Punteggio",
        EN: "Phase 6: Scoring",
    },
    "game_end": {ES: "FINAL DEL JUEGO", ES2: "Fin del juego", IT: "Fine della Partita"},
    "corrections": {},
    "two_players": {ES: "Ursuppe para 2 jugadores"},
}


def rule(area: str, sections: dict[Book, str] | None = None) -> Rule:
    """A rule of an area: the given sections, or the area's own section in each book."""
    assert area in AREAS, area
    table = AREA_SECTIONS[area] if sections is None else sections
    return Rule(area, tuple(table.items()))


def base_rule(area: str) -> Rule:
    """A rule of an area as the base game (3-4 players) says it: no 5-6 player expansion."""
    return rule(area, {b: s for b, s in AREA_SECTIONS[area].items() if b is not EN})


def reading(area: str, text: str) -> Rule:
    """The companion's own reading, where the books are silent or loose (`text`: an English
    message marked with `N_`, translated where it is shown)."""
    return rule(area, {Book.COMPANION: text})


def area_sections(area: str) -> dict[Book, tuple[str, ...]]:
    """Every section of each book cited for an area (its own section first), in book order."""
    found: dict[Book, list[str]] = {b: [s] for b, s in AREA_SECTIONS[area].items()}
    for value in globals().values():
        if isinstance(value, Rule) and value.area == area:
            for book, section in value.sections:
                if book is not Book.COMPANION and section not in found.setdefault(book, []):
                    found[book].append(section)
    return {b: tuple(found[b]) for b in Book if found.get(b)}


# ----- the rules the engine cites -----------------------------------------------------
SETUP = rule("setup")
START_ORDER = base_rule("start_order")
START_ORDER_5_6 = rule("start_order", {EN: "Determine Starting Player", IT: "3.2 Iniziare"})
PLACEMENT = base_rule("placement")
PLACEMENT_5_6 = rule("placement", {EN: "Placing Amoebas", IT: "3.1 Materiale"})
ORDER = rule("turn_order")
NUMERICAL_ORDER = rule(
    "turn_order",
    {ES: "Orden Numérico", ES2: "Fase 1: Movimiento y alimentación", IT: "Ordine Numerico"},
)
PHASE_1 = rule("movement")
NO_DRIFT = rule("movement", {ES2: "Fase 1: Movimiento y alimentación"})
COMPASS = rule("compass")
FEEDING = base_rule("feeding")
FEEDING_5_6 = rule("feeding", {EN: "Phase 1: Movement and Feeding", IT: "3.3 Nutrirsi"})
OPTIONAL_FEEDING_GENES = rule(
    "feeding", {ES: "EL PROYECTO GENOMA DE AMEBA", EN: "The Amoeba Genome Project, 5-6 Players"}
)
FEEDING_GENES_NOTE = rule(
    "feeding", {ES: "EL PROYECTO GENOMA DE AMEBA", IT: 'LE CARTE GENE "NORMALE"'}
)
SHORTAGE = rule("shortage")
PHASE_2 = rule("environment")
DEFECT_EXAMPLE = rule("environment", {IT: "Perdita delle Carte Gene"})
PHASE_3 = rule("genes")
GENE_TABLE = rule("genes", {ES: "EL PROYECTO GENOMA DE AMEBA", IT: 'LE CARTE GENE "NORMALE"'})
GENE_TABLE_5_6 = rule(
    "genes", {EN: "The Amoeba Genome Project, 5-6 Players", IT: 'LE CARTE GENE "NORMALE"'}
)
MOVEMENT_GENES = rule(
    "movement", {ES: "EL PROYECTO GENOMA DE AMEBA", IT: 'LE CARTE GENE "NORMALE"'}
)
SPEED_QA = rule("movement", {ES: "Preguntas y Respuestas"})
ADVANCED = rule("advanced_genes")
# The extra genes (Advanced Genome Project): how they enter, and their table.
EXTRA_PLAY = rule("genes", {EN: "Play", IT: "4.2 Il Gioco"})
EXTRA_GENE_TABLE = rule(
    "genes", {EN: "The Amoeba Advanced Genome Project", IT: 'LE CARTE GENE "NORMALE"'}
)
EXTRA_ADVANCED = rule(
    "advanced_genes", {EN: "The Amoeba Advanced Genome Project", IT: 'LE CARTE GENE "SUPERIORE"'}
)
ATTACKS = rule("attacks")
ADVANCED_ATTACKS = rule("attacks", {ES: "Genes Avanzados", IT: 'LE CARTE GENE "SUPERIORE"'})
ATTACKS_QA = rule("attacks", {ES: "Preguntas y Respuestas"})
VIOLENT_DEATH = rule("attacks", {ES: "Muerte", IT: "Morte"})
ARMOR_DEATH = reading("attacks", N_("an armoured amoeba pushed to its DP limit dies at once"))
PHASE_4 = base_rule("division")
FREE_AMOEBA = rule("division", {IT: "Fase 4: Divisione Cellulare", ES2: "Fase 4: División celular"})
DIVISION_5_6 = rule("division", {EN: "Phase 4: Cell Division", IT: "3.4 Divisione Cellulare"})
PHASE_5 = rule("deaths")
PHASE_6 = base_rule("scoring")
SCORING_5_6 = rule("scoring", {EN: "Phase 6: Scoring", IT: "3.5 Calcolo dei Punti"})
GAME_END = rule("game_end")
EARLY_END = rule("game_end", {ES2: "Fin del juego"})
CORRECTION = reading("corrections", N_("the referee sets what the table shows, with a reason"))
TWO_PLAYERS = rule("two_players")
UNDO = reading("corrections", N_("an undo is recorded in the log; nothing is erased"))
ENTERING = reading(
    "corrections",
    N_("who enters the players' choices is the table's arrangement: it never changes a result"),
)

# ----- extra genes (the Advanced Genome Project), by the rule area each one changes -----
AGP = "The Amoeba Advanced Genome Project"
IT_NORMAL, IT_ADVANCED = 'LE CARTE GENE "NORMALE"', 'LE CARTE GENE "SUPERIORE"'
EXTRA_FEEDING = rule("feeding", {EN: AGP, IT: IT_NORMAL})
EXTRA_FEEDING_ADVANCED = rule("feeding", {EN: AGP, IT: IT_ADVANCED})
EXTRA_MOVEMENT = rule("movement", {EN: AGP, IT: IT_NORMAL})
EXTRA_ATTACKS = rule("attacks", {EN: AGP, IT: IT_NORMAL})
EXTRA_ATTACKS_ADVANCED = rule("attacks", {EN: AGP, IT: IT_ADVANCED})
EXTRA_DIVISION = rule("division", {EN: AGP, IT: IT_NORMAL})
EXTRA_DIVISION_ADVANCED = rule("division", {EN: AGP, IT: IT_ADVANCED})
EXTRA_DEATHS = rule("deaths", {EN: AGP, IT: IT_NORMAL})
EXTRA_SCORING = rule("scoring", {EN: AGP, IT: IT_NORMAL})
EXTRA_GENES_MARKET = rule("genes", {EN: AGP, IT: IT_NORMAL})
EXTRA_GAME_END = rule("game_end", {EN: AGP, IT: IT_NORMAL})
EXTRA_ENVIRONMENT = rule("environment", {EN: AGP, IT: IT_NORMAL})
EXTRA_ENVIRONMENT_ADVANCED = rule("environment", {EN: AGP, IT: IT_ADVANCED})
SOCIAL_READING = reading("scoring", N_("after all markers moved; a player with 0 BP pays nothing"))
ENERGY_READING = reading(
    "movement", N_("every amoeba that chose to drift earns 1 BP, even if an obstacle stops it")
)
SWAP_READING = reading(
    "genes",
    N_("a held gene for an available non-advanced one; a gene taken by a swap is kept this turn"),
)
EXPLOSION_READING = reading(
    "division", N_("optional at the holder's turn; the income just received is given up too")
)
CRUST_READING = reading(
    "attacks", N_("an attacker who gives up (or has no BP) fails: in phase 1 it starves")
)
CLEANLINESS_READING = reading(
    "feeding", N_("both excreted cubes go onto the amoeba's space or one orthogonal neighbour")
)
TOXIC_READING = reading(
    "feeding",
    N_("the DP tokens go to the next amoeba that drifts, moves, escapes, rides or bounces in"),
)
ALARM_READING = reading(
    "attacks", N_("after an amoeba is eaten in phase 1, the owner's others may escape this round")
)
MOUTHFUL_READING = reading(
    "attacks", N_("an amoeba attacked in phase 1 survives with 1 DP; no cubes are placed")
)
BANG_READING = reading(
    "deaths", N_("in phase 5 an amoeba that reaches its limit from the blast dies at once")
)
