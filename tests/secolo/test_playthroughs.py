"""Playthrough regression files: a seeded random game per player count, replayed line by line.

Regenerate after an intended rule change with::

    UPDATE_PLAYTHROUGHS=1 pytest tests/secolo/test_playthroughs.py
"""

from __future__ import annotations

import pytest
from match_checks import Playthroughs

FILES = Playthroughs(
    "secolo",
    "600 il Secolo di Ferro",
    "tests/secolo/test_playthroughs.py",
    {
        "secolo_2p": (2, 2, {"deck": "base"}),
        "secolo_3p": (3, 3, {"deck": "extended"}),
        "secolo_4p": (4, 4, {"deck": "base"}),
        "secolo_4p_pairs": (4, 44, {"deck": "extended", "pairs": True}),
        "secolo_5p": (5, 5, {"deck": "base", "auto_pass": False}),
    },
)


@pytest.mark.parametrize("name", sorted(FILES.cases))
def test_playthrough_replays_identically(name):
    FILES.replay(name)


def test_every_player_count_has_a_playthrough():
    counts = {players for players, _, _ in FILES.cases.values()}
    assert counts == {2, 3, 4, 5}
    assert any(o.get("pairs") for _, _, o in FILES.cases.values())
