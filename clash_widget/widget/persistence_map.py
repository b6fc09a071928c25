"""PersistenceMap: a match of The Persistence of Culture on a clickable world map.

The sibling of :class:`~clash_widget.widget.board.ClashBoard` and
:class:`~clash_widget.widget.secolo_table.SecoloTable`: the same traits, intents,
refusals and play modes over the headless Session (hot-seat and teacher views, bot
seats, undo/redo, replay, game files; see :mod:`clash_widget.widget.base`), with its
own front end (``js/src/persistence`` bundled into ``static/persistence.js``).

``view`` is the shown seat's view (:func:`clash_widget.persistence.view.view`): the
map's areas as polygons (``data-area``), armies and fleets by Faction colour,
Capitals, forts and Monuments, the Culture cards beside the map with the Empire that
holds them, the viewer's hand, and the legal actions. The front end turns clicks on
areas and cards into action keys: an area a legal action uses sends it; any other
area still sends the move it would be (``enter``, ``fleet``, ``declare``,
``transfer``) so that Python's refusal names the rule. Clicking a Culture card when
transfers are open highlights the friendly path to each Capital it may go to.
"""

from __future__ import annotations

from clash_widget.engine.registry import get_spec

from .assets import spec_front_end
from .base import MatchWidget


class PersistenceMap(MatchWidget):
    """A clickable world map for one Persistence of Culture match.

    ``PersistenceMap(match=None, *, players=2, seed=0, seat=None, options=None, bots=None)``;
    without a match a new ``Match.new("persistence", players, seed, options)`` is started.
    ``seat=None`` is the teacher's view (every hand visible).
    """

    GAME = "persistence"
    _esm, _css = spec_front_end(get_spec("persistence"))  # the table its spec registers

    # -- small readers for notebooks: the teacher's view, never the rules' state --
    def hand(self, seat: int) -> list[str]:
        """Card ids in ``seat``'s hand (the Python side sees everything)."""
        with self._lock:
            return [card["id"] for card in self.match.view(None)["players"][seat]["hand"]]

    def culture(self) -> dict[str, str]:
        """Culture cards in play -> the Empire that possesses them."""
        with self._lock:
            return {card["id"]: card["empire"] for card in self.match.view(None)["culture"]}

    def explain(self, key: str) -> str:
        """``"legal"`` or the engine's refusal (rule id, reason, section) for an action."""
        with self._lock:
            return self.match.explain(key)
