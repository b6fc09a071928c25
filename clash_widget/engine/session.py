"""A headless game session: what every game's widget wraps, usable without Jupyter.

A :class:`Session` owns one :class:`~clash_widget.engine.match.Match` and what a
table around it needs, for any game:

- **seats**: each seat is a person (``None``) or a bot named in the bot catalogue
  (``"random"``, ``"heuristic"`` ...); :meth:`Session.step` plays one bot move,
  :meth:`Session.run` plays until a person is to move. There are no threads here:
  whoever wants bots to play with a delay (the widget) schedules the steps, and a
  Python without threads (Pyodide) loses nothing.
- **play, undo and redo** through the match (refusals come back as an ``Outcome``).
- **views**: a seat's view (``None``: the teacher's), the seat a hot-seat table
  shows, and the patch from a seat's previous view to its new one.
- **the timeline**: the position after any number of recorded actions, for replay.
- **game files**: JSON ``{"format", "record", "start"?}``; ``start`` is kept only
  when the record alone does not deal the first position (a set-up position).
  Every file is verified when it is read (:meth:`Match.load`).

The engine knows no game and no bot: bots come from a factory
``(name, game, seed) -> bot`` (anything with ``choose(game, state, legal)``).
By default it is the bot catalogue handed to :func:`use_catalogue`: the package
hands it ``clash_widget.bots.registry`` (``clash_widget/__init__``, an import the layers
contract sees, made on first use); the engine names no bot module.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from .actions import Action
from .game import Game, Options, State
from .game_file import Hinted
from .match import GAME_FILE_FORMAT, GameFileError, Match, Outcome
from .seats import name as seat_name
from .state import clone

__all__ = [
    "GAME_FILE_FORMAT",
    "BotFactory",
    "GameFileError",
    "Session",
    "Timeline",
    "apply_patch",
    "bot_seed",
    "make_patch",
    "read_game_file",
    "seat_patch",
]

View = dict[str, Any]
_SNAPSHOT_EVERY = 16


class Chooser(Protocol):
    """A bot as the session sees it."""

    def choose(self, game: Game, state: State, legal: list[Action]) -> Action: ...


BotFactory = Callable[[str, str, int], Chooser]
BotPlay = Callable[[str, Action], Outcome]  # (the bot's name, its chosen action) -> outcome
Coach = Callable[..., Any]  # hint(match, seat, **settings) -> a hint with ``.action``


def bot_seed(match_seed: int, seat: int) -> int:
    """Each seat's bot draws from its own stream, fixed by the match seed and the seat.

    The one formula for every table: the widgets' sessions and the lab's self-play
    (``lab.one_game.seat_bots``) seat the same bots for the same game.
    """
    return match_seed * 31 + seat


class BotCatalogue(Protocol):
    """Bots by name (``clash_widget.bots.registry`` is one): the games each plays, and a
    maker."""

    @property
    def BOTS(self) -> Mapping[str, Collection[str]]: ...  # noqa: N802 - the module's name

    def make_bot(self, name: str, game: str, seed: int) -> Chooser: ...


_catalogues: list[Callable[[], BotCatalogue]] = []


def use_catalogue(source: Callable[[], BotCatalogue]) -> None:
    """Where every session finds the bot catalogue it seats its bots from (unless given a
    ``bot_factory``): ``source()``, asked on first use (so importing the engine loads no
    bot)."""
    _catalogues[:] = [source]


_coaches: list[Callable[[], Callable[..., Any]]] = []


def use_coach(source: Callable[[], Callable[..., Any]]) -> None:
    """Where every session finds the coach's ``hint(match, seat, **settings)`` (unless given
    its own ``coach``): ``source()``, asked on the first hint (the engine imports no coach)."""
    _coaches[:] = [source]


def _catalogue() -> BotCatalogue:
    if not _catalogues:
        raise LookupError(
            "no bot catalogue: import clash_widget (it hands the engine clash_widget.bots), "
            "or give the session a bot_factory"
        )
    return _catalogues[0]()


def catalogue_names(game: str) -> tuple[str, ...]:
    """The names of the catalogue's bots that play ``game``."""
    bots = _catalogue().BOTS
    return tuple(sorted(n for n, table in bots.items() if game in table or "*" in table))


# -- game files ------------------------------------------------------------------------------
def read_game_file(source: str | bytes | Path | dict[str, Any]) -> Match:
    """The verified match of a game file: a dict, its JSON text, or a path to it.

    A string that does not start with ``{`` is a path. Raises :class:`GameFileError`
    (a ``ValueError``) saying what is wrong.
    """
    if isinstance(source, Path) or (
        isinstance(source, str) and not source.lstrip().startswith("{")
    ):
        try:
            source = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise GameFileError(f"cannot read {source}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise GameFileError(f"{source} is not text (UTF-8)") from None
    return Match.load(source)


# -- view patches ----------------------------------------------------------------------------
def _log_tail(old: list[Any], new: list[Any]) -> dict[str, Any] | None:
    """``{"drop", "add"}`` turning ``old`` into ``new``, if ``new`` continues ``old``."""
    for drop in range(len(old) + 1):
        kept = len(old) - drop
        if kept <= len(new) and old[drop:] == new[:kept]:
            return {"drop": drop, "add": new[kept:]}
    return None


def make_patch(old: View, new: View) -> dict[str, Any]:
    """The patch from ``old`` to ``new`` (two views of one seat, each with a ``version``).

    After an action most of a view is unchanged (the map, most players) and the log
    only slides: a patch carries the changed top-level keys and the log's new tail.
    A front end applies it to the view it has if that view is the patch's ``base``
    version (js/src/coc/patch.ts), and asks for the whole view otherwise.
    """
    changed = {k: v for k, v in new.items() if k != "log" and old.get(k) != v}
    patch: dict[str, Any] = {
        "base": old.get("version"),
        "to": new.get("version"),
        "set": changed,
        "unset": sorted(k for k in old if k not in new),
    }
    old_log, new_log = old.get("log"), new.get("log")
    if old_log != new_log:
        tail = _log_tail(old_log or [], new_log or []) if isinstance(new_log, list) else None
        if tail is None:
            changed["log"] = new_log
        else:
            patch["log"] = tail
    return patch


def seat_patch(old: View | None, new: View) -> dict[str, Any] | None:
    """The patch from ``old`` to ``new`` if both are views of the same seat, else None."""
    if not old or old.get("seat") != new.get("seat"):
        return None
    return make_patch(old, new)


def apply_patch(view: View, patch: dict[str, Any]) -> View:
    """Python twin of the front end's applyPatch (used by tests)."""
    out = {k: v for k, v in view.items() if k not in patch.get("unset", [])}
    out.update(patch["set"])
    if "log" in patch:
        out["log"] = list(view.get("log", []))[patch["log"]["drop"] :] + patch["log"]["add"]
    return out


# -- the timeline ----------------------------------------------------------------------------
class Timeline:
    """Positions after k recorded actions of a match whose record may grow or change.

    Keeps a snapshot every few actions, so that dragging a scrubber does not replay
    from the start each time; snapshots past a changed action (undo, a new move) are
    dropped.
    """

    def __init__(self, match: Match) -> None:
        self.match = match
        # k -> (state, log) after k actions: the log too, so a replayed position
        # shows the same events whichever snapshot it started from.
        self._snapshots: dict[int, tuple[State, list[dict[str, Any]]]] = {}
        self._built: list[str] = []

    def match_at(self, k: int) -> Match:
        """A fresh Match showing the position after the first ``k`` recorded actions."""
        actions = self.match.actions
        if not 0 <= k <= len(actions):
            raise IndexError(f"position {k} is outside 0..{len(actions)}")
        self._forget_changed(actions)
        base = max((i for i in self._snapshots if i <= k), default=0)
        if base:
            state, log = self._snapshots[base]
        else:
            state, log = self.match.start_state(), self.match.opening
        m = Match.from_state(self.match.game, clone(state), keep_undo=False)
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


# -- the session -----------------------------------------------------------------------------
class Session:
    """One match with its seats (people or bots), timeline, views and game files.

    ``Session(match, *, bots=None, bot_factory=None, bot_names=None, coach=None)``;
    ``bots`` names a bot (or ``None`` for a person) per seat. ``bot_factory(name, game,
    seed)`` makes a bot (default: the bot catalogue); ``bot_names`` are the names allowed
    (default: the catalogue's bots for this game, or any name the factory makes).
    ``coach(match, seat, **settings)`` gives a hint (default: ``clash_widget.coach.hint``,
    looked up by name on first use like the bot catalogue: the engine imports no coach).
    """

    def __init__(
        self,
        match: Match,
        *,
        bots: Sequence[str | None] | None = None,
        bot_factory: BotFactory | None = None,
        bot_names: Sequence[str] | None = None,
        coach: Coach | None = None,
    ) -> None:
        self._factory = bot_factory
        self._coach = coach
        self._from_catalogue = bot_names is None and bot_factory is None  # names follow the game
        self.bot_names: tuple[str, ...] | None = None if bot_names is None else tuple(bot_names)
        self._seats: list[str | None] = []
        self._bot_objects: dict[int, tuple[str, Chooser]] = {}
        self._set_match(match)
        if bots is not None:
            clean, problems = self.clean_bots(list(bots))
            if problems:
                raise ValueError("; ".join(problems))
            self._seats = clean

    @classmethod
    def new(
        cls,
        game: str | Game = "coc",
        players: int | Sequence[str] = 2,
        seed: int = 0,
        options: dict[str, Any] | Options | None = None,
        **kwargs: Any,
    ) -> Session:
        """A session around ``Match.new(game, players, seed, options)`` (``players``: a
        number or the players' names)."""
        return cls(Match.new(game, players, seed, options), **kwargs)

    @classmethod
    def load(cls, source: str | bytes | Path | dict[str, Any], **kwargs: Any) -> Session:
        """A session around the verified match of a game file (dict, JSON text or path)."""
        return cls(read_game_file(source), **kwargs)

    # -- the match ---------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self._match

    @match.setter
    def match(self, match: Match) -> None:
        """A new game: the seats that still exist keep their bot or person."""
        self._set_match(match)

    def _set_match(self, match: Match) -> None:
        self._match = match
        if self._from_catalogue:
            self.bot_names = catalogue_names(match.game.name)
        self.timeline = Timeline(match)
        self._bot_objects.clear()
        n = match.players
        self._seats = (self._seats + [None] * n)[:n]

    @property
    def game(self) -> Game:
        return self._match.game

    @property
    def hints(self) -> dict[int, tuple[int, str]]:
        """The coach's hints asked in this game (the match's): the number of actions recorded
        when asked -> (the seat, the hinted move's key). The game file keeps them, so a
        review can say where a hint was taken."""
        return self._match.hints

    def open(self, source: str | bytes | Path | dict[str, Any]) -> Match:
        """Replace the game with a game file's (verified first: a bad file changes nothing)."""
        match = read_game_file(source)
        self.match = match
        return match

    # -- seats ---------------------------------------------------------------------------------
    @property
    def bots(self) -> list[str | None]:
        """One entry per seat: ``None`` (a person) or a bot's name."""
        return list(self._seats)

    def clean_bots(self, bots: Any) -> tuple[list[str | None], list[str]]:
        """One entry per seat, each None or a known bot name; and what was wrong."""
        n = self._match.players
        if not isinstance(bots, list):
            return [None] * n, [f"bots must be a list, not {type(bots).__name__}"]
        clean: list[str | None] = []
        problems: list[str] = []
        for i in range(n):
            name = bots[i] if i < len(bots) else None
            if name in (None, ""):
                clean.append(None)
            elif self.knows_bot(name):
                clean.append(name)
            else:
                who = seat_name(self._match.state, i)
                problems.append(f"{who}: unknown bot {name!r}")
                clean.append(None)
        if len(bots) > n:
            problems.append(f"{len(bots)} entries for {n} seats")
        return clean, problems

    def knows_bot(self, name: Any) -> bool:
        if not isinstance(name, str):
            return False
        if self.bot_names is not None:
            return name in self.bot_names
        try:
            self._make_bot(name, 0)
        except (KeyError, ValueError, TypeError):
            return False
        return True

    def set_bots(self, bots: Any) -> list[str]:
        """Seat bots and people from a list (bad entries become people); returns the problems."""
        self._seats, problems = self.clean_bots(bots)
        return problems

    def set_bot(self, seat: int, name: str | None) -> None:
        """Seat a bot (by name) or a person (``None``) at ``seat``; ValueError if impossible."""
        n = self._match.players
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n):
            raise ValueError(f"no seat {seat!r}: seats are 0..{n - 1}")
        if name is not None and not self.knows_bot(name):
            known = f"; known: {', '.join(self.bot_names)}" if self.bot_names else ""
            raise ValueError(f"unknown bot {name!r}{known}")
        self._seats[seat] = name

    def bot_at(self, seat: int | None) -> str | None:
        """The bot playing ``seat`` (None: a person, or no such seat)."""
        if seat is None or not 0 <= seat < len(self._seats):
            return None
        return self._seats[seat]

    def bot_to_move(self) -> str | None:
        """The name of the bot to move now, if a bot is to move."""
        m = self._match
        return None if m.is_over else self.bot_at(m.current_player)

    def bot(self, seat: int) -> Chooser | None:
        """The bot object of ``seat`` (made once per seat and name, seeded by seat)."""
        name = self.bot_at(seat)
        if name is None:
            self._bot_objects.pop(seat, None)
            return None
        have = self._bot_objects.get(seat)
        if have is None or have[0] != name:
            have = (name, self._make_bot(name, bot_seed(self._match.seed, seat)))
            self._bot_objects[seat] = have
        return have[1]

    def _make_bot(self, name: str, seed: int) -> Chooser:
        factory = self._factory or _catalogue().make_bot
        return factory(name, self._match.game.name, seed)

    # -- playing -----------------------------------------------------------------------------
    def play(self, key: str | Action, *, version: int | None = None) -> Outcome:
        """Play an action for whoever is to move.

        Refusals change nothing; a bug raised by the rules changes nothing either
        (``Match.play`` is atomic) and reaches the caller.
        """
        return self._match.play(key, version=version)

    def undo(self) -> bool:
        return self._match.undo()  # which also forgets the hints asked after it

    def redo(self) -> bool:
        return self._match.redo()

    def choose(self) -> Action | None:
        """The move the bot to move would play now (None: no bot is to move)."""
        m = self._match
        seat = m.current_player
        if seat is None or self.bot_to_move() is None:
            return None
        bot = self.bot(seat)
        legal = m.legal_actions()
        return bot.choose(m.game, m.state, legal) if bot is not None and legal else None

    def step(self, play: BotPlay | None = None) -> Outcome | None:
        """The bot to move plays one action; None when no bot is to move.

        ``play(name, action)`` plays the chosen action instead of the match (a widget says
        who moved and shows it, through the same path as a click)."""
        name, action = self.bot_to_move(), self.choose()
        if name is None or action is None:
            return None
        if play is not None:
            return play(name, action)
        return self._match.play(action, version=self._match.version)

    def run(
        self, max_actions: int = 10_000, *, step: Callable[[], Outcome | None] | None = None
    ) -> list[Outcome]:
        """Bots play until a person is to move, the game ends, a move is refused or
        ``max_actions`` are played (``step``: one bot move, by default :meth:`step`)."""
        step = step or self.step
        out: list[Outcome] = []
        for _ in range(max_actions):
            o = step()
            if o is None:
                break
            out.append(o)
            if not o.ok:
                break
        return out

    # -- the coach ---------------------------------------------------------------------------
    def hint(self, seat: int | None = None, **settings: Any) -> Any:
        """The coach's best move for ``seat`` (default: whoever decides now), with its reasons
        (``clash_widget.coach.Hint``; ``str(hint)`` reads it). Noted in :attr:`hints`, so a
        review can say where a hint was taken. Raises ValueError when no hint can be given
        (the game is over, another seat decides)."""
        if self._coach is None and not _coaches:
            raise LookupError("no coach: import clash_widget (it hands the engine its coach)")
        coach = self._coach or _coaches[0]()
        given = coach(self._match, seat, **settings)
        action = getattr(given, "action", None)
        if action is not None:
            self.hints[len(self._match.actions)] = (given.seat, str(action))
        return given

    # -- views ---------------------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        """What ``seat`` may see now (``None``: the teacher's view)."""
        return self._match.view(seat)

    def shown_seat(self, seat: int | None, *, hotseat: bool) -> int | None:
        """The seat a table shows: in hot-seat mode the person to move, else ``seat``.

        A bot's turn (or the end of the game) keeps the last person's view.
        """
        if not hotseat:
            return seat
        m = self._match
        cp = m.current_player
        if cp is None or m.is_over or self.bot_at(cp) is not None:
            return seat
        return cp

    def view_and_patch(
        self, seat: int | None, old: View | None
    ) -> tuple[View, dict[str, Any] | None]:
        """``seat``'s view now, and the patch from ``old`` if ``old`` is a view of that seat."""
        new = self.view(seat)
        return new, seat_patch(old, new)

    # -- the timeline -------------------------------------------------------------------------
    @property
    def replay_length(self) -> int:
        """The number of recorded actions (positions are 0..replay_length)."""
        return len(self._match.actions)

    def match_at(self, k: int) -> Match:
        """A fresh match at the position after ``k`` recorded actions."""
        return self.timeline.match_at(k)

    def view_at(self, k: int, seat: int | None) -> View:
        """``seat``'s view of the position after ``k`` recorded actions, read-only."""
        n = self.replay_length
        view = self.timeline.match_at(k).view(seat)
        view.update(
            legal=[],
            version=self._match.version,  # intents are checked against the live game
            can_undo=False,
            can_redo=False,
            prompt=f"Replay: after {k} of {n} actions (read-only). {view.get('prompt', '')}",
        )
        return view

    # -- game files ----------------------------------------------------------------------------
    def game_file(self) -> dict[str, Any]:
        """The game as a JSON-ready dict: the record, and the start of a set-up position."""
        out: dict[str, Any] = {"format": GAME_FILE_FORMAT, "record": self._match.record()}
        start = self._match.start_if_set_up()
        if start is not None:
            out["start"] = start
        hints = self.kept_hints()
        if hints:
            out["hints"] = [h.to_dict() for h in hints]
        return out

    def kept_hints(self) -> list[Hinted]:
        """The hints asked in this game, in order: what the game file keeps. Each fits its
        position: the match forgets a hint when an undo goes back before it, and a loaded
        file's hints are checked against the replay (``Match.load``). Read after every move
        by the classroom server's save, so it replays nothing."""
        return [Hinted(at, seat, move) for at, (seat, move) in sorted(self.hints.items())]

    def to_json(self) -> str:
        """The game file as JSON text."""
        return json.dumps(self.game_file(), indent=1)

    def save(self, path: str | Path) -> Path:
        """Write the game file to ``path``."""
        p = Path(path)
        p.write_text(self.to_json() + "\n", encoding="utf-8")
        return p

    def file_name(self) -> str:
        """A name for the game file: game, players, seed and number of actions."""
        m = self._match
        return f"clash-{m.game.name}-{m.players}p-seed{m.seed}-{len(m.actions)}.json"
