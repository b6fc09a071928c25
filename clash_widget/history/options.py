"""Rules options of History CCG: every number the rules give, as data.

The seed's numbers are the defaults; where the seed's rules and its design notes
disagree, the other reading is an option (see ``rulebook.READINGS``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Options, one_of, ranged

DECKS = ("starters", "riverlands", "highlands", "plain52")


@dataclass(frozen=True)
class HistoryOptions(Options):
    deck: str = one_of("starters", "riverlands", "highlands", "plain52")
    """``starters``: seats alternate the two starter decks (Riverlands, Highlands, ...);
    ``riverlands`` / ``highlands``: everybody plays that deck; ``plain52``: the prototype,
    every player with a plain 52-card deck mapped onto the card set (four suits: no rainbows)."""
    growth_multiplier: int = ranged(6, 1, 20)
    """Growth succeeds when the pulled ranks total at least this many times the population
    (the rules say 6, the design notes 5)."""
    growth_pulls_population: bool = False
    """The design notes pull 'city size and food yields' cards for growth; the rules pull as
    many cards as the food yields (False)."""
    population_to_win: int = ranged(20, 2, 100)
    wonders_to_win: int = ranged(7, 1, 20)
    founding_cost: int = ranged(2, 0, 10)
    """Population another of your cities loses when you found a city (design notes); 0: off."""
    start_council: int = ranged(7, 1, 20)
    council_max: int = ranged(7, 1, 20)
    max_terrains: int = ranged(4, 1, 10)
    clash_cards: int = ranged(5, 1, 20)
    """Cards each side of a culture clash pulls before adding one per culture counter."""
    trade_cycle: int = ranged(2, 1, 10)
    trade_consult: int = ranged(3, 1, 10)
    trade_culture: int = ranged(4, 1, 10)
    capital_defence: int = ranged(2, 0, 10)
    """Ours: the strength with which an undefended capital strikes back (other cities 1)."""
    pass_is_final: bool = False
    """Ours, a house rule: a player who passes takes no more actions this action phase. The seed
    goes round "until no one wants to or cannot perform any actions" (False): a player who
    passed may act again when the turn comes round; the phase ends when all pass in a row."""
    research_exact: bool = False
    """Ours, a house rule: research counters beyond what the tech still needs are refused. The
    seed lets a player "use any number of trade" on research (False): the extra is lost."""
    max_turns: int = ranged(40, 1, 200)
    """Ours: a safety end. If nobody has won by the end of this turn, the most population wins."""
