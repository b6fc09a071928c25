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

Faults are the teacher's to see, never a crash: a row that cannot be read becomes a
broken room (the others are served); a file that is not a rooms database is refused with
one line naming it and the restore command (:class:`StoreError`); :class:`Backups` keeps
rolling copies beside the file (SQLite's online backup, consistent while the server runs).
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass, field
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
SETTINGS = "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
# The coach's record: every hint a seat asked for (the review marks "hint taken"), and every
# finished review, kept per (room, seat, moves reviewed, settings) so a second open is instant.
HINTS = """
CREATE TABLE IF NOT EXISTS hints (
    room  TEXT NOT NULL,
    at    INTEGER NOT NULL,
    seat  INTEGER NOT NULL,
    key   TEXT NOT NULL,
    asked REAL NOT NULL,
    PRIMARY KEY (room, at)
)
"""
REVIEWS = """
CREATE TABLE IF NOT EXISTS reviews (
    room     TEXT NOT NULL,
    seat     INTEGER NOT NULL,
    moves    INTEGER NOT NULL,
    settings TEXT NOT NULL,
    made     REAL NOT NULL,
    seconds  REAL NOT NULL,
    data     TEXT NOT NULL,
    html     TEXT NOT NULL,
    PRIMARY KEY (room, seat, moves, settings)
)
"""
# Columns added after the first release: a database made by an older server gains them.
ADDED_COLUMNS = {
    "name": "TEXT NOT NULL DEFAULT ''",
    "archived": "INTEGER NOT NULL DEFAULT 0",
    "paused": "INTEGER NOT NULL DEFAULT 0",
    "broken": "TEXT",
    "status": "TEXT NOT NULL DEFAULT '{}'",
    "last_move": "REAL",
    "hints": "INTEGER NOT NULL DEFAULT 1",
}
COLUMNS = (
    "id, created, game, teacher_sha, seats, game_file, version, state_hash, "
    "name, archived, paused, broken, status, last_move, hints"
)


class StoreError(Exception):
    """The file is not a rooms database this server can read (one line for the teacher)."""


def restore_hint(path: str | Path) -> str:
    return f"python -m clash_widget serve --db {path} --restore"


@dataclass
class RoomRow:
    id: str
    created: float
    game: str
    teacher_sha: str
    seats: list[dict[str, Any]]  # {"name", "token_sha", "bot", "claim_sha", "reserved"} per seat
    game_file: dict[str, Any]
    version: int
    state_hash: str
    name: str = ""
    archived: bool = False
    paused: bool = False
    broken: str | None = None  # why this room is not served (None: it is)
    status: dict[str, Any] = field(default_factory=dict)  # the room list's line, kept per move
    last_move: float | None = None
    hints: bool = True  # the teacher lets the room's players ask the coach for hints


@dataclass(frozen=True)
class StoredReview:
    """A finished review: its JSON (``coach.front.review_payload``), its page, and what it cost."""

    data: dict[str, Any]
    html: str
    made: float
    seconds: float


class Store:
    """The rooms of one server in one SQLite file (``":memory:"`` for tests)."""

    def __init__(self, path: str | Path, *, synchronous: str = "FULL") -> None:
        if synchronous.upper() not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError(f"synchronous must be FULL, NORMAL or EXTRA, not {synchronous!r}")
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._open(synchronous.upper())
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"{self.path} is not a rooms database this server can read ({exc}); "
                f"to bring back the last backup: {restore_hint(self.path)}"
            ) from None
        self._pending: list[_Pending] = []
        self._wake = threading.Condition()
        self._closing = False
        self._writer: threading.Thread | None = None
        self.writes = 0  # commits so far: a backup is taken only when something changed

    def _open(self, synchronous: str) -> None:
        db = self._db
        # A damaged file may open and only fail when read: read it all once, now.
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check: {check[0] if check else 'nothing'}")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={synchronous}")
        db.execute("PRAGMA busy_timeout=5000")
        db.execute(SCHEMA)
        db.execute(SETTINGS)
        db.execute(HINTS)
        db.execute(REVIEWS)
        have = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
        for column, kind in ADDED_COLUMNS.items():
            if column not in have:
                db.execute(f"ALTER TABLE rooms ADD COLUMN {column} {kind}")

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
        self,
        room: str,
        game_file: dict[str, Any],
        version: int,
        state_hash: str,
        status: dict[str, Any] | None = None,
        *,
        moved: bool = True,
    ) -> None:
        """Store a room's game (its file, version, hash and the console's status line),
        committed by the writer thread; returns once it is durable. ``moved``: a move was
        played (its time is the room's last move)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        args = (
            json.dumps(game_file),
            version,
            state_hash,
            json.dumps(status or {}),
            time.time() if moved else None,
            room,
        )
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
                            self._db.execute(_SAVE_GAME, args)
                    except BaseException:
                        self._db.execute("ROLLBACK")
                        raise
                    self._db.execute("COMMIT")
                    self.writes += 1
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
            self.writes += 1

    def add(self, row: RoomRow) -> None:
        self._write(
            f"INSERT INTO rooms ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                row.id,
                row.created or time.time(),
                row.game,
                row.teacher_sha,
                json.dumps(row.seats),
                json.dumps(row.game_file),
                row.version,
                row.state_hash,
                row.name,
                int(row.archived),
                int(row.paused),
                row.broken,
                json.dumps(row.status),
                row.last_move,
                int(row.hints),
            ),
        )

    def save_seats(self, room: str, seats: list[dict[str, Any]]) -> None:
        self._write("UPDATE rooms SET seats = ? WHERE id = ?", (json.dumps(seats), room))

    def save_settings(
        self,
        room: str,
        *,
        name: str,
        archived: bool,
        paused: bool,
        broken: str | None,
        hints: bool = True,
    ) -> None:
        """The teacher's settings of a room (and whether it is broken)."""
        self._write(
            "UPDATE rooms SET name = ?, archived = ?, paused = ?, broken = ?, hints = ? "
            "WHERE id = ?",
            (name, int(archived), int(paused), broken, int(hints), room),
        )

    def delete(self, room: str) -> None:
        """A room and everything of it: its game, its hints and its reviews."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for table, column in (("rooms", "id"), ("hints", "room"), ("reviews", "room")):
                    self._db.execute(f"DELETE FROM {table} WHERE {column} = ?", (room,))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            self.writes += 1

    # -- the coach's record ----------------------------------------------------------------
    def add_hint(self, room: str, at: int, seat: int, key: str) -> None:
        """A hint given to ``seat`` when ``at`` actions were recorded (the last one kept)."""
        self._write(
            "INSERT INTO hints (room, at, seat, key, asked) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(room, at) DO UPDATE SET seat = excluded.seat, key = excluded.key, "
            "asked = excluded.asked",
            (room, at, seat, key, time.time()),
        )

    def hints(self, room: str) -> dict[int, tuple[int, str]]:
        """The room's hints as :attr:`Session.hints` holds them: at -> (seat, move key)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT at, seat, key FROM hints WHERE room = ?", (room,)
            ).fetchall()
        return {int(at): (int(seat), str(key)) for at, seat, key in rows}

    def add_review(
        self, room: str, seat: int, moves: int, settings: str, review: StoredReview
    ) -> None:
        self._write(
            "INSERT OR REPLACE INTO reviews (room, seat, moves, settings, made, seconds, data, "
            "html) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                room,
                seat,
                moves,
                settings,
                review.made,
                review.seconds,
                json.dumps(review.data),
                review.html,
            ),
        )

    def review(self, room: str, seat: int, moves: int, settings: str) -> StoredReview | None:
        with self._lock:
            found = self._db.execute(
                "SELECT data, html, made, seconds FROM reviews "
                "WHERE room = ? AND seat = ? AND moves = ? AND settings = ?",
                (room, seat, moves, settings),
            ).fetchone()
        if found is None:
            return None
        try:
            data = json.loads(found[0])
        except ValueError:  # a damaged cache entry is made again, never served
            return None
        return StoredReview(data, str(found[1]), float(found[2]), float(found[3]))

    def rows(self) -> list[RoomRow]:
        """Every room, oldest first; a row that cannot be read comes back as a broken room."""
        with self._lock:
            raw = self._db.execute(f"SELECT {COLUMNS} FROM rooms ORDER BY created").fetchall()
        return [_row(r) for r in raw]

    def row(self, room: str) -> RoomRow | None:
        with self._lock:
            raw = self._db.execute(f"SELECT {COLUMNS} FROM rooms WHERE id = ?", (room,)).fetchone()
        return None if raw is None else _row(raw)

    # -- settings (the teacher key's digest) -----------------------------------------------
    def setting(self, key: str) -> str | None:
        with self._lock:
            found = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if found is None else str(found[0])

    def set_setting(self, key: str, value: str) -> None:
        self._write(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # -- backups ---------------------------------------------------------------------------
    def backup_to(self, dest: str | Path) -> None:
        """A consistent copy of the whole database (SQLite's online backup) at ``dest``."""
        target = sqlite3.connect(str(dest))
        try:
            with self._lock:
                self._db.backup(target)
        finally:
            target.close()


_SAVE_GAME = (
    "UPDATE rooms SET game_file = ?, version = ?, state_hash = ?, status = ?, "
    "last_move = COALESCE(?, last_move) "
    "WHERE id = ?"
)


def _row(r: tuple[Any, ...]) -> RoomRow:
    """One stored room; what cannot be read makes it a broken room, never a failed start."""
    problem = r[11]
    seats: list[dict[str, Any]] = []
    game_file: dict[str, Any] = {}
    status: dict[str, Any] = {}
    try:
        seats = json.loads(r[4])
        game_file = json.loads(r[5])
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise ValueError("its seats are not a list of seats")
        if not isinstance(game_file, dict):
            raise ValueError("its game file is not an object")
    except (ValueError, TypeError) as exc:
        seats = seats if isinstance(seats, list) else []
        seats = [s for s in seats if isinstance(s, dict)]
        game_file = game_file if isinstance(game_file, dict) else {}
        problem = f"its stored row cannot be read ({exc})"
    try:
        loaded = json.loads(r[12] or "{}")
        status = loaded if isinstance(loaded, dict) else {}
    except ValueError:
        status = {}
    return RoomRow(
        id=str(r[0]),
        created=float(r[1] or 0.0),
        game=str(r[2]),
        teacher_sha=str(r[3]),
        seats=seats,
        game_file=game_file,
        version=int(r[6]) if isinstance(r[6], int) else -1,
        state_hash=str(r[7]),
        name=str(r[8] or ""),
        archived=bool(r[9]),
        paused=bool(r[10]),
        broken=problem,
        status=status,
        last_move=r[13],
        hints=bool(r[14]),
    )


class Backups:
    """Rolling copies of one database in ``<db>.backups/`` (the newest ``keep`` of them).

    Taken by the server every few minutes when something changed, and when it stops; a
    copy is made with SQLite's online backup, so it is consistent while rooms are played.
    """

    def __init__(self, db: str | Path, keep: int = 5) -> None:
        self.db = Path(db)
        self.folder = Path(f"{self.db}.backups")
        self.keep = keep

    def all(self) -> list[Path]:
        """The backups, newest first."""
        if not self.folder.is_dir():
            return []
        return sorted(self.folder.glob("rooms-*.sqlite"), reverse=True)

    def take(self, store: Store) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        dest = self.folder / f"rooms-{stamp}-{store.writes:06d}.sqlite"
        partial = dest.with_suffix(".partial")
        store.backup_to(partial)
        os.replace(partial, dest)  # a copy is either whole or absent
        for old in self.all()[self.keep :]:
            old.unlink(missing_ok=True)
        return dest

    def rooms_in(self, backup: Path) -> int:
        """How many rooms a backup holds (0 if it cannot be read)."""
        try:
            con = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
            try:
                return int(con.execute("SELECT count(*) FROM rooms").fetchone()[0])
            finally:
                con.close()
        except sqlite3.Error:
            return 0

    def restore(self, backup: Path | None = None) -> Path:
        """Put ``backup`` (default the newest) in place of the database; the server must be
        stopped. Returns the backup restored."""
        chosen = backup or next(iter(self.all()), None)
        if chosen is None:
            raise StoreError(f"there is no backup of {self.db} in {self.folder}")
        if not chosen.is_file():
            raise StoreError(f"there is no backup file {chosen}")
        source = sqlite3.connect(f"file:{chosen}?mode=ro", uri=True)
        try:
            for stale in (Path(f"{self.db}-wal"), Path(f"{self.db}-shm")):
                stale.unlink(missing_ok=True)
            partial = Path(f"{self.db}.restoring")
            partial.unlink(missing_ok=True)
            target = sqlite3.connect(str(partial))
            try:
                source.backup(target)
            finally:
                target.close()
            os.replace(partial, self.db)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"the backup {chosen} cannot be read ({exc})") from None
        finally:
            source.close()
        return chosen

    def warning(self, store: Store) -> str | None:
        """A loud warning when the database holds no room but a backup does (deleted or
        emptied by mistake?), else None."""
        if store.rows():
            return None
        for backup in self.all():
            n = self.rooms_in(backup)
            if n:
                return (
                    f"WARNING: {self.db} holds no rooms, but the backup {backup.name} holds {n}. "
                    f"If the file was deleted or emptied by mistake, stop the server and run: "
                    f"{restore_hint(self.db)}"
                )
        return None


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.cancelled():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)
