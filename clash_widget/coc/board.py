"""Reading the board: hexes, regions, cities and units by position and owner.

Small query functions used by every rule module. Positions are ``"q,r"`` keys.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, Token
from functools import lru_cache
from typing import Any, TypeVar

from ..engine.game import State
from .hexes import DIRECTIONS, distance
from .vocab import ANGRY, HAPPY, LAND, parse_hex

Unit = dict[str, Any]
City = dict[str, Any]
T = TypeVar("T")

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
# listed. A listing never changes the state, so for its duration the units can
# be indexed by hex once. The index lives outside the state (never serialised,
# hashed or cloned) and only inside a ``reading(state)`` block, in the thread
# that opened it; outside one, every query scans ``state["units"]``.


class reading:  # noqa: N801 - used like a function: ``with reading(state):``
    """A block that only reads ``state``: unit queries may use a per-hex index.

    Nothing may change the state inside the block (listing and checking are pure).
    Blocks nest; leaving one restores the outer block. The block itself holds what it
    remembers, and the innermost open block is a context variable: each thread (and each
    asyncio task) sees its own, and reading it is cheap (every listing opens a block, and
    unit queries read it many times).
    """

    __slots__ = ("by_hex", "memo", "state", "token")

    def __init__(self, state: State) -> None:
        self.state = state
        self.by_hex: dict[str, list[tuple[str, Unit]]] | None = None
        self.memo: dict[Any, Any] = {}

    def __enter__(self) -> None:
        self.token = _BLOCK.set(self)

    def __exit__(self, *exc: object) -> None:
        _BLOCK.reset(self.token)


_BLOCK: ContextVar[reading | None] = ContextVar("clash_reading_block", default=None)


def begin_reading(state: State) -> Token[reading | None]:
    """Open a reading block without the ``with`` statement, for the hottest caller (the
    random bot's listing, once an action): :func:`end_reading` with the token closes it, in
    a ``finally``. Two calls fewer than ``with reading(state):``."""
    return _BLOCK.set(reading(state))


end_reading = _BLOCK.reset


def read_once(state: State, key: Any, compute: Callable[[], T]) -> T:
    """``compute()``, remembered for the rest of the reading block on ``state``.

    ``key`` must name everything the result depends on besides the state.
    Outside a reading block nothing is remembered.
    """
    block = _BLOCK.get()
    if block is None or block.state is not state:
        return compute()
    memo = block.memo
    if key not in memo:
        memo[key] = compute()
    return memo[key]  # type: ignore[no-any-return]


def units_on(state: State, key: str) -> list[tuple[str, Unit]]:
    """``(uid, unit)`` pairs on hex ``key``, in ``state["units"]`` order.

    The list belongs to the caller's reading only: do not change it.
    """
    block = _BLOCK.get()
    if block is not None and block.state is state:
        index = block.by_hex
        if index is None:
            index = {}
            for item in state["units"].items():
                index.setdefault(item[1]["hex"], []).append(item)
            block.by_hex = index
        return index.get(key, _NONE)
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
    block = _BLOCK.get()
    if block is None or block.state is not state:
        return sorted(cities_of(state, player))
    memo = block.memo
    key = ("own-cities", player)
    got = memo.get(key)
    if got is None:
        got = memo[key] = sorted(cities_of(state, player))
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
