"""Resources, limits, tokens and paying costs (gold stands in for any basic resource)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ..engine.actions import MalformedAction, whole_number
from ..engine.game import State
from .effects import grants
from .vocab import BASIC, TOKENS

Player = dict[str, Any]
Cost = dict[str, int]


def cap(state: State, player: Player, res: str) -> int:
    """The most ``player`` may hold of ``res`` (food 2 until Storage; 8 of any one)."""
    o = state["options"]
    if res == "food" and not grants(player, "limit.food"):
        return o["food_cap"]
    if res == "ideas" and grants(player, "limit.ideas"):
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


def can_pay(player: Player, cost: Mapping[str, int], *, ideas_for_food: bool = False) -> bool:
    if not ideas_for_food:
        # Basic resources and tokens only (the usual case): gold covers the total shortfall
        # of the resources; tokens are paid only with themselves.
        res = player["res"]
        short = 0
        for r, n in cost.items():
            if r in BASIC:
                if n > res[r]:
                    short += n - res[r]
            elif r in TOKENS:
                if n > player[r]:
                    return False
            else:
                break
        else:
            return short <= res["gold"]
    return plan_payment(player, cost, ideas_for_food=ideas_for_food) is not None


def plan_payment(
    player: Player, cost: Mapping[str, int], *, ideas_for_food: bool = False
) -> Cost | None:
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


class PaymentError(RuntimeError):
    """A cost the player cannot pay reached the point of paying: the checks let a bug through."""


def payment_plan(player: Player, cost: Cost, *, ideas_for_food: bool = False) -> Cost:
    """:func:`plan_payment` for an action the checks already passed: its plan, never None.

    Paying nothing instead would hand out the action for free; a bug is raised instead
    (and ``Match.play`` rolls the action back).
    """
    take = plan_payment(player, cost, ideas_for_food=ideas_for_food)
    if take is None:
        raise PaymentError(f"{player.get('name', 'a player')} cannot pay {describe_cost(cost)}")
    return take


def pay_cost(player: Player, cost: Cost, *, ideas_for_food: bool = False) -> None:
    """Pay ``cost`` the usual way (see :func:`plan_payment`); raises PaymentError if short."""
    pay(player, payment_plan(player, cost, ideas_for_food=ideas_for_food))


def pay(player: Player, take: Cost) -> None:
    for r, n in take.items():
        if r in ("mood", "culture"):
            player[r] -= n
        else:
            player["res"][r] -= n


def describe_cost(take: Cost) -> str:
    return ", ".join(f"{n} {r}" for r, n in take.items() if n) or "nothing"


def cost_words(text: str) -> str:
    """A cost option in words: ``"food:1+ore:1"`` is "1 food and 1 ore"."""
    parts = [f"{n} {r}" for r, n in parse_payment(text).items()]
    return ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else parts[0]


@cache
def _parsed_cost(text: str) -> tuple[tuple[str, int], ...]:
    return tuple(parse_payment(text).items())


def option_cost(state: State, name: str) -> Cost:
    """A cost the rules options give (``settler_cost``, ``grow_cost``...), as a new dict."""
    return dict(_parsed_cost(state["options"][name]))


def option_price(state: State, name: str) -> Mapping[str, int]:
    """:func:`option_cost` to read only (``can_pay``): the same dict every time, no copy."""
    return _price(state["options"][name])


@cache
def _price(text: str) -> Mapping[str, int]:
    return parse_payment(text)


def parse_payment(text: str) -> Cost:
    """Read a payment written in an action, e.g. ``food:2+wood`` ({"food": 2, "wood": 1}).

    Each part is a name with an optional count (1 if left out); raises MalformedAction
    for anything else. Whether the names and counts make sense is for the rules.
    """
    out: Cost = {}
    for part in text.split("+"):
        name, sep, n = part.partition(":")
        count = whole_number(n, f"the count of {name or 'a payment'}") if sep else 1
        if not name or count <= 0:
            raise MalformedAction(f"a payment is written like food:2+wood:1, not {text!r}")
        out[name] = out.get(name, 0) + count
    return out


def payment_key(take: Cost, order: tuple[str, ...]) -> str:
    """The canonical text of a payment, parts in ``order`` (``parse_payment`` reads it)."""
    return "+".join([f"{r}:{take[r]}" for r in order if take.get(r)])  # a list: no generator


def payments(stock: Cost, total: int, order: tuple[str, ...]) -> list[Cost]:
    """Every way to pay ``total`` units from ``stock``, one unit of any kind in ``order``
    standing for one unit of the price (Rituals, Bartering). Kinds in ``order`` order; the
    ways with more of an earlier kind first."""
    if total <= 0:
        return [{}] if total == 0 else []
    if len(order) < 2:
        return [{order[0]: total}] if order and stock.get(order[0], 0) >= total else []
    out: list[Cost] = []
    _walk_payments(stock, order, 0, total, {}, out)
    return out


def _walk_payments(
    stock: Cost, order: tuple[str, ...], i: int, left: int, take: Cost, out: list[Cost]
) -> None:
    """:func:`payments` from kind ``i`` on (not the last kind), ``left`` (more than 0) still
    to pay. The last kind is not a call of its own: it pays all that is left or nothing
    does. (A module-level function: a nested one that calls itself is a reference cycle for
    the garbage collector.)"""
    r = order[i]
    nxt = i + 1
    last = order[nxt] if nxt == len(order) - 1 else None
    for n in range(min(left, stock.get(r, 0)), -1, -1):
        if n:
            take[r] = n  # after the kinds before it: the parts stay in ``order``
        else:
            take.pop(r, None)
        rest = left - n
        if not rest:
            out.append(dict(take))
        elif last is None:
            _walk_payments(stock, order, nxt, rest, take, out)
        elif stock.get(last, 0) >= rest:
            take[last] = rest
            out.append(dict(take))
            del take[last]
