"""Civic improvement: spend mood tokens (size per step) to lift a city's mood.

Primer: "Civic Improvement". Any number of steps in any cities in one action.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, act
from ..engine.frames import ActionKind, fixed
from ..engine.game import Events, Frame, State
from .board import cities_of, city_size
from .common import actions_left, bump_stat, me, spend_action
from .economy import has
from .rulebook import RULES
from .vocab import HAPPY, mood_name, parse_hex

SECTION = "Primer: Actions (Expanded), Civic Improvement"


def step_cost(state: State, player: dict[str, Any], city: dict[str, Any]) -> int:
    size = city_size(city)
    if has(player, "circus_and_sports"):
        return max(1, size - 1)
    return size


@RULES.check(
    "civic.voting",
    "Voting lets you pay 1 mood token for a civic improvement that costs no action.",
    "Primer: Advances, DEMOCRACY (Voting)",
)
def voting_ok(state: State, frame: Frame, args: Any) -> bool:
    if args != "voting":
        return state["turn"]["actions"] > 0
    player = me(state, frame)
    return has(player, "voting") and player["mood"] >= 1


def start_civic(state: State, frame: Frame, args: Any, ev: Events) -> None:
    player = me(state, frame)
    if args == "voting":
        player["mood"] -= 1
    else:
        spend_action(state)
    state["stack"].append({"kind": "civic", "player": frame["player"], "steps": 0})


@RULES.check(
    "civic.something-to-improve",
    "None of your cities can be made happier with the tokens (or resources) you have.",
    SECTION,
)
def any_improvable(state: State, frame: Frame, args: Any) -> bool:
    p = frame["player"]
    player = me(state, frame)
    mood = player["mood"] - (1 if args == "voting" else 0)
    stock = sum(player["res"].values()) if has(player, "rituals") else 0
    for k in cities_of(state, p):
        city = state["cities"][k]
        if city["mood"] < HAPPY and step_cost(state, player, city) <= max(mood, stock):
            return True
    return False


def parse_civic(state: State, frame: Frame, a: Action) -> str:
    if a.args not in ((), ("voting",)):
        raise ValueError("write civic, or civic voting (Voting)")  # reported as malformed
    return a.args[0] if a.args else ""


CIVIC_KIND = ActionKind(
    "civic",
    parse_civic,
    [voting_ok, any_improvable],
    fixed(act("civic"), act("civic", "voting")),
    start_civic,
    category="civic",
)


def parse_improve(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    q, r = parse_hex(a.args[0])
    return {"city": f"{q},{r}", "with": a.args[1] if len(a.args) > 1 else "mood"}


@RULES.check("civic.own-city", "You can only improve your own cities.", SECTION)
def own(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    c = state["cities"].get(args["city"])
    return c is not None and c["owner"] == frame["player"]


@RULES.check("civic.already-happy", "That city is already happy.", SECTION)
def not_happy(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return state["cities"][args["city"]]["mood"] < HAPPY


@RULES.check(
    "civic.cost",
    "Each step costs as many mood tokens as the city's size (Rituals: resources instead).",
    SECTION,
)
def affordable(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    player = me(state, frame)
    need = step_cost(state, player, state["cities"][args["city"]])
    if args["with"] == "resources":
        return has(player, "rituals") and sum(player["res"].values()) >= need
    return args["with"] == "mood" and player["mood"] >= need


def improve_candidates(state: State, frame: Frame) -> list[Action]:
    out = []
    rituals = has(me(state, frame), "rituals")
    for k in sorted(cities_of(state, frame["player"])):
        out.append(act("improve", k))
        if rituals:
            out.append(act("improve", k, "resources"))
    return out


def apply_improve(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    player = me(state, frame)
    city = state["cities"][args["city"]]
    need = step_cost(state, player, city)
    if args["with"] == "resources":
        # Rituals: pay from the largest stocks first.
        for _ in range(need):
            r = max(player["res"], key=lambda k: (player["res"][k], k))
            player["res"][r] -= 1
    else:
        player["mood"] -= need
    city["mood"] += 1
    frame["steps"] += 1
    ev.emit(
        "civic",
        f"{player['name']} makes the city at {args['city']} {mood_name(city['mood'])}.",
        player=frame["player"],
        hexes=[args["city"]],
    )
    bump_stat(state, "civic")


IMPROVE = ActionKind(
    "improve",
    parse_improve,
    [own, not_happy, affordable],
    improve_candidates,
    apply_improve,
    category="improve",
)


@RULES.check(
    "civic.at-least-one",
    "Improve at least one city in a civic improvement.",
    SECTION,
    frame_only=True,
)
def some_steps(state: State, frame: Frame, args: Any) -> bool:
    return frame["steps"] > 0


CIVIC_DONE = ActionKind(
    "done",
    lambda s, f, a: None,
    [some_steps],
    fixed(act("done")),
    lambda s, f, a, ev: s["stack"].pop(),
    category="done",
)

__all__ = ["CIVIC_DONE", "CIVIC_KIND", "IMPROVE", "actions_left"]
