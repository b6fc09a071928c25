"""Rooms, seats and their secrets, per-seat views, bots and limits (no web framework here).

A :class:`Room` holds one :class:`~clash_widget.engine.Session` and is the only
place its match changes: every action, whoever sends it (HTTP, WebSocket, a bot's
``Session.step`` in a worker thread), is played on the event loop under the room's asyncio
lock, so concurrent sends are ordered; the new game file is committed to SQLite before the
answer leaves, and then every connection is pushed *its own seat's* view
(``Match.view(seat)``; the teacher's connections get ``Match.view(None)``).

Secrets come from :mod:`secrets`; only their SHA-256 is kept (in memory and in
the database) and a presented secret is compared with :func:`hmac.compare_digest`.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from clash_widget.engine import GAMES, Action, Match, Outcome, Session, Verdict
from clash_widget.engine.game import MALFORMED, stale
from clash_widget.engine.seats import default_name, names_problem
from clash_widget.engine.seats import name as seat_name
from clash_widget.engine.session import BotPlay, catalogue_names

from .refusals import (
    BAD_ROOM,
    BOT_SEAT,
    BROKEN_ROOM,
    FLOOD,
    NO_SUCH,
    NOT_YOUR_TURN,
    ROOM_LIMIT,
    SEAT_TAKEN,
)
from .store import RoomRow, Store

log = logging.getLogger("clash_widget.server")

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud in class
CODE_LENGTH = 6
MAX_NAME = 40
MAX_SEED = 2**31 - 1
TEACHER = None  # the teacher's "seat": sees everything


@dataclass
class Limits:
    """What one server accepts (all options of ``python -m clash_widget serve``)."""

    max_message: int = 64_000  # bytes in one HTTP body or WebSocket message
    actions_per_second: float = 5.0  # per connection (HTTP: per secret), sustained ...
    burst: int = 10  # ... after a burst of this many
    max_rooms: int = 100
    bot_delay: float = 0.6  # seconds before a bot moves, so people can follow
    login_seconds: float = 15.0  # a WebSocket that sends no secret by then is closed


class RateLimiter:
    """A token bucket: ``burst`` actions at once, then ``rate`` per second."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_secret(token: str, sha: str | None) -> bool:
    """Whether ``token`` is the secret whose digest is ``sha``, in constant time."""
    return sha is not None and hmac.compare_digest(digest(token), sha)


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def refusal(verdict: Verdict, **extra: Any) -> dict[str, Any]:
    """The JSON of a refusal: ``ok`` false, the rule id and its reason in words."""
    return {"ok": False, "rule": verdict.rule_id, "reason": verdict.reason, **extra}


@dataclass
class Seat:
    name: str | None = None
    token_sha: str | None = None
    bot: str | None = None

    def to_row(self) -> dict[str, Any]:
        return {"name": self.name, "token_sha": self.token_sha, "bot": self.bot}


MAX_BACKLOG = 256  # messages a connection may fall behind before it is told to reconnect
TRY_AGAIN = 1013  # WebSocket close code "try again later": the page reconnects and resyncs


class Listener:
    """One connection's outbox: the room puts messages, the connection's writer sends them.

    A connection that falls ``MAX_BACKLOG`` messages behind (a stalled laptop) is closed
    with 1013 instead of queueing views it will never need: it reconnects and takes one
    whole view.
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.behind = False

    def put(self, message: dict[str, Any]) -> None:
        if self.behind:
            return
        if self.queue.qsize() >= MAX_BACKLOG:
            self.behind = True
            message = {"type": "closed", "code": TRY_AGAIN, "reason": "too far behind"}
        self.queue.put_nowait(message)


class RoomError(Exception):
    """A request the rooms refuse: HTTP status and the refusal's JSON."""

    def __init__(self, status: int, verdict: Verdict) -> None:
        super().__init__(verdict.reason)
        self.status, self.verdict = status, verdict

    def body(self) -> dict[str, Any]:
        return refusal(self.verdict)


@dataclass
class Room:
    id: str
    session: Session
    seats: list[Seat]
    teacher_sha: str
    store: Store
    limits: Limits
    created: float = field(default_factory=time.time)
    broken: str | None = None  # why the stored game could not be trusted
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    _last: tuple[int | None, Outcome] | None = None
    _bots: asyncio.Task[None] | None = None

    # -- who is asking ------------------------------------------------------------------
    def who(self, token: str) -> tuple[bool, int | None]:
        """``(known, seat)``: the seat a secret belongs to (``None``: the teacher's)."""
        found: tuple[bool, int | None] = (False, None)
        # Every digest is compared, so the time taken does not say which one matched.
        if same_secret(token, self.teacher_sha):
            found = (True, TEACHER)
        for i, seat in enumerate(self.seats):
            if same_secret(token, seat.token_sha):
                found = (True, i)
        return found

    @property
    def match(self) -> Match:
        return self.session.match

    # -- views --------------------------------------------------------------------------
    def seats_info(self) -> list[dict[str, Any]]:
        connected = {ls.seat for ls in self.listeners}
        return [
            {
                "seat": i,
                "name": s.name,
                "bot": s.bot,
                "taken": s.token_sha is not None or s.bot is not None,
                "connected": i in connected,
            }
            for i, s in enumerate(self.seats)
        ]

    def view_message(self, seat: int | None) -> dict[str, Any]:
        """What a connection of ``seat`` is pushed: its own view and the room around it."""
        m = self.match
        return {
            "type": "view",
            "room": self.id,
            "seat": seat,
            "version": m.version,
            "view": m.view(seat),
            "last_action": self._shown_action(seat),
            "seats": self.seats_info(),
            "bots": self.session.bots,
        }

    def _shown_action(self, seat: int | None) -> str:
        """The last action: its key for its player and the teacher, else its public log text."""
        if self._last is None:
            return ""
        actor, outcome = self._last
        if seat is TEACHER or seat == actor:
            return str(outcome.action)
        seen = [self.match.game.event_for(e, seat) for e in outcome.events]
        texts = [str(e["text"]) for e in seen if e.get("text")][:3]
        return " ".join(texts) or "an action"

    def summary(self) -> dict[str, Any]:
        """What the start page lists (nothing hidden: no view, no secret)."""
        m = self.match
        return {
            "room": self.id,
            "game": m.game.name,
            "title": m.game.title,
            "players": m.players,
            "version": m.version,
            "over": m.is_over,
            "broken": self.broken,
            "created": self.created,
            "seats": self.seats_info(),
        }

    def push(self) -> None:
        for ls in list(self.listeners):
            ls.put(self.view_message(ls.seat))

    # -- acting -------------------------------------------------------------------------
    async def act(self, seat: int | None, key: Any, version: Any) -> dict[str, Any]:
        """Play ``key`` for ``seat`` (the teacher acts for the person to move).

        The answer is ``{"ok", "version", "rule", "reason", "message"}``; a stale
        version also carries the fresh ``view``. Nothing is acknowledged before it
        is committed to the database.
        """
        async with self.lock:
            answer = await self._act_locked(seat, key, version)
        if answer["ok"]:
            self.push()
            self.schedule_bots()
        return answer

    async def _act_locked(self, seat: int | None, key: Any, version: Any) -> dict[str, Any]:
        m = self.match
        if self.broken:
            return refusal(BROKEN_ROOM.refuse(self.broken), version=m.version)
        problem = malformed_action(key, version)
        if problem:
            return refusal(MALFORMED.refuse(problem), version=m.version)
        late = stale(version, m.version)
        if late is not None:
            return refusal(late, version=m.version, view=m.view(seat))
        cp = m.current_player
        bot = self.session.bot_at(cp)
        if bot is not None and cp is not None:
            return refusal(
                BOT_SEAT.refuse(f"the {bot} bot plays {seat_name(m.state, cp)}"),
                version=m.version,
            )
        if seat is not TEACHER and cp != seat:
            detail = "the game is over" if cp is None else f"{seat_name(m.state, cp)} is to move"
            return refusal(NOT_YOUR_TURN.refuse(detail), version=m.version)
        _, answer = await self._play(key)
        return answer

    async def _play(self, key: str, version: int | None = None) -> tuple[Outcome, dict[str, Any]]:
        """Play ``key`` for the seat to move (on ``version``, else the live one) and store it;
        the outcome and the answer."""
        m = self.match
        actor = m.current_player
        label = describe(m, key)  # before the move: the words need the position it was chosen on
        outcome = self.session.play(key, version=m.version if version is None else version)
        if not outcome.ok:
            assert outcome.verdict is not None
            return outcome, refusal(outcome.verdict, version=m.version)
        try:
            await self.store.save_game_async(
                self.id, self.session.game_file(), m.version, m.state_hash()
            )
        except Exception:
            log.exception(
                "room %s: could not store action %d; back to the stored game", self.id, m.version
            )
            self.reload()
            raise
        self._last = (actor, outcome)
        return outcome, {
            "ok": True,
            "version": m.version,
            "rule": None,
            "reason": None,
            "message": played_message(m, actor, outcome, label),
        }

    def reload(self) -> None:
        """Back to the game as stored (after a failed write)."""
        for row in self.store.rows():
            if row.id == self.id:
                self.session.match = replay(row.game_file)

    # -- bots ---------------------------------------------------------------------------
    def schedule_bots(self) -> None:
        """Let the bots play (on the server, one move per ``bot_delay``) if one is to move."""
        if self.session.bot_to_move() is None or self.broken:
            return
        if self._bots is None or self._bots.done():
            self._bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        """The bot to move plays (``Session.step``: the widgets' bots, seeded the same way),
        one move per ``bot_delay``, until a person is to move or the game ends."""
        while True:
            await asyncio.sleep(self.limits.bot_delay)
            async with self.lock:
                if self.broken:
                    return
                # A bot may think for a while: the step runs in a thread, so other rooms play
                # on meanwhile (this room's lock is held: nothing changes its match between).
                play = self._bot_plays(asyncio.get_running_loop(), self.match.version)
                outcome = await asyncio.to_thread(self.session.step, play)
            if outcome is None:
                return
            if not outcome.ok:  # a bot chose a refused move: stop rather than spin
                log.error(
                    "room %s: the bot's move %s was refused: %s",
                    self.id,
                    outcome.action,
                    outcome.verdict,
                )
                return
            self.push()

    def _bot_plays(self, loop: asyncio.AbstractEventLoop, version: int) -> BotPlay:
        """How a bot's chosen move is played from the step's thread: back on the event loop,
        the path of every move (played on the version it was chosen on, then stored)."""

        def play(name: str, action: Action) -> Outcome:
            done = asyncio.run_coroutine_threadsafe(self._play(str(action), version), loop)
            return done.result()[0]

        return play

    # -- seats --------------------------------------------------------------------------
    def claim(self, seat: int, name: Any) -> str:
        """Seat a person: a new secret for them (shown once, kept only as its digest)."""
        if not (0 <= seat < len(self.seats)):
            raise RoomError(404, NO_SUCH.refuse(f"room {self.id} has seats 1..{len(self.seats)}"))
        s = self.seats[seat]
        if s.token_sha is not None or s.bot is not None:
            who = f"the {s.bot} bot" if s.bot else (s.name or "someone")
            raise RoomError(409, SEAT_TAKEN.refuse(f"seat {seat + 1} is {who}'s"))
        clean = clean_name(name, seat)
        token = new_secret()
        self.seats[seat] = Seat(clean, digest(token), None)
        self.store.save_seats(self.id, [x.to_row() for x in self.seats])
        self.push()  # the others see who sat down
        return token

    def free(self, seat: int) -> None:
        """The teacher frees a person's seat (a lost browser): its old secret stops working."""
        if not (0 <= seat < len(self.seats)):
            raise RoomError(404, NO_SUCH.refuse(f"room {self.id} has seats 1..{len(self.seats)}"))
        if self.seats[seat].bot is not None:
            raise RoomError(409, SEAT_TAKEN.refuse(f"a bot plays seat {seat + 1}"))
        self.seats[seat] = Seat()
        self.store.save_seats(self.id, [x.to_row() for x in self.seats])
        for ls in list(self.listeners):  # the old secret's connections are closed
            if ls.seat == seat:
                ls.put({"type": "closed", "code": 4403, "reason": "the teacher freed this seat"})
        self.push()


def describe(match: Match, key: str) -> str:
    """The game's words for an action (its label in the legal list), or "" if it has none."""
    try:
        return match.game.describe(match.state, Action.parse(key))
    except Exception:  # a malformed key: the engine refuses it with its own words
        return ""


def played_message(match: Match, actor: int | None, outcome: Outcome, label: str = "") -> str:
    """What the player is told, as the widgets tell it: the first lines the move added to the
    log, as they see them (else the move's own words)."""
    seen = [match.game.event_for(e, actor) for e in outcome.events]
    texts = [str(e["text"]) for e in seen if e.get("text")][:3]
    if texts:
        return " ".join(texts)
    return f"{label}." if label and label != str(outcome.action) else "Done."


def malformed_action(key: Any, version: Any) -> str | None:
    if not isinstance(key, str) or not key.strip():
        return "'key' must be the action's key (non-empty text)"
    if not isinstance(version, int) or isinstance(version, bool):
        return "'version' must be the whole number of the view the action was chosen on"
    return None


def clean_name(name: Any, seat: int) -> str:
    if name is None:
        return default_name(seat)
    if not isinstance(name, str):
        raise RoomError(400, MALFORMED.refuse("'name' must be text"))
    name = " ".join(name.split())[:MAX_NAME]
    return name or default_name(seat)


def replay(game_file: dict[str, Any]) -> Match:
    """The live match of a stored game file: verified like any game file, then kept without
    undo snapshots (a room never undoes; the record is all it needs)."""
    verified = Match.load(game_file)
    live = Match.replay(verified.record(), keep_undo=False)
    if live.state_hash() != verified.state_hash():
        raise ValueError("the record replays to another position without its start")
    return live


def new_code(taken: Callable[[str], bool]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if not taken(code):
            return code


class Rooms:
    """Every room of one server, loaded from (and written to) its :class:`Store`."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}

    def load(self) -> list[str]:
        """Load every stored room, verifying it; returns the problems (broken rooms)."""
        problems = []
        for row in self.store.rows():
            room = self._from_row(row)
            self.rooms[row.id] = room
            if room.broken:
                problems.append(f"room {row.id}: {room.broken}")
        return problems

    def _from_row(self, row: RoomRow) -> Room:
        broken = None
        try:
            match = replay(row.game_file)
            if match.state_hash() != row.state_hash or match.version != row.version:
                broken = "its game does not replay to the stored position"
        except (ValueError, KeyError, TypeError) as exc:
            match, broken = None, f"its game file cannot be loaded: {exc}"
        if match is None:
            rec = row.game_file.get("record", {}) if isinstance(row.game_file, dict) else {}
            match = Match.new(row.game, int(rec.get("players", 2)), 0, keep_undo=False)
        seats = [Seat(s.get("name"), s.get("token_sha"), s.get("bot")) for s in row.seats]
        try:
            session = Session(match, bots=[s.bot for s in seats])
        except ValueError as exc:  # a bot this version does not know
            session, broken = Session(match), broken or f"its bots cannot be seated: {exc}"
        return Room(
            row.id,
            session,
            seats,
            row.teacher_sha,
            self.store,
            self.limits,
            created=row.created,
            broken=broken,
        )

    def get(self, room: str) -> Room | None:
        return self.rooms.get(room)

    def start_bots(self) -> None:
        """After loading (in the event loop): bots to move in any room play on."""
        for room in self.rooms.values():
            room.schedule_bots()

    def create(self, spec: Any) -> tuple[Room, str]:
        """A new room from ``{"game", "players", "seed"?, "options"?, "bots"?, "names"?}``;
        returns it and the teacher's secret (shown once)."""
        if len(self.rooms) >= self.limits.max_rooms:
            raise RoomError(429, ROOM_LIMIT.refuse(f"{self.limits.max_rooms} rooms"))
        game, players, seed, options, bots, given = room_spec(spec)
        try:
            match = Match.new(game, given or players, seed, options, keep_undo=False)
        except (ValueError, TypeError, KeyError) as exc:
            raise RoomError(400, BAD_ROOM.refuse(str(exc))) from None
        names = catalogue_names(game)
        seat_bots: list[str | None] = [None] * players
        for seat, name in bots.items():
            if not 0 <= seat < players:
                raise RoomError(
                    400,
                    BAD_ROOM.refuse(
                        f"no seat {seat} for a bot (a request numbers the seats 0 to {players - 1})"
                    ),
                )
            if name not in names:
                raise RoomError(
                    400, BAD_ROOM.refuse(f"unknown bot {name!r} (known: {', '.join(names)})")
                )
            seat_bots[seat] = name
        session = Session(match, bots=seat_bots)
        seats = [Seat(f"{b.capitalize()} bot" if b else None, None, b) for b in seat_bots]
        code = new_code(lambda c: c in self.rooms)
        teacher = new_secret()
        room = Room(code, session, seats, digest(teacher), self.store, self.limits)
        self.store.add(
            RoomRow(
                code,
                room.created,
                game,
                room.teacher_sha,
                [s.to_row() for s in seats],
                session.game_file(),
                match.version,
                match.state_hash(),
            )
        )
        self.rooms[code] = room
        log.info("room %s: new %s game for %d players", code, game, players)
        return room, teacher


def room_spec(
    spec: Any,
) -> tuple[str, int, int, dict[str, Any], dict[int, str], list[str] | None]:
    """The checked fields of a new room's JSON (RoomError 400 saying what is wrong); the
    seats' names, when given, name the players in the game itself (views, log, prompts)."""

    def bad(detail: str) -> RoomError:
        return RoomError(400, BAD_ROOM.refuse(detail))

    if not isinstance(spec, dict):
        raise bad("the request must be a JSON object")
    unknown = set(spec) - {"game", "players", "seed", "options", "bots", "names"}
    if unknown:
        raise bad(f"unknown field(s) {', '.join(sorted(map(str, unknown)))}")
    game = spec.get("game", "coc")
    if game not in GAMES:
        raise bad(f"unknown game {game!r} (known: {', '.join(sorted(GAMES))})")
    players, seed = spec.get("players", 2), spec.get("seed")
    if not isinstance(players, int) or isinstance(players, bool):
        raise bad("'players' must be a whole number")
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise bad(f"'seed' must be a whole number from 0 to {MAX_SEED}")
    options = spec.get("options") or {}
    if not isinstance(options, dict):
        raise bad("'options' must be an object")
    raw = spec.get("bots") or {}
    if isinstance(raw, list):
        raw = {str(i): b for i, b in enumerate(raw) if b}
    if not isinstance(raw, dict):
        raise bad('\'bots\' must map seats to bot names, e.g. {"1": "random"}')
    bots: dict[int, str] = {}
    for k, v in raw.items():
        try:
            seat = int(k)
        except (TypeError, ValueError):
            raise bad(f"bot seat {k!r} is not a seat number") from None
        if not isinstance(v, str):
            raise bad(f"the bot of seat {seat} must be named (text)")
        bots[seat] = v
    given = spec.get("names")
    if given is not None:
        if not isinstance(given, list) or not all(isinstance(n, str) for n in given):
            raise bad("'names' must be a list of names, one per seat")
        problem = names_problem(given, players)
        if problem:
            raise bad(problem)
    return game, players, seed, options, bots, given


def flood_refusal(limits: Limits) -> dict[str, Any]:
    rate = f"{limits.actions_per_second:g} actions a second after {limits.burst}"
    return refusal(FLOOD.refuse(rate))
