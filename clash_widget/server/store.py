"""SQLite storage: one row per room, its game file written before an action is acknowledged.

The game file (``Session.game_file()``: the record, i.e. game, players, seed,
options and action keys) *is* the game: loading a room replays it, verifies it
like any game file, and checks the stored state hash. Seats keep their names,
bots and the SHA-256 of their secrets (never the secrets themselves), so a copy
of the database hands nobody a seat. WAL journal, ``synchronous=FULL`` by
default: a commit survives the process being killed (and, with FULL, a power cut).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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

    def close(self) -> None:
        with self._lock:
            self._db.close()

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
