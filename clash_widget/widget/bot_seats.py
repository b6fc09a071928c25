"""A match widget's bot seats: which seats bots play, and when they move.

Which bot plays a seat, and its one move, are the Session's (``Session.step``, the same
bots and seeds as self-play); this part of the widget sets them from the traits and
schedules the moves. ``bots`` has one entry per seat, ``None`` (a person) or a bot name
(``bot_names``; an unknown one is refused with ``widget.bad-setting``). ``bot_delay``
(seconds) and ``autoplay`` (the bot seats play by themselves, on the background
:class:`~clash_widget.widget.autoplay.BotRunner`) drive them live; ``step_bot()`` and
``run_bots()`` do it synchronously and deterministically from code. A bot's move goes
through the path of a click, so it is said and shown the same way.
"""

from __future__ import annotations

import threading
from typing import Any

import traitlets

from clash_widget.engine import Action, Outcome

from .autoplay import BOT_NAMES, BotRunner
from .host import WidgetHost
from .intents import BAD_SETTING


class BotSeats(WidgetHost):
    """The bot seats of a widget, from code and from its traits."""

    bots: traitlets.List[str | None] = traitlets.List().tag(sync=True)
    bot_names = traitlets.List(list(BOT_NAMES)).tag(sync=True)
    bot_delay = traitlets.Float(0.8).tag(sync=True)
    autoplay = traitlets.Bool(False).tag(sync=True)

    def set_bot(self, seat: int, name: str | None) -> None:
        """Seat a bot ("random", "heuristic") or a person (``None``) at ``seat``."""
        with self._lock:
            self._session.set_bot(seat, name)  # ValueError for a bad seat or name
            self.bots = self._session.bots

    def bot_to_move(self) -> str | None:
        """The name of the bot that plays the seat to move now, if any (live game only)."""
        with self._lock:
            return None if self.position is not None else self._session.bot_to_move()

    def step_bot(self) -> Outcome | None:
        """Let the bot to move play one action now (no delay); None if no bot is to move."""
        with self._batch():
            return self._bot_move()

    def run_bots(self, max_actions: int = 10_000) -> list[Outcome]:
        """Bots play, synchronously, until a person is to move or the game ends."""
        return self._session.run(max_actions, step=self.step_bot)

    def start_bots(self) -> None:
        """Bot seats play by themselves in the background, ``bot_delay`` apart."""
        self.autoplay = True

    def stop_bots(self) -> None:
        """Stop the background bots; no bot move starts after this returns."""
        self.autoplay = False

    @property
    def bots_running(self) -> bool:
        return self._runner is not None and self._runner.running

    def _show_bots(self) -> None:
        """The traits say the session's seats, and the bot names its game offers."""
        self.bot_names = list(self._session.bot_names or ())
        self.bots = self._session.bots

    # -- the traits ----------------------------------------------------------------------
    @traitlets.observe("bots")
    def _bots_changed(self, change: dict[str, Any]) -> None:
        if not self._ready:
            return
        with self._lock:
            clean, problems = self._session.clean_bots(change["new"])
            if problems:
                self._say(False, "", BAD_SETTING.refuse("; ".join(problems)), seq=None)
            if clean != change["new"]:
                self.bots = clean  # observed again with the clean list
                return
            self._session.set_bots(clean)
            self._refresh()
        self._poke()

    @traitlets.observe("bot_delay")
    def _delay_changed(self, change: dict[str, Any]) -> None:
        v = change["new"]
        if not (0.0 <= v <= 10.0):
            self.bot_delay = min(10.0, max(0.0, v)) if v == v else 0.8  # NaN: back to default
        self._poke()

    @traitlets.observe("autoplay")
    def _autoplay_changed(self, change: dict[str, Any]) -> None:
        if not self._ready:
            return
        if change["new"]:
            self._start_runner()
        else:
            self._stop_runner()

    # -- one move (call with the lock held) -----------------------------------------------
    def _bot_move(self, cancelled: threading.Event | None = None) -> Outcome | None:
        """The bot to move chooses (Session.step) and plays through the path of clicks."""
        if (cancelled is not None and cancelled.is_set()) or self.position is not None:
            return None
        return self._session.step(play=self._bot_plays)

    def _bot_plays(self, name: str, action: Action) -> Outcome:
        return self._act(str(action), seq=None, bot=name)

    # -- the background runner ------------------------------------------------------------
    def _start_runner(self) -> None:
        if self._runner is None:
            self._runner = BotRunner(self._runner_step, lambda: self.bot_delay, self._runner_failed)
        self._runner.start()

    def _stop_runner(self, wait: bool = False) -> None:
        # No join by default: the caller may hold the lock the runner waits for. No
        # move starts after stop() anyway (the runner checks its event under the lock).
        runner = getattr(self, "_runner", None)  # None too when __init__ refused the match
        if runner is not None:
            runner.stop(wait=wait)

    def _runner_step(self, cancelled: threading.Event) -> bool:
        with self._batch():
            return self._bot_move(cancelled) is not None

    def _runner_failed(self, exc: BaseException) -> None:
        with self._lock:
            self._say_error("The bots stopped.", exc)
        self.autoplay = False

    def _poke(self) -> None:
        """Called after each change from outside: wake the background bots."""
        if self._runner is not None:
            self._runner.poke()
