"""The exact odds of Clash of Cultures' battles and cultural influence, for the lessons.

They are the game's (:mod:`clash_widget.coc.odds`, which the Clash heuristic bot reads
too); the notebooks keep importing them from here.
"""

from __future__ import annotations

from clash_widget.coc.odds import (
    SIDES,
    battle_odds,
    dice_sum,
    hits,
    influence_success,
    influence_tokens_spent,
)

__all__ = [
    "SIDES",
    "battle_odds",
    "dice_sum",
    "hits",
    "influence_success",
    "influence_tokens_spent",
]
