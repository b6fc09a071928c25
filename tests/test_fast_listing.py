"""The listing's shortcuts never change an answer (#27).

``first_legal(n)`` (how the engine asks "does this decision have one answer?") stops
listing early; over whole random games of every game it must give exactly the first
``n`` actions of the full listing, at every position.
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import GAMES, Match, get_game


@pytest.mark.parametrize("game", list(GAMES))
def test_first_legal_is_the_start_of_the_full_listing(game: str) -> None:
    positions = 0
    for seed in range(3):
        m = Match.new(game, get_game(game).bench_players, 500 + seed, keep_undo=False)
        bot = make_bot("random", game, seed)
        while not m.is_over:
            frame = m.state["stack"][-1]
            handler = m.game.handlers[frame["kind"]]
            full = handler.legal(m.game, m.state, frame)
            for n in (1, 2, 3):
                assert handler.first_legal(m.game, m.state, frame, n) == full[:n], frame
            positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 300
