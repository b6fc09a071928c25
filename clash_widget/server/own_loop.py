"""Run a coroutine to its end from synchronous code, whatever loop the caller's thread runs.

``asyncio.run`` refuses to start when the calling thread already runs an event loop (a
Jupyter kernel, or Playwright's sync API in the same process), so the coroutine gets a
fresh thread with a loop of its own; its result or exception comes back to the caller.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_in_own_loop(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(make())`` in a new thread; ``make`` builds the coroutine there."""
    out: dict[str, Any] = {}

    def body() -> None:
        try:
            out["value"] = asyncio.run(make())
        except BaseException as exc:  # handed back to the caller's thread
            out["error"] = exc

    thread = threading.Thread(target=body, name="own-event-loop")
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]
