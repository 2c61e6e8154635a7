"""The rules pages in the app's own words, from setup to the food shortage (phase 1)."""

from __future__ import annotations

from flask_babel import gettext as _

from companion.web.rulepage import Page


def early_pages() -> dict[str, Page]:
    """The rule areas of the setup and phase 1 (English source, through gettext)."""
    return {
        "setup": Page(
            _("Setup"),
            [
                _(
                    "Each player takes a color, its amoebas (numbered 1 to 7; 1 to 6 in a "
                    "game of 5 or 6) and 4 BP."
                ),
                _(
                    "Every space of the soup gets 2 food cubes of every color in play; the "
                    "rest of the 55 cubes of each color is the supply beside the board."
                ),
                _(
                    "The gene cards depend on the number of players (with 3 players only the "
                    "cards marked 3). The 11 environment cards are shuffled and one is turned "
                    "face up on the compass."
                ),
                _(
                    "The app also asks for what no rulebook prints: the outline of your board, "
                    "your 11 environment cards and the length of the ladder. Until you type "
                    "your own cards, a placeholder deck is used and labelled."
                ),
            ],
            [
                _(
                    "The card turned is always part of the game's record: picked as turned at "
                    "the table, or drawn by the app from a shuffle it records."
                )
            ],
        ),
        "start_order": Page(
            _("Start order"),
            [
                _(
                    "Everybody rolls two dice; players who tie roll again among themselves. "
                    "The highest roll puts its score marker on a ladder space from 1 to the "
                    "number of players, then the next highest, and so on: one marker per space."
                ),
                _("With 5 or 6 players the spaces 1 to 5 or 1 to 6 are used."),
            ],
            [
                _(
                    "The referee may instead enter the start spaces as placed at the table, "
                    "before anyone rolls."
                )
            ],
        ),
        "placement": Page(
            _("Placing the first amoebas"),
            [
                _(
                    "In ascending order (the marker on space 1 first) each player puts one "
                    "amoeba on an empty space. With 4 or more players each of these amoebas "
                    "gets 1 DP; with 3 players none."
                ),
                _(
                    "Then, in descending order, each player puts a second amoeba on an empty "
                    "space, without DP. Any free amoeba number may be used."
                ),
                _(
                    "After setup no space holds two amoebas; later in the game any number of "
                    "amoebas may share a space."
                ),
            ],
        ),
        "turn_order": Page(
            _("Turn order: ascending, descending, numerical"),
            [
                _(
                    "Ascending order: the player whose marker is lowest on the ladder acts "
                    "first. Descending order: the highest first. Phase 1 is played in "
                    "ascending order, phases 2 to 6 in descending order."
                ),
                _(
                    "Within a player, the amoebas act in numerical order: by the number "
                    "printed on them, from 1 up. Amoebas not on the board do not count."
                ),
            ],
            [
                _(
                    "The order is read from the ladder when a phase starts: markers moving "
                    "during phase 6 do not reorder that phase."
                ),
                _(
                    "Deaths in phase 5 go in descending order and, within a player, in "
                    "numerical order."
                ),
            ],
        ),
        "movement": Page(
            _("Phase 1: drift and movement"),
            [
                _("In phase 1 each amoeba in turn either drifts or moves by itself, then feeds."),
                _(
                    "Drifting: one space in the direction shown on the face-up environment "
                    "card. The edge of the soup and the compass island are obstacles: an "
                    "amoeba that would hit one stays. Other amoebas are never obstacles. Some "
                    "cards show no drift: drifting amoebas then stay where they are."
                ),
                _(
                    "Moving by itself: pay 1 BP and roll the compass die. An amoeba stays put "
                    "only with a 5, an obstacle, a card with no drift, or the gene Holding."
                ),
                _(
                    "Genes change this: Movement I rolls two dice and picks one, Movement II "
                    "picks the direction (still 1 BP), Streamlining makes every move free, "
                    "Speed allows a second free move after an active one, Holding lets an "
                    "amoeba stay or ride along with one leaving its space, and Tentacle "
                    "carries cubes along."
                ),
            ],
            [
                _(
                    "Speed's (and Persistence's) second move is optional, decided after the "
                    "first move."
                ),
                _(
                    "Holding may ride along with any amoeba leaving its space by drift, move "
                    "or escape; a rider with Tentacle may carry cubes too."
                ),
                _(
                    "Fast Food (extra gene): the amoeba may feed first, on the space where it "
                    "stands, and then drift or move; it still feeds only once."
                ),
                _(
                    "Rebound (extra gene): an amoeba stopped by the compass island may bounce "
                    "to the space beyond it; at the board edge there is nothing beyond and it "
                    "stays. Bouncing is a choice, and a bounce is a move: Tentacle may carry "
                    "cubes and Holding may ride along."
                ),
            ],
            ["rebound"],
        ),
        "compass": Page(
            _("The compass die"),
            [
                _(
                    "A move's die is read on the compass: 1 west, 2 north, 3 east, 4 south, "
                    "5 the amoeba stays, 6 the player chooses the direction."
                ),
                _(
                    "With Movement I two dice are rolled and the player chooses one of the "
                    "directions they show."
                ),
                _("The compass island in the middle of the soup is not a space."),
            ],
        ),
        "feeding": Page(
            _("Phase 1: feeding and excretion"),
            [
                _(
                    "After its movement an amoeba feeds on its space, and never eats cubes of "
                    "its own color."
                ),
                _(
                    "With 3 players it eats 3 cubes: 2 of one other color and 1 of the other. "
                    "With 4 players, 1 cube of each other color. With 5 players, 4 cubes, one "
                    "of each other color; with 6 players, 4 cubes of 4 different other colors "
                    "(one color may be ignored)."
                ),
                _(
                    "Having eaten, it excretes 2 cubes of its own color from the supply onto "
                    "its space. An amoeba that finds no meal starves: it eats nothing, "
                    "excretes nothing and takes 1 DP."
                ),
                _(
                    "Feeding genes change the meal: Frugality one cube fewer, Substitution one "
                    "color fewer but one cube more, Parasitism one cube fewer while the owner "
                    "of another amoeba on the space pays 1 BP, Glutton one cube more."
                ),
            ],
            [
                _(
                    "Feeding is compulsory when a legal meal exists; the app takes the only "
                    "meal by itself."
                ),
                _(
                    "Feeding genes are optional at every meal; when the only meal needs "
                    "Parasitism, the owner may starve instead."
                ),
                _(
                    "Parasitism names the player who pays; it is allowed only when it takes a "
                    "cube off the meal."
                ),
                _(
                    "Glutton (extra gene) adds one cube to every meal, on a color eaten or on "
                    "another color, before Frugality or Parasitism take one off."
                ),
                _(
                    "Suction (extra gene): the cubes taken from the neighbouring space are "
                    "part of the meal, and never of the amoeba's own color."
                ),
                _(
                    "Cleanliness (extra gene): both excreted cubes go onto the amoeba's space "
                    "or onto one space north, east, south or west of it."
                ),
                _(
                    "Toxic Excretions (extra gene): the DP token lies where the excreta land, "
                    "and only when cubes are excreted. The next amoeba to drift, move, escape, "
                    "ride or bounce onto that space takes every token there; an amoeba "
                    "already there, one blocked there, or a newborn takes none."
                ),
            ],
            ["substitution_4p", "suction_diagonal"],
        ),
        "shortage": Page(
            _("Food shortage"),
            [
                _(
                    "There are 55 cubes of each color. When the supply holds too few cubes of "
                    "a color to place (after a meal, or a death), only those left are placed; "
                    "a missing cube is never replaced by another color."
                ),
                _(
                    "An amoeba that cannot find its meal in the right colors starves and takes "
                    "1 DP."
                ),
            ],
        ),
    }
