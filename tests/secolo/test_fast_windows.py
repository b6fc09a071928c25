"""Whether a seat could use a window, with its shortcut, is the listing's answer (#27).

``windows.usable`` first looks whether the seat holds a Special a window takes or has an
Object in its city (without one, neither kind has a candidate); at every position of random
games, for every seat, it must say what listing the window's Special and Object actions
says.
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.engine.reactions import WINDOW
from clash_widget.secolo import windows
from clash_widget.secolo.objects import OBJECT_KIND
from clash_widget.secolo.specials import SPECIAL_KIND


@pytest.mark.parametrize("players", [2, 3, 4])
def test_usable_is_whether_the_window_lists_anything(players: int) -> None:
    positions = listed = 0
    for seed in range(3):
        m = Match.new("secolo", players, 900 + seed, keep_undo=False)
        bot = make_bot("random", "secolo", seed)
        while not m.is_over:
            for seat in range(players):
                probe = {"kind": WINDOW, "player": seat}
                full = bool(SPECIAL_KIND.legal(m.state, probe) or OBJECT_KIND.legal(m.state, probe))
                assert windows.usable(m.state, seat) == full
                listed += full
            positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 100 and listed > 0
