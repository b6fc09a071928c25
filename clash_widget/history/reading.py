"""What the act frame's kinds read of a position, read once per reading block.

Every kind of the act frame lists from the same few readings: each card's design
(:func:`cards.by_card`), the acting seat's cities and its fresh units. Read by each kind they
cost more than the rest of most kinds, so inside the engine's reading block (every listing
and check opens one: ``engine.reading``) they are read once per seat and handed to every kind
that asks: listing changes nothing, so they cannot go stale. Asked outside a block (a kind
listed alone), :func:`seat_reading` reads them afresh.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.game import State
from ..engine.reading import OPEN_BLOCK, STATE
from . import cards as card_set


class SeatReading:
    """A position as one seat's listing reads it: ``by`` (every card's design by id),
    ``mine`` (the seat's cities, sorted) and ``fresh`` (the seat's fresh units, sorted).
    The lists are shared by the kinds: never change them."""

    __slots__ = ("by", "fresh", "mine", "seat", "state")

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.by: Mapping[str, Mapping[str, Any]] = card_set.by_card(state)
        self.mine = sorted([c for c, x in state["cities"].items() if x["controller"] == seat])
        self.fresh = sorted(
            [u for u, x in state["units"].items() if x["controller"] == seat and not x["tired"]]
        )


def seat_reading(state: State, seat: int) -> SeatReading:
    """The seat's reading, remembered in the open reading block on this very state (read
    afresh outside one). A block keeps the last seat's: a listing reads one seat."""
    block = OPEN_BLOCK.get()
    if block is None or block[STATE] is not state:
        return SeatReading(state, seat)
    r: SeatReading | None = block.get(_SEAT)
    if r is None or r.seat != seat:
        r = block[_SEAT] = SeatReading(state, seat)
    return r


_SEAT = "history.seat"
"""The block's key of the last seat's reading."""
