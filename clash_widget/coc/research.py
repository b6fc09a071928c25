"""Research: buying advances, the top-of-group rule, prerequisites, governments, tracks.

Primer: "Research an Advance" and "Advances". An advance costs 2 food, either
of which may be replaced by ideas (gold replaces any resource).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..engine import Action, act
from ..engine.frames import ActionKind
from ..engine.game import Events, Frame, State
from . import content, hooks
from .common import actions_left, bump_stat, mark_once, me, spend_action, used_once
from .economy import gain, has, pay, plan_payment
from .rulebook import RULES

SECTION = "Primer: Actions (Expanded), Research an Advance"
TRACK_EVENTS = (3, 5, 7)

# Advances another advance makes free of food ("at no Food cost").
FREE_WITH = {
    "engineering": "mathematics",
    "roads": "mathematics",
    "cartography": "astronomy",
    "navigation": "astronomy",
    "metallurgy": "chemistry",
    "steel_weapons": "metallurgy",
}


def parse(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    return {"player": frame["player"], "advance": a.args[0] if a.args else "", "free": False}


def cost_of(state: State, player: dict[str, Any], advance: str, *, free: bool) -> dict[str, int]:
    """What researching ``advance`` costs now (before choosing how to pay)."""
    cost = {"food": 0 if free else state["options"]["research_cost"]}
    if cost["food"] and (FREE_WITH.get(advance) in player["advances"]):
        cost["food"] = 0
    if (
        cost["food"]
        and content.advances()[advance]["group"] == content.SCIENCE_GROUP
        and has(player, "priesthood")
        and "priesthood" not in player["once"]
    ):
        cost["food"] = 0
    if advance == "steel_weapons" and not has(player, "metallurgy"):
        cost["ore"] = 2  # paid together with the research
    return cost


# -- checks, in the order a learner would ask ------------------------------


@RULES.check("research.unknown-advance", "There is no advance with that name.", SECTION)
def known(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["advance"] in content.advances()


@RULES.check("research.already-owned", "You already own this advance.", SECTION)
def not_owned(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["advance"] not in state["players"][args["player"]]["advances"]


def _government_open(owned: Any, adv: str) -> bool:
    req = content.group_of(adv)["requires"]
    return req is None or req in owned


def _top_first(owned: Any, adv: str) -> bool:
    top = content.group_of(adv)["advances"][0]
    return adv == top or top in owned


def _prerequisite(owned: Any, adv: str) -> bool:
    req = content.advances()[adv]["requires"]
    return req is None or req in owned


@RULES.check(
    "research.government-prerequisite",
    "A government group opens only once you own its prerequisite "
    "(Democracy: Philosophy, Autocracy: Draft, Theocracy: State Religion).",
    SECTION,
)
def government_open(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _government_open(state["players"][args["player"]]["advances"], args["advance"])


@RULES.check(
    "research.top-of-group",
    "You must buy the top advance of a group before any other advance in it.",
    "Primer: Actions (Expanded), Research an Advance; French rulings p. 5, 7",
)
def top_first(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _top_first(state["players"][args["player"]]["advances"], args["advance"])


@RULES.check(
    "research.prerequisite",
    "This advance needs another advance first (e.g. Sanitation and Roads need Engineering).",
    "Primer: Advances",
)
def prerequisite(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _prerequisite(state["players"][args["player"]]["advances"], args["advance"])


@lru_cache(maxsize=4096)
def open_advances(kind: str, owned: frozenset[str]) -> tuple[Action, ...]:
    """``kind`` actions for the advances the owned set leaves open (not owned, group
    open, top first, prerequisites met), in catalogue order. A pure function of its
    arguments, so caching cannot go stale; the listing still runs every check."""
    return tuple(
        act(kind, a)
        for a in content.advance_order()
        if a not in owned
        and _government_open(owned, a)
        and _top_first(owned, a)
        and _prerequisite(owned, a)
    )


@RULES.check(
    "research.cost",
    "You cannot pay for it: an advance costs 2 food (ideas or gold may replace the food; "
    "Steel Weapons also costs 2 ore).",
    SECTION,
)
def affordable(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    player = state["players"][args["player"]]
    return _payable(state, player, args["advance"], args["free"])


def _payable(state: State, player: dict[str, Any], advance: str, free: bool) -> bool:
    res = player["res"]
    # Ideas, food and gold each pay one food; discounts only lower the food, and
    # only Steel Weapons may add ore. So the full price in food settles most cases.
    food_like = res["ideas"] + res["food"] + res["gold"]
    if advance != "steel_weapons" and food_like >= state["options"]["research_cost"]:
        return True
    cost = cost_of(state, player, advance, free=free)
    if len(cost) == 1:
        return food_like >= cost["food"]
    return plan_payment(player, cost, ideas_for_food=True) is not None


CHECKS = [actions_left, known, not_owned, government_open, top_first, prerequisite, affordable]
FREE_CHECKS = [known, not_owned, government_open, top_first, prerequisite, affordable]


def candidates(state: State, frame: Frame) -> tuple[Action, ...] | list[Action]:
    """Open advances the player can pay for (the research.cost test, see ``ensured``)."""
    player = me(state, frame)
    opened = open_advances("research", frozenset(player["advances"]))
    res = player["res"]
    if res["ideas"] + res["food"] + res["gold"] >= state["options"]["research_cost"]:
        # _payable's first test, asked once: only Steel Weapons needs a closer look.
        return [
            a
            for a in opened
            if a.args[0] != "steel_weapons" or _payable(state, player, a.args[0], False)
        ]
    # Short of the full price: only an advance that cost_of() may discount can be paid.
    owned = player["advances"]
    science_free = has(player, "priesthood") and "priesthood" not in player["once"]
    catalogue = content.advances()
    return [
        a
        for a in opened
        if (
            FREE_WITH.get(a.args[0]) in owned
            or (science_free and catalogue[a.args[0]]["group"] == content.SCIENCE_GROUP)
        )
        and _payable(state, player, a.args[0], False)
    ]


def apply(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    spend_action(state)
    buy(state, args["player"], args["advance"], ev, free=args["free"])


def buy(state: State, p: int, advance: str, ev: Events, *, free: bool) -> None:
    """Pay for and gain an advance (research action, status-phase or Dogma gift)."""
    player = state["players"][p]
    cost = cost_of(state, player, advance, free=free)
    if cost["food"] == 0 and not free and FREE_WITH.get(advance) not in player["advances"]:
        if content.advances()[advance]["group"] == content.SCIENCE_GROUP and has(
            player, "priesthood"
        ):
            player["once"].append("priesthood")
    take = plan_payment(player, cost, ideas_for_food=True) or {}
    pay(player, take)
    if has(player, "free_education") and (take.get("ideas") or take.get("gold")):
        gain(state, player, "mood", 1)
    gain_advance(state, p, advance, ev)


def gain_advance(state: State, p: int, advance: str, ev: Events) -> None:
    player = state["players"][p]
    info = content.advances()[advance]
    group = content.group_of(advance)
    if group["government"]:
        _switch_government(state, player, group["id"], ev)
    player["advances"].append(advance)
    ev.emit("advance", f"{player['name']} gains {info['name']}.", player=p, advance=advance)
    bump_stat(state, "advance")
    if info["group"] == content.SCIENCE_GROUP and has(player, "philosophy"):
        gain(state, player, "ideas", 1)
    if advance == "philosophy":
        gain(state, player, "ideas", 1)
    if advance == "metallurgy" and has(player, "steel_weapons"):
        gain(state, player, "ore", 2)
    track = info["track"]
    if track:
        gain(state, player, track, 1)
        player[f"{track}_track"] += 1
        if player[f"{track}_track"] in TRACK_EVENTS:
            hooks.track_event(state, p, track, ev)
    if advance == "writing" or (group["government"] and has(player, "writing")):
        hooks.writing_cards(state, p, ev)
    if advance in ("engineering", "monuments"):
        hooks.reveal_wonder(state, p, advance, ev)


def _switch_government(state: State, player: dict[str, Any], new: str, ev: Events) -> None:
    """Buying into another government moves every cube over (Primer: Research)."""
    held = [
        a
        for a in player["advances"]
        if content.advances()[a]["group"] in content.GOVERNMENTS
        and content.advances()[a]["group"] != new
    ]
    if not held:
        return
    for a in held:
        player["advances"].remove(a)
    # The cubes land on the new tree below the advance being bought, top-down.
    tree = content.groups()[new]["advances"]
    moved = [a for a in tree[1:] if a not in player["advances"]][: len(held)]
    player["advances"].extend(moved)
    ev.emit(
        "government",
        f"{player['name']} changes government to {content.groups()[new]['name']}.",
    )


def label(state: State, frame: Frame, args: dict[str, Any]) -> str:
    return f"Research {content.advances()[args['advance']]['name']}"


# open_advances() builds its list with the predicates of these checks.
ENSURED = [known, not_owned, government_open, top_first, prerequisite]
KIND = ActionKind(
    "research",
    parse,
    CHECKS,
    candidates,
    apply,
    label,
    category="research",
    ensured=[*ENSURED, affordable],
)

__all__ = ["KIND", "FREE_CHECKS", "buy", "gain_advance", "mark_once", "used_once"]
