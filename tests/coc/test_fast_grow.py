"""The Grow listing's shortcut (#27): when even the cheapest growth is out of reach, no
candidate is built; the listing must be exactly the candidates that pass every check."""

from __future__ import annotations

import random

import pytest

from clash_widget.bots import make_bot
from clash_widget.coc import cities
from clash_widget.engine import Match


def test_grow_listing_with_the_shortcut_is_the_checked_candidates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every check asked of every candidate (none skipped), at turn positions of random
    4-player games with random holdings, gives the very listing the shortcut gives."""
    rnd = random.Random(27)
    kind = cities.GROW_KIND
    skipped = listed = 0
    for seed in range(3):
        m = Match.new("coc", 4, 700 + seed, keep_undo=False)
        bot = make_bot("random", "coc", seed)
        for _ in range(500):
            if m.is_over:
                break
            frame = m.state["stack"][-1]
            if frame["kind"] == "turn":
                player = m.state["players"][frame["player"]]
                saved = dict(player["res"]), list(player["once"])
                for _ in range(4):  # holdings around the price, State Religion used or not
                    for r in player["res"]:
                        player["res"][r] = rnd.randint(0, 3)
                    if rnd.random() < 0.5:
                        player["once"] = [x for x in player["once"] if x != "state_religion"]
                    fast = kind.legal(m.state, frame)
                    with monkeypatch.context() as mp:
                        mp.setattr(cities, "_may_afford_growth", lambda *_: True)
                        plain = [
                            a
                            for a in cities.grow_candidates(m.state, frame)
                            if all(g.ok(m.state, frame, None) for g in kind.gate)
                            and kind.first_violation(m.state, frame, kind.parse(m.state, frame, a))
                            is None
                        ]
                        skipped += bool(plain == [] and cities.grow_candidates(m.state, frame))
                    assert fast == plain
                    listed += bool(fast)
                player["res"].update(saved[0])
                player["once"] = saved[1]
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert skipped > 20 and listed > 20, (skipped, listed)
