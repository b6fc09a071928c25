"""Civic improvement: spend mood tokens (size per step) to lift a city's mood.

Primer: "Civic Improvement". Any number of steps in any cities in one action.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..engine import Action, act
from ..engine.actions import MalformedAction, act_once
from ..engine.frames import ActionKind, bare, fixed
from ..engine.game import Events, Frame, State
from .board import city_size, own_cities
from .common import actions_left, bump_stat, me, spend_action
from .economy import describe_cost, parse_payment, pay, payment_key, payments
from .effects import grants
from .places import city_name
from .rulebook import RULES
from .state_types import CivicFrame
from .vocab import HAPPY, RESOURCES, mood_name, parse_hex

SECTION = "Primer: Actions (Expanded), Civic Improvement"
PAY_ORDER = ("mood", *RESOURCES)  # how a payment is written: tokens, then resources


def step_cost(state: State, player: dict[str, Any], city: dict[str, Any]) -> int:
    size = city_size(city)
    if grants(player, "civic.circus"):
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
    return grants(player, "civic.voting") and player["mood"] >= 1


def start_civic(state: State, frame: Frame, args: Any, ev: Events) -> None:
    player = me(state, frame)
    if args == "voting":
        player["mood"] -= 1
    else:
        spend_action(state)
    civic: CivicFrame = {"kind": "civic", "player": frame["player"], "steps": 0}
    state["stack"].append(civic)


@RULES.check(
    "civic.something-to-improve",
    "None of your cities can be made happier with the tokens (or resources) you have.",
    SECTION,
)
def any_improvable(state: State, frame: Frame, args: Any) -> bool:
    p = frame["player"]
    player = me(state, frame)
    mood = player["mood"] - (1 if args == "voting" else 0)
    stock = sum(player["res"].values()) if grants(player, "civic.rituals") else 0
    if mood + stock < 1:
        return False  # a step costs at least 1 (step_cost): most turns, no mood token
    for k in own_cities(state, p):
        city = state["cities"][k]
        if city["mood"] < HAPPY and step_cost(state, player, city) <= mood + stock:
            return True
    return False


def parse_civic(state: State, frame: Frame, a: Action) -> str:
    if a.args not in ((), ("voting",)):
        raise MalformedAction("write civic, or civic voting (Voting)")  # reported as malformed
    return a.args[0] if a.args else ""


def _civic_label(state: State, frame: Frame, a: Action) -> str:
    if a.args == ("voting",):
        return "Civic improvement for 1 mood token instead of an action (Voting)"
    return "Civic improvement"


_CIVIC = (act("civic"),)
_VOTING = (act("civic", "voting"),)
_CIVIC_OR_VOTING = (*_CIVIC, *_VOTING)


def civic_candidates(state: State, frame: Frame) -> tuple[Action, ...]:
    """``civic`` and ``civic voting``, each when it passes both checks (see ``ensured``).

    First what every candidate needs (``civic.something-to-improve``): a step costs at
    least 1 (``step_cost``), paid in mood tokens, or with Rituals in resources too; most
    turns the player holds no mood token and no Rituals.
    """
    player = state["players"][frame["player"]]
    if player["mood"] < 1 and not grants(player, "civic.rituals"):
        return ()
    # civic.voting: an action, or (civic voting) Voting and a mood token
    plain = state["turn"]["actions"] > 0 and any_improvable.ok(state, frame, "")
    voting = (
        player["mood"] >= 1
        and grants(player, "civic.voting")
        and any_improvable.ok(state, frame, "voting")
    )
    if plain:
        return _CIVIC_OR_VOTING if voting else _CIVIC
    return _VOTING if voting else ()


CIVIC_KIND = ActionKind(
    "civic",
    parse_civic,
    [voting_ok, any_improvable],
    civic_candidates,
    start_civic,
    category="civic",
    ensured=[voting_ok, any_improvable],  # civic_candidates asks both of each candidate
    wide=fixed(*_CIVIC_OR_VOTING),
    arity=(0, 1),
    usage="civic [voting]",
    example="civic",
    label=_civic_label,
)


def parse_improve(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    q, r = parse_hex(a.args[0])
    pay = parse_payment(a.args[1]) if len(a.args) > 1 else None  # ValueError: malformed
    return {"city": f"{q},{r}", "pay": pay}


@RULES.check("civic.own-city", "You can only improve your own cities.", SECTION)
def own(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    c = state["cities"].get(args["city"])
    return c is not None and c["owner"] == frame["player"]


@RULES.check("civic.already-happy", "That city is already happy.", SECTION)
def not_happy(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return state["cities"][args["city"]]["mood"] < HAPPY


@RULES.check(
    "civic.rituals",
    "Only with Rituals may you pay for a step with resources (food, wood, ore, ideas, gold) "
    "instead of mood tokens.",
    "Primer: Advances, SPIRITUALITY (Rituals)",
)
def rituals_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    spend = args["pay"]
    return spend is None or set(spend) <= {"mood"} or grants(me(state, frame), "civic.rituals")


@RULES.check(
    "civic.cost",
    "Each step costs as many mood tokens as the city's size (Rituals: resources may "
    "stand in for any of them, one for one); you must hold what you pay.",
    SECTION,
)
def affordable(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    player = me(state, frame)
    need = step_cost(state, player, state["cities"][args["city"]])
    spend = args["pay"] if args["pay"] is not None else {"mood": need}
    if sum(spend.values()) != need:
        return False
    for r, n in spend.items():
        if r == "mood":
            if player["mood"] < n:
                return False
        elif r not in RESOURCES or player["res"][r] < n:
            return False
    return True


def improve_candidates(state: State, frame: Frame) -> list[Action]:
    """Each city not yet happy whose step the mood tokens pay (``improve 2,1``) and, with
    Rituals, every other mix of tokens and resources that pays the step (``improve 2,1
    food:1+mood:1``): every check of the kind holds (see ``ensured``)."""
    p = frame["player"]
    player = state["players"][p]
    rituals = grants(player, "civic.rituals")
    mood = player["mood"]
    held: tuple[int, ...] | None = None
    cities = state["cities"]
    out = []
    for k in own_cities(state, p):
        city = cities[k]
        if city["mood"] >= HAPPY:  # civic.already-happy
            continue
        need = step_cost(state, player, city)
        if mood >= need:  # civic.cost, paid in mood tokens
            out.append(act_once("improve", k))
        if rituals:
            if held is None:
                res = player["res"]
                held = (mood, *[res[r] for r in RESOURCES])
            for key in _rituals_mixes(held, need):
                out.append(act_once("improve", k, key))
    return out


@lru_cache(maxsize=4096)
def _rituals_mixes(held: tuple[int, ...], need: int) -> tuple[str, ...]:
    """The payments (written as in an action) of a step of ``need`` from the mood tokens and
    resources ``held`` (in ``PAY_ORDER``), but mood tokens alone: each pays ``civic.cost``
    (what it takes is held, and adds up to the step)."""
    stock = dict(zip(PAY_ORDER, held, strict=True))
    return tuple(
        payment_key(spend, PAY_ORDER)
        for spend in payments(stock, need, PAY_ORDER)
        if set(spend) != {"mood"}
    )


def apply_improve(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    player = me(state, frame)
    city = state["cities"][args["city"]]
    need = step_cost(state, player, city)
    pay(player, args["pay"] if args["pay"] is not None else {"mood": need})
    city["mood"] += 1
    frame["steps"] += 1
    ev.emit(
        "civic",
        f"{player['name']} makes {city_name(state, args['city'])} {mood_name(city['mood'])}.",
        player=frame["player"],
        hexes=[args["city"]],
    )
    bump_stat(state, "civic")


def payment_label(text: str) -> str:
    """The label's tail for ``improve <city> <payment>``: what the step is paid with."""
    try:
        return f", paying {describe_cost(parse_payment(text))}"
    except ValueError:
        return ""


def _improve_label(state: State, frame: Frame, a: Action) -> str:
    tail = payment_label(a.args[1]) if len(a.args) > 1 else ", paying mood tokens"
    return f"Improve {city_name(state, a.args[0])}{tail}"


def wide_improvements(state: State, frame: Frame) -> list[Action]:
    """Every city on the board, paid in mood tokens (written with no payment) and by every
    other mix of tokens and resources that adds up to its step, held or not."""
    player = me(state, frame)
    out = []
    for k in sorted(state["cities"]):
        need = step_cost(state, player, state["cities"][k])
        every = payments(dict.fromkeys(PAY_ORDER, need), need, PAY_ORDER)
        out.append(act_once("improve", k))
        out += [
            act_once("improve", k, payment_key(m, PAY_ORDER)) for m in every if set(m) != {"mood"}
        ]
    return out


IMPROVE = ActionKind(
    "improve",
    parse_improve,
    [own, not_happy, rituals_ok, affordable],
    improve_candidates,
    apply_improve,
    category="improve",
    # improve_candidates: the player's own cities not yet happy, paid with resources only with
    # Rituals, each payment held and adding up to the step.
    ensured=[own, not_happy, rituals_ok, affordable],
    wide=wide_improvements,
    arity=(1, 2),
    usage="improve <city> [<payment>]",
    example="improve 1,1 food:1+wood:1",
    label=_improve_label,
)


@RULES.check(
    "civic.at-least-one",
    "Improve at least one city in a civic improvement.",
    SECTION,
    frame_only=True,
)
def some_steps(state: State, frame: Frame, args: Any) -> bool:
    return frame["steps"] > 0


CIVIC_DONE = bare(
    "done", lambda s, f, a, ev: s["stack"].pop(), checks=[some_steps], label="Done improving"
)

__all__ = ["CIVIC_DONE", "CIVIC_KIND", "IMPROVE", "actions_left"]
