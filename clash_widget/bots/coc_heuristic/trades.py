"""Trades: the heuristic swaps a spare good for one it lacks, and offers each swap at most
once a turn (the only memory the bot keeps)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...coc.economy import cap
from ...engine import Action
from .plan import BASIC, Mind, Seat
from .reading import kept

_SWAPS: dict[tuple[Any, ...], bool] = {}  # swap_helps by what it reads


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


@lru_cache(maxsize=1024)
def offer(args: tuple[str, ...]) -> tuple[int, str, int, str, int]:
    """A trade offer's arguments read: the partner, the good and count handed over, the
    good and count asked for."""
    give, get = goods(args[1]), goods(args[2])
    return int(args[0]), give[0], give[1], get[0], get[1]


def swap_helps(seat: Seat, take: str, n_take: int, hand: str, n_hand: int) -> bool:
    """``helps(seat, {take: n_take}, {hand: n_hand})`` for a swap of one good for another
    (a trade offer), without the two dictionaries: the same steps in the same order."""
    if take not in BASIC or hand not in BASIC:
        return False
    limit = seat.caps[take]
    # a pure function of my three best goals (made once, never changed), my stock and
    # the swap: remembered across decisions (a search weighs the same swaps again and again)
    key = (seat.swap_number, limit, take, n_take, hand, n_hand)
    known = _SWAPS.get(key)
    if known is None:
        after = dict(seat.res)
        after[hand] -= n_hand
        after[take] = min(limit, after[take] + n_take)
        better = after[hand] >= 0 and seat.lack(after) < seat.lack_now - 1e-9
        known = kept(_SWAPS, key, better, 32768)
    return known


def offer_worth(bot: Mind, seat: Seat, a: Action) -> float:
    turn = seat.s["turn"]
    key = (turn["age"], turn["round"], seat.p)
    if bot.offers[0] == key and (a in bot.offers[1] or len(bot.offers[1]) >= 2):
        return -1.0
    q, give, n_give, get, n_get = offer(a.args)
    if not swap_helps(seat, get, n_get, give, n_give):
        return -1.0
    if not swap_helps(seat.other(q), give, n_give, get, n_get):
        return -1.0
    return bot.w["trade"]
