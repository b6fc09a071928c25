"""clash_widget: learn, teach and experiment with culture-game rules in Jupyter.

The rules core (``clash_widget.engine`` and the games beside it) is plain
Python; the board widget is loaded only when asked for, so the core never
imports Jupyter.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .engine import Action, Match, Outcome, Verdict
from .engine.session import BotCatalogue, use_catalogue, use_coach


def _bot_catalogue() -> BotCatalogue:
    """The composition root's bot catalogue, imported on a session's first bot (importing the
    engine loads no bot); the engine imports no bot module itself."""
    from .bots import registry

    return registry


def _coach() -> Any:
    """The coach's hint, imported on a session's first hint (the engine imports no coach)."""
    from .coach import hint

    return hint


use_catalogue(_bot_catalogue)
use_coach(_coach)

__version__ = "0.1.0"
__all__ = ["Action", "ClashBoard", "Match", "Outcome", "Verdict", "__version__"]


def __getattr__(name: str) -> Any:
    # by name, so type-checking the core does not read the widget
    if name == "ClashBoard":
        return import_module(".widget", __name__).ClashBoard
    if name == "BoardWidget":  # the old name: warns once (clash_widget.widget.RENAMED)
        return import_module(".widget", __name__).renamed(name)
    raise AttributeError(f"module 'clash_widget' has no attribute {name!r}")
