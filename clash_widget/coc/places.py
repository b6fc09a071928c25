"""A hex named in words a learner can find on the map (issue #37, item 6).

The map hides coordinates at first, so every sentence a person reads (action labels, log
lines, prompts, refusals) names a hex by what the map shows: its terrain and the nearest
city, the city by its owner's name ("Blue's capital", "Orange's north-eastern city"),
with a compass direction and a count of hexes when no city is next to it. The
coordinates stay in the action keys (internal), the map's coordinates toggle and tooltips.

One namer for the game: the view hands every hex its words (``view["hexes"][i]["place"]``),
so the board, its tooltips and the log say the same. Only what every seat sees is read:
city positions and owners, and the terrain of face-up regions (a face-down hex is "an
unexplored hex"). Deterministic: ties go to capitals, then to the lower coordinates.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ..engine.actions import Action
from ..engine.game import Frame, State
from .board import neighbour_keys
from .hexes import distance
from .vocab import BARBARIANS, Hex, parse_hex

TERRAIN_WORDS = {
    "plains": "grassland",
    "forest": "forest",
    "mountain": "mountain",
    "barren": "barren land",
    "sea": "sea",
}
"""The board's words for its terrains (its legend, js/src/coc/colors.ts)."""

NEAR = 2
"""Further than this from every city, a hex is counted from the nearest capital (the map's
landmarks), not from a city that itself needs naming."""

NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
"""A way's length in words, apart from the digits that place hexes around a city."""

COMPASS = (
    "east",
    "north-east",
    "north",
    "north-west",
    "west",
    "south-west",
    "south",
    "south-east",
)


def direction(a: Hex, b: Hex) -> str:
    """The compass word from hex ``a`` towards hex ``b`` as the map draws them (flat-top
    hexes, north up): ``direction((0, 0), (0, -1))`` is "north"."""
    return _compass(b[0] - a[0], b[1] - a[1])


@lru_cache(maxsize=1024)  # a few hundred steps on any board; log lines ask again and again
def _compass(dq: int, dr: int) -> str:
    x, y = 1.5 * dq, math.sqrt(3) * (dr + dq / 2)  # the board's plane, y pointing down
    return COMPASS[round(math.degrees(math.atan2(-y, x)) / 45) % 8]


def terrain_words(state: State, key: str) -> str:
    """ "forest", "grassland", "unexplored hex" (its region still face down)."""
    t = state["hexes"][key]["terrain"]
    return TERRAIN_WORDS.get(t, t) if t else "unexplored hex"


def _owner(state: State, owner: int) -> str:
    return "the barbarians" if owner == BARBARIANS else str(state["players"][owner]["name"])


def _rank(key: str, city: Mapping[str, Any], origin: Hex) -> tuple[int, bool, Hex]:
    """The plain definition of the nearest city: the least of this rank (nearest first,
    capitals before other cities, then the lower coordinates); ``_nearest`` finds it in one
    pass (tests/coc/test_places.py holds the two together)."""
    h = parse_hex(key)
    return distance(origin, h), not city["capital"], h


def _nearest(cities: Mapping[str, Mapping[str, Any]], keys: Any, origin: Hex) -> str:
    """The first of ``keys`` (cities) by :func:`_rank`, in one pass: a log line names a
    place at most moves, so this skips the rank of every city further than the best."""
    oq, orr = origin
    best, best_rank, best_d = "", (0, False, (0, 0)), 1 << 30
    for k in keys:
        q, r = parse_hex(k)
        dq, dr = q - oq, r - orr
        d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if d > best_d:
            continue
        rank = (d, not cities[k]["capital"], (q, r))
        if d < best_d or rank < best_rank:
            best, best_rank, best_d = k, rank, d
    return best


def city_name(state: State, key: str) -> str:
    """The city on ``key``: "Blue's capital", "Blue's south-eastern city" (seen from its
    capital), "the barbarian city north of Orange's capital"."""
    city = state["cities"][key]
    owner = city["owner"]
    if city["capital"]:
        return f"{_owner(state, owner)}'s capital"
    base = "the barbarian city" if owner == BARBARIANS else f"{_owner(state, owner)}'s city"
    here = parse_hex(key)
    cities = state["cities"]
    # One pass: the owner's capitals, else every capital (a player has one capital).
    own: list[str] = []
    capitals: list[str] = []
    for k, c in cities.items():
        if c["capital"]:
            capitals.append(k)
            if c["owner"] == owner:
                own.append(k)
    if not capitals:
        return base
    anchor = own[0] if len(own) == 1 else _nearest(cities, own or capitals, here)
    c = cities[anchor]
    side = direction(parse_hex(anchor), here)
    if c["owner"] == owner:  # seen from its own capital: "Blue's eastern city"
        return f"{_owner(state, owner)}'s {side}ern city"
    return f"{base} {side} of {_owner(state, c['owner'])}'s capital"


def place(state: State, key: str) -> str:
    """The hex ``key`` in words: "Blue's capital", "the forest next to Blue's capital"
    (the only forest beside it), "the grassland north-east of Blue's capital" (one of two),
    "the sea 3 hexes north-west of Orange's capital", "the unexplored hex 5 hexes south
    of Blue's capital"."""
    cities = state["cities"]
    if key in cities:
        return city_name(state, key)
    terrain = terrain_words(state, key)
    if not cities:
        return f"the {terrain}"
    here = parse_hex(key)
    anchor, away, capital, capital_away = _anchors(cities, here)
    a = parse_hex(anchor)
    if away == 1:
        hexes = state["hexes"]
        raw = hexes[key]["terrain"]  # the same terrain is the same words
        if sum(1 for k in neighbour_keys(anchor) if k in hexes and hexes[k]["terrain"] == raw) == 1:
            return f"the {terrain} next to {city_name(state, anchor)}"
        # Two such hexes beside it: the six neighbours have six compass words.
        return f"the {terrain} {direction(a, here)} of {city_name(state, anchor)}"
    if away > NEAR and capital:  # far from every city: counted from the nearest capital
        anchor, away = capital, capital_away
        a = parse_hex(anchor)
    return f"the {terrain} {away} hexes {direction(a, here)} of {city_name(state, anchor)}"


def _anchors(cities: Mapping[str, Mapping[str, Any]], origin: Hex) -> tuple[str, int, str, int]:
    """The nearest city by :func:`_rank` and the nearest capital (capitals by the same rank;
    "" when there is none), each with its distance, in one pass over the cities: a log line
    names a place at most moves (tests/coc/test_places.py holds it to the plain minimum)."""
    oq, orr = origin
    best, best_d, best_rank = "", 1 << 30, (0, False, 0, 0)
    cap, cap_d, cap_h = "", 1 << 30, (0, 0)
    for k, c in cities.items():
        q, r = parse_hex(k)
        dq, dr = q - oq, r - orr
        ds = dq + dr  # the hex distance, without three calls of abs()
        d = ((dq if dq >= 0 else -dq) + (dr if dr >= 0 else -dr) + (ds if ds >= 0 else -ds)) >> 1
        if d <= best_d:
            rank = (d, not c["capital"], q, r)
            if d < best_d or rank < best_rank:
                best, best_d, best_rank = k, d, rank
        if d <= cap_d and c["capital"] and (d < cap_d or (q, r) < cap_h):
            cap, cap_d, cap_h = k, d, (q, r)
    return best, best_d, cap, cap_d


def board_places(state: State) -> Mapping[str, str]:
    """Every hex's words (what the view hands out), remembered by what they read: the
    cities (where, whose, capital or not), the terrains face up and the players' names."""
    cities = tuple((k, c["owner"], c["capital"]) for k, c in state["cities"].items())
    terrains = tuple((k, h["terrain"]) for k, h in state["hexes"].items())
    names = tuple(str(p["name"]) for p in state["players"])
    return _board_places(cities, terrains, names)


@lru_cache(maxsize=64)  # a board's words change only when a city or a region does
def _board_places(
    cities: tuple[tuple[str, int, bool], ...],
    terrains: tuple[tuple[str, str | None], ...],
    names: tuple[str, ...],
) -> Mapping[str, str]:
    board: State = {
        "cities": {k: {"owner": o, "capital": c} for k, o, c in cities},
        "hexes": {k: {"terrain": t} for k, t in terrains},
        "players": [{"name": n} for n in names],
    }
    return MappingProxyType({k: place(board, k) for k, _ in terrains})


def side(state: State, city: str, key: str) -> str:
    """Where ``key`` lies seen from the city next to it: "north-west" (a port's sea)."""
    return direction(parse_hex(city), parse_hex(key))


def capitalised(text: str) -> str:
    """A place at the start of a sentence: "The forest next to Blue's capital"."""
    return text[:1].upper() + text[1:]


def at(state: State, key: str) -> str:
    """``place`` with its preposition: "in Blue's capital", "in the forest next to Blue's
    capital", "on the sea 2 hexes west of Orange's capital"."""
    words = place(state, key)
    inside = key in state["cities"] or state["hexes"][key]["terrain"] == "forest"
    return f"{'in' if inside else 'on'} {words}"


Namer = Callable[[State, str], str]


def worded(text: str, *namers: Namer | None) -> Callable[[State, Frame, Action], str]:
    """An action kind's label naming its hexes in words: ``worded("Raze {0} for 1 gold",
    city_name)`` labels ``raze 2,1`` "Raze Blue's eastern city for 1 gold"
    (``namers[i]`` words the i-th argument; None keeps it as it is)."""

    def label(state: State, frame: Frame, a: Action) -> str:
        args = [
            n(state, arg) if n is not None else arg
            for arg, n in zip(a.args, namers + (None,) * len(a.args), strict=False)
        ]
        return capitalised(text.format(*args))

    return label


def from_to(state: State, src: str, dst: str) -> str:
    """ "from Blue's capital north to the forest": the way from ``src`` to ``dst``, the
    second hex found from the first (a move's step or two, a ship's voyage)."""
    a, b = parse_hex(src), parse_hex(dst)
    n = distance(a, b)
    step = direction(a, b) if n == 1 else f"{NUMBERS.get(n, n)} hexes {direction(a, b)}"
    start = place(state, src)
    there = city_name(state, dst) if dst in state["cities"] else f"the {terrain_words(state, dst)}"
    if dst in state["cities"] and start.endswith(" " + there):
        there = "it"  # "from the forest next to Blue's capital south to it"
    return f"from {start} {step} to {there}"
