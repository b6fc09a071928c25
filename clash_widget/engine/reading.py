"""The reading block: the span in which a pure listing reads what it derives once.

Listing the legal actions (and checking one) never changes the state, so what the rules
derive from it (Clash's units by hex, a History seat's cities and fresh units) cannot go
stale while a listing runs. The engine opens a block around every listing, check and
"is there only one answer?" of every game (:class:`~.game.Game`'s final methods); inside
it a game's rule modules remember what they read with :func:`read_once`, keyed by what the
value depends on besides the state (the key starts with the game's id). Each game fills the
block with its own derived data; the engine knows none of it.

What a block remembers lives in the block, never in the state (it is not serialised,
hashed or cloned), and belongs to the state the block was opened on: asked about another
state, or outside a block, :func:`read_once` computes afresh. The innermost open block is
a context variable, so each thread and each asyncio task sees its own. Blocks nest; leaving
one brings the outer one back.

A block is a plain dict (key -> what was remembered; :data:`STATE` -> the state it reads):
the engine opens one at every action of every self-play game, and a rule module's hottest
reader (Clash's units by hex) looks its entry up directly, so a block is as cheap to make and
to read as Python allows.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, Token
from typing import Any, TypeVar

T = TypeVar("T")
State = dict[str, Any]
Block = dict[Any, Any]
"""An open block: what was remembered, by key (the values are shared by every reader of the
block, so never change them), and the state it reads under :data:`STATE`."""

STATE = "engine.state"
"""The key of the state a block reads."""

OPEN_BLOCK: ContextVar[Block | None] = ContextVar("reading_block", default=None)
"""The innermost open block (None outside one). The engine and a game's hottest readers read
it directly (``block = OPEN_BLOCK.get()``, then ``block[STATE] is state``)."""


class reading:  # noqa: N801 - used like a function: ``with reading(state):``
    """A block that only reads ``state`` (``with reading(state) as block:``)."""

    __slots__ = ("state", "token")

    def __init__(self, state: State) -> None:
        self.state = state

    def __enter__(self) -> Block:
        block: Block = {STATE: self.state}
        self.token = OPEN_BLOCK.set(block)
        return block

    def __exit__(self, *exc: object) -> None:
        OPEN_BLOCK.reset(self.token)


def begin_reading(state: State) -> Token[Block | None]:
    """Open a block without the ``with`` statement; :func:`end_reading` with the token closes
    it, in a ``finally`` (what the engine's hot paths write out)."""
    return OPEN_BLOCK.set({STATE: state})


end_reading = OPEN_BLOCK.reset


def open_block(state: State) -> Block | None:
    """The innermost open block when it reads this very ``state`` (else None)."""
    block = OPEN_BLOCK.get()
    return block if block is not None and block[STATE] is state else None


_MISSING = object()


def read_once(state: State, key: Any, compute: Callable[[], T]) -> T:
    """``compute()``, remembered for the rest of the reading block on ``state``.

    ``key`` must name everything the result depends on besides the state, starting with the
    reader's own word (``("coc.ship-reach", player, hex)``). Outside a block on ``state``
    nothing is remembered.
    """
    block = OPEN_BLOCK.get()
    if block is None or block[STATE] is not state:
        return compute()
    got = block.get(key, _MISSING)
    if got is _MISSING:
        got = block[key] = compute()
    return got  # type: ignore[no-any-return]


__all__ = [
    "OPEN_BLOCK",
    "STATE",
    "Block",
    "begin_reading",
    "end_reading",
    "open_block",
    "read_once",
    "reading",
]
