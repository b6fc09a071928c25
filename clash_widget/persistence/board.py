"""Who holds what: questions about the map, the Empires and the Factions of a state.

State parts read here: ``lands`` (land -> the Empire whose army holds it; a land
holds one army marker at most), ``fleets`` (sea or ocean -> Empires with a fleet
there), ``empires`` (Empire -> {owner, capital: its Capital's land or None}),
``players[s]["empires"]`` (the Faction: all Empires of seat s, past and
present), ``forts`` and ``monuments`` (lands), ``culture`` (Culture card in play
-> the Empire that possesses it).
"""

from __future__ import annotations

from typing import Any

from ..engine.game import State
from ..engine.rng import roll
from ..engine.seats import name as who
from . import content


# -- Empires and Factions -----------------------------------------------------------------------
def owner(state: State, empire: str) -> int:
    return state["empires"][empire]["owner"]


def faction(state: State, seat: int) -> list[str]:
    """Every Empire of ``seat``, past and present."""
    return state["players"][seat]["empires"]


def present(state: State) -> str | None:
    """The Empire whose turn it is (None between turns)."""
    turn = state["turn"]
    return turn["empire"] if turn else None


def present_empire(state: State) -> str:
    """The Empire whose turn it is, inside a turn (where there always is one)."""
    empire = present(state)
    assert empire is not None, "no Empire's turn now"
    return empire


def is_minor(empire: str) -> bool:
    return bool(content.empires()[empire]["minor"])


def founds_capital(empire: str) -> bool:
    """Does the Empire's data give it a Capital (to found with its first army)?"""
    return bool(content.empires()[empire]["capital"])


def capital(state: State, empire: str) -> str | None:
    """The land of the Empire's Capital, if one stands."""
    return state["empires"][empire]["capital"]


def without_capital(state: State, empire: str) -> bool:
    """Our reading (culture.without-capital): no Capital of its own stands now."""
    return capital(state, empire) is None


def capitals(state: State) -> dict[str, str]:
    """land -> Empire, for every Capital standing."""
    return {e["capital"]: eid for eid, e in state["empires"].items() if e["capital"]}


def empire_name(empire: str) -> str:
    return content.empires()[empire]["name"]


def cards_of(state: State, empire: str) -> list[str]:
    """The Culture cards the Empire possesses (located in its Capital)."""
    return sorted(c for c, e in state["culture"].items() if e == empire)


# -- lands and seas -------------------------------------------------------------------------------
def holder(state: State, land: str) -> str | None:
    return state["lands"].get(land)


def holder_seat(state: State, land: str) -> int | None:
    e = holder(state, land)
    return None if e is None else owner(state, e)


def empire_lands(state: State, empire: str) -> list[str]:
    return [a for a, e in state["lands"].items() if e == empire]


def seat_lands(state: State, seat: int) -> list[str]:
    mine = set(faction(state, seat))
    return [a for a, e in state["lands"].items() if e in mine]


def fleets_in(state: State, water: str) -> list[str]:
    return state["fleets"].get(water, [])


def seat_has_fleet(state: State, water: str, seat: int) -> bool:
    return any(owner(state, e) == seat for e in fleets_in(state, water))


def enemy_fleet(state: State, water: str, seat: int) -> bool:
    """Does another player have a fleet in ``water``?"""
    return any(owner(state, e) != seat for e in fleets_in(state, water))


def defence_bonus(state: State, land: str) -> int:
    """What a Capital and a fort add to the defender's highest die."""
    o = state["options"]
    bonus = 0
    e = holder(state, land)
    if e is not None and capital(state, e) == land:
        bonus += o["capital_bonus"]
    if land in state["forts"]:
        bonus += o["fort_bonus"]
    return bonus


def near_lands(land: str) -> set[str]:
    """Lands next to ``land``: by land, across one sea or ocean, or over a strait."""
    out = {a for a in content.neighbours(land) if content.is_land(a)}
    for w in content.neighbours(land):
        if not content.is_land(w):
            out |= {a for a in content.neighbours(w) if content.is_land(a)}
    out |= {other for other, _ in content.strait_links()[land]}
    out.discard(land)
    return out


def die(state: State) -> int:
    """One die: a value set by a scenario (``forced_dice``, for lessons and tests), else rolled
    by the state's seeded generator."""
    forced = state.get("forced_dice")
    if forced:
        return int(forced.pop(0))
    return roll(state)


def describe_holder(state: State, land: str) -> str:
    e = holder(state, land)
    if e is None:
        return "vacant"
    return f"held by the {empire_name(e)} of {who(state, owner(state, e))}"


def epoch_of(empire: str) -> int:
    return int(content.empires()[empire]["epoch"])


def empire_summary(empire: str) -> dict[str, Any]:
    e = content.empires()[empire]
    return {
        "id": empire,
        "name": e["name"],
        "epoch": e["epoch"],
        "order": e["order"],
        "start": e["start"],
        "armies": e["armies"],
        "fleets": e["fleets"],
        "founds_capital": e["capital"],
        "minor": e["minor"],
    }
