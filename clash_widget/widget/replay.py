"""A match widget's replay: showing the position after any number of recorded actions.

The ``position`` trait is ``None`` for the live game, or k to show the position after
k recorded actions (the Session's timeline); ``replay_length`` is the number of
recorded actions. A replayed position is read-only (``widget.replay-read-only``: no
move, undo or redo there) and drawn in the shown seat's view; a position that does not
exist is refused (``widget.bad-setting``).
"""

from __future__ import annotations

from typing import Any

import traitlets

from clash_widget.engine import Verdict

from .host import WidgetHost
from .intents import is_int
from .router import bad_position, read_only


class Replay(WidgetHost):
    """Scrubbing through the record, and the read-only rule while it shows the past."""

    position = traitlets.Int(None, allow_none=True).tag(sync=True)
    replay_length = traitlets.Int(0).tag(sync=True)

    def scrub(self, position: int | None) -> None:
        """Show the position after ``position`` recorded actions (``None``: the live game)."""
        self.position = position

    def live(self) -> None:
        self.position = None

    @traitlets.observe("position")
    def _position_changed(self, change: dict[str, Any]) -> None:
        if not self._ready:
            return
        with self._lock:
            k = change["new"]
            n = self._session.replay_length
            verdict = bad_position(k, n)
            if verdict is not None:
                self._say(False, "", verdict, seq=None)
                self.position = None
                return
            try:
                self._refresh()
            except Exception as exc:  # a record that no longer replays: back to live
                self._say_error(f"Cannot replay to position {k}.", exc)
                self.position = None
                return
            if k is not None:
                self._say(True, f"Replay: position {k} of {n} (read-only).", None, seq=None)
            elif is_int(change["old"]) and 0 <= change["old"] <= n:  # no stale replay line
                self._say(True, "Back to the live game.", None, seq=None)
        self._poke()

    def _shown_view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view of the live game, or of the replayed position."""
        if self.position is None:
            return self._session.view(seat)
        return self._session.view_at(self.position, seat)

    def _refused_in_replay(self) -> Verdict | None:
        """From code: the read-only refusal (said in ``feedback``) while replaying."""
        verdict = read_only(self.position)
        if verdict is not None:
            self._say(False, "", verdict, seq=None)
        return verdict
