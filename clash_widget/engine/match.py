"""A match: one game in progress, with its record, undo and redo.

``Match`` is the object notebooks, bots and the widget hold. It never raises
on bad input: :meth:`play` returns an :class:`Outcome` with the verdict, and
the state is untouched. Play is atomic: a bug raised while applying an action
is raised again with the match exactly as before the action. The record (game,
players, seed, options, action keys) replays to the identical state; undo
restores snapshots and stops at a barrier once dice were rolled or hidden
information revealed.

Game files are verified on load (:meth:`Match.load`, :meth:`Match.from_json`):
the record is replayed from the start (dealt from the record, or the stored
``start`` of a set-up position), and a file whose record does not replay to its
stored state, whose position breaks the game's invariants, or that is not a game
file at all is refused with a :class:`GameFileError` saying why in plain words.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, MalformedAction
from .game import MALFORMED, STALE, Game, Options, State
from .registry import GAMES, get_game
from .rules import Verdict
from .seats import names as seat_names
from .seats import names_problem
from .state import canonical_json, clone, state_hash

RECORD_VERSION = 1
# The game file the widgets save: {"format", "record", "start"?} (Session.game_file).
# Version 2 spelt Clash of Cultures' state keys out in full; version 3 dropped the copy of
# the log Secolo and History positions kept. Older files still load (each game upgrades
# its own positions: Game.upgrade_position).
GAME_FILE_VERSION = 3
GAME_FILE_FORMAT = f"clash-widget-game/{GAME_FILE_VERSION}"
_READABLE_FORMATS = {f"clash-widget-game/{v}": v for v in range(1, GAME_FILE_VERSION + 1)}
_MAX_DIFFERENCES = 3
UNCHANGED_NOTE = "The action was rolled back: the game is unchanged."
"""Noted on an exception raised inside :meth:`Match.play` (``exc.__notes__``)."""


class GameFileError(ValueError):
    """A game file that cannot be loaded; the message says why in plain words."""


@dataclass
class Outcome:
    """What happened when an action was offered."""

    ok: bool
    action: Action | None = None
    verdict: Verdict | None = None
    events: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        if self.ok:
            return f"Outcome(ok, {self.action}, {len(self.events)} events)"
        return f"Outcome(refused: {self.verdict})"


class Match:
    """A game in progress: state + record + undo history."""

    def __init__(
        self,
        game: Game,
        state: State,
        *,
        players: int,
        seed: int,
        options: Options,
        keep_undo: bool = True,
    ) -> None:
        self.game = game
        self.state = state
        self.players = players
        self.seed = seed
        self.options = options
        self.keep_undo = keep_undo
        self.actions: list[str] = []
        self.log: list[dict[str, Any]] = []
        self._undo: list[tuple[State, int, bool]] = []  # (state before, log length, barrier)
        self._redo: list[str] = []
        self._start: State | None = None  # the position before the first recorded action

    # -- construction ----------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str | Game = "coc",
        players: int | Sequence[str] = 2,
        seed: int = 0,
        options: dict[str, Any] | Options | None = None,
        *,
        keep_undo: bool = True,
    ) -> Match:
        """A new game; ``players`` is a number of players or their names, one per seat.

        Without names the seats are called by their colours (:mod:`.seats`); names are
        kept in ``state["names"]`` and in the record, so a replay reads them too.
        """
        g = get_game(game) if isinstance(game, str) else game
        if isinstance(players, str):
            raise ValueError("players is a number or a list of names, one per seat")
        given: list[str] | None = None
        if isinstance(players, int):
            n = players
        else:
            n = len(players)
            problem = names_problem(list(players), n)
            if problem:
                raise ValueError(problem)
            given = [name.strip() for name in players]
        if not g.min_players <= n <= g.max_players:
            raise ValueError(f"{g.title} takes {g.min_players}-{g.max_players} players")
        opts = g.options_from(options)
        state = g.new_state(n, seed, opts)
        if given is not None:
            g.name_seats(state, given)
        return cls(g, state, players=n, seed=seed, options=opts, keep_undo=keep_undo)

    @classmethod
    def from_state(cls, game: str | Game, state: State, *, keep_undo: bool = True) -> Match:
        """Wrap a prepared state (scenario builder); its record starts here."""
        g = get_game(game) if isinstance(game, str) else game
        return cls(
            g,
            state,
            players=len(state["players"]),
            seed=state.get("seed", 0),
            options=g.options_of(state),
            keep_undo=keep_undo,
        )

    # -- asking ----------------------------------------------------------
    @property
    def version(self) -> int:
        """Increases with every applied action and every undo/redo."""
        return int(self.state.get("version", 0))

    @property
    def names(self) -> list[str]:
        """Every seat's name, in seat order (the colours unless the match was given names)."""
        return seat_names(self.state)

    @property
    def current_player(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def check(self, action: str | Action, *, version: int | None = None) -> Verdict | None:
        """None if the action is legal now, else the verdict naming the broken rule."""
        if version is not None and version != self.version:
            return STALE.refuse(f"sent at version {version}, now {self.version}")
        try:
            a = Action.parse(action)
        except MalformedAction as exc:
            return MALFORMED.refuse(str(exc))
        return self.game.check(self.state, a)

    def explain(self, action: str | Action) -> str:
        """``"legal"``, or why not: the refusal's sentence, then its rule (Verdict.explanation)."""
        v = self.check(action)
        return "legal" if v is None else v.explanation

    def prompt(self) -> str:
        return self.game.prompt(self.state)

    def describe(self, action: str | Action) -> str:
        """An action in the game's words now (a legal action's label); "" if it cannot be read."""
        try:
            return self.game.describe(self.state, Action.parse(action))
        except (MalformedAction, KeyError, IndexError, ValueError, TypeError):
            return ""

    # -- acting ----------------------------------------------------------
    def play(self, action: str | Action, *, version: int | None = None) -> Outcome:
        """Play a legal action, or refuse it (the Outcome says why) and change nothing.

        Atomic: an action happens completely (applied, settled, versioned, recorded,
        undoable) or not at all. An exception raised by the rules while applying it
        is a bug, not a refusal: the match is put back exactly as it was (state,
        record, log, undo and redo) and the exception is raised again, with a note
        saying so (:data:`UNCHANGED_NOTE`).
        """
        verdict = self.check(action, version=version)
        if verdict is not None:
            return Outcome(False, None, verdict)
        a = Action.parse(action)
        # The record starts here (a set-up position may differ from a deal).
        start = clone(self.state) if not self.actions else None
        before = clone(self.state) if self.keep_undo else None
        version_before = self.version
        stored_version = self.state.get("version")  # None: a fresh state has no version yet
        rng_before = self.state.get("rng", 0)
        try:
            ev = self.game.apply(self.state, a)
            self.state["version"] = version_before + 1
            barrier = before is not None and self.game.undo_barrier(rng_before, self.state, ev)
        except BaseException as exc:
            try:
                self._roll_back(before if before is not None else start, stored_version)
            except Exception as failed:  # the record no longer replays either: say so
                exc.add_note(f"Rolling the action back failed too ({failed!r}): the game changed.")
                raise exc from None
            exc.add_note(UNCHANGED_NOTE)
            raise
        # Committing: nothing below can fail halfway.
        if start is not None:
            self._start = start
        if before is not None:
            self._undo.append((before, len(self.log), barrier))
        self._redo.clear()
        self.actions.append(str(a))
        self.log.extend(ev)
        return Outcome(True, a, None, list(ev))

    def _roll_back(self, before: State | None, version: int | None) -> None:
        """Put the state back as it was before the action that failed.

        ``before`` is the snapshot taken for undo (or the start of the record); without
        one (``keep_undo=False``, where a snapshot per action would cost as much as the
        action) the record is replayed from its start, which gives the identical position
        because a record replays deterministically.
        """
        if before is None:
            replay = Match.from_state(self.game, self.start_state(), keep_undo=False)
            for key in self.actions:
                replay.game.apply(replay.state, Action.parse(key))
            before = replay.state
        before.pop("version", None)
        if version is not None:
            before["version"] = version
        self.state.clear()  # in place: whoever holds the state sees it restored
        self.state.update(before)

    def play_many(self, actions: list[str | Action]) -> list[Outcome]:
        """Play actions in order, stopping at the first refusal."""
        out = []
        for a in actions:
            o = self.play(a)
            out.append(o)
            if not o.ok:
                break
        return out

    # -- undo / redo -----------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._undo) and not self._undo[-1][2]

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Step back one action unless it rolled dice or revealed secrets."""
        if not self.can_undo():
            return False
        before, log_len, _ = self._undo.pop()
        version = self.version
        self._redo.append(self.actions.pop())
        self.state = before
        self.state["version"] = version + 1
        del self.log[log_len:]
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        redo, key = self._redo[:-1], self._redo[-1]
        self._redo = []  # play() forgets the redo list; this replay must not
        try:
            ok = self.play(key).ok
        except BaseException:
            self._redo = [*redo, key]  # the failed action changed nothing, redo list included
            raise
        self._redo = redo
        return ok

    # -- records, JSON, views ----------------------------------------------
    def record(self) -> dict[str, Any]:
        rec = {
            "format": RECORD_VERSION,
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "actions": list(self.actions),
        }
        if self.state.get("names"):  # only when given: older records stay as they were
            rec["names"] = list(self.state["names"])
        return rec

    @classmethod
    def replay(cls, record: dict[str, Any], *, keep_undo: bool = False) -> Match:
        """Rebuild a match from its record; raises ValueError if an action is refused."""
        m = cls.new(
            record["game"],
            record.get("names") or record["players"],
            record["seed"],
            record.get("options"),
            keep_undo=keep_undo,
        )
        for i, key in enumerate(record["actions"]):
            o = m.play(key)
            if not o.ok:
                raise ValueError(f"record action {i} ({key}) refused: {o.verdict}")
        return m

    def state_hash(self) -> str:
        return state_hash(self._hashable_state())

    def _hashable_state(self) -> State:
        s = dict(self.state)
        s.pop("version", None)  # undo/redo bump the version; the position is what counts
        return s

    def start_state(self) -> State:
        """A copy of the position before the first recorded action."""
        if not self.actions:
            return dict(clone(self.state))
        if self._start is not None:
            return dict(clone(self._start))
        return self._dealt().state  # actions set from outside: the record's own deal

    def start_if_set_up(self) -> State | None:
        """The start position when the record alone does not deal it (a set-up position)."""
        start = self.start_state()
        try:
            dealt = self._dealt().state
        except (ValueError, TypeError, KeyError):  # no deal gives this many players or options
            return start
        return None if _same_position(start, dealt) else start

    def _dealt(self) -> Match:
        who = self.state.get("names") or self.players
        return Match.new(self.game, who, self.seed, self.options, keep_undo=False)

    def to_json(self) -> str:
        """The record and the state (and the start of a set-up position), as JSON text."""
        data: dict[str, Any] = {
            "format": GAME_FILE_FORMAT,
            "record": self.record(),
            "state": self.state,
        }
        start = self.start_if_set_up()
        if start is not None:
            data["start"] = start
        return canonical_json(data)

    @classmethod
    def from_json(cls, text: str) -> Match:
        """The match of :meth:`to_json` text, verified (see :meth:`load`)."""
        return cls.load(text)

    @classmethod
    def load(cls, data: str | bytes | dict[str, Any]) -> Match:
        """A match from a game file's JSON text or parsed data, verified by replaying it.

        Reads :meth:`to_json` text (``record`` + ``state``), the widgets' game files
        (``format`` + ``record``, with ``start`` for a set-up position) and a bare
        record. Raises :class:`GameFileError` with the reason when the file is not a
        game file, an action of its record is refused, the record does not replay to
        the stored state, or the position breaks one of the game's invariants.
        """
        return _load(data)

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.game.view(self.state, seat)
        v["version"] = self.version
        v["can_undo"] = self.can_undo()
        v["can_redo"] = self.can_redo()
        v["log"] = [self.game.event_for(e, seat) for e in self.log[-60:]]
        return v

    def scores(self) -> list[float]:
        return self.game.scores(self.state)


# -- game files: reading and verifying ------------------------------------------------------
def _same_position(a: State, b: State) -> bool:
    def strip(s: State) -> State:
        return {k: v for k, v in s.items() if k != "version"}

    return canonical_json(strip(a)) == canonical_json(strip(b))


def _a(value: Any) -> str:
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
        raise GameFileError(f"a game file is a JSON object, not {_a(data)}")
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
        raise GameFileError(f'the file\'s "record" must be an object, not {_a(rec)}')
    for key, kind, kind_text, what in _RECORD_FIELDS:
        if key not in rec:
            raise GameFileError(f'the record has no "{key}" ({what})')
        value = rec[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise GameFileError(f'the record\'s "{key}" must be {kind_text}, not {_a(value)}')
    bad = [i for i, a in enumerate(rec["actions"]) if not isinstance(a, str)]
    if bad:
        value = rec["actions"][bad[0]]
        raise GameFileError(f"action {bad[0] + 1} of the record must be text, not {_a(value)}")
    if rec.get("options") is not None and not isinstance(rec["options"], dict):
        raise GameFileError(f'the record\'s "options" must be an object, not {_a(rec["options"])}')
    names = rec.get("names")
    if names is not None:
        problem = (
            names_problem(names, rec["players"])
            if isinstance(names, list)
            else f"the names are a list, not {_a(names)}"
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


def _check_invariants(game: Game, state: State, what: str) -> None:
    try:
        broken = game.invariants(state)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise GameFileError(f"{what} is not a {game.title} position ({_failure(exc)})") from None
    if broken:
        more = f" (and {len(broken) - 3} more)" if len(broken) > 3 else ""
        raise GameFileError(
            f"{what} breaks the rules of {game.title}: {'; '.join(broken[:3])}{more}"
        )


def _failure(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"it has no {_short(exc.args[0]) if exc.args else 'such key'}"
    return f"{type(exc).__name__}: {exc}"


def _first_match(game: Game, rec: dict[str, Any], start: Any) -> Match:
    """The match before the record's first action: dealt from the record, or its stored start."""
    if start is None:
        try:
            return Match.new(
                game, rec.get("names") or rec["players"], rec["seed"], rec.get("options")
            )
        except (ValueError, TypeError) as exc:
            raise GameFileError(f"the record cannot start a game: {exc}") from None
    if not isinstance(start, dict):
        raise GameFileError(f'the file\'s "start" must be a position (an object), not {_a(start)}')
    _check_invariants(game, start, "the start position")
    try:
        match = Match.from_state(game, clone(start))
        options = game.options_from(rec.get("options")).to_dict()
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise GameFileError(
            f"the start position is not a {game.title} position ({_failure(exc)})"
        ) from None
    if match.players != rec["players"]:
        raise GameFileError(
            f"the record is for {rec['players']} players but its start position has {match.players}"
        )
    if match.options.to_dict() != options:
        raise GameFileError("the record's options are not those of its start position")
    match.seed = rec["seed"]
    return match


def _load(data: str | bytes | dict[str, Any]) -> Match:
    data = _parse(data)
    rec = _record_of(data)
    game = _game_of(rec["game"])
    # A file without "format" predates version 2 (renaming is a no-op on newer positions).
    fmt = data.get("format")
    version = _READABLE_FORMATS.get(fmt, 1) if isinstance(fmt, str) else 1
    if version < GAME_FILE_VERSION:
        data = dict(data)
        for key in ("start", "state"):
            if isinstance(data.get(key), dict):
                data[key] = game.upgrade_position(clone(data[key]), version)
    match = _first_match(game, rec, data.get("start"))
    for i, key in enumerate(rec["actions"]):
        try:
            outcome = match.play(key)
        except Exception as exc:  # a rules error while replaying: the file cannot be trusted
            raise GameFileError(
                f"action {i + 1} of the record ({key}) cannot be replayed: {_failure(exc)}"
            ) from None
        if not outcome.ok:
            raise GameFileError(
                f"action {i + 1} of the record ({key}) is refused: {outcome.verdict}"
            )
    stored = data.get("state")
    if stored is not None:
        if not isinstance(stored, dict):
            raise GameFileError(
                f'the file\'s "state" must be a position (an object), not {_a(stored)}'
            )
        diffs: list[str] = []
        _differences(stored, match.state, "", diffs)
        if diffs:
            n = len(rec["actions"])
            raise GameFileError(
                f"the stored state does not match its record (replaying the {n} recorded "
                f"action{'s' if n != 1 else ''}): {'; '.join(diffs)}"
            )
        if isinstance(stored.get("version"), int) and not isinstance(stored["version"], bool):
            match.state["version"] = stored["version"]
    _check_invariants(game, match.state, "the position")
    return match
