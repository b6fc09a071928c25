"""Position values for search bots: the score plus a small material term.

A search that stops its playouts after a few dozen steps needs to tell a
good position from a bad one before any points change hands. Each game may
register a value function here; games without one are valued by their score
alone. Values look only at public material and the seat's own score, so
evaluating a determinised state leaks nothing the sampler did not invent.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..engine import Game
from ..engine.game import State

Values = Callable[[Game, State], list[float]]


def score_values(game: Game, state: State) -> list[float]:
    return [float(s) for s in game.scores(state)]


def coc_values(game: Game, state: State) -> list[float]:
    """VP, with half a point per advance (not per pair) and a little material.

    The material weights are deliberately small (a city centre is worth less
    than one city piece) so that points already scored always dominate.
    """
    from ..coc.scoring import breakdown

    n = len(state["players"])
    cities = [0] * n
    for c in state["cities"].values():
        if 0 <= c["owner"] < n:
            cities[c["owner"]] += 1
    settlers = [0] * n
    army = [0] * n
    for u in state["units"].values():
        o = u["o"]
        if 0 <= o < n:
            if u["k"] == "settler":
                settlers[o] += 1
            else:
                army[o] += 1
    out = []
    for p, pl in enumerate(state["players"]):
        b = breakdown(state, p)
        adv = len(pl["advances"])
        vp = sum(b.values()) - b["advances"] + adv / state["options"]["advances_per_vp"]
        stock = sum(pl["res"].values()) + pl["mood"] + pl["culture"]
        material = (
            0.6 * cities[p]
            + 0.35 * min(settlers[p], 3)
            + 0.1 * min(army[p], 6)
            + 0.04 * stock
            + 0.15 * len(pl["objectives_hand"])
        )
        out.append(vp + material)
    return out


VALUES: dict[str, Values] = {"coc": coc_values}


def values(game: Game, state: State) -> list[float]:
    return VALUES.get(game.name, score_values)(game, state)


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
