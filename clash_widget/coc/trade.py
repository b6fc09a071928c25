"""Trades between players: both agree, then everything changes hands at once.

Primer: "Trades". Resources and mood/culture tokens (action and objective
cards too once cards are in play). Promises are not enforced by the game.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, act
from ..engine.frames import ActionKind, fixed
from ..engine.game import Events, Frame, State
from .common import bump_stat
from .economy import gain
from .rulebook import RULES
from .vocab import BASIC, RESOURCES

SECTION = "Primer: Trades"
GOODS = (*RESOURCES, "mood", "culture")


def _goods(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    if text == "-":
        return out
    for part in text.split("+"):
        g, _, n = part.partition(":")
        out[g] = out.get(g, 0) + int(n)
    return out


def _text(goods: dict[str, int]) -> str:
    return "+".join(f"{g}:{n}" for g, n in sorted(goods.items())) or "-"


def _holds(player: dict[str, Any], goods: dict[str, int]) -> bool:
    for g, n in goods.items():
        have = player[g] if g in ("mood", "culture") else player["res"][g]
        if have < n:
            return False
    return True


def parse_offer(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    return {"to": int(a.args[0]), "give": _goods(a.args[1]), "get": _goods(a.args[2])}


@RULES.check("trade.partner", "Trade with another player in the game.", SECTION)
def partner_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return 0 <= args["to"] < len(state["players"]) and args["to"] != frame["player"]


@RULES.check(
    "trade.goods",
    "Trades swap resources and mood or culture tokens, in positive amounts, something each way.",
    SECTION,
)
def goods_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    both = list(args["give"].items()) + list(args["get"].items())
    return bool(args["give"]) and bool(args["get"]) and all(g in GOODS and n > 0 for g, n in both)


@RULES.check("trade.you-hold", "You do not hold what you offer.", SECTION)
def giver_holds(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _holds(state["players"][frame["player"]], args["give"])


@RULES.check("trade.they-hold", "Your partner does not hold what you ask for.", SECTION)
def taker_holds(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _holds(state["players"][args["to"]], args["get"])


def offer_candidates(state: State, frame: Frame) -> list[Action]:
    """One-for-one swaps of basic resources: a small, useful slice of all possible trades."""
    p = frame["player"]
    players = state["players"]
    out = []
    # Built to pass every offer check (the kind's ``ensured`` list): another seat, one
    # basic good each way, and only goods each side holds (at least 1, as _holds asks).
    mine = [g for g in BASIC if players[p]["res"][g] >= 1]
    for q in range(len(players)):
        if q == p or not mine:
            continue
        theirs = [t for t in BASIC if players[q]["res"][t] >= 1]
        for g in mine:
            for t in theirs:
                if g != t:
                    out.append(_SWAPS[q, g, t])
    return out


_SWAPS = {
    (q, g, t): act("trade", q, f"{g}:1", f"{t}:1")
    for q in range(4)
    for g in BASIC
    for t in BASIC
    if g != t
}


def apply_offer(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    p = frame["player"]
    state["stack"].append(
        {
            "kind": "trade_reply",
            "player": args["to"],
            "from": p,
            "give": args["give"],
            "get": args["get"],
        }
    )
    ev.emit(
        "trade_offer",
        f"{state['players'][p]['name']} offers {_text(args['give'])} to "
        f"{state['players'][args['to']]['name']} for {_text(args['get'])}.",
        player=p,
    )


OFFER = ActionKind(
    "trade",
    parse_offer,
    [partner_ok, goods_ok, giver_holds, taker_holds],
    offer_candidates,
    apply_offer,
    category="trade",
    ensured=[partner_ok, goods_ok, giver_holds, taker_holds],
)


@RULES.check("trade.reply", "Answer a trade offer with accept or decline.", SECTION)
def reply_ok(state: State, frame: Frame, args: Any) -> bool:
    return args in ("accept", "decline")


def apply_reply(state: State, frame: Frame, args: Any, ev: Events) -> None:
    state["stack"].pop()
    a, b = state["players"][frame["from"]], state["players"][frame["player"]]
    if args == "decline":
        ev.emit("trade_declined", f"{b['name']} declines the trade.", player=frame["player"])
        return
    for g, n in frame["give"].items():
        _move(state, a, b, g, n)
    for g, n in frame["get"].items():
        _move(state, b, a, g, n)
    bump_stat(state, "trade")
    ev.emit("trade", f"{a['name']} and {b['name']} trade.", player=frame["from"])


def _move(state: State, src: dict[str, Any], dst: dict[str, Any], g: str, n: int) -> None:
    # Limits apply to what is received, so any excess is wasted like any other gain.
    if g in ("mood", "culture"):
        src[g] -= n
    else:
        src["res"][g] -= n
    gain(state, dst, g, n)


REPLY = ActionKind(
    "reply",
    lambda s, f, a: a.args[0] if a.args else "",
    [reply_ok],
    fixed(act("reply", "accept"), act("reply", "decline")),
    apply_reply,
    category="reply",
)
