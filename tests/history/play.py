"""Self-play helper for tests: seeded bots to the end, optionally checking every step."""

from __future__ import annotations

from typing import Any

from clash_widget.bots import make_bot
from clash_widget.engine import Match


def self_play(
    seed: int,
    players: int = 2,
    options: dict[str, Any] | None = None,
    *,
    bot: str = "random",
    checks: bool = True,
    steps: int | None = None,
) -> Match:
    m = Match.new("history", players, seed, options, keep_undo=False)
    bots = [make_bot(bot, "history", seed * 10 + s) for s in range(players)]
    n = 0
    while not m.is_over and (steps is None or n < steps):
        a = bots[m.current_player].choose(m.game, m.state, m.legal_actions())
        assert m.play(a).ok
        n += 1
        if checks:
            assert not m.game.invariants(m.state), m.game.invariants(m.state)
    return m
