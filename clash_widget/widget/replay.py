"""Game files and the replay timeline, without any Jupyter import.

A game file is JSON: ``{"format", "record", "start"?}``. ``record`` is
``Match.record()``; ``start`` is the position before the first recorded action,
stored only when it is not the one ``Match.new`` deals from the record (a
position set up with the Scenario builder), so a plain game stays a plain record.

``Timeline`` rebuilds the position after any number of recorded actions, keeping
a few snapshots so that dragging a scrubber does not replay from the start each
time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from clash_widget.engine import Game, Match, clone

GAME_FILE_FORMAT = "clash-widget-game/1"
_SNAPSHOT_EVERY = 16


def _fresh(match_or_record: Match | dict[str, Any]) -> Match:
    rec = match_or_record.record() if isinstance(match_or_record, Match) else match_or_record
    return Match.new(rec["game"], rec["players"], rec["seed"], rec.get("options"), keep_undo=False)


def start_state(match: Match) -> dict[str, Any]:
    """The position before ``match``'s first recorded action (a copy)."""
    if not match.actions:
        return clone(match.state)
    return clone(_fresh(match).state)


def _same_position(a: dict[str, Any], b: dict[str, Any]) -> bool:
    strip = lambda s: {k: v for k, v in s.items() if k != "version"}  # noqa: E731
    return json.dumps(strip(a), sort_keys=True) == json.dumps(strip(b), sort_keys=True)


def game_file(match: Match, start: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON-ready game file of ``match`` (``start``: its first position, if known)."""
    out: dict[str, Any] = {"format": GAME_FILE_FORMAT, "record": match.record()}
    if start is not None and not _same_position(start, _fresh(match).state):
        out["start"] = clone(start)
    return out


def match_from_file(data: dict[str, Any] | str | Path) -> tuple[Match, dict[str, Any]]:
    """Rebuild a match from a game file (dict, JSON text or path) or a bare record.

    Returns ``(match, start_state)``. Raises ``ValueError`` when the file is not a
    game file or one of its actions is refused.
    """
    if isinstance(data, Path) or (isinstance(data, str) and not data.lstrip().startswith("{")):
        data = Path(data).read_text(encoding="utf-8")
    if isinstance(data, str):
        data = json.loads(data)
    if not isinstance(data, dict):
        raise ValueError("a game file is a JSON object")
    record = data.get("record", data)
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        raise ValueError("not a game file: no record with an action list")
    start = data.get("start")
    if start is None:
        match = Match.new(record["game"], record["players"], record["seed"], record.get("options"))
    else:
        match = Match.from_state(record["game"], clone(start))
        match.seed = record.get("seed", match.seed)
    first = clone(match.state)
    for i, key in enumerate(record["actions"]):
        outcome = match.play(key)
        if not outcome.ok:
            raise ValueError(f"action {i} ({key}) of the game file is refused: {outcome.verdict}")
    return match, first


def save_game(match: Match, path: str | Path, start: dict[str, Any] | None = None) -> Path:
    p = Path(path)
    p.write_text(json.dumps(game_file(match, start), indent=1) + "\n", encoding="utf-8")
    return p


class Timeline:
    """Positions after k actions of a list that may grow or change (undo, new moves)."""

    def __init__(self, game: Game, start: dict[str, Any]) -> None:
        self.game = game
        self.start = clone(start)
        # k -> (state, log) after k actions: the log too, so a replayed position
        # shows the same events whichever snapshot it started from.
        self._snapshots: dict[int, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        self._built: list[str] = []

    def match_at(self, actions: list[str], k: int) -> Match:
        """A fresh Match showing the position after ``actions[:k]`` (0 <= k <= len)."""
        if not 0 <= k <= len(actions):
            raise IndexError(f"position {k} is outside 0..{len(actions)}")
        self._forget_changed(actions)
        base = max((i for i in self._snapshots if i <= k), default=0)
        state, log = self._snapshots.get(base, (self.start, []))
        m = Match.from_state(self.game, clone(state), keep_undo=False)
        m.log = clone(log)
        for i in range(base, k):
            outcome = m.play(actions[i])
            if not outcome.ok:
                raise ValueError(f"replay of action {i} ({actions[i]}) refused: {outcome.verdict}")
            if (i + 1) % _SNAPSHOT_EVERY == 0 and (i + 1) not in self._snapshots:
                self._snapshots[i + 1] = (clone(m.state), clone(m.log))
        self._built = list(actions[: max(k, len(self._built))])
        return m

    def _forget_changed(self, actions: list[str]) -> None:
        n = 0
        for a, b in zip(self._built, actions, strict=False):
            if a != b:
                break
            n += 1
        if n < len(self._built):
            self._snapshots = {i: s for i, s in self._snapshots.items() if i <= n}
            self._built = self._built[:n]
