"""SQLite storage: one row per room, its game file written before an action is acknowledged.

The game file (``Session.game_file()``: the record, i.e. game, players, seed,
options and action keys) *is* the game: loading a room replays it, verifies it
like any game file, and checks the stored state hash. Seats keep their names,
bots and the SHA-256 of their secrets (never the secrets themselves), so a copy
of the database hands nobody a seat. WAL journal, ``synchronous=FULL`` by
default: a commit survives the process being killed (and, with FULL, a power cut).

Moves are written by :meth:`Store.save_game_async`: a writer thread commits every
move waiting at that moment in one transaction (group commit), so the rooms share
each disk flush and the event loop never waits for the disk.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_Pending = tuple[tuple[Any, ...], "asyncio.Future[None]", asyncio.AbstractEventLoop]

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id          TEXT PRIMARY KEY,
    created     REAL NOT NULL,
    game        TEXT NOT NULL,
    teacher_sha TEXT NOT NULL,
    seats       TEXT NOT NULL,
    game_file   TEXT NOT NULL,
    version     INTEGER NOT NULL,
    state_hash  TEXT NOT NULL
)
"""


@dataclass
class RoomRow:
    id: str
    created: float
    game: str
    teacher_sha: str
    seats: list[dict[str, Any]]  # {"name", "token_sha", "bot"} per seat
    game_file: dict[str, Any]
    version: int
    state_hash: str


class Store:
    """The rooms of one server in one SQLite file (``":memory:"`` for tests)."""

    def __init__(self, path: str | Path, *, synchronous: str = "FULL") -> None:
        if synchronous.upper() not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError(f"synchronous must be FULL, NORMAL or EXTRA, not {synchronous!r}")
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.execute(SCHEMA)
        self._pending: list[_Pending] = []
        self._wake = threading.Condition()
        self._closing = False
        self._writer: threading.Thread | None = None

    def close(self) -> None:
        with self._wake:
            self._closing = True
            self._wake.notify()
        if self._writer is not None:
            self._writer.join(timeout=10)
        with self._lock:
            self._db.close()

    # -- group commit ---------------------------------------------------------------------
    async def save_game_async(
        self, room: str, game_file: dict[str, Any], version: int, state_hash: str
    ) -> None:
        """:meth:`save_game`, committed by the writer thread; returns once it is durable."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        args = (json.dumps(game_file), version, state_hash, room)
        with self._wake:
            if self._writer is None:
                self._writer = threading.Thread(
                    target=self._write_batches, name="clash-store", daemon=True
                )
                self._writer.start()
            self._pending.append((args, done, loop))
            self._wake.notify()
        await done

    def _write_batches(self) -> None:
        while True:
            with self._wake:
                while not self._pending and not self._closing:
                    self._wake.wait()
                if not self._pending and self._closing:
                    return
                batch, self._pending = self._pending, []
            error: BaseException | None = None
            with self._lock:
                try:
                    self._db.execute("BEGIN IMMEDIATE")
                    try:
                        for args, _, _ in batch:
                            self._db.execute(
                                "UPDATE rooms SET game_file = ?, version = ?, state_hash = ? "
                                "WHERE id = ?",
                                args,
                            )
                    except BaseException:
                        self._db.execute("ROLLBACK")
                        raise
                    self._db.execute("COMMIT")
                except Exception as exc:  # every move of the batch is refused, none is lost
                    error = exc
            for _, done, loop in batch:
                loop.call_soon_threadsafe(_settle, done, error)

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        """One statement in its own transaction, committed (durable) when this returns."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(sql, args)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def add(self, row: RoomRow) -> None:
        self._write(
            "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                row.id,
                row.created or time.time(),
                row.game,
                row.teacher_sha,
                json.dumps(row.seats),
                json.dumps(row.game_file),
                row.version,
                row.state_hash,
            ),
        )

    def save_seats(self, room: str, seats: list[dict[str, Any]]) -> None:
        self._write("UPDATE rooms SET seats = ? WHERE id = ?", (json.dumps(seats), room))

    def save_game(
        self, room: str, game_file: dict[str, Any], version: int, state_hash: str
    ) -> None:
        self._write(
            "UPDATE rooms SET game_file = ?, version = ?, state_hash = ? WHERE id = ?",
            (json.dumps(game_file), version, state_hash, room),
        )

    def delete(self, room: str) -> None:
        self._write("DELETE FROM rooms WHERE id = ?", (room,))

    def rows(self) -> list[RoomRow]:
        with self._lock:
            cur = self._db.execute(
                "SELECT id, created, game, teacher_sha, seats, game_file, version, state_hash "
                "FROM rooms ORDER BY created"
            )
            raw = cur.fetchall()
        return [
            RoomRow(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), r[6], r[7])
            for r in raw
        ]


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.cancelled():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)
