"""Reaction windows: "at any moment" in a game that asks one seat at a time.

Some rules let a player act *at any time*, even in another player's turn: Secolo's Specials
and Object powers («in qualsiasi momento»), Clash of Cultures' free abilities and action
cards. The engine asks one seat at a time, so "any time" becomes a short **window** after
each step of a turn: a decision frame that asks, one after another in the order given, only
the seats that could use something *now*; each may use it (and stay asked, to use more) or
``pass``. A window nobody could use is never opened, so a turn without such cards runs as
before. When the last seat is done the frame leaves the stack and the game goes on from the
frame below it (or, if the window said what comes next in ``then``, the game does that).

A game uses it in three parts, all its own:

1. a ``TableFrame`` for the frame kind (``"window"`` unless the game names another) whose
   table lists what may be used at any moment and a ``pass`` kind that calls
   :func:`pass_on`;
2. a ``usable(state, seat)`` predicate: does the seat hold something it could use now? The
   simplest is the frame's own listing for that seat (``ActionKind.legal`` on a probe frame
   ``{"kind": "window", "player": seat}``), so the window and the legal list agree;
3. :func:`open_window` after each step where "any time" should be possible, with the seats
   to ask in order (typically everybody but the player whose turn it is).

Bots answer a window like any other frame; a person skips it with the single ``pass``
action. Who is asked tells the table that the seat holds something usable: games that hide
this may ask every seat instead (their ``usable`` then answers True).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .game import Frame, State

WINDOW = "window"
Usable = Callable[[State, int], bool]


def open_window(
    state: State,
    seats: Sequence[int],
    usable: Usable,
    *,
    kind: str = WINDOW,
    then: str = "",
    **data: Any,
) -> Frame | None:
    """Open a window for ``seats`` (in that order) on top of the stack, asking first the first
    seat that can use something now. Returns the frame, or None (nothing pushed) when no seat
    can. ``then`` names what the game does when the window closes (the game reads it);
    ``data`` is kept on the frame for the game and its prompt."""
    queue = [s for s in seats]
    while queue:
        seat = queue.pop(0)
        if usable(state, seat):
            frame: Frame = {"kind": kind, "player": seat, "queue": queue, "then": then, **data}
            state["stack"].append(frame)
            return frame
    return None


def pass_on(state: State, frame: Frame, usable: Usable) -> bool:
    """The deciding seat of the window is done: ask the next seat in the queue that can use
    something now, else close the window (take the frame off the stack). True while the
    window stays open; False once it is closed (the caller then does ``frame["then"]``)."""
    while frame["queue"] and not state.get("over"):
        seat = frame["queue"].pop(0)
        if usable(state, seat):
            frame["player"] = seat
            return True
    stack = state["stack"]
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] is frame:
            del stack[i]
            break
    return False


def still_usable(state: State, frame: Frame, usable: Usable) -> bool:
    """After the deciding seat used something: True if it may still use more (it stays
    asked); otherwise the window moves on as if it had passed (see :func:`pass_on`)."""
    if state.get("over") or not any(f is frame for f in state["stack"]):
        return False
    if usable(state, frame["player"]):
        return True
    return pass_on(state, frame, usable)
