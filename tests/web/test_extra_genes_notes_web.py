"""The console and the buyer's phone explain the extra genes (issue 30, item 3): each face-up
gene with its price, MP and effect, the buy buttons marked "extra gene", and why a face-up
gene Ana could pay for is not offered to her (the advanced gene needs its lower gene held)."""

from __future__ import annotations

from conftest import text_of

EXAMPLE = "five-players-extra-genes"
ANA_BUYS = 231  # round 6, phase 3: Ana ■ green (5 BP) to buy


def test_the_console_and_anas_phone_explain_the_extra_genes(referee):
    game = referee.example_at(EXAMPLE, ANA_BUYS, "es")
    page = text_of(referee.client.get(f"/games/{game.id}"))
    assert '<strong>Exhibición Amenazadora</strong> <span class="mp">4 PB · 4 PM</span>' in page
    assert "comprar el gen extra Exhibición Amenazadora (4 PB)" in page
    assert "Curación II no se le ofrece a Ana ■ verde: Curación II requiere Curación I" in page
    assert "Ya comprados: Glotón (Ana ■ verde)" in page

    phone = referee.app.test_client()
    phone.set_cookie("lang", "es")
    ana = referee.store.seat_tokens(game.id)["green"]
    seat = text_of(phone.get(f"/s/{ana}"))
    assert "Curación II no se le ofrece a Ana ■ verde" in seat
