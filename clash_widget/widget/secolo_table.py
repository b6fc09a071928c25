"""SecoloTable: a 600 il Secolo di Ferro match on a clickable card table.

The sibling of :class:`~clash_widget.widget.board.ClashBoard` for the card game:
same traits, intents, refusals and play modes over a headless Session (hot-seat
and teacher views, bot seats, undo/redo, replay, game files; see
:mod:`clash_widget.widget.base`), its own front end (``js/src/secolo`` bundled
into ``static/secolo.js``).

``view`` is the shown seat's view: the viewer's hand only (other hands are counts),
the cities grouped by culture with their protections, deck and discard counts,
the pending decision frame (reaction prompts) and the legal actions, which the
front end turns into buttons and clickable cards without knowing any rule.
"""

from __future__ import annotations

from clash_widget.engine.registry import get_spec

from .assets import spec_front_end
from .base import MatchWidget


class SecoloTable(MatchWidget):
    """A clickable card table for one Secolo match.

    ``SecoloTable(match=None, *, players=2, seed=0, seat=None, options=None, bots=None)``;
    without a match a new ``Match.new("secolo", players, seed, options)`` is started.
    ``seat=None`` is the teacher's view (every hand visible); ``bots`` names a bot (or
    ``None``) per seat.
    """

    GAME = "secolo"
    _esm, _css = spec_front_end(get_spec("secolo"))  # the table its spec registers

    # -- small readers for notebooks ------------------------------------------
    # They read the teacher's view (every hand shown), never the rules' state.
    def hand(self, seat: int) -> list[str]:
        """Card ids in ``seat``'s hand (the Python side sees everything)."""
        with self._lock:
            return [card["id"] for card in self.match.view(None)["players"][seat]["hand"]]

    def city(self, seat: int) -> list[str]:
        """Card ids in ``seat``'s city, culture by culture."""
        with self._lock:
            groups = self.match.view(None)["players"][seat]["city"]
            return [card["id"] for group in groups for card in group["cards"]]

    def explain(self, key: str) -> str:
        """``"legal"`` or the engine's refusal (rule id, reason, section) for an action."""
        with self._lock:
            return self.match.explain(key)
