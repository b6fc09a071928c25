"""BoardWidget: a Clash of Cultures match on a clickable anywidget board.

All board state travels in traitlets (see js/src/model.ts for the mirror):

- ``view`` (Python -> JS): ``match.view(seat)``, always a NEW dict after a change.
  After an action only ``view_patch`` is sent (the changed keys and the log's
  new tail, view_patch.py); ``view`` is kept current in Python without resending.
- ``intent`` (JS -> Python): ``{seq, version, type: "select", q, r}``,
  ``{seq, version, type: "act", key}``, ``{seq, version, type: "undo"|"redo"}``;
  also ``"resync"`` (send the whole view again), ``"save"`` (the game file goes
  back as a custom message for the browser to download) and
  ``{type: "load", text, name}`` (a game file's text; checked before anything
  changes, ``widget.bad-file``). Rules and shapes: intents.py.
- ``selected``: ``{q, r, terrain, explored, region, city, units}`` or ``{}``.
- ``feedback``: ``{seq, ok, message, rule_id, section, n}`` (``n`` counts answers, so
  two equal answers in a row still reach the front end).
- ``seat``: whose view (``None``: the teacher's view of everything).
- ``last_action``: key of the last applied action.
- ``hotseat``: the view follows the (human) player to move.
- ``bots``: one entry per seat, ``None`` (a person) or a bot name ("random",
  "heuristic"); ``bot_delay`` (seconds) and ``autoplay`` (a background thread
  plays the bot seats) drive them live; ``step_bot()``/``run_bots()`` do it
  synchronously and deterministically from code.
- ``position``: ``None`` for the live game, or k to show the position after k
  recorded actions (read-only); ``replay_length`` is the number of actions.

Intents are validated strictly; malformed (``engine.malformed``) or stale
(``engine.stale``) ones change nothing and explain why in ``feedback``. A
re-entrant lock guards every access to the match, because comm messages can
arrive on a kernel subshell thread while a cell runs and bots play on their own
thread; the trait changes of one step leave as one comm message (hold_sync).
"""

from __future__ import annotations

import contextlib
import pathlib
import threading
from collections.abc import Callable, Iterator
from typing import Any

import anywidget
import traitlets

from clash_widget.engine import Match, Outcome, Verdict
from clash_widget.engine.game import MALFORMED, STALE

from .autoplay import BOT_NAMES, BotRunner, BotSeats
from .board_bots import BotSeatsMixin
from .board_files import GameFilesMixin
from .intents import (
    BAD_SETTING,
    BOT_SEAT,
    ERROR,
    INTENT_TYPES,
    NO_REDO,
    NO_UNDO,
    NOT_YOUR_TURN,
    WIDGET_RULES,
    is_int,
    malformed,
)
from .intents import where as _where
from .replay import Timeline, start_state
from .view_patch import make_patch

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
_JS = STATIC / "widget.js"
_CSS = STATIC / "widget.css"

_MISSING_BUNDLE_ESM = """
function render({ el }) {
  const d = document.createElement("div");
  d.style.cssText = "padding:8px;border:1px solid #c62828;color:#c62828;font-family:sans-serif";
  d.textContent = "clash_widget: front-end bundle missing: run npm run build";
  el.appendChild(d);
}
export default { render };
"""

ActionCallback = Callable[[Outcome], Any]


__all__ = ["BOT_NAMES", "BoardWidget", "INTENT_TYPES", "WIDGET_RULES"]


class BoardWidget(BotSeatsMixin, GameFilesMixin, anywidget.AnyWidget):
    """A clickable board for one match.

    ``BoardWidget(match=None, *, players=2, seed=0, seat=None, bots=None)``; without a
    match a new ``Match.new("coc", players, seed)`` is started. ``seat=None`` is the
    teacher's view; ``bots`` names a bot (or ``None``) per seat.
    """

    _esm = _JS if _JS.is_file() else _MISSING_BUNDLE_ESM
    _css = _CSS if _CSS.is_file() else ""

    view = traitlets.Dict().tag(sync=True)
    intent = traitlets.Dict().tag(sync=True)
    selected = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    last_action = traitlets.Unicode("").tag(sync=True)
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
        self,
        match: Match | None = None,
        *,
        players: int = 2,
        seed: int = 0,
        seat: int | None = None,
        bots: list[str | None] | None = None,
        **kwargs: Any,
    ) -> None:
        self._lock = threading.RLock()
        self._callbacks: list[ActionCallback] = []
        self._answers = 0
        self._ready = False
        self._following = False
        self._quiet_view = False
        self._runner: BotRunner | None = None
        self._set_match(match if match is not None else Match.new("coc", players, seed))
        super().__init__(seat=seat, **kwargs)
        with self._lock:
            self.bots = self._clean_bots(bots or [])[0]
            self._ready = True
            self._refresh()
        if self.autoplay:
            self._start_runner()

    # -- public API ---------------------------------------------------------
    @property
    def match(self) -> Match:
        return self._match

    @match.setter
    def match(self, match: Match) -> None:
        """Replace the match (a new game): back to the live position, then redraw."""
        with self._lock:
            self._set_match(match)
            if self._ready:
                self.position = None
                self.bots = self._clean_bots(list(self.bots))[0]
                self._refresh()
        self._poke()

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
        with self._batch():
            if self.position is not None:
                return self._refuse_replay(key)
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
        """Send a fresh view (after changing the match's state from code)."""
        with self._lock:
            self._refresh()

    def select(self, q: int, r: int) -> dict[str, Any]:
        """Select a hex from code; returns what stands on it (the ``selected`` trait)."""
        with self._lock:
            self._select(q, r, seq=None)
            return dict(self.selected)

    def close(self) -> None:
        self._stop_runner(wait=True)
        super().close()

    # -- traits ---------------------------------------------------------------
    @traitlets.observe("seat", "hotseat")
    def _view_setting_changed(self, change: dict[str, Any]) -> None:
        if not self._ready or self._following:
            return
        try:
            with self._lock:
                if change["name"] == "seat" and not self._seat_ok(change["new"]):
                    self._say(
                        False,
                        f"There is no seat {change['new']!r}.",
                        BAD_SETTING.refuse(f"seat {change['new']!r}"),
                        seq=None,
                    )
                    self.seat = change["old"] if self._seat_ok(change["old"]) else None
                    return
                self._refresh()
        except Exception as exc:  # never swallow: show it
            self._say(
                False,
                f"Cannot show seat {change['new']}: {type(exc).__name__}: {exc}",
                ERROR.refuse(_where(exc)),
                seq=None,
            )
        self._poke()

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
                self._say(
                    False,
                    f"Cannot replay to {k}: {type(exc).__name__}: {exc}",
                    ERROR.refuse(_where(exc)),
                    seq=None,
                )
                self.position = None
                return
            if k is not None:
                self._say(True, f"Replay: position {k} of {n} (read-only).", None, seq=None)
        self._poke()

    @traitlets.observe("intent")
    def _intent_changed(self, change: dict[str, Any]) -> None:
        intent = change["new"]
        if not intent:
            return  # the initial {} or a reset
        try:
            with self._batch():
                self._handle_intent(intent)
        except Exception as exc:  # never swallow: show it
            self._say(
                False,
                f"{type(exc).__name__}: {exc}",
                ERROR.refuse(_where(exc)),
                seq=intent.get("seq") if isinstance(intent, dict) else None,
            )
        self._poke()

    # -- internals (call with the lock held) ---------------------------------
    @contextlib.contextmanager
    def _batch(self) -> Iterator[None]:
        """The lock, and the trait changes of one step go to the front end as one message."""
        with self._lock, self.hold_sync():
            yield

    def _set_match(self, match: Match) -> None:
        self._match = match
        self._start = start_state(match)
        self._timeline = Timeline(match.game, self._start)
        self._seats = BotSeats(match.game.name, match.seed)

    def _seat_ok(self, seat: Any) -> bool:
        return seat is None or (is_int(seat) and 0 <= seat < self.match.players)

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

    def _handle_intent(self, intent: Any) -> None:
        seq = intent.get("seq") if isinstance(intent, dict) else None
        problem = malformed(intent, self._hex_index)
        if problem:
            self._say(
                False,
                f"Ignored a malformed intent: {problem}.",
                MALFORMED.refuse(problem),
                seq=seq if is_int(seq) else None,
            )
            return
        if intent["type"] == "resync":
            self._resync()
            return
        if intent["type"] == "save":
            self._send_game_file(seq)
            return
        version = intent["version"]
        if version != self.match.version:
            detail = f"sent at version {version}, now {self.match.version}"
            self._say(False, f"Ignored a stale intent ({detail}).", STALE.refuse(detail), seq=seq)
            return
        kind = intent["type"]
        if kind == "select":
            self._select(intent["q"], intent["r"], seq=seq)
            return
        if kind == "load":  # allowed while replaying: a new game replaces this one
            self._load_text(intent["text"], intent.get("name", ""), seq)
            return
        if self.position is not None:
            self._refuse_replay(intent.get("key", kind), seq=seq)
            return
        if kind == "act":
            verdict = self._seat_verdict()
            if verdict is not None:
                self._say(False, f"Refused: {intent['key']}", verdict, seq=seq)
                return
            self._act(intent["key"], version=version, seq=seq)
        else:
            self._undo_redo(kind, seq=seq)

    def _seat_verdict(self) -> Verdict | None:
        """Clicks act for the viewer only, and never for a bot's seat."""
        cp = self.match.current_player
        if cp is None:
            return None
        if 0 <= cp < len(self.bots) and self.bots[cp]:
            return BOT_SEAT.refuse(f"seat {cp} is played by the {self.bots[cp]} bot")
        if self.seat is not None and self.seat != cp:
            return NOT_YOUR_TURN.refuse(f"viewing seat {self.seat}, seat {cp} is to move")
        return None

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

    def _act(self, key: str, *, version: int | None, seq: int | None, who: str = "") -> Outcome:
        actor = self.match.current_player
        outcome = self.match.play(key, version=version)
        if not outcome.ok:
            self._say(False, f"Refused: {key}", outcome.verdict, seq=seq)
            return outcome
        self.last_action = str(outcome.action)
        self._refresh(patch=True)
        seen = [self.match.game.event_for(e, self.seat) for e in outcome.events]
        texts = [e.get("text", "") for e in seen if e.get("text")]
        # Another seat's view learns what the log tells, not the action's key (which
        # can name a secret choice).
        shown = "an action" if self.seat is not None and actor != self.seat else outcome.action
        msg = f"{who}Played {shown}" + (f": {' '.join(texts[:3])}" if texts else ".")
        self._say(True, msg, None, seq=seq)
        self._notify(outcome)
        return outcome

    def _should_send_property(self, key: str, value: Any) -> bool:
        # ipywidgets asks this before sending a trait; a patched view goes as view_patch.
        if key == "view" and self._quiet_view:
            return False
        return super()._should_send_property(key, value)

    def _resync(self) -> None:
        """Send the full current view again (a front end missed a patch, or is new)."""
        if getattr(self, "comm", None) is not None:
            self.send_state("view")

    def _undo_redo(self, kind: str, *, seq: int | None) -> bool:
        if self.position is not None:
            self._refuse_replay(kind, seq=seq)
            return False
        done = self.match.undo() if kind == "undo" else self.match.redo()
        if not done:
            self._say(
                False,
                f"Cannot {kind}.",
                NO_UNDO.refuse() if kind == "undo" else NO_REDO.refuse(),
                seq=seq,
            )
            return False
        self._refresh(patch=True)
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
