"""Wonders: revealed by Engineering and Monuments, built by a non-angry city, 5 VP.

Primer: "Wonders". Monuments reserves a wonder for you and lets you build it
without an action. The wonder stays with the city when it changes hands.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine import Action, act, rng
from ..engine.frames import ActionKind
from ..engine.game import Events, Frame, State
from .board import cities_of
from .common import bump_stat, me, spend_action
from .content import load
from .economy import can_pay, has, pay, plan_payment
from .rulebook import RULES
from .vocab import ANGRY, parse_hex

SECTION = "Primer: Wonders"


@cache
def wonder_cards() -> dict[str, dict[str, Any]]:
    return {w["id"]: w for w in load("cards")["wonders"]}


def reveal(state: State, p: int, advance: str, ev: Events) -> None:
    deck = state["decks"]["wonders"]
    player = state["players"][p]
    if not deck:
        return
    w = deck.pop(rng.below(state, len(deck)))
    if advance == "monuments":
        player["wonders_revealed"].append(w)  # reserved: only you may build it
        text = f"{player['name']} reserves the wonder {wonder_cards()[w]['name']}."
    else:
        state.setdefault("public_wonders", []).append(w)
        text = f"The wonder {wonder_cards()[w]['name']} is revealed."
    ev.emit("wonder_revealed", text, player=p, barrier=True)


def buildable(state: State, p: int) -> list[str]:
    return sorted(state.get("public_wonders", []) + state["players"][p]["wonders_revealed"])


def parse_wonder(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    q, r = parse_hex(a.args[0])
    return {"city": f"{q},{r}", "wonder": a.args[1]}


@RULES.check("wonder.revealed", "That wonder is not revealed to you.", SECTION)
def revealed(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["wonder"] in buildable(state, frame["player"])


@RULES.check(
    "wonder.needs-engineering",
    "Building a wonder takes an action and needs Engineering (Monuments: your reserved "
    "wonder without an action).",
    "Primer: Advances, CONSTRUCTION (Engineering), CULTURE (Monuments)",
)
def may_build(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    player = me(state, frame)
    if args["wonder"] in player["wonders_revealed"] and has(player, "monuments"):
        return True
    return has(player, "engineering") and state["turn"]["actions"] > 0


@RULES.check("wonder.city", "A wonder is built in one of your cities that is not angry.", SECTION)
def city_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    c = state["cities"].get(args["city"])
    return c is not None and c["owner"] == frame["player"] and c["mood"] != ANGRY


@RULES.check("wonder.cost", "You cannot pay the wonder's cost (resources and tokens).", SECTION)
def affordable(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return can_pay(me(state, frame), wonder_cards()[args["wonder"]]["cost"])


def candidates(state: State, frame: Frame) -> list[Action]:
    """Every (city, wonder) pair that passes all four checks (see ``ensured``).

    The checks split: the city test ignores the wonder and the other three
    ignore the city, so each is asked once per city or wonder, not per pair.
    """
    p = frame["player"]
    wonders = buildable(state, p)
    if not wonders:
        return []
    cities = [c for c in sorted(cities_of(state, p)) if city_ok.ok(state, frame, {"city": c})]
    if not cities:
        return []
    out: list[Action] = []
    for w in wonders:
        args = {"wonder": w}
        if may_build.ok(state, frame, args) and affordable.ok(state, frame, args):
            out += [act("wonder", c, w) for c in cities]
    return out


def apply_build(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    player = me(state, frame)
    w = args["wonder"]
    if not (w in player["wonders_revealed"] and has(player, "monuments")):
        spend_action(state)
    if w in player["wonders_revealed"]:
        player["wonders_revealed"].remove(w)
    else:
        state["public_wonders"].remove(w)
    pay(player, plan_payment(player, wonder_cards()[w]["cost"]) or {})
    state["cities"][args["city"]]["wonders"].append(w)
    ev.emit(
        "wonder_built",
        f"{player['name']} builds the {wonder_cards()[w]['name']} at {args['city']}.",
        player=frame["player"],
        hexes=[args["city"]],
    )
    bump_stat(state, "wonder_built")


BUILD_WONDER = ActionKind(
    "wonder",
    parse_wonder,
    [revealed, may_build, city_ok, affordable],
    candidates,
    apply_build,
    category="wonder",
    ensured=[revealed, may_build, city_ok, affordable],
)  # candidates() applies every check itself
