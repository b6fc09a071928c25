"""Position values for search bots: the score plus a small material term.

A search that stops its playouts after a few dozen steps needs to tell a
good position from a bad one before any points change hands. Each game values
its positions itself (``Game.evaluate``, its score unless it knows better); this
module knows no game. Values look only at public material and the seat's own score, so
evaluating a determinised state leaks nothing the sampler did not invent.
"""

from __future__ import annotations

import math

from ..engine import Game
from ..engine.game import State


def values(game: Game, state: State) -> list[float]:
    """Every seat's position value, as the game values it (``Game.evaluate``)."""
    return [game.evaluate(state, p) for p in range(len(game.scores(state)))]


def rewards(vals: list[float], scale: float) -> list[float]:
    """Per seat, a reward in (0, 1): 0.5 means level with the best rival."""
    out = []
    for p, v in enumerate(vals):
        best_rival = max(x for q, x in enumerate(vals) if q != p)
        out.append(0.5 + 0.5 * math.tanh((v - best_rival) / scale))
    return out


def final_rewards(winners: list[int], players: int) -> list[float]:
    """A finished game: 1 for a sole winner, shared on ties, 0 for the rest."""
    return [1 / len(winners) if p in winners else 0.0 for p in range(players)]
