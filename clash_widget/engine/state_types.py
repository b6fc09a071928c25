"""The keys every game's state keeps for the engine; each game's ``state_types`` extends them."""

# No ``from __future__ import annotations`` here: Python 3.11 TypedDicts must see
# ``NotRequired`` unquoted to leave such keys out of ``__required_keys__``.
from typing import NotRequired, TypedDict


class EngineState(TypedDict):
    """Keys of one type in the states of Secolo, Persistence and History (Clash of Cultures
    requires ``version``). ``game``, ``options``, ``players``, ``stack`` and ``result`` are
    each game's own types: a TypedDict cannot narrow a key it inherits."""

    seed: int
    rng: int  # the seeded generator's whole state (engine/rng.py)
    version: NotRequired[int]  # changes so far, added by the match at the first action
    over: bool
