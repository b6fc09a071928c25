"""Roads: a land group moving from or to one of your cities may pay for speed or ease.

Primer, Advances, CONSTRUCTION (Roads): pay 1 food to move 2 spaces and/or
1 ore to ignore terrain penalties. A group move names its payment as a fourth
argument: ``group 0,0 2,-1 s1 roads:food`` (2 spaces), ``roads:ore`` (ignore
terrain) or ``roads:food+ore`` (both). Gold may replace either, like any cost.

Where the primer is silent we decided (rules marked ``ours``): the space passed
on a 2-space move must be explored land without enemy units or a foreign city;
the ore waives the penalties of the terrain entered on this move (a mountain
passed or entered does not stop the group, a forest passed or entered does not
bar a battle), not those earned by earlier moves; and the ore is only paid when
the move meets a mountain, a forest or a face-down space, so every offered
payment buys something.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..engine.actions import MalformedAction
from ..engine.game import Frame, State
from .board import is_enemy_space, neighbour_keys
from .economy import can_pay
from .effects import grants
from .rulebook import RULES

SECTION = "Primer: Advances, CONSTRUCTION (Roads)"
PAYMENTS = {"roads:food": ("food",), "roads:ore": ("ore",), "roads:food+ore": ("food", "ore")}
ROUGH = ("mountain", "forest")


def parse_payment(text: str | None) -> list[str]:
    """The resources a group move pays for Roads (empty list: no Roads)."""
    if text is None:
        return []
    if text not in PAYMENTS:
        raise MalformedAction(
            f"Roads are paid as roads:food, roads:ore or roads:food+ore, not {text!r}"
        )
    return list(PAYMENTS[text])


@lru_cache(maxsize=1024)
def ring_two(key: str) -> tuple[str, ...]:
    """Positions exactly two spaces from ``key`` (some may be off the board)."""
    near = set(neighbour_keys(key)) | {key}
    out = {k for n in neighbour_keys(key) for k in neighbour_keys(n)} - near
    return tuple(sorted(out))


def middles(state: State, src: str, dst: str) -> list[str]:
    """The board spaces next to both ``src`` and ``dst`` (the ways through)."""
    around = set(neighbour_keys(dst))
    return sorted(k for k in neighbour_keys(src) if k in around and k in state["hexes"])


def way_through(state: State, p: int, src: str, dst: str, ore: bool) -> str | None:
    """The space a 2-space move passes: explored land with no enemies, a mountain only
    with the ore; a way without a forest penalty is preferred. None if there is none."""
    forest = None
    for m in middles(state, src, dst):
        t = state["hexes"][m]["terrain"]
        if t is None or t == "sea" or (t == "mountain" and not ore):
            continue
        if is_enemy_space(state, p, m):
            continue
        if t != "forest" or ore:
            return m
        forest = forest or m
    return forest


def meets_rough_terrain(state: State, p: int, args: dict[str, Any]) -> bool:
    """Would this move meet a terrain penalty (or a face-down space) without the ore?"""
    if state["hexes"][args["to"]]["terrain"] in (None, *ROUGH):
        return True
    if "food" not in args["roads"]:
        return False
    way = way_through(state, p, args["from"], args["to"], ore=False)
    return way is None or state["hexes"][way]["terrain"] == "forest"


def forest_on_the_way(state: State, p: int, args: dict[str, Any]) -> bool:
    """A 2-space move without the ore that can only pass through a forest."""
    roads = args.get("roads", [])
    if "food" not in roads or "ore" in roads:
        return False
    way = way_through(state, p, args["from"], args["to"], ore=False)
    return way is not None and state["hexes"][way]["terrain"] == "forest"


def candidate_moves(state: State, p: int, src: str) -> list[tuple[str, str]]:
    """(destination, payment) pairs worth asking the checks about for a land group at
    ``src``: from or to an own city, and only payments the player can make."""
    player = state["players"][p]
    if not grants(player, "move.roads"):
        return []
    hexes = state["hexes"]
    pays = [t for t, cost in PAYMENTS.items() if can_pay(player, dict.fromkeys(cost, 1))]
    near = [t for t in pays if t == "roads:ore"]
    far = [t for t in pays if t != "roads:ore"]
    own_src = _own_city(state, p, src)
    out = []
    for ring, options in ((neighbour_keys(src), near), (ring_two(src), far)):
        for dst in ring:
            if dst in hexes and (own_src or _own_city(state, p, dst)):
                out += [(dst, t) for t in options]
    return out


def _own_city(state: State, p: int, key: str) -> bool:
    city = state["cities"].get(key)
    return city is not None and city["owner"] == p


# -- checks (asked in this order within the group checks) ----------------------


@RULES.check("move.roads-advance", "Paying for Roads needs the Roads advance.", SECTION)
def roads_owned(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not args["roads"] or grants(state["players"][args["player"]], "move.roads")


@RULES.check("move.roads-land-group", "Roads carry land groups, not ships.", SECTION)
def roads_land(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not args["roads"] or "ship" not in args["spec"]


@RULES.check(
    "move.roads-own-city",
    "Roads only serve a land group moving from one of your cities or to one of them.",
    SECTION,
)
def roads_city(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    p = args["player"]
    return not args["roads"] or _own_city(state, p, args["from"]) or _own_city(state, p, args["to"])


@RULES.check(
    "move.roads-cost",
    "Roads cost 1 food to move 2 spaces and 1 ore to ignore terrain (gold may replace either).",
    SECTION,
)
def roads_cost(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not args["roads"] or can_pay(
        state["players"][args["player"]], dict.fromkeys(args["roads"], 1)
    )


@RULES.check(
    "move.roads-way",
    "A 2-space Roads move passes through an explored land space with no enemy units and no "
    "foreign city; passing a mountain also needs the Roads ore.",
    SECTION,
    source="ours",
)
def roads_way(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if "food" not in args["roads"]:
        return True
    ore = "ore" in args["roads"]
    return way_through(state, args["player"], args["from"], args["to"], ore) is not None


@RULES.check(
    "move.roads-ore-needed",
    "Pay the Roads ore only when the move meets a mountain, a forest or a face-down space "
    "(there is no other terrain penalty to ignore).",
    SECTION,
    source="ours",
)
def roads_ore_useful(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return "ore" not in args["roads"] or meets_rough_terrain(state, args["player"], args)


CHECKS = [roads_owned, roads_land, roads_city, roads_cost]
"""Asked before the group's destination is checked."""
WAY_CHECKS = [roads_way, roads_ore_useful]
"""Asked once the destination is known to be in reach."""
