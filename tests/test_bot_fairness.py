"""Bots get the whole state but decide only from what their seat may know (bots/base.py).

For every game's heuristic: resampling everything the deciding seat cannot see (the other
hands, the piles, the dice generator: ``Game.determinize``) never changes its choice.
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.engine.registry import GAMES as REGISTERED

GAMES = list(REGISTERED)  # every game of the catalogue


@pytest.mark.parametrize("game", GAMES)
def test_the_heuristic_reads_only_what_its_seat_sees(game: str) -> None:
    m = Match.new(game, 3, 4, keep_undo=False)
    decisions = 0
    while not m.is_over and decisions < 80:
        seat = m.current_player
        assert seat is not None
        legal = m.legal_actions()
        chosen = make_bot("heuristic", game, decisions).choose(m.game, m.state, legal)
        for sample in (1, 2):
            other = m.game.determinize(m.state, seat, sample)
            again = make_bot("heuristic", game, decisions).choose(m.game, other, legal)
            assert again == chosen, (decisions, str(chosen), str(again))
        m.play(chosen)
        decisions += 1
    assert decisions >= 40
