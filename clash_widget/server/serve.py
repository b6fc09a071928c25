"""``python -m clash_widget serve``: the classroom server on uvicorn."""

from __future__ import annotations

import logging
from pathlib import Path

from .rooms import Limits


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "clash-rooms.sqlite",
    *,
    limits: Limits | None = None,
    lite: str | Path | None = None,
    synchronous: str = "FULL",
    log_level: str = "info",
) -> None:
    """Serve the rooms stored in ``db`` until interrupted (127.0.0.1 unless told otherwise)."""
    import uvicorn

    from .app import create_app

    limits = limits or Limits()
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    app = create_app(db, limits=limits, lite=lite, synchronous=synchronous)
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
