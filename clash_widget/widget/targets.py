"""Where a move is on a table: the board targets of a legal action, as the tables mark them.

A game's view lists each legal action with what its table's picker reads (Clash of Cultures'
``hexes``, Secolo's ``cards``, Persistence's ``area``, ``card`` and ``empire``, History's card
ids among its ``args``). :func:`targets` turns that entry into the data-* attributes of the
elements the table draws for it (``{"q": "1", "r": "-2"}`` is the hex with ``data-q="1"``
and ``data-r="-2"``), so that the front end can mark a hinted or reviewed move on the board
without knowing a rule: an element is marked when its data-* values are all those of one
target. Pure: no Jupyter import.
"""

from __future__ import annotations

import re
from typing import Any

# A History CCG card id ("1-07"): its cards carry data-card, its cities data-city too.
_CARD_ID = re.compile(r"^\d+-\d\d$")

Target = dict[str, str]


def _hex(ref: Any) -> Target | None:
    if isinstance(ref, str) and "," in ref:
        ref = ref.split(",")
    if isinstance(ref, (list, tuple)) and len(ref) == 2:
        return {"q": str(int(ref[0])), "r": str(int(ref[1]))}
    return None


def targets(entry: dict[str, Any] | None) -> list[Target]:
    """The board targets of one legal-action entry of a view (none for a button-only move)."""
    if not entry:
        return []
    out: list[Target] = []
    for ref in entry.get("hexes") or ():
        t = _hex(ref)
        if t is not None:
            out.append(t)
    for card in entry.get("cards") or ():
        out.append({"card": str(card)})
    for name in ("card", "area", "empire"):
        if isinstance(entry.get(name), str) and entry[name]:
            out.append({name: entry[name]})
    for arg in entry.get("args") or ():
        if isinstance(arg, str) and _CARD_ID.match(arg):
            out += [{"card": arg}, {"city": arg}]
    unique: list[Target] = []
    for t in out:
        if t not in unique:
            unique.append(t)
    return unique


def targets_of(view: dict[str, Any], key: str) -> list[Target]:
    """The board targets of the legal action ``key`` in ``view`` (none if it is not listed)."""
    for entry in view.get("legal") or ():
        if entry.get("key") == key:
            return targets(entry)
    return []
