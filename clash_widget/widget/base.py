"""MatchWidget: a thin clickable wrapper over a headless Session, for any game.

The game itself (seats and bots, undo/redo, the replay timeline, game files, view
patches) is :class:`~clash_widget.engine.session.Session`'s; a widget shows
``session.view(seat)``, turns the front end's intents into session calls, says what
happened in ``feedback`` and schedules the bots' steps with a visible delay.
:class:`~clash_widget.widget.board.ClashBoard` (Clash of Cultures) and
:class:`~clash_widget.widget.secolo_table.SecoloTable` build on it; the traits here
are the ones both front ends may read (js/src/model.ts, js/src/secolo/model.ts):

- ``view`` (Python -> JS): the shown seat's view, always a NEW dict after a change.
- ``intent`` (JS -> Python): ``{seq, version, type: "act", key}``, ``"undo"``,
  ``"redo"``, ``"save"`` (the game file goes back as a custom message for the
  browser to download) and ``{type: "load", text, name}`` (a game file's text,
  verified before anything changes, ``widget.bad-file``); subclasses add intent
  types with their fields (:attr:`MatchWidget.EXTRA_INTENTS`) and a handler.
- ``feedback``: what the widget says after each intent or setting, in words
  (docs/design.md, "Messages"): ``{seq, n, kind, text, rule, by}`` with ``kind``
  ``"played"``, ``"refused"``, ``"info"`` or ``"error"``; ``text`` the sentence (after a
  move, the log's words for it, never its key); ``rule`` ``{id, section, source}`` of a
  refusal (else ``None``), shown apart from the sentence; ``by`` ``{seat, name, bot}``
  after a move. ``ok``, ``message`` (= ``text``), ``rule_id`` and ``section`` mirror
  them for the older front ends. ``n`` counts answers, so two equal answers in a row
  still reach the front end.
- ``seat``: whose view (``None``: the teacher's view of everything); ``hotseat``:
  the view follows the (human) player to move.
- ``last_action``: the last applied action as the viewer may know it: its key for
  the seat that played it and the teacher, its public log text for other seats
  (a key can name a secret choice).
- ``bots``: one entry per seat, ``None`` (a person) or a bot name (``bot_names``);
  ``bot_delay`` (seconds) and ``autoplay`` (the bot seats play by themselves, on a
  background thread) drive them live; ``step_bot()``/``run_bots()`` do it
  synchronously and deterministically from code.
- ``position``: ``None`` for the live game, or k to show the position after k
  recorded actions (read-only, ``widget.replay-read-only``); ``replay_length`` is
  the number of recorded actions.

Malformed (``engine.malformed``) or stale (``engine.stale``) intents change
nothing and explain why in ``feedback``; a bad seat, bot list or replay position
is refused (``widget.bad-setting``). A re-entrant lock guards every access to the
session (comm messages can arrive on a kernel subshell thread while a cell runs,
bots play on their own thread); the trait changes of one step leave as one comm
message (hold_sync). A click from a seat's view acts only for that seat
(``widget.not-your-turn``) and never for a bot's seat (``widget.bot-seat``); code
(:meth:`MatchWidget.play`) may act for anyone, like a teacher. The widget rules
come from :mod:`.intents`, so a refusal names the same id in every widget.

``lock_view`` (set by Python only) makes a widget one player's: the browser may
not change the traits that choose what it sees (:attr:`MatchWidget.VIEW_TRAITS`)
nor send the intents that would hand it hidden information
(:attr:`MatchWidget.VIEW_INTENTS`: a game file re-deals every hand); both are
refused with ``widget.view-locked``. Replay stays, drawn in the locked seat's view.
Browser trait changes are filtered in :meth:`MatchWidget.set_state`, the one
door through which the front end's state enters (Python assignments never pass
it), and the refused values are sent back so the browser shows them again.
"""

from __future__ import annotations

import contextlib
import pathlib
import threading
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, TypeVar

import anywidget
import traitlets

from clash_widget.engine import Action, Game, Match, Outcome, Verdict
from clash_widget.engine.match import UNCHANGED_NOTE
from clash_widget.engine.session import GameFileError, Session, read_game_file

from . import feedback
from .autoplay import BOT_NAMES, BotRunner
from .browser import from_browser
from .feedback import without_key
from .intents import (
    BAD_FILE,
    BAD_SETTING,
    BASE_FIELDS,
    ERROR,
    FILE_FIELDS,
    NO_REDO,
    NO_UNDO,
    VIEW_LOCKED,
    field_problem,
    is_int,
)
from .intents import where as _where
from .picture import Pictured
from .router import (
    Settings,
    Situation,
    bad_position,
    lock_detail,
    player_name,
    read_only,
    refused_traits,
    route,
)

ActionCallback = Callable[[Outcome], Any]
GameFile = dict[str, Any] | str | pathlib.Path
W = TypeVar("W", bound="MatchWidget")


class MatchWidget(Pictured, anywidget.AnyWidget):
    """Common base: traits, lock, intents, feedback, and the Session's features.

    Which intents may act is decided by the pure router (:func:`.router.route`); the
    game, its bots and its files are the :class:`Session`'s. Subclasses set
    ``_esm``/``_css`` and extend through small hooks: extra intents
    (:attr:`EXTRA_INTENTS`, :meth:`_check_extra`, :meth:`_handle_extra`), a refused
    seat (:meth:`_bad_seat`) and how a view is shown (:meth:`_show`).
    """

    GAME: ClassVar[str] = ""  # the game this widget draws ("": any)
    # Extra intent types: their fields; OPTIONAL_FIELDS may be left out.
    EXTRA_INTENTS: ClassVar[dict[str, frozenset[str]]] = FILE_FIELDS
    OPTIONAL_FIELDS: ClassVar[dict[str, frozenset[str]]] = {"load": frozenset({"name"})}
    # Extra intent types answered whatever the version (they change no position).
    UNVERSIONED: ClassVar[frozenset[str]] = frozenset({"save"})
    # Under ``lock_view``: traits the browser may not change, intents it may not send.
    # A locked widget keeps its seat, never follows the mover, and keeps the game file
    # (seed + actions re-deal every hand) and the game itself in Python.
    VIEW_TRAITS: ClassVar[frozenset[str]] = frozenset({"seat", "hotseat"})
    VIEW_INTENTS: ClassVar[frozenset[str]] = frozenset({"save", "load"})

    view = traitlets.Dict().tag(sync=True)
    intent = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    last_action = traitlets.Unicode("").tag(sync=True)
    # Set from Python only; the front end hides the controls it locks.
    lock_view = traitlets.Bool(False).tag(sync=True)
    hotseat = traitlets.Bool(False).tag(sync=True)
    bots = traitlets.List().tag(sync=True)
    bot_names = traitlets.List(list(BOT_NAMES)).tag(sync=True)
    bot_delay = traitlets.Float(0.8).tag(sync=True)
    autoplay = traitlets.Bool(False).tag(sync=True)
    position = traitlets.Int(None, allow_none=True).tag(sync=True)
    replay_length = traitlets.Int(0).tag(sync=True)

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
            self.bots = self._session.bots
            self.bot_names = list(self._session.bot_names or ())
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
                self.bot_names = list(self._session.bot_names or ())
                self.bots = self._session.bots
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
            verdict = read_only(self.position)
            if verdict is not None:
                self._say(False, "", verdict, seq=None)
                return Outcome(False, None, verdict)
            return self._act(key, seq=None)

    def undo(self) -> bool:
        with self._lock:
            return self._undo_redo_from_code("undo")

    def redo(self) -> bool:
        with self._lock:
            return self._undo_redo_from_code("redo")

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

    # -- public API: bots ----------------------------------------------------------------
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

    # -- public API: replay and game files -----------------------------------------------
    def scrub(self, position: int | None) -> None:
        """Show the position after ``position`` recorded actions (``None``: the live game)."""
        self.position = position

    def live(self) -> None:
        self.position = None

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
        match = read_game_file(source)
        self.autoplay = False
        self.match = match

    @classmethod
    def from_file(cls: type[W], source: GameFile, **kwargs: Any) -> W:
        """A new widget showing a game file's game (verified first)."""
        return cls(read_game_file(source), **kwargs)

    @classmethod
    def join(cls, url: str, name: str | None = None) -> Any:
        """Sit at a classroom server's seat from its join link: that seat's board, moved by
        the room (a RoomBoard; needs the ``[server]`` extra, imported only here)."""
        from clash_widget.server.client import join_link

        return join_link(url, name, game=cls.GAME, widget=cls.__name__)

    # -- traits ---------------------------------------------------------------------------
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait values from the browser: refuse (and send back) what the view lock forbids.

        A validator cannot tell the browser from Python; this method only ever
        receives the front end's updates, so the lock holds against a scripted
        browser too, not only against the control bar.
        """
        sync_data = from_browser(sync_data)
        current = {k: getattr(self, k, None) for k in self.VIEW_TRAITS | {"lock_view"}}
        refused = refused_traits(
            sync_data, current, lock_view=self.lock_view, view_traits=self.VIEW_TRAITS
        )
        if refused:
            with self._batch():
                self._say(False, "", VIEW_LOCKED.refuse(lock_detail(self._situation())), seq=None)
            sync_data = {k: v for k, v in sync_data.items() if k not in refused}
            self.send_state(refused)  # the browser shows Python's values again
        if sync_data:
            super().set_state(sync_data)

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

    @traitlets.observe("position")
    def _position_changed(self, change: dict[str, Any]) -> None:
        if not self._ready:
            return
        with self._lock:
            k = change["new"]
            n = self._session.replay_length
            verdict = bad_position(k, n)
            if verdict is not None:
                self._say(False, "", verdict, seq=None)
                self.position = None
                return
            try:
                self._refresh()
            except Exception as exc:  # a record that no longer replays: back to live
                self._say_error(f"Cannot replay to position {k}.", exc)
                self.position = None
                return
            if k is not None:
                self._say(True, f"Replay: position {k} of {n} (read-only).", None, seq=None)
            elif is_int(change["old"]) and 0 <= change["old"] <= n:  # no stale replay line
                self._say(True, "Back to the live game.", None, seq=None)
        self._poke()

    # -- hooks for subclasses -------------------------------------------------------------
    def _bad_seat(self, seat: int) -> int | None:
        """What to do with a seat that does not exist: refuse (or return the seat to keep)."""
        raise traitlets.TraitError(f"seat must be None or 0..{self.match.players - 1}, not {seat}")

    def _check_extra(self, kind: str, intent: dict[str, Any]) -> str | None:
        """What is wrong with the fields of an extra intent type, or None."""
        return field_problem(kind, intent)

    def _handle_extra(self, kind: str, intent: dict[str, Any], seq: int | None) -> None:
        if kind == "save":
            self._send_game_file(seq)
        elif kind == "load":  # allowed while replaying: a new game replaces this one
            self._load_text(intent["text"], intent.get("name", ""), seq)
        else:
            raise NotImplementedError(kind)

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
        if self.position is None:
            view = self._session.view(seat)
        else:
            view = self._session.view_at(self.position, seat)
        self._show(view, patch=patch)
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
        text = feedback.played_text(self.match, self.seat, actor, outcome, label)
        if bot is not None:  # a bot's move says so; the log's words name the seat
            text = f"{bot.capitalize()} bot: {text}"
        self._say(True, text, None, seq=seq, by=by)
        self._notify(outcome)
        return outcome

    def _label(self, key: str) -> str:
        """The words of a legal action before it is played (its key is never shown)."""
        return self.match.describe(key)

    def _bot_move(self, cancelled: threading.Event | None = None) -> Outcome | None:
        """The bot to move chooses (Session.step) and plays through the path of clicks."""
        if (cancelled is not None and cancelled.is_set()) or self.position is not None:
            return None
        return self._session.step(play=self._bot_plays)

    def _bot_plays(self, name: str, action: Action) -> Outcome:
        return self._act(str(action), seq=None, bot=name)

    def _player_name(self, seat: int) -> str:
        return player_name(self.match.names, seat)

    def _undo_redo_from_code(self, kind: str) -> bool:
        verdict = read_only(self.position)
        if verdict is not None:
            self._say(False, "", verdict, seq=None)
            return False
        return self._undo_redo(kind, seq=None)

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

    def _send_game_file(self, seq: int | None) -> None:
        name, n = self._session.file_name(), self._session.replay_length
        self.send({"type": "game_file", "name": name, "text": self._session.to_json()})
        self._say(True, f"Saved the game ({n} actions) as {name}.", None, seq=seq)

    def _load_text(self, text: str, name: str, seq: int | None) -> None:
        try:  # the text of a file, never a path on the kernel's machine
            match = Match.load(text)
        except GameFileError as exc:
            self._say(
                False, f"Cannot load {name or 'the file'}.", BAD_FILE.refuse(str(exc)), seq=seq
            )
            return
        self.autoplay = False
        self.match = match
        n = len(match.actions)
        what = f"{n} action{'s' if n != 1 else ''}"
        self._say(True, f"Loaded {name or 'a game'}: {what}; scrub to replay.", None, seq=seq)

    def _notify(self, outcome: Outcome) -> None:
        for cb in list(self._callbacks):
            try:
                cb(outcome)
            except Exception as exc:
                self._say_error("A notebook callback failed.", exc)

    def _say_error(self, what: str, exc: BaseException, *, seq: int | None = None) -> None:
        """Show an exception in ``feedback`` (``widget.error``; ``detail`` says where it was
        raised, for whoever fixes it). It says the game is unchanged only when it is: the
        engine noted that it rolled the failed action back (``Match.play`` is atomic)."""
        rolled_back = UNCHANGED_NOTE in getattr(exc, "__notes__", ())
        self._say(
            False,
            what,
            ERROR.refuse(),
            seq=seq,
            then="The game is unchanged." if rolled_back else "",
            detail=f"{type(exc).__name__}: {exc} ({_where(exc)})",
        )

    def _say(
        self,
        ok: bool,
        message: str,
        verdict: Verdict | None,
        *,
        seq: int | None,
        by: dict[str, Any] | None = None,
        then: str = "",
        detail: str | None = None,
    ) -> None:
        """Set ``feedback``: the one message shape of every widget (:func:`.feedback.message`)."""
        self._answers += 1
        self.feedback = feedback.message(
            self._answers, ok, message, verdict, seq=seq, by=by, then=then, detail=detail
        )

    # -- the background bots -------------------------------------------------------------
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
