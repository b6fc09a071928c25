"""The HTTP/JSON and WebSocket contract of the classroom server (Starlette).

- ``POST /api/rooms`` (``Authorization: Bearer TEACHER_KEY``) ``{"game", "players", "seed",
  "options", "bots", "names", "name"}`` -> 201 ``{"room", "teacher", "teacher_page",
  "seats": [{"seat", "join", "claim", "bot"}]}``; each ``join`` link carries its seat's
  claim secret after ``#``.
- ``GET /api/rooms`` (teacher key): every room with its status; ``GET /api/rooms/{room}``:
  one room's game and seats (what a learner's page needs; nothing hidden).
- ``POST /api/rooms/{room}/seats/{seat}`` ``{"name", "claim"}`` -> ``{"token"}`` (403 without
  the seat's claim, 409 if taken); ``DELETE`` frees it (teacher); ``.../reset`` gives it a
  new link (teacher); ``.../reserve`` ``{"name"}``; ``.../bot`` ``{"bot"}``.
- ``PATCH /api/rooms/{room}`` ``{"name"?, "archived"?, "paused"?}``, ``DELETE`` -> 204,
  ``POST .../rematch`` -> a new room with the same seats (teacher).
- ``GET /api/rooms/{room}/view`` (``Authorization: Bearer TOKEN``): that seat's view,
  the teacher's view for the teacher's secret (``?seat=N``: seat N's, as it sees it)
- ``POST /api/rooms/{room}/actions`` ``{"key", "version"}`` ->
  ``{"ok", "version", "rule", "reason", "message"}`` (a stale version adds ``view``)
- ``GET /api/rooms/{room}/game`` (teacher): the game file
- ``POST /api/rooms/{room}/seats/{seat}/hint`` ``{"version"}`` (that seat's secret): the
  coach's hint ``{"ok", "version", "message", "hint"}``, or a refusal; over the WebSocket
  ``{"type": "hint", "version", "seq"}`` is answered ``{"type": "hint", "seq", ...}``
- ``POST|GET|DELETE /api/rooms/{room}/seats/{seat}/review`` (the teacher, or that seat's
  secret once the game is over): start (or find cached), follow, cancel the review of
  that seat's game (its JSON as the tables' review screen reads it); ``GET .../review/page``:
  the finished review as an HTML page; ``GET .../review/view?at=K``: that seat's own view
  after K recorded actions (read-only: the review page's replay)
- ``WS /api/rooms/{room}/ws``: the secret as an ``Authorization`` header or as the first
  message ``{"token"}``; then the server pushes ``{"type": "view", "version", "view",
  ...}`` after every change and answers each ``{"key", "version", "seq"?}`` with
  ``{"type": "result", "seq", "ok", ...}``; ``{"type": "resync"}`` asks for the view;
  the teacher's ``{"type": "watch", "seat": N | null}`` shows seat N's view.

The teacher is whoever holds the room's teacher secret or the server's teacher key.
Missing secret: 401; a secret that is not this room's (or not the teacher's where
the teacher's is needed): 403. Every malformed request gets a JSON refusal naming
a rule, never a traceback; a malformed WebSocket message leaves the connection open.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from clash_widget.engine.game import MALFORMED

from . import pages
from .coaching import Coach
from .guard import Guard
from .refusals import (
    BROKEN_ROOM,
    INTERNAL,
    NO_SUCH,
    NO_TOKEN,
    OWN_SEAT,
    ROOM_ONLY_MOVES,
    TEACHER_KEY,
    TOO_BIG,
    TOO_DEEP,
    WRONG_TOKEN,
)
from .rooms import (
    TEACHER,
    TRY_AGAIN,
    Limits,
    Listener,
    RateLimiter,
    Room,
    RoomError,
    Rooms,
    flood_refusal,
    refusal,
    same_secret,
)
from .store import Backups, Store
from .teacher_key import SETTING, settle_key

log = logging.getLogger("clash_widget.server")
STATIC = Path(__file__).resolve().parent.parent / "static"
WS_CLOSE_NO_TOKEN, WS_CLOSE_WRONG_TOKEN = 4401, 4403
BACKUP_SECONDS = 300.0  # a rolling backup every five minutes, when something changed


def _json(status: int, body: dict[str, Any]) -> JSONResponse:
    return JSONResponse(body, status_code=status)


def _refused(err: RoomError) -> JSONResponse:
    return _json(err.status, err.body())


class Server:
    """The app's state: rooms, limits, the teacher key and the per-secret rate limiters."""

    def __init__(
        self,
        db: str | Path,
        *,
        limits: Limits | None = None,
        lite: str | Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        synchronous: str = "FULL",
        teacher_key: str | None = None,
        teacher_key_file: str | Path | None = None,
        new_teacher_key: bool = False,
        backups: bool = True,
    ) -> None:
        self.limits = limits or Limits()
        self.store = Store(db, synchronous=synchronous)
        self.backups = Backups(db) if backups and str(db) != ":memory:" else None
        self.warning = self.backups.warning(self.store) if self.backups else None
        if self.warning:
            log.warning(self.warning)
        key_file = Path(teacher_key_file) if teacher_key_file else None
        # A key made now is printed once by ``serve`` (and kept by nobody else).
        self.new_key = settle_key(
            self.store, key=teacher_key, key_file=key_file, renew=new_teacher_key
        )
        self.key_sha = self.store.setting(SETTING)
        self.rooms = Rooms(self.store, self.limits)
        self.coach = Coach(self.store, self.limits, clock)
        self.clock = clock
        self.lite = Path(lite) if lite else None
        self._http_limiters: dict[str, RateLimiter] = {}
        self._backed_up_at = -1

    def limiter(self) -> RateLimiter:
        return RateLimiter(self.limits.actions_per_second, self.limits.burst, self.clock)

    def back_up(self) -> None:
        """A rolling backup, if anything was written since the last one."""
        if self.backups is None or self.store.writes == self._backed_up_at:
            return
        self._backed_up_at = self.store.writes
        where = self.backups.take(self.store)
        log.info("backed up the rooms to %s", where)

    # -- reading requests ---------------------------------------------------------------
    async def body(self, request: Request) -> Any:
        """The request's JSON, at most ``max_message`` bytes (RoomError 413/400 otherwise)."""
        limit = self.limits.max_message
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise RoomError(413, TOO_BIG.refuse(f"{declared} bytes, at most {limit}"))
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > limit:
                raise RoomError(413, TOO_BIG.refuse(f"over {limit} bytes"))
        return parse_json(bytes(data), max_depth=self.limits.max_depth)

    async def object_body(self, request: Request) -> dict[str, Any]:
        body = await self.body(request)
        if not isinstance(body, dict):
            raise RoomError(400, MALFORMED.refuse("the request must be a JSON object"))
        return body

    async def room(self, request: Request) -> Room:
        code = request.path_params["room"]
        room = await self.rooms.open(code)
        if room is None:
            raise RoomError(404, NO_SUCH.refuse(f"no room {code!r}"))
        return room

    @staticmethod
    def viewable(room: Room) -> None:
        """Refuse (409) to show a room with no game to show."""
        if not room.viewable:
            raise RoomError(409, BROKEN_ROOM.refuse(room.broken or ""))

    def seat_of(self, request: Request, room: Room) -> int | None:
        """The seat of the request's secret (None: the teacher); 401 without one, 403 if wrong."""
        token = bearer(request.headers.get("authorization"))
        return who(room, token, request_from(request), self.key_sha)

    def teacher(self, request: Request, room: Room, doing: str) -> None:
        """Refuse (403) unless the request holds the room's teacher secret or the key."""
        if self.seat_of(request, room) is not TEACHER:
            raise RoomError(403, WRONG_TOKEN.refuse(f"only the teacher {doing}"))

    async def teachers_seat(self, request: Request, doing: str) -> tuple[Room, int]:
        """The room and seat a teacher's seat request names (RoomError unless the teacher)."""
        room = await self.room(request)
        self.teacher(request, room, doing)
        return room, seat_number(request.path_params["seat"])

    def require_key(self, request: Request) -> None:
        """The server's teacher key (401 without a secret, 403 with another one)."""
        header = request.headers.get("authorization")
        if not header:
            raise RoomError(401, TEACHER_KEY.refuse("no Authorization: Bearer header"))
        if not same_secret(bearer(header), self.key_sha):
            log.warning("refused a teacher key not this server's (%s)", request_from(request))
            raise RoomError(403, TEACHER_KEY.refuse("that is not this server's teacher key"))

    # -- routes -------------------------------------------------------------------------
    async def list_rooms(self, request: Request) -> Response:
        try:
            self.require_key(request)
        except RoomError as err:
            return _refused(err)
        return _json(200, {"rooms": self.rooms.listing(), "warning": self.warning})

    async def create_room(self, request: Request) -> Response:
        try:
            self.require_key(request)
            room, teacher, claims = self.rooms.create(await self.body(request))
        except RoomError as err:
            return _refused(err)
        room.schedule_bots()
        return _json(201, self.created(request, room, teacher, claims))

    def created(
        self, request: Request, room: Room, teacher: str, claims: list[str | None]
    ) -> dict[str, Any]:
        base = str(request.base_url).rstrip("/")
        return {
            "room": room.id,
            "teacher": teacher,
            # Secrets ride in the fragment, which browsers never send to a server.
            "teacher_page": f"{base}/teacher#room={room.id}&token={teacher}",
            "seats": [
                {"seat": i, "bot": s.bot} | self.link(base, room, i, claims[i])
                for i, s in enumerate(room.seats)
            ],
        }

    @staticmethod
    def link(base: str, room: Room, seat: int, claim: str | None) -> dict[str, Any]:
        if claim is None:
            return {"join": None, "claim": None}
        return {"join": f"{base}/play#room={room.id}&seat={seat}&claim={claim}", "claim": claim}

    async def show_room(self, request: Request) -> Response:
        try:
            return _json(200, (await self.room(request)).summary())
        except RoomError as err:
            return _refused(err)

    async def settle_room(self, request: Request) -> Response:
        try:
            room = await self.room(request)
            self.teacher(request, room, "changes a room's settings")
            changes = await self.object_body(request)
            async with room.lock:
                room.settle(changes)
        except RoomError as err:
            return _refused(err)
        return _json(200, room.summary(teacher=True))

    async def delete_room(self, request: Request) -> Response:
        try:
            room = await self.room(request)
            self.teacher(request, room, "deletes a room")
            async with room.lock:
                await self.rooms.delete(room)
            self.coach.forget(room.id)
        except RoomError as err:
            return _refused(err)
        return Response(status_code=204)

    async def rematch(self, request: Request) -> Response:
        """A new room of the same game, options, bots and people: each seated person's
        secret opens their seat there too, and their pages are told to move over."""
        try:
            room = await self.room(request)
            self.teacher(request, room, "starts a rematch")
            m = room.match
            spec = {
                "game": m.game.name,
                "players": m.players,
                "options": m.options.to_dict(),
                "bots": {str(i): s.bot for i, s in enumerate(room.seats) if s.bot},
                "name": room.name,
            }
            new, teacher, claims = self.rooms.create(spec)
            for i, old in enumerate(room.seats):
                if old.bot is None and (old.token_sha or old.reserved):
                    seat = new.seats[i]
                    seat.name, seat.token_sha, seat.reserved = old.name, old.token_sha, old.reserved
            new.save_seats()
            if not room.hints:
                new.hints = False
                new.save_settings()
            await new.name_players()
        except RoomError as err:
            return _refused(err)
        for ls in list(room.listeners):
            ls.put({"type": "rematch", "room": new.id, "seat": ls.seat})
        new.schedule_bots()
        return _json(201, self.created(request, new, teacher, claims))

    async def claim_seat(self, request: Request) -> Response:
        try:
            room = await self.room(request)
            body = await self.object_body(request)
            seat = seat_number(request.path_params["seat"])
            async with room.lock:
                token = await room.claim(seat, body.get("name"), body.get("claim"))
        except RoomError as err:
            return _refused(err)
        log.info("room %s: seat %d taken", room.id, seat + 1)
        return _json(200, {"token": token, "seat": seat})

    async def free_seat(self, request: Request) -> Response:
        try:
            room, seat = await self.teachers_seat(request, "frees a seat")
            async with room.lock:
                room.free(seat)
        except RoomError as err:
            return _refused(err)
        log.info("room %s: seat %d freed", room.id, seat + 1)
        return _json(200, {"ok": True, "seat": seat})

    async def reset_seat(self, request: Request) -> Response:
        try:
            room, seat = await self.teachers_seat(request, "gives a seat a new link")
            async with room.lock:
                claim = room.reset(seat)
        except RoomError as err:
            return _refused(err)
        log.info("room %s: seat %d has a new link", room.id, seat + 1)
        base = str(request.base_url).rstrip("/")
        return _json(200, {"seat": seat} | self.link(base, room, seat, claim))

    async def reserve_seat(self, request: Request) -> Response:
        try:
            room, seat = await self.teachers_seat(request, "reserves a seat")
            body = await self.object_body(request)
            async with room.lock:
                await room.reserve(seat, body.get("name"))
        except RoomError as err:
            return _refused(err)
        return _json(200, room.summary(teacher=True))

    async def bot_seat(self, request: Request) -> Response:
        try:
            room, seat = await self.teachers_seat(request, "gives a seat to a bot")
            body = await self.object_body(request)
            async with room.lock:
                room.give_to_bot(seat, body.get("bot"))
        except RoomError as err:
            return _refused(err)
        return _json(200, room.summary(teacher=True))

    async def view(self, request: Request) -> Response:
        try:
            room = await self.room(request)
            seat = self.seat_of(request, room)
            shown = seat
            if "seat" in request.query_params:
                room.require_teacher(seat, "sees another seat's view")
                shown = seat_number(request.query_params["seat"])
                room.seat(shown)
            self.viewable(room)
            async with room.lock:
                return _json(200, room.match.view(shown))
        except RoomError as err:
            return _refused(err)

    async def act(self, request: Request) -> Response:
        try:
            room = await self.room(request)
            token = bearer(request.headers.get("authorization"))
            seat = who(room, token, request_from(request), self.key_sha)
            body = await self.body(request)
            key, version = action_fields(body)
        except RoomError as err:
            return _refused(err)
        limiter = self._http_limiters.setdefault(f"{room.id}:{seat}", self.limiter())
        if not limiter.allow():
            return _json(429, flood_refusal(self.limits) | {"version": room.match.version})
        return _json(200, await room.act(seat, key, version))

    async def game_file(self, request: Request) -> Response:
        try:
            room = await self.room(request)
            self.teacher(request, room, "downloads the game")
        except RoomError as err:
            return _refused(err)
        if room.broken:  # the game as stored, which is all a broken room can offer
            row = self.store.row(room.id)
            data = row.game_file if row is not None else {}
            name = f"clash-room-{room.id}.json"
        else:
            data, name = room.session.game_file(), room.session.file_name()
        return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    # -- the coach ----------------------------------------------------------------------
    async def hint(self, request: Request) -> Response:
        """The coach's hint for the seat in the path: only that seat's secret may ask."""
        try:
            room = await self.room(request)
            asker = self.seat_of(request, room)
            seat = seat_number(request.path_params["seat"])
            room.seat(seat)
            body = await self.object_body(request)
            version = body.get("version")
            if not isinstance(version, int) or isinstance(version, bool):
                raise RoomError(
                    400, MALFORMED.refuse("'version' must be the whole number of the view")
                )
            if asker != seat:
                who = "the teacher" if asker is TEACHER else "another seat's secret"
                raise RoomError(403, OWN_SEAT.refuse(f"{who} asked for seat {seat + 1}'s hint"))
        except RoomError as err:
            return _refused(err)
        status, answer = await self.coach.hint(room, seat, version)
        return _json(status, answer)

    async def _review_target(self, request: Request) -> tuple[Room, int]:
        room = await self.room(request)
        asker = self.seat_of(request, room)
        seat = seat_number(request.path_params["seat"])
        room.seat(seat)
        self.viewable(room)
        self.coach.may_review(room, asker, seat)
        return room, seat

    async def review(self, request: Request) -> Response:
        """POST: start the review of a seat's game (or find it done); GET: how far it is;
        DELETE: cancel it."""
        try:
            room, seat = await self._review_target(request)
        except RoomError as err:
            return _refused(err)
        if request.method == "POST":
            status, body = await self.coach.start_review(room, seat)
        elif request.method == "DELETE":
            status, body = self.coach.cancel_review(room, seat)
        else:
            status, body = await self.coach.review_status(room, seat)
        return _json(status, body)

    async def review_page(self, request: Request) -> Response:
        """The finished review of a seat's game as a page (coach/render.py)."""
        try:
            room, seat = await self._review_target(request)
        except RoomError as err:
            return _refused(err)
        page = await asyncio.to_thread(self.coach.review_page, room, seat)
        if page is None:
            words = "no finished review of this seat's game as it stands: start one first"
            return _json(404, refusal(NO_SUCH.refuse(words)))
        return HTMLResponse(page)

    async def review_view(self, request: Request) -> Response:
        """The reviewed seat's view of the game after ``?at=K`` recorded actions (default: all
        of them), read-only: what the review page's table shows when its replay jumps to a
        decision. The seat's own view only, whoever asks (the teacher too): the review is
        judged from what that seat knew, and its board shows no more."""
        try:
            room, seat = await self._review_target(request)
            asker = self.seat_of(request, room)
        except RoomError as err:
            return _refused(err)
        limiter = self._http_limiters.setdefault(f"{room.id}:{asker}:replay", self.limiter())
        if not limiter.allow():
            return _json(429, flood_refusal(self.limits) | {"version": room.match.version})
        async with room.lock:  # no move changes the record while the replay reads it
            n = len(room.match.actions)
            raw = request.query_params.get("at", str(n))
            if not (raw.isascii() and raw.isdigit() and len(raw) < 10) or int(raw) > n:
                words = f"'at' is a number of recorded actions from 0 to {n}, not {raw[:20]!r}"
                return _json(400, refusal(MALFORMED.refuse(words), version=room.match.version))
            at = int(raw)
            # off the event loop (a replay from the last snapshot), under the room's lock
            view = await asyncio.to_thread(room.session.view_at, at, seat)
        return _json(200, {"seat": seat, "position": at, "length": n, "view": view})

    async def _ws_hint(self, room: Room, listener: Listener, data: dict[str, Any]) -> None:
        """A hint asked over the WebSocket: answered when the coach is done, while the
        connection goes on reading (a move is never queued behind a hint)."""
        seq = data.get("seq")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            bad = MALFORMED.refuse("'version' must be the whole number of the view")
            listener.put(
                {"type": "hint", "seq": seq, "version": room.match.version, **refusal(bad)}
            )
            return
        _, answer = await self.coach.hint(room, listener.seat, version)
        listener.put({"type": "hint", "seq": seq, **answer})

    # -- the WebSocket ------------------------------------------------------------------
    async def websocket(self, ws: WebSocket) -> None:
        await ws.accept()
        room = await self.rooms.open(ws.path_params["room"])
        if room is None:
            await ws.send_json({"type": "refused", **refusal(NO_SUCH.refuse("no such room"))})
            await ws.close(code=4404)
            return
        seat = await self._ws_login(ws, room)
        if seat is False:
            return
        if not room.viewable:
            await ws.send_json(
                {"type": "refused", **refusal(BROKEN_ROOM.refuse(room.broken or ""))}
            )
            await ws.close(code=4410)
            return
        listener = Listener(seat)
        room.listeners.add(listener)
        writer = asyncio.create_task(_write(ws, listener))
        room.push()  # everyone (this one too) sees who is connected
        limiter = self.limiter()
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                answer = await self._ws_message(room, listener, limiter, msg)
                if answer is not None:
                    listener.put(answer)
        except WebSocketDisconnect:
            pass
        finally:
            room.listeners.discard(listener)
            writer.cancel()
            for task in list(listener.tasks):
                task.cancel()
            room.push()

    async def _ws_login(self, ws: WebSocket, room: Room) -> int | None | bool:
        """The seat of the connection's secret (header or first message); False if refused."""
        header = ws.headers.get("authorization")
        try:
            if header is None:
                try:
                    first = await asyncio.wait_for(ws.receive(), self.limits.login_seconds)
                except TimeoutError:
                    raise RoomError(
                        401,
                        NO_TOKEN.refuse(
                            f'no {{"token": ...}} within {self.limits.login_seconds:g} s'
                        ),
                    ) from None
                if first["type"] == "websocket.disconnect":
                    return False
                text = first.get("text") or (first.get("bytes") or b"").decode("utf-8", "replace")
                if len(text) > self.limits.max_message:
                    raise RoomError(401, NO_TOKEN.refuse("the first message is too long"))
                data = parse_json(text.encode("utf-8"), status=401, max_depth=self.limits.max_depth)
                token = data.get("token") if isinstance(data, dict) else None
                if not isinstance(token, str) or not token:
                    raise RoomError(401, NO_TOKEN.refuse('send {"token": ...} first'))
            else:
                token = bearer(header)
            where = f"websocket {ws.client.host if ws.client else '?'}"
            return who(room, token, where, self.key_sha)
        except RoomError as err:
            await ws.send_json({"type": "refused", "status": err.status, **err.body()})
            code = WS_CLOSE_NO_TOKEN if err.status == 401 else WS_CLOSE_WRONG_TOKEN
            await ws.close(code=code)
            return False

    async def _ws_message(
        self, room: Room, listener: Listener, limiter: RateLimiter, msg: Mapping[str, Any]
    ) -> dict[str, Any] | None:
        """The answer to one message (a refusal for anything malformed; None: answered
        later, as a hint is)."""
        raw = msg.get("text")
        if raw is None:
            raw_bytes = msg.get("bytes") or b""
        else:
            raw_bytes = raw.encode("utf-8")
        seq: Any = None
        limits = self.limits
        if not limiter.allow():  # every message counts, malformed ones too
            return {
                "type": "result",
                "seq": _seq_of(raw_bytes, limits.max_message, limits.max_depth),
                "version": room.match.version,
                **flood_refusal(limits),
            }
        try:
            if len(raw_bytes) > limits.max_message:
                raise RoomError(
                    413,
                    TOO_BIG.refuse(f"{len(raw_bytes)} bytes, at most {limits.max_message}"),
                )
            data = parse_json(raw_bytes, max_depth=limits.max_depth)
            if not isinstance(data, dict):
                raise RoomError(400, MALFORMED.refuse("a message must be a JSON object"))
            seq = data.get("seq")
            kind = data.get("type", "act")
            if kind == "resync":
                async with room.lock:
                    return room.view_message(listener.shown) | {"seq": seq}
            if kind == "watch":
                room.require_teacher(listener.seat, "watches as another seat")
                shown = data.get("seat")
                if shown is not None:
                    if not isinstance(shown, int) or isinstance(shown, bool):
                        raise RoomError(400, MALFORMED.refuse("'seat' is a seat number or null"))
                    room.seat(shown)
                listener.shown = shown
                async with room.lock:
                    return room.view_message(shown) | {"seq": seq}
            if kind == "hint":
                task = asyncio.create_task(self._ws_hint(room, listener, data))
                listener.tasks.add(task)
                task.add_done_callback(listener.tasks.discard)
                return None
            if kind != "act":
                raise RoomError(400, ROOM_ONLY_MOVES.refuse(f"{kind!r} is not played in a room"))
            key, version = action_fields(data)
        except RoomError as err:
            return {"type": "result", "seq": seq, "version": room.match.version, **err.body()}
        answer = await room.act(listener.seat, key, version)
        return {"type": "result", "seq": seq, **answer}

    # -- pages --------------------------------------------------------------------------
    async def start_page(self, request: Request) -> Response:
        return HTMLResponse(pages.start_page(lite=self.lite is not None))

    async def play_page(self, request: Request) -> Response:
        return HTMLResponse(pages.play_page(teacher=False))

    async def teacher_page(self, request: Request) -> Response:
        return HTMLResponse(pages.play_page(teacher=True))

    async def console_page(self, request: Request) -> Response:
        return HTMLResponse(pages.console_page())

    async def review_shell(self, request: Request) -> Response:
        return HTMLResponse(pages.review_page())

    async def table_file(self, request: Request) -> Response:
        """A game's table (``/tables/<bundle>.js`` or ``.css``), from where its spec says it
        lies (``GameSpec.static``): a game outside the package brings its own."""
        from clash_widget.engine.registry import GAMES

        stem, dot, ext = str(request.path_params["name"]).rpartition(".")
        media = {"js": "text/javascript", "css": "text/css"}.get(ext)
        for spec in GAMES.values():
            paths = spec.bundle_paths() if dot and media and spec.bundle == stem else None
            if paths is not None:
                path = paths[0] if ext == "js" else paths[1]
                if path.is_file():
                    return Response(path.read_bytes(), media_type=media)
        return Response(status_code=404)


async def _write(ws: WebSocket, listener: Listener) -> None:
    """Send a connection's outbox in order (a slow client never blocks the room)."""
    try:
        while True:
            message = await listener.queue.get()
            if ws.application_state != WebSocketState.CONNECTED:
                return
            if message.get("type") == "closed":
                if message["code"] != TRY_AGAIN:  # the seat was freed: this secret is void
                    # The learner reads what happened, in the room's words, not the rule's.
                    words = str(message["reason"])
                    said = refusal(WRONG_TOKEN.refuse(words)) | {"reason": _sentence(words)}
                    await ws.send_text(json.dumps({"type": "refused", **said}))
                await ws.close(code=int(message["code"]))
                return
            await ws.send_text(json.dumps(message))
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


def _sentence(words: str) -> str:
    words = words.strip()
    return (words[:1].upper() + words[1:] + ("" if words.endswith(".") else ".")) if words else ""


# -- request helpers ---------------------------------------------------------------------
def _seq_of(raw: bytes, limit: int, max_depth: int) -> Any:
    """The ``seq`` of a message, if it has one (so the page can match the refusal to it)."""
    if len(raw) > limit or json_depth(raw) > max_depth:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    return data.get("seq") if isinstance(data, dict) else None


def json_depth(data: bytes) -> int:
    """How deeply lists and objects nest in JSON text (strings skipped), read without parsing:
    the parser recurses once a level, so a deep message is refused before it is parsed."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return deepest


def parse_json(data: bytes, *, status: int = 400, max_depth: int = 32) -> Any:
    if json_depth(data) > max_depth:
        raise RoomError(status, TOO_DEEP.refuse(f"more than {max_depth} levels"))
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise RoomError(status, MALFORMED.refuse("the message is not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        raise RoomError(
            status, MALFORMED.refuse(f"the message is not JSON ({exc.msg} at character {exc.pos})")
        ) from None
    except RecursionError:  # depth is checked above; this is the parser's own last word
        raise RoomError(status, TOO_DEEP.refuse("too deeply nested")) from None


def bearer(header: str | None) -> str:
    """The secret of an ``Authorization: Bearer ...`` header (RoomError 401 if none)."""
    if not header:
        raise RoomError(401, NO_TOKEN.refuse("no Authorization header"))
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise RoomError(401, NO_TOKEN.refuse("the header must read 'Bearer <secret>'"))
    return token.strip()


def who(room: Room, token: str, origin: str, key_sha: str | None = None) -> int | None:
    known, seat = room.who(token, key_sha)
    if not known:
        log.warning("room %s: refused a secret that is not this room's (%s)", room.id, origin)
        raise RoomError(403, WRONG_TOKEN.refuse(f"not a secret of room {room.id}"))
    return seat


def request_from(request: Request) -> str:
    host = request.client.host if request.client else "?"
    return f"{request.method} {request.url.path} from {host}"


def seat_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RoomError(404, NO_SUCH.refuse(f"no seat {text!r}")) from None


def action_fields(body: Any) -> tuple[str, int]:
    if not isinstance(body, dict):
        raise RoomError(400, MALFORMED.refuse('an action is a JSON object {"key", "version"}'))
    key, version = body.get("key"), body.get("version")
    if not isinstance(key, str) or not key.strip():
        raise RoomError(400, MALFORMED.refuse("'key' must be the action's key (non-empty text)"))
    if not isinstance(version, int) or isinstance(version, bool):
        raise RoomError(
            400,
            MALFORMED.refuse(
                "'version' must be the whole number of the view the action was chosen on"
            ),
        )
    return key, version


def create_app(
    db: str | Path = "clash-rooms.sqlite",
    *,
    limits: Limits | None = None,
    lite: str | Path | None = None,
    clock: Callable[[], float] = time.monotonic,
    synchronous: str = "FULL",
    teacher_key: str | None = None,
    teacher_key_file: str | Path | None = None,
    new_teacher_key: bool = False,
    allowed_hosts: Iterable[str] = (),
    backups: bool = True,
) -> Starlette:
    """The ASGI app serving the rooms stored in ``db`` (created if missing).

    ``teacher_key``/``teacher_key_file``: the server's teacher key (see
    :mod:`.teacher_key`); a key made here is ``app.state.server.new_key``, to print once.
    ``allowed_hosts``: names besides IP addresses and localhost the server answers to."""
    server = Server(
        db,
        limits=limits,
        lite=lite,
        clock=clock,
        synchronous=synchronous,
        teacher_key=teacher_key,
        teacher_key_file=teacher_key_file,
        new_teacher_key=new_teacher_key,
        backups=backups,
    )

    async def keep_backups() -> None:
        while True:
            await asyncio.sleep(BACKUP_SECONDS)
            try:
                await asyncio.to_thread(server.back_up)
            except Exception:
                log.exception("the rolling backup failed")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Rooms load in the background, one at a time: the server answers at once.
        loading = asyncio.create_task(server.rooms.open_all())
        backing = asyncio.create_task(keep_backups())
        yield
        loading.cancel()
        backing.cancel()
        for room in server.rooms.rooms.values():
            room.stop_bots()
        server.coach.close()
        with contextlib.suppress(Exception):
            server.back_up()
        server.store.close()

    routes: list[Any] = [
        Route("/", server.start_page),
        Route("/play", server.play_page),
        Route("/teacher", server.teacher_page),
        Route("/console", server.console_page),
        Route("/review", server.review_shell),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/rooms", server.list_rooms, methods=["GET"]),
        Route("/api/rooms", server.create_room, methods=["POST"]),
        Route("/api/rooms/{room}", server.show_room, methods=["GET"]),
        Route("/api/rooms/{room}", server.settle_room, methods=["PATCH"]),
        Route("/api/rooms/{room}", server.delete_room, methods=["DELETE"]),
        Route("/api/rooms/{room}/rematch", server.rematch, methods=["POST"]),
        Route("/api/rooms/{room}/seats/{seat}", server.claim_seat, methods=["POST"]),
        Route("/api/rooms/{room}/seats/{seat}", server.free_seat, methods=["DELETE"]),
        Route("/api/rooms/{room}/seats/{seat}/reset", server.reset_seat, methods=["POST"]),
        Route("/api/rooms/{room}/seats/{seat}/reserve", server.reserve_seat, methods=["POST"]),
        Route("/api/rooms/{room}/seats/{seat}/bot", server.bot_seat, methods=["POST"]),
        Route("/api/rooms/{room}/view", server.view, methods=["GET"]),
        Route("/api/rooms/{room}/actions", server.act, methods=["POST"]),
        Route("/api/rooms/{room}/game", server.game_file, methods=["GET"]),
        Route("/api/rooms/{room}/seats/{seat}/hint", server.hint, methods=["POST"]),
        Route(
            "/api/rooms/{room}/seats/{seat}/review",
            server.review,
            methods=["GET", "POST", "DELETE"],
        ),
        Route("/api/rooms/{room}/seats/{seat}/review/page", server.review_page, methods=["GET"]),
        Route("/api/rooms/{room}/seats/{seat}/review/view", server.review_view, methods=["GET"]),
        WebSocketRoute("/api/rooms/{room}/ws", server.websocket),
        Route("/tables/{name}", server.table_file, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    if server.lite is not None:
        routes.append(Mount("/lite", app=StaticFiles(directory=server.lite, html=True)))

    async def http_error(request: Request, exc: Exception) -> Response:
        """Starlette's own refusals (no such path, wrong method) as JSON too."""
        status = getattr(exc, "status_code", 404)
        if request.url.path.startswith(("/static", "/lite", "/tables")):
            return Response(status_code=status)
        detail = f"{request.method} {request.url.path}: {getattr(exc, 'detail', '')}"
        return _json(status, refusal(NO_SUCH.refuse(detail)))

    async def internal_error(request: Request, exc: Exception) -> Response:
        log.exception("%s %s failed", request.method, request.url.path, exc_info=exc)
        return _json(500, refusal(INTERNAL.refuse()))

    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error, Exception: internal_error},
    )
    app.add_middleware(Guard, allowed_hosts=allowed_hosts)
    app.state.server = server
    return app
