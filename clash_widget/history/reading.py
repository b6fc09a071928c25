"""What the act frame's kinds read of a position, read once per listing.

Every kind of the act frame lists from the same few readings: each card's design
(:func:`cards.by_card`), the acting seat's cities and its fresh units. Read by each kind they cost
more than the rest of most kinds, so the act frame's listing (:class:`ReadingFrame`) reads
them once and hands them to its kinds for as long as the listing runs: listing changes
nothing, so they cannot go stale. Asked outside a listing (a kind listed alone, a check),
:func:`seat_reading` reads them afresh.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

from ..engine import Action
from ..engine.frames import TableFrame
from ..engine.game import Frame, Game, State
from . import cards as card_set


class SeatReading:
    """A position as one seat's listing reads it: ``by`` (every card's design by id),
    ``mine`` (the seat's cities, sorted) and ``fresh`` (the seat's fresh units, sorted).
    The lists are shared by the kinds: never change them."""

    __slots__ = ("state", "seat", "by", "mine", "fresh")

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.by: Mapping[str, Mapping[str, Any]] = card_set.by_card(state)
        self.mine = sorted([c for c, x in state["cities"].items() if x["controller"] == seat])
        self.fresh = sorted(
            [u for u, x in state["units"].items() if x["controller"] == seat and not x["tired"]]
        )


_OPEN: ContextVar[SeatReading | None] = ContextVar("history_reading", default=None)
"""The reading of the listing under way (None outside one); a context variable, so that a
listing in another thread never sees it."""


def seat_reading(state: State, seat: int) -> SeatReading:
    """The reading of the listing under way when it is of this very state and seat, else a
    fresh one."""
    r = _OPEN.get()
    if r is not None and r.state is state and r.seat == seat:
        return r
    return SeatReading(state, seat)


class ReadingFrame(TableFrame):
    """A table frame whose full listings (all, by category) read the acting seat's position
    once for all their kinds (:func:`seat_reading`). Not ``first_legal``: it mostly stops
    at its first kinds, before the reading would pay."""

    def legal(self, game: Game, state: State, frame: Frame) -> list[Action]:
        token = _OPEN.set(SeatReading(state, frame["player"]))
        try:
            return super().legal(game, state, frame)
        finally:
            _OPEN.reset(token)

    def by_category(self, game: Game, state: State, frame: Frame) -> dict[str, list[Action]]:
        token = _OPEN.set(SeatReading(state, frame["player"]))
        try:
            return super().by_category(game, state, frame)
        finally:
            _OPEN.reset(token)
