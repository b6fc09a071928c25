"""Resources, limits, tokens and paying costs (gold stands in for any basic resource)."""

from __future__ import annotations

from typing import Any

from ..engine.game import State
from .vocab import BASIC

Player = dict[str, Any]
Cost = dict[str, int]


def has(player: Player, advance: str) -> bool:
    return advance in player["advances"]


def cap(state: State, player: Player, res: str) -> int:
    """The most ``player`` may hold of ``res`` (food 2 until Storage; 8 of any one)."""
    o = state["options"]
    if res == "food" and not has(player, "storage"):
        return o["food_cap"]
    if res == "ideas" and has(player, "dogma"):
        return o["dogma_ideas_cap"]
    return o["resource_cap"]


def gain(state: State, player: Player, res: str, n: int) -> int:
    """Add resources or tokens, wasting what goes over the limit; returns what was kept."""
    if res in ("mood", "culture"):
        player[res] += n
        return n
    before = player["res"][res]
    player["res"][res] = min(cap(state, player, res), before + n)
    return player["res"][res] - before


def can_pay(player: Player, cost: Cost, *, ideas_for_food: bool = False) -> bool:
    if not ideas_for_food:
        # Basic resources only (the usual case): gold covers the total shortfall.
        res = player["res"]
        short = 0
        for r, n in cost.items():
            if r not in BASIC:
                break
            if n > res[r]:
                short += n - res[r]
        else:
            return short <= res["gold"]
    return plan_payment(player, cost, ideas_for_food=ideas_for_food) is not None


def plan_payment(player: Player, cost: Cost, *, ideas_for_food: bool = False) -> Cost | None:
    """How to pay ``cost``: ideas before food (research), the resource itself, then gold.

    Returns the resources to take, or None if the player cannot pay.
    """
    res = player["res"]
    take: Cost = {}
    gold_needed = 0
    for r, n in cost.items():
        if n <= 0:
            continue
        if r in ("mood", "culture"):
            if player[r] < n:
                return None
            take[r] = take.get(r, 0) + n
            continue
        if r == "food" and ideas_for_food:
            use = min(res["ideas"], n)
            if use:
                take["ideas"] = use
            n -= use
        use = min(res[r] - take.get(r, 0), n)
        if use:
            take[r] = take.get(r, 0) + use
        n -= use
        if n and r not in BASIC and r != "ideas":
            return None
        gold_needed += n
    if gold_needed:
        if res["gold"] - take.get("gold", 0) < gold_needed:
            return None
        take["gold"] = take.get("gold", 0) + gold_needed
    return take


def pay(player: Player, take: Cost) -> None:
    for r, n in take.items():
        if r in ("mood", "culture"):
            player[r] -= n
        else:
            player["res"][r] -= n


def describe_cost(take: Cost) -> str:
    return ", ".join(f"{n} {r}" for r, n in take.items() if n) or "nothing"
