"""Helpers for JSON-shaped game states: clone, canonical text, stable hash.

States are plain dicts/lists/ints/strings so that JSON is an exact round trip
and snapshots are cheap structural copies (no ``copy.deepcopy``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

_NESTED = frozenset((dict, list))


def clone(x: Any) -> Any:
    """Structural copy of JSON-shaped data (dicts, lists, scalars).

    Dicts and lists are copied, anything else is shared. A leaf is tested where it sits,
    not in a call of its own: undo snapshots and search samples copy whole states, and
    most of a state is leaves (half the time of a Clash of Cultures snapshot, #27).
    """
    t = type(x)
    if t is dict:
        return {k: clone(v) if type(v) in _NESTED else v for k, v in x.items()}
    if t is list:
        return [clone(v) if type(v) in _NESTED else v for v in x]
    return x


def canonical_json(x: Any) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def state_hash(state: Any) -> str:
    """A stable fingerprint: equal states give equal hashes on every machine."""
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()[:16]


def rename_keys(state: dict[str, Any], renames: dict[str, dict[str, str]]) -> dict[str, Any]:
    """Rename the keys of the records in ``state``'s tables (``{"units": {"o": "owner"}}``),
    for positions stored before a game spelt its keys out; anything not a table of records is
    left as it is (the game's checks judge it)."""
    for table, names in renames.items():
        items = state.get(table)
        if isinstance(items, dict):
            for key, item in items.items():
                if isinstance(item, dict):
                    items[key] = {names.get(k, k): v for k, v in item.items()}
    return state
