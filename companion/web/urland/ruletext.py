"""Urland's rules pages (`/rules/urland-...`): its rule areas in the app's own words, from the
setup to a region's scoring, with the readings the core took and the options that change them.

The sections of the Italian rulebook each page lists are the ones the core cites
(`companion/tracker/urland/cite.py` and the gene cards), so a page names every section a
citation that links to it can name. Each companion reading the core cites is shown on its
area's page in the core's own words, followed by why the app reads the book that way.
"""

from __future__ import annotations

from flask_babel import gettext as _

from companion.i18n import t
from companion.tracker.citations import URLAND_AREAS, Book, Rule, UrlandBook
from companion.tracker.msg import Msg
from companion.tracker.urland import cite
from companion.tracker.urland.genes import GENES
from companion.web.rulepage import Page
from companion.web.urland.ruletext_events import event_pages


def urland_rules() -> dict[str, Rule]:
    """Every rule the Urland core cites, by name (its cite module and its gene cards)."""
    found = {name: v for name, v in vars(cite).items() if isinstance(v, Rule)}
    found.update({f"gene:{g.key}": g.rule for g in GENES})
    return found


def urland_sections(area: str) -> tuple[str, ...]:
    """The sections of Urland's Italian rulebook the core cites for an area, in book order."""
    found: list[str] = []
    for rule in urland_rules().values():
        for book, section in rule.sections:
            if rule.area == area and book is UrlandBook.ITALIAN and section not in found:
                found.append(section)
    return tuple(found)


def why_readings() -> dict[str, str]:
    """Why the app reads the book as each cited Urland reading says (by its cite name)."""
    return {
        "PLACEMENT": _(
            "The book says 3 Ichto per region of a dealt token, but the reserves it then "
            "states (8 Ichto, 7 with 3 players) add up only with 1. A group may choose 3."
        ),
        "ICHTO_ORDER": _(
            "The book says the Ichto players act counterclockwise without naming who begins; "
            "the app begins with the player at the environment player's right."
        ),
        "ONE_MUTATION": _(
            "A marker jumping over 12 and 16 in one scoring calls one mutation; both spaces "
            "are then used up."
        ),
        "EMPTY_PANIC": _("The book does not say what a panic does when land is empty."),
        "JOINED": _(
            "A later eruption may name a neighbour that already joined the same region: its "
            "token still leaves the game and its region still keeps one Ichto per color."
        ),
        "NO_TILES": _(
            "The box has 7 volcano tiles: 1 at setup and 2 at the end of each epoch. If "
            "nobody reached 30 by the end of the third epoch, the final scorings follow."
        ),
        "CORRECTION": _(
            "Corrections are the app's own tool, not a rule of the game: the referee sets "
            "what the table shows, with a reason."
        ),
        "SECRET_CORRECTION": _(
            "A token only its holder may see is corrected only where only its holder sees it."
        ),
        "NO_LATE_MUTATION": _(
            "The book ends the game as soon as the scoring in progress is finished, so an "
            "auction called by that scoring is not held."
        ),
    }


def cited_readings(area: str) -> list[str]:
    """The readings the core cites in an area: their words, then why (see `why_readings`)."""
    why = why_readings()
    out = []
    for name, rule in vars(cite).items():
        if isinstance(rule, Rule) and rule.area == area:
            for book, text in rule.sections:
                if book is Book.COMPANION:
                    said = t(Msg(text))
                    out.append(f"{said[:1].upper()}{said[1:]}. {why[name]}")
    return out


def urland_option_texts() -> dict[str, str]:
    """Each Urland option (`urland/state.py` Options): its default and alternative."""
    return {
        "ichto_per_dealt_region": _(
            "Ichto per region of a dealt token. Default: 1 (the reserves the book states "
            "add up only so). Alternative: 3, as the book's text says."
        ),
        "tokens_by_app": _(
            "Region tokens. Default: the app draws them and shows each token only on the "
            "phone of the player who may see it. Alternative: the tokens are drawn at the "
            "table; the referee enters “a face-down token” or “the Panic token”, and the kept "
            "token when it is revealed."
        ),
        "bids_on_phones": _(
            "Bids. Default: sealed on the phones, revealed together when all are in. "
            "Alternative: fists at the table, the referee enters the bids as they open."
        ),
    }


def urland_pages() -> dict[str, Page]:
    """Urland's rule areas in the app's words, in the order of a game."""
    pages = {**_turn_pages(), **event_pages()}
    for area, page in pages.items():
        page.readings[:0] = cited_readings(area)
    return {area: pages[area] for area in URLAND_AREAS}


def _turn_pages() -> dict[str, Page]:
    return {
        "urland-setup": Page(
            _("Urland: setup"),
            [
                _(
                    "Urland is for 3 to 5 players. Each takes the 28 Ichto of a color (one is "
                    "the score marker), puts 3 in each of the 5 oceans and takes 2 double-turn "
                    "tokens (1 with 3 players)."
                ),
                _(
                    "One of the 12 region tokens is drawn: a volcano erupts there. Its tile "
                    "joins that region to its volcano neighbour, the enlarged region keeps the "
                    "neighbour's number, and the token leaves the game."
                ),
                _(
                    "The other region tokens are dealt face down, 2 each (3 with 3 players), "
                    "and each player puts Ichto in the regions their tokens name. The player "
                    "holding the highest number starts: their marker goes on track space 1, "
                    "and counterclockwise the others take spaces 2, 3 and so on."
                ),
                _(
                    "Each player passes one token to each neighbour (with 3 players one stays "
                    "with its owner) and puts 1 Ichto in each region named by a token "
                    "received. Their other Ichto are their reserve."
                ),
                _(
                    "The 11 genes are shuffled and 4 are turned face up (3 with 3 players, "
                    "who play without Stinkglands and Muscles). The region tokens are "
                    "shuffled, the starting player draws 3 and looks at them secretly, then "
                    "the Panic token is shuffled into the rest."
                ),
            ],
            [
                _(
                    "The book shows the board only in its figures, so the app asks the group "
                    "to confirm its default: which oceans each region borders, which oceans "
                    "border each other, the thin water strips, each region's volcano "
                    "neighbour and the track's length (40 spaces, 35 to 60 accepted). The "
                    "one printed fact is kept: region 11 joins 10, which then borders two "
                    "oceans."
                ),
                _(
                    "Chance is always part of the game's record: the first volcano, the deal, "
                    "the genes turned and every token drawn, drawn by the app from a shuffle "
                    "it records, or entered as the table saw them."
                ),
            ],
            ["ichto_per_dealt_region", "tokens_by_app"],
        ),
        "urland-roles": Page(
            _("Urland: roles and the region to score"),
            [
                _(
                    "The game runs in 2 or 3 epochs of turns, and each turn ends with a "
                    "scoring. In each turn every player has one of three roles."
                ),
                _(
                    "The environment player (the starting player first) chooses the region "
                    "scored at the end of the turn. The player at their left is the dead: no "
                    "role this turn. Everyone else is an Ichto player (with 3 players, just "
                    "one)."
                ),
                _(
                    "The environment player looks at their 3 region tokens, keeps one face "
                    "down and passes the other 2 to the dead, who may look at them but must "
                    "not tell."
                ),
            ],
            [
                _(
                    "Only the environment player's phone shows their 3 tokens and the kept "
                    "one, and only the dead's phone the 2 passed; no other screen shows them "
                    "until the kept token is revealed."
                )
            ],
            ["tokens_by_app"],
        ),
        "urland-actions": Page(
            _("Urland: Ichto actions"),
            [
                _(
                    "Each Ichto player in turn takes 2 actions (3 when they are the only Ichto "
                    "player), in any mix, the same one more than once."
                ),
                _("Land: 1 of your Ichto goes from an ocean to a land region it borders."),
                _(
                    "Proliferate: choose an ocean. Every color with 3 to 5 Ichto there gets 1 "
                    "more, with 6 or more 2 more, from its owner's reserve (as many as it "
                    "holds). Allowed only where your own Ichto proliferate, and not with an "
                    "empty reserve. With 6 black, 3 white and 2 grey, black gets 2, white 1, "
                    "grey none."
                ),
                _("Swim: any number of your Ichto go from an ocean to a bordering ocean."),
                _(
                    "Retreat: take any number of your Ichto off the board into your reserve, "
                    "for instance to have Ichto to bid in a mutation."
                ),
                _(
                    "Double turn: after the normal actions a player may spend one double-turn "
                    "token for 2 more actions; at most one token a turn."
                ),
                _("Genes change these actions: see the genes page."),
            ],
            [
                _(
                    "One retreat may take Ichto from several areas at once: the book lets you "
                    "take any number of your Ichto off the board."
                )
            ],
        ),
        "urland-scoring": Page(
            _("Urland: scoring and the track"),
            [
                _(
                    "When the Ichto players are done, the environment player reveals the kept "
                    "token and its region is scored. An empty region scores nothing."
                ),
                _(
                    "Competition (several colors, not all equal): the least numerous color or "
                    "colors go back to their reserves; the most numerous score 3 points, every "
                    "other color still there 2. With 4 striped, 3 black, 2 grey and 1 white, "
                    "white goes home, striped scores 3, black and grey 2 each."
                ),
                _(
                    "Coexistence (several colors, all equal): each scores 2 points and nobody "
                    "goes home. Monopoly (one color): it scores 3 points."
                ),
                _(
                    "Markers move over free spaces only: an occupied space is skipped, so each "
                    "space holds one marker. When several score, the marker furthest ahead "
                    "moves first."
                ),
                _(
                    "The scored token goes on its region's volcano spot. A marker reaching or "
                    "passing a mutation space (12, 16, 21) for the first time calls a "
                    "mutation after the scoring."
                ),
            ],
            [
                _(
                    "Muscles count half an Ichto more in a region's scoring, so two of the "
                    "holder's Ichto beat two but not three."
                )
            ],
        ),
        "urland-turn-end": Page(
            _("Urland: end of the turn"),
            [
                _(
                    "After the scoring the roles move on: the dead becomes the environment "
                    "player and draws a token, to go with the 2 received."
                ),
                _(
                    "If the token drawn is the Panic token, the panic happens at once, then "
                    "the player draws again. If no token is left to draw, the epoch ends with "
                    "two volcanoes."
                ),
            ],
            [
                _(
                    "With the tokens drawn at the table the app does not know which token was "
                    "drawn: the referee enters “a face-down token” or “the Panic token”."
                )
            ],
            ["tokens_by_app"],
        ),
    }
