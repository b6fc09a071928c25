"""Positions saved by older game files, brought to today's shape.

Game-file format 1 stored units, hexes and cities with one-letter keys; format 2
spells them out. Only the keys' names changed, so the upgrade is a renaming. The
options added since (the unit and growth costs) take their defaults, which are
the costs format-1 games were played with.
"""

from __future__ import annotations

from ..engine.game import State
from ..engine.state import rename_keys
from .options import COSTS, CocOptions

_RENAMED_IN_2 = {
    "units": {"o": "owner", "k": "kind", "h": "hex", "f": "fought"},
    "hexes": {"t": "terrain", "reg": "region"},
    "cities": {"act": "activations"},
}


def upgrade_position(state: State, file_version: int) -> State:
    """The position with format-1 key names renamed (anything not a table is left to the checks)."""
    if file_version >= 2:
        return state
    options = state.get("options")
    if isinstance(options, dict):
        defaults = CocOptions().to_dict()
        for name in COSTS:
            options.setdefault(name, defaults[name])
    return rename_keys(state, _RENAMED_IN_2)
