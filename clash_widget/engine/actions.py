"""Actions: small immutable records with a canonical text key.

An action is a ``kind`` plus string arguments. Its key (``"found 2,-1"``) is
what the widget sends, what game records store and what notebooks type, so it
must round-trip exactly: ``Action.parse(str(a)) == a``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple


class MalformedAction(ValueError):
    """The text cannot be read as an action at all (not the same as illegal)."""


class Action(NamedTuple):
    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind, *self.args)) if self.args else self.kind

    @property
    def key(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, key: str | Action) -> Action:
        """Read an action key. Raises MalformedAction for text that is not one."""
        if isinstance(key, Action):
            return key
        if not isinstance(key, str):
            raise MalformedAction(f"an action key must be text, not {type(key).__name__}")
        parts = key.split()
        if not parts or not all(p.isprintable() for p in parts):
            raise MalformedAction(f"cannot read {key!r} as an action")
        return cls(parts[0], tuple(parts[1:]))


def whole_number(text: str, what: str = "a whole number") -> int:
    """Read an action argument that is a whole number; MalformedAction if it is not."""
    try:
        return int(text)
    except ValueError:
        raise MalformedAction(f"{what} is written as a whole number, not {text!r}") from None


# ``Action(kind, args)`` runs the Python ``__new__`` that NamedTuple writes; the tuple's own
# constructor makes the same record without it (the listings make actions by the thousand).
_make = tuple.__new__


def act(kind: str, *args: object) -> Action:
    """Build an action from any printable arguments (ints, hex keys...)."""
    return _make(Action, (kind, tuple(map(str, args))))


@lru_cache(maxsize=65536)
def act_once(kind: str, *args: str) -> Action:
    """``act(kind, *args)`` for text arguments, made once and handed out again (actions are
    immutable): for candidates a listing makes at every position (a hex, a card)."""
    return _make(Action, (kind, args))
