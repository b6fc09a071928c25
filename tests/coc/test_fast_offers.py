"""The trade offers' listing never changes an answer (#27, round eight).

A turn listing lists the one-for-one swaps of basic goods a player may offer. It reads them
from a table made once (``trade._SWAPS``: per partner seat and which basic goods each side
holds) instead of trying every partner, good given and good asked for. Here the engine's
conformance check compares the listing with the kind's wide definition (every partner, good
given and good asked for, each offer asked every check of the offer kind) at every turn position of
random games with 2, 3 and 4 players, and with holdings made up so that every pattern of
goods held and not held is met.
"""

from __future__ import annotations

import random
from typing import Any

from protocol_checks import conforms

from clash_widget.coc import trade
from clash_widget.coc.vocab import BASIC
from clash_widget.engine.state import clone

from .helpers import turn_positions


def _same(state: dict[str, Any]) -> None:
    conforms("coc", state, "trade")  # the listing is the kind's wide definition, checked


def test_offers_match_the_plain_listing_in_random_games():
    """At every turn position of random 2-, 3- and 4-player games: the same offers."""
    met = 0
    for players, seeds in ((4, range(3100, 3103)), (3, range(3110, 3112)), (2, range(3120, 3122))):
        for state in turn_positions(players, seeds):
            _same(state)
            met += 1
    assert met > 500


def test_offers_match_the_plain_listing_for_every_holding():
    """Holdings made up so that each player holds none, one or several of each basic good
    (every pattern of the seat's own goods and each partner's is met): the same offers."""
    rng = random.Random(27)
    patterns: set[tuple[int, ...]] = set()
    for i, state in enumerate(turn_positions(4, range(3130, 3131))):
        if i % 3:
            continue
        for _ in range(12):
            s = clone(state)
            for player in s["players"]:
                for g in BASIC:
                    player["res"][g] = rng.choice((0, 0, 1, 2, 5))
            _same(s)
            patterns.add(tuple(tuple(pl["res"][g] > 0 for g in BASIC) for pl in s["players"][:2]))
    assert len(patterns) == 64  # every pattern of two players' holdings was met


def test_a_listing_changed_by_its_caller_changes_no_later_one():
    """The list handed out is the caller's: changing it leaves the kept table as it was."""
    state = next(turn_positions(4, range(3100, 3101)))
    for player in state["players"]:
        player["res"].update(food=1, wood=1, ore=1)
    frame = state["stack"][-1]
    got = trade.offer_candidates(state, frame)
    assert got
    kept = list(got)
    got.clear()
    assert trade.offer_candidates(state, frame) == kept
