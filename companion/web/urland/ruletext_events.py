"""Urland's rules pages of its events and its end: mutation, panic, volcanoes, the end of the
game and the genes, in the app's own words (the cited readings are added by
`ruletext.urland_pages`)."""

from __future__ import annotations

from flask_babel import gettext as _

from companion.i18n import t
from companion.tracker.msg import Msg
from companion.tracker.urland.genes import GENES
from companion.web.rulepage import Page


def gene_lines() -> list[str]:
    """Each Urland gene card: its name, whether it acts by itself, and its effect."""
    lines = []
    for gene in GENES:
        kind = _("automatic") if gene.automatic else _("optional")
        if not gene.with_three:
            kind = _("%(kind)s, not with 3 players", kind=kind)
        lines.append(
            _(
                "%(gene)s (%(kind)s): %(effect)s.",
                gene=t(gene.term),
                kind=kind,
                effect=t(Msg(gene.effect)),
            )
        )
    return lines


def event_pages() -> dict[str, Page]:
    """The pages of mutation, panic, volcanoes, the end and the genes."""
    return {
        "urland-mutation": Page(
            _("Urland: mutation and the gene auction"),
            [
                _(
                    "Each player secretly bids part of their reserve in a closed fist and all "
                    "open at once. The higher bid ranks higher; equal bids rank the player "
                    "further back on the track higher. Bids of 4, 1, 4 and 4: the 4 furthest "
                    "back is first, then the other 4s, the 1 last."
                ),
                _(
                    "The best bidder must take a face-up gene. The price is the bid plus the "
                    "genes already held, paid by taking that many of their Ichto off the board "
                    "into the reserve. A bidder who cannot pay drops out and the next bidder "
                    "takes their place."
                ),
                _(
                    "Then, in bid order, each may take one of the remaining genes or pass, up "
                    "to 3 genes a mutation (2 with 3 players). Afterwards 3 new genes are "
                    "turned face up (2 with 3 players), however many were taken; the genes "
                    "not taken stay."
                ),
            ],
            [
                _(
                    "Bids sealed on the phones are shown to nobody until all are in, then "
                    "revealed together; the referee may instead enter the fists as they open."
                ),
                _("The buyer chooses which of their Ichto leave the board to pay the price."),
            ],
            ["bids_on_phones"],
        ),
        "urland-panic": Page(
            _("Urland: panic"),
            [
                _(
                    "When the environment player draws the Panic token, the land region with "
                    "the most Ichto empties: all its Ichto go into a bordering ocean."
                ),
                _(
                    "The player last on the track chooses among regions tied for the most "
                    "Ichto and, when the region borders several oceans, the ocean, even with "
                    "no Ichto of their own there."
                ),
            ],
            [
                _(
                    "The Ichto of an Ears holder stay on land unless the holder says how many "
                    "dive with the others."
                )
            ],
        ),
        "urland-volcanoes": Page(
            _("Urland: volcanoes and new epochs"),
            [
                _(
                    "When the new environment player cannot draw, the two regions whose tokens "
                    "are still in play erupt. One of the two, chosen at random, is scored "
                    "first; the other is not. A mutation called by that scoring waits until "
                    "after the eruption."
                ),
                _(
                    "Each volcano tile joins its region to its volcano neighbour. An enlarged "
                    "region holds at most 1 Ichto per color: the rest go back to the "
                    "reserves. Black with 2 Ichto in region 10 and 3 in 11 keeps 1 when 11 "
                    "joins 10; white with 1 keeps it."
                ),
                _(
                    "The erupted regions' tokens leave the game. The tokens on the board and "
                    "the Panic token are shuffled, and the environment player draws 3: a "
                    "Panic token among them starts the new epoch with a panic."
                ),
            ],
            [
                _(
                    "The region scored is drawn by the app and recorded, or entered as the "
                    "table drew it."
                ),
                _(
                    "Before an eruption, the excess Ichto of an Ears holder dive into a "
                    "bordering ocean instead of going home; the holder picks the ocean."
                ),
            ],
        ),
        "urland-end": Page(
            _("Urland: game end"),
            [
                _(
                    "The game ends when a marker reaches or passes 30. The scoring in progress "
                    "is finished first; a volcano scoring still erupts, with its losses."
                ),
                _(
                    "Then two final scorings, over free spaces as usual. Total: the most Ichto "
                    "on the board (land and oceans) scores 3 points, shared among the tied "
                    "and rounded down. Land: the most Ichto on land scores 2 points, shared "
                    "and rounded down; a player who alone took the 3 total points does not "
                    "take part."
                ),
                _("The marker furthest ahead wins."),
            ],
            [_("Muscles do not count in the final scorings, as their card says.")],
        ),
        "urland-genes": Page(
            _("Urland: genes"),
            [
                _(
                    "Genes come from mutations. Optional genes are abilities their holder may "
                    "use as actions; automatic genes always act, wanted or not."
                ),
                *gene_lines(),
            ],
            [
                _(
                    "Stinkglands' “adjacent area” is a bordering ocean or a region across a "
                    "thin water strip; an Egg is laid in a land region; Legs and Turbo land "
                    "two Ichto from one ocean onto one region."
                )
            ],
        ),
        "urland-corrections": Page(
            _("Urland: referee corrections and why this number"),
            [
                _(
                    "The table is right. When the board and the app disagree, the referee "
                    "corrects what the app tracks from the console: the Ichto of a player in "
                    "a region or an ocean, a reserve, a marker on the track, the double-turn "
                    "tokens, where a gene card is (a player's, face up or in the deck), the "
                    "volcano tiles left and a volcano tile placed on a region (it joins its "
                    "neighbour as in an eruption), the epoch and the turn, before a draw the "
                    "environment player, during the actions which "
                    "Ichto player acts and how many actions are left; once an auction's fists are "
                    "open, a bid, the bidder choosing and the genes taken, and the Ichto still "
                    "to pay."
                ),
                _(
                    "A correction needs a reason and is recorded in the log like any action: "
                    "it can be undone, it is in the exported record and replays with it. It "
                    "refuses what the box cannot hold: more Ichto than a color's 28 (one is "
                    "the marker), two markers on one space, a gene left out of this game. "
                    "After it the game goes on as in play: an Ichto player with no action "
                    "left (and no double turn to spend) is done, a price paid in full ends the "
                    "purchase. Sealed bids are never shown by a correction."
                ),
                _(
                    "Face-down tokens are corrected by their owner on their own phone: the "
                    "tokens in a hand, and the environment player's kept token. Only that "
                    "player reads what was set; the others read that a token was corrected."
                ),
                _(
                    "Why this number: the console's panel and each phone open how the app "
                    "got a number: each region's scoring as it would be now (who has how many "
                    "Ichto, who goes home, the points), the final scorings as they stand, when "
                    "the next mutation comes, a bidder's price, the auction's order once the "
                    "fists are open, and what ends the game; each with the book's section. A "
                    "scoring in the log opens the same derivation, as it was then."
                ),
            ],
        ),
    }
