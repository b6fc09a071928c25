"""``python -m clash_widget serve``: the classroom server on uvicorn."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable
from pathlib import Path

from .rooms import Limits
from .store import Backups, StoreError
from .teacher_key import KeyFileError


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "clash-rooms.sqlite",
    *,
    limits: Limits | None = None,
    lite: str | Path | None = None,
    synchronous: str = "FULL",
    log_level: str = "info",
    teacher_key_file: str | Path | None = None,
    new_teacher_key: bool = False,
    allowed_hosts: Iterable[str] = (),
    restore: str | None = None,
) -> int:
    """Serve the rooms stored in ``db`` until interrupted (127.0.0.1 unless told otherwise).

    ``restore``: first put a backup in place of ``db`` ("latest": the newest of the rolling
    backups beside it). Returns the exit status (2, with one line, when the database or the
    key file cannot be used)."""
    import uvicorn

    from .app import create_app

    limits = limits or Limits()
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    try:
        if restore is not None:
            backups = Backups(db)
            chosen = backups.restore(None if restore == "latest" else Path(restore))
            print(f"restored {db} from {chosen}", flush=True)
        app = create_app(
            db,
            limits=limits,
            lite=lite,
            synchronous=synchronous,
            teacher_key_file=teacher_key_file,
            new_teacher_key=new_teacher_key,
            allowed_hosts=allowed_hosts,
        )
    except (StoreError, KeyFileError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    server = app.state.server
    if server.new_key:
        where = f" (also written to {teacher_key_file})" if teacher_key_file else ""
        # Printed once, to the terminal only: the log never holds it.
        print(
            f"\nTeacher key{where}: {server.new_key}\n"
            "Keep it: the teacher's console (/console) asks for it to make and manage rooms. "
            "It is shown only this once; `serve --new-teacher-key` makes another.\n",
            flush=True,
        )
    if server.warning:
        print(f"\n{server.warning}\n", file=sys.stderr, flush=True)
    # uvicorn's own cap stays above ours, so an oversize message gets a polite refusal.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=max(4 * limits.max_message, 1 << 20),
        ws_ping_interval=20,
        ws_ping_timeout=20,
    )
    return 0
