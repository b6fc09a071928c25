"""History CCG: a civilisation card game with simultaneous turns and culture clashes.

The rules core of the fourth seed system: ``game`` (the protocol class), topic modules for
each part of the turn (``setup``, ``flow``, ``maintenance``, ``actions``, ``explore``,
``combat``, ``culture``), the card set as data (``cards``, ``data/``), the poker-hand
evaluator with exact odds (``poker``, ``odds``) and the rule book (``rulebook``).
"""

from typing import TYPE_CHECKING

from ..engine.lazy import lazy_names

if TYPE_CHECKING:
    from .game import HistoryCCG as HistoryCCG
    from .options import HistoryOptions as HistoryOptions

__all__ = ["HistoryCCG", "HistoryOptions"]

# Imported on first use: the game catalogue reads this package's ``spec`` without loading
# the rules (engine/registry.py).
__getattr__ = lazy_names(__name__, {"HistoryCCG": ".game", "HistoryOptions": ".options"})
