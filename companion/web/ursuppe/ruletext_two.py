"""The rules page of two players (000 §Ursuppe para 2 jugadores), with the app's readings."""

from __future__ import annotations

from flask_babel import gettext as _

from companion.web.rulepage import Page


def two_player_pages() -> dict[str, Page]:
    """The two-player variants in the app's words (through gettext)."""
    return {
        "two_players": Page(
            _("Two players"),
            [
                _(
                    "Ursuppe is for 3 to 6 players. The Spanish rules give three ways to play "
                    "it with two; the variant is chosen at setup and kept in the record."
                ),
                _(
                    "Decoy player: a third color that plays itself. It always drifts, has Life "
                    "Expectancy from the start and gets 2 amoebas each round. It scores or not, "
                    "as agreed. Otherwise the game is a 3-player game."
                ),
                _(
                    "Double play I: each player plays two colors of a normal 4-color game and "
                    "scores only the worse result of the two."
                ),
                _(
                    "Double play II: each player plays two colors, set up as a 4-player game "
                    "with no DP on the starting amoebas. Genes bought apply to both colors. A "
                    "new amoeba costs 4 BP (3 with Division Rate). The usual rules for a color "
                    "with no amoeba apply to each color. In phase 6 a player scores the "
                    "amoebas of each color plus the genes once."
                ),
            ],
            [
                _(
                    "The decoy buys no genes, pays no debts and has no BP; its Life Expectancy "
                    "card is one copy taken from the game's genes, and its 2 amoebas each round "
                    "are free and follow the division rules (anywhere when it has none)."
                ),
                _(
                    "The decoy chooses by fixed rules, shown with each of its steps: the "
                    "lowest free start space; its lowest free amoeba on the legal space with "
                    "the most food cubes, ties by the lowest space number; it eats from the "
                    "color with the most cubes on its space first, ties by seat order; if it "
                    "cannot feed it starves. The referee may correct any of its steps."
                ),
                _(
                    "A decoy that does not score keeps its marker on its start space and is "
                    "not ranked; a decoy that scores is ranked like a player and can win."
                ),
                _(
                    "Double play I ranks each player by the worse of their two markers; a tie "
                    "is broken by the better one."
                ),
                _(
                    "Double play II: a player's two colors share one BP purse (4 BP at the "
                    "start), one set of genes, one debt and one income a round, and one ladder "
                    "marker, which advances by both colors' amoeba tables plus the gene table "
                    "once. Start spaces are 1 and 2."
                ),
                _(
                    "Double play II, start: the book says only to begin as a 4-player game. "
                    "With one marker per person, each player rolls once for the start order "
                    "(the roll is asked of their first color) and picks start space 1 or 2."
                ),
                _(
                    "Double play II, phase 1: the trailing player moves and feeds one color, "
                    "the leading player both colors, then the trailing player the other color "
                    "(each player's colors in seat order). Placement in ascending order follows "
                    "the same order; the descending orders take the leader's two colors, then "
                    "the other player's; debts and genes are one turn per player."
                ),
            ],
        ),
    }
