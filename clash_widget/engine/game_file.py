"""Game files: reading one and checking it, in plain words when it cannot be loaded.

A game file is JSON: ``{"format", "record", "start"?, "state"?}`` (``Match.to_json`` and the
widgets' files), or a bare record. :func:`read_game_file_data` reads and checks its shape
(the record's fields, the format, the game it names) and upgrades positions stored by an
older format; :meth:`Match.load <clash_widget.engine.match.Match.load>` replays the record
from its start, and :func:`verify_replay` checks that the replay reaches the stored state and
that the position keeps the game's invariants. Anything wrong raises :class:`GameFileError`.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .game import Game, State
from .registry import GAMES, get_game
from .seats import name as seat_name
from .seats import names_problem
from .state import clone

RECORD_VERSION = 1
# The game file the widgets save: {"format", "record", "start"?} (Session.game_file).
# Version 2 spelt Clash of Cultures' state keys out in full; version 3 dropped the copy of
# the log Secolo and History positions kept; version 4 renamed a Clash of Cultures key (a
# player's reserved wonders) and a frame kind (a battle's round). Older files still load
# (each game upgrades its own positions: Game.upgrade_position).
GAME_FILE_VERSION = 4
GAME_FILE_FORMAT = f"clash-widget-game/{GAME_FILE_VERSION}"
_READABLE_FORMATS = {f"clash-widget-game/{v}": v for v in range(1, GAME_FILE_VERSION + 1)}
_MAX_DIFFERENCES = 3


class GameFileError(ValueError):
    """A game file that cannot be loaded; the message says why in plain words."""


@dataclass(frozen=True)
class GameFile:
    """A game file whose shape was checked: what a replay starts from and must reach."""

    game: Game
    record: dict[str, Any]
    start: Any = None
    """The stored start of a set-up position (None: the record deals it)."""
    state: Any = None
    """The stored position the record must replay to (None: not stored)."""
    hints: tuple[Hinted, ...] = ()
    """The coach's hints asked in the game (checked against the replay: :func:`hint_problem`)."""


@dataclass(frozen=True)
class Hinted:
    """A hint asked in the game: after ``at`` recorded actions, by ``seat``; ``move`` is the
    action the coach suggested (a legal action of that position)."""

    at: int
    seat: int
    move: str

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "seat": self.seat, "move": self.move}


def a_value(value: Any) -> str:
    """What kind of JSON value ``value`` is, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"the text {_short(value)}"
    return f"the number {value}" if isinstance(value, (int, float)) else type(value).__name__


def _short(value: Any, limit: int = 40) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _differences(stored: Any, replayed: Any, path: str, out: list[str]) -> None:
    """Where ``stored`` and ``replayed`` differ (``path`` in the file's own keys), in words."""
    if len(out) >= _MAX_DIFFERENCES or stored == replayed:
        return
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in sorted(set(stored) | set(replayed), key=str):
            if not path and key == "version":
                continue  # undo and redo bump it; the position is what counts
            where = f"{path}.{key}" if path else str(key)
            if key not in replayed:
                out.append(f"{where} is in the file but not in the replayed game")
            elif key not in stored:
                out.append(f"{where} is missing from the file")
            else:
                _differences(stored[key], replayed[key], where, out)
            if len(out) >= _MAX_DIFFERENCES:
                return
    elif isinstance(stored, list) and isinstance(replayed, list) and len(stored) == len(replayed):
        for i, (a, b) in enumerate(zip(stored, replayed, strict=True)):
            _differences(a, b, f"{path}[{i}]", out)
            if len(out) >= _MAX_DIFFERENCES:
                return
    elif isinstance(stored, list) and isinstance(replayed, list):
        text = f"{path}: the file has {len(stored)} entries, the record gives {len(replayed)}"
        if all(isinstance(x, (str, int)) for x in stored + replayed):
            extra = list((Counter(stored) - Counter(replayed)).elements())
            lost = list((Counter(replayed) - Counter(stored)).elements())
            text += f"; only in the file: {_short(extra)}" if extra else ""
            text += f"; only by the record: {_short(lost)}" if lost else ""
        out.append(text)
    else:
        where = path or "the state"
        out.append(f"{where}: the file says {_short(stored)}, the record gives {_short(replayed)}")


def _parse(data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise GameFileError("the file is not text (UTF-8)") from None
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise GameFileError(
                f"the file is not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
            ) from None
    if not isinstance(data, dict):
        raise GameFileError(f"a game file is a JSON object, not {a_value(data)}")
    return data


_RECORD_FIELDS = (
    ("game", str, "text", "which game it is"),
    ("players", int, "a whole number", "how many players"),
    ("seed", int, "a whole number", "the seed that dealt it"),
    ("actions", list, "a list", "the actions to replay"),
)


def _record_of(data: dict[str, Any]) -> dict[str, Any]:
    fmt = data.get("format")
    if "record" not in data:
        if "actions" in data and "game" in data:
            data = {"record": data}  # a bare record
        else:
            raise GameFileError(
                'the file has no "record" (the game, players, seed and actions to replay)'
            )
    elif fmt is not None and fmt not in _READABLE_FORMATS:
        raise GameFileError(
            f"unknown game-file format {_short(fmt)} (this version reads {GAME_FILE_FORMAT})"
        )
    rec = data["record"]
    if not isinstance(rec, dict):
        raise GameFileError(f'the file\'s "record" must be an object, not {a_value(rec)}')
    for key, kind, kind_text, what in _RECORD_FIELDS:
        if key not in rec:
            raise GameFileError(f'the record has no "{key}" ({what})')
        value = rec[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise GameFileError(f'the record\'s "{key}" must be {kind_text}, not {a_value(value)}')
    bad = [i for i, a in enumerate(rec["actions"]) if not isinstance(a, str)]
    if bad:
        value = rec["actions"][bad[0]]
        raise GameFileError(f"action {bad[0] + 1} of the record must be text, not {a_value(value)}")
    if rec.get("options") is not None and not isinstance(rec["options"], dict):
        raise GameFileError(
            f'the record\'s "options" must be an object, not {a_value(rec["options"])}'
        )
    names = rec.get("names")
    if names is not None:
        problem = (
            names_problem(names, rec["players"])
            if isinstance(names, list)
            else f"the names are a list, not {a_value(names)}"
        )
        if problem:
            raise GameFileError(f'the record\'s "names" are wrong: {problem}')
    if rec.get("format", RECORD_VERSION) != RECORD_VERSION:
        raise GameFileError(
            f"the record is format {_short(rec['format'])}; "
            f"this version reads format {RECORD_VERSION}"
        )
    return rec


def _game_of(name: str) -> Game:
    if name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise GameFileError(f"the record names an unknown game {_short(name)} (known: {known})")
    return get_game(name)


def check_invariants(game: Game, state: State, what: str) -> None:
    try:
        broken = game.invariants(state)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise GameFileError(f"{what} is not a {game.title} position ({failure(exc)})") from None
    if broken:
        more = f" (and {len(broken) - 3} more)" if len(broken) > 3 else ""
        raise GameFileError(
            f"{what} breaks the rules of {game.title}: {'; '.join(broken[:3])}{more}"
        )


def failure(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"it has no {_short(exc.args[0]) if exc.args else 'such key'}"
    return f"{type(exc).__name__}: {exc}"


def _hints_of(data: dict[str, Any], rec: dict[str, Any]) -> tuple[Hinted, ...]:
    """The file's ``"hints"`` (a list of ``{"at", "seat", "move"}``), their shape checked."""
    raw = data.get("hints")
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise GameFileError(f'the file\'s "hints" must be a list, not {a_value(raw)}')
    out: list[Hinted] = []
    n, players = len(rec["actions"]), rec["players"]
    for i, h in enumerate(raw):
        where = f"hint {i + 1} of the file"
        if not isinstance(h, dict) or set(h) != {"at", "seat", "move"}:
            raise GameFileError(f'{where} must be an object with "at", "seat" and "move"')
        at, seat, move = h["at"], h["seat"], h["move"]
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= n:
            raise GameFileError(f"{where} was asked at {a_value(at)}, not a position 0 to {n}")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise GameFileError(f"{where} names {a_value(seat)}, not one of the {players} players")
        if not isinstance(move, str) or not move.strip():
            raise GameFileError(f"{where} must name its move as text, not {a_value(move)}")
        out.append(Hinted(at, seat, move))
    return tuple(out)


def hint_problem(game: Game, state: State, hinted: Hinted) -> str | None:
    """Why ``hinted`` does not fit the position it was asked at (``state``), or None: the
    seat that asked must be the one to decide there, and the move one of its legal moves."""
    to_move = game.current_player(state)
    if to_move != hinted.seat:
        who = "nobody" if to_move is None else seat_name(state, to_move)
        asker = seat_name(state, hinted.seat)
        return f"{asker} asked for a hint at position {hinted.at}, where {who} decides"
    if hinted.move not in {str(a) for a in game.legal_actions(state)}:
        return f"the hint at position {hinted.at} ({hinted.move}) is not a legal move there"
    return None


def read_game_file_data(data: str | bytes | dict[str, Any]) -> GameFile:
    """The checked game file of ``data`` (its JSON text or parsed data), positions upgraded."""
    parsed = _parse(data)
    rec = _record_of(parsed)
    game = _game_of(rec["game"])
    # A file without "format" predates version 2 (renaming is a no-op on newer positions).
    fmt = parsed.get("format")
    version = _READABLE_FORMATS.get(fmt, 1) if isinstance(fmt, str) else 1
    positions = {key: parsed.get(key) for key in ("start", "state")}
    if version < GAME_FILE_VERSION:
        for key, value in positions.items():
            if isinstance(value, dict):
                positions[key] = game.upgrade_position(clone(value), version)
    start = positions["start"]
    if start is not None:
        if not isinstance(start, dict):
            raise GameFileError(
                f'the file\'s "start" must be a position (an object), not {a_value(start)}'
            )
        check_invariants(game, start, "the start position")
    return GameFile(game, rec, start, positions["state"], _hints_of(parsed, rec))


def check_start_fits(file: GameFile, players: int, options: dict[str, Any]) -> None:
    """The stored start position is for the record's players and options."""
    rec, game = file.record, file.game
    try:
        wanted = game.options_from(rec.get("options")).to_dict()
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise GameFileError(
            f"the start position is not a {game.title} position ({failure(exc)})"
        ) from None
    if players != rec["players"]:
        raise GameFileError(
            f"the record is for {rec['players']} players but its start position has {players}"
        )
    if options != wanted:
        raise GameFileError("the record's options are not those of its start position")


def verify_replay(file: GameFile, replayed: State) -> None:
    """Check the replayed position against the file's stored one and the game's invariants;
    the replay takes the stored ``version`` (undo and redo bump it, the position is the same)."""
    stored = file.state
    if stored is not None:
        if not isinstance(stored, dict):
            raise GameFileError(
                f'the file\'s "state" must be a position (an object), not {a_value(stored)}'
            )
        diffs: list[str] = []
        _differences(stored, replayed, "", diffs)
        if diffs:
            n = len(file.record["actions"])
            raise GameFileError(
                f"the stored state does not match its record (replaying the {n} recorded "
                f"action{'s' if n != 1 else ''}): {'; '.join(diffs)}"
            )
        if isinstance(stored.get("version"), int) and not isinstance(stored["version"], bool):
            replayed["version"] = stored["version"]
    check_invariants(file.game, replayed, "the position")


__all__ = [
    "GAME_FILE_FORMAT",
    "GAME_FILE_VERSION",
    "RECORD_VERSION",
    "GameFile",
    "GameFileError",
    "Hinted",
    "a_value",
    "check_invariants",
    "check_start_fits",
    "failure",
    "hint_problem",
    "read_game_file_data",
    "verify_replay",
]
