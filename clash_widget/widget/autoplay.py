"""Bot seats and the background runner that lets them play with a visible delay.

No Jupyter import here: the widget hands in two callables. ``step()`` plays one
bot move through the widget's locked path and says whether it did;
``delay()`` reads the current delay in seconds. The runner waits on events, so
``stop()`` takes effect at once, even in the middle of a long delay.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from clash_widget.bots.base import Bot
from clash_widget.bots.registry import BOTS, make_bot

BOT_NAMES: tuple[str, ...] = tuple(sorted(BOTS))
_IDLE_POLL_S = 0.5  # how often an idle runner looks again without being poked


def bot_seed(match_seed: int, seat: int) -> int:
    """Each seat's bot draws from its own stream, fixed by the match seed and the seat."""
    return match_seed * 1009 + seat + 1


class BotSeats:
    """Which seats bots play, and the bot objects (made once per seat and name)."""

    def __init__(self, game: str, match_seed: int) -> None:
        self.game = game
        self.match_seed = match_seed
        self._bots: dict[int, tuple[str, Bot]] = {}

    def bot(self, seat: int, name: str | None) -> Bot | None:
        if not name:
            self._bots.pop(seat, None)
            return None
        have = self._bots.get(seat)
        if have is None or have[0] != name:
            have = (name, make_bot(name, self.game, bot_seed(self.match_seed, seat)))
            self._bots[seat] = have
        return have[1]


class BotRunner:
    """A daemon thread: while running, after ``delay()`` seconds it calls ``step()``."""

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
        self.moves = 0

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and not self._stop.is_set()

    def start(self) -> None:
        if self.running:
            return
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._loop, args=(self._stop,), name="clash-bots", daemon=True
        )
        self._thread.start()

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

    def _loop(self, stop: threading.Event) -> None:
        # ``stop`` is this thread's own event: a later start() makes a new one.
        while not stop.is_set():
            if stop.wait(max(0.0, self._delay())):
                break
            try:
                played = self._step(stop)
            except BaseException as exc:  # reported by the widget, then the runner stops
                stop.set()
                self._on_error(exc)
                break
            if played:
                self.moves += 1
            else:
                self._wake.wait(_IDLE_POLL_S)
                self._wake.clear()
