"""Transfer paths (seed 6.12): friendly, contiguous Lands, Seas and Oceans between two Capitals.

An area is *friendly* to a player when a marker of their Faction (any of their
Empires, past or present) occupies it: an army in a Land, a fleet in a Sea or an
Ocean. Barren Lands and vacant areas never are. An Ocean may also hold other
Factions' fleets; a Sea may not (our reading, rule transfer.shared-sea, unless the
option ``shared_sea_friendly``). Besides shared borders, a path may cross a Strait
from land to land when the Sea between is vacant or friendly (not enemy occupied).

When no path exists, :func:`cause` says which rule kept it closed: each of
``shared-sea``, ``ocean-enemies`` and ``strait`` is tried *relaxed* (as if that rule
allowed the step); the first relaxation that opens a path names the rule, else the
general rule ``transfer.path`` refused (a vacant or barren area, a foreign land).
"""

from __future__ import annotations

from collections import deque
from functools import cache

from ..engine.game import State
from ..engine.seats import name as who
from . import board, content

RELAXATIONS = ("shared-sea", "ocean-enemies", "strait")
"""The rules a refusal may blame besides ``transfer.path``, in the order they are tried."""
Relax = frozenset[str]
NONE: Relax = frozenset()


def friendly(state: State, area: str, seat: int, relax: Relax = NONE) -> bool:
    if content.is_land(area):
        if content.is_barren(area):
            return False
        e = board.holder(state, area)
        return e is not None and board.owner(state, e) == seat
    if not board.seat_has_fleet(state, area, seat):
        # relaxed: an Ocean held only by other Factions' fleets
        return (
            "ocean-enemies" in relax
            and content.is_ocean(area)
            and bool(board.fleets_in(state, area))
        )
    if content.is_ocean(area) or state["options"]["shared_sea_friendly"] or "shared-sea" in relax:
        return True
    return not board.enemy_fleet(state, area, seat)


def why_not_friendly(state: State, area: str, seat: int) -> str:
    """Why ``area`` breaks a path, in plain words (empty if it is friendly)."""
    name = content.name(area)
    if content.is_land(area):
        if content.is_barren(area):
            return f"{name} is barren"
        e = board.holder(state, area)
        if e is None:
            return f"{name} is vacant"
        if board.owner(state, e) != seat:
            return f"{name} is held by {who(state, board.owner(state, e))}"
        return ""
    if not board.fleets_in(state, area):
        return f"the {name} is vacant"
    if not board.seat_has_fleet(state, area, seat):
        if content.is_ocean(area):
            return f"the {name} holds no fleet of yours (an Ocean is shared only beside one)"
        return f"the {name} holds no fleet of yours"
    if not friendly(state, area, seat):
        return f"the {name} also holds an enemy fleet (only Oceans may be shared)"
    return ""


def strait_open(state: State, strait: str, seat: int, relax: Relax = NONE) -> bool:
    """A Strait may be crossed if its Sea is vacant or friendly (not enemy occupied)."""
    sea = content.straits()[strait]["sea"]
    if "strait" in relax or not board.fleets_in(state, sea):
        return True
    return friendly(state, sea, seat, relax)


def steps(state: State, area: str, seat: int, relax: Relax = NONE) -> list[tuple[str, str | None]]:
    """Areas a path may go to next from ``area``: (area, strait crossed or None)."""
    out: list[tuple[str, str | None]] = [(a, None) for a in _sorted_neighbours(area)]
    if content.is_land(area):
        for other, strait in content.strait_links()[area]:
            if strait_open(state, strait, seat, relax):
                out.append((other, strait))
    return out


@cache
def _sorted_neighbours(area: str) -> tuple[str, ...]:
    return tuple(sorted(content.neighbours(area)))


_Links = tuple[tuple[tuple[str, str | None], ...], tuple[tuple[str, str, str], ...]]


@cache
def _links(area: str) -> _Links:
    """The map's steps from ``area``, in :func:`steps`' order: its neighbours (strait None),
    then its straits as (other land, strait, the strait's sea)."""
    near = tuple((a, None) for a in _sorted_neighbours(area))
    links = content.strait_links()[area] if content.is_land(area) else ()
    return near, tuple((o, s, content.straits()[s]["sea"]) for o, s in links)


def friendly_areas(state: State, seat: int) -> set[str]:
    """Every area :func:`friendly` (unrelaxed) says is friendly to ``seat``, read at once
    from the held lands and the fleets instead of area by area."""
    empires = state["empires"]
    out = {
        land
        for land, e in state["lands"].items()
        if e is not None and empires[e]["owner"] == seat and not content.is_barren(land)
    }
    shared = state["options"]["shared_sea_friendly"]
    for water, fleets in state["fleets"].items():
        seats = {empires[e]["owner"] for e in fleets}
        if seat in seats and (len(seats) == 1 or shared or content.is_ocean(water)):
            out.add(water)
    return out


def reach(
    state: State, start: str, seat: int, relax: Relax = NONE, ok: set[str] | None = None
) -> dict[str, tuple[str | None, str | None]]:
    """Every area a friendly path from ``start`` reaches: area -> (previous area, strait).

    ``ok``: the :func:`friendly_areas` of ``seat`` when already read (unrelaxed only)."""
    if relax:
        return _reach_relaxed(state, start, seat, relax)
    if ok is None:
        ok = friendly_areas(state, seat)
    if start not in ok:
        return {}
    fleets = state["fleets"]
    prev: dict[str, tuple[str | None, str | None]] = {start: (None, None)}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        near, straits = _links(a)
        for b, _ in near:
            if b not in prev and b in ok:
                prev[b] = (a, None)
                todo.append(b)
        for b, strait, sea in straits:
            # strait_open: the Sea vacant or friendly
            if b not in prev and b in ok and (sea in ok or not fleets.get(sea)):
                prev[b] = (a, strait)
                todo.append(b)
    return prev


def _reach_relaxed(
    state: State, start: str, seat: int, relax: Relax
) -> dict[str, tuple[str | None, str | None]]:
    """:func:`reach` with some rules relaxed (:func:`cause`), area by area."""
    if not friendly(state, start, seat, relax):
        return {}
    prev: dict[str, tuple[str | None, str | None]] = {start: (None, None)}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b, strait in steps(state, a, seat, relax):
            if b not in prev and friendly(state, b, seat, relax):
                prev[b] = (a, strait)
                todo.append(b)
    return prev


def cause(state: State, start: str, goal: str, seat: int) -> str | None:
    """Which rule keeps ``goal`` out of reach (None: a path exists): the first of
    :data:`RELAXATIONS` whose relaxing alone opens a path, else ``"path"``."""
    if goal in reach(state, start, seat):
        return None
    for r in RELAXATIONS:
        if goal in reach(state, start, seat, frozenset({r})):
            return r
    return "path"


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


def blockers(state: State, start: str, goal: str, seat: int, rule: str = "") -> list[str]:
    """Why no path: the unfriendly areas around what a path from ``start`` reaches, nearest to
    ``goal`` first (at most three), in words; with ``rule`` (one of :data:`RELAXATIONS`),
    only those that rule closes, when there are any."""
    found = _blockers(state, start, goal, seat)
    words = [w for r, w in found if r == rule] if rule else []
    return (words or [w for _, w in found])[:3]


def _cause_of(state: State, area: str, seat: int) -> str:
    """The rule an unfriendly area breaks: shared-sea, ocean-enemies or path."""
    if content.is_land(area) or not board.fleets_in(state, area):
        return "path"
    if not board.seat_has_fleet(state, area, seat):
        return "ocean-enemies" if content.is_ocean(area) else "path"
    return "shared-sea"


def _blockers(state: State, start: str, goal: str, seat: int) -> list[tuple[str, str]]:
    seen = reach(state, start, seat)
    if not seen:
        return [(_cause_of(state, start, seat), why_not_friendly(state, start, seat))]
    dist = _distances(goal)
    edge = {b for a in seen for b, _ in steps(state, a, seat) if b not in seen}
    for a in seen:  # straits whose sea is enemy occupied are closed
        if content.is_land(a):
            for other, strait in content.strait_links()[a]:
                if not strait_open(state, strait, seat) and other not in seen:
                    edge.add(f"strait:{strait}")
    words: list[tuple[str, str]] = []
    for b in sorted(edge, key=lambda x: (dist.get(x.split(":")[-1], 99), x)):
        if b.startswith("strait:"):
            s = content.straits()[b.split(":", 1)[1]]
            words.append(
                (
                    "strait",
                    f"the {s['name']} is closed by an enemy fleet in the {content.name(s['sea'])}",
                )
            )
        else:
            words.append((_cause_of(state, b, seat), why_not_friendly(state, b, seat)))
    return words


def _distances(goal: str) -> dict[str, int]:
    dist = {goal: 0}
    todo = deque([goal])
    while todo:
        a = todo.popleft()
        nxt = list(content.neighbours(a))
        if content.is_land(a):
            nxt += [o for o, _ in content.strait_links()[a]]
        for b in nxt:
            if b not in dist:
                dist[b] = dist[a] + 1
                todo.append(b)
    for s in content.straits():
        dist[s] = min(dist[x] for x in content.straits()[s]["lands"])
    return dist


def destinations(state: State, seat: int) -> list[str]:
    """Lands of the Capitals a Culture card of ``seat`` may go to (6.11): the Faction's own."""
    return sorted(
        land
        for land, e in board.capitals(state).items()
        if board.owner(state, e) == seat and not board.is_minor(e)
    )


def possible(state: State, seat: int) -> list[tuple[str, str, list[str]]]:
    """Every transfer open to ``seat`` now: (card, destination land, path)."""
    out = []
    dests = destinations(state, seat)
    mine = set(board.faction(state, seat))
    reached: dict[str, dict[str, tuple[str | None, str | None]]] = {}
    ok = friendly_areas(state, seat)
    for card, e in sorted(state["culture"].items()):
        home = board.capital(state, e) if e in mine else None
        if home is None:
            continue
        if home not in reached:
            reached[home] = reach(state, home, seat, ok=ok)
        for d in dests:
            p = _trace(reached[home], d) if d != home else None
            if p is not None:
                out.append((card, d, p))
    return out
