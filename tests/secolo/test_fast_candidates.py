"""The Play, Discard and Attack listings are every check asked of every candidate (#27).

Their candidate makers filter with the checks' own predicates read once per listing (the
turn's cultures once for a hand, the attacking pairs before the targets, a card's type
from a cached test); at every position of random games (2-5 players, the pairs variant, the
extended deck) each listing must be exactly the actions of the kind's wide definition (every card,
city, citizen and target) that pass every one of the kind's checks.
"""

from __future__ import annotations

from protocol_checks import conforms

from clash_widget.secolo import cards as catalogue
from clash_widget.secolo.attack import ATTACK_KIND
from clash_widget.secolo.play import PLAY_KIND
from clash_widget.secolo.specials import SPECIAL_TIMINGS, TAKES
from clash_widget.secolo.turn_frames import DISCARD

from .test_fast_probes import positions


def test_play_discard_and_attack_list_what_every_check_admits() -> None:
    """The engine's conformance check for the three kinds (their wide definitions, every
    check asked) at every position, and each kind listed often enough to mean something."""
    listed = {"play": 0, "discard": 0, "attack": 0}
    for state in positions(seeds=1):
        frame = state["stack"][-1]
        if frame["kind"] == "act":
            conforms("secolo", state, "play", "attack")
            listed["play"] += len(PLAY_KIND.legal(state, frame))
            listed["attack"] += len(ATTACK_KIND.legal(state, frame))
        if frame["kind"] == "draw":
            conforms("secolo", state, "discard")
            listed["discard"] += len(DISCARD.legal(state, frame))
    assert min(listed.values()) > 50, listed


def test_cached_card_tests_are_the_cards_types_and_timings() -> None:
    for cid, card in catalogue.catalogue().items():
        assert catalogue.is_attack(cid) == (card["type"] == "attack")
        assert catalogue.is_bulwark(cid) == (card["type"] == "bulwark")
        assert catalogue.is_character(cid) == (card["type"] == "character")
        assert catalogue.is_object(cid) == (card["type"] == "object")
        for kind, timings in SPECIAL_TIMINGS.items():
            taken = card["type"] == "special" and card["timing"] in timings
            assert TAKES[kind](cid) == taken
