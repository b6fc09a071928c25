"""HistoryTable: a History CCG match on a clickable card table.

The sibling of :class:`~clash_widget.widget.secolo_table.SecoloTable` and
:class:`~clash_widget.widget.persistence_map.PersistenceMap`: the same traits, intents,
refusals and play modes over the headless Session (hot-seat and teacher views, bot seats,
undo/redo, replay, game files; see :mod:`clash_widget.widget.base`), with its own front
end (``js/src/history`` bundled into ``static/history.js``).

``view`` is the shown seat's view (:func:`clash_widget.history.view.view`): each player's
map (cities with their terrains and mods, production, creations and units, fresh or
exhausted), the viewer's council (other councils are counts), treasury and landfill
counts, the phase and the initiative order, the last culture clash as two poker hands
with their names, and the legal actions. The front end turns a click on a card into the
legal action that uses it (several: buttons to choose from); a card no legal action uses
still sends the action it would naturally be, so that Python's refusal names the rule.
"""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Outcome
from clash_widget.engine.registry import get_spec

from . import feedback
from .assets import spec_front_end
from .base import MatchWidget


class HistoryTable(MatchWidget):
    """A clickable card table for one History CCG match.

    ``HistoryTable(match=None, *, players=2, seed=0, seat=None, options=None, bots=None)``;
    without a match a new ``Match.new("history", players, seed, options)`` is started.
    ``seat=None`` is the teacher's view (every council visible).
    """

    GAME = "history"
    _esm, _css = spec_front_end(get_spec("history"))  # the table its spec registers

    def _played_text(self, actor: int | None, outcome: Outcome, label: str) -> str:
        """One sentence for a move: what it did (its first log line), and how many more
        lines it wrote to the log just below (issue #37: a pass that ends the phase wrote
        seven, and the feedback line read four of them again). The move that ends the game
        also says how it ended, so the line is never stale."""
        seen = [self.match.game.event_for(e, self.seat) for e in outcome.events]
        shown = [e for e in seen if e.get("text")]
        said = [str(e["text"]) for e in shown if e.get("kind") not in feedback.TURN_KINDS]
        if not said:
            return feedback.played_text(self.match, self.seat, actor, outcome, label)
        first = feedback.sentence(said[0])
        if self.match.is_over and len(said) > 1:
            return f"{first} {feedback.sentence(said[-1])}"
        more = len(shown) - 1
        if not more:
            return first
        return f"{first[:-1]} ({more} more line{'s' if more > 1 else ''} in the log){first[-1]}"

    # -- small readers for notebooks: the teacher's view, never the rules' state --
    def council(self, seat: int) -> list[str]:
        """Card ids in ``seat``'s council (the Python side sees everything)."""
        with self._lock:
            return [card["id"] for card in self.match.view(None)["players"][seat]["council"]]

    def cities(self) -> dict[str, dict[str, Any]]:
        """City card -> {controller, population} for every city on the map."""
        with self._lock:
            return {
                c["id"]: {"controller": c["controller"], "population": c["population"]}
                for p in self.match.view(None)["players"]
                for c in p["cities"]
            }

    def explain(self, key: str) -> str:
        """``"legal"`` or the engine's refusal (rule id, reason, section) for an action."""
        with self._lock:
            return self.match.explain(key)
