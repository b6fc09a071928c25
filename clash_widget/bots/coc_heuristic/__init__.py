"""A readable rule-of-thumb strategy for Clash of Cultures that plays every part of the game.

For each decision the bot reads the position from its seat (the board, every city and unit,
every player's public stock, and its own hand of cards: never another player's hand or the
piles), works out a small plan, and scores every legal action with the rules of thumb in
:mod:`.coc_thumbs`. It plays the best-scoring action; ties are broken by its own random
stream. The plan is worked out afresh at every decision (the only memory the bot keeps is
the list of trade offers it made this turn):

* **Purchases it saves for**, best first: a wonder it can build (once it owns Engineering,
  Storage and the tokens), a settler while it has fewer cities than ``target_cities``, a
  city piece, armies, an advance. Collecting takes the goods those purchases still lack;
  spending goods the best one still lacks is penalised (the ``save`` rule).
* **Sites for settlers**: free fertile land two or more spaces from every city, rated by
  the land around it, near its own cities; face-down regions count as places to explore.
  Each settler walks to the best site it can reach (``march_settler``) and founds there.
* **Armies**: a city that enemy armies could reach next turn wants one more army than the
  threat (``defend``); the rest march on the best target city (a barbarian city or a
  rival's) and attack when the exact odds of :func:`clash_widget.coc.odds.battle_odds`
  reach ``attack_odds`` (``attack``); after a round they retreat when the odds fall below
  ``retreat_odds``. A target that needs more armies makes the bot build them (``arm``).
* **Culture**: influence a rival's city when the chance (with culture tokens for range
  and for the roll) is good (``influence``); lift angry cities (``civic``).
* **Trades**: swap a spare good for one it lacks, when the partner is short of the first
  and has the second to spare; accept the same kind of swap. Each offer is made at most
  once a turn, so a refused offer is never repeated.

Every other decision frame (collecting, building, moving, combat cards, casualties,
Siegecraft, the refugee's city, influence boosts, trade replies and routes, status-phase
advances, Monuments, Dogma, government cubes, event mood) is answered from the same plan,
always with one of the legal actions.

The package: :mod:`.plan` (the seat's reading and plan), :mod:`.turn` (scoring a turn's
actions), :mod:`.trades`, :mod:`.answers` (one answer per decision frame kind) and
:mod:`.bot`. Costs come from the rules options and advances are read through the effects
they grant (:func:`clash_widget.coc.effects.grants`).
"""

from .answers import ANSWERS
from .bot import CocHeuristicBot
from .plan import Goal, Seat, research_cost

__all__ = ["ANSWERS", "CocHeuristicBot", "Goal", "Seat", "research_cost"]
