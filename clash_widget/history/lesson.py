"""Notebook 22's 'try it yourself' exercise: a position and a hidden check.

The check never prints the answer: it says "well done" or gives the hint, and never raises,
so an untouched exercise cell runs fine headless.
"""

from __future__ import annotations

from ..engine import Events, Match
from ..engine.rng import Stream
from . import scenario as S

TASK = (
    "Player 1 wants Stonehold, player 2's second city, this action phase. Player 1 has "
    "Warriors in Hilltop and Warriors in Ironford; Stonehold is defended by Archers. Take "
    "it: you may use more than one action (player 2 has passed)."
)
HINT = (
    "An attack uses every fresh unit of the city it starts from, and a moved unit is "
    "exhausted, so it cannot attack this turn. Work out the blows: the attackers strike with "
    "their attack, the defenders with their defence plus the city's defence (1, a capital 2). "
    "Is there a card in your council that adds attack until the end of the turn?"
)


def exercise() -> Match:
    """The position: player 1 to act in the action phase."""
    m = Match.new("history", 2, seed=22, options={"deck": "highlands"})
    s = m.state
    for p in s["players"]:
        p["treasury"] = sorted(p["treasury"] + p["council"] + p["landfill"])
        p["council"], p["landfill"], p["capital"] = [], [], None
    for cid, c in list(s["cities"].items()):
        owner = int(cid.split("-")[0])
        s["players"][owner]["treasury"] += [cid, *c["terrains"]]
    s["cities"], s["units"], s["log"] = {}, {}, []
    s["players"][0]["treasury"].sort()
    s["players"][1]["treasury"].sort()
    home = S.city(s, 0, "hilltop", 2, ("plains",), capital=True)
    second = S.city(s, 0, "ironford", 1, ("hills",))
    S.city(s, 1, "crossroads", 2, ("grassland",), capital=True)
    target = S.city(s, 1, "stonehold", 2, ("forest",))
    S.unit(s, 0, "warriors", home)
    S.unit(s, 0, "warriors", second)
    S.unit(s, 1, "archers", target)
    S.give(s, 0, "war_cry")
    S.frame(s, "act", 0)
    s["turn"]["order"] = [0, 1]
    s["turn"]["active"] = [0]  # player 2 has passed
    s["turn"]["at"] = 0
    return Match.from_state("history", s)


def solved(m: Match | None) -> bool:
    if m is None:
        return False
    s = m.state
    return any(
        c["controller"] == 0 and s["players"][1]["capital"] != cid and cid.startswith("1-")
        for cid, c in s["cities"].items()
    )


def check(m: Match | None = None) -> None:
    """Say whether the exercise is solved, without giving the answer away."""
    try:
        ok = solved(m)
    except Exception:  # noqa: BLE001 - a check never raises in a lesson
        ok = False
    print("Well done: Stonehold is yours." if ok else f"Not yet. Hint: {HINT}")


# Turn 2 of the sandbox as the browser test clicks it: trade (consult then discard, then
# consult), plans (research Pottery, Warriors in Lakeside), the action phase with a culture
# clash that player 1 wins, player 2 choosing Stonehold to shrink, both passing.
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

    Player 1 (Riverlands) holds Riverside (population 2) and Lakeside, one culture counter,
    and Pottery and Warriors in the council; player 2 (Highlands) holds Hilltop
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
    s["cities"], s["units"], s["log"], s["stack"] = {}, {}, [], []
    for p in s["players"]:
        p["treasury"].sort()
    riverside = S.city(s, 0, "riverside", 2, ("grassland", "river"), capital=True)
    S.city(s, 0, "lakeside", 1, ("coast",))
    S.city(s, 1, "hilltop", 3, ("plains", "forest"), capital=True)
    S.city(s, 1, "stonehold", 2, ("hills",))
    s["players"][0]["culture"] = 1
    S.give(s, 0, "pottery")
    S.give(s, 0, "warriors")
    S.give(s, 1, "war_cry")
    for seat, p in enumerate(s["players"]):
        Stream(100 + seat).shuffle(p["treasury"])
    s["turn"].update(number=1, phase="closing", order=[0, 1], queue=[], active=[], at=0)
    ev = Events()
    m.game.settle(s, ev)  # the closing phase of turn 1, then turn 2 up to its first decision
    s["log"].extend(ev)
    assert riverside in s["cities"]
    return Match.from_state("history", s)
