"""Notebook 22's 'try it yourself' exercise: a position and a hidden check.

The check never prints the answer: it says "well done" or gives the hint, and never raises,
so an untouched exercise cell runs fine headless.
"""

from __future__ import annotations

from typing import Any

from ..engine import Events, Match
from ..engine.rng import Stream
from . import scenario

TASK = (
    "Blue wants Stonehold, Orange's second city, this action phase. Blue has Warriors in "
    "Hilltop and Warriors in Ironford; Stonehold is defended by Archers. Take it: you may use "
    "more than one action (Orange has passed and, with the house rule that a player who "
    "passes is out, acts no more this phase)."
)
HINT = (
    "Work each attack out with the battle rule: the blows each side strikes (attack against "
    "defence plus the city's own defence), where the damage counters go, and which units "
    "can still attack afterwards. Look at every card you hold, not only the units."
)


def exercise() -> Match:
    """The position (built with the scenario builder): Blue to act in the action phase,
    Orange out of it (the house rule ``pass_is_final``)."""
    s = scenario.Scenario(2, seed=22, deck="highlands", pass_is_final=True)
    home = s.city(0, "hilltop", 2, ["plains"], capital=True)
    second = s.city(0, "ironford", 1, ["hills"])
    s.city(1, "crossroads", 2, ["grassland"], capital=True)
    target = s.city(1, "stonehold", 2, ["forest"])
    s.unit(0, "warriors", home)
    s.unit(0, "warriors", second)
    s.unit(1, "archers", target)
    s.council(0, "war_cry")
    return s.match(acting=0, passed=(1,))


def battle_demo() -> Match:
    """Section "Units and battles": Spearmen in Hilltop face Warriors in Stonehold, Blue to
    act (Orange has passed and is out: the house rule ``pass_is_final``)."""
    s = scenario.Scenario(2, seed=22, deck="highlands", pass_is_final=True)
    home = s.city(0, "hilltop", 2, ["plains"], capital=True)
    s.city(1, "crossroads", 2, ["grassland"], capital=True)
    target = s.city(1, "stonehold", 1, ["forest"])
    s.unit(0, "spearmen", home)
    s.unit(1, "warriors", target)
    return s.match(acting=0, passed=(1,))


def solved(m: Any) -> bool:
    """Does Blue hold a city of Orange that is not their capital? (``m``: the match or
    the table showing it.)"""
    m = getattr(m, "match", m)
    if not isinstance(m, Match):
        return False
    s = m.state
    return any(
        c["controller"] == 0 and s["players"][1]["capital"] != cid and cid.startswith("1-")
        for cid, c in s["cities"].items()
    )


def check(m: Any = None) -> None:
    """Say whether the exercise is solved, without giving the answer away."""
    try:
        ok = solved(m)
    except Exception:  # noqa: BLE001 - a check never raises in a lesson
        ok = False
    print("Well done: Stonehold is yours." if ok else f"Not yet. Hint: {HINT}")


# Turn 2 of the sandbox as the browser test clicks it: trade (consult then discard, then
# consult), plans (research Pottery, Warriors in Lakeside), the action phase with a culture
# clash that Blue wins, Orange choosing Stonehold to shrink, both passing.
SANDBOX_TURN = (
    "cycle",
    "discard 0-30",
    "consult",
    "done",
    "grow 0-00",
    "grow 0-07",
    "grow 1-00",
    "research 0-06",
    "produce 0-07 0-03",
    "done",
    "clash 0-00 1",
    "shrink 1-07",
    "pass",
    "pass",
)


def sandbox() -> Match:
    """The table at the end of a turn: the next turn is played by clicks in the notebook.

    Blue (Riverlands) holds Riverside (population 2) and Lakeside, one culture counter,
    and Pottery and Warriors in the council; Orange (Highlands) holds Hilltop
    (population 3) and Stonehold (population 2) and a War Cry. Both treasuries are stacked
    so the turn always goes the same way (tests click through it)."""
    m = Match.new("history", 2, seed=22)
    s = m.state
    for p in s["players"]:
        p["treasury"] = sorted(p["treasury"] + p["council"] + p["landfill"])
        p["council"], p["landfill"], p["capital"] = [], [], None
    for cid, c in list(s["cities"].items()):
        owner = int(cid.split("-")[0])
        s["players"][owner]["treasury"] += [cid, *c["terrains"]]
    s["cities"], s["units"], s["stack"] = {}, {}, []
    for p in s["players"]:
        p["treasury"].sort()
    riverside = scenario.city(s, 0, "riverside", 2, ("grassland", "river"), capital=True)
    scenario.city(s, 0, "lakeside", 1, ("coast",))
    scenario.city(s, 1, "hilltop", 3, ("plains", "forest"), capital=True)
    scenario.city(s, 1, "stonehold", 2, ("hills",))
    s["players"][0]["culture"] = 1
    scenario.give(s, 0, "pottery")
    scenario.give(s, 0, "warriors")
    scenario.give(s, 1, "war_cry")
    for seat, p in enumerate(s["players"]):
        Stream(100 + seat).shuffle(p["treasury"])
    s["turn"].update(number=1, phase="closing", order=[0, 1], queue=[], active=[], at=0)
    ev = Events()
    m.game.settle(s, ev)  # the closing phase of turn 1, then turn 2 up to its first decision
    assert riverside in s["cities"]
    return Match.from_state("history", s)
