"""The classroom server's limits for tests that ask its coach: no bot delay, room for a test's
bursts of actions and hints, and the coach's smallest honest budget (a few trial games per
move), so a test reviews a whole game in seconds (the coach's own figures are tested in
tests/test_coach*.py). Shared by the server's tests and the classroom's browser tests."""

from __future__ import annotations

from typing import Any

from clash_widget.server.rooms import Limits

SMALL = {"rounds": 2, "candidates": 2, "turns": 1, "depth": 20}


def small_limits(**kw: Any) -> Limits:
    """The tests' limits, with any of them changed by keyword (as Limits takes them)."""
    base = dict(
        bot_delay=0.0,
        burst=100,
        actions_per_second=100.0,
        hint_budget=SMALL,
        review_budget=SMALL,
        hint_burst=100,
        hint_rate=100.0,
    )
    return Limits(**(base | kw))
