"""Pages at phone width (390 px).

The setup page (Spanish): each choice's radio or checkbox stays on
the first line of its text (its middle within that line). The variants of 000 §Ursuppe para 2
jugadores are each explained in a long sentence; when it wrapped, the radio stood alone on a
line above it (the global label wraps its items, and inputs are 44 px tall).

The referee's console with the correction form open (issue 13, the referee's desk) stays as
wide as the screen: the form's kind picker names its longest choice in a sentence, and the
console's grid column grew to fit it (917 px in Italian), so the whole console scrolled
sideways."""

from __future__ import annotations


def test_each_setup_choice_keeps_its_box_on_its_first_line(browser, live_server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="es-ES"
    )
    page = context.new_page()
    page.goto(live_server.referee_link)
    page.goto(f"{live_server.url}/lang/es?next=/games/new")
    page.wait_for_selector("input[name=two_players][value=double2]")
    apart = page.evaluate(
        """() => [...document.querySelectorAll(
            '.setup label:not([class]) > input:is([type=radio], [type=checkbox])')]
          .map(box => {
            const text = document.createRange();
            text.selectNodeContents(box.parentElement);
            text.setStartAfter(box);
            const first = text.getClientRects()[0];
            const b = box.getBoundingClientRect();
            const middle = (b.top + b.bottom) / 2;
            return {name: box.name + '=' + box.value, middle: middle,
                    line: [first.top, first.bottom]};
          })
          .filter(r => r.middle < r.line[0] || r.middle > r.line[1])"""
    )
    context.close()
    assert apart == [], apart


def test_the_console_with_the_correction_form_open_fits_a_phone(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server.referee_link)
    page.goto(f"{live_server.url}/lang/it?next=/games/new")
    for i, name in enumerate(["Ana", "Ben", "Cleo", "", "", ""]):
        page.fill(f"input[name=name{i}]", name)
    page.click(".setup button[type=submit]")
    page.wait_for_selector("#console")
    page.click("#console details.correction summary")
    page.wait_for_selector("form[data-correction] select[name=field]")
    width = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert width <= 390, width
