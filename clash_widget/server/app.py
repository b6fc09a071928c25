"""The HTTP/JSON and WebSocket contract of the classroom server (Starlette).

- ``POST /api/rooms`` ``{"game", "players", "seed", "options", "bots"}`` -> 201
  ``{"room", "teacher", "seats": [{"seat", "join"}], "teacher_page"}``
- ``GET /api/rooms``: the rooms (nothing hidden); ``GET /api/rooms/{room}``: one.
- ``POST /api/rooms/{room}/seats/{seat}`` ``{"name"}`` -> ``{"token"}`` (409 if taken)
- ``GET /api/rooms/{room}/view`` (``Authorization: Bearer TOKEN``): that seat's view,
  the teacher's view for the teacher's secret
- ``POST /api/rooms/{room}/actions`` ``{"key", "version"}`` ->
  ``{"ok", "version", "rule", "reason", "message"}`` (a stale version adds ``view``)
- ``GET /api/rooms/{room}/game`` (teacher): the game file
- ``WS /api/rooms/{room}/ws``: the secret as an ``Authorization`` header or as the first
  message ``{"token"}``; then the server pushes ``{"type": "view", "version", "view",
  ...}`` after every change and answers each ``{"key", "version", "seq"?}`` with
  ``{"type": "result", "seq", "ok", ...}``; ``{"type": "resync"}`` asks for the view.

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
from collections.abc import AsyncIterator, Callable, Mapping
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
from .refusals import INTERNAL, NO_SUCH, NO_TOKEN, ROOM_ONLY_MOVES, TOO_BIG, WRONG_TOKEN
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
)
from .store import Store

log = logging.getLogger("clash_widget.server")
STATIC = Path(__file__).resolve().parent.parent / "static"
WS_CLOSE_NO_TOKEN, WS_CLOSE_WRONG_TOKEN = 4401, 4403


def _json(status: int, body: dict[str, Any]) -> JSONResponse:
    return JSONResponse(body, status_code=status)


def _refused(err: RoomError) -> JSONResponse:
    return _json(err.status, err.body())


class Server:
    """The app's state: rooms, limits and the per-secret rate limiters of HTTP actions."""

    def __init__(
        self,
        db: str | Path,
        *,
        limits: Limits | None = None,
        lite: str | Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        synchronous: str = "FULL",
    ) -> None:
        self.limits = limits or Limits()
        self.store = Store(db, synchronous=synchronous)
        self.rooms = Rooms(self.store, self.limits)
        self.clock = clock
        self.lite = Path(lite) if lite else None
        self._http_limiters: dict[str, RateLimiter] = {}
        for problem in self.rooms.load():
            log.error("not serving %s", problem)

    def limiter(self) -> RateLimiter:
        return RateLimiter(self.limits.actions_per_second, self.limits.burst, self.clock)

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
        return parse_json(bytes(data))

    def room(self, request: Request) -> Room:
        code = request.path_params["room"]
        room = self.rooms.get(code)
        if room is None:
            raise RoomError(404, NO_SUCH.refuse(f"no room {code!r}"))
        return room

    def seat_of(self, request: Request, room: Room) -> int | None:
        """The seat of the request's secret (None: the teacher); 401 without one, 403 if wrong."""
        return who(room, bearer(request.headers.get("authorization")), request_from(request))

    # -- routes -------------------------------------------------------------------------
    async def list_rooms(self, request: Request) -> Response:
        return _json(200, {"rooms": [r.summary() for r in self.rooms.rooms.values()]})

    async def create_room(self, request: Request) -> Response:
        try:
            room, teacher = self.rooms.create(await self.body(request))
        except RoomError as err:
            return _refused(err)
        base = str(request.base_url).rstrip("/")
        room.schedule_bots()
        return _json(
            201,
            {
                "room": room.id,
                "teacher": teacher,
                # The secret rides in the fragment, which browsers never send to a server.
                "teacher_page": f"{base}/teacher#room={room.id}&token={teacher}",
                "seats": [
                    {"seat": i, "join": f"{base}/play#room={room.id}&seat={i}", "bot": s.bot}
                    for i, s in enumerate(room.seats)
                ],
            },
        )

    async def show_room(self, request: Request) -> Response:
        try:
            return _json(200, self.room(request).summary())
        except RoomError as err:
            return _refused(err)

    async def claim_seat(self, request: Request) -> Response:
        try:
            room = self.room(request)
            body = await self.body(request)
            if not isinstance(body, dict):
                raise RoomError(400, MALFORMED.refuse("the request must be a JSON object"))
            seat = seat_number(request.path_params["seat"])
            async with room.lock:
                token = room.claim(seat, body.get("name"))
        except RoomError as err:
            return _refused(err)
        log.info("room %s: seat %d taken", room.id, seat + 1)
        return _json(200, {"token": token, "seat": seat})

    async def free_seat(self, request: Request) -> Response:
        try:
            room = self.room(request)
            if self.seat_of(request, room) is not TEACHER:
                raise RoomError(403, WRONG_TOKEN.refuse("only the teacher frees a seat"))
            seat = seat_number(request.path_params["seat"])
            async with room.lock:
                room.free(seat)
        except RoomError as err:
            return _refused(err)
        log.info("room %s: seat %d freed", room.id, seat + 1)
        return _json(200, {"ok": True, "seat": seat})

    async def view(self, request: Request) -> Response:
        try:
            room = self.room(request)
            seat = self.seat_of(request, room)
        except RoomError as err:
            return _refused(err)
        return _json(200, room.match.view(seat))

    async def act(self, request: Request) -> Response:
        try:
            room = self.room(request)
            token = bearer(request.headers.get("authorization"))
            seat = who(room, token, request_from(request))
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
            room = self.room(request)
            if self.seat_of(request, room) is not TEACHER:
                raise RoomError(403, WRONG_TOKEN.refuse("only the teacher downloads the game"))
        except RoomError as err:
            return _refused(err)
        name = room.session.file_name()
        return JSONResponse(
            room.session.game_file(),
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    # -- the WebSocket ------------------------------------------------------------------
    async def websocket(self, ws: WebSocket) -> None:
        await ws.accept()
        room = self.rooms.get(ws.path_params["room"])
        if room is None:
            await ws.send_json({"type": "refused", **refusal(NO_SUCH.refuse("no such room"))})
            await ws.close(code=4404)
            return
        seat = await self._ws_login(ws, room)
        if seat is False:
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
                listener.put(await self._ws_message(room, listener, limiter, msg))
        except WebSocketDisconnect:
            pass
        finally:
            room.listeners.discard(listener)
            writer.cancel()
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
                data = parse_json(text.encode("utf-8"), status=401)
                token = data.get("token") if isinstance(data, dict) else None
                if not isinstance(token, str) or not token:
                    raise RoomError(401, NO_TOKEN.refuse('send {"token": ...} first'))
            else:
                token = bearer(header)
            return who(room, token, f"websocket {ws.client.host if ws.client else '?'}")
        except RoomError as err:
            await ws.send_json({"type": "refused", "status": err.status, **err.body()})
            code = WS_CLOSE_NO_TOKEN if err.status == 401 else WS_CLOSE_WRONG_TOKEN
            await ws.close(code=code)
            return False

    async def _ws_message(
        self, room: Room, listener: Listener, limiter: RateLimiter, msg: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The answer to one message (a refusal for anything malformed)."""
        raw = msg.get("text")
        if raw is None:
            raw_bytes = msg.get("bytes") or b""
        else:
            raw_bytes = raw.encode("utf-8")
        seq: Any = None
        if not limiter.allow():  # every message counts, malformed ones too
            return {
                "type": "result",
                "seq": _seq_of(raw_bytes, self.limits.max_message),
                "version": room.match.version,
                **flood_refusal(self.limits),
            }
        try:
            if len(raw_bytes) > self.limits.max_message:
                raise RoomError(
                    413,
                    TOO_BIG.refuse(f"{len(raw_bytes)} bytes, at most {self.limits.max_message}"),
                )
            data = parse_json(raw_bytes)
            if not isinstance(data, dict):
                raise RoomError(400, MALFORMED.refuse("a message must be a JSON object"))
            seq = data.get("seq")
            kind = data.get("type", "act")
            if kind == "resync":
                return room.view_message(listener.seat) | {"seq": seq}
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


async def _write(ws: WebSocket, listener: Listener) -> None:
    """Send a connection's outbox in order (a slow client never blocks the room)."""
    try:
        while True:
            message = await listener.queue.get()
            if ws.application_state != WebSocketState.CONNECTED:
                return
            if message.get("type") == "closed":
                if message["code"] != TRY_AGAIN:  # the seat was freed: this secret is void
                    reason = WRONG_TOKEN.refuse(str(message["reason"]))
                    await ws.send_text(json.dumps({"type": "refused", **refusal(reason)}))
                await ws.close(code=int(message["code"]))
                return
            await ws.send_text(json.dumps(message))
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


# -- request helpers ---------------------------------------------------------------------
def _seq_of(raw: bytes, limit: int) -> Any:
    """The ``seq`` of a message, if it has one (so the page can match the refusal to it)."""
    if len(raw) > limit:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    return data.get("seq") if isinstance(data, dict) else None


def parse_json(data: bytes, *, status: int = 400) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise RoomError(status, MALFORMED.refuse("the message is not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        raise RoomError(
            status, MALFORMED.refuse(f"the message is not JSON ({exc.msg} at character {exc.pos})")
        ) from None


def bearer(header: str | None) -> str:
    """The secret of an ``Authorization: Bearer ...`` header (RoomError 401 if none)."""
    if not header:
        raise RoomError(401, NO_TOKEN.refuse("no Authorization header"))
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise RoomError(401, NO_TOKEN.refuse("the header must read 'Bearer <secret>'"))
    return token.strip()


def who(room: Room, token: str, origin: str) -> int | None:
    known, seat = room.who(token)
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
) -> Starlette:
    """The ASGI app serving the rooms stored in ``db`` (created if missing)."""
    server = Server(db, limits=limits, lite=lite, clock=clock, synchronous=synchronous)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.rooms.start_bots()
        yield
        server.store.close()

    routes: list[Any] = [
        Route("/", server.start_page),
        Route("/play", server.play_page),
        Route("/teacher", server.teacher_page),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/rooms", server.list_rooms, methods=["GET"]),
        Route("/api/rooms", server.create_room, methods=["POST"]),
        Route("/api/rooms/{room}", server.show_room, methods=["GET"]),
        Route("/api/rooms/{room}/seats/{seat}", server.claim_seat, methods=["POST"]),
        Route("/api/rooms/{room}/seats/{seat}", server.free_seat, methods=["DELETE"]),
        Route("/api/rooms/{room}/view", server.view, methods=["GET"]),
        Route("/api/rooms/{room}/actions", server.act, methods=["POST"]),
        Route("/api/rooms/{room}/game", server.game_file, methods=["GET"]),
        WebSocketRoute("/api/rooms/{room}/ws", server.websocket),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    if server.lite is not None:
        routes.append(Mount("/lite", app=StaticFiles(directory=server.lite, html=True)))

    async def http_error(request: Request, exc: Exception) -> Response:
        """Starlette's own refusals (no such path, wrong method) as JSON too."""
        status = getattr(exc, "status_code", 404)
        if request.url.path.startswith("/static") or request.url.path.startswith("/lite"):
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
    app.state.server = server
    return app
