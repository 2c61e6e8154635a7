"""The 26 extra genes of the Advanced Genome Project, one copy each (shared EXTRA-GENES.md).

Values are 003 §The Amoeba Advanced Genome Project (price, then MP); `price_001`/`mp_001`
are 001's printing where it differs (001 §LE CARTE GENE "NORMALE" / "SUPERIORE"), chosen by
the rule option `extra_gene_prices`. How they enter a game: `extra_setup.py`.
"""

from __future__ import annotations

from companion.tracker.msg import N_, P_
from companion.tracker.ursuppe.genes.card import GeneCard

ONE_COPY = (1, 1, 1, 1)

DORIS_FRANK = "doris_frank"
GLUTTON = "glutton"
ALARM = "alarm"
CLEANLINESS = "cleanliness"
HARD_CRUST = "hard_crust"
MIGRATION_SENSING = "migration_sensing"
SOCIAL_GENE = "social_gene"
FAST_FOOD = "fast_food"
HIGHLY_ADAPTABLE = "highly_adaptable"
MORE_THAN_A_MOUTHFUL = "more_than_a_mouthful"
CAMOUFLAGE_1 = "camouflage_1"
SUCTION_1 = "suction_1"
THREAT_DISPLAY = "threat_display"
FLEXIBLE = "flexible"
HEALING_1 = "healing_1"
REBOUND = "rebound"
GO_OUT_WITH_A_BANG = "go_out_with_a_bang"
SHORT_LIFE_SPAN = "short_life_span"
TOXIC_EXCRETIONS = "toxic_excretions"
POPULATION_EXPLOSION = "population_explosion"
ENERGY_CONSERVATION = "energy_conservation"
PHD = "phd"
ENVIRONMENTAL_SENSING = "environmental_sensing"
CAMOUFLAGE_2 = "camouflage_2"
HEALING_2 = "healing_2"
SUCTION_2 = "suction_2"

# Social Gene bought from its holder costs 2 BP, paid to that holder (003, 001: "4(2)").
SOCIAL_GENE_FROM_PLAYER = 2

# The pair 003 §Play recommends to begin with.
RECOMMENDED_START = (SOCIAL_GENE, POPULATION_EXPLOSION)


def _extra(key, name, price, mp, effect, **kw) -> GeneCard:
    return GeneCard(key, name, price, mp, ONE_COPY, effect=effect, extra=True, **kw)


EXTRA_GENES: tuple[GeneCard, ...] = (
    _extra(
        DORIS_FRANK,
        P_("gene", "Doris & Frank Gene"),
        2,
        3,
        N_("No effect in play; whoever holds it at the game end decides what to play next."),
    ),
    _extra(
        GLUTTON,
        P_("gene", "Glutton"),
        3,
        -2,
        N_("Phase 1: every meal needs one cube more, of any other color. MP -2."),
    ),
    _extra(
        ALARM,
        P_("gene", "Alarm"),
        3,
        3,
        N_("Once one of your amoebas is eaten in phase 1, the others may escape like Escape."),
    ),
    _extra(
        CLEANLINESS,
        P_("gene", "Cleanliness"),
        3,
        3,
        N_("Excreta may go onto an orthogonally adjacent space, both cubes on the same one."),
    ),
    _extra(
        HARD_CRUST,
        P_("gene", "Hard Crust"),
        3,
        3,
        N_("An attack that would succeed costs the attacker 1 BP more, or it fails."),
    ),
    _extra(
        MIGRATION_SENSING,
        P_("gene", "Migration Sensing"),
        3,
        3,
        N_("Start of phase 1: look secretly at the card turned in this round's phase 2."),
    ),
    _extra(
        SOCIAL_GENE,
        P_("gene", "Social Gene"),
        4,
        3,
        N_(
            "Only the last player may buy it (4 BP, or 2 BP to its holder). Phase 6: 1 BP "
            "from every player 6 or more spaces ahead."
        ),
        price_001=3,
        mp_001=4,
    ),
    _extra(
        FAST_FOOD,
        P_("gene", "Fast Food"),
        4,
        3,
        N_("Phase 1: an amoeba may feed first and then drift or move."),
        price_001=3,
        mp_001=4,
    ),
    _extra(
        HIGHLY_ADAPTABLE,
        P_("gene", "Highly Adaptable"),
        4,
        3,
        N_("Phase 3: swap a held gene for an available one, paying any difference."),
        price_001=3,
        mp_001=4,
    ),
    _extra(
        MORE_THAN_A_MOUTHFUL,
        P_("gene", "More than a Mouthful"),
        4,
        3,
        N_("Phase 1: an amoeba successfully attacked takes 1 DP instead of dying."),
        price_001=3,
        mp_001=4,
    ),
    _extra(
        CAMOUFLAGE_1,
        P_("gene", "Camouflage I"),
        4,
        4,
        N_("Attacking, roll a die: on 4-6 the victim cannot use Escape, Defense or Alarm."),
    ),
    _extra(
        SUCTION_1,
        P_("gene", "Suction I"),
        4,
        4,
        N_("A meal may take 1 cube from an orthogonally adjacent space."),
    ),
    _extra(
        THREAT_DISPLAY,
        P_("gene", "Threat Display"),
        4,
        4,
        N_("Your amoebas can only be attacked by amoebas with the same or a lower number."),
    ),
    _extra(
        FLEXIBLE,
        P_("gene", "Flexible"),
        5,
        4,
        N_("Every gene you buy costs 1 BP less."),
    ),
    _extra(
        HEALING_1,
        P_("gene", "Healing I"),
        5,
        4,
        N_("Phase 4: pay 3 BP to remove 1 DP from an amoeba, once per amoeba."),
    ),
    _extra(
        REBOUND,
        P_("gene", "Rebound"),
        5,
        4,
        N_("An amoeba stopped by the compass island may jump to its far side."),
    ),
    _extra(
        GO_OUT_WITH_A_BANG,
        P_("gene", "Go Out With A Bang"),
        5,
        5,
        N_("When one of your amoebas dies, every other amoeba on its space gets 1 DP."),
    ),
    _extra(
        SHORT_LIFE_SPAN,
        P_("gene", "Short Life Span"),
        5,
        5,
        N_(
            "Compulsory: amoebas die at 1 DP (2 with Life Expectancy); division costs 4 BP. "
            "Returned it balances 4."
        ),
        returned_value=4,
    ),
    _extra(
        TOXIC_EXCRETIONS,
        P_("gene", "Toxic Excretions"),
        5,
        5,
        N_("Each excretion lays 1 DP on the space; the next amoeba to enter takes them all."),
    ),
    _extra(
        POPULATION_EXPLOSION,
        P_("gene", "Population Explosion"),
        6,
        5,
        N_(
            "Phase 4: instead of dividing, give up income and all BP and place free amoebas "
            "up to the leader's count."
        ),
    ),
    _extra(
        ENERGY_CONSERVATION,
        P_("gene", "Energy Conservation"),
        6,
        6,
        N_("Phase 1: each of your amoebas that drifts earns 1 BP."),
    ),
    _extra(
        PHD,
        P_("gene", "PhD"),
        3,
        4,
        N_("Useless in the soup, but counts as 2 cards on the advance table."),
        replaces=("intelligence",),
    ),
    _extra(
        ENVIRONMENTAL_SENSING,
        P_("gene", "Environmental Sensing"),
        4,
        3,
        N_("Like Migration Sensing; after the card is turned in phase 2, look at the next one."),
        replaces=(MIGRATION_SENSING,),
    ),
    _extra(
        CAMOUFLAGE_2,
        P_("gene", "Camouflage II"),
        5,
        5,
        N_("Your attacks can never be met with Escape, Defense or Alarm; Armor still works."),
        replaces=(CAMOUFLAGE_1,),
        mp_001=4,
    ),
    _extra(
        HEALING_2,
        P_("gene", "Healing II"),
        5,
        5,
        N_("Like Healing I, or move the DP onto another amoeba on the space, which dies."),
        replaces=(HEALING_1,),
    ),
    _extra(
        SUCTION_2,
        P_("gene", "Suction II"),
        6,
        6,
        N_("A meal may take up to 2 cubes from one adjacent space."),
        replaces=(SUCTION_1,),
    ),
)

EXTRA_KEYS: tuple[str, ...] = tuple(g.key for g in EXTRA_GENES)

# Abilities an extra advanced gene keeps from the lower gene it replaced (RULES §Genes).
EXTRA_INCLUDED_ABILITIES: dict[str, tuple[str, ...]] = {
    ENVIRONMENTAL_SENSING: (MIGRATION_SENSING,),
    CAMOUFLAGE_2: (CAMOUFLAGE_1,),
    HEALING_2: (HEALING_1,),
    SUCTION_2: (SUCTION_1,),
}


# Marks of one use in `Player.used_this_round`, beside the genes' own keys: Healing heals an
# amoeba once a round, Highly Adaptable takes a gene once a turn.
def healed_mark(amoeba_number: int) -> str:
    """The mark of Healing used on the holder's amoeba of this number this round."""
    return f"healed:{amoeba_number}"


def swapped_mark(key: str) -> str:
    """The mark of Highly Adaptable having taken the gene of this key this turn."""
    return f"swapped:{key}"


def gene_of_mark(mark: str, held: tuple[str, ...]) -> str:
    """The key of the gene a `used_this_round` entry stands for (`held`: the holder's keys)."""
    kind = mark.partition(":")[0]
    if kind == "healed":
        return HEALING_2 if HEALING_2 in held else HEALING_1
    if kind == "swapped":
        return HIGHLY_ADAPTABLE
    return mark
