"""Random self-play: invariants after every step, every event kind seen, listings exact."""

from __future__ import annotations

import os

from .play import check_listing, event_counts, scan_views, self_play, variants

GAMES = int(os.environ.get("PERSISTENCE_SELFPLAY_GAMES", "150"))

KINDS = (
    "culture_declared",
    "culture_scored",
    "culture_captured",
    "culture_destroyed",
    "culture_transferred",
    "capital_founded",
    "capital_falls",
    "battle_won",
    "battle_lost",
    "fleet_placed",
    "event_declared",
    "fort_built",
    "monument_built",
    "land_falls",
    "fate_roll",
    "game_over",
)


def test_random_self_play_invariants_and_events():
    matches = [self_play(i, *variants(i)) for i in range(GAMES)]
    counts = event_counts(matches)
    for kind in KINDS:
        assert counts[kind] > 0, f"no {kind} event in {GAMES} random games"
    captured = [e for m in matches for e in m.log if e["kind"] == "culture_captured"]
    assert any(e["within_faction"] for e in captured) and any(
        not e["within_faction"] for e in captured
    )
    off = [m for i, m in enumerate(matches) if variants(i)[1].get("transfer") is False]
    assert off and not any(e["kind"] == "culture_transferred" for m in off for e in m.log)


def test_listing_is_exactly_what_the_checks_accept():
    """The fast candidate generators (enter, declare, transfer) list exactly the legal actions."""
    for i in range(6):
        self_play(500 + i, *variants(i), checks=False, every=check_listing, every_n=3)


def test_views_never_leak_hidden_cards():
    """The hidden-information scan: no seat's view names another hand's card or the box's."""
    for i in range(9):
        self_play(900 + i, *variants(i), checks=False, every=scan_views, every_n=5)
