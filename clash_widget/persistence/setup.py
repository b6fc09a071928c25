"""Preparing a game: the piles of Event cards (1.1) and the hands (2.1).

State (plain JSON): ``players[s]`` = {seat, vp, vp_by, hand, empires}; ``box`` (the
cards nobody drew, face down: hidden from everyone), ``discard`` (declared host
cards, face up), ``culture`` (Culture cards in play -> Empire), ``destroyed``;
the map: ``lands``, ``fleets``, ``forts``, ``monuments``; ``empires`` (chosen
Empires -> {owner, capital, founded}); ``epoch``, ``order`` (the Epoch's Empires
in their order of play), ``turn`` (the turn in progress), ``turn_no`` (turns so
far), ``stack`` (decision frames), ``over``, ``result``.
"""

from __future__ import annotations

from typing import Any, cast

from ..engine import Events
from ..engine.rng import seed_state, shuffle
from ..engine.seats import name as who
from . import content
from .state_types import PersistenceOptionsDict, PersistenceState, VpBy

VP_SOURCES = ("regions", "capitals", "monuments", "culture")


def used_piles(options: dict[str, Any]) -> list[str]:
    """Nine host piles, and the tenth, the Culture pile, when the variant is played (1.1)."""
    return [p for p in content.piles() if options["culture"] or p != content.CULTURE_PILE]


def new_state(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    state: PersistenceState = {
        "game": "persistence",
        "seed": seed,
        "rng": seed_state(seed),
        "options": cast(PersistenceOptionsDict, dict(options)),  # PersistenceOptions.to_dict()
        "players": [
            {
                "seat": s,
                "vp": 0,
                "vp_by": cast(VpBy, dict.fromkeys(VP_SOURCES, 0)),
                "hand": [],
                "empires": [],
            }
            for s in range(players)
        ],
        "box": [],
        "discard": [],
        "culture": {},
        "destroyed": [],
        "lands": {},
        "fleets": {},
        "forts": [],
        "monuments": [],
        "empires": {},
        "epoch": 0,
        "order": [],
        "turn": None,
        "turn_no": 0,
        "stack": [],
        "over": False,
        "result": None,
    }
    return cast(dict[str, Any], state)  # the engine carries it as a plain dict


def deal(state: dict[str, Any], ev: Events) -> None:
    """Shuffle each pile; every player draws one card of each; the rest go back to the box."""
    n = len(state["players"])
    for pile in used_piles(state["options"]):
        cards = list(content.pile_cards(pile))
        shuffle(state, cards)
        for s in range(n):
            state["players"][s]["hand"].append(cards[s])
        state["box"].extend(cards[n:])
    state["box"].sort()  # face down: the order tells nothing
    piles = len(used_piles(state["options"]))
    for s in range(n):
        hand = sorted(state["players"][s]["hand"], key=hand_order)
        state["players"][s]["hand"] = hand
        ev.emit(
            "dealt",
            f"{who(state, s)} draws {piles} Event cards, one from each pile",
            seat=s,
            private={"seat": s, "cards": list(hand)},
        )


def hand_order(card: str) -> tuple[int, str]:
    return (content.piles().index(content.cards()[card]["pile"]), card)
