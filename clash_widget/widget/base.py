"""MatchWidget: the game-agnostic machinery of a clickable match widget.

A widget shows ``match.view(seat)`` and turns the front end's intents into
actions. The traits are the same as :class:`~clash_widget.widget.board.BoardWidget`'s
(``view``, ``intent``, ``feedback``, ``seat``, ``last_action``) and so are the
intent rules:

- ``intent`` (JS -> Python): ``{seq, version, type: "act", key}`` or
  ``{seq, version, type: "undo"|"redo"}``; subclasses may add intent types with
  their fields (:attr:`MatchWidget.EXTRA_INTENTS`) and a handler.
- Malformed (``engine.malformed``) or stale (``engine.stale``) intents change
  nothing and explain why in ``feedback``.
- A re-entrant lock guards every access to the match (comm messages can arrive
  on a kernel subshell thread while a cell runs).

The widget rules (``widget.no-undo`` ...) come from :mod:`.intents`, shared with
BoardWidget, so a refusal names the same id whichever widget gave it. A click
from a seat's view acts only for that seat (``widget.not-your-turn``); code
(:meth:`MatchWidget.play`) may act for anyone, like a teacher.
"""

from __future__ import annotations

import pathlib
import threading
import traceback
from collections.abc import Callable
from typing import Any, ClassVar

import anywidget
import traitlets

from clash_widget.engine import Match, Outcome, Verdict
from clash_widget.engine.game import MALFORMED, STALE

from .intents import ERROR, NO_REDO, NO_UNDO, NOT_YOUR_TURN, is_int

ActionCallback = Callable[[Outcome], Any]
BASE_INTENTS: dict[str, frozenset[str]] = {
    "act": frozenset({"key"}),
    "undo": frozenset(),
    "redo": frozenset(),
}


def _where(exc: BaseException) -> str:
    """Where an exception was raised, in one line (file:line in function)."""
    tb = traceback.extract_tb(exc.__traceback__)
    if not tb:
        return type(exc).__name__
    f = tb[-1]
    return f"raised at {pathlib.Path(f.filename).name}:{f.lineno} in {f.name}"


class MatchWidget(anywidget.AnyWidget):
    """Common base: traits, lock, intents, feedback, play/undo/redo/on_action.

    Subclasses set ``_esm``/``_css`` and may override :meth:`_after_refresh`,
    :meth:`_check_extra` and :meth:`_handle_extra` for their own intents.
    """

    EXTRA_INTENTS: ClassVar[dict[str, frozenset[str]]] = {}

    view = traitlets.Dict().tag(sync=True)
    intent = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    last_action = traitlets.Unicode("").tag(sync=True)

    def __init__(self, match: Match, *, seat: int | None = None, **kwargs: Any) -> None:
        self._lock = threading.RLock()
        self._callbacks: list[ActionCallback] = []
        self._answers = 0
        self.match = match
        super().__init__(seat=seat, **kwargs)
        with self._lock:
            self._refresh()

    # -- public API ---------------------------------------------------------
    @property
    def game(self) -> Match:
        """Alias of :attr:`match`."""
        return self.match

    @property
    def lock(self) -> threading.RLock:
        """The lock guarding the match; hold it to read several things consistently."""
        return self._lock

    def play(self, key: str) -> Outcome:
        """Play an action from code, the same path as a click; returns the Outcome."""
        with self._lock:
            return self._act(key, version=None, seq=None)

    def undo(self) -> bool:
        with self._lock:
            return self._undo_redo("undo", seq=None)

    def redo(self) -> bool:
        with self._lock:
            return self._undo_redo("redo", seq=None)

    def on_action(self, callback: ActionCallback, remove: bool = False) -> None:
        """Call ``callback(outcome)`` after each applied action (``remove=True`` unregisters)."""
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def refresh(self) -> None:
        """Send a fresh view (after changing ``widget.match`` from code)."""
        with self._lock:
            self._refresh()

    # -- traits ---------------------------------------------------------------
    @traitlets.validate("seat")
    def _valid_seat(self, proposal: dict[str, Any]) -> int | None:
        seat = proposal["value"]
        players = len(self.match.state["players"]) if hasattr(self, "match") else None
        if seat is not None and players is not None and not 0 <= seat < players:
            raise traitlets.TraitError(f"seat must be None or 0..{players - 1}, not {seat}")
        return seat

    @traitlets.observe("seat")
    def _seat_changed(self, change: dict[str, Any]) -> None:
        if not hasattr(self, "match"):
            return  # during __init__
        try:
            with self._lock:
                self._refresh()
        except Exception as exc:  # never swallow: show it
            self._say(
                False,
                f"Cannot show seat {change['new']}: {type(exc).__name__}: {exc}",
                ERROR.refuse(_where(exc)),
                seq=None,
            )

    @traitlets.observe("intent")
    def _intent_changed(self, change: dict[str, Any]) -> None:
        intent = change["new"]
        if not intent:
            return  # the initial {} or a reset
        try:
            with self._lock:
                self._handle_intent(intent)
        except Exception as exc:  # never swallow: show it
            self._say(
                False,
                f"{type(exc).__name__}: {exc}",
                ERROR.refuse(_where(exc)),
                seq=intent.get("seq") if isinstance(intent, dict) else None,
            )

    # -- hooks for subclasses -------------------------------------------------
    def _after_refresh(self) -> None:
        """Called with the lock held after every new view."""

    def _check_extra(self, kind: str, intent: dict[str, Any]) -> str | None:
        """What is wrong with the fields of an extra intent type, or None."""
        return None

    def _handle_extra(self, kind: str, intent: dict[str, Any], seq: int) -> None:
        raise NotImplementedError(kind)

    # -- internals (call with the lock held) ---------------------------------
    def _intent_types(self) -> dict[str, frozenset[str]]:
        return {**BASE_INTENTS, **self.EXTRA_INTENTS}

    def _refresh(self) -> None:
        self.view = dict(self.match.view(self.seat))  # always a new object
        self._after_refresh()

    def _handle_intent(self, intent: Any) -> None:
        seq = intent.get("seq") if isinstance(intent, dict) else None
        problem = self._malformed(intent)
        if problem:
            self._say(
                False,
                f"Ignored a malformed intent: {problem}.",
                MALFORMED.refuse(problem),
                seq=seq if is_int(seq) else None,
            )
            return
        version = intent["version"]
        if version != self.match.version:
            detail = f"sent at version {version}, now {self.match.version}"
            self._say(False, f"Ignored a stale intent ({detail}).", STALE.refuse(detail), seq=seq)
            return
        kind = intent["type"]
        if kind == "act":
            mover = self.match.current_player
            if self.seat is not None and mover is not None and mover != self.seat:
                detail = f"this view is seat {self.seat}'s, player {mover} is to move"
                self._say(False, "Not your turn.", NOT_YOUR_TURN.refuse(detail), seq=seq)
                return
            self._act(intent["key"], version=version, seq=seq)
        elif kind in BASE_INTENTS:
            self._undo_redo(kind, seq=seq)
        else:
            self._handle_extra(kind, intent, seq)

    def _malformed(self, intent: Any) -> str | None:
        """What is wrong with the intent's shape, or None."""
        if not isinstance(intent, dict):
            return f"an intent must be an object, not {type(intent).__name__}"
        for name in ("seq", "version"):
            if not is_int(intent.get(name)):
                return f"{name!r} must be an integer"
        types = self._intent_types()
        kind = intent.get("type")
        if kind not in types:
            return f"unknown intent type {kind!r} (known: {', '.join(types)})"
        extra = set(intent) - {"seq", "version", "type"} - types[kind]
        if extra:
            return f"unexpected field(s) {', '.join(sorted(map(str, extra)))} for {kind!r}"
        missing = types[kind] - set(intent)
        if missing:
            return f"missing field(s) {', '.join(sorted(missing))} for {kind!r}"
        if kind == "act":
            key = intent.get("key")
            if not isinstance(key, str) or not key.strip():
                return "'key' must be a non-empty string"
            return None
        return self._check_extra(kind, intent) if kind not in BASE_INTENTS else None

    def _act(self, key: str, *, version: int | None, seq: int | None) -> Outcome:
        outcome = self.match.play(key, version=version)
        if not outcome.ok:
            self._say(False, f"Refused: {key}", outcome.verdict, seq=seq)
            return outcome
        self.last_action = str(outcome.action)
        self._refresh()
        texts = [e.get("text", "") for e in outcome.events if e.get("text")]
        msg = f"Played {outcome.action}" + (f": {' '.join(texts[:3])}" if texts else ".")
        self._say(True, msg, None, seq=seq)
        self._notify(outcome)
        return outcome

    def _undo_redo(self, kind: str, *, seq: int | None) -> bool:
        done = self.match.undo() if kind == "undo" else self.match.redo()
        if not done:
            self._say(
                False,
                f"Cannot {kind}.",
                NO_UNDO.refuse() if kind == "undo" else NO_REDO.refuse(),
                seq=seq,
            )
            return False
        self._refresh()
        self._say(True, f"{kind.capitalize()} done (version {self.match.version}).", None, seq=seq)
        return True

    def _notify(self, outcome: Outcome) -> None:
        for cb in list(self._callbacks):
            try:
                cb(outcome)
            except Exception as exc:
                self._say(
                    False,
                    f"on_action callback failed: {type(exc).__name__}: {exc}",
                    ERROR.refuse(_where(exc)),
                    seq=None,
                )

    def _say(self, ok: bool, message: str, verdict: Verdict | None, *, seq: int | None) -> None:
        self._answers += 1
        fb: dict[str, Any] = {
            "seq": seq,
            "ok": ok,
            "message": message,
            "rule_id": None,
            "section": None,
            "n": self._answers,
        }
        if verdict is not None:
            d = verdict.to_dict()
            fb.update(rule_id=d["rule_id"], section=d["section"])
            fb["message"] = f"{message} \u2014 {d['reason']}" if not ok else message
        self.feedback = fb
