"""Positions saved by older game files, brought to today's shape.

Game-file format 1 stored units, hexes and cities with one-letter keys; format 2
spells them out. Only the keys' names changed, so the upgrade is a renaming. The
options added since (the unit and growth costs) take their defaults, which are
the costs format-1 games were played with. Format 4 renamed a player's
``wonders_revealed`` (the hidden wonders it reserved) to ``wonders_reserved``, and the
decision frame of a battle between its rounds from ``retreat`` to ``battle_round``.
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
    """The position with older key names renamed (anything not a table is left to the checks)."""
    if file_version < 2:
        _upgrade_from_1(state)
    if file_version < 4:
        _upgrade_from_3(state)
    return state


def _upgrade_from_3(state: State) -> None:
    players = state.get("players")
    for player in players if isinstance(players, list) else []:
        if isinstance(player, dict) and "wonders_revealed" in player:
            player["wonders_reserved"] = player.pop("wonders_revealed")
    stack = state.get("stack")
    for frame in stack if isinstance(stack, list) else []:
        if isinstance(frame, dict) and frame.get("kind") == "retreat":
            frame["kind"] = "battle_round"


def _upgrade_from_1(state: State) -> None:
    options = state.get("options")
    if isinstance(options, dict):
        defaults = CocOptions().to_dict()
        for name in COSTS:
            options.setdefault(name, defaults[name])
    rename_keys(state, _RENAMED_IN_2)
