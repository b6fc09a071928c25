"""Every registered game keeps the protocol (tests/protocol_checks.py): listing and checks
agree, records replay, game files load verified. The toy game (tests/toy_game/) runs the same
checks."""

from __future__ import annotations

import pytest
from protocol_checks import check_game_file_loads, check_record_replays, play

from clash_widget.engine import GAMES as REGISTERED
from clash_widget.engine import get_spec

# every game of the catalogue, at the table size its benchmarks seat
GAMES = [(g, get_spec(g).bench_players) for g in REGISTERED]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_every_game_keeps_the_protocol(game: str, players: int) -> None:
    m = play(game, players, seed=5, bots=["random"], steps=40)
    assert m.actions
    check_record_replays(m)
    check_game_file_loads(m)
