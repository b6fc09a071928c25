"""The Play, Discard and Attack listings are every check asked of every candidate (#27).

Their candidate makers filter with the checks' own predicates read once per listing (the
turn's cultures once for a hand, the attacking pairs before the targets, a card's type
from a cached test); at every position of random games (2-5 players, the pairs variant, the
extended deck) each listing must be exactly the actions, made in the listing's order from
every card, city, citizen and target, that pass every one of the kind's checks.
"""

from __future__ import annotations

from itertools import combinations

from clash_widget.engine import Action
from clash_widget.secolo import cards as catalogue
from clash_widget.secolo import logic
from clash_widget.secolo.attack import ATTACK_KIND
from clash_widget.secolo.play import PLAY_KIND
from clash_widget.secolo.specials import SPECIAL_TIMINGS, TAKES
from clash_widget.secolo.turn_frames import DISCARD

from .test_fast_probes import positions


def passing(kind, state, frame, actions: list[Action]) -> list[Action]:
    """The actions every check of ``kind`` admits (``first_violation``: ensured ones too)."""
    return [
        a
        for a in actions
        if kind.first_violation(state, frame, kind.parse(state, frame, a)) is None
    ]


def every_play(state, seat: int) -> list[Action]:
    out = []
    for cid in sorted(set(logic.hand(state, seat))):
        for where in range(len(state["players"])):
            head = (cid,) if where == seat else (cid, str(where))
            out.append(Action("play", head))
            out += [Action("play", (*head, h)) for h in logic.city(state, where)]
    return out


def every_attack(state, seat: int) -> list[Action]:
    atks = sorted(set(logic.hand(state, seat)))
    everyone = [c for p in state["players"] for c in p["city"]]
    return [
        Action("attack", (atk, a1, a2, t))
        for a1, a2 in combinations(sorted(logic.city(state, seat)), 2)
        for t in everyone
        for atk in atks
    ]


def test_play_discard_and_attack_list_what_every_check_admits() -> None:
    listed = {"play": 0, "discard": 0, "attack": 0}
    for state in positions(seeds=1):
        frame = state["stack"][-1]
        seat = frame["player"]
        if frame["kind"] == "act":
            plays = PLAY_KIND.legal(state, frame)
            assert plays == passing(PLAY_KIND, state, frame, every_play(state, seat))
            attacks = ATTACK_KIND.legal(state, frame)
            assert attacks == passing(ATTACK_KIND, state, frame, every_attack(state, seat))
            listed["play"] += len(plays)
            listed["attack"] += len(attacks)
        if frame["kind"] == "draw":
            every = [Action("discard", (c,)) for c in sorted(logic.hand(state, seat))]
            discards = DISCARD.legal(state, frame)
            assert discards == passing(DISCARD, state, frame, every)
            listed["discard"] += len(discards)
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
