"""Reading the board: hexes, regions, cities and units by position and owner.

Small query functions used by every rule module. Positions are ``"q,r"`` keys.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..engine.game import State
from ..engine.reading import OPEN_BLOCK, STATE
from .hexes import DIRECTIONS, distance
from .vocab import ANGRY, HAPPY, LAND, parse_hex

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


@lru_cache(maxsize=1 << 16)  # every pair of a board's hexes (bots ask it in loops)
def hex_distance(a: str, b: str) -> int:
    return distance(parse_hex(a), parse_hex(b))


def terrain(state: State, key: str) -> str | None:
    """The terrain of an explored hex, None while its region is face down."""
    return state["hexes"][key]["terrain"]


def is_explored(state: State, key: str) -> bool:
    return state["hexes"][key]["terrain"] is not None


def is_land(state: State, key: str) -> bool:
    return state["hexes"][key]["terrain"] in LAND


def is_sea(state: State, key: str) -> bool:
    return state["hexes"][key]["terrain"] == "sea"


def is_edge(state: State, key: str) -> bool:
    """A hex on the board's outer edge (it has a neighbour position off the board)."""
    return len(board_neighbours(state, key)) < 6


# -- units by position ---------------------------------------------------------
#
# Rules ask "who stands on this hex?" many times while the legal actions are
# listed. A listing never changes the state, so inside the engine's reading block
# (``engine.reading``: every listing and check opens one) the units are indexed by
# hex once, in the block's memo; outside one, every query scans ``state["units"]``.

_BY_HEX = "coc.units-by-hex"
"""The block's memo key of the units by hex."""


def units_on(state: State, key: str) -> list[tuple[str, Unit]]:
    """``(uid, unit)`` pairs on hex ``key``, in ``state["units"]`` order.

    The list belongs to the caller's reading only: do not change it.
    """
    block = OPEN_BLOCK.get()
    if block is not None and block[STATE] is state:
        index = block.get(_BY_HEX)
        if index is None:
            index = block[_BY_HEX] = {}
            for item in state["units"].items():
                index.setdefault(item[1]["hex"], []).append(item)
        return index.get(key, _NONE)  # type: ignore[no-any-return]
    return [(uid, u) for uid, u in state["units"].items() if u["hex"] == key]


_NONE: list[tuple[str, Unit]] = []


def units_at(state: State, key: str) -> list[tuple[str, Unit]]:
    return list(units_on(state, key))


def foreign_units_at(state: State, key: str, player: int) -> bool:
    return any(u["owner"] != player for _, u in units_on(state, key))


def stack_count(state: State, key: str) -> int:
    """Units counted for the stacking limit: not land units aboard a ship."""
    return sum(1 for _, u in units_on(state, key) if u.get("on") is None)


def is_enemy_space(state: State, p: int, key: str) -> bool:
    """Units of another side, or a city not of ``p``'s, stand on ``key``."""
    for _, u in units_on(state, key):  # a loop, not any(): asked per candidate move
        if u["owner"] != p:
            return True
    city = state["cities"].get(key)
    return city is not None and city["owner"] != p


def cities_of(state: State, player: int) -> list[str]:
    return [k for k, c in state["cities"].items() if c["owner"] == player]


def own_cities(state: State, player: int) -> list[str]:
    """``player``'s city keys, sorted: what the listing of a turn asks again and again (build,
    collect, grow, civic, wonders), so inside a reading block it is worked out once. The list
    belongs to the caller's reading only: do not change it."""
    block = OPEN_BLOCK.get()
    if block is None or block[STATE] is not state:
        return sorted(cities_of(state, player))
    key = ("coc.own-cities", player)
    got = block.get(key)
    if got is None:
        got = block[key] = sorted(cities_of(state, player))
    return got  # type: ignore[no-any-return]


def city_size(city: City) -> int:
    return 1 + len(city["pieces"])


def effective_size(state: State, city: City) -> int:
    """Happy counts as size+1, angry as size 1, for collecting and building."""
    mood = city["mood"]
    if mood == ANGRY and not _forced_labour(state, city):
        return 1
    return city_size(city) + (1 if mood == HAPPY else 0)


def _forced_labour(state: State, city: City) -> bool:
    p = city["owner"]
    return p >= 0 and "forced_labour" in state["players"][p]["once"]


def region_of(state: State, key: str) -> int:
    return state["hexes"][key]["region"]
