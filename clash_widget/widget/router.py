"""The match widgets' intent router: what an intent from the front end leads to, decided
from the intent, what the widget shows and how the widget class is set up.

Pure: no traitlets, no threads, no session; a widget hands it a :class:`Situation` (read
under its lock) and carries out the :class:`Routed` answer. Every widget rule that decides
whether an intent may act lives here, in the order the widget applies them:

1. a malformed intent (``engine.malformed``: its shape, then the fields of an extra type);
2. the view lock (``widget.view-locked``: the intents that would hand the browser a game file);
3. intents answered whatever the version (``save``, the board's ``resync``);
4. a stale version (``engine.stale``: the engine's one check, ``engine.game.stale``);
5. the replay position (``widget.replay-read-only``: undo, redo and moves);
6. for a move: the seat (``widget.bot-seat``, ``widget.not-your-turn``).

The same checks serve the widget's code paths (:func:`read_only` for ``play``/``undo``,
:func:`lock_detail` and :func:`refused_traits` for the browser's trait changes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from clash_widget.engine import Verdict
from clash_widget.engine.game import MALFORMED, stale
from clash_widget.engine.seats import default_name

from .intents import (
    BAD_SETTING,
    BASE_FIELDS,
    BOT_SEAT,
    NOT_YOUR_TURN,
    READ_ONLY_REPLAY,
    VIEW_LOCKED,
    field_problem,
    is_int,
    malformed,
)

FieldCheck = Callable[[str, dict[str, Any]], "str | None"]


@dataclass(frozen=True)
class Settings:
    """A widget class's intents: each type's fields (the base ones and its own), the fields
    that may be left out, the types answered whatever the version, and the types the view
    lock forbids."""

    fields: Mapping[str, frozenset[str]]
    optional: Mapping[str, frozenset[str]]
    unversioned: frozenset[str]
    view_intents: frozenset[str]


@dataclass(frozen=True)
class Situation:
    """What the router reads of the widget and its session at the moment of the intent."""

    version: int  # the live game's version
    position: int | None  # the replay position shown (None: the live game)
    seat: int | None  # whose view (None: the teacher's)
    lock_view: bool
    to_move: int | None  # the seat to move (None: nobody, e.g. the game is over)
    bot_to_move: str | None  # the bot playing the seat to move (None: a person)
    names: tuple[str, ...]  # the players' names, for the refusals' words


@dataclass(frozen=True)
class Routed:
    """The router's answer: ``verdict`` a refusal to say (nothing else happens), else the
    intent ``kind`` to carry out ("act", "undo", "redo" or an extra type)."""

    kind: str
    seq: int | None
    verdict: Verdict | None = None

    @property
    def refused(self) -> bool:
        return self.verdict is not None


def player_name(names: tuple[str, ...] | list[str], seat: int) -> str:
    """The seat's name, as every game names it (engine.seats)."""
    return names[seat] if 0 <= seat < len(names) else default_name(seat)


def route(
    intent: Any,
    now: Situation,
    settings: Settings,
    extra_problem: FieldCheck = field_problem,
) -> Routed:
    """What ``intent`` leads to (``extra_problem``: what is wrong with an extra type's fields)."""
    seq = intent.get("seq") if isinstance(intent, dict) else None
    problem = malformed(intent, settings.fields, settings.optional)
    kind = intent["type"] if problem is None else ""
    if problem is None and kind not in BASE_FIELDS:
        problem = extra_problem(kind, intent)
    if problem:
        return Routed("", seq if is_int(seq) else None, MALFORMED.refuse(problem))
    if now.lock_view and kind in settings.view_intents:
        return Routed(kind, seq, VIEW_LOCKED.refuse(lock_detail(now)))
    if kind in settings.unversioned:
        return Routed(kind, seq)
    verdict = stale(intent["version"], now.version)
    if verdict is None and kind in BASE_FIELDS:
        verdict = read_only(now.position)
        if verdict is None and kind == "act":
            verdict = seat_verdict(now)
    return Routed(kind, seq, verdict)


def read_only(position: int | None) -> Verdict | None:
    """The refusal when the widget shows a replay position (no move, undo or redo there)."""
    if position is None:
        return None
    return READ_ONLY_REPLAY.refuse(f"showing position {position}")


def seat_verdict(now: Situation) -> Verdict | None:
    """Why a click from this view may not move now (None: it may). Code may act for anyone."""
    cp = now.to_move
    if now.bot_to_move is not None and cp is not None:
        return BOT_SEAT.refuse(f"the {now.bot_to_move} bot plays {player_name(now.names, cp)}")
    if cp is None or now.seat is None or now.seat == cp:
        return None
    viewer, mover = player_name(now.names, now.seat), player_name(now.names, cp)
    return NOT_YOUR_TURN.refuse(f"this is {viewer}'s view; {mover} is to move")


def lock_detail(now: Situation) -> str:
    """Why the browser may not change what the board shows (no trait or intent names)."""
    if not now.lock_view:
        return "only the notebook's code sets the view lock"
    if now.seat is None:
        return "this board is locked to the teacher's view"
    return f"this board is locked to {player_name(now.names, now.seat)}'s view"


def refused_traits(
    sync_data: Mapping[str, Any],
    current: Mapping[str, Any],
    *,
    lock_view: bool,
    view_traits: frozenset[str],
) -> list[str]:
    """The browser's trait changes the view lock forbids (the lock itself is Python's)."""
    locked = view_traits | {"lock_view"} if lock_view else {"lock_view"}
    return sorted(k for k, v in sync_data.items() if k in locked and v != current.get(k))


def bad_position(k: Any, length: int) -> Verdict | None:
    """A replay position that does not exist (positions are 0 to the record's length)."""
    if k is None or (is_int(k) and 0 <= k <= length):
        return None
    return BAD_SETTING.refuse(f"there is no replay position {k!r}: positions are 0 to {length}")
