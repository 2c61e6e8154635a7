"""Long replays hold the cyclic garbage collector off, and always give it back (gcpause)."""

from __future__ import annotations

import gc
import threading

from companion.gcpause import collector_paused


def test_the_collector_is_off_during_a_replay_and_back_on_after_it():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # nested: the inner end does not switch it back on
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_comes_back_when_the_last_of_overlapping_replays_ends():
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def first():
        with collector_paused():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    def second():
        first_in.wait(5)
        with collector_paused():
            second_in.set()
            first_out.wait(5)
            seen.append(gc.isenabled())  # the first ended: still off for this one

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == [False]
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off_and_an_error_still_ends_the_pause():
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    try:
        with collector_paused():
            raise ValueError("a record that does not replay")
    except ValueError:
        pass
    assert gc.isenabled()
