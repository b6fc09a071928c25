"""What events, discoveries and abilities do (the ``effect`` and ``ability`` data of a card).

Keys: ``consult`` n, ``culture`` n, ``grow`` n (a city you control, named as the target),
``research`` n (counters on your current research), ``attack_bonus`` n (your units, until
end of turn), ``heal_all`` (your units), ``cycle`` (consult then discard).
"""

from __future__ import annotations

from typing import Any

from ..engine.game import Events, State
from . import cards as card_set
from . import zones


def needs_city(effect: dict[str, Any]) -> bool:
    return "grow" in effect


def needs_research(effect: dict[str, Any]) -> bool:
    return "research" in effect


def target_ok(state: State, seat: int, effect: dict[str, Any], target: str | None) -> bool:
    """The target an effect needs: a city you control for ``grow``, else none; a current
    research for ``research``."""
    if needs_city(effect):
        if target is None or not zones.controls(state, seat, target):
            return False
    elif target is not None:
        return False
    return not needs_research(effect) or state["players"][seat]["research"] is not None


def targets(state: State, seat: int, effect: dict[str, Any]) -> list[str | None]:
    if needs_research(effect) and state["players"][seat]["research"] is None:
        return []
    if needs_city(effect):
        return list(sorted(zones.cities_of(state, seat)))
    return [None]


def resolve(
    state: State, seat: int, effect: dict[str, Any], target: str | None, source: str, ev: Events
) -> None:
    from .maintenance import add_research, cycle

    p = state["players"][seat]
    who = p["name"]
    what = card_set.name(state, source)
    for key, n in effect.items():
        if key == "consult":
            ev.emit("effect", f"{what}: {who} consults {n}.", player=seat)
            zones.consult(state, seat, n, ev)
        elif key == "culture":
            p["culture"] += n
            ev.emit(
                "culture",
                f"{what}: {who} gains {n} culture counter ({p['culture']} in all).",
                player=seat,
            )
        elif key == "grow" and target is not None:
            c = state["cities"][target]
            c["population"] += n
            ev.emit(
                "population",
                f"{what}: {zones.city_name(state, target)} grows to population {c['population']}.",
                player=seat,
                city=target,
            )
        elif key == "research":
            ev.emit("effect", f"{what}: research counters for {who}.", player=seat)
            add_research(state, seat, min(n, zones.research_need(state, seat)), ev)
        elif key == "attack_bonus":
            bonus = state["turn"]["bonus"]
            bonus[str(seat)] = bonus.get(str(seat), 0) + n
            ev.emit(
                "effect",
                f"{what}: {who}'s units get +{n} attack until end of turn.",
                player=seat,
            )
        elif key == "heal_all":
            for u in zones.units_of(state, seat):
                state["units"][u]["damage"] = 0
            ev.emit("effect", f"{what}: {who}'s units are healed.", player=seat)
        elif key == "cycle":
            ev.emit("effect", f"{what}: {who} consults, then discards.", player=seat)
            cycle(state, seat, ev)
