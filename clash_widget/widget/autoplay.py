"""The background runner that lets bot seats play with a visible delay.

The game's side (which seats bots play, one bot move) is the headless
:class:`~clash_widget.engine.session.Session`'s; the widget only schedules its
steps. No Jupyter import here: the widget hands in two callables. ``step()``
plays one bot move through the widget's locked path and says whether it did;
``delay()`` reads the current delay in seconds. The runner waits on events, so
``stop()`` takes effect at once, even in the middle of a long delay. Where
Python cannot start a thread (Pyodide, JupyterLite) the steps are scheduled on
the event loop instead.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from clash_widget.bots.registry import BOTS

BOT_NAMES: tuple[str, ...] = tuple(sorted(BOTS))
_IDLE_POLL_S = 0.5  # how often an idle runner looks again without being poked


class BotRunner:
    """While running, after ``delay()`` seconds it calls ``step()``, again and again."""

    def __init__(
        self,
        step: Callable[[threading.Event], bool],
        delay: Callable[[], float],
        on_error: Callable[[BaseException], None],
    ) -> None:
        self._step = step
        self._delay = delay
        self._on_error = on_error
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._on_loop: threading.Event | None = None  # the stop event of a loop-driven run
        self.moves = 0

    @property
    def running(self) -> bool:
        if self._stop.is_set():
            return False
        if self._on_loop is self._stop:
            return True
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        if self.running:
            return
        self._stop = threading.Event()
        thread = threading.Thread(
            target=self._loop, args=(self._stop,), name="clash-bots", daemon=True
        )
        try:
            thread.start()
        except RuntimeError:  # no threads in this Python: the event loop schedules the steps
            self._thread = None
            self._start_on_loop(self._stop)
            return
        self._thread = thread

    def stop(self, wait: bool = True, timeout: float = 5.0) -> None:
        """Stop; no move starts after this returns (``step`` checks its event under the lock)."""
        self._stop.set()
        self._wake.set()
        t = self._thread
        if wait and t is not None and t is not threading.current_thread():
            t.join(timeout)

    def poke(self) -> None:
        """Something changed (a move, a seat): look again now instead of at the next poll."""
        self._wake.set()

    def _play(self, stop: threading.Event) -> bool | None:
        """One step: whether a move was played (None: an error stopped the runner)."""
        try:
            played = self._step(stop)
        except BaseException as exc:  # reported by the widget, then the runner stops
            stop.set()
            self._on_error(exc)
            return None
        if played:
            self.moves += 1
        return played

    def _loop(self, stop: threading.Event) -> None:
        # ``stop`` is this thread's own event: a later start() makes a new one.
        while not stop.is_set():
            if stop.wait(max(0.0, self._delay())):
                break
            played = self._play(stop)
            if played is None:
                break
            if not played:
                self._wake.wait(_IDLE_POLL_S)
                self._wake.clear()

    def _start_on_loop(self, stop: threading.Event) -> None:
        loop = asyncio.get_event_loop()
        self._on_loop = stop

        def tick() -> None:
            if stop.is_set():
                return
            played = self._play(stop)
            if played is not None and not stop.is_set():
                wait = max(0.0, self._delay()) + (0.0 if played else _IDLE_POLL_S)
                loop.call_later(wait, tick)

        loop.call_later(max(0.0, self._delay()), tick)
