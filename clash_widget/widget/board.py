"""ClashBoard: a Clash of Cultures match on a clickable anywidget board.

The shared traits, intents, refusals, lock and play modes (hot-seat and teacher
views, bot seats, undo/redo, replay, game files) are :class:`~.base.MatchWidget`'s,
over a headless :class:`~clash_widget.engine.session.Session`; the board adds
(see js/src/coc/model.ts for the mirror):

- ``view_patch``: after an action only the changes to ``view`` are sent (the
  changed keys and the log's new tail, ``engine.session.seat_patch``); ``view`` is
  kept current in Python without resending.
- intents ``{seq, version, type: "select", q, r}`` and ``"resync"`` (send the
  whole view again). Shapes: intents.py.
- ``selected``: ``{q, r, terrain, explored, region, city, units}`` or ``{}``.

A seat that does not exist is refused in ``feedback`` (``widget.bad-setting``)
and the seat goes back.
"""

from __future__ import annotations

from typing import Any

import traitlets

from clash_widget.engine.game import MALFORMED
from clash_widget.engine.registry import get_spec
from clash_widget.engine.session import seat_patch

from .assets import STATIC, spec_front_end
from .autoplay import BOT_NAMES
from .base import MatchWidget
from .intents import (
    BAD_SETTING,
    BOARD_FIELDS,
    COACH_UNVERSIONED,
    INTENT_TYPES,
    WIDGET_RULES,
    field_problem,
)
from .places import place_words
from .renamed import RENAMED, warn_renamed

__all__ = ["BOT_NAMES", "STATIC", "ClashBoard", "INTENT_TYPES", "WIDGET_RULES"]


class ClashBoard(MatchWidget):
    """A clickable board for one match.

    ``ClashBoard(match=None, *, players=2, seed=0, seat=None, options=None, bots=None)``;
    without a match a new ``Match.new("coc", players, seed, options)`` is started.
    ``seat=None`` is the teacher's view; ``bots`` names a bot (or ``None``) per seat.
    """

    GAME = "coc"
    _esm, _css = spec_front_end(get_spec("coc"))  # the table its spec registers
    EXTRA_INTENTS = BOARD_FIELDS
    UNVERSIONED = frozenset({"resync", "save"}) | COACH_UNVERSIONED

    selected = traitlets.Dict().tag(sync=True)
    # After an action: the changes to ``view``; ``view`` itself is then updated in
    # Python without being sent again.
    view_patch = traitlets.Dict().tag(sync=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._quiet_view = False
        self._hex_index: dict[tuple[int, int], dict[str, Any]] = {}
        super().__init__(*args, **kwargs)

    # -- public API ---------------------------------------------------------
    def select(self, q: int, r: int) -> dict[str, Any]:
        """Select a hex from code; returns what stands on it (the ``selected`` trait)."""
        with self._lock:
            self._select(q, r, seq=None)
            return dict(self.selected)

    # -- MatchWidget hooks (called with the lock held) -------------------------
    def _bad_seat(self, seat: int) -> int | None:
        self._say(False, "", BAD_SETTING.refuse(f"there is no such seat ({seat!r})"), seq=None)
        return self.seat if self._seat_ok(self.seat) else None

    def _check_extra(self, kind: str, intent: dict[str, Any]) -> str | None:
        return field_problem(kind, intent, self._hex_index)

    def _handle_extra(self, kind: str, intent: dict[str, Any], seq: int | None) -> None:
        if kind == "resync":
            self._resync()
        elif kind == "select":
            self._select(intent["q"], intent["r"], seq=seq)
        else:
            super()._handle_extra(kind, intent, seq)

    def _show(self, view: dict[str, Any], *, patch: bool) -> None:
        """Show ``view``; ``patch``: send only what changed from the seat's previous view."""
        old = self.view
        diff = seat_patch(old, view) if patch else None
        if diff is not None:
            self._quiet_view = True
            try:
                self.view = dict(view)  # always a new object, kept but not sent
            finally:
                self._quiet_view = False
            self.view_patch = diff
        else:
            self.view = dict(view)
        self._hex_index = {
            (h["q"], h["r"]): h for h in self.view.get("hexes", []) if isinstance(h, dict)
        }
        if self.selected:
            q, r = self.selected.get("q"), self.selected.get("r")
            self.selected = self._describe_hex(q, r) if (q, r) in self._hex_index else {}

    # -- board internals (call with the lock held) -----------------------------
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
        self._say(True, f"Selected: {place_words(self.view, q, r)}.", None, seq=seq)

    def _should_send_property(self, key: str, value: Any) -> bool:
        # ipywidgets asks this before sending a trait; a patched view goes as view_patch.
        if key == "view" and self._quiet_view:
            return False
        return super()._should_send_property(key, value)

    def _resync(self) -> None:
        """Send the full current view again (a front end missed a patch, or is new)."""
        if getattr(self, "comm", None) is not None:
            self.send_state("view")


def __getattr__(name: str) -> Any:
    """``from clash_widget.widget.board import BoardWidget`` (the old name) still works."""
    if name in RENAMED:
        warn_renamed(name, stacklevel=3)  # warn_renamed, this function, the asking line
        return ClashBoard
    raise AttributeError(name)
