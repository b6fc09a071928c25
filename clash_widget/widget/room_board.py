"""A notebook board driven by a room: the game's own widget front end, moved by the server.

``Room.board()`` (see :mod:`.classroom`) returns a :class:`RoomBoard`: an anywidget with
the traits every match front end reads (``view``, ``intent``, ``feedback``, ``seat``,
``lock_view`` ...) and the bundle of the room's game (``static/<game>.js``, the same
file the notebooks' boards and the play page load). A background thread holds the
room's WebSocket: each pushed view becomes ``view``; a click's ``intent`` goes to the
server as a move and its answer comes back as ``feedback``. The board never holds the
game itself (a seat's board could not: the record re-deals every hand), only its seat's
view. If the connection drops, the thread reconnects with a growing delay and takes
the whole view the server sends on connecting.

Needs threads (a Jupyter kernel; not the Pyodide kernel of the offline course).
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from typing import Any

import anywidget
import traitlets

from clash_widget.engine.registry import GAMES

from .assets import spec_front_end
from .places import place_words

FINAL_CLOSE = {4401, 4403, 4404, 4410}  # no secret, refused, no room, broken room


class RoomBoard(anywidget.AnyWidget):
    """One seat's (or the teacher's) board of a room on a classroom server."""

    view = traitlets.Dict().tag(sync=True)
    intent = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    last_action = traitlets.Unicode("").tag(sync=True)
    lock_view = traitlets.Bool(True).tag(sync=True)
    hotseat = traitlets.Bool(False).tag(sync=True)
    bots: traitlets.List[str | None] = traitlets.List().tag(sync=True)
    bot_names: traitlets.List[str] = traitlets.List().tag(sync=True)
    bot_delay = traitlets.Float(0.0).tag(sync=True)
    autoplay = traitlets.Bool(False).tag(sync=True)
    position = traitlets.Int(None, allow_none=True).tag(sync=True)
    replay_length = traitlets.Int(0).tag(sync=True)
    connection = traitlets.Unicode("connecting").tag(sync=True)
    # Clash of Cultures' board: what stands on the clicked hex, from this seat's own view.
    selected = traitlets.Dict().tag(sync=True)
    # The coach's last hint for this seat, answered by the server (the table's Hint button
    # asks; its key only marks the move's button).
    hint = traitlets.Dict().tag(sync=True)

    def __init__(self, ws_url: str, token: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._url, self._token = ws_url, token
        self._answers = 0
        self._from_server = False
        self._stop = threading.Event()
        self._ws: Any = None
        self._send_lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="room-board", daemon=True)
        self._thread.start()

    # -- the connection (its own thread) --------------------------------------------------
    def _run(self) -> None:
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        delay = 0.25
        while not self._stop.is_set():
            try:
                with connect(self._url, max_size=None, open_timeout=10) as ws:
                    self._ws = ws
                    ws.send(json.dumps({"token": self._token}))
                    for raw in ws:
                        delay = 0.25
                        self._receive(json.loads(raw))
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else None
                if code in FINAL_CLOSE:
                    self.connection = "refused"
                    return
            except OSError:
                pass
            finally:
                self._ws = None
            if self._stop.is_set():
                return
            self.connection = "reconnecting"
            self._stop.wait(delay)
            delay = min(delay * 2, 5.0)

    def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "view":
            with self.hold_sync(), self._server_sets():
                self.connection = "connected"
                self.seat = msg.get("seat")
                self.bots = list(msg.get("bots") or [])
                self.last_action = msg.get("last_action") or ""
                self.replay_length = int(msg.get("version") or 0)
                self.view = dict(msg.get("view") or {})
                if self.selected:  # what stands on the selected hex now
                    q, r = self.selected.get("q"), self.selected.get("r")
                    self.selected = describe_hex(self.view, q, r) or {}
        elif kind == "result":
            with self.hold_sync():
                if isinstance(msg.get("view"), dict):
                    self.view = dict(msg["view"])  # stale: the fresh view first
                ok = bool(msg.get("ok"))
                text = msg.get("message") if ok else f"Refused: {msg.get('reason')}"
                self._say(msg.get("seq"), ok, str(text or ""), msg.get("rule"))
        elif kind == "hint":
            with self.hold_sync():
                ok = bool(msg.get("ok")) and isinstance(msg.get("hint"), dict)
                if ok:
                    self.hint = dict(msg["hint"])
                text = msg["hint"].get("text") if ok else f"No hint: {msg.get('reason')}"
                self._say(msg.get("seq"), ok, str(text or ""), msg.get("rule"))

    @contextlib.contextmanager
    def _server_sets(self) -> Iterator[None]:
        self._from_server = True
        try:
            yield
        finally:
            self._from_server = False

    @traitlets.observe("seat", "hotseat", "bots", "autoplay", "position")
    def _room_setting_changed(self, change: dict[str, Any]) -> None:
        """Seats, bots and replay are the room's: a change from the page is put back."""
        if self._from_server:
            return
        with self._server_sets():
            setattr(self, change["name"], change["old"])
        self._say(
            None,
            False,
            "Refused: in a shared room only moves are played (seats, bots and replay are the "
            "room's).",
            "server.moves-only",
        )

    def _say(self, seq: Any, ok: bool, message: str, rule: Any) -> None:
        self._answers += 1
        self.feedback = {
            "seq": seq,
            "ok": ok,
            "message": message,
            "rule_id": rule,
            "section": None,
            "n": self._answers,
        }

    # -- the front end's clicks ---------------------------------------------------------
    @traitlets.observe("intent")
    def _intent_changed(self, change: dict[str, Any]) -> None:
        intent = change["new"]
        if not isinstance(intent, dict) or not intent:
            return
        seq = intent.get("seq")
        if intent.get("type") == "select":
            self._select(intent.get("q"), intent.get("r"), seq)
            return
        ws = self._ws
        if ws is None:
            self._say(seq, False, "Not connected to the room: reconnecting, play again.", None)
            return
        kind = intent.get("type", "act")
        msg = {"type": kind, "version": intent.get("version"), "seq": seq}
        if kind == "act":
            msg["key"] = intent.get("key")
        try:
            with self._send_lock:
                ws.send(json.dumps(msg))
        except Exception:  # the connection just dropped; the thread reconnects
            self._say(seq, False, "Not connected to the room: reconnecting, play again.", None)

    def _select(self, q: Any, r: Any, seq: Any) -> None:
        hex_ = describe_hex(self.view, q, r)
        if hex_ is None:
            self._say(seq, False, f"{q},{r} is not a hex of this map.", "engine.malformed")
            return
        self.selected = hex_
        self._say(seq, True, f"Selected: {place_words(self.view, q, r)}.", None)

    def play(self, key: str) -> None:
        """Send a move from code, as a click would (the answer arrives in ``feedback``)."""
        self.intent = {"seq": self._answers + 1000, "version": self.view.get("version"),
                       "type": "act", "key": key}  # fmt: skip

    def close(self) -> None:
        self._stop.set()
        ws = self._ws
        if ws is not None:
            ws.close()
        super().close()


def describe_hex(view: dict[str, Any], q: Any, r: Any) -> dict[str, Any] | None:
    """What stands on hex (q, r) of a Clash of Cultures view (as ClashBoard.selected)."""

    def at(key: str) -> list[dict[str, Any]]:
        return [
            x
            for x in view.get(key, [])
            if isinstance(x, dict) and (x.get("q"), x.get("r")) == (q, r)
        ]

    hexes = at("hexes")
    if not hexes:
        return None
    cities = at("cities")
    return {
        "q": q,
        "r": r,
        "terrain": hexes[0].get("terrain"),
        "explored": hexes[0].get("explored"),
        "region": hexes[0].get("region"),
        "city": dict(cities[0]) if cities else None,
        "units": [dict(u) for u in at("units")],
    }


def board_class(game: str) -> type[RoomBoard]:
    """The RoomBoard class that loads ``game``'s bundle."""
    spec = GAMES.get(game)  # the bundle its spec registers
    paths = spec.bundle_paths() if spec is not None else None
    if spec is None or paths is None or not paths[0].is_file():
        raise ValueError(f"no board bundle for the game {game!r}")
    esm, css = spec_front_end(spec)
    return type(f"RoomBoard_{game}", (RoomBoard,), {"_esm": esm, "_css": css})
