"""A match: one game in progress, with its record, undo and redo.

``Match`` is the object notebooks, bots and the widget hold. It never raises
on bad input: :meth:`play` returns an :class:`Outcome` with the verdict, and
the state is untouched. Play is atomic: a bug raised while applying an action
is raised again with the match exactly as before the action. The record (game,
players, seed, options, action keys) replays to the identical state; undo
restores snapshots and stops at a barrier once dice were rolled or hidden
information revealed.

Game files are verified on load (:meth:`Match.load`, :meth:`Match.from_json`):
:mod:`.game_file` reads and checks the file, the record is replayed from the start
(dealt from the record, or the stored ``start`` of a set-up position), and a file whose
record does not replay to its stored state, whose position breaks the game's invariants,
or that is not a game file at all is refused with a :class:`GameFileError` saying why in
plain words.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, MalformedAction
from .game import MALFORMED, Game, Options, State, stale
from .game_file import (
    GAME_FILE_FORMAT,
    GAME_FILE_VERSION,
    RECORD_VERSION,
    GameFile,
    GameFileError,
    Hinted,
    check_start_fits,
    failure,
    hint_problem,
    read_game_file_data,
    verify_replay,
)
from .listing import Listing
from .registry import get_game
from .rules import Verdict
from .seats import names as seat_names
from .seats import names_problem
from .state import canonical_json, clone, state_hash

__all__ = [
    "GAME_FILE_FORMAT",
    "GAME_FILE_VERSION",
    "RECORD_VERSION",
    "UNCHANGED_NOTE",
    "GameFileError",
    "Match",
    "Outcome",
]

UNCHANGED_NOTE = "The action was rolled back: the game is unchanged."
"""Noted on an exception raised inside :meth:`Match.play` (``exc.__notes__``)."""


@dataclass
class Outcome:
    """What happened when an action was offered."""

    ok: bool
    action: Action | None = None
    verdict: Verdict | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    listing: Listing | None = field(default=None, repr=False, compare=False)
    """The legal actions of the position the action came to rest at, when the rules listed
    them while settling it (else None): :meth:`Match.listing` takes it with ``after=``."""

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
        verify: bool = False,
        keep_recent: int = 0,
    ) -> None:
        self.game = game
        self.state = state
        self.players = players
        self.seed = seed
        self.options = options
        self.keep_undo = keep_undo
        self.verify = verify
        """Check every action played in full, even one its listing listed (``play(listed=)``
        then takes no shortcut): what ``selfplay --verify`` plays with."""
        self.actions: list[str] = []
        self.log: list[dict[str, Any]] = []
        self.opening: list[dict[str, Any]] = []  # the set-up's open events: the log's start
        self._undo: list[tuple[State, int, bool]] = []  # (state before, log length, barrier)
        # Without undo snapshots, the last ``keep_recent`` positions (a classroom room's, for
        # the coach: :meth:`recent`) with the action played from each.
        self._recent: deque[tuple[State, str]] = deque(maxlen=keep_recent)
        self._redo: list[str] = []
        self._start: State | None = None  # the position before the first recorded action
        self._previous: Listing | None = None  # the last action's position's listing, if given
        # The coach's hints asked in this game: actions recorded when asked -> (seat, the
        # move's key). Not part of the record (a replay does not depend on them); the
        # session's game file keeps them and :meth:`load` checks them against the replay.
        self.hints: dict[int, tuple[int, str]] = {}

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
        verify: bool = False,
        keep_recent: int = 0,
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
        g.check_players(n)
        opts = g.options_from(options)
        state = g.new_state(n, seed, opts)
        if given is not None:
            g.name_seats(state, given)
        m = cls(
            g,
            state,
            players=n,
            seed=seed,
            options=opts,
            keep_undo=keep_undo,
            verify=verify,
            keep_recent=keep_recent,
        )
        m.opening = g.opening_events(state)
        m.log = list(m.opening)
        return m

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

    def listing(self, after: Outcome | None = None) -> Listing:
        """The legal actions, listed only as far as they are read (:class:`.listing.Listing`).

        ``after``: the outcome of the action just played; the listing its settling made
        (:attr:`Outcome.listing`) is taken when it is of this very state at this version."""
        if after is not None:
            made = after.listing
            if made is not None and made.state is self.state and made.version == self.version:
                return made
        return self.game.listing(self.state)

    def check(self, action: str | Action, *, version: int | None = None) -> Verdict | None:
        """None if the action is legal now, else the verdict naming the broken rule."""
        late = stale(version, self.version)
        if late is not None:
            return late
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
    def play(
        self, action: str | Action, *, version: int | None = None, listed: Listing | None = None
    ) -> Outcome:
        """Play a legal action, or refuse it (the Outcome says why) and change nothing.

        Atomic: an action happens completely (applied, settled, versioned, recorded,
        undoable) or not at all. An exception raised by the rules while applying it
        is a bug, not a refusal: the match is put back exactly as it was (state,
        record, log, undo and redo) and the exception is raised again, with a note
        saying so (:data:`UNCHANGED_NOTE`).

        ``listed``: the :meth:`listing` the action was picked from. An action that this
        listing listed, made of this very state at this version, is legal without being
        checked again (the legal list is exactly what the checks accept); any other action
        is checked. A match made with ``verify`` checks every action in full.
        """
        state = self.state
        stored_version = state.get("version")  # None: a fresh state has no version yet
        version_before = int(stored_version or 0)  # what self.version reads
        of_here = listed is not None and listed.state is state and listed.version == version_before
        if self.verify or not (
            of_here
            and listed is not None
            and version in (None, version_before)
            and isinstance(action, Action)
            and listed.lists(action)
        ):
            verdict = self.check(action, version=version)
            if verdict is not None:
                return Outcome(False, None, verdict)
        a = action if type(action) is Action else Action.parse(action)
        # The record starts here (a set-up position may differ from a deal).
        start = clone(state) if not self.actions else None
        keep = self.keep_undo
        before = clone(state) if keep or self._recent.maxlen else None
        rng_before = state.get("rng", 0)
        try:
            ev = self.game.apply(state, a, list_rest=True)
            state["version"] = version_before + 1
            barrier = keep and self.game.undo_barrier(rng_before, state, ev)
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
        key = str(a)
        if keep:
            self._undo.append((before, len(self.log), barrier))  # type: ignore[arg-type]
        elif before is not None:
            self._recent.append((before, key))
        self._redo.clear()
        self.actions.append(key)
        self.log.extend(ev)
        rest = None if ev.listed is None else Listing(self.game, state, ev.listed)
        if rest is None and ev.restores_previous:
            rest = self._listed_before(version_before)
        self._previous = listed if of_here else None
        return Outcome(True, a, None, ev, rest)  # ev: a new list of this action's events

    def _listed_before(self, version_before: int) -> Listing | None:
        """The listing the previous action was picked from, for the position it was played at,
        now that the rules say the game is back there (:attr:`.game.Events.restores_previous`);
        None unless that action was played just before, at the version before, on this state."""
        prev = self._previous
        if prev is None or prev.state is not self.state or prev.version != version_before - 1:
            return None
        return prev.again()

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
        self._previous = None
        self._redo.append(self.actions.pop())
        self.state = before
        self.state["version"] = version + 1
        del self.log[log_len:]
        # a hint asked after this position belongs to a future that may not come
        for at in [at for at in self.hints if at > len(self.actions)]:
            del self.hints[at]
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
    def replay(
        cls, record: dict[str, Any], *, keep_undo: bool = False, keep_recent: int = 0
    ) -> Match:
        """Rebuild a match from its record; raises ValueError if an action is refused."""
        m = cls.new(
            record["game"],
            record.get("names") or record["players"],
            record["seed"],
            record.get("options"),
            keep_undo=keep_undo,
            keep_recent=keep_recent,
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

    def recent(self, last: int) -> list[tuple[State, str]]:
        """The positions before the last ``last`` actions, oldest first, each with the action
        played from it. Read them, never change them: they are the undo snapshots, or the
        ``keep_recent`` ones, when the match keeps them, else a replay of the record."""
        n = min(last, len(self.actions))
        if n == 0:
            return []
        keys = self.actions[-n:]
        if self.keep_undo and len(self._undo) == len(self.actions):
            return [
                (before, key) for (before, _, _), key in zip(self._undo[-n:], keys, strict=True)
            ]
        if len(self._recent) >= n:
            return list(self._recent)[-n:]
        replay = Match.from_state(self.game, self.start_state(), keep_undo=False)
        out: list[tuple[State, str]] = []
        for i, key in enumerate(self.actions):
            if i >= len(self.actions) - n:
                out.append((clone(replay.state), key))
            replay.play(key)
        return out

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
        file = read_game_file_data(data)
        match = _first_match(file)
        hints: dict[int, list[Hinted]] = {}
        for h in file.hints:
            hints.setdefault(h.at, []).append(h)
        for i, key in enumerate([*file.record["actions"], None]):
            for h in hints.get(i, ()):  # a hint fits the position it was asked at
                problem = hint_problem(match.game, match.state, h)
                if problem:
                    raise GameFileError(problem)
                match.hints[h.at] = (h.seat, h.move)
            if key is None:
                break
            try:
                outcome = match.play(key)
            except Exception as exc:  # a rules error while replaying: the file cannot be trusted
                raise GameFileError(
                    f"action {i + 1} of the record ({key}) cannot be replayed: {failure(exc)}"
                ) from None
            if not outcome.ok:
                raise GameFileError(
                    f"action {i + 1} of the record ({key}) is refused: {outcome.verdict}"
                )
        verify_replay(file, match.state)
        return match

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.game.view(self.state, seat)
        v["version"] = self.version
        v["can_undo"] = self.can_undo()
        v["can_redo"] = self.can_redo()
        v["log"] = [self.game.event_for(e, seat) for e in self.log[-60:]]
        return v

    def scores(self) -> list[float]:
        return self.game.scores(self.state)


# -- game files: the start of a replay (reading and checking them: game_file.py) -------------
def _same_position(a: State, b: State) -> bool:
    def strip(s: State) -> State:
        return {k: v for k, v in s.items() if k != "version"}

    return canonical_json(strip(a)) == canonical_json(strip(b))


def _first_match(file: GameFile) -> Match:
    """The match before the record's first action: dealt from the record, or its stored start."""
    game, rec = file.game, file.record
    if file.start is None:
        try:
            return Match.new(
                game, rec.get("names") or rec["players"], rec["seed"], rec.get("options")
            )
        except (ValueError, TypeError) as exc:
            raise GameFileError(f"the record cannot start a game: {exc}") from None
    try:
        match = Match.from_state(game, clone(file.start))
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise GameFileError(
            f"the start position is not a {game.title} position ({failure(exc)})"
        ) from None
    check_start_fits(file, match.players, match.options.to_dict())
    match.seed = rec["seed"]
    return match
