"""Rules options of The Persistence of Culture: every number the rules use, as data.

The host numbers are ours (in the spirit of History of the World); ``transfer``
switches the seed's rule 6 on and off (the design question of notebook 21), and
``culture`` plays the host game alone, with nine piles instead of ten.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Options


@dataclass(frozen=True)
class PersistenceOptions(Options):
    # The variant itself (seed rules 1.1-7.1); off: the host game alone (nine piles).
    culture: bool = True
    # Seed rule 6: transferring Culture cards between the Faction's Capitals.
    transfer: bool = True
    # Our reading of 6.12: may a Sea holding an own and an enemy fleet be part of a path?
    shared_sea_friendly: bool = False
    # Host (ours): how many Epochs, events a turn.
    epochs: int = 7
    events_per_turn: int = 2
    # Battles (ours, as HWD players know them): highest die decides, ties to the defender.
    attack_dice: int = 2
    defence_dice: int = 1
    capital_bonus: int = 1
    fort_bonus: int = 1
    leader_bonus: int = 1
    rebel_dice: int = 2
    barbarian_dice: int = 2
    civil_war_lands: int = 3
    # Victory Points (ours), scored by each player at the end of their turn.
    vp_presence: int = 1
    vp_control_factor: int = 2
    vp_capital: int = 1
    vp_monument: int = 1
    # Religion spreading its culture (ours): 0, the seed's 7.1, scores it one VP like the rest.
    vp_spread: int = 0
