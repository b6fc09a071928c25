"""Listing and reading are pure, and the caches they fill are keyed by what they read (#35).

A listing, a check and a reading block (``engine.reading``: Clash's units by hex, History's
seat readings) may remember what they read, outside the state, for as long as it cannot
change; they never change the state. Here the state's hash is taken before and after every
listing (whole, by category, up to a second answer), every check of every listed action,
the conformance check (every kind's wide candidates, every check) and an outer reading
block, at every position of random and heuristic games of every game. And Clash's
Navigation rim, kept per board, is the board's own, not another board's of the same size.
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.coc import movement
from clash_widget.coc.scenario import Scenario
from clash_widget.engine import GAMES, Match, get_spec
from clash_widget.engine.conformance import difference
from clash_widget.engine.reading import reading
from clash_widget.engine.state import clone


def read_everything(m: Match) -> None:
    """Every way the engine and the bots read a position, without playing."""
    game, state = m.game, m.state
    with reading(state):
        listed = game.legal_actions(state)
        game.legal_by_category(state)
    game.only_answer(state)
    for a in listed:
        assert game.check(state, a) is None
        game.describe(state, a)
    assert difference(game, state) is None
    m.listing().by_category()


@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
@pytest.mark.parametrize("game", list(GAMES))
def test_reading_a_position_leaves_its_hash(game: str, bot_name: str) -> None:
    players = get_spec(game).bench_players
    positions = 0
    m = Match.new(game, players, 910, keep_undo=False)  # one whole game a bot and a game
    bots = [make_bot(bot_name, game, i) for i in range(players)]
    while not m.is_over:
        before = m.state_hash()
        read_everything(m)
        assert m.state_hash() == before, (game, len(m.actions))
        positions += 1
        seat = m.current_player
        assert seat is not None
        m.play(bots[seat].choose(m.game, m.state, m.legal_actions()))
    assert positions > 50


def test_the_navigation_rim_is_the_boards_own() -> None:
    """Two boards with as many spaces but not the same ones: each gets its own rim (the rim
    was once kept by the number of spaces, so the second board was handed the first's)."""
    first = Scenario(players=2, seed=3).explore_all().state
    edge = [k for k in sorted(first["hexes"]) if len(movement.board_neighbours(first, k)) < 6]
    start = next(k for k in edge if movement.around_the_edge(first, k))
    reached = movement.around_the_edge(first, start)  # the first board's rim is kept
    other = clone(first)
    # as many spaces: a sea space Navigation reached from ``start`` moved far off the board
    other["hexes"]["40,40"] = other["hexes"].pop(reached[0])
    got = movement.around_the_edge(other, start)
    movement._rim.cache_clear()
    assert got == movement.around_the_edge(other, start) != reached


def test_no_cache_hands_out_a_value_its_caller_may_change() -> None:
    """Every function of the package kept by ``functools.cache``/``lru_cache`` says in its
    return type that what it hands out is read-only (a tuple, a frozenset, a ``Mapping`` or
    ``Sequence`` that mypy keeps callers from changing), never a list, dict or set: the next
    caller gets the very same object."""
    import importlib
    import pkgutil
    import typing

    import clash_widget

    cached, mutable = 0, []
    for info in pkgutil.walk_packages(clash_widget.__path__, "clash_widget."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            wrapped = getattr(obj, "__wrapped__", None)
            if not hasattr(obj, "cache_info") or getattr(obj, "__module__", "") != info.name:
                continue
            cached += 1
            returns = typing.get_type_hints(wrapped).get("return")
            if (typing.get_origin(returns) or returns) in (list, dict, set):
                mutable.append(f"{info.name}.{name} -> {returns}")
    assert cached > 100
    assert mutable == []
