"""History CCG: a civilisation card game with simultaneous turns and culture clashes.

The rules core of the fourth seed system: ``game`` (the protocol class), topic modules for
each part of the turn (``setup``, ``flow``, ``maintenance``, ``actions``, ``explore``,
``combat``, ``culture``), the card set as data (``cards``, ``data/``), the poker-hand
evaluator with exact odds (``poker``, ``odds``) and the rule book (``rulebook``).
"""

from .game import HistoryCCG
from .options import HistoryOptions

__all__ = ["HistoryCCG", "HistoryOptions"]
