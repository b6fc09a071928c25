"""A notebook's (or a script's) seat at a classroom server room, over its HTTP/JSON API.

The notebook's side of the classroom, in the widget package (it shows a room's board): the
server package imports no widget and the widget package no server (the layers contract).

Standard library only, so it works wherever the course runs::

    room = Room.create("http://127.0.0.1:8000", key=TEACHER_KEY, game="history", players=2)
    ada = room.join(0, "Ada")          # a Room acting for seat 0 (Ada's secret inside)
    ada.view()["players"][1]["council"]  # None: another seat's hand never leaves the server
    ada.play(ada.view()["legal"][0]["key"])
    match = room.game()                # the teacher downloads the game (a verified Match)
    ada.board()                        # Ada's board in the notebook, moved by the room
    HistoryTable.join(link, name="Ada")  # the same from a seat's join link (join_link)

Refusals come back as answers (``{"ok": False, "rule", "reason"}``), as from the
server; a wrong or missing secret raises :class:`RoomRefused` with the server's reason.
"""

from __future__ import annotations

import importlib.util
import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from clash_widget.engine import Match


class RoomRefused(Exception):
    """The server refused a request (wrong secret, no such room, seat taken ...)."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{body.get('reason') or body} [{body.get('rule')}, HTTP {status}]")
        self.status, self.body = status, body


def _call(url: str, method: str = "GET", body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode("utf-8")
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            text = r.read().decode("utf-8")
            return json.loads(text) if text else None  # 204: nothing to say
    except urllib.error.HTTPError as err:
        try:
            answer = json.loads(err.read().decode("utf-8"))
        except ValueError:
            answer = {"reason": err.reason}
        if err.code in (400, 429) and isinstance(answer, dict) and "ok" in answer:
            return answer  # a refused move is an answer, as in the game
        raise RoomRefused(err.code, answer) from None


class Room:
    """One room on a server, as the teacher (``seat=None``) or one seat sees it."""

    def __init__(self, server: str, room: str, token: str, seat: int | None = None) -> None:
        self.server, self.room, self.seat = server.rstrip("/"), room, seat
        self._token = token
        self.links: list[dict[str, Any]] = []  # per seat: its join link and claim secret

    def __repr__(self) -> str:  # never the secret
        who = "teacher" if self.seat is None else f"seat {self.seat + 1}"
        return f"Room({self.room!r} on {self.server}, {who})"

    def _url(self, path: str = "") -> str:
        return f"{self.server}/api/rooms/{self.room}{path}"

    @classmethod
    def create(
        cls,
        server: str,
        game: str = "coc",
        players: int = 2,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        bots: dict[int, str] | None = None,
        *,
        key: str,
        names: list[str] | None = None,
    ) -> Room:
        """A new room, made with the server's teacher ``key``; the Room returned holds the
        room's teacher secret (it sees every hand) and every seat's join link."""
        spec: dict[str, Any] = {"game": game, "players": players, "options": options or {}}
        spec["bots"] = {str(k): v for k, v in (bots or {}).items()}
        if seed is not None:
            spec["seed"] = seed
        if names is not None:
            spec["names"] = names
        body = _call(f"{server.rstrip('/')}/api/rooms", "POST", spec, token=key)
        room = cls(server, body["room"], body["teacher"])
        room.links = body["seats"]
        return room

    def join(self, seat: int, name: str | None = None, claim: str | None = None) -> Room:
        """Sit down at ``seat`` (counted from 0) with its claim secret (the teacher's Room
        knows every seat's): a Room acting for that seat."""
        if claim is None and seat < len(self.links):
            claim = self.links[seat].get("claim")
        body = _call(self._url(f"/seats/{seat}"), "POST", {"name": name, "claim": claim})
        return Room(self.server, self.room, body["token"], seat)

    def reset(self, seat: int) -> str:
        """A new join link for ``seat`` (teacher): the old link and secret stop working."""
        body = _call(self._url(f"/seats/{seat}/reset"), "POST", {}, token=self._token)
        if seat < len(self.links):
            self.links[seat] = self.links[seat] | {"join": body["join"], "claim": body["claim"]}
        return str(body["join"])

    def delete(self) -> None:
        """Delete the room and its game for good (teacher); its pages are told and closed."""
        _call(self._url(), "DELETE", token=self._token)

    def info(self) -> dict[str, Any]:
        """The room as the start page lists it: game, seats, who is connected, version."""
        return dict(_call(self._url()))

    def view(self) -> dict[str, Any]:
        """This seat's view (the teacher's: every hand), the JSON the boards draw."""
        return dict(_call(self._url("/view"), token=self._token))

    def play(self, key: str, version: int | None = None) -> dict[str, Any]:
        """Send a move (``version``: of the view it was chosen on; default the current one)."""
        if version is None:
            version = int(self.view()["version"])
        body = {"key": key, "version": version}
        return dict(_call(self._url("/actions"), "POST", body, token=self._token))

    def hint(self) -> dict[str, Any]:
        """The coach's hint for this seat (its own secret, on its turn): the answer's
        ``hint`` holds the move in words (``label``), its ``reasons`` and ``alternatives``; a
        refusal (not your turn, hints off) is an answer with ``ok`` false and its ``reason``."""
        body = {"version": int(self.view()["version"])}
        return dict(_call(self._url(f"/seats/{self.seat}/hint"), "POST", body, token=self._token))

    def allow_hints(self, on: bool = True) -> None:
        """Let this room's players ask the coach for hints, or not (teacher; on by default)."""
        _call(self._url(), "PATCH", {"hints": on}, token=self._token)

    def board(self) -> Any:
        """This seat's board, the game's own widget, moved by the room (a RoomBoard)."""
        from .room_board import board_class  # anywidget: only when a notebook asks for one

        ws = "ws" + self.server[len("http") :] if self.server.startswith("http") else self.server
        return board_class(self.info()["game"])(f"{ws}/api/rooms/{self.room}/ws", self._token)

    def game(self) -> Match:
        """The game so far as a verified Match (the teacher's secret only)."""
        return Match.load(_call(self._url("/game"), token=self._token))


def parse_link(url: str) -> tuple[str, str, int, str | None]:
    """``(server, room, seat, claim)`` of a seat's join link,
    ``{server}/play#room=CODE&seat=N&claim=SECRET`` (server/app.py writes them; the seat is
    counted from 0, as in the API)."""
    parts = urllib.parse.urlsplit(url.strip())
    fields = urllib.parse.parse_qs(parts.fragment)
    path = parts.path.rstrip("/")
    room, seat = fields.get("room", [""])[0], fields.get("seat", [""])[0]
    claim = fields.get("claim", [None])[0]
    if not (parts.scheme in ("http", "https") and path.endswith("/play") and room):
        raise ValueError(f"not a seat's join link: {url!r} (expected .../play#room=...&seat=...)")
    if not seat.isdigit():
        raise ValueError(f"the join link names no seat: {url!r}")
    server = urllib.parse.urlunsplit((parts.scheme, parts.netloc, path[: -len("/play")], "", ""))
    return server, room, int(seat), claim


def join_link(url: str, name: str | None = None, game: str = "", widget: str = "") -> Any:
    """Sit down at a join link's seat as ``name``: that seat's board (``Room(...).join(seat)
    .board()``). ``game``: the game the caller's ``widget`` draws ("" any), checked first,
    so a wrong widget takes no seat."""
    if importlib.util.find_spec("websockets") is None:
        raise ImportError(
            "joining a classroom room needs the server extra: pip install 'clash_widget[server]'"
        )
    server, code, seat, claim = parse_link(url)
    room = Room(server, code, "")
    found = room.info()["game"]
    if game and found != game:
        raise ValueError(f"{widget or 'this widget'} shows {game} games; this room plays {found}")
    return room.join(seat, name, claim).board()
