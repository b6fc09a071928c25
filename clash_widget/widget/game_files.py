"""A match widget's game files: saving and loading from code and from the front end.

The files themselves (their JSON, how one is read and verified) are the engine's
(:mod:`clash_widget.engine.game_file`, :meth:`Session.game_file`); this part of the
widget only says what happened. From code: :meth:`GameFiles.game_file`, ``save`` and
``load`` (and ``MatchWidget.from_file``). From the front end: the ``"save"`` intent (the game file
goes back as a custom message for the browser to download) and ``{type: "load", text,
name}`` (a file's text, never a path on the kernel's machine; verified before anything
changes, else ``widget.bad-file``).
"""

from __future__ import annotations

import pathlib
from typing import Any

from clash_widget.engine import Match
from clash_widget.engine.session import GameFileError, read_game_file

from .host import WidgetHost
from .intents import BAD_FILE

GameFile = dict[str, Any] | str | pathlib.Path


class GameFiles(WidgetHost):
    """Save and load, from code and from the front end's intents."""

    def game_file(self) -> dict[str, Any]:
        """The game as a JSON-ready dict (record, plus the start if it was set up)."""
        with self._lock:
            return self._session.game_file()

    def save(self, path: str | pathlib.Path) -> pathlib.Path:
        """Write the game file (JSON) to ``path``."""
        with self._lock:
            return self._session.save(path)

    def load(self, source: GameFile) -> None:
        """Load a game file (path, JSON text or dict) in place of the current game.

        The file is verified first (``GameFileError``, a ``ValueError``, says what is
        wrong); a bad file changes nothing.
        """
        self._replace_game(read_game_file(source))

    def _handle_extra(self, kind: str, intent: dict[str, Any], seq: int | None) -> None:
        """The game-file intents (subclasses add their own and call this for the rest)."""
        if kind == "save":
            self._send_game_file(seq)
        elif kind == "load":  # allowed while replaying: a new game replaces this one
            self._load_text(intent["text"], intent.get("name", ""), seq)
        elif kind == "new":
            self._new_game(seq)
        else:
            raise NotImplementedError(kind)

    def _replace_game(self, match: Match) -> None:
        self.autoplay = False  # the bots do not play on into a loaded game by themselves
        self.match = match

    def _new_game(self, seq: int | None) -> None:
        """The same game, seats and options, dealt again from the next seed."""
        old = self.match
        who = old.record().get("names") or old.players  # the names, when the game was given them
        self._replace_game(Match.new(old.game, who, old.seed + 1, old.options))
        self._say(True, "A new game: the cards and the map are dealt again.", None, seq=seq)

    def _send_game_file(self, seq: int | None) -> None:
        name, n = self._session.file_name(), self._session.replay_length
        self.send({"type": "game_file", "name": name, "text": self._session.to_json()})
        self._say(True, f"Saved the game ({n} actions) as {name}.", None, seq=seq)

    def _load_text(self, text: str, name: str, seq: int | None) -> None:
        try:
            match = Match.load(text)
        except GameFileError as exc:
            self._say(
                False, f"Cannot load {name or 'the file'}.", BAD_FILE.refuse(str(exc)), seq=seq
            )
            return
        self._replace_game(match)
        n = len(match.actions)
        what = f"{n} action{'s' if n != 1 else ''}"
        self._say(True, f"Loaded {name or 'a game'}: {what}; scrub to replay.", None, seq=seq)
