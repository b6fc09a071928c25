"""The action cards' listing never changes an answer (#27, round eight).

A turn listing lists the action cards the player may play. It reads them per hand and
whether an action is left (``cards._plays``, an lru cache: a hand changes seldom), leaving
out the cards whose effect costs an action when none is left, so that neither check is
asked per card (both ``ensured``). Here the engine's conformance check compares the listing
with the kind's wide definition (every card in any hand, asked every check of the play kind)
at every turn position of random games with 2, 3 and 4 players, with the actions left as
they are and set to none, and with hands made up of every card of the catalogue.
"""

from __future__ import annotations

import random
from typing import Any

from protocol_checks import conforms

from clash_widget.coc import cards
from clash_widget.engine.state import clone

from .helpers import turn_positions


def _same(state: dict[str, Any]) -> int:
    conforms("coc", state, "play")  # the listing is the kind's wide definition, checked
    return len(cards.play_candidates(state, state["stack"][-1]))


def test_plays_match_the_plain_listing_in_random_games():
    """At every turn position of random 2-, 3- and 4-player games, with the actions left as
    they are and with none left: the same cards."""
    met = {"some": 0, "none left": 0}
    for players, seeds in ((4, range(3200, 3203)), (3, range(3210, 3212)), (2, range(3220, 3222))):
        for state in turn_positions(players, seeds):
            _same(state)
            if (
                state["turn"]["actions"]
                and state["players"][state["stack"][-1]["player"]]["actions_hand"]
            ):
                s = clone(state)
                s["turn"]["actions"] = 0
                met["none left" if _same(s) < _same(state) else "some"] += 1
    assert met["none left"] > 20  # cards left out for want of an action were met


def test_plays_match_the_plain_listing_for_made_up_hands():
    """Hands of 0-5 cards drawn from the whole catalogue (copies and cards that cost an
    action among them), with 0-3 actions left: the same cards."""
    rng = random.Random(27)
    deck = sorted(f"{c}#{i}" for c, spec in cards.action_cards().items() for i in range(2))
    state = next(turn_positions(4, range(3200, 3201)))
    for _ in range(400):
        s = clone(state)
        s["players"][s["stack"][-1]["player"]]["actions_hand"] = rng.sample(deck, rng.randint(0, 5))
        s["turn"]["actions"] = rng.randint(0, 3)
        _same(s)
