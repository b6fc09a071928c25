"""MatchWidget: a thin clickable wrapper over a headless Session, for any game.

The game itself (seats and bots, undo/redo, the replay timeline, game files, view
patches) is :class:`~clash_widget.engine.session.Session`'s; a widget shows
``session.view(seat)``, turns the front end's intents into session calls and says what
happened in ``feedback``. Its parts are small mixins: :mod:`.messages` (``feedback``),
:mod:`.view_lock` (``lock_view``), :mod:`.game_files` (save and load), :mod:`.replay`
(``position``, ``replay_length``) and :mod:`.bot_seats` (``bots``, ``bot_names``,
``bot_delay``, ``autoplay``); which intents may act is decided by the pure router
(:mod:`.router`), whose rules come from :mod:`.intents`, so a refusal names the same id
in every widget. Every game's widget builds on it; the traits here are the
ones every front end may read (js/src/shared/model.ts):

- ``view`` (Python -> JS): the shown seat's view, always a NEW dict after a change.
- ``intent`` (JS -> Python): ``{seq, version, type: "act", key}``, ``"undo"``,
  ``"redo"``, the game-file intents ``"save"`` and ``"load"``, the coach's ``"hint"``
  (:mod:`.coaching`: the ``hint`` trait gets the advice) and ``"review"`` /
  ``"review_cancel"`` (:mod:`.reviewing`: the ``review`` trait); subclasses add intent
  types with their fields (:attr:`MatchWidget.EXTRA_INTENTS`) and a handler.
- ``feedback``: what the widget says after each intent or setting, in words
  (docs/design.md, "Messages"; :func:`.feedback.message` gives its one shape).
- ``seat``: whose view (``None``: the teacher's view of everything); ``hotseat``:
  the view follows the (human) player to move.
- ``last_action``: the last applied action as the viewer may know it: its key for
  the seat that played it and the teacher, its public log text for other seats
  (a key can name a secret choice).

Malformed (``engine.malformed``) or stale (``engine.stale``) intents change nothing
and explain why in ``feedback``; a bad seat, bot list or replay position is refused
(``widget.bad-setting``). A re-entrant lock guards every access to the session (comm
messages can arrive on a kernel subshell thread while a cell runs, bots play on their
own thread); the trait changes of one step leave as one comm message (hold_sync). A
click from a seat's view acts only for that seat (``widget.not-your-turn``) and never
for a bot's seat (``widget.bot-seat``); code (:meth:`MatchWidget.play`) may act for
anyone, like a teacher.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, TypeVar

import anywidget
import traitlets

from clash_widget.engine import Game, Match, Outcome
from clash_widget.engine.session import Session, read_game_file

from . import feedback
from .autoplay import BotRunner
from .bot_seats import BotSeats
from .coaching import Coaching
from .feedback import without_key
from .game_files import GameFile, GameFiles
from .intents import (
    BASE_FIELDS,
    COACH_UNVERSIONED,
    FILE_FIELDS,
    HINT_FIELDS,
    NO_REDO,
    NO_UNDO,
    field_problem,
    is_int,
)
from .messages import Messages
from .picture import Pictured
from .replay import Replay
from .reviewing import Reviewing
from .router import Settings, Situation, player_name, route
from .view_lock import ViewLock

ActionCallback = Callable[[Outcome], Any]
W = TypeVar("W", bound="MatchWidget")


class MatchWidget(
    Messages,
    ViewLock,
    Reviewing,
    Coaching,
    GameFiles,
    Replay,
    BotSeats,
    Pictured,
    anywidget.AnyWidget,
):
    """Common base: traits, lock, intents, feedback, and the Session's features.

    Subclasses set ``_esm``/``_css`` and extend through small hooks: extra intents
    (:attr:`EXTRA_INTENTS`, :meth:`_check_extra`, :meth:`_handle_extra`), a refused
    seat (:meth:`_bad_seat`) and how a view is shown (:meth:`_show`).
    """

    GAME: ClassVar[str] = ""  # the game this widget draws ("": any)
    # Extra intent types: their fields; OPTIONAL_FIELDS may be left out.
    EXTRA_INTENTS: ClassVar[dict[str, frozenset[str]]] = {**FILE_FIELDS, **HINT_FIELDS}
    OPTIONAL_FIELDS: ClassVar[dict[str, frozenset[str]]] = {"load": frozenset({"name"})}
    # Extra intent types answered whatever the version (they change no position).
    UNVERSIONED: ClassVar[frozenset[str]] = frozenset({"save"}) | COACH_UNVERSIONED

    view = traitlets.Dict().tag(sync=True)
    intent = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    last_action = traitlets.Unicode("").tag(sync=True)
    hotseat = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        match: Match | None = None,
        *,
        players: int | list[str] = 2,
        seed: int = 0,
        seat: int | None = None,
        options: dict[str, Any] | None = None,
        bots: list[str | None] | None = None,
        **kwargs: Any,
    ) -> None:
        """Show ``match``, or a new ``Match.new(GAME, players, seed, options)``.

        ``players`` is a number of players or their names (``["Ada", "Ben"]``; by default
        the seats are called by their colours). ``bots`` names a bot (or ``None``) per
        seat; unknown names become people.
        """
        if match is None:
            match = Match.new(self.GAME, players, seed, options)
        elif self.GAME and match.game.name != self.GAME:
            kind = type(self).__name__
            raise ValueError(f"{kind} shows {self.GAME} matches, not {match.game.name!r}")
        self._lock = threading.RLock()
        self._callbacks: list[ActionCallback] = []
        self._answers = 0
        self._ready = False
        self._following = False  # a redraw is changing ``seat`` itself
        self._last: tuple[int | None, Outcome] | None = None  # (actor, outcome)
        self._runner: BotRunner | None = None
        self._session = Session(match)
        super().__init__(seat=seat, **kwargs)
        with self._lock:
            self._session.set_bots(bots or [])
            self._show_bots()
            self._ready = True
            self._refresh()
        if self.autoplay:
            self._start_runner()

    # -- public API: the game -------------------------------------------------------
    @property
    def session(self) -> Session:
        """The headless session this widget shows (hold :attr:`lock` to use it)."""
        return self._session

    @property
    def match(self) -> Match:
        return self._session.match

    @match.setter
    def match(self, match: Match) -> None:
        """Replace the match (a new game): back to the live position, then redraw."""
        with self._lock:
            self._session.match = match  # the seats that still exist keep their bots
            if self._ready:
                self.position = None
                self._show_bots()
                self._refresh()
        self._poke()

    @property
    def game(self) -> Game:
        """The game being played (its rules), like ``Session.game``; the match is :attr:`match`."""
        return self._session.game

    @property
    def lock(self) -> threading.RLock:
        """The lock guarding the match; hold it to read several things consistently."""
        return self._lock

    def play(self, key: str) -> Outcome:
        """Play an action from code, the same path as a click; returns the Outcome."""
        with self._batch():
            verdict = self._refused_in_replay()
            if verdict is not None:
                return Outcome(False, None, verdict)
            return self._act(key, seq=None)

    def undo(self) -> bool:
        with self._lock:
            return self._refused_in_replay() is None and self._undo_redo("undo", seq=None)

    def redo(self) -> bool:
        with self._lock:
            return self._refused_in_replay() is None and self._undo_redo("redo", seq=None)

    def on_action(self, callback: ActionCallback, remove: bool = False) -> None:
        """Call ``callback(outcome)`` after each applied action (``remove=True`` unregisters)."""
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def refresh(self) -> None:
        """Send a fresh view (after changing the match's state from code)."""
        with self._lock:
            self._refresh()

    def close(self) -> None:
        self._stop_runner(wait=True)
        super().close()

    @classmethod
    def from_file(cls: type[W], source: GameFile, **kwargs: Any) -> W:
        """A new widget showing a game file's game (verified first)."""
        return cls(read_game_file(source), **kwargs)

    @classmethod
    def join(cls, url: str, name: str | None = None) -> Any:
        """Sit at a classroom server's seat from its join link: that seat's board, moved by
        the room (a RoomBoard; needs the ``[server]`` extra, imported only here)."""
        from .classroom import join_link

        return join_link(url, name, game=cls.GAME, widget=cls.__name__)

    # -- traits ---------------------------------------------------------------------------
    @traitlets.validate("seat")
    def _valid_seat(self, proposal: dict[str, Any]) -> int | None:
        seat = proposal["value"]
        if not hasattr(self, "_session") or self._seat_ok(seat):
            return seat
        return self._bad_seat(seat)

    @traitlets.observe("seat", "hotseat")
    def _view_setting_changed(self, change: dict[str, Any]) -> None:
        self._redraw(change)

    @traitlets.observe("intent")
    def _intent_changed(self, change: dict[str, Any]) -> None:
        intent = change["new"]
        if not intent:
            return  # the initial {} or a reset
        try:
            with self._batch():
                self._handle_intent(intent)
        except Exception as exc:  # never swallow: show it
            self._say_error("", exc, seq=intent.get("seq") if isinstance(intent, dict) else None)
        self._poke()

    # -- hooks for subclasses -------------------------------------------------------------
    def _bad_seat(self, seat: int) -> int | None:
        """What to do with a seat that does not exist: refuse (or return the seat to keep)."""
        raise traitlets.TraitError(f"seat must be None or 0..{self.match.players - 1}, not {seat}")

    def _check_extra(self, kind: str, intent: dict[str, Any]) -> str | None:
        """What is wrong with the fields of an extra intent type, or None."""
        return field_problem(kind, intent)

    def _show(self, view: dict[str, Any], *, patch: bool) -> None:
        """Show ``view`` (``patch``: a step of play in the same seat's live view)."""
        self.view = dict(view)  # always a new object

    # -- internals (call with the lock held) -----------------------------------------------
    @contextlib.contextmanager
    def _batch(self) -> Iterator[None]:
        """The lock, and the trait changes of one step go to the front end as one message."""
        with self._lock, self.hold_sync():
            yield

    def _refresh(self, *, patch: bool = False) -> None:
        """Recompute the view (``patch``: after a step of play, for widgets that patch)."""
        seat = self._session.shown_seat(self.seat, hotseat=self.hotseat)
        patch = patch and seat == self.seat and self.position is None
        if seat != self.seat:
            self._following = True  # the seat observer must not redraw a second time
            try:
                self.seat = seat
            finally:
                self._following = False
        n = self._session.replay_length
        if self.replay_length != n:
            self.replay_length = n
        self._show(self._shown_view(seat), patch=patch)
        shown = (
            self.last_action
            if self._last is None
            else feedback.shown_action(self.match, self.seat, *self._last)
        )
        if self.last_action != shown:
            self.last_action = shown

    def _settings(self) -> Settings:
        """This widget class's intents, for the router."""
        return Settings(
            fields={**BASE_FIELDS, **self.EXTRA_INTENTS},
            optional=self.OPTIONAL_FIELDS,
            unversioned=self.UNVERSIONED,
            view_intents=self.VIEW_INTENTS,
        )

    def _situation(self) -> Situation:
        """What the router reads of this widget and its session now."""
        m = self.match
        return Situation(
            version=m.version,
            position=self.position,
            seat=self.seat,
            lock_view=self.lock_view,
            to_move=m.current_player,
            bot_to_move=self._session.bot_at(m.current_player),
            names=tuple(m.names),
        )

    def _seat_ok(self, seat: Any) -> bool:
        return seat is None or (is_int(seat) and 0 <= seat < self.match.players)

    def _redraw(self, change: dict[str, Any]) -> None:
        """A view setting changed: draw the view again."""
        if not self._ready or self._following:
            return
        try:
            with self._lock:
                self._refresh()
        except Exception as exc:  # never swallow: show it
            self._say_error("Cannot show that view.", exc)
        self._poke()

    def _handle_intent(self, intent: Any) -> None:
        routed = route(intent, self._situation(), self._settings(), self._check_extra)
        kind, seq = routed.kind, routed.seq
        if routed.verdict is not None:
            self._say(False, "", routed.verdict, seq=seq)
        elif kind == "act":
            self._act(intent["key"], seq=seq)
        elif kind in BASE_FIELDS:
            self._undo_redo(kind, seq=seq)
        else:
            self._handle_extra(kind, intent, seq)

    def _act(self, key: str, *, seq: int | None, bot: str | None = None) -> Outcome:
        """Play ``key`` for whoever is to move (the router or the caller has checked who
        may), then say what it did."""
        actor = self.match.current_player
        label = self._label(key)
        outcome = self._session.play(key)
        if not outcome.ok:
            self._say(False, "", without_key(outcome.verdict, key), seq=seq)
            return outcome
        self._last = (actor, outcome)
        self._refresh(patch=True)  # sets last_action for the (possibly new) seat
        by = None
        if actor is not None:
            by = {"seat": actor, "name": self._player_name(actor), "bot": bot}
        text = self._played_text(actor, outcome, label)
        if bot is not None:  # a bot's move says so; the log's words name the seat
            text = f"{bot.capitalize()} bot: {text}"
        self._say(True, text, None, seq=seq, by=by)
        self._notify(outcome)
        return outcome

    def _played_text(self, actor: int | None, outcome: Outcome, label: str) -> str:
        """The feedback line's words for a move (a game's widget may say it shorter)."""
        return feedback.played_text(self.match, self.seat, actor, outcome, label)

    def _label(self, key: str) -> str:
        """The words of a legal action before it is played (its key is never shown)."""
        return self.match.describe(key)

    def _player_name(self, seat: int) -> str:
        return player_name(self.match.names, seat)

    def _undo_redo(self, kind: str, *, seq: int | None) -> bool:
        """Undo or redo (the router or the caller has checked the replay position)."""
        done = self._session.undo() if kind == "undo" else self._session.redo()
        if not done:
            self._say(False, "", NO_UNDO.refuse() if kind == "undo" else NO_REDO.refuse(), seq=seq)
            return False
        self._refresh(patch=True)
        done_text = "Took back the last action." if kind == "undo" else "Played the action again."
        self._say(True, done_text, None, seq=seq)
        return True

    def _notify(self, outcome: Outcome) -> None:
        for cb in list(self._callbacks):
            try:
                cb(outcome)
            except Exception as exc:
                self._say_error("A notebook callback failed.", exc)
