"""A match widget's coach: the ``hint`` intent and trait.

The front end sends ``{type: "hint", seq, version}``; the hint is for the seat the board
shows when that seat decides now (the teacher's view: whoever decides), never for another
seat (its hint would be judged from a hand this view must not see), never while a bot is to
move or while replaying. The coach runs off the widget's thread (a daemon thread, so the
board stays responsive while it thinks); where Python has no threads (Pyodide) it runs
inline. When it is done the ``hint`` trait gets a NEW dict for the position it was asked on
(``version``): the move's words, its reasons and the alternatives, its action key and its
board targets (:mod:`.targets`: the hex, card or land, as the table's data-* attributes name
them), which the front end uses only to mark the move's button and its place on the board
(never to show them). A hint that comes back after the game moved on is dropped.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

import traitlets

from clash_widget.coach.front import hint_payload
from clash_widget.engine import Verdict
from clash_widget.engine.session import Session

from .host import WidgetHost
from .intents import NO_HINT
from .router import read_only, seat_verdict


def has_threads() -> bool:
    """Whether this Python can start a thread (not Pyodide, JupyterLite's)."""
    return sys.platform != "emscripten"


class Coaching(WidgetHost):
    """The ``hint`` intent, :meth:`ask_hint` from code, and the ``hint`` trait."""

    hint = traitlets.Dict().tag(sync=True)
    hint_budget: dict[str, Any] = {}  # the coach's settings for this board (Budget fields)

    def ask_hint(self, *, wait: bool = True) -> dict[str, Any]:
        """Ask the coach for the seat to move (like the Hint button); the ``hint`` trait
        is set when it is done (``wait``: block until then and return it)."""
        done = threading.Event()
        with self._lock:
            verdict = self._hint_verdict()
            if verdict is not None:
                raise ValueError(verdict.reason)
            self._start_hint(None, done)
        if wait:
            done.wait()
        return dict(self.hint)

    def _hint_verdict(self) -> Verdict | None:
        now = self._situation()
        verdict = read_only(now.position) or seat_verdict(now)
        if verdict is None and (self.match.is_over or now.to_move is None):
            verdict = NO_HINT.refuse("the game is over")
        return verdict

    def _handle_extra(self, kind: str, intent: dict[str, Any], seq: int | None) -> None:
        if kind != "hint":
            super()._handle_extra(kind, intent, seq)  # type: ignore[misc]
            return
        verdict = self._hint_verdict()
        if verdict is not None:
            self._say(False, "", verdict, seq=seq)
            return
        self._say(True, "The coach is thinking about a hint...", None, seq=seq)
        self._start_hint(seq, None)

    def _start_hint(self, seq: int | None, done: threading.Event | None) -> None:
        """Compute the hint off the widget's thread (inline without threads)."""
        match = self.match
        version = match.version
        at = len(match.actions)
        # the coach reads a copy (the timeline's fresh match at this position): the board may
        # go on (undo, a bot) while it thinks
        snapshot = self._session.match_at(at)

        def work() -> None:
            try:
                given = Session(snapshot).hint(budget=self._hint_budget())
                with self._batch():
                    if self.match.version != version or self.match is not match:
                        self._say(False, "The game moved on: ask for a new hint.", None, seq=seq)
                    else:
                        self._session.hints[at] = (given.seat, str(given.action))
                        self.hint = hint_payload(given, version, snapshot.view(given.seat))
                        self._say(True, given.text, None, seq=seq)
                self._poke()
            except Exception as exc:  # never swallow: show it
                with self._batch():
                    self._say_error("The coach could not give a hint.", exc, seq=seq)
                self._poke()
            finally:
                if done is not None:
                    done.set()

        if has_threads():
            threading.Thread(target=work, name="coach-hint", daemon=True).start()
        else:
            work()

    def _hint_budget(self) -> Any:
        from dataclasses import replace

        from clash_widget.coach import HINT_BUDGET

        return replace(HINT_BUDGET, **self.hint_budget)
