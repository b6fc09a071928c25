"""Speed work changes no game (#27): fixed-seed self-play gives the very same games.

Twenty random games per game (seeds 2000-2019, the benchmark's player count) and four
heuristic ones are summed up as their final state hashes, scores, winners, action counts
and counts of each action kind; the hash of that summary was computed on the commit
before the speed work (de977b7) and must never move unless the rules change on purpose.
The playthrough tests pin the logs and states of the scripted games in the same way.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from clash_widget.engine import get_game
from clash_widget.lab.selfplay import play_game

EXPECTED = {
    "coc": "7bce5ab3a9b4ed2b",
    "secolo": "95c240875292666c",
    "persistence": "7641b5115bdc5394",
    "history": "a3b5b692acf9bb5e",
}


def summary_hash(game: str) -> str:
    players = get_game(game).bench_players
    rows = []
    for bots, seeds in ((["random"], range(2000, 2020)), (["heuristic"], range(3000, 3004))):
        for seed in seeds:
            r = play_game(game, players, seed, bots, check_invariants=False)
            assert not r.errors, r.errors
            rows.append(
                [r.final_hash, r.scores, r.winners, r.actions, sorted(r.action_kinds.items())]
            )
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_self_play_summary_unchanged(game: str) -> None:
    assert summary_hash(game) == EXPECTED[game]
