"""Playouts for search bots: follow a policy from a sample, then value the position.

A playout stops at the game's end, after ``depth`` steps, or once ``turns`` new turns
have begun (the games announce a turn with a ``"turn"`` event). Stopping at a turn
boundary values every candidate of a paired comparison at the same point of the
game: a fixed number of steps would value a move that takes many small steps (a
collection, hex by hex) earlier in the game than one that takes a single step.
"""

from __future__ import annotations

from ..engine import Action, Game
from ..engine.game import State
from .base import Bot
from .evaluate import final_rewards, rewards, values


def play_out(game: Game, s: State, policy: Bot, depth: int, turns: int = 0) -> int:
    """Play ``policy`` for every seat from ``s`` (changed in place); the steps taken."""
    steps = seen = 0
    acts: list[Action] | None = None
    while steps < depth and not game.is_over(s):
        if acts is None:
            acts = game.legal_actions(s)
        if not acts:
            break
        # Settling lists the resting position anyway (History, Persistence): take that list.
        events = game.apply(s, policy.choose(game, s, acts), list_rest=True)
        acts = events.listed
        steps += 1
        if turns and any(e.get("kind") == "turn" for e in events):
            seen += 1
            if seen >= turns:
                break
    return steps


def outcome(game: Game, s: State, scale: float) -> list[float]:
    """Every seat's reward in [0, 1]: the result of a finished game, else its value."""
    n = len(game.scores(s))
    if game.is_over(s):
        return final_rewards(game.winners(s), n)
    return rewards(values(game, s), scale)
