"""MatchWidget: the machinery every clickable match widget shares.

A widget shows ``match.view(seat)`` and turns the front end's intents into
actions. :class:`~clash_widget.widget.board.BoardWidget` (Clash of Cultures) and
:class:`~clash_widget.widget.secolo_table.SecoloTable` build on it; the traits
here are the ones both front ends read (js/src/model.ts, js/src/secolo/model.ts):

- ``view`` (Python -> JS): ``match.view(seat)``, always a NEW dict after a change.
- ``intent`` (JS -> Python): ``{seq, version, type: "act", key}`` or
  ``{seq, version, type: "undo"|"redo"}``; subclasses add intent types with their
  fields (:attr:`MatchWidget.EXTRA_INTENTS`) and a handler.
- ``feedback``: ``{seq, ok, message, rule_id, section, n}`` (``n`` counts answers,
  so two equal answers in a row still reach the front end).
- ``seat``: whose view (``None``: the teacher's view of everything).
- ``last_action``: the last applied action as the viewer may know it: its key for
  the seat that played it and the teacher, its public log text for other seats
  (a key can name a secret choice).

Malformed (``engine.malformed``) or stale (``engine.stale``) intents change
nothing and explain why in ``feedback``. A re-entrant lock guards every access to
the match (comm messages can arrive on a kernel subshell thread while a cell
runs); the trait changes of one step leave as one comm message (hold_sync). A
click from a seat's view acts only for that seat (``widget.not-your-turn``); code
(:meth:`MatchWidget.play`) may act for anyone, like a teacher. The widget rules
come from :mod:`.intents`, so a refusal names the same id in every widget.

``lock_view`` (set by Python only) makes a board one player's: the browser may
not change the traits that choose what it sees (:attr:`MatchWidget.VIEW_TRAITS`)
nor send the intents that would hand it hidden information
(:attr:`MatchWidget.VIEW_INTENTS`); both are refused with ``widget.view-locked``.
Browser trait changes are filtered in :meth:`MatchWidget.set_state`, the one
door through which the front end's state enters (Python assignments never pass
it), and the refused values are sent back so the browser shows them again.
"""

from __future__ import annotations

import contextlib
import pathlib
import threading
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import anywidget
import traitlets

from clash_widget.engine import Match, Outcome, Verdict
from clash_widget.engine.game import MALFORMED, STALE

from .intents import (
    BASE_FIELDS,
    ERROR,
    NO_REDO,
    NO_UNDO,
    NOT_YOUR_TURN,
    VIEW_LOCKED,
    is_int,
    malformed,
)
from .intents import where as _where

ActionCallback = Callable[[Outcome], Any]
STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"

_MISSING_BUNDLE_ESM = """
function render({ el }) {
  const d = document.createElement("div");
  d.style.cssText = "padding:8px;border:1px solid #c62828;color:#c62828;font-family:sans-serif";
  d.textContent = "clash_widget: LABEL bundle missing: run npm run build";
  el.appendChild(d);
}
export default { render };
"""


def front_end(name: str, label: str) -> tuple[pathlib.Path | str, pathlib.Path | str]:
    """``(_esm, _css)`` of the bundle ``static/<name>.js``; a notice if it was not built."""
    js, css = STATIC / f"{name}.js", STATIC / f"{name}.css"
    esm = js if js.is_file() else _MISSING_BUNDLE_ESM.replace("LABEL", label)
    return esm, (css if css.is_file() else "")


class MatchWidget(anywidget.AnyWidget):
    """Common base: traits, lock, intents, feedback, play/undo/redo/on_action.

    Subclasses set ``_esm``/``_css`` and extend through small hooks: extra intents
    (:attr:`EXTRA_INTENTS`, :meth:`_check_extra`, :meth:`_handle_extra`), who may
    click (:meth:`_seat_verdict`), a read-only mode (:meth:`_read_only`), how a
    view is drawn (:meth:`_refresh`), a new match (:meth:`_set_match`,
    :meth:`_new_match`) and background work to wake (:meth:`_poke`).
    """

    GAME: ClassVar[str] = ""  # the game this widget draws ("": any)
    # Extra intent types: their fields; OPTIONAL_FIELDS may be left out.
    EXTRA_INTENTS: ClassVar[dict[str, frozenset[str]]] = {}
    OPTIONAL_FIELDS: ClassVar[dict[str, frozenset[str]]] = {}
    # Extra intent types answered whatever the version (they change no position).
    UNVERSIONED: ClassVar[frozenset[str]] = frozenset()
    # Under ``lock_view``: traits the browser may not change, intents it may not send.
    VIEW_TRAITS: ClassVar[frozenset[str]] = frozenset({"seat"})
    VIEW_INTENTS: ClassVar[frozenset[str]] = frozenset()

    view = traitlets.Dict().tag(sync=True)
    intent = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    last_action = traitlets.Unicode("").tag(sync=True)
    # Set from Python only; the front end hides the controls it locks.
    lock_view = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        match: Match | None = None,
        *,
        players: int = 2,
        seed: int = 0,
        seat: int | None = None,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        """Show ``match``, or a new ``Match.new(GAME, players, seed, options)``."""
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
        self._set_match(match)
        super().__init__(seat=seat, **kwargs)
        with self._lock:
            self._setup()
            self._ready = True
            self._refresh()

    # -- public API ---------------------------------------------------------
    @property
    def match(self) -> Match:
        return self._match

    @match.setter
    def match(self, match: Match) -> None:
        """Replace the match (a new game), then redraw."""
        with self._lock:
            self._set_match(match)
            if self._ready:
                self._new_match()
                self._refresh()
        self._poke()

    @property
    def game(self) -> Match:
        """Alias of :attr:`match`."""
        return self.match

    @property
    def lock(self) -> threading.RLock:
        """The lock guarding the match; hold it to read several things consistently."""
        return self._lock

    def play(self, key: str) -> Outcome:
        """Play an action from code, the same path as a click; returns the Outcome."""
        with self._batch():
            refused = self._read_only(key, seq=None)
            return refused if refused is not None else self._act(key, version=None, seq=None)

    def undo(self) -> bool:
        with self._lock:
            return self._undo_redo("undo", seq=None)

    def redo(self) -> bool:
        with self._lock:
            return self._undo_redo("redo", seq=None)

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

    # -- traits ---------------------------------------------------------------
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait values from the browser: refuse (and send back) what the view lock forbids.

        A validator cannot tell the browser from Python; this method only ever
        receives the front end's updates, so the lock holds against a scripted
        browser too, not only against the control bar.
        """
        refused = self._refused_state(sync_data)
        if refused:
            with self._batch():
                self._say(
                    False,
                    f"Refused from the browser: {', '.join(refused)}.",
                    VIEW_LOCKED.refuse(self._lock_detail(refused)),
                    seq=None,
                )
            sync_data = {k: v for k, v in sync_data.items() if k not in refused}
            self.send_state(refused)  # the browser shows Python's values again
        if sync_data:
            super().set_state(sync_data)

    @traitlets.validate("seat")
    def _valid_seat(self, proposal: dict[str, Any]) -> int | None:
        seat = proposal["value"]
        if not hasattr(self, "_match") or self._seat_ok(seat):
            return seat
        return self._bad_seat(seat)

    @traitlets.observe("seat")
    def _seat_changed(self, change: dict[str, Any]) -> None:
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

    # -- hooks for subclasses -------------------------------------------------
    def _set_match(self, match: Match) -> None:
        """Take ``match`` (also during ``__init__``, before the traits exist)."""
        self._match = match

    def _setup(self) -> None:
        """Called once with the lock held, after the traits exist, before the first view."""

    def _new_match(self) -> None:
        """Called with the lock held when ``match`` is replaced, before the redraw."""

    def _bad_seat(self, seat: int) -> int | None:
        """What to do with a seat that does not exist: refuse (or return the seat to keep)."""
        raise traitlets.TraitError(f"seat must be None or 0..{self.match.players - 1}, not {seat}")

    def _seat_verdict(self) -> Verdict | None:
        """Why a click from this view may not act now (None: it may)."""
        cp = self.match.current_player
        if cp is None or self.seat is None or self.seat == cp:
            return None
        return NOT_YOUR_TURN.refuse(f"viewing seat {self.seat}, seat {cp} is to move")

    def _read_only(self, what: str, *, seq: int | None) -> Outcome | None:
        """The refusal when the widget cannot act now (it has said why), else None."""
        return None

    def _check_extra(self, kind: str, intent: dict[str, Any]) -> str | None:
        """What is wrong with the fields of an extra intent type, or None."""
        return None

    def _handle_extra(self, kind: str, intent: dict[str, Any], seq: int) -> None:
        raise NotImplementedError(kind)

    def _refresh(self, *, patch: bool = False) -> None:
        """Recompute the view (``patch``: after a step of play, for widgets that patch)."""
        self.view = dict(self.match.view(self.seat))  # always a new object
        self._after_refresh()

    def _after_refresh(self) -> None:
        """Called with the lock held after every new view (overrides call super)."""
        shown = self._shown_action()
        if self.last_action != shown:
            self.last_action = shown

    def _poke(self) -> None:
        """Called after each change from outside: wake background work (bots)."""

    # -- internals (call with the lock held) ---------------------------------
    @contextlib.contextmanager
    def _batch(self) -> Iterator[None]:
        """The lock, and the trait changes of one step go to the front end as one message."""
        with self._lock, self.hold_sync():
            yield

    def _refused_state(self, sync_data: dict[str, Any]) -> list[str]:
        """The browser's trait changes the view lock forbids (the lock itself is Python's)."""
        locked = self.VIEW_TRAITS | {"lock_view"} if self.lock_view else {"lock_view"}
        return sorted(
            k for k, v in sync_data.items() if k in locked and v != getattr(self, k, None)
        )

    def _lock_detail(self, what: list[str] | str) -> str:
        names = what if isinstance(what, str) else ", ".join(what)
        if not self.lock_view:
            return f"{names}: only the notebook's code sets the view lock"
        whose = "the teacher's view" if self.seat is None else f"seat {self.seat}'s view"
        return f"{names}: this board is locked to {whose}"

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
            self._say_error(f"Cannot show seat {change['new']}: ", exc)
        self._poke()

    def _handle_intent(self, intent: Any) -> None:
        seq = intent.get("seq") if isinstance(intent, dict) else None
        problem = malformed(intent, {**BASE_FIELDS, **self.EXTRA_INTENTS}, self.OPTIONAL_FIELDS)
        kind = intent["type"] if problem is None else ""
        if problem is None and kind not in BASE_FIELDS:
            problem = self._check_extra(kind, intent)
        if problem:
            self._say(
                False,
                f"Ignored a malformed intent: {problem}.",
                MALFORMED.refuse(problem),
                seq=seq if is_int(seq) else None,
            )
            return
        if self.lock_view and kind in self.VIEW_INTENTS:
            verdict = VIEW_LOCKED.refuse(self._lock_detail(kind))
            self._say(False, f"Refused from the browser: {kind}", verdict, seq=seq)
            return
        if kind in self.UNVERSIONED:
            self._handle_extra(kind, intent, seq)
            return
        version = intent["version"]
        if version != self.match.version:
            detail = f"sent at version {version}, now {self.match.version}"
            self._say(False, f"Ignored a stale intent ({detail}).", STALE.refuse(detail), seq=seq)
            return
        if kind not in BASE_FIELDS:
            self._handle_extra(kind, intent, seq)
        elif kind != "act":
            self._undo_redo(kind, seq=seq)
        elif self._read_only(intent["key"], seq=seq) is None:
            verdict = self._seat_verdict()
            if verdict is not None:
                self._say(False, f"Refused: {intent['key']}", verdict, seq=seq)
                return
            self._act(intent["key"], version=version, seq=seq)

    def _act(self, key: str, *, version: int | None, seq: int | None, who: str = "") -> Outcome:
        actor = self.match.current_player
        outcome = self.match.play(key, version=version)
        if not outcome.ok:
            self._say(False, f"Refused: {key}", outcome.verdict, seq=seq)
            return outcome
        self._last = (actor, outcome)
        self._refresh(patch=True)  # sets last_action for the (possibly new) seat
        texts = self._public_texts(outcome)
        shown = outcome.action if self._sees_key(actor) else "an action"
        msg = f"{who}Played {shown}" + (f": {' '.join(texts)}" if texts else ".")
        self._say(True, msg, None, seq=seq)
        self._notify(outcome)
        return outcome

    def _sees_key(self, actor: int | None) -> bool:
        """Whether the viewer may know an action's key: the teacher and the actor."""
        return self.seat is None or actor == self.seat

    def _public_texts(self, outcome: Outcome) -> list[str]:
        """The first log lines of an action, as the viewing seat may read them."""
        seen = [self.match.game.event_for(e, self.seat) for e in outcome.events]
        return [e["text"] for e in seen if e.get("text")][:3]

    def _shown_action(self) -> str:
        """The ``last_action`` text for the viewing seat."""
        if self._last is None:
            return self.last_action
        actor, outcome = self._last
        if self._sees_key(actor):
            return str(outcome.action)
        return " ".join(self._public_texts(outcome)) or "an action"

    def _undo_redo(self, kind: str, *, seq: int | None) -> bool:
        if self._read_only(kind, seq=seq) is not None:
            return False
        done = self.match.undo() if kind == "undo" else self.match.redo()
        if not done:
            self._say(
                False,
                f"Cannot {kind}.",
                NO_UNDO.refuse() if kind == "undo" else NO_REDO.refuse(),
                seq=seq,
            )
            return False
        self._refresh(patch=True)
        self._say(True, f"{kind.capitalize()} done (version {self.match.version}).", None, seq=seq)
        return True

    def _notify(self, outcome: Outcome) -> None:
        for cb in list(self._callbacks):
            try:
                cb(outcome)
            except Exception as exc:
                self._say_error("on_action callback failed: ", exc)

    def _say_error(self, what: str, exc: BaseException, *, seq: int | None = None) -> None:
        """Show an exception in ``feedback`` (``widget.error``, with where it was raised)."""
        self._say(False, f"{what}{type(exc).__name__}: {exc}", ERROR.refuse(_where(exc)), seq=seq)

    def _say(self, ok: bool, message: str, verdict: Verdict | None, *, seq: int | None) -> None:
        self._answers += 1
        fb: dict[str, Any] = {
            "seq": seq,
            "ok": ok,
            "message": message,
            "rule_id": None,
            "section": None,
            "n": self._answers,
        }
        if verdict is not None:
            d = verdict.to_dict()
            fb.update(rule_id=d["rule_id"], section=d["section"])
            fb["message"] = f"{message} \u2014 {d['reason']}" if not ok else message
        self.feedback = fb
