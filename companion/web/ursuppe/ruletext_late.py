"""The rules pages in the app's own words, from attacks to the referee's corrections."""

from __future__ import annotations

from flask_babel import gettext as _

from companion.tracker.ursuppe.data import AMOEBA_ADVANCE_3_4, AMOEBA_ADVANCE_5_6, GENE_ADVANCE
from companion.web.rulepage import Page, advance_table


def late_pages() -> dict[str, Page]:
    """The rule areas from attacks to the game's end, and corrections (through gettext)."""
    return {
        "attacks": Page(
            _("Attacks and fights"),
            [
                _(
                    "Struggle for Survival: in phase 1 an amoeba that would otherwise starve "
                    "may attack an amoeba on its space, for 1 BP. If the attack gets through "
                    "the victim dies a violent death: it leaves the board, and instead of "
                    "excreting the attacker leaves 1 cube of each color in play."
                ),
                _(
                    "Defense: for 1 BP the victim turns the attack into a fight. Both roll a "
                    "die, ties roll again. If the defender wins, no cubes are placed and in "
                    "phase 1 the attacker starves."
                ),
                _(
                    "Escape: the victim moves away with its own movement genes (1 BP unless "
                    "Streamlining), even in phase 5. If the attacker rides along with Holding "
                    "the attack is over; in phase 1 the attacker may still feed there."
                ),
                _(
                    "Armor: the amoeba cannot be attacked in phase 1; struck by Aggression in "
                    "phase 5 it survives and takes 1 DP."
                ),
                _(
                    "Aggression: in phase 5, after the natural deaths, once a round and for "
                    "1 BP, one of the player's amoebas may kill an enemy amoeba on its space, "
                    "which leaves 2 cubes of each color. Persistence gives a second, free try "
                    "to Struggle for Survival, Defense and Aggression."
                ),
            ],
            [
                _(
                    "When the attacker wins a Defense fight the attack goes through, unless "
                    "the victim can still escape."
                ),
                _(
                    "Defense and Escape are each used at most once a round per player; a "
                    "Persistence retry meets only what is left."
                ),
                _("Struggle for Survival attacks at most once per amoeba and round."),
                _(
                    "Aggression absorbed by Armor counts as a success, so Persistence gives no "
                    "retry."
                ),
                _(
                    "An armoured amoeba pushed to its DP limit by Aggression dies at once, "
                    "leaving 2 cubes of each color."
                ),
                _(
                    "Camouflage I (extra gene): the attacker rolls its die only when the victim "
                    "could escape, defend or raise the alarm; on 4-6 it cannot. Camouflage II: "
                    "it never can. Armor works as usual."
                ),
                _(
                    "Alarm (extra gene): once one of the holder's amoebas is eaten in phase 1, "
                    "the others may escape as with Escape for the rest of the round, Aggression "
                    "included; that escape uses Escape's once a round."
                ),
                _(
                    "More than a Mouthful (extra gene): an amoeba attacked successfully in "
                    "phase 1 survives with 1 DP more; the attacker has fed and excretes nothing, "
                    "and the victim does not count as eaten. Aggression in phase 5 still kills."
                ),
                _(
                    "Threat Display (extra gene): the holder's amoebas can be attacked, in "
                    "phase 1 and by Aggression, only by an amoeba with the same or a lower "
                    "number."
                ),
            ],
            ["defense_and_escape_both", "armor_vs_aggression"],
        ),
        "environment": Page(
            _("Phase 2: environment and gene defects"),
            [
                _(
                    "Phase 2 turns the next environment card face up: its arrow is the drift "
                    "of the next phase 1, its number the thickness of the ozone layer."
                ),
                _(
                    "From round 2 on, in descending order, each player adds up the MP of "
                    "their gene cards. If the sum is above the ozone thickness they pay the "
                    "difference: a gene card given back counts its MP, each BP counts 1. If "
                    "the only way is to give back more MP than owed, the excess is lost."
                ),
                _(
                    "Genes given back return to the pool and may be bought again. Ray "
                    "Protection counts -2 MP and, given back, balances 4."
                ),
            ],
            [
                _(
                    "BP pay only what the returned genes leave, and no returned card may be "
                    "superfluous (the others would already cover the debt)."
                ),
                _(
                    "A deck the group typed is played as typed; the app warns when it has no "
                    "no-drift card (the German box has one) or an ozone of 0 or above 20."
                ),
            ],
        ),
        "genes": Page(
            _("Phase 3: new genes"),
            [
                _(
                    "In phase 3, in descending order, each player once buys any genes they "
                    "want and can pay for."
                ),
                _(
                    "No one holds two copies of a gene; a gene whose copies are all held is "
                    "unavailable until one is given back. The copies depend on the number of "
                    "players (with 3 players only the cards marked 3)."
                ),
                _(
                    "A gene's text overrides the standard rules, and a new gene applies at "
                    "once to all the player's amoebas."
                ),
            ],
            [],
            ["persistence_copies_4p", "extra_genes_per_round", "extra_gene_prices"],
        ),
        "advanced_genes": Page(
            _("Advanced genes"),
            [
                _(
                    "An advanced gene (Persistence, Movement II, Aggression, Armor) costs its "
                    "price and the named lower gene, given up. The lower gene must have been "
                    "held since an earlier round."
                ),
                _(
                    "While holding an advanced gene a player cannot buy its lower gene. An "
                    "advanced gene keeps the ability of the gene it replaced and counts as two "
                    "cards for scoring."
                ),
            ],
            [
                _(
                    "While Armor is held neither Defense nor Escape can be bought; one "
                    "already held is kept."
                )
            ],
        ),
        "division": Page(
            _("Phase 4: cell division"),
            [
                _(
                    "In phase 4, in descending order, each player receives 10 BP (11 with 5 "
                    "or 6 players) and may then buy new amoebas: 6 BP each (4 with Division "
                    "Rate), without DP."
                ),
                _(
                    "A new amoeba goes on a space without an amoeba of its color that borders "
                    "(north, east, south or west) a space with an amoeba of its color, one "
                    "just placed included. With Spores it may go on any space without an "
                    "amoeba of its color."
                ),
                _(
                    "With exactly one amoeba on the board the second may go anywhere, at the "
                    "normal price. With none on the board, one amoeba is placed free, "
                    "anywhere."
                ),
                _(
                    "As many as the player can pay for and has amoebas for (7 of each color; "
                    "6 with 5 or 6 players)."
                ),
            ],
            [
                _(
                    "Healing (extra gene): at the holder's phase 4 turn, after the income, "
                    "3 BP take 1 DP off an amoeba, once per amoeba a round. Healing II may "
                    "instead pass that DP to any other amoeba on the space, the holder's own "
                    "included, which dies at once."
                ),
            ],
            ["zero_amoebas", "healing_transfer"],
        ),
        "deaths": Page(
            _("Phase 5: deaths"),
            [
                _(
                    "In phase 5, in descending order and each player's amoebas in numerical "
                    "order, every amoeba with 2 DP or more dies (3 with Life Expectancy)."
                ),
                _(
                    "A dead amoeba leaves the board (its owner may use it again) and is "
                    "replaced by 2 cubes of each color in play, as far as the supply allows."
                ),
                _("After the natural deaths, Aggression may strike (see the attacks)."),
            ],
            [
                _(
                    "Go Out With A Bang (extra gene): when one of the holder's amoebas dies, "
                    "every other amoeba on its space takes 1 DP. In phase 5 those that reach "
                    "their limit die at once, in descending then numerical order, until no "
                    "more die; after a death in another phase the DP waits for phase 5."
                ),
            ],
        ),
        "scoring": Page(
            _("Phase 6: scoring"),
            [
                _(
                    "In phase 6, in descending order, each marker advances by the amoeba "
                    "table plus the gene table."
                ),
                _(
                    "The tables below give the spaces for the live amoebas on the board and "
                    "for the gene cards held (the gene table is the same for every player "
                    "count). An advanced gene counts as two cards, Ray Protection as none."
                ),
                _(
                    "Occupied ladder spaces are skipped and not counted: a marker moves its "
                    "advance in free spaces, and no two markers ever share a space."
                ),
            ],
            [
                _(
                    "A marker that would pass the ladder's last space stops on the furthest "
                    "free space."
                )
            ],
            ["gene_advance_table", "amoeba_advance_5_6"],
            [
                advance_table(_("Live amoebas, 3 or 4 players"), AMOEBA_ADVANCE_3_4, False),
                advance_table(_("Live amoebas, 5 or 6 players"), AMOEBA_ADVANCE_5_6, False),
                advance_table(_("Gene cards"), GENE_ADVANCE, True),
            ],
        ),
        "game_end": Page(
            _("Game end"),
            [
                _(
                    "After phase 6, if one or more markers are in the dark end zone (the last "
                    "10 spaces of the ladder), the game ends. It also ends after phase 6 of "
                    "the round in which the last environment card was turned."
                ),
                _("The marker furthest along wins."),
            ],
            [],
            ["end_zone_start"],
        ),
        "corrections": Page(
            _("Referee corrections"),
            [
                _(
                    "The table is right. When the app and the table disagree, the referee "
                    "corrects what the app tracks: a player's BP, an amoeba's DP or space (and "
                    "its DP when put back), the cubes on a space (one color or all at once), a "
                    "ladder marker or two that swap places, a gene held and the round since "
                    "when, the face-up environment card and the cards turned, what a player "
                    "already used this round, the food cubes of a color in the box."
                ),
                _(
                    "A correction needs a reason, is recorded in the log like any action and "
                    "never changes whose turn it is. It refuses what the game cannot hold: "
                    "more cubes of a color than the box holds (55 unless corrected), a gene "
                    "with no copy left, two markers on one space, an amoeba taken out of its "
                    "move or an attack. After it the game goes on as in play: a step left with "
                    "one legal choice is taken and explained."
                ),
                _(
                    "The history opens the whole table as it was right after any entry, with "
                    "what that entry changed."
                ),
                _('"Undo last" and "Back to here" are recorded too: nothing is ever erased.'),
            ],
            [
                _(
                    "Corrections are the app's own tool, not a rule of the game: the referee "
                    "sets what the table shows, with a reason."
                ),
                _("An undo is recorded in the log like any entry; nothing is erased."),
            ],
        ),
    }
