"""A correction's log heading reads as a sentence in the reader's language (issue 30, item 9):
what it sets, on whom, to what, and the reason the referee gave (000 has no rule for a
correction: the table decides, the app records what it was told)."""

from __future__ import annotations

import pytest
from builders import position

from companion.i18n import t
from companion.tracker.colors import Color
from companion.tracker.ursuppe.actions import Correct
from companion.tracker.ursuppe.state import AmoebaId
from companion.tracker.ursuppe.views.labels import describe

BP_TO_5 = Correct("bp", 5, "the table counted again", color=Color.GREEN)


@pytest.mark.parametrize(
    "lang, heading",
    [
        ("en", "Correction: Cleo ■ green's BP set to 5 — reason: the table counted again"),
        ("es", "Corrección: PB de Cleo ■ verde fijado en 5 — motivo: the table counted again"),
        ("it", "Correzione: BP di Cleo ■ verde portato a 5 — motivo: the table counted again"),
    ],
)
def test_a_bp_correction_heading_is_a_sentence(lang, heading):
    assert t(describe(position(4), BP_TO_5), lang) == heading


def test_no_correction_heading_shows_a_field_key():
    state = position(4, amoebas=["red-1@3"])
    corrections = [
        Correct("dp", 1, "r", amoeba=AmoebaId(Color.RED, 1)),
        Correct("marker", 7, "r", color=Color.RED),
        Correct("amoeba_space", 4, "r", amoeba=AmoebaId(Color.RED, 1)),
        Correct("gene", 1, "r", color=Color.RED, gene="speed"),
        Correct("gene", 0, "r", color=Color.RED, gene="speed"),
        Correct("gene_since", 2, "r", color=Color.RED, gene="speed"),
        Correct("box_cubes", 50, "r", color=Color.RED),
        Correct("toxic", 1, "r", space=3),
    ]
    for correction in corrections:
        heading = t(describe(state, correction), "en")
        assert heading.startswith("Correction: ") and heading.endswith(" — reason: r"), heading
        assert "_" not in heading and " = " not in heading, heading
    assert t(describe(state, corrections[3]), "en").startswith("Correction: Ana ● red holds Speed")
