"""Issue 12 item 11 (faster taps): the console's lists of one-button forms (its choices and a
die's faces) are made by macros of their own (templates/_forms.html); each must be exactly the
form `post` makes, escaping included, so that a tap on any of them posts what the engine
offered."""

from __future__ import annotations

from companion.web.ursuppe.controls import Button

URL = "/games/abc/act"


def _forms(app):
    """The macros of `_forms.html`, as the templates import them."""
    return app.jinja_env.get_template("_forms.html").module


def test_choice_buttons_are_the_forms_post_makes(app):
    buttons = [
        Button('Ana ● red 2 eats <3> & "more"', '{"type": "feed", "amoeba": "red-2"}', True),
        Button("Ben ▲ yellow passes", '{"type": "pass"}', False),
    ]
    with app.test_request_context():
        choice_posts, post = _forms(app).choice_posts, _forms(app).post
        for primary in (True, False):
            fast = str(choice_posts(URL, buttons, 17, primary))
            slow = "".join(
                str(
                    post(
                        URL,
                        b.label,
                        {"kind": "action", "action": b.action, "revision": 17},
                        "primary" if primary and b.primary else "",
                    )
                )
                for b in buttons
            )
            assert fast == slow
            assert "&lt;3&gt; &amp; &#34;more&#34;" in fast  # the label is escaped once


def test_die_faces_are_the_forms_post_makes(app):
    with app.test_request_context():
        dice_posts, post = _forms(app).dice_posts, _forms(app).post
        for low, high in ((1, 6), (2, 12)):
            fast = str(dice_posts(URL, low, high, 5))
            slow = "".join(
                str(post(URL, n, {"kind": "dice", "d1": n, "revision": 5}, "die"))
                for n in range(low, high + 1)
            )
            assert fast == slow
            assert fast.count("<form ") == high - low + 1
