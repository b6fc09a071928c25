"""Transfer paths (seed 6.12): friendly, contiguous Lands, Seas and Oceans between two Capitals.

An area is *friendly* to a player when a marker of their Faction (any of their
Empires, past or present) occupies it: an army in a Land, a fleet in a Sea or an
Ocean. Barren Lands and vacant areas never are. An Ocean may also hold other
Factions' fleets; a Sea may not (our reading, rule transfer.shared-sea, unless the
option ``shared_sea_friendly``). Besides shared borders, a path may cross a Strait
from land to land when the Sea between is vacant or friendly (not enemy occupied).
"""

from __future__ import annotations

from collections import deque

from ..engine.game import State
from ..engine.seats import name as who
from . import board as B
from . import content as K


def friendly(state: State, area: str, seat: int) -> bool:
    if K.is_land(area):
        if K.is_barren(area):
            return False
        e = B.holder(state, area)
        return e is not None and B.owner(state, e) == seat
    if not B.seat_has_fleet(state, area, seat):
        return False
    if K.is_ocean(area) or state["options"]["shared_sea_friendly"]:
        return True
    return not B.enemy_fleet(state, area, seat)


def why_not_friendly(state: State, area: str, seat: int) -> str:
    """Why ``area`` breaks a path, in plain words (empty if it is friendly)."""
    name = K.name(area)
    if K.is_land(area):
        if K.is_barren(area):
            return f"{name} is barren"
        e = B.holder(state, area)
        if e is None:
            return f"{name} is vacant"
        if B.owner(state, e) != seat:
            return f"{name} is held by {who(state, B.owner(state, e))}"
        return ""
    if not B.fleets_in(state, area):
        return f"the {name} is vacant"
    if not B.seat_has_fleet(state, area, seat):
        return f"the {name} holds no fleet of yours"
    if not friendly(state, area, seat):
        return f"the {name} also holds an enemy fleet (only Oceans may be shared)"
    return ""


def strait_open(state: State, strait: str, seat: int) -> bool:
    """A Strait may be crossed if its Sea is vacant or friendly (not enemy occupied)."""
    sea = K.straits()[strait]["sea"]
    if not B.fleets_in(state, sea):
        return True
    return friendly(state, sea, seat)


def steps(state: State, area: str, seat: int) -> list[tuple[str, str | None]]:
    """Areas a path may go to next from ``area``: (area, strait crossed or None)."""
    out: list[tuple[str, str | None]] = [(a, None) for a in sorted(K.neighbours(area))]
    if K.is_land(area):
        for other, strait in K.strait_links()[area]:
            if strait_open(state, strait, seat):
                out.append((other, strait))
    return out


def reach(state: State, start: str, seat: int) -> dict[str, tuple[str | None, str | None]]:
    """Every area a friendly path from ``start`` reaches: area -> (previous area, strait)."""
    if not friendly(state, start, seat):
        return {}
    prev: dict[str, tuple[str | None, str | None]] = {start: (None, None)}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b, strait in steps(state, a, seat):
            if b not in prev and friendly(state, b, seat):
                prev[b] = (a, strait)
                todo.append(b)
    return prev


def path(state: State, start: str, goal: str, seat: int) -> list[str] | None:
    """The shortest friendly path from ``start`` to ``goal`` (both included), or None.

    A strait crossed is written between its two lands as ``strait:<id>``.
    """
    return _trace(reach(state, start, seat), goal)


def _trace(prev: dict[str, tuple[str | None, str | None]], goal: str) -> list[str] | None:
    if goal not in prev:
        return None
    out = [goal]
    a = goal
    while True:
        before, strait = prev[a]
        if before is None:
            return out[::-1]
        if strait:
            out.append(f"strait:{strait}")
        out.append(before)
        a = before


def blockers(state: State, start: str, goal: str, seat: int) -> list[str]:
    """Why no path: the unfriendly areas around what a path from ``start`` reaches, nearest to
    ``goal`` first (at most three), in words."""
    seen = reach(state, start, seat)
    if not seen:
        return [why_not_friendly(state, start, seat)]
    dist = _distances(goal)
    edge = {b for a in seen for b, _ in steps(state, a, seat) if b not in seen}
    for a in seen:  # straits whose sea is enemy occupied are closed
        if K.is_land(a):
            for other, strait in K.strait_links()[a]:
                if not strait_open(state, strait, seat) and other not in seen:
                    edge.add(f"strait:{strait}")
    words = []
    for b in sorted(edge, key=lambda x: (dist.get(x.split(":")[-1], 99), x)):
        if b.startswith("strait:"):
            s = K.straits()[b.split(":", 1)[1]]
            words.append(f"the {s['name']} is closed by an enemy fleet in the {K.name(s['sea'])}")
        else:
            words.append(why_not_friendly(state, b, seat))
    return words[:3]


def _distances(goal: str) -> dict[str, int]:
    dist = {goal: 0}
    todo = deque([goal])
    while todo:
        a = todo.popleft()
        nxt = list(K.neighbours(a))
        if K.is_land(a):
            nxt += [o for o, _ in K.strait_links()[a]]
        for b in nxt:
            if b not in dist:
                dist[b] = dist[a] + 1
                todo.append(b)
    for s in K.straits():
        dist[s] = min(dist[x] for x in K.straits()[s]["lands"])
    return dist


def destinations(state: State, seat: int) -> list[str]:
    """Lands of the Capitals a Culture card of ``seat`` may go to (6.11): the Faction's own."""
    return sorted(
        land
        for land, e in B.capitals(state).items()
        if B.owner(state, e) == seat and not B.is_minor(e)
    )


def possible(state: State, seat: int) -> list[tuple[str, str, list[str]]]:
    """Every transfer open to ``seat`` now: (card, destination land, path)."""
    out = []
    dests = destinations(state, seat)
    mine = set(B.faction(state, seat))
    reached: dict[str, dict[str, tuple[str | None, str | None]]] = {}
    for card, e in sorted(state["culture"].items()):
        home = B.capital(state, e) if e in mine else None
        if home is None:
            continue
        if home not in reached:
            reached[home] = reach(state, home, seat)
        for d in dests:
            p = _trace(reached[home], d) if d != home else None
            if p is not None:
                out.append((card, d, p))
    return out
