"""The reading block: the span in which a pure listing reads what it derives once.

Listing the legal actions (and checking one) never changes the state, so what the rules
derive from it (Clash's units by hex, a History seat's cities and fresh units) cannot go
stale while a listing runs. The engine opens a block around every listing, check and
"is there only one answer?" of every game (:class:`~.game.Game`'s final methods); inside
it a game's rule modules remember what they read with :func:`read_once`, keyed by what the
value depends on besides the state. Each game fills the block with its own derived data;
the engine knows none of it.

What a block remembers lives in the block, never in the state (it is not serialised,
hashed or cloned), and belongs to the state the block was opened on: asked about another
state, or outside a block, :func:`read_once` computes afresh. The innermost open block is
a context variable, so each thread and each asyncio task sees its own. Blocks nest; leaving
one brings the outer one back.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, Token
from typing import Any, TypeVar

T = TypeVar("T")
State = dict[str, Any]


class Reading:
    """One open block: the state it reads and what was remembered of it (``memo``: key ->
    value; the values are shared by every reader of the block, so never change them)."""

    __slots__ = ("memo", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.memo: dict[Any, Any] = {}


OPEN_BLOCK: ContextVar[Reading | None] = ContextVar("reading_block", default=None)
"""The innermost open block (None outside one). The engine and a game's hottest reader
(Clash's units by hex) read it directly: one call fewer than :func:`open_block`."""
_OPEN = OPEN_BLOCK


class reading:  # noqa: N801 - used like a function: ``with reading(state):``
    """A block that only reads ``state`` (``with reading(state):``)."""

    __slots__ = ("state", "token")

    def __init__(self, state: State) -> None:
        self.state = state

    def __enter__(self) -> Reading:
        block = Reading(self.state)
        self.token = _OPEN.set(block)
        return block

    def __exit__(self, *exc: object) -> None:
        _OPEN.reset(self.token)


def begin_reading(state: State) -> Token[Reading | None]:
    """Open a block without the ``with`` statement (the engine's hot paths: a listing
    opens one at every action); :func:`end_reading` with the token closes it, in a
    ``finally``."""
    return _OPEN.set(Reading(state))


end_reading = _OPEN.reset


def open_block(state: State) -> Reading | None:
    """The innermost open block when it reads this very ``state`` (else None): for a rule
    module's hottest reader, which keeps its own entry in :attr:`Reading.memo`."""
    block = _OPEN.get()
    return block if block is not None and block.state is state else None


def read_once(state: State, key: Any, compute: Callable[[], T]) -> T:
    """``compute()``, remembered for the rest of the reading block on ``state``.

    ``key`` must name everything the result depends on besides the state (and be distinct
    from every other reader's: start it with the reader's own word). Outside a block on
    ``state`` nothing is remembered.
    """
    block = _OPEN.get()
    if block is None or block.state is not state:
        return compute()
    memo = block.memo
    try:
        return memo[key]  # type: ignore[no-any-return]
    except KeyError:
        got = memo[key] = compute()
        return got


__all__ = [
    "OPEN_BLOCK",
    "Reading",
    "begin_reading",
    "end_reading",
    "open_block",
    "read_once",
    "reading",
]
