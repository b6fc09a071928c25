"""The engine's reaction windows (engine/reactions.py), on a bare state: no game involved."""

from __future__ import annotations

from clash_widget.engine.reactions import open_window, pass_on, still_usable


def _state(holding: set[int]) -> tuple[dict, callable]:
    state = {"stack": [{"kind": "act", "player": 0}], "over": False, "holding": set(holding)}
    return state, lambda st, seat: seat in st["holding"]


def test_a_window_asks_only_seats_that_can_use_something_in_order():
    state, usable = _state({1, 3})
    w = open_window(state, [1, 2, 3], usable, then="next", turn_seat=0)
    assert w is state["stack"][-1] and w["player"] == 1 and w["queue"] == [2, 3]
    assert w["then"] == "next" and w["turn_seat"] == 0
    assert pass_on(state, w, usable) and w["player"] == 3  # seat 2 holds nothing: skipped
    assert not pass_on(state, w, usable)  # the last one passed: closed
    assert state["stack"] == [{"kind": "act", "player": 0}]


def test_no_window_when_nobody_can_use_anything():
    state, usable = _state(set())
    assert open_window(state, [1, 2], usable) is None
    assert state["stack"] == [{"kind": "act", "player": 0}]


def test_a_seat_that_used_something_stays_asked_while_it_can():
    state, usable = _state({1, 2})
    w = open_window(state, [1, 2], usable)
    assert still_usable(state, w, usable) and w["player"] == 1  # still holds something
    state["holding"].discard(1)  # used its last card
    assert still_usable(state, w, usable) and w["player"] == 2
    state["holding"].clear()
    assert not still_usable(state, w, usable) and len(state["stack"]) == 1


def test_a_window_closes_when_the_game_ends():
    state, usable = _state({1, 2})
    w = open_window(state, [1, 2], usable)
    state["over"], state["stack"] = True, []
    assert not still_usable(state, w, usable)
