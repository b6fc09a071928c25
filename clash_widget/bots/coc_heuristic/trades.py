"""Trades: the heuristic swaps a spare good for one it lacks, and offers each swap at most
once a turn (the only memory the bot keeps)."""

from __future__ import annotations

from functools import lru_cache

from ...coc.economy import cap
from ...engine import Action
from .plan import BASIC, Mind, Seat


@lru_cache(maxsize=256)
def goods(text: str) -> tuple[str, int]:
    """A trade's side as written in the action, ``wood:2``: the good and how many."""
    name, n = text.split(":")
    return name, int(n)


def helps(seat: Seat, receive: dict[str, int], give: dict[str, int]) -> bool:
    """A swap helps when my three best purchases lack less afterwards (weighted by
    what a good is worth to each). Each swap a decision weighs is a different one, so
    nothing is remembered."""
    for r in receive:
        if r not in BASIC:
            return False
    for r in give:
        if r not in BASIC:
            return False
    after = dict(seat.res)
    for r, n in give.items():
        after[r] -= n
    for r, n in receive.items():
        after[r] = min(cap(seat.s, seat.me, r), after[r] + n)
    for r in give:
        if after[r] < 0:
            return False
    return seat.lack(after) < seat.lack_now - 1e-9


def offer_worth(bot: Mind, seat: Seat, a: Action) -> float:
    turn = seat.s["turn"]
    key = (turn["age"], turn["round"], seat.p)
    if bot.offers[0] == key and (a in bot.offers[1] or len(bot.offers[1]) >= 2):
        return -1.0
    q = int(a.args[0])
    give = dict((goods(a.args[1]),))
    get = dict((goods(a.args[2]),))
    if not helps(seat, get, give):
        return -1.0
    if not helps(seat.other(q), give, get):
        return -1.0
    return bot.w["trade"]
