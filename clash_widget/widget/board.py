"""BoardWidget: a Clash of Cultures match on a clickable anywidget board.

All board state travels in traitlets (see js/src/model.ts for the mirror):

- ``view`` (Python -> JS): ``match.view(seat)``, always a NEW dict after a change.
- ``intent`` (JS -> Python): ``{seq, version, type: "select", q, r}``,
  ``{seq, version, type: "act", key}`` or ``{seq, version, type: "undo"|"redo"}``.
- ``selected``: ``{q, r, terrain, explored, region, city, units}`` or ``{}``.
- ``feedback``: ``{seq, ok, message, rule_id, section, n}`` (``n`` counts answers, so
  two equal answers in a row still reach the front end).
- ``seat``: whose view (``None``: the teacher's view of everything).
- ``last_action``: key of the last applied action.

Intents are validated strictly; malformed (``engine.malformed``) or stale
(``engine.stale``) ones change nothing and explain why in ``feedback``. A
re-entrant lock guards every access to the match, because comm messages can
arrive on a kernel subshell thread while a cell runs.
"""

from __future__ import annotations

import pathlib
import threading
import traceback
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from clash_widget.engine import Match, Outcome, RuleBook, Verdict
from clash_widget.engine.game import MALFORMED, STALE

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
_JS = STATIC / "widget.js"
_CSS = STATIC / "widget.css"

_MISSING_BUNDLE_ESM = """
function render({ el }) {
  const d = document.createElement("div");
  d.style.cssText = "padding:8px;border:1px solid #c62828;color:#c62828;font-family:sans-serif";
  d.textContent = "clash_widget: front-end bundle missing: run npm run build";
  el.appendChild(d);
}
export default { render };
"""

WIDGET_RULES = RuleBook("widget")
NO_UNDO = WIDGET_RULES.rule(
    "widget.no-undo",
    "There is nothing to undo, or the last action rolled dice or revealed hidden information.",
    "Engine",
    source="ours",
)
NO_REDO = WIDGET_RULES.rule("widget.no-redo", "There is nothing to redo.", "Engine", source="ours")
ERROR = WIDGET_RULES.rule(
    "widget.error",
    "The widget hit an internal error; the game is unchanged.",
    "Engine",
    source="ours",
)

INTENT_TYPES = ("select", "act", "undo", "redo")
ActionCallback = Callable[[Outcome], Any]


def _where(exc: BaseException) -> str:
    """Where an exception was raised, in one line (file:line in function)."""
    tb = traceback.extract_tb(exc.__traceback__)
    if not tb:
        return type(exc).__name__
    f = tb[-1]
    return f"raised at {pathlib.Path(f.filename).name}:{f.lineno} in {f.name}"


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class BoardWidget(anywidget.AnyWidget):
    """A clickable board for one match.

    ``BoardWidget(match=None, *, players=2, seed=0, seat=None)``; without a match a new
    ``Match.new("coc", players, seed)`` is started. ``seat=None`` is the teacher's view.
    """

    _esm = _JS if _JS.is_file() else _MISSING_BUNDLE_ESM
    _css = _CSS if _CSS.is_file() else ""

    view = traitlets.Dict().tag(sync=True)
    intent = traitlets.Dict().tag(sync=True)
    selected = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    last_action = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        match: Match | None = None,
        *,
        players: int = 2,
        seed: int = 0,
        seat: int | None = None,
        **kwargs: Any,
    ) -> None:
        self._lock = threading.RLock()
        self._callbacks: list[ActionCallback] = []
        self._answers = 0
        self.match = match if match is not None else Match.new("coc", players, seed)
        super().__init__(seat=seat, **kwargs)
        with self._lock:
            self._refresh()

    # -- public API ---------------------------------------------------------
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
        with self._lock:
            return self._act(key, version=None, seq=None)

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
        """Send a fresh view (after changing ``widget.match`` from code)."""
        with self._lock:
            self._refresh()

    def select(self, q: int, r: int) -> dict[str, Any]:
        """Select a hex from code; returns what stands on it (the ``selected`` trait)."""
        with self._lock:
            self._select(q, r, seq=None)
            return dict(self.selected)

    # -- traits ---------------------------------------------------------------
    @traitlets.observe("seat")
    def _seat_changed(self, change: dict[str, Any]) -> None:
        if not hasattr(self, "match"):
            return  # during __init__
        try:
            with self._lock:
                self._refresh()
        except Exception as exc:  # never swallow: show it
            self._say(
                False,
                f"Cannot show seat {change['new']}: {type(exc).__name__}: {exc}",
                ERROR.refuse(_where(exc)),
                seq=None,
            )

    @traitlets.observe("intent")
    def _intent_changed(self, change: dict[str, Any]) -> None:
        intent = change["new"]
        if not intent:
            return  # the initial {} or a reset
        try:
            with self._lock:
                self._handle_intent(intent)
        except Exception as exc:  # never swallow: show it
            self._say(
                False,
                f"{type(exc).__name__}: {exc}",
                ERROR.refuse(_where(exc)),
                seq=intent.get("seq") if isinstance(intent, dict) else None,
            )

    # -- internals (call with the lock held) ---------------------------------
    def _refresh(self) -> None:
        view = self.match.view(self.seat)
        self.view = dict(view)  # always a new object
        self._hex_index = {
            (h["q"], h["r"]): h for h in self.view.get("hexes", []) if isinstance(h, dict)
        }
        if self.selected:
            q, r = self.selected.get("q"), self.selected.get("r")
            self.selected = self._describe_hex(q, r) if (q, r) in self._hex_index else {}

    def _handle_intent(self, intent: Any) -> None:
        seq = intent.get("seq") if isinstance(intent, dict) else None
        problem = self._malformed(intent)
        if problem:
            self._say(
                False,
                f"Ignored a malformed intent: {problem}.",
                MALFORMED.refuse(problem),
                seq=seq if _is_int(seq) else None,
            )
            return
        version = intent["version"]
        if version != self.match.version:
            detail = f"sent at version {version}, now {self.match.version}"
            self._say(False, f"Ignored a stale intent ({detail}).", STALE.refuse(detail), seq=seq)
            return
        kind = intent["type"]
        if kind == "select":
            self._select(intent["q"], intent["r"], seq=seq)
        elif kind == "act":
            self._act(intent["key"], version=version, seq=seq)
        else:
            self._undo_redo(kind, seq=seq)

    def _malformed(self, intent: Any) -> str | None:
        """What is wrong with the intent's shape, or None."""
        if not isinstance(intent, dict):
            return f"an intent must be an object, not {type(intent).__name__}"
        for name in ("seq", "version"):
            if not _is_int(intent.get(name)):
                return f"{name!r} must be an integer"
        kind = intent.get("type")
        if kind not in INTENT_TYPES:
            return f"unknown intent type {kind!r} (known: {', '.join(INTENT_TYPES)})"
        allowed = {"seq", "version", "type"} | {
            "select": {"q", "r"},
            "act": {"key"},
            "undo": set(),
            "redo": set(),
        }[kind]
        extra = set(intent) - allowed
        if extra:
            return f"unexpected field(s) {', '.join(sorted(map(str, extra)))} for {kind!r}"
        if kind == "select":
            q, r = intent.get("q"), intent.get("r")
            if not (_is_int(q) and _is_int(r)):
                return "'q' and 'r' must be integers"
            if (q, r) not in self._hex_index:
                return f"{q},{r} is not a hex of this map"
        if kind == "act":
            key = intent.get("key")
            if not isinstance(key, str) or not key.strip():
                return "'key' must be a non-empty string"
        return None

    def _describe_hex(self, q: int, r: int) -> dict[str, Any]:
        h = self._hex_index[(q, r)]
        city = next(
            (c for c in self.view.get("cities", []) if c.get("q") == q and c.get("r") == r), None
        )
        units = [u for u in self.view.get("units", []) if u.get("q") == q and u.get("r") == r]
        return {
            "q": q,
            "r": r,
            "terrain": h.get("terrain"),
            "explored": h.get("explored"),
            "region": h.get("region"),
            "city": dict(city) if city else None,
            "units": [dict(u) for u in units],
        }

    def _select(self, q: int, r: int, *, seq: int | None) -> None:
        if (q, r) not in self._hex_index:
            self._say(
                False,
                f"{q},{r} is not a hex of this map.",
                MALFORMED.refuse(f"no hex {q},{r}"),
                seq=seq,
            )
            return
        self.selected = self._describe_hex(q, r)
        self._say(True, f"Selected hex {q},{r}.", None, seq=seq)

    def _act(self, key: str, *, version: int | None, seq: int | None) -> Outcome:
        outcome = self.match.play(key, version=version)
        if not outcome.ok:
            self._say(False, f"Refused: {key}", outcome.verdict, seq=seq)
            return outcome
        self.last_action = str(outcome.action)
        self._refresh()
        texts = [e.get("text", "") for e in outcome.events if e.get("text")]
        msg = f"Played {outcome.action}" + (f": {' '.join(texts[:3])}" if texts else ".")
        self._say(True, msg, None, seq=seq)
        self._notify(outcome)
        return outcome

    def _undo_redo(self, kind: str, *, seq: int | None) -> bool:
        done = self.match.undo() if kind == "undo" else self.match.redo()
        if not done:
            self._say(
                False,
                f"Cannot {kind}.",
                NO_UNDO.refuse() if kind == "undo" else NO_REDO.refuse(),
                seq=seq,
            )
            return False
        self._refresh()
        self._say(True, f"{kind.capitalize()} done (version {self.match.version}).", None, seq=seq)
        return True

    def _notify(self, outcome: Outcome) -> None:
        for cb in list(self._callbacks):
            try:
                cb(outcome)
            except Exception as exc:
                self._say(
                    False,
                    f"on_action callback failed: {type(exc).__name__}: {exc}",
                    ERROR.refuse(_where(exc)),
                    seq=None,
                )

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
