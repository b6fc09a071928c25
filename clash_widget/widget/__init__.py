"""The anywidget boards: ClashBoard, SecoloTable, PersistenceMap and HistoryTable draw a
match and turn clicks into actions.

Each widget is imported on first use, so ``clash_widget.widget.intents`` and
``clash_widget.widget.autoplay`` (no Jupyter imports) stay importable on their own,
e.g. by ``python -m clash_widget rules``. The game behind every widget (seats and
bots, undo/redo, replay, game files, view patches) is the headless
:class:`clash_widget.engine.session.Session`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clash_widget.engine.registry import GAMES
from clash_widget.engine.spec import resolve

from .intents import WIDGET_RULES
from .renamed import RENAMED, warn_renamed

if TYPE_CHECKING:
    from .board import ClashBoard as ClashBoard
    from .controls import board_with_controls as board_with_controls
    from .history_table import HistoryTable as HistoryTable
    from .persistence_map import PersistenceMap as PersistenceMap
    from .secolo_table import SecoloTable as SecoloTable


# Each game's widget class, as its spec names it (GameSpec.widget): exported under its own
# name and imported on first use. The TYPE_CHECKING imports above spell them out for type
# checkers only; tests/test_game_specs.py checks they are the specs' widgets.
def _game_widgets() -> dict[str, str]:
    """Widget class name -> its ``"module:Class"``, read from the catalogue when asked (a
    game registered later, as the toy game of the tests, is exported too)."""
    return {s.widget_name: s.widget for s in GAMES.values() if s.widget and s.widget_name}


__all__ = ["WIDGET_RULES", "board_with_controls", *sorted(_game_widgets())]


def renamed(name: str) -> Any:
    """The widget an old name now means (:mod:`.renamed`); warns the first time.

    Called by a package's ``__getattr__``, so the warning points at the line that asked."""
    # warn_renamed, this function, the package's __getattr__, the asking line
    return __getattr__(warn_renamed(name, stacklevel=4))


def __getattr__(name: str) -> Any:
    if name == "board_with_controls":
        from .controls import board_with_controls as board_with_controls

        return board_with_controls
    widgets = _game_widgets()
    if name in widgets:
        return resolve(widgets[name])
    if name in RENAMED:
        return renamed(name)
    raise AttributeError(name)
