"""Playthrough regression files: a seeded random game per player count, replayed line by line.

Regenerate after an intended rule change with::

    UPDATE_PLAYTHROUGHS=1 pytest tests/persistence/test_playthroughs.py
"""

from __future__ import annotations

import pytest
from match_checks import Playthroughs

FILES = Playthroughs(
    "persistence",
    "The Persistence of Culture",
    "tests/persistence/test_playthroughs.py",
    {
        "persistence_2p": (2, 2, {}),
        "persistence_3p": (3, 3, {}),
        "persistence_4p": (4, 4, {}),
        "persistence_3p_no_transfer": (3, 33, {"transfer": False}),
    },
)


@pytest.mark.parametrize("name", sorted(FILES.cases))
def test_playthrough_replays_identically(name):
    FILES.replay(name)


def test_every_player_count_has_a_playthrough():
    counts = {players for players, _, _ in FILES.cases.values()}
    assert counts == {2, 3, 4}
    assert any(o.get("transfer") is False for _, _, o in FILES.cases.values())
