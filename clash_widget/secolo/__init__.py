"""600 il Secolo di Ferro: a card game about building a multicultural city.

The second game on the clash_widget kernel. The seed rules are the
specification; card effects the seed does not give are our own design and are
marked ``"source": "ours"`` in ``data/cards.json``.
"""

from .game import Secolo, SecoloOptions

__all__ = ["Secolo", "SecoloOptions"]
