"""Paying a cost where gold may stand in for food, wood or ore: the player names the payment.

Primer, Resources: Gold "May be used in place of any other normal Resource". Units,
growth, wonders, Husbandry, Roads and Siegecraft take an optional payment written like
research's (``food:1+gold:1``); with none named and more than one way open, a ``payment``
frame asks which (the purse left differs: gold kept or the resource kept). The action then
goes on with the payment chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

from ..engine import Action
from ..engine.actions import MalformedAction
from ..engine.frames import ActionKind, frame_options
from ..engine.game import Events, Frame, State
from .economy import Cost, parse_payment, payment_key
from .rulebook import RULES
from .state_types import PaidArgs, PaidFor, PaymentFrame
from .vocab import BASIC

SECTION = "Primer: Resources (Gold)"
ORDER = ("food", "wood", "ore", "ideas", "gold", "mood", "culture")
FREE = "free"  # a payment of nothing (a discount taken)
FRAME: Final = "payment"

Then = Callable[[State, Frame, dict[str, Any], Events], None]
CostOf = Callable[[State, Frame, dict[str, Any]], list[Cost]]
_THEN: dict[str, Then] = {}
_COSTS: dict[str, CostOf] = {}
_ASKED: dict[str, CostOf] = {}


def looks_like_payment(text: str) -> bool:
    return text == FREE or ":" in text


def read(text: str) -> Cost:
    try:
        return {} if text == FREE else parse_payment(text)
    except ValueError as e:
        raise MalformedAction(str(e)) from e


def key(take: Cost) -> str:
    return payment_key(take, ORDER) or FREE


def ways(player: dict[str, Any], cost: Cost) -> list[Cost]:
    """Every way to pay ``cost``: each unit of food, wood or ore by itself or by a gold;
    other parts (ideas, tokens, gold) as they are. ``[]`` if it cannot be paid."""
    res = player["res"]
    fixed: Cost = {}
    for r, n in cost.items():
        if n <= 0 or r in BASIC:
            continue
        have = player[r] if r in ("mood", "culture") else res[r]
        if have < n:
            return []
        fixed[r] = n
    gold_left = res["gold"] - fixed.get("gold", 0)
    out: list[Cost] = []
    _walk_ways(res, cost, fixed, 0, gold_left, {}, out)
    return out


def _walk_ways(
    res: Cost, cost: Cost, fixed: Cost, i: int, gold: int, take: Cost, out: list[Cost]
) -> None:
    """:func:`ways` from basic resource ``i`` on, with ``gold`` still free to stand in (a
    module-level function: a nested one that calls itself is a reference cycle)."""
    if i == len(BASIC):
        full = dict(fixed)
        for r, n in take.items():
            full[r] = full.get(r, 0) + n
        out.append({r: n for r, n in full.items() if n})
        return
    r = BASIC[i]
    need = cost.get(r, 0)
    for g in range(min(need, gold) + 1):
        if need - g > res[r]:
            continue
        nxt = dict(take)
        if need - g:
            nxt[r] = need - g
        if g:
            nxt["gold"] = nxt.get("gold", 0) + g
        _walk_ways(res, cost, fixed, i + 1, gold - g, nxt, out)


def register(kind: str, cost_of: CostOf, then: Then, *, asked: CostOf | None = None) -> None:
    """``kind``'s cost (every price it may be paid at: a "may" discount gives two) and the
    step that goes on once the payment is known (its args carry ``payment``). ``asked``: the
    ways worth asking about, when fewer than every open way (a discount nobody declines)."""
    _COSTS[kind] = cost_of
    _THEN[kind] = then
    if asked is not None:
        _ASKED[kind] = asked


def payable(kind: str) -> bool:
    """Whether actions of ``kind`` may name a payment (and may ask for one)."""
    return kind in _COSTS


def open_ways(state: State, frame: Frame, kind: str, args: dict[str, Any]) -> list[Cost]:
    player = state["players"][frame["player"]]
    out: list[Cost] = []
    for cost in _COSTS[kind](state, frame, args):
        out += [w for w in ways(player, cost) if w not in out]
    return out


def asked_ways(state: State, frame: Frame, kind: str, args: dict[str, Any]) -> list[Cost]:
    """The ways a ``payment`` decision lists for this action when none is named (asked only
    when more than one; the board offers them beside the action, coc/ahead.py)."""
    if kind in _ASKED:
        return _ASKED[kind](state, frame, args)
    return open_ways(state, frame, kind, args)


def settle(state: State, frame: Frame, kind: str, args: dict[str, Any]) -> Cost | None:
    """The payment for this action: the one named, the only one open, or None after
    pushing a frame that asks (the action then resumes from that frame)."""
    if args.get("payment") is not None:
        return dict(args["payment"])
    options = asked_ways(state, frame, kind, args)
    if len(options) > 1:
        ask: PaymentFrame = {
            "kind": FRAME,
            "player": frame["player"],
            "for": cast(PaidFor, kind),  # a kind registered with register()
            "args": cast(PaidArgs, dict(args, payment=None)),
            "options": [key(o) for o in options],
        }
        state["stack"].append(ask)
        return None
    return options[0] if options else {}


@RULES.check(
    "payment.named",
    "That payment does not pay the cost, or you do not hold it: gold may stand in for any "
    "food, wood or ore, one for one.",
    SECTION,
)
def named_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if not isinstance(args, dict) or args.get("payment") is None:
        return True
    return args["payment"] in open_ways(state, frame, args["for"], args)


@RULES.check("payment.choice", "Choose one of the ways of paying listed.", SECTION)
def choice_ok(state: State, frame: Frame, text: str) -> bool:
    return text in frame["options"]


def apply_choice(state: State, frame: Frame, text: str, ev: Events) -> None:
    state["stack"].pop()
    args = dict(frame["args"], payment=read(text))
    _THEN[frame["for"]](state, state["stack"][-1], args, ev)


def _words(take: Cost) -> str:
    parts = [f"{n} {r}" + (" token" + ("s" if n > 1 else "") if r in ("mood", "culture") else "")
             for r, n in take.items()]  # fmt: skip
    if len(parts) > 2:  # "1 food, 1 wood and 1 gold"
        parts = [", ".join(parts[:-1]), parts[-1]]
    return " and ".join(parts) or "nothing"


def words(option: str) -> str:
    """A payment option in words: ``food:1+gold:1`` is "1 food and 1 gold"."""
    return _words(read(option))


def _label(state: State, frame: Frame, a: Action) -> str:
    return f"Pay {words(a.args[0])}"


PAY = ActionKind(
    "payment",
    lambda s, f, a: a.args[0] if a.args else "",
    [choice_ok],
    frame_options("payment"),
    apply_choice,
    _label,
    category="payment",
    ensured=[choice_ok],
    wide=frame_options("payment"),  # the frame's options are what the rule allows
    arity=(1, 1),
    usage="payment <payment>",
    example="payment food:1+gold:1",
)
