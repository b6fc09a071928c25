"""Rooms, seats and their secrets, per-seat views, bots and limits (no web framework here).

A :class:`Room` holds one :class:`~clash_widget.engine.Session` and is the only
place its match changes: every action, whoever sends it (HTTP, WebSocket, a bot), is
ordered by the room's asyncio lock and its rules work runs in a worker thread within the
room's time budget (``Limits.move_seconds``), so no room's move or bot stalls another room;
a room whose move overruns the budget is marked broken. The new game file is committed to
SQLite before the answer leaves, and then every connection is pushed *its own seat's* view
(``Match.view(seat)``; the teacher's connections get ``Match.view(None)``, or a seat's view
when the teacher watches as that seat).

Seats are taken by invitation: each person's seat has a *claim secret*, carried by its join
link, without which nobody sits down; the teacher can reset a seat's link (the old link and
the old seat secret stop at once), reserve a seat for a name or give it to a bot. Secrets
come from :mod:`secrets`; only their SHA-256 is kept (in memory and in the database) and a
presented secret is compared with :func:`hmac.compare_digest`.
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

from clash_widget.engine import (
    GAMES,
    Action,
    Match,
    OptionError,
    Outcome,
    Session,
    Verdict,
    get_game,
)
from clash_widget.engine.game import MALFORMED, stale
from clash_widget.engine.seats import MAX_NAME as GAME_NAME_LENGTH
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
    PAUSED,
    ROOM_LIMIT,
    SEAT_TAKEN,
    TEACHER_ONLY,
    WRONG_CLAIM,
)
from .store import RoomRow, Store

log = logging.getLogger("clash_widget.server")

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud in class
CODE_LENGTH = 6
MAX_NAME = GAME_NAME_LENGTH  # a seat's name is a player's name in the game
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
    move_seconds: float = 20.0  # a move (or a bot's thinking) past this breaks its room
    load_seconds: float = 60.0  # replaying a stored room past this breaks it
    max_depth: int = 32  # lists and objects nested in one message
    # The coach (hints and reviews, clash_widget/server/coaching.py), off the event loop:
    hint_seconds: float = 10.0  # a hint not ready by then is refused (server.coach-time)
    hint_rate: float = 0.2  # hints per second per seat, sustained ...
    hint_burst: int = 3  # ... after a burst of this many
    review_seconds: float = 600.0  # a review still running then is stopped
    coach_workers: int = 1  # review processes at once (the others wait; 0: a thread here)
    hint_budget: dict[str, Any] = field(default_factory=dict)  # Budget fields, e.g. rounds
    review_budget: dict[str, Any] = field(default_factory=dict)


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
    """One seat of a room: who sits there (a person's secret, or a bot) and how to sit down."""

    name: str | None = None
    token_sha: str | None = None  # the seated person's secret
    bot: str | None = None
    claim_sha: str | None = None  # the join link's secret: only the invited sit down
    reserved: bool = False  # the teacher chose the name; the person sitting down keeps it

    def to_row(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "token_sha": self.token_sha,
            "bot": self.bot,
            "claim_sha": self.claim_sha,
            "reserved": self.reserved,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Seat:
        return cls(
            row.get("name"),
            row.get("token_sha"),
            row.get("bot"),
            row.get("claim_sha"),
            bool(row.get("reserved")),
        )

    @property
    def taken(self) -> bool:
        return self.token_sha is not None or self.bot is not None


def seats_info(seats: list[Seat], connected: set[int | None]) -> list[dict[str, Any]]:
    """What anyone may know of a room's seats: names, bots, taken, reserved, connected."""
    return [
        {
            "seat": i,
            "name": s.name,
            "bot": s.bot,
            "taken": s.taken,
            "reserved": s.reserved,
            "connected": i in connected,
        }
        for i, s in enumerate(seats)
    ]


MAX_BACKLOG = 256  # messages a connection may fall behind before it is told to reconnect
TRY_AGAIN = 1013  # WebSocket close code "try again later": the page reconnects and resyncs


class Listener:
    """One connection's outbox: the room puts messages, the connection's writer sends them.

    A connection that falls ``MAX_BACKLOG`` messages behind (a stalled laptop) is closed
    with 1013 instead of queueing views it will never need: it reconnects and takes one
    whole view.
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat  # who acts (None: the teacher)
        self.shown = seat  # whose view it is pushed (the teacher may watch as a seat)
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.behind = False
        self.tasks: set[asyncio.Task[None]] = set()  # hints asked, answered when ready

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
    broken: str | None = None  # why the room is not served (its game could not be trusted...)
    name: str = ""  # the teacher's name for the room ("Group B, Tuesday")
    archived: bool = False
    paused: bool = False
    hints: bool = True  # the teacher lets the players ask the coach for hints
    last_move: float | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    _last: tuple[int | None, Outcome] | None = None
    _bots: asyncio.Task[None] | None = None
    _runaway: bool = False  # a move overran its budget: its thread may still change the match
    placeholder: bool = False  # a broken room whose game could not even be loaded

    @property
    def viewable(self) -> bool:
        """Whether the room has a game to show (a broken room may still have one)."""
        return not (self.placeholder or self._runaway)

    # -- who is asking ------------------------------------------------------------------
    def who(self, token: str, server_sha: str | None = None) -> tuple[bool, int | None]:
        """``(known, seat)``: the seat a secret belongs to (``None``: the teacher's, i.e. the
        room's teacher secret or the server's teacher key, whose digest is ``server_sha``)."""
        found: tuple[bool, int | None] = (False, None)
        # Every digest is compared, so the time taken does not say which one matched.
        if same_secret(token, self.teacher_sha) | same_secret(token, server_sha):
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
        return seats_info(self.seats, connected)

    def view_message(self, seat: int | None) -> dict[str, Any]:
        """What a connection shown ``seat`` is pushed: that view and the room around it."""
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
            "paused": self.paused,
            "hints": self.hints,
            "over": self.over_info() if m.is_over else None,
        }

    def over_info(self) -> dict[str, Any]:
        """The end of the game: the winners' names and every player's score, in seat order."""
        m = self.match
        scores = m.scores()
        return {
            "winners": [seat_name(m.state, s) for s in m.game.winners(m.state)],
            "scores": [
                {"seat": i, "name": seat_name(m.state, i), "score": _number(v)}
                for i, v in enumerate(scores)
            ],
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

    def status(self) -> dict[str, Any]:
        """The room list's line for the teacher: whose turn, finished and who won."""
        m = self.match
        cp = m.current_player
        return {
            "version": m.version,
            "moves": len(m.actions),
            "over": m.is_over,
            "to_move": None if cp is None else seat_name(m.state, cp),
            "winners": self.over_info()["winners"] if m.is_over else [],
        }

    def summary(self, *, teacher: bool = False) -> dict[str, Any]:
        """A learner's (or the public) look at the room: its game and seats, nothing hidden;
        ``teacher``: the console's line too (status, name, archived, paused, dates)."""
        m = self.match
        out: dict[str, Any] = {
            "room": self.id,
            "game": m.game.name,
            "title": m.game.title,
            "players": m.players,
            "version": m.version,
            "over": m.is_over,
            "broken": self.broken,
            "paused": self.paused,
            "hints": self.hints,
            "seats": self.seats_info(),
        }
        if teacher:
            out |= {
                "name": self.name,
                "archived": self.archived,
                "created": self.created,
                "last_move": self.last_move,
                "status": self.status(),
            }
        return out

    def push(self) -> None:
        if not self.viewable:
            return  # a thread may still be changing the match, or there is no game
        for ls in list(self.listeners):
            ls.put(self.view_message(ls.shown))

    def close_seat(self, seat: int, reason: str) -> None:
        """Close the connections of ``seat``'s (now void) secret, telling them why."""
        for ls in list(self.listeners):
            if ls.seat == seat:
                ls.put({"type": "closed", "code": 4403, "reason": reason})

    def close_all(self, code: int, reason: str) -> None:
        for ls in list(self.listeners):
            ls.put({"type": "closed", "code": code, "reason": reason})

    # -- rules work, off the event loop ---------------------------------------------------
    async def off_loop(self, what: str, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """``fn(*args, **kw)`` in a worker thread, within the room's time budget; a room whose
        work overruns it is marked broken (RoomError), the other rooms play on."""
        budget = self.limits.move_seconds
        try:
            return await asyncio.wait_for(asyncio.to_thread(fn, *args, **kw), budget)
        except TimeoutError:
            # The thread cannot be stopped; it works on a match nobody reads again.
            self._runaway = True
            self.mark_broken(f"{what} took more than {budget:g} s")
            raise RoomError(503, BROKEN_ROOM.refuse(self.broken or "")) from None

    def mark_broken(self, why: str) -> None:
        self.broken = why
        log.error("room %s is broken: %s", self.id, why)
        self.save_settings()
        self.close_all(4410, f"this room is not served: {why}")

    def save_settings(self) -> None:
        self.store.save_settings(
            self.id,
            name=self.name,
            archived=self.archived,
            paused=self.paused,
            broken=self.broken,
            hints=self.hints,
        )

    # -- acting -------------------------------------------------------------------------
    async def act(self, seat: int | None, key: Any, version: Any) -> dict[str, Any]:
        """Play ``key`` for ``seat`` (the teacher acts for the person to move).

        The answer is ``{"ok", "version", "rule", "reason", "message"}``; a stale
        version also carries the fresh ``view``. Nothing is acknowledged before it
        is committed to the database.
        """
        async with self.lock:
            try:
                answer = await self._act_locked(seat, key, version)
            except RoomError as err:
                return err.body() | {"version": self.match.version}
            if answer["ok"]:
                self.push()
        if answer["ok"]:
            self.schedule_bots()
        return answer

    async def _act_locked(self, seat: int | None, key: Any, version: Any) -> dict[str, Any]:
        m = self.match
        if self.broken:
            return refusal(BROKEN_ROOM.refuse(self.broken), version=m.version)
        if self.paused:
            return refusal(PAUSED.refuse(), version=m.version)
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
        on = m.version if version is None else version
        outcome: Outcome = await self.off_loop("a move", self.session.play, key, version=on)
        if not outcome.ok:
            assert outcome.verdict is not None
            return outcome, refusal(outcome.verdict, version=m.version)
        await self.save_game()
        self._last = (actor, outcome)
        return outcome, {
            "ok": True,
            "version": m.version,
            "rule": None,
            "reason": None,
            "message": played_message(m, actor, outcome, label),
        }

    async def save_game(self, *, moved: bool = True) -> None:
        """Commit the game as it stands (before any answer says it happened); ``moved``:
        a move was played (renaming the players is not one)."""
        m = self.match
        try:
            await self.store.save_game_async(
                self.id,
                self.session.game_file(),
                m.version,
                m.state_hash(),
                self.status(),
                moved=moved,
            )
        except Exception:
            log.exception(
                "room %s: could not store action %d; back to the stored game", self.id, m.version
            )
            self.reload()
            raise
        if moved:
            self.last_move = time.time()

    def reload(self) -> None:
        """Back to the game as stored (after a failed write)."""
        row = self.store.row(self.id)
        if row is not None:
            self.session.match = replay(row.game_file)

    # -- bots ---------------------------------------------------------------------------
    def schedule_bots(self) -> None:
        """Let the bots play (on the server, one move per ``bot_delay``) if one is to move."""
        if self.session.bot_to_move() is None or self.broken or self.paused:
            return
        if self._bots is None or self._bots.done():
            self._bots = asyncio.get_running_loop().create_task(self._run_bots())

    def stop_bots(self) -> None:
        """Stop the bots' task. Called under the room's lock (or at shutdown): a bot's step runs
        wholly under that lock, so this never cuts one short; the task is asleep or waiting."""
        if self._bots is not None and not self._bots.done():
            self._bots.cancel()

    async def _run_bots(self) -> None:
        """The bot to move plays (``Session.step``: the widgets' bots, seeded the same way),
        one move per ``bot_delay``, until a person is to move or the game ends."""
        while True:
            await asyncio.sleep(self.limits.bot_delay)
            async with self.lock:
                if self.broken or self.paused:
                    return
                # A bot may think for a while: the step runs in a thread, within the room's
                # budget, so other rooms play on meanwhile (this room's lock is held).
                play = self._bot_plays(asyncio.get_running_loop(), self.match.version)
                try:
                    outcome = await self.off_loop("a bot's move", self.session.step, play)
                except RoomError:
                    return
                except Exception:  # the store refused the move: logged by save_game
                    log.exception("room %s: a bot's move failed", self.id)
                    return
                if outcome is not None and outcome.ok:
                    self.push()
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

    def _bot_plays(self, loop: asyncio.AbstractEventLoop, version: int) -> BotPlay:
        """How a bot's chosen move is played from the step's thread: stored from the event
        loop before the step returns (played on the version it was chosen on)."""

        def play(name: str, action: Action) -> Outcome:
            if self.broken:  # the step overran its budget: its late move is not played
                raise RoomError(503, BROKEN_ROOM.refuse(self.broken))
            actor = self.match.current_player
            outcome = self.session.play(str(action), version=version)
            if outcome.ok:
                self._last = (actor, outcome)
                asyncio.run_coroutine_threadsafe(self.save_game(), loop).result()
            return outcome

        return play

    # -- seats --------------------------------------------------------------------------
    def seat(self, seat: int) -> Seat:
        if not (0 <= seat < len(self.seats)):
            raise RoomError(404, NO_SUCH.refuse(f"room {self.id} has seats 1 to {len(self.seats)}"))
        return self.seats[seat]

    def save_seats(self) -> None:
        self.store.save_seats(self.id, [x.to_row() for x in self.seats])

    async def claim(self, seat: int, name: Any, claim: Any) -> str:
        """Seat the person holding the seat's claim secret (its join link): a new seat secret
        for them (shown once, kept only as its digest). The game calls them by their name."""
        s = self.seat(seat)
        if s.bot is not None:
            raise RoomError(409, SEAT_TAKEN.refuse(f"the {s.bot} bot plays seat {seat + 1}"))
        if not isinstance(claim, str) or not same_secret(claim, s.claim_sha):
            raise RoomError(403, WRONG_CLAIM.refuse(f"seat {seat + 1} of room {self.id}"))
        if s.token_sha is not None:
            raise RoomError(409, SEAT_TAKEN.refuse(f"seat {seat + 1} is {s.name or 'someone'}'s"))
        chosen = s.name if s.reserved and s.name else clean_name(name, seat)
        token = new_secret()
        self.seats[seat] = Seat(chosen, digest(token), None, s.claim_sha, s.reserved)
        self.save_seats()
        await self.name_players()
        self.push()  # the others see who sat down
        return token

    def free(self, seat: int) -> None:
        """The teacher frees a person's seat (a lost browser): its old secret stops working,
        the seat's link works again."""
        s = self.seat(seat)
        if s.bot is not None:
            raise RoomError(409, SEAT_TAKEN.refuse(f"a bot plays seat {seat + 1}"))
        self.seats[seat] = Seat(s.name if s.reserved else None, None, None, s.claim_sha, s.reserved)
        self.save_seats()
        self.close_seat(
            seat, "the teacher freed this seat: open your seat's link to sit down again"
        )
        self.push()

    def reset(self, seat: int) -> str:
        """A new link for ``seat`` (a person's seat from now on): the old link and the old seat
        secret stop working at once. Returns the new claim secret."""
        s = self.seat(seat)
        claim = new_secret()
        was_bot = s.bot is not None
        self.seats[seat] = Seat(
            s.name if s.reserved else None, None, None, digest(claim), s.reserved
        )
        if was_bot:
            self.session.set_bot(seat, None)
        self.save_seats()
        self.close_seat(seat, "the teacher gave this seat a new link: ask the teacher for yours")
        self.push()
        return claim

    async def reserve(self, seat: int, name: Any) -> None:
        """Keep ``seat`` for a name (the person who sits down there is called so); an empty
        name lifts the reservation."""
        s = self.seat(seat)
        if name is None or (isinstance(name, str) and not name.strip()):
            self.seats[seat] = Seat(
                s.name if s.token_sha else None, s.token_sha, s.bot, s.claim_sha
            )
        else:
            self.seats[seat] = Seat(clean_name(name, seat), s.token_sha, s.bot, s.claim_sha, True)
        self.save_seats()
        await self.name_players()
        self.push()

    def give_to_bot(self, seat: int, bot: Any) -> None:
        """A bot plays ``seat`` from now on (its person's link and secret stop working)."""
        s = self.seat(seat)
        if not isinstance(bot, str) or not self.session.knows_bot(bot):
            known = ", ".join(catalogue_names(self.match.game.name))
            raise RoomError(400, BAD_ROOM.refuse(f"unknown bot {bot!r} (known: {known})"))
        self.session.set_bot(seat, bot)
        self.seats[seat] = Seat(s.name if s.reserved else None, None, bot, None, s.reserved)
        self.save_seats()
        self.close_seat(seat, f"the teacher gave this seat to the {bot} bot")
        self.push()
        self.schedule_bots()

    def game_names(self) -> list[str]:
        """The players' names in the game: a seated or reserved person's name, else the
        seat's colour (two people of one name are told apart by their colours)."""
        names = [
            s.name if s.name and (s.reserved or (s.bot is None and s.token_sha)) else None
            for s in self.seats
        ]
        out = [n or default_name(i) for i, n in enumerate(names)]
        folded = [n.casefold() for n in out]
        return [
            f"{n} ({default_name(i)})"[:MAX_NAME] if folded.count(n.casefold()) > 1 else n
            for i, n in enumerate(out)
        ]

    async def name_players(self) -> None:
        """Give the game the room's names (replayed with them, so every line of the log
        reads the same name), and store it."""
        names = self.game_names()
        if self.broken or self.match.names == names or names_problem(names, len(names)):
            return
        record = self.match.record() | {"names": names}
        renamed: Match = await self.off_loop("renaming the players", replay_record, record)
        self.session.match = renamed
        await self.save_game(moved=False)

    # -- the teacher's settings ------------------------------------------------------------
    def settle(self, changes: Any) -> None:
        """Name, archive, pause or resume the room, or let its players ask for hints
        (``{"name"?, "archived"?, "paused"?, "hints"?}``)."""
        if not isinstance(changes, dict) or not changes:
            raise RoomError(
                400, MALFORMED.refuse('send {"name"?, "archived"?, "paused"?, "hints"?}')
            )
        unknown = set(changes) - {"name", "archived", "paused", "hints"}
        if unknown:
            raise RoomError(
                400, MALFORMED.refuse(f"unknown setting(s) {', '.join(sorted(map(str, unknown)))}")
            )
        if "name" in changes:
            if not isinstance(changes["name"], str):
                raise RoomError(400, MALFORMED.refuse("'name' must be text"))
            self.name = " ".join(changes["name"].split())[:MAX_ROOM_NAME]
        for flag in ("archived", "paused", "hints"):
            if flag in changes:
                if not isinstance(changes[flag], bool):
                    raise RoomError(400, MALFORMED.refuse(f"'{flag}' must be true or false"))
                setattr(self, flag, changes[flag])
        self.save_settings()
        if self.paused:
            self.stop_bots()
        else:
            self.schedule_bots()
        self.push()

    def require_teacher(self, seat: int | None, doing: str) -> None:
        if seat is not TEACHER:
            raise RoomError(403, TEACHER_ONLY.refuse(doing))


MAX_ROOM_NAME = 60


def _number(value: Any) -> Any:
    """A score as a person reads it: 27, not 27.0."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


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


RECENT_KEPT = 20
"""The positions a room keeps before its last actions (no undo snapshots: a room never
undoes): the coach's hint leaves out a move that brought the seat back to where it stands."""


def replay_record(record: dict[str, Any]) -> Match:
    """The live match of a record the server made itself (no undo snapshots)."""
    return Match.replay(record, keep_undo=False, keep_recent=RECENT_KEPT)


def replay(game_file: dict[str, Any]) -> Match:
    """The live match of a stored game file: verified like any game file, then kept without
    undo snapshots (a room never undoes; the record is all it needs)."""
    verified = Match.load(game_file)
    live = Match.replay(verified.record(), keep_undo=False, keep_recent=RECENT_KEPT)
    if live.state_hash() != verified.state_hash():
        raise ValueError("the record replays to another position without its start")
    return live


def new_code(taken: Callable[[str], bool]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if not taken(code):
            return code


class Rooms:
    """Every room of one server, written to its :class:`Store` and loaded from it on first
    use (each in a worker thread, within ``Limits.load_seconds``), so the server answers at
    once whatever its rooms hold."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self.rows: dict[str, RoomRow] = {row.id: row for row in store.rows()}
        self._opening: dict[str, asyncio.Lock] = {}

    def codes(self) -> list[str]:
        """Every room's code, oldest first."""
        return list(self.rows)

    async def open(self, code: str) -> Room | None:
        """The room ``code``, loaded (replayed and verified) if it is not yet; None if none."""
        room = self.rooms.get(code)
        if room is not None or code not in self.rows:
            return room
        lock = self._opening.setdefault(code, asyncio.Lock())
        async with lock:
            room = self.rooms.get(code)
            if room is None and code in self.rows:
                room = await self._load(self.rows[code])
                self.rooms[code] = room
                room.schedule_bots()
        return room

    async def open_all(self) -> None:
        """Load every stored room, one at a time (bots to move play on); a room that cannot
        be loaded is listed as broken and the others are served."""
        for code in self.codes():
            room = await self.open(code)
            if room is not None and room.broken:
                log.error("not serving room %s: %s", code, room.broken)

    async def _load(self, row: RoomRow) -> Room:
        budget = self.limits.load_seconds
        try:
            return await asyncio.wait_for(asyncio.to_thread(self._from_row, row), budget)
        except TimeoutError:
            room = self._placeholder(row, f"replaying its game took more than {budget:g} s")
            room.save_settings()
            return room

    def _from_row(self, row: RoomRow) -> Room:
        broken = row.broken
        match: Match | None = None
        if broken is None:
            try:
                match = replay(row.game_file)
                if match.state_hash() != row.state_hash or match.version != row.version:
                    broken = "its game does not replay to the stored position"
            except Exception as exc:  # a stored game is verified, never trusted
                match, broken = None, f"its game file cannot be loaded: {exc}"
        if match is None:
            return self._placeholder(row, broken or "its game cannot be loaded")
        seats = [Seat.from_row(s) for s in row.seats]
        try:
            session = Session(match, bots=[s.bot for s in seats])
        except ValueError as exc:  # a bot this version does not know
            session, broken = Session(match), broken or f"its bots cannot be seated: {exc}"
        session.hints.update(self.store.hints(row.id))  # a review marks "hint taken"
        return self._room(row, session, seats, broken)

    def _placeholder(self, row: RoomRow, broken: str) -> Room:
        """A broken room: listed for the teacher (who may download or delete it), never
        played. Its match is a new game of the stored kind, or of Clash if even that is lost."""
        rec = row.game_file.get("record", {}) if isinstance(row.game_file, dict) else {}
        try:
            match = Match.new(row.game, int(rec.get("players", 2)), 0, keep_undo=False)
        except Exception:
            match = Match.new("coc", 2, 0, keep_undo=False)
        seats = [Seat.from_row(s) for s in row.seats] or [Seat() for _ in range(match.players)]
        room = self._room(row, Session(match), seats, broken)
        room.placeholder = True
        return room

    def _room(self, row: RoomRow, session: Session, seats: list[Seat], broken: str | None) -> Room:
        return Room(
            row.id,
            session,
            seats,
            row.teacher_sha,
            self.store,
            self.limits,
            created=row.created,
            broken=broken,
            name=row.name,
            archived=row.archived,
            paused=row.paused,
            hints=row.hints,
            last_move=row.last_move,
        )

    def get(self, room: str) -> Room | None:
        """A room already loaded (see :meth:`open`)."""
        return self.rooms.get(room)

    def listing(self) -> list[dict[str, Any]]:
        """The teacher's room list: loaded rooms as they stand, the others as last stored."""
        out = []
        for code, row in self.rows.items():
            room = self.rooms.get(code)
            if room is not None:
                out.append(room.summary(teacher=True))
                continue
            out.append(
                {
                    "room": code,
                    "game": row.game,
                    "title": _title(row.game),
                    "players": len(row.seats),
                    "version": row.version,
                    "over": bool(row.status.get("over")),
                    "broken": row.broken,
                    "paused": row.paused,
                    "hints": row.hints,
                    "seats": seats_info([Seat.from_row(s) for s in row.seats], set()),
                    "name": row.name,
                    "archived": row.archived,
                    "created": row.created,
                    "last_move": row.last_move,
                    "status": row.status,
                    "loading": True,
                }
            )
        return out

    async def delete(self, room: Room) -> None:
        """Delete ``room`` and its stored game; its connections are told and closed."""
        room.stop_bots()
        room.broken = "the teacher deleted it"  # a move waiting for its lock is refused
        room.close_all(4404, "the teacher deleted this room")
        self.store.delete(room.id)
        self.rooms.pop(room.id, None)
        self.rows.pop(room.id, None)
        log.info("room %s deleted", room.id)

    def create(self, spec: Any) -> tuple[Room, str, list[str | None]]:
        """A new room from ``{"game", "players", "seed"?, "options"?, "bots"?, "names"?,
        "name"?}``; returns it, the teacher's secret and each seat's claim secret (None for
        a bot's seat), all shown once."""
        if len(self.rows) >= self.limits.max_rooms:
            raise RoomError(429, ROOM_LIMIT.refuse(f"{self.limits.max_rooms} rooms"))
        game, players, seed, options, bots, given, title = room_spec(spec)
        try:
            match = Match.new(
                game, given or players, seed, options, keep_undo=False, keep_recent=RECENT_KEPT
            )
        except OptionError as exc:
            raise RoomError(400, exc.verdict()) from None
        except (ValueError, TypeError, KeyError) as exc:
            raise RoomError(400, BAD_ROOM.refuse(str(exc))) from None
        names = catalogue_names(game)
        seat_bots: list[str | None] = [None] * players
        for seat, name in bots.items():
            if not 0 <= seat < players:
                raise RoomError(
                    400,
                    BAD_ROOM.refuse(
                        f"no seat {seat} for a bot: a request numbers this room's seats "
                        f"0 to {players - 1} (0 is {default_name(0)})"
                    ),
                )
            if name not in names:
                raise RoomError(
                    400, BAD_ROOM.refuse(f"unknown bot {name!r} (known: {', '.join(names)})")
                )
            seat_bots[seat] = name
        session = Session(match, bots=seat_bots)
        claims: list[str | None] = [None if b else new_secret() for b in seat_bots]
        seats = [
            Seat(given[i] if given else None, None, b, digest(c) if c else None, bool(given))
            for i, (b, c) in enumerate(zip(seat_bots, claims, strict=True))
        ]
        code = new_code(lambda c: c in self.rows)
        teacher = new_secret()
        room = Room(code, session, seats, digest(teacher), self.store, self.limits, name=title)
        row = RoomRow(
            code,
            room.created,
            game,
            room.teacher_sha,
            [s.to_row() for s in seats],
            session.game_file(),
            match.version,
            match.state_hash(),
            name=title,
            status=room.status(),
        )
        self.store.add(row)
        self.rows[code] = row
        self.rooms[code] = room
        log.info("room %s: new %s game for %d players", code, game, players)
        return room, teacher, claims


def _title(game: str) -> str:
    return str(get_game(game).title) if game in GAMES else game


def room_spec(
    spec: Any,
) -> tuple[str, int, int, dict[str, Any], dict[int, str], list[str] | None, str]:
    """The checked fields of a new room's JSON (RoomError 400 saying what is wrong); the
    seats' names, when given, name the players in the game itself (views, log, prompts)."""

    def bad(detail: str) -> RoomError:
        return RoomError(400, BAD_ROOM.refuse(detail))

    if not isinstance(spec, dict):
        raise bad("the request must be a JSON object")
    unknown = set(spec) - {"game", "players", "seed", "options", "bots", "names", "name"}
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
        given = [" ".join(n.split()) for n in given]
    title = spec.get("name", "")
    if not isinstance(title, str):
        raise bad("'name' (the room's) must be text")
    title = " ".join(title.split())[:MAX_ROOM_NAME]
    return game, players, seed, options, bots, given, title


def flood_refusal(limits: Limits) -> dict[str, Any]:
    rate = f"{limits.actions_per_second:g} actions a second after {limits.burst}"
    return refusal(FLOOD.refuse(rate))
