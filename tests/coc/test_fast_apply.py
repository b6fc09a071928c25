"""Applying a Clash action the fast way changes exactly what the plain way changes.

Applying is sped up in ways that must never change a position, an event or a listing
handed on: ``ClashOfCultures.settle`` comes to rest at once when the frame on top is
none that ``settle_step`` takes a step at (``SETTLING``), instead of running the
engine's loop of ``settle_step``. These tests apply every action of whole random games
both ways, from copies of the same position, and compare the positions, the events and
the listing settling hands on.
"""

import pytest

from clash_widget.bots.registry import make_bot
from clash_widget.coc import game as coc_game
from clash_widget.engine import Match
from clash_widget.engine.game import Events, Game
from clash_widget.engine.state import clone


def plain_apply(game, state, action):
    """Game.apply with the engine's own settling loop (no fast rest)."""
    ev = Events()
    ev.list_rest = True
    frame = game.top(state)
    game.handlers[frame["kind"]].apply(game, state, frame, action, ev)
    Game.settle(game, state, ev)
    return ev


def _same(ev_fast, ev_plain):
    assert list(ev_fast) == list(ev_plain)
    assert ev_fast.listed == ev_plain.listed
    assert ev_fast.restores_previous == ev_plain.restores_previous


def _random_games(seeds, check):
    for seed in seeds:
        m = Match.new("coc", 4, seed, keep_undo=False)
        bot = make_bot("random", "coc", seed)
        while not m.is_over:
            a = bot.choose(m.game, m.state, m.legal_actions())
            check(m.game, m.state, a)
            m.play(a)


def _compare(game, state, action):
    fast, plain = clone(state), clone(state)
    ev_fast = game.apply(fast, action, list_rest=True)
    ev_plain = plain_apply(game, plain, action)
    assert fast == plain, action
    _same(ev_fast, ev_plain)


@pytest.mark.parametrize("seeds", [range(3000, 3002), range(3002, 3004)])
def test_fast_settle_matches_the_engine_loop(seeds):
    """Every action of random 4-player games: the same position, events and listing."""
    _random_games(seeds, _compare)


def test_settling_frames_are_all_met():
    """Each frame kind of SETTLING is met at rest or settled in random games (the
    comparison above covers it), and a frame missing from SETTLING is caught by it."""
    seen: set[str] = set()

    def note(game, state, action):
        seen.add(state["stack"][-1]["kind"])

    _random_games(range(3000, 3002), note)
    assert {"move", "raze", "free_advance"} <= seen
    broken = coc_game.SETTLING - {"raze"}
    saved = coc_game.SETTLING
    coc_game.SETTLING = frozenset(broken)
    try:
        with pytest.raises(AssertionError):
            _random_games(range(3000, 3002), _compare)
    finally:
        coc_game.SETTLING = saved
