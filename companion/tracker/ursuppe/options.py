"""Rule options: where the translations disagree (shared/RULES.md, "Rule options").

Each option has the documented default and names the sources of both readings. The options
object is chosen at setup, stored in the game record, and shown on the referee screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.tracker.msg import N_


class GeneAdvanceTable(StrEnum):
    """Which gene advance table scores phase 6."""

    STANDARD = "standard"  # 0-2:0, 3:1, 4:2, 5:3, 6+:4 (000, 001 summary, 003)
    ITALIAN_MAIN_TEXT = "italian_main_text"  # 5:4, 6:5 (001 §Fase 6, likely misprint)


class AmoebaAdvance56(StrEnum):
    """Which amoeba advance table scores a 5-6 player game."""

    ENGLISH = "english"  # 0-1:0, 2:1, 3:2, 4:3, 5:4, 6:5 (003)
    ITALIAN = "italian"  # 4:4, 5:5, 6:6 (001 §3.5)


class Substitution4p(StrEnum):
    """Which Substitution meals a 4-player game allows."""

    BOTH = "2:2:0 or 3:1:0"  # 001
    EVEN_ONLY = "2:2:0 only"  # 000


class ZeroAmoebas(StrEnum):
    """What a color with no amoeba on the board gets in phase 4."""

    FREE_AMOEBA = "free_amoeba"  # one free amoeba anywhere (001, 004)
    NONE = "none"  # nothing (000 is silent)


class ArmorVsAggression(StrEnum):
    """Whether Aggression absorbed by Armor (+1 DP) counts as a success for Persistence."""

    SUCCESS = "success"  # publisher's FAQ: no Persistence retry
    FAILURE = "failure"


class ExtraGenePrices(StrEnum):
    """Which printing's price/MP to use for extra genes where 001 and 003 differ."""

    ENGLISH = "003"
    ITALIAN = "001"


class ExtraGenesMode(StrEnum):
    """How the extra genes of the Advanced Genome Project enter a game (003 §Play)."""

    NONE = "none"  # left out
    START_AND_TURNED = "start_and_turned"  # a starting set, then N turned over each round
    ALL_RANDOM = "all_random"  # no starting set: every extra gene comes up at random
    FIXED_LIST = "fixed_list"  # an agreed list from the start, nothing turned over

    @property
    def turns_over(self) -> bool:
        """Whether extra genes are turned over in phase 3."""
        return self in (ExtraGenesMode.START_AND_TURNED, ExtraGenesMode.ALL_RANDOM)


class HealingTransfer(StrEnum):
    """How Healing II moves a DP onto another amoeba on the same space."""

    ENGLISH = "003"  # 3 BP; the receiver dies at once (003)
    ITALIAN = "001"  # 4 BP; the receiver dies at once only if it reaches its limit (001)


class ReboundReading(StrEnum):
    """Where Rebound sends an amoeba stopped by an obstacle."""

    ENGLISH = "003"  # past the compass island; at the board edge it stays (003)
    ITALIAN = "001"  # back one space the other way, from the island or the edge (001)


@dataclass(frozen=True)
class OptionInfo:
    """How an option is presented: a label and the sources of the readings (fixed texts
    marked for the catalogs with N_; the shell translates them where it shows them)."""

    label: str
    default_source: str
    alternative_source: str


@dataclass(frozen=True)
class RuleOptions:
    """The group's rule options; every field has the documented default."""

    gene_advance_table: GeneAdvanceTable = GeneAdvanceTable.STANDARD
    amoeba_advance_5_6: AmoebaAdvance56 = AmoebaAdvance56.ENGLISH
    substitution_4p: Substitution4p = Substitution4p.BOTH
    defense_and_escape_both: bool = True
    zero_amoebas: ZeroAmoebas = ZeroAmoebas.FREE_AMOEBA
    extra_genes_per_round: int = 2
    persistence_copies_4p: int = 1
    end_zone_start: int | None = None  # None: the last 10 spaces of the ladder
    extra_gene_prices: ExtraGenePrices = ExtraGenePrices.ENGLISH
    armor_vs_aggression: ArmorVsAggression = ArmorVsAggression.SUCCESS
    suction_diagonal: bool = False  # Suction II reaches diagonal spaces too (003); not (001)
    healing_transfer: HealingTransfer = HealingTransfer.ENGLISH
    rebound: ReboundReading = ReboundReading.ENGLISH


OPTION_INFO: dict[str, OptionInfo] = {
    "gene_advance_table": OptionInfo(
        N_("Gene advance table"),
        N_("Spanish rules; Italian rules, summary table; English 5-6 player expansion"),
        N_("Italian rules, Fase 6, main text (5:4, 6:5)"),
    ),
    "amoeba_advance_5_6": OptionInfo(
        N_("5-6 player amoeba advance"),
        N_("English 5-6 player expansion (2:1 ... 6:5)"),
        N_("Italian rules, 3.5 (4:4, 5:5, 6:6)"),
    ),
    "substitution_4p": OptionInfo(
        N_("Substitution with 4 players"),
        N_("Italian rules (2:2:0 or 3:1:0)"),
        N_("Spanish rules (2:2:0 only)"),
    ),
    "defense_and_escape_both": OptionInfo(
        N_("Defense and Escape against one attack"),
        N_("Italian rules, English 5-6 player expansion (both, any order, each once a round)"),
        N_("Spanish rules (only one of them)"),
    ),
    "zero_amoebas": OptionInfo(
        N_("No amoeba left in phase 4"),
        N_("Italian rules, Spanish rules (sopa primordial) (one free amoeba anywhere)"),
        N_("Spanish rules (silent: none)"),
    ),
    "extra_genes_per_round": OptionInfo(
        N_("Extra genes turned over per round"),
        N_("English 5-6 player expansion (2)"),
        N_("Italian rules (3), or 1"),
    ),
    "persistence_copies_4p": OptionInfo(
        N_("Persistence copies with 4 players"),
        N_("Italian rules, German reference sheet (1)"),
        N_("Spanish rules (2)"),
    ),
    "end_zone_start": OptionInfo(
        N_("End zone start"),
        N_("last 10 spaces of the ladder"),
        N_("an earlier start (Spanish rules (sopa primordial), Fin del juego)"),
    ),
    "extra_gene_prices": OptionInfo(
        N_("Extra gene price/MP where the Italian rules and the English expansion differ"),
        N_("English 5-6 player expansion"),
        N_("Italian rules"),
    ),
    "armor_vs_aggression": OptionInfo(
        N_("Aggression absorbed by Armor"),
        N_("a success: no Persistence retry (publisher's FAQ)"),
        N_("a failure"),
    ),
    "suction_diagonal": OptionInfo(
        N_("Suction II reaches diagonal spaces"),
        N_("Italian rules (no: horizontal and vertical only)"),
        N_("English 5-6 player expansion (yes: horizontal or diagonal)"),
    ),
    "healing_transfer": OptionInfo(
        N_("Healing II moving a DP onto another amoeba"),
        N_("English 5-6 player expansion (3 BP; the other amoeba dies at once)"),
        N_("Italian rules (4 BP; it dies only if that DP reaches its limit)"),
    ),
    "rebound": OptionInfo(
        N_("Rebound"),
        N_("English 5-6 player expansion (past the compass island; at the edge it stays)"),
        N_("Italian rules (back one space the other way)"),
    ),
}
