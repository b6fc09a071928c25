"""A new game: the map for 2-4 players, home regions, capitals, settlers.

The layout and the region tiles are our own design (data/map.json); the seed
shuffles which tile lies face down in which slot and how the homes are turned.
"""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from ..engine import rng
from ..engine.game import State
from .content import load
from .hexes import offset_to_axial
from .options import CocOptions
from .state_types import City, Hex, Mood, Player, Region, Turn, Unit, UnitKind
from .vocab import NEUTRAL, PLAYER_NAMES, hex_key

LOCAL = ((0, 0), (0, 1), (1, 0), (1, 1))  # a, b, c, d as (col, row) inside a block
FLIP = (3, 2, 1, 0)  # turning a region 180 degrees: a<->d, b<->c


def tile_terrain(tile: list[str], flip: int) -> list[str]:
    """Terrain at local positions a..d for a tile lying as printed (0) or turned (1)."""
    return [tile[FLIP[i]] if flip else tile[i] for i in range(4)]


def new_player(seat: int, options: CocOptions) -> Player:
    return {
        "name": PLAYER_NAMES[seat],
        "res": {"food": options.start_food, "wood": 0, "ore": 0, "ideas": 0, "gold": 0},
        "mood": 0,
        "culture": 0,
        "mood_track": 0,
        "culture_track": 0,
        "advances": ["farming", "mining"],
        "once": [],
        "event_vp": 0,
        "objectives": [],
        "actions_hand": [],
        "objectives_hand": [],
        "wonders_reserved": [],
    }


def new_state(players: int, seed: int, options: CocOptions) -> State:
    layout = load("map")["layouts"][str(players)]
    state: State = {
        "game": "coc",
        "seed": seed,
        "rng": rng.seed_state(seed),
        "options": options.to_dict(),
        "version": 0,
        "players": [new_player(p, options) for p in range(players)],
        "hexes": {},
        "regions": [],
        "cities": {},
        "units": {},
        "next_unit": 1,
        "stack": [],
        "over": False,
        "status_done": 0,
        "stats": {},
    }
    _lay_regions(state, layout)
    first = rng.below(state, players)
    order = [(first + i) % players for i in range(players)]
    state["turn"] = Turn(age=1, round=1, order=order, idx=0, actions=0)
    return state


@cache
def region_slots(rows: int, cols: int) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """Every region slot of a ``rows`` x ``cols`` map, row by row: its column, its row and
    the keys of its four hexes (a, b, c, d). Worked out once per map size, not per game."""
    return tuple(
        (i, j, tuple(hex_key(offset_to_axial(2 * i + dc, 2 * j + dr)) for dc, dr in LOCAL))
        for j in range(rows)
        for i in range(cols)
    )


def _lay_regions(state: State, layout: dict[str, Any]) -> None:
    data = load("map")
    homes = {tuple(h): seat for seat, h in enumerate(layout["homes"])}
    pool = sorted(data["tiles"])
    rng.shuffle(state, pool)
    for i, j, slot_keys in region_slots(layout["rows"], layout["cols"]):
        idx = len(state["regions"])
        keys = list(slot_keys)
        home = homes.get((i, j))
        region: Region = {
            "slot": [i, j],
            "hexes": keys,
            "home": home,
            "explored": home is not None,
            "tile": "home" if home is not None else pool.pop(),
            "flip": 0,
        }
        state["regions"].append(region)
        for k in keys:
            state["hexes"][k] = Hex(terrain=None, region=idx)
        if home is not None:
            flip = rng.below(state, 2)
            region["flip"] = flip
            terr = tile_terrain(data["home_tile"], flip)
            for k, t in zip(keys, terr, strict=True):
                state["hexes"][k]["terrain"] = t
            capital = keys[terr.index("plains")]
            state["cities"][capital] = new_city(home, capital=True)
            add_unit(state, home, "settler", capital)


def new_city(owner: int, *, capital: bool = False) -> City:
    return {
        "owner": owner,
        "mood": cast(Mood, NEUTRAL),
        "pieces": {},
        "capital": capital,
        "activations": 0,
        "port": None,
        "wonders": [],
    }


def add_unit(state: State, owner: int, kind: str, key: str, on: str | None = None) -> str:
    uid = f"u{state['next_unit']}"
    state["next_unit"] += 1
    unit: Unit = {
        "owner": owner,
        "kind": cast(UnitKind, kind),  # one of vocab.UNIT_KINDS (tests check the states)
        "hex": key,
        "on": on,
        "stop": False,
        "fought": False,
        "forest": False,
    }
    state["units"][uid] = unit
    return uid
