"""600 il Secolo di Ferro: a card game about building a multicultural city.

The second game on the clash_widget kernel. The seed rules are the
specification; card effects the seed does not give are our own design and are
marked ``"source": "ours"`` in ``data/cards.json``.

Modelling choices that are ours (the seed is silent or informal):

* "Specials at any time": the turn player plays them during the act step; everybody else
  plays them in *reaction windows*: after an Attack is declared every other seat, in turn
  order, may play a reaction or any-time Special or use an Object (``react`` frame); a
  Special that stops the Attack opens a ``counter`` window where the others may cancel it
  with a Countermand. Objects (power "at any time") work in the act step and in windows.
* ``auto_pass`` (default on) skips window seats that could play nothing; off, every seat
  is asked (no information about hands leaks through skipped windows).
* The deck "runs out" the moment its last card is drawn; the first time the discards are
  shuffled into a new deck, the second time the game ends at once.
* Several players with 5 cultures at the start of a turn: most cultures, then most
  Characters wins among them; otherwise they share the win (``result["draw"]``).
* Pairs variant: 4 players, partners in seats (0, 2) and (1, 3); at a deck-exhaustion end a
  pair counts the different cultures across both cities (a culture in both counts once) and
  the Characters of both (rule end.deck-exhausted).
* The extended deck's composition (148 cards) is documented in ``data/cards.json``.
* ``redraw=False`` (our variant) removes the draw step's discard-and-redraw; notebook 20 uses
  it to measure how much that rule shortens games.
"""

from typing import TYPE_CHECKING

from ..engine.lazy import lazy_names

if TYPE_CHECKING:
    from .game import Secolo as Secolo
    from .game import SecoloOptions as SecoloOptions

__all__ = ["Secolo", "SecoloOptions"]

# Imported on first use: the game catalogue reads this package's ``spec`` without loading
# the rules (engine/registry.py).
__getattr__ = lazy_names(__name__, {"Secolo": ".game", "SecoloOptions": ".game"})
