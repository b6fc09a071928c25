"""A ready-made 4-player mid-game for screenshots, benchmarks and notebooks.

Built with the Scenario builder (so it is a position the rules allow), then a
few random moves so the log has something to show. No Jupyter import.
"""

from __future__ import annotations

from ..engine import Match
from ..engine.rng import Stream
from .board import hex_distance
from .scenario import Scenario

# (terrain, pieces, mood) of each player's extra cities, nearest first.
_CITIES = [
    ("plains", ("temple",), "happy"),
    ("forest", (), "neutral"),
    ("mountain", ("fortress",), "angry"),
]
_ADVANCES = ("tactics", "myths", "writing", "irrigation")


def _free_near(s: Scenario, kind: str, centre: str, taken: set[str]) -> str | None:
    """A free hex of ``kind`` 2 or 3 steps from ``centre``, not next to a taken one."""
    keys = sorted(
        (hex_distance(k, centre), k)
        for k, h in s.state["hexes"].items()
        if h["terrain"] == kind and k not in s.state["cities"] and 2 <= hex_distance(k, centre) <= 3
    )
    for _, k in keys:
        if all(hex_distance(k, t) >= 2 for t in taken):
            return k
    return None


def demo_midgame(players: int = 4, seed: int = 5, moves: int = 8) -> Match:
    """A mid-game position: several cities with buildings and moods, armies, ships."""
    s = Scenario(players=players, seed=seed).explore_all()
    taken = {k for k in s.state["cities"]}
    for p in range(players):
        cap = s.capital(p)
        s.advances(p, *_ADVANCES)
        s.city(p, cap, pieces=("academy",), mood="happy")
        s.state["cities"][cap]["capital"] = True
        for kind, pieces, mood in _CITIES[: 1 + p % 3]:
            key = _free_near(s, kind, cap, taken)
            if key is None:
                continue
            taken.add(key)
            s.city(p, key, pieces=pieces, mood=mood)
            s.units(p, key, army=1 + p % 2)
        s.units(p, cap, army=2, settler=1)
        s.resources(p, food=2, wood=3, ore=1, ideas=2, gold=1)
        s.tracks(p, mood=p + 1, culture=2 * p)
    s.turn(0)
    match = s.match()
    pick = Stream(seed)  # a few random legal moves, so the log has something to show
    for _ in range(moves):
        legal = match.legal_actions()
        match.play(legal[pick.below(len(legal))])
    return match


def demo_choices(seed: int = 3) -> Match:
    """Blue to play, with choices the board takes in one gesture: two ships at 3,-1 (one
    carrying a settler: click the one that sails, or the one a settler from 2,0 boards)
    and gold beside food, wood and ore (a second city, so a city may grow: a "pay with"
    choice beside Build and Grow)."""
    s = Scenario(players=2, seed=seed).explore_all().turn(0)
    s.advances(0, "tactics").resources(0, food=2, wood=1, ore=1, gold=2)
    cap = s.capital(0)
    s.city(0, s.find("plains", near=cap))
    s.units(0, "3,-1", ship=2).units(0, "3,-1", settler=1)
    units = s.state["units"]
    ships = sorted((k for k, u in units.items() if u["kind"] == "ship"), key=lambda k: int(k[1:]))
    settler = max((k for k, u in units.items() if u["hex"] == "3,-1" and u["kind"] == "settler"))
    units[settler]["on"] = ships[1]  # the newer ship carries the settler
    s.units(0, "2,0", settler=1)  # on the shore: it may board either ship
    return s.match()
