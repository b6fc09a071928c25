"""SecoloTable: a 600 il Secolo di Ferro match on a clickable card table.

The sibling of :class:`~clash_widget.widget.board.BoardWidget` for the card game:
same traits, intents and refusals (see :mod:`clash_widget.widget.base`), its own
front end (``js/src/secolo`` bundled into ``static/secolo.js``).

``view`` is ``match.view(seat)``: the viewer's hand only (other hands are counts),
the cities grouped by culture with their protections, deck and discard counts,
the pending decision frame (reaction prompts) and the legal actions, which the
front end turns into buttons and clickable cards without knowing any rule.
"""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Match

from .base import MatchWidget
from .board import STATIC

_JS = STATIC / "secolo.js"
_CSS = STATIC / "secolo.css"

_MISSING_BUNDLE_ESM = """
function render({ el }) {
  const d = document.createElement("div");
  d.style.cssText = "padding:8px;border:1px solid #c62828;color:#c62828;font-family:sans-serif";
  d.textContent = "clash_widget: Secolo bundle missing: run npm run build";
  el.appendChild(d);
}
export default { render };
"""

GAME = "secolo"


class SecoloTable(MatchWidget):
    """A clickable card table for one Secolo match.

    ``SecoloTable(match=None, *, players=2, seed=0, seat=None, options=None)``; without a
    match a new ``Match.new("secolo", players, seed, options)`` is started.
    ``seat=None`` is the teacher's view (every hand visible).
    """

    _esm = _JS if _JS.is_file() else _MISSING_BUNDLE_ESM
    _css = _CSS if _CSS.is_file() else ""

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
        if match is None:
            match = Match.new(GAME, players, seed, options)
        elif match.game.name != GAME:
            raise ValueError(f"SecoloTable shows {GAME} matches, not {match.game.name!r}")
        super().__init__(match, seat=seat, **kwargs)

    # -- small readers for notebooks ------------------------------------------
    def hand(self, seat: int) -> list[str]:
        """Card ids in ``seat``'s hand (the Python side sees everything)."""
        with self._lock:
            return list(self.match.state["players"][seat]["hand"])

    def city(self, seat: int) -> list[str]:
        """Card ids in ``seat``'s city."""
        with self._lock:
            return list(self.match.state["players"][seat]["city"])

    def explain(self, key: str) -> str:
        """``"legal"`` or the engine's refusal (rule id, reason, section) for an action."""
        with self._lock:
            return self.match.explain(key)
