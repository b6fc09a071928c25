"""BoardWidget's replay scrubber and game files (save, load).

A mixin of :class:`~clash_widget.widget.board.BoardWidget` (which owns the traits
``position`` and ``replay_length`` and the lock). Game files are JSON
(replay.py); a replayed position is read-only (``widget.replay-read-only``).
"""

from __future__ import annotations

import json
import pathlib
from typing import TYPE_CHECKING, Any

from clash_widget.engine import Outcome

from .intents import BAD_FILE, READ_ONLY_REPLAY
from .replay import Timeline, game_file, match_from_file, save_game

if TYPE_CHECKING:
    from .board import BoardWidget

    _Base = BoardWidget
else:
    _Base = object


class GameFilesMixin(_Base):
    """Replay positions and game files of a BoardWidget."""

    def scrub(self, position: int | None) -> None:
        """Show the position after ``position`` recorded actions (``None``: the live game)."""
        self.position = position

    def live(self) -> None:
        self.position = None

    def game_file(self) -> dict[str, Any]:
        """The game as a JSON-ready dict (record, plus the start if it was set up)."""
        with self._lock:
            return game_file(self.match, self._start)

    def save(self, path: str | pathlib.Path) -> pathlib.Path:
        """Write the game file (JSON) to ``path``."""
        with self._lock:
            return save_game(self.match, path, self._start)

    def load(self, source: dict[str, Any] | str | pathlib.Path) -> None:
        """Load a game file (path, JSON text or dict) in place of the current game."""
        match, start = match_from_file(source)
        self.autoplay = False
        with self._lock:
            self.match = match
            self._start = start
            self._timeline = Timeline(match.game, start)

    @classmethod
    def from_file(cls, source: dict[str, Any] | str | pathlib.Path, **kwargs: Any) -> BoardWidget:
        match, start = match_from_file(source)
        w = cls(match, **kwargs)
        with w.lock:
            w._start = start
            w._timeline = Timeline(match.game, start)
        return w

    def _send_game_file(self, seq: int | None) -> None:
        data = game_file(self.match, self._start)
        n = len(self.match.actions)
        name = f"clash-{self.match.game.name}-{self.match.players}p-seed{self.match.seed}-{n}.json"
        self.send({"type": "game_file", "name": name, "text": json.dumps(data, indent=1)})
        self._say(True, f"Saved the game ({n} actions) as {name}.", None, seq=seq)

    def _load_text(self, text: str, name: str, seq: int | None) -> None:
        try:  # the text of a file, never a path on the kernel's machine
            match, start = match_from_file(json.loads(text))
        except (ValueError, KeyError, TypeError) as exc:
            what = name or "the file"
            self._say(False, f"Cannot load {what}: {exc}", BAD_FILE.refuse(str(exc)), seq=seq)
            return
        self.autoplay = False
        self.match = match
        self._start = start
        self._timeline = Timeline(match.game, start)
        n = len(match.actions)
        self._say(True, f"Loaded {name or 'a game'}: {n} actions; scrub to replay.", None, seq=seq)

    def _replay_view(self, seat: int | None, k: int, n: int) -> dict[str, Any]:
        m = self._timeline.match_at(self.match.actions, k)
        view = m.view(seat)
        view.update(
            legal=[],
            version=self.match.version,  # intents are checked against the live game
            can_undo=False,
            can_redo=False,
            prompt=f"Replay: after {k} of {n} actions (read-only). {view.get('prompt', '')}",
        )
        return view

    def _refuse_replay(self, what: str, *, seq: int | None = None) -> Outcome:
        verdict = READ_ONLY_REPLAY.refuse(f"showing position {self.position}")
        self._say(False, f"Refused: {what}", verdict, seq=seq)
        return Outcome(False, None, verdict)
