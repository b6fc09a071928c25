"""Playthrough regression files: a seeded random game per player count, replayed line by line.

Regenerate after an intended rule change with::

    UPDATE_PLAYTHROUGHS=1 pytest tests/history/test_playthroughs.py

The diff then shows exactly what the change did to a whole game.
"""

from __future__ import annotations

import pytest
from match_checks import Playthroughs

FILES = Playthroughs(
    "history",
    "History CCG",
    "tests/history/test_playthroughs.py",
    {
        "history_2p": (2, 2, {}),
        "history_3p": (3, 3, {"growth_multiplier": 5}),
        "history_4p": (4, 4, {}),
        "history_2p_plain52": (2, 52, {"deck": "plain52", "population_to_win": 25}),
    },
)


@pytest.mark.parametrize("name", sorted(FILES.cases))
def test_playthrough_replays_identically(name):
    _, got = FILES.replay(name)
    assert "final" in got and '"winners"' in got


def test_every_player_count_has_a_playthrough():
    assert {players for players, _, _ in FILES.cases.values()} == {2, 3, 4}
    assert {p.stem for p in FILES.folder.glob("history_*.txt")} >= set(FILES.cases)
