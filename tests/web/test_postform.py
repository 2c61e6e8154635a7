"""Issue 12 item 11 (faster taps): the console's lists of one-button forms (its choices and a
die's faces) are built by a fast path; each must be exactly the form `post` makes, escaping
included, so that a tap on any of them posts what the engine offered."""

from __future__ import annotations

from companion.web.postform import choice_posts, dice_posts, post
from companion.web.ursuppe.controls import Button

URL = "/games/abc/act"


def test_choice_buttons_are_the_forms_post_makes(app):
    buttons = [
        Button('Ana ● red 2 eats <3> & "more"', '{"type": "feed", "amoeba": "red-2"}', True),
        Button("Ben ▲ yellow passes", '{"type": "pass"}', False),
    ]
    with app.test_request_context():
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
        for low, high in ((1, 6), (2, 12)):
            fast = str(dice_posts(URL, low, high, 5))
            slow = "".join(
                str(post(URL, n, {"kind": "dice", "d1": n, "revision": 5}, "die"))
                for n in range(low, high + 1)
            )
            assert fast == slow
            assert fast.count("<form ") == high - low + 1
