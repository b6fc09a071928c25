"""Reading the board: hexes, regions, cities and units by position and owner.

Small query functions used by every rule module. Positions are ``"q,r"`` keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..engine.game import State
from .hexes import DIRECTIONS, distance
from .vocab import LAND, parse_hex

Unit = dict[str, Any]
City = dict[str, Any]

_NEIGHBOURS: dict[str, list[str]] = {}


def neighbour_keys(key: str) -> list[str]:
    """Keys of the six neighbouring positions (they may be off the board)."""
    n = _NEIGHBOURS.get(key)
    if n is None:
        q, r = parse_hex(key)
        n = [f"{q + dq},{r + dr}" for dq, dr in DIRECTIONS]
        _NEIGHBOURS[key] = n
    return n


def board_neighbours(state: State, key: str) -> list[str]:
    hexes = state["hexes"]
    return [k for k in neighbour_keys(key) if k in hexes]


def hex_distance(a: str, b: str) -> int:
    return distance(parse_hex(a), parse_hex(b))


def terrain(state: State, key: str) -> str | None:
    """The terrain of an explored hex, None while its region is face down."""
    return state["hexes"][key]["t"]


def is_explored(state: State, key: str) -> bool:
    return state["hexes"][key]["t"] is not None


def is_land(state: State, key: str) -> bool:
    return state["hexes"][key]["t"] in LAND


def is_sea(state: State, key: str) -> bool:
    return state["hexes"][key]["t"] == "sea"


def is_edge(state: State, key: str) -> bool:
    """A hex on the board's outer edge (it has a neighbour position off the board)."""
    return len(board_neighbours(state, key)) < 6


def units_at(state: State, key: str) -> list[tuple[str, Unit]]:
    return [(uid, u) for uid, u in state["units"].items() if u["h"] == key]


def units_of(state: State, player: int) -> Iterator[tuple[str, Unit]]:
    return ((uid, u) for uid, u in state["units"].items() if u["o"] == player)


def foreign_units_at(state: State, key: str, player: int) -> bool:
    return any(u["o"] != player for u in state["units"].values() if u["h"] == key)


def stack_count(state: State, key: str) -> int:
    """Units counted for the stacking limit: not land units aboard a ship."""
    return sum(1 for u in state["units"].values() if u["h"] == key and u.get("on") is None)


def cities_of(state: State, player: int) -> list[str]:
    return [k for k, c in state["cities"].items() if c["owner"] == player]


def city_size(city: City) -> int:
    return 1 + len(city["pieces"])


def effective_size(state: State, city: City) -> int:
    """Happy counts as size+1, angry as size 1, for collecting and building."""
    from .vocab import ANGRY, HAPPY

    mood = city["mood"]
    if mood == ANGRY and not _forced_labour(state, city):
        return 1
    return city_size(city) + (1 if mood == HAPPY else 0)


def _forced_labour(state: State, city: City) -> bool:
    p = city["owner"]
    return p >= 0 and "forced_labour" in state["players"][p]["once"]


def region_of(state: State, key: str) -> int:
    return state["hexes"][key]["reg"]
