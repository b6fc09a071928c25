"""BoardWidget: a Clash of Cultures match on a clickable anywidget board.

The shared traits, intents, refusals and lock are :class:`~.base.MatchWidget`'s
(``view``, ``intent``, ``feedback``, ``seat``, ``last_action``); the board adds
(see js/src/model.ts for the mirror):

- ``view_patch``: after an action only the changes to ``view`` are sent (the
  changed keys and the log's new tail, view_patch.py); ``view`` is kept current
  in Python without resending.
- intents ``{seq, version, type: "select", q, r}``, ``"resync"`` (send the whole
  view again), ``"save"`` (the game file goes back as a custom message for the
  browser to download) and ``{type: "load", text, name}`` (a game file's text;
  checked before anything changes, ``widget.bad-file``). Shapes: intents.py.
- ``selected``: ``{q, r, terrain, explored, region, city, units}`` or ``{}``.
- ``hotseat``: the view follows the (human) player to move.
- ``bots``: one entry per seat, ``None`` (a person) or a bot name ("random",
  "heuristic"); ``bot_delay`` (seconds) and ``autoplay`` (a background thread
  plays the bot seats) drive them live; ``step_bot()``/``run_bots()`` do it
  synchronously and deterministically from code (board_bots.py).
- ``position``: ``None`` for the live game, or k to show the position after k
  recorded actions (read-only); ``replay_length`` is the number of actions
  (board_files.py).

A bad seat, bot list or replay position is refused in ``feedback``
(``widget.bad-setting``) and the setting goes back; bots play on their own
thread through the same locked path as clicks. With ``lock_view=True`` the
browser cannot change ``seat`` or ``hotseat`` nor save or load game files
(``widget.view-locked``); the replay scrubber stays, in the locked seat's view.
"""

from __future__ import annotations

from typing import Any

import traitlets

from clash_widget.engine import Match, Outcome, Verdict
from clash_widget.engine.game import MALFORMED

from .autoplay import BOT_NAMES, BotRunner, BotSeats
from .base import STATIC, MatchWidget, front_end
from .board_bots import BotSeatsMixin
from .board_files import GameFilesMixin
from .intents import (
    BAD_SETTING,
    BOARD_FIELDS,
    BOT_SEAT,
    INTENT_TYPES,
    WIDGET_RULES,
    board_field_problem,
    is_int,
)
from .replay import Timeline, start_state
from .view_patch import make_patch

__all__ = ["BOT_NAMES", "STATIC", "BoardWidget", "INTENT_TYPES", "WIDGET_RULES"]


class BoardWidget(BotSeatsMixin, GameFilesMixin, MatchWidget):
    """A clickable board for one match.

    ``BoardWidget(match=None, *, players=2, seed=0, seat=None, options=None, bots=None)``;
    without a match a new ``Match.new("coc", players, seed, options)`` is started.
    ``seat=None`` is the teacher's view; ``bots`` names a bot (or ``None``) per seat.
    """

    GAME = "coc"
    _esm, _css = front_end("widget", "front-end")
    EXTRA_INTENTS = BOARD_FIELDS
    OPTIONAL_FIELDS = {"load": frozenset({"name"})}
    UNVERSIONED = frozenset({"resync", "save"})
    # A locked board keeps its seat, never follows the mover, and keeps the game file
    # (seed + actions re-deal every hand) and the game itself in Python. Replay stays:
    # it is drawn in the locked seat's view, which shows what that seat saw then.
    VIEW_TRAITS = frozenset({"seat", "hotseat"})
    VIEW_INTENTS = frozenset({"save", "load"})

    selected = traitlets.Dict().tag(sync=True)
    hotseat = traitlets.Bool(False).tag(sync=True)
    bots = traitlets.List().tag(sync=True)
    bot_names = traitlets.List(list(BOT_NAMES)).tag(sync=True)
    bot_delay = traitlets.Float(0.8).tag(sync=True)
    autoplay = traitlets.Bool(False).tag(sync=True)
    position = traitlets.Int(None, allow_none=True).tag(sync=True)
    replay_length = traitlets.Int(0).tag(sync=True)
    # After an action: the changes to ``view`` (view_patch.py); ``view`` itself is then
    # updated in Python without being sent again.
    view_patch = traitlets.Dict().tag(sync=True)

    def __init__(
        self, match: Match | None = None, *, bots: list[str | None] | None = None, **kwargs: Any
    ) -> None:
        self._quiet_view = False
        self._hex_index: dict[tuple[int, int], dict[str, Any]] = {}
        self._runner: BotRunner | None = None
        self._initial_bots = bots or []
        super().__init__(match, **kwargs)
        if self.autoplay:
            self._start_runner()

    # -- public API ---------------------------------------------------------
    def select(self, q: int, r: int) -> dict[str, Any]:
        """Select a hex from code; returns what stands on it (the ``selected`` trait)."""
        with self._lock:
            self._select(q, r, seq=None)
            return dict(self.selected)

    def close(self) -> None:
        self._stop_runner(wait=True)
        super().close()

    # -- traits ---------------------------------------------------------------
    @traitlets.observe("hotseat")
    def _hotseat_changed(self, change: dict[str, Any]) -> None:
        self._redraw(change)

    @traitlets.observe("bots")
    def _bots_changed(self, change: dict[str, Any]) -> None:
        if not self._ready:
            return
        with self._lock:
            clean, problems = self._clean_bots(change["new"])
            if problems:
                self._say(
                    False,
                    f"Bad bot seats: {'; '.join(problems)}.",
                    BAD_SETTING.refuse("; ".join(problems)),
                    seq=None,
                )
            if clean != change["new"]:
                self.bots = clean  # observed again with the clean list
                return
            self._refresh()
        self._poke()

    @traitlets.observe("bot_delay")
    def _delay_changed(self, change: dict[str, Any]) -> None:
        v = change["new"]
        if not (0.0 <= v <= 10.0):
            self.bot_delay = min(10.0, max(0.0, v)) if v == v else 0.8  # NaN: back to default
        self._poke()

    @traitlets.observe("autoplay")
    def _autoplay_changed(self, change: dict[str, Any]) -> None:
        if not self._ready:
            return
        if change["new"]:
            self._start_runner()
        else:
            self._stop_runner()

    @traitlets.observe("position")
    def _position_changed(self, change: dict[str, Any]) -> None:
        if not self._ready:
            return
        with self._lock:
            k = change["new"]
            n = len(self.match.actions)
            if k is not None and not (is_int(k) and 0 <= k <= n):
                self._say(
                    False,
                    f"No replay position {k!r}: positions are 0..{n}.",
                    BAD_SETTING.refuse(f"position {k!r}"),
                    seq=None,
                )
                self.position = None
                return
            try:
                self._refresh()
            except Exception as exc:  # a record that no longer replays: back to live
                self._say_error(f"Cannot replay to {k}: ", exc)
                self.position = None
                return
            if k is not None:
                self._say(True, f"Replay: position {k} of {n} (read-only).", None, seq=None)
        self._poke()

    # -- MatchWidget hooks (called with the lock held) -------------------------
    def _set_match(self, match: Match) -> None:
        super()._set_match(match)
        self._start = start_state(match)
        self._timeline = Timeline(match.game, self._start)
        self._seats = BotSeats(match.game.name, match.seed)

    def _setup(self) -> None:
        self.bots = self._clean_bots(self._initial_bots)[0]

    def _new_match(self) -> None:
        """A new game: back to the live position, bots kept for the seats that exist."""
        self.position = None
        self.bots = self._clean_bots(list(self.bots))[0]

    def _bad_seat(self, seat: int) -> int | None:
        self._say(
            False, f"There is no seat {seat!r}.", BAD_SETTING.refuse(f"seat {seat!r}"), seq=None
        )
        return self.seat if self._seat_ok(self.seat) else None

    def _seat_verdict(self) -> Verdict | None:
        """Clicks act for the viewer only, and never for a bot's seat."""
        cp = self.match.current_player
        if cp is not None and 0 <= cp < len(self.bots) and self.bots[cp]:
            return BOT_SEAT.refuse(f"seat {cp} is played by the {self.bots[cp]} bot")
        return super()._seat_verdict()

    def _read_only(self, what: str, *, seq: int | None) -> Outcome | None:
        return self._refuse_replay(what, seq=seq) if self.position is not None else None

    def _check_extra(self, kind: str, intent: dict[str, Any]) -> str | None:
        return board_field_problem(kind, intent, self._hex_index)

    def _handle_extra(self, kind: str, intent: dict[str, Any], seq: int) -> None:
        if kind == "resync":
            self._resync()
        elif kind == "save":
            self._send_game_file(seq)
        elif kind == "select":
            self._select(intent["q"], intent["r"], seq=seq)
        elif kind == "load":  # allowed while replaying: a new game replaces this one
            self._load_text(intent["text"], intent.get("name", ""), seq)
        else:
            raise NotImplementedError(kind)

    def _shown_seat(self) -> int | None:
        """In hot-seat mode: the person to move (a bot's turn keeps the last person's view)."""
        if not self.hotseat:
            return self.seat
        cp = self.match.current_player
        if cp is None or self.match.is_over or (0 <= cp < len(self.bots) and self.bots[cp]):
            return self.seat
        return cp

    def _refresh(self, *, patch: bool = False) -> None:
        """Recompute the view; ``patch``: send only what changed if the seat is unchanged."""
        seat = self._shown_seat()
        patch = patch and seat == self.seat and self.position is None
        if seat != self.seat:
            self._following = True  # the seat observer must not redraw a second time
            try:
                self.seat = seat
            finally:
                self._following = False
        n = len(self.match.actions)
        if self.replay_length != n:
            self.replay_length = n
        if self.position is None:
            view = self.match.view(seat)
        else:
            view = self._replay_view(seat, self.position, n)
        old = self.view
        if patch and old and old.get("seat") == view.get("seat"):
            self._quiet_view = True
            try:
                self.view = dict(view)  # always a new object, kept but not sent
            finally:
                self._quiet_view = False
            self.view_patch = make_patch(old, self.view)
        else:
            self.view = dict(view)
        self._hex_index = {
            (h["q"], h["r"]): h for h in self.view.get("hexes", []) if isinstance(h, dict)
        }
        if self.selected:
            q, r = self.selected.get("q"), self.selected.get("r")
            self.selected = self._describe_hex(q, r) if (q, r) in self._hex_index else {}
        self._after_refresh()

    # -- board internals (call with the lock held) -----------------------------
    def _describe_hex(self, q: int, r: int) -> dict[str, Any]:
        h = self._hex_index[(q, r)]
        city = next(
            (c for c in self.view.get("cities", []) if c.get("q") == q and c.get("r") == r), None
        )
        units = [u for u in self.view.get("units", []) if u.get("q") == q and u.get("r") == r]
        return {
            "q": q,
            "r": r,
            "terrain": h.get("terrain"),
            "explored": h.get("explored"),
            "region": h.get("region"),
            "city": dict(city) if city else None,
            "units": [dict(u) for u in units],
        }

    def _select(self, q: int, r: int, *, seq: int | None) -> None:
        if (q, r) not in self._hex_index:
            self._say(
                False,
                f"{q},{r} is not a hex of this map.",
                MALFORMED.refuse(f"no hex {q},{r}"),
                seq=seq,
            )
            return
        self.selected = self._describe_hex(q, r)
        self._say(True, f"Selected hex {q},{r}.", None, seq=seq)

    def _should_send_property(self, key: str, value: Any) -> bool:
        # ipywidgets asks this before sending a trait; a patched view goes as view_patch.
        if key == "view" and self._quiet_view:
            return False
        return super()._should_send_property(key, value)

    def _resync(self) -> None:
        """Send the full current view again (a front end missed a patch, or is new)."""
        if getattr(self, "comm", None) is not None:
            self.send_state("view")
