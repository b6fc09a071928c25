"""The coach on the classroom server: a seat's hint and a seat's review, off the event loop.

**Hints.** Only the player at a seat asks for its hint, only when that seat decides, and only
in a room whose teacher lets hints be asked (``Room.hints``, on by default). The coach
(:func:`clash_widget.coach.hint`) reads a copy of the position taken under the room's lock
and judges it from what the seat knows (its trial games are dealt from the seat's own
determinisations), in a worker process of its own (spawned, never forked from the threaded
server; with ``coach_workers=0``, a thread, never one the rooms' moves use), within
``Limits.hint_seconds``. One hint at a time per room, ``hint_burst`` then ``hint_rate`` per
seat; the same position asked twice answers from memory (the coach is seeded by the position,
so it would say the same). Every hint given is recorded in the store (``hints``), so a review
says "hint taken", whatever becomes of the room's session.

**Reviews.** The teacher reviews any seat at any time; a player their own seat once the game
is over. A review (:func:`clash_widget.coach.review`) runs in the review pool: worker
processes (``coach_workers`` at once on the server, the others wait in turn; started with
"spawn", never forked from the threaded server), so its long work does not hold the
interpreter the rooms' moves run in (``coach_workers=0``: a thread of the server). One per
room: a second
request for the same review answers its progress, one for another seat of the room
``server.coach-busy``. It can be cancelled, stops after ``review_seconds``, and its result
(the JSON and :func:`clash_widget.coach.review_html`'s page) is kept in SQLite per (room,
seat, moves reviewed, settings), so a second open is instant, after a restart too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import time
from collections.abc import Callable, MutableMapping
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from clash_widget.coach import HINT_BUDGET, REVIEW_BUDGET, Budget, Cancelled, hint, review
from clash_widget.coach import review_html as render_review
from clash_widget.coach.front import decision_views, hint_payload, review_payload
from clash_widget.engine import Match
from clash_widget.engine.game import State, stale
from clash_widget.engine.seats import name as seat_name
from clash_widget.engine.session import read_game_file
from clash_widget.engine.state import clone

from .refusals import (
    BROKEN_ROOM,
    COACH_BUSY,
    COACH_TIME,
    FLOOD,
    INTERNAL,
    NO_HINTS,
    NOT_OVER,
    NOT_YOUR_TURN,
    OWN_SEAT,
    PAUSED,
)
from .rooms import RECENT_KEPT, TEACHER, Limits, RateLimiter, Room, RoomError, refusal
from .store import Store, StoredReview

log = logging.getLogger("clash_widget.server")


HINT_WORKERS = 2  # hints worked out at once on the server (rooms ask one at a time each)
# 2: the review as the tables' review screen reads it (coach.front.review_payload, points of
# winning chances and board targets), where 1 was Review.to_dict() (chances 0..1, no targets)
REVIEW_SHAPE = 2
SPAWN = multiprocessing.get_context("spawn")  # never fork a server that runs threads


def budget_of(base: Budget, overrides: dict[str, Any]) -> Budget:
    return replace(base, **overrides) if overrides else base


def hint_words(
    game: str,
    state: State,
    seat: int,
    budget: Budget,
    version: int,
    recent: list[tuple[State, str]] | None = None,
) -> dict[str, Any]:
    """The coach's hint for ``seat`` in a copy of the position, in a worker (its words);
    ``recent``: the room's last positions (a move that came back here is not hinted again)."""
    match = Match.from_state(game, state, keep_undo=False)
    given = hint(match, seat, budget=budget, recent=recent or [])
    return hint_payload(given, version, match.view(seat))


@dataclass
class ReviewJob:
    """One review on the server: what it reviews, how far it got, and its end. ``shared``
    is what the worker and the server both read: its progress and the cancel flag (a plain
    dict for a thread, a manager's dict for a worker process)."""

    room: str
    seat: int
    moves: int
    settings: str
    player: str
    shared: MutableMapping[str, Any]
    state: str = "queued"  # running, done, cancelled, failed (running: as the worker says)
    reason: str = ""  # why it failed or stopped, in words
    result: StoredReview | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def same(self, seat: int, moves: int, settings: str) -> bool:
        return (self.seat, self.moves, self.settings) == (seat, moves, settings)

    @property
    def active(self) -> bool:
        return self.state == "queued"  # until the worker's answer comes back

    def read(self) -> dict[str, Any]:
        try:
            return dict(self.shared)
        except Exception:  # the worker's manager is gone (the server is stopping)
            return {}

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.shared["stop"] = True

    def status(self) -> dict[str, Any]:
        now = self.read()
        state = self.state
        if state == "queued" and now.get("running"):
            state = "running"
        out: dict[str, Any] = {
            "state": state,
            "seat": self.seat,
            "player": self.player,
            "moves": self.moves,
            "done": now.get("done", 0),
            "total": now.get("total", 0),
        }
        if self.reason:
            out["reason"] = self.reason
        if self.result is not None:
            out |= done_body(self.result, cached=False)
        return out


def judge_game(
    game_file: dict[str, Any],
    seat: int,
    budget: Budget,
    hints: dict[int, tuple[int, str]],
    shared: MutableMapping[str, Any],
    limit: float,
) -> tuple[dict[str, Any], str, float] | None:
    """The review of ``seat``'s game, in a worker: its JSON, its page and how long it took
    (None: cancelled before it began). Progress and the cancel flag go through ``shared``;
    past ``limit`` seconds it stops (:class:`Cancelled`)."""
    if shared.get("stop"):
        return None
    shared["running"] = True
    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        shared.update(done=done, total=total)

    def stopped() -> bool:
        return bool(shared.get("stop")) or time.monotonic() - started > limit

    began = time.perf_counter()
    result = review(game_file, seat, budget=budget, progress=progress, cancel=stopped, hints=hints)
    # where each move lies on the table, from the seat's own view (its review page's marks)
    views = decision_views(read_game_file(game_file), seat)
    payload = review_payload(result, views, hints)
    return payload, render_review(result), time.perf_counter() - began


def done_body(stored: StoredReview, *, cached: bool) -> dict[str, Any]:
    return {"state": "done", "cached": cached, "seconds": stored.seconds, "review": stored.data}


class Coach:
    """The server's coach: its worker pools, the hints in flight and the reviews."""

    def __init__(
        self, store: Store, limits: Limits, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store, self.limits, self.clock = store, limits, clock
        # The coach works in processes of its own (started when first needed), so its work
        # never holds the interpreter the rooms' moves need, nor queues them in asyncio's
        # default threads (coach_workers=0: threads of this process).
        self._hint_pool: Executor | None = None
        self._review_pool: Executor | None = None
        self._manager: Any = None
        self.hint_budget = budget_of(HINT_BUDGET, limits.hint_budget)
        self.review_budget = budget_of(REVIEW_BUDGET, limits.review_budget)
        # the stored reviews' key: the budget, and the shape of the review kept (a review of
        # an older shape is made again)
        settings = asdict(self.review_budget) | {"shape": REVIEW_SHAPE}
        self.review_settings = json.dumps(settings, sort_keys=True)
        self._hinting: set[str] = set()  # rooms whose hint is being worked out
        self._last_hint: dict[str, tuple[int, int, dict[str, Any]]] = {}  # room: version, seat
        self._limiters: dict[tuple[str, int], RateLimiter] = {}
        self.reviews: dict[str, ReviewJob] = {}  # each room's current (or last) review
        self.hint_seconds: list[float] = []  # how long each hint took (bench and report)

    def hint_pool(self) -> Executor:
        if self._hint_pool is None:
            if self.limits.coach_workers <= 0:
                self._hint_pool = ThreadPoolExecutor(HINT_WORKERS, thread_name_prefix="clash-hint")
            else:
                self._hint_pool = ProcessPoolExecutor(HINT_WORKERS, mp_context=SPAWN)
        return self._hint_pool

    def review_pool(self) -> Executor:
        if self._review_pool is None:
            workers = self.limits.coach_workers
            if workers <= 0:
                self._review_pool = ThreadPoolExecutor(1, thread_name_prefix="clash-review")
            else:
                if self._manager is None:
                    self._manager = SPAWN.Manager()
                self._review_pool = ProcessPoolExecutor(workers, mp_context=SPAWN)
        return self._review_pool

    def shared(self) -> MutableMapping[str, Any]:
        """Progress and cancel flag of a new review, as its worker can reach them."""
        self.review_pool()
        return {} if self._manager is None else self._manager.dict()

    def close(self) -> None:
        for job in self.reviews.values():
            job.stop()
        for pool in (self._hint_pool, self._review_pool):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        if self._manager is not None:
            with contextlib.suppress(Exception):
                self._manager.shutdown()

    def forget(self, room: str) -> None:
        """A deleted room: stop its review, drop what the coach kept of it."""
        job = self.reviews.pop(room, None)
        if job is not None:
            job.stop()
        self._last_hint.pop(room, None)

    # -- hints ------------------------------------------------------------------------------
    def hint_refusal(self, room: Room, seat: int | None, version: Any) -> dict[str, Any] | None:
        """Why ``seat`` gets no hint now (a refusal), or None."""
        m = room.match
        if seat is TEACHER:
            return refusal(
                OWN_SEAT.refuse("the teacher's view shows every hand: ask from a seat's page"),
                version=m.version,
            )
        if not room.hints:
            return refusal(NO_HINTS.refuse(), version=m.version)
        if room.broken:
            return refusal(BROKEN_ROOM.refuse(room.broken), version=m.version)
        if room.paused:
            return refusal(PAUSED.refuse(), version=m.version)
        late = stale(version, m.version)
        if late is not None:
            return refusal(late, version=m.version)
        cp = m.current_player
        if m.is_over or cp is None:
            return refusal(NOT_YOUR_TURN.refuse("the game is over"), version=m.version)
        if cp != seat:
            detail = f"{seat_name(m.state, cp)} decides now, not you"
            return refusal(NOT_YOUR_TURN.refuse(detail), version=m.version)
        return None

    async def hint(self, room: Room, seat: int | None, version: Any) -> tuple[int, dict[str, Any]]:
        """The coach's hint for ``seat`` at ``version``: (HTTP status, answer)."""
        async with room.lock:  # no move changes the position while it is read
            refused = self.hint_refusal(room, seat, version)
            if refused is not None:
                return 200, refused
            assert seat is not None
            m = room.match
            at, version = len(m.actions), m.version
            last = self._last_hint.get(room.id)
            if last is not None and last[:2] == (version, seat):
                return 200, last[2]  # the coach is seeded by the position: the same answer
            limiter = self._limiters.setdefault(
                (room.id, seat),
                RateLimiter(self.limits.hint_rate, self.limits.hint_burst, self.clock),
            )
            if not limiter.allow():
                rate = (
                    f"{self.limits.hint_burst} hints, then one every "
                    f"{1 / max(self.limits.hint_rate, 1e-9):g} s"
                )
                return 429, refusal(FLOOD.refuse(rate), version=version)
            if room.id in self._hinting:
                return 200, refusal(COACH_BUSY.refuse("a hint"), version=version)
            position = clone(m.state)  # the coach's own copy: the room plays on meanwhile
            recent = m.recent(RECENT_KEPT)  # snapshots, never changed: no copy needed
        return await self._hint_off_loop(room, seat, at, version, position, recent)

    async def _hint_off_loop(
        self,
        room: Room,
        seat: int,
        at: int,
        version: int,
        position: State,
        recent: list[tuple[State, str]],
    ) -> tuple[int, dict[str, Any]]:
        self._hinting.add(room.id)
        began = time.perf_counter()
        args = (room.match.game.name, position, seat, self.hint_budget, version, recent)
        failed = refusal(INTERNAL.refuse("the coach could not give a hint here"), version=version)
        try:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self.hint_pool(), hint_words, *args)
        except BrokenExecutor:  # a worker died since the last hint: this one is refused
            log.error("room %s: the coach's worker had stopped; starting a new one", room.id)
            self._hint_pool = None
            self._hinting.discard(room.id)
            return 200, failed
        # a hint past its time still holds the room's turn until its work ends
        future.add_done_callback(lambda _: self._hinting.discard(room.id))
        try:
            words = await asyncio.wait_for(asyncio.shield(future), self.limits.hint_seconds)
        except TimeoutError:
            log.warning("room %s: a hint took more than %g s", room.id, self.limits.hint_seconds)
            detail = f"more than {self.limits.hint_seconds:g} s"
            return 200, refusal(COACH_TIME.refuse(detail), version=version)
        except Exception as exc:
            if isinstance(exc, BrokenExecutor):  # a worker died: the next hint starts anew
                self._hint_pool = None
            log.exception("room %s: the coach could not give a hint", room.id)
            return 200, failed
        seconds = time.perf_counter() - began
        self.hint_seconds.append(seconds)
        if room.match.version != version:
            moved = stale(version, room.match.version) or COACH_TIME.refuse()
            return 200, refusal(moved, version=room.match.version)
        key = words["key"]
        room.session.hints[at] = (seat, key)
        await asyncio.to_thread(self.store.add_hint, room.id, at, seat, key)
        answer = {
            "ok": True,
            "version": version,
            "rule": None,
            "reason": None,
            # the feedback line's words (the reasons are in the hint, drawn by the page)
            "message": words["text"].splitlines()[0],
            "hint": words,
            "seconds": round(seconds, 3),
        }
        self._last_hint[room.id] = (version, seat, answer)
        return 200, answer

    # -- reviews ----------------------------------------------------------------------------
    @staticmethod
    def may_review(room: Room, asker: int | None, seat: int) -> None:
        """The teacher reviews any seat at any time; a player only their own, after the end."""
        if asker is TEACHER:
            return
        if asker != seat:
            raise RoomError(403, OWN_SEAT.refuse("another seat's review is not yours to see"))
        if not room.match.is_over:
            raise RoomError(409, NOT_OVER.refuse())

    def stored(self, room: Room, seat: int) -> StoredReview | None:
        return self.store.review(room.id, seat, len(room.match.actions), self.review_settings)

    async def review_status(self, room: Room, seat: int) -> tuple[int, dict[str, Any]]:
        """Where the review of ``seat``'s game (as it stands) is: done (cached), under way, or
        none yet."""
        moves = len(room.match.actions)
        job = self.reviews.get(room.id)
        if job is not None and job.same(seat, moves, self.review_settings):
            return 200, job.status()
        found = await asyncio.to_thread(self.stored, room, seat)
        if found is not None:
            return 200, done_body(found, cached=True)
        return 200, {"state": "none", "seat": seat, "moves": moves}

    async def start_review(self, room: Room, seat: int) -> tuple[int, dict[str, Any]]:
        """Review ``seat``'s game as it stands (the cached review if there is one)."""
        async with room.lock:
            moves = len(room.match.actions)
            job = self.reviews.get(room.id)
            if job is not None and job.same(seat, moves, self.review_settings):
                if job.active:
                    return 202, job.status()
                if job.result is not None:  # asked again: the review kept
                    return 200, done_body(job.result, cached=True)
            elif job is not None and job.active:
                now = job.status()
                words = f"the review of {job.player}'s game is under way ({now['done']} of "
                words += f"{now['total']} decisions judged)"
                return 409, refusal(COACH_BUSY.refuse(words)) | job.status()
            found = await asyncio.to_thread(self.stored, room, seat)
            if found is not None:
                return 200, done_body(found, cached=True)
            game_file = room.session.game_file()
            player = seat_name(room.match.state, seat)
            shared = await asyncio.to_thread(self.shared)
            job = ReviewJob(room.id, seat, moves, self.review_settings, player, shared)
            self.reviews[room.id] = job
            job.task = asyncio.create_task(self._run_review(job, game_file))
        return 202, job.status()

    def cancel_review(self, room: Room, seat: int) -> tuple[int, dict[str, Any]]:
        job = self.reviews.get(room.id)
        if job is None or job.seat != seat or not job.active:
            return 200, {"state": job.state if job and job.seat == seat else "none", "seat": seat}
        job.stop()
        return 200, job.status()

    async def _run_review(self, job: ReviewJob, game_file: dict[str, Any]) -> None:
        budget, limit = self.review_budget, self.limits.review_seconds
        hints = await asyncio.to_thread(self.store.hints, job.room)
        loop = asyncio.get_running_loop()
        args = (game_file, job.seat, budget, hints, job.shared, limit)
        try:
            made = await loop.run_in_executor(self.review_pool(), judge_game, *args)
            if self.reviews.get(job.room) is not job:  # the room was deleted meanwhile
                return
            if made is not None:
                data, page, seconds = made
                stored = StoredReview(data, page, time.time(), seconds)
                await asyncio.to_thread(
                    self.store.add_review, job.room, job.seat, job.moves, job.settings, stored
                )
        except Cancelled:
            stopped = job.read().get("stop", True)
            job.state = "cancelled"
            job.reason = "cancelled" if stopped else f"stopped: it ran longer than {limit:g} s"
            return
        except Exception as exc:
            if isinstance(exc, BrokenExecutor):  # a worker died: the next review starts anew
                self._review_pool = None
            log.exception("room %s: the review of seat %d failed", job.room, job.seat + 1)
            job.state, job.reason = "failed", f"the coach could not review this game ({exc})"
            return
        if made is None:
            job.state, job.reason = "cancelled", "cancelled"
            return
        job.result, job.state = stored, "done"
        log.info(
            "room %s: reviewed seat %d (%s decisions, %.1f s)",
            job.room,
            job.seat + 1,
            job.read().get("total", "?"),
            stored.seconds,
        )

    def review_page(self, room: Room, seat: int) -> str | None:
        found = self.stored(room, seat)
        return None if found is None else found.html
