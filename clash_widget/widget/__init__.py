"""The anywidget board: BoardWidget draws a match and turns clicks into actions.

``BoardWidget`` is imported on first use, so ``clash_widget.widget.intents`` and
``clash_widget.widget.autoplay`` (no Jupyter imports) stay importable on their own,
e.g. by ``python -m clash_widget rules``. The game behind every widget (seats and
bots, undo/redo, replay, game files, view patches) is the headless
:class:`clash_widget.engine.session.Session`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .intents import WIDGET_RULES

if TYPE_CHECKING:
    from .board import BoardWidget
    from .controls import board_with_controls
    from .history_table import HistoryTable
    from .persistence_map import PersistenceMap
    from .secolo_table import SecoloTable

__all__ = [
    "BoardWidget",
    "HistoryTable",
    "PersistenceMap",
    "SecoloTable",
    "WIDGET_RULES",
    "board_with_controls",
]


def __getattr__(name: str) -> Any:
    if name == "BoardWidget":
        from .board import BoardWidget

        return BoardWidget
    if name == "board_with_controls":
        from .controls import board_with_controls

        return board_with_controls
    if name == "SecoloTable":  # the 600 il Secolo di Ferro card table
        from .secolo_table import SecoloTable

        return SecoloTable
    if name == "PersistenceMap":  # The Persistence of Culture world map
        from .persistence_map import PersistenceMap

        return PersistenceMap
    if name == "HistoryTable":  # the History CCG card table
        from .history_table import HistoryTable

        return HistoryTable
    raise AttributeError(name)
