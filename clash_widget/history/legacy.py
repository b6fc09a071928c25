"""Positions saved by older game files, brought to today's shape.

Game-file format 1 stored cities and units with short keys (``ctrl``, ``pop``,
``prod``, ``made``); format 2 spells them out. Only the names changed.
"""

from __future__ import annotations

from ..engine.game import State
from ..engine.state import rename_keys

_RENAMED_IN_2 = {
    "cities": {"ctrl": "controller", "pop": "population", "prod": "production", "made": "progress"},
    "units": {"ctrl": "controller"},
}


def upgrade_position(state: State, file_version: int) -> State:
    return rename_keys(state, _RENAMED_IN_2) if file_version < 2 else state
