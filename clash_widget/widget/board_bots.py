"""BoardWidget's bot seats: who plays each seat, and bots playing by themselves.

A mixin of :class:`~clash_widget.widget.board.BoardWidget` (which owns the traits
``bots``, ``bot_delay``, ``autoplay`` and the lock). Bots act through the same
locked path as clicks (``_act``); ``step_bot``/``run_bots`` are synchronous and
deterministic, the runner (autoplay.py) plays with a visible delay on its own
thread and stops at once.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from clash_widget.engine import Outcome

from .autoplay import BOT_NAMES, BotRunner
from .intents import is_int

if TYPE_CHECKING:
    from .board import BoardWidget

    _Base = BoardWidget
else:
    _Base = object


class BotSeatsMixin(_Base):
    """Bot seats of a BoardWidget (call with or without the lock held)."""

    def set_bot(self, seat: int, name: str | None) -> None:
        """Seat a bot ("random", "heuristic") or a person (``None``) at ``seat``."""
        with self._lock:
            bots = list(self.bots)
            if not (is_int(seat) and 0 <= seat < len(bots)):
                raise ValueError(f"no seat {seat!r}: seats are 0..{len(bots) - 1}")
            if name is not None and name not in BOT_NAMES:
                raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}")
            bots[seat] = name
            self.bots = bots

    def bot_to_move(self) -> str | None:
        """The name of the bot that plays the seat to move now, if any (live game only)."""
        with self._lock:
            cp = self.match.current_player
            if self.position is not None or self.match.is_over or cp is None:
                return None
            return self.bots[cp] if 0 <= cp < len(self.bots) else None

    def step_bot(self) -> Outcome | None:
        """Let the bot to move play one action now (no delay); None if no bot is to move."""
        with self._batch():
            return self._bot_move()

    def run_bots(self, max_actions: int = 10_000) -> list[Outcome]:
        """Bots play, synchronously, until a person is to move or the game ends."""
        out: list[Outcome] = []
        for _ in range(max_actions):
            o = self.step_bot()
            if o is None:
                break
            out.append(o)
        return out

    def start_bots(self) -> None:
        """Bot seats play by themselves in a background thread, ``bot_delay`` apart."""
        self.autoplay = True

    def stop_bots(self) -> None:
        """Stop the background bots; no bot move starts after this returns."""
        self.autoplay = False

    @property
    def bots_running(self) -> bool:
        return self._runner is not None and self._runner.running

    def _clean_bots(self, bots: Any) -> tuple[list[str | None], list[str]]:
        """One entry per seat, each None or a known bot name; and what was wrong."""
        n = self.match.players
        problems: list[str] = []
        if not isinstance(bots, list):
            return [None] * n, [f"bots must be a list, not {type(bots).__name__}"]
        clean: list[str | None] = []
        for i in range(n):
            name = bots[i] if i < len(bots) else None
            if name in (None, ""):
                clean.append(None)
            elif name in BOT_NAMES:
                clean.append(name)
            else:
                problems.append(f"seat {i}: unknown bot {name!r}")
                clean.append(None)
        if len(bots) > n:
            problems.append(f"{len(bots)} entries for {n} seats")
        return clean, problems

    def _bot_move(self, cancelled: threading.Event | None = None) -> Outcome | None:
        if cancelled is not None and cancelled.is_set():
            return None
        name = self.bot_to_move()
        if name is None:
            return None
        cp = self.match.current_player
        assert cp is not None
        bot = self._seats.bot(cp, name)
        assert bot is not None
        legal = self.match.legal_actions()
        if not legal:
            return None
        action = bot.choose(self.match.game, self.match.state, legal)
        who = f"{name.capitalize()} bot ({self._player_name(cp)}): "
        return self._act(str(action), version=self.match.version, seq=None, who=who)

    def _player_name(self, seat: int) -> str:
        for p in self.view.get("players", []):
            if isinstance(p, dict) and p.get("seat") == seat and p.get("name"):
                return str(p["name"])
        return f"player {seat + 1}"

    def _start_runner(self) -> None:
        if self._runner is None:
            self._runner = BotRunner(self._runner_step, lambda: self.bot_delay, self._runner_failed)
        self._runner.start()

    def _stop_runner(self, wait: bool = False) -> None:
        # No join by default: the caller may hold the lock the runner waits for. No
        # move starts after stop() anyway (the runner checks its event under the lock).
        if self._runner is not None:
            self._runner.stop(wait=wait)

    def _runner_step(self, cancelled: threading.Event) -> bool:
        with self._batch():
            return self._bot_move(cancelled) is not None

    def _runner_failed(self, exc: BaseException) -> None:
        with self._lock:
            self._say_error("The bots stopped: ", exc)
        self.autoplay = False

    def _poke(self) -> None:
        if self._runner is not None:
            self._runner.poke()
