"""Rules options of The Persistence of Culture: every number the rules use, as data.

The host numbers are ours (in the spirit of History of the World); ``transfer``
switches the seed's rule 6 on and off (the design question of notebook 21), and
``culture`` plays the host game alone, with nine piles instead of ten.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Options, ranged


@dataclass(frozen=True)
class PersistenceOptions(Options):
    # The variant itself (seed rules 1.1-7.1); off: the host game alone (nine piles).
    culture: bool = True
    # Seed rule 6: transferring Culture cards between the Faction's Capitals.
    transfer: bool = True
    # Our reading of 6.12: may a Sea holding an own and an enemy fleet be part of a path?
    shared_sea_friendly: bool = False
    # Host (ours): how many Epochs, events a turn.
    epochs: int = ranged(7, 1, 20)
    events_per_turn: int = ranged(2, 0, 10)
    # Battles (ours, as HWD players know them): highest die decides, ties to the defender.
    attack_dice: int = ranged(2, 1, 10)
    defence_dice: int = ranged(1, 1, 10)
    capital_bonus: int = ranged(1, 0, 5)
    fort_bonus: int = ranged(1, 0, 5)
    leader_bonus: int = ranged(1, 0, 5)
    rebel_dice: int = ranged(2, 1, 10)
    barbarian_dice: int = ranged(2, 1, 10)
    civil_war_lands: int = ranged(3, 1, 20)
    # Victory Points (ours), scored by each player at the end of their turn.
    vp_presence: int = ranged(1, 0, 10)
    vp_control_factor: int = ranged(2, 0, 10)
    vp_capital: int = ranged(1, 0, 10)
    vp_monument: int = ranged(1, 0, 10)
    # Religion spreading its culture (ours): 0, the seed's 7.1, scores it one VP like the rest.
    vp_spread: int = ranged(0, 0, 10)
