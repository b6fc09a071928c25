"""The Clash rule-of-thumb bot makes the very same choices as before its speed-ups (#38).

The coach judges moves by trial games the heuristic plays, so making it faster must not
change one choice it makes. Three seeded heuristic games (2, 3 and 4 players, whole games)
are summed up as the hash of every action played; the hashes were computed on the code before
the speed-up (5b2ec37). A change that moves one of them changes the heuristic's play: make it
on purpose and say so, or find the bug. scripts/heuristic_same_choices.py compares more games.
"""

from __future__ import annotations

import hashlib

import pytest

from clash_widget.engine import Match
from clash_widget.lab.one_game import bot_moves, seat_bots

PINNED = {
    (2, 7): "b0bdba8a0afd8e90",
    (3, 8): "8c7acd29d59f4227",
    (4, 9): "9fb342352ee97c32",
}


def actions_hash(players: int, seed: int) -> str:
    """The hash of every action a seeded heuristic game plays, to its end."""
    m = Match.new("coc", players, seed, keep_undo=False)
    played = hashlib.sha256()
    for action, _ in bot_moves(m, seat_bots("coc", players, seed, ["heuristic"])):
        played.update(repr((action.kind, action.args)).encode())
    assert m.is_over
    return played.hexdigest()[:16]


@pytest.mark.parametrize(("players", "seed"), sorted(PINNED))
def test_heuristic_games_play_the_pinned_actions(players: int, seed: int) -> None:
    assert actions_hash(players, seed) == PINNED[(players, seed)]
