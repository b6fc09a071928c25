"""Set up positions by hand, for notebooks and tests.

Every helper takes a card of the wanted design from wherever it is in that player's deck
(treasury, council, landfill) and puts it where asked, so a card stays in exactly one place
and the game's invariants hold. Positions made this way are set-up positions: a match
wrapping one (``Match.from_state``) saves its start with its record.

>>> from clash_widget.engine import Match
>>> m = Match.new("history", 2, seed=1)
>>> s = m.state
>>> capital = s["players"][0]["capital"]
>>> grass = give(s, 0, "grassland")
>>> C.design(s, grass)["name"]
'Grassland'
"""

from __future__ import annotations

from typing import Any

from ..engine.game import State
from . import cards as C
from .setup import new_city

LOOSE_ZONES = ("treasury", "council", "landfill")


def find(state: State, seat: int, design: str, *, loose_only: bool = True) -> str:
    """A card of ``design`` in ``seat``'s deck, preferring one not on the map."""
    p = state["players"][seat]
    for zone in LOOSE_ZONES:
        for cid in sorted(p[zone]):
            if C.instance(state, cid).design == design:
                return cid
    if loose_only:
        raise ValueError(f"player {seat + 1} has no {design} left off the map")
    raise ValueError(design)


def lift(state: State, cid: str) -> str:
    """Take a card out of its owner's treasury, council or landfill."""
    p = state["players"][C.owner(cid)]
    for zone in LOOSE_ZONES:
        if cid in p[zone]:
            p[zone].remove(cid)
            return cid
    raise ValueError(f"{cid} is not in a treasury, council or landfill")


def give(state: State, seat: int, design: str) -> str:
    """Put a card of ``design`` into ``seat``'s council."""
    cid = lift(state, find(state, seat, design))
    state["players"][seat]["council"].append(cid)
    return cid


def clear_council(state: State, seat: int) -> None:
    """Move the whole council to the landfill."""
    p = state["players"][seat]
    p["landfill"] += p["council"]
    p["council"] = []


def stack_treasury(state: State, seat: int, designs_or_ranks: list[Any]) -> list[str]:
    """Put cards on top of the treasury, the first one to come off first.

    Items are design ids or ranks (int: any card of that rank)."""
    out = []
    for item in designs_or_ranks:
        if isinstance(item, int):
            p = state["players"][seat]
            cid = next(
                c
                for zone in LOOSE_ZONES
                for c in sorted(p[zone])
                if C.rank(state, c) == item and c not in out
            )
        else:
            cid = find(state, seat, item)
        lift(state, cid)
        out.append(cid)
    state["players"][seat]["treasury"] += list(reversed(out))
    return out


def city(
    state: State,
    seat: int,
    design: str,
    pop: int = 1,
    terrains: tuple[str, ...] = (),
    *,
    capital: bool = False,
) -> str:
    """A city of ``design`` on the map for ``seat`` with terrains of the given designs."""
    cid = lift(state, find(state, seat, design))
    state["cities"][cid] = new_city(seat)
    state["cities"][cid]["population"] = pop
    for t in terrains:
        state["cities"][cid]["terrains"].append(lift(state, find(state, seat, t)))
    if capital:
        state["players"][seat]["capital"] = cid
    return cid


def unit(
    state: State, seat: int, design: str, where: str, *, damage: int = 0, fresh: bool = True
) -> str:
    cid = lift(state, find(state, seat, design))
    state["units"][cid] = {"controller": seat, "city": where, "damage": damage, "tired": not fresh}
    return cid


def creation(state: State, seat: int, design: str, where: str) -> str:
    cid = lift(state, find(state, seat, design))
    state["cities"][where]["creations"].append(cid)
    return cid


def tech(state: State, seat: int, design: str) -> str:
    cid = lift(state, find(state, seat, design))
    state["players"][seat]["techs"].append(cid)
    return cid


def frame(state: State, kind: str, player: int, **data: Any) -> dict[str, Any]:
    """Make ``kind`` the only pending decision (the phase follows from it)."""
    phases = {
        "capital": "setup",
        "home": "setup",
        "trade": "trade",
        "grow": "growth",
        "plan": "plan",
        "act": "action",
        "explore": "action",
        "settle": "action",
        "settle_produce": "action",
        "shrink": "action",
        "discard": "trade",
        "trim": "trim",
    }
    t = state["turn"]
    t["phase"] = phases.get(kind, t["phase"])
    t["number"] = max(t["number"], 1)
    if kind == "act":
        t["active"] = list(t["order"])
        t["at"] = t["active"].index(player)
        t["passes"] = 0
    t["queue"] = []
    f = {"kind": kind, "player": player, **data}
    state["stack"] = [f]
    return f
