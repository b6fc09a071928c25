"""The Persistence of Culture: Culture Event cards on a compact host game of our own.

The seed (``002_e2f1d8d23fc554ed.txt``) is a variant for *History of the World*:
Culture cards that an Empire declares, that sit in its Capital and score every
turn, that are captured with the Capital's land or destroyed by a Minor Empire,
an Empire without a Capital or one of four fates, and that may be transferred
between the player's Capitals along a friendly path. The host (world map,
Epochs, Empires, Expansion, Events, Victory Points) is ours, in the spirit of
that game; every host rule is marked ``source="ours"``.

Modules: ``content`` (data files), ``options``, ``rules`` (the rule book),
``board`` (who holds what), ``setup`` (piles and hands), ``epochs`` (choosing
Empires, turn order, the end), ``expansion`` (armies, fleets, battles),
``events`` (declaring cards, the fates), ``culture`` (the variant's Culture
cards), ``transfer`` (paths and transfers), ``scoring`` (the Victory Point
phase), ``handlers`` (decision frames), ``view``, ``scenario`` and ``game``.
"""
