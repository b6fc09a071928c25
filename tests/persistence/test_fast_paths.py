"""Transfer paths read at once give the area-by-area answer (#27).

``paths.reach`` (unrelaxed) reads the friendly areas of a seat once, from the held lands
and the fleets (``friendly_areas``), instead of asking ``friendly`` area by area; over
random games, at every position, for every seat and every start, it must give the same
areas, reached from the same previous areas over the same straits, in the same order as
the area-by-area search (the relaxed one, with nothing relaxed).
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.persistence import content, paths


@pytest.mark.parametrize("shared", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_reach_read_at_once_is_the_area_by_area_reach(players: int, shared: bool) -> None:
    positions = 0
    areas = list(content.lands()) + list(content.waters())
    for seed in range(2):
        m = Match.new(
            "persistence", players, 700 + seed, {"shared_sea_friendly": shared}, keep_undo=False
        )
        bot = make_bot("random", "persistence", seed)
        while not m.is_over:
            for seat in range(players):
                ok = paths.friendly_areas(m.state, seat)
                assert ok == {a for a in areas if paths.friendly(m.state, a, seat)}
                for start in ok:
                    fast = paths.reach(m.state, start, seat)
                    slow = paths._reach_relaxed(m.state, start, seat, paths.NONE)
                    assert list(fast.items()) == list(slow.items())
            positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 100
