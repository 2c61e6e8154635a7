"""The rules pages: each rule area in the app's own words, and the citations that link there.

Anyone at the table may read them (phones, the TV): they show no game data. A citation names
the printed rulebook the group holds and that book's own section (`sources.cite`); it links
to its area's page, and a companion reading to that page's readings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, abort, render_template, url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from companion.tracker.data import AMOEBA_ADVANCE_3_4, AMOEBA_ADVANCE_5_6, GENE_ADVANCE
from companion.tracker.sources import (
    AREAS,
    RULEBOOKS,
    Book,
    Rule,
    area_sections,
    cite,
)

bp = Blueprint("rules", __name__, url_prefix="/rules")


def book_name(book: Book) -> str:
    """A book as citations name it."""
    return {
        Book.SPANISH: _("Spanish rules"),
        Book.SPANISH_2: _("Spanish rules (sopa primordial)"),
        Book.ITALIAN: _("Italian rules"),
        Book.ENGLISH_5_6: _("English 5-6 player expansion"),
        Book.COMPANION: _("Companion reading"),
    }[book]


def book_title(book: Book) -> str:
    """A book as printed, so the group can tell which one it holds."""
    return {
        Book.SPANISH: _("“URSUPPE, Reglas del Juego”, translated by Manuel Suffo"),
        Book.SPANISH_2: _("“Reglas del juego de sopa primordial”, a second Spanish translation"),
        Book.ITALIAN: _("“Ursuppe”, translated by Gylas (2004), with the 5-6 player expansion"),
        Book.ENGLISH_5_6: _("“Ursuppe, Freshly Spiced”, translated by John Webley"),
        Book.COMPANION: _("the app's own reading where the books are silent or loose"),
    }[book]


def rulebook_choices() -> list[tuple[str, str]]:
    """The rulebooks a group may hold, for the setup form: (value, label)."""
    return [(b.value, f"{book_name(b)}: {book_title(b)}") for b in RULEBOOKS]


def citation_words(source: Rule, rulebook: Book) -> str:
    """A citation as text in the group's rulebook: `Spanish rules, Fase 6: Puntuación`."""
    c = cite(source, rulebook)
    if c.book is Book.COMPANION:
        return f"{book_name(c.book)}: {c.section}"
    return f"{book_name(c.book)}, {c.section}"


def cite_link(source: Rule | None, rulebook: Book = Book.SPANISH) -> Markup:
    """A citation linking to its rules page (a companion reading: to the page's readings)."""
    if source is None:
        return Markup("")
    c = cite(source, rulebook)
    href = url_for("rules.page", area=c.area)
    if c.book is Book.COMPANION:
        href += "#readings"
    return Markup('<a class="cite" href="{}">{}</a>').format(href, citation_words(source, rulebook))


def refusal(exc, rulebook: Book) -> Markup:
    """A refused action's message with its rule cited in the group's book (a link)."""
    message = escape(getattr(exc, "message", str(exc)))
    source = getattr(exc, "source", None)
    if source is None:
        return Markup(message)
    return Markup("{} ({})").format(message, cite_link(source, rulebook))


@dataclass
class Page:
    """One rule area explained: what the rule says, the app's readings, the options."""

    title: str
    text: list[str]
    readings: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    tables: list[AdvanceTable] = field(default_factory=list)


@dataclass
class AdvanceTable:
    """A scoring table as printed: counts (grouped where they advance alike) and spaces."""

    caption: str
    counts: list[str]
    spaces: list[int]


def advance_table(caption: str, table: tuple[int, ...], open_ended: bool) -> AdvanceTable:
    """The core's advance table (index = count) in the printed form: `0-2 | 3 | ... | 6+`."""
    counts: list[str] = []
    spaces: list[int] = []
    start = 0
    for i, value in enumerate(table):
        if i + 1 < len(table) and table[i + 1] == value:
            continue
        counts.append(f"{start}-{i}" if i > start else str(i))
        spaces.append(value)
        start = i + 1
    if open_ended:
        counts[-1] += "+"
    return AdvanceTable(caption, counts, spaces)


def option_texts() -> dict[str, str]:
    """Each rule option (`companion/tracker/options.py`): its default and alternative."""
    return {
        "gene_advance_table": _(
            "Gene advance table. Default: 5 gene cards advance 3 spaces, 6 or more advance 4 "
            "(the Spanish rules, the Italian summary table, the English expansion). "
            "Alternative: 5 cards advance 4, 6 cards 5 (the Italian main text, likely a "
            "misprint)."
        ),
        "amoeba_advance_5_6": _(
            "Amoeba advance with 5-6 players. Default: the English expansion's table (2 "
            "amoebas 1 space up to 6 amoebas 5 spaces). Alternative: the Italian table "
            "(4 amoebas 4, 5 amoebas 5, 6 amoebas 6)."
        ),
        "substitution_4p": _(
            "Substitution with 4 players. Default: 2:2:0 or 3:1:0 (the Italian rules). "
            "Alternative: 2:2:0 only (the Spanish rules)."
        ),
        "defense_and_escape_both": _(
            "Defense and Escape against one attack. Default: both, in any order, each once a "
            "round (the Italian rules, the English expansion). Alternative: only one of them "
            "(the Spanish rules)."
        ),
        "zero_amoebas": _(
            "No amoeba left in phase 4. Default: one free amoeba, anywhere (the Italian rules, "
            "the second Spanish translation). Alternative: nothing (the Spanish rules are "
            "silent)."
        ),
        "extra_genes_per_round": _(
            "Extra genes turned per round with 5-6 players. Default: 2 (the English "
            "expansion); the Italian rules say 3; 1 is allowed. Extra genes are not tracked "
            "yet."
        ),
        "persistence_copies_4p": _(
            "Persistence copies with 4 players. Default: 1 (the Italian rules and the German "
            "reference sheet). Alternative: 2 (the Spanish rules, a known error)."
        ),
        "end_zone_start": _(
            "End zone start. Default: the last 10 spaces of the ladder. A group may agree on "
            "an earlier start (the second Spanish translation)."
        ),
        "extra_gene_prices": _(
            "Extra gene price and MP where the Italian and English books differ. Default: the "
            "English expansion. Extra genes are not tracked yet."
        ),
        "armor_vs_aggression": _(
            "Aggression absorbed by Armor. Default: a success, so Persistence gives no retry "
            "(the publisher's FAQ). Alternative: a failure."
        ),
    }


def pages() -> dict[str, Page]:
    """Every rule area in the app's own words (English source, through gettext)."""
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
            ],
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
            ],
            ["substitution_4p"],
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
                )
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
            [],
            ["zero_amoebas"],
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
                    "corrects what the app tracks: a player's BP, an amoeba's DP or space, the "
                    "cubes of a color on a space, a ladder marker, a gene held."
                ),
                _(
                    "A correction needs a reason, is recorded in the log like any action and "
                    "never changes whose turn it is. It refuses what the game cannot hold: "
                    "more than 55 cubes of a color, a gene with no copy left, two markers on "
                    "one space, an amoeba taken out of its move or an attack."
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


@bp.route("")
def index():
    """Every rule area, and the books the app cites."""
    content = pages()
    areas = [(key, content[key].title) for key in AREAS]
    books = [(book_name(b), book_title(b)) for b in Book]
    return render_template("rules_index.html", areas=areas, books=books)


@bp.route("/<area>")
def page(area: str):
    """One rule area: the rule in the app's words, the readings, the options, the books."""
    content = pages()
    if area not in content:
        abort(404)
    keys = list(AREAS)
    i = keys.index(area)
    sections = [(book_name(b), "; ".join(s)) for b, s in area_sections(area).items()]
    options = option_texts()
    return render_template(
        "rule.html",
        area=area,
        page=content[area],
        options=[options[o] for o in content[area].options],
        sections=sections,
        previous=(keys[i - 1], content[keys[i - 1]].title) if i > 0 else None,
        following=(keys[i + 1], content[keys[i + 1]].title) if i + 1 < len(keys) else None,
    )
