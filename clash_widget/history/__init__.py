"""History CCG: a civilisation card game with simultaneous turns and culture clashes.

The rules core of the fourth seed system: ``game`` (the protocol class), topic modules for
each part of the turn (``setup``, ``flow``, ``maintenance``, ``actions``, ``explore``,
``combat``, ``culture``), the card set as data (``cards``, ``data/``), the poker-hand
evaluator with exact odds (``poker``, ``odds``) and the rule book (``rulebook``).
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import HistoryCCG as HistoryCCG
    from .options import HistoryOptions as HistoryOptions

# Imported on first use: the game catalogue reads this package's ``spec`` without loading
# the rules (engine/registry.py).
_LAZY = {
    "HistoryCCG": ".game",
    "HistoryOptions": ".options",
}
__all__ = ["HistoryCCG", "HistoryOptions"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
