"""The city actions' second round of listing shortcuts never changes an answer (#27).

Build in the turn frame works out once whether a land unit and whether a ship passes the
checks not about the city (``build.cost`` read from a cache of the holdings and the three
prices, Draft), then asks each city its room; the build and civic frames and ``payments``
are rewritten the same way. Each listing is compared with the plain one, written out in
``tests/coc/test_fast_cities.py``: wide candidates, each asked every check of its kind in
order, outside a reading block.

The positions are those of ``test_fast_cities`` (random games and variants with random
holdings, moods, advances, ports, foreign units and made-up frames), each also varied
here so that the shortcuts' edges are met: prices with gold or a token in them (where the
cache does not answer), full city spaces and ports, armies aboard ships on a city's space
(counted by the space but not by the stacking limit), Draft with Civil Liberties and one
or two mood tokens.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

from clash_widget.coc import cities, civic
from clash_widget.coc.board import board_neighbours, is_sea, stack_count
from clash_widget.coc.economy import payments
from clash_widget.coc.setup import add_unit

from .test_fast_cities import fast, plain, positions

State = dict[str, Any]
Frame = dict[str, Any]

PRICES = {
    "settler_cost": ("food:2", "food:1+gold:1", "food:1+mood:1", "wood:1+ore:1"),
    "army_cost": ("food:1+ore:1", "ore:2", "culture:1+ore:1", "food:3"),
    "ship_cost": ("wood:2", "wood:1+gold:1", "wood:3", "ore:1"),
}


def _edges(state: State, frame: Frame, rnd: random.Random) -> State:
    """A copy with the shortcuts' edges: other prices, full spaces, armies aboard."""
    s: State = pickle.loads(pickle.dumps(state))
    p = frame["player"]
    player = s["players"][p]
    if rnd.random() < 0.5:
        for name, texts in PRICES.items():
            s["options"][name] = rnd.choice(texts)
    if rnd.random() < 0.3:
        player["advances"] = sorted({*player["advances"], "draft", "civil_liberties"})
        player["mood"] = rnd.randint(0, 2)
    if rnd.random() < 0.3:
        for r in player["res"]:
            player["res"][r] = rnd.randint(0, 2)
    room = s["options"]["max_units_per_space"]
    own = sorted(k for k, c in s["cities"].items() if c["owner"] == p)
    for key in own:
        city = s["cities"][key]
        seas = [h for h in board_neighbours(s, key) if is_sea(s, h)]
        if seas and rnd.random() < 0.4:
            city["pieces"]["port"], city["port"] = p, rnd.choice(seas)
        if city["port"] is not None and rnd.random() < 0.3:  # the port full of ships
            while stack_count(s, city["port"]) < room:
                add_unit(s, p, "ship", city["port"])
        x = rnd.random()
        if x < 0.2:  # the space full
            while stack_count(s, key) < room:
                add_unit(s, p, "army", key)
        elif x < 0.4:  # as many units as the limit there, some aboard a ship
            ship = add_unit(s, p, "ship", key)
            while len([u for u in s["units"].values() if u["hex"] == key]) < room + 1:
                add_unit(s, p, "army", key, on=ship)
    return s


def _positions(seeds: range) -> Iterator[tuple[State, Frame]]:
    rnd = random.Random(2727)
    for state, frame in positions(seeds, variants=1):
        yield state, frame
        if frame["kind"] in ("turn", "build", "civic", "collect"):
            s = _edges(state, frame, rnd)
            # a made-up frame (test_fast_cities) is not on the stack: a copy of it
            on_stack = frame is state["stack"][-1]
            yield s, s["stack"][-1] if on_stack else pickle.loads(pickle.dumps(frame))


def test_build_kind_lists_exactly_the_checked_wide_candidates() -> None:
    """Build in the turn frame: the cities where some one-unit build passes every check."""
    compared = nonempty = 0
    for state, frame in _positions(range(2730, 2733)):
        if frame["kind"] != "turn":
            continue
        got = fast(cities.BUILD_KIND, state, frame)
        assert sorted(got) == sorted(plain(cities.BUILD_KIND, state, frame)), frame
        compared += 1
        nonempty += bool(got)
    assert compared > 1000 and nonempty > 300, (compared, nonempty)


def test_city_frames_list_exactly_the_checked_wide_candidates() -> None:
    """The build, civic and collect frames' kinds: every candidate that passes every check."""
    counts: dict[str, list[int]] = {}
    for state, frame in _positions(range(2733, 2736)):
        specs = {
            "build": (cities.UNIT, cities.BUILD_DONE),
            "civic": (civic.IMPROVE, civic.CIVIC_DONE),
            "collect": (cities.TAKE, cities.HUSBANDRY, cities.COLLECT_DONE),
        }.get(frame["kind"], ())
        for spec in specs:
            got = fast(spec, state, frame)
            assert sorted(got) == sorted(plain(spec, state, frame)), (frame, spec.kind)
            c = counts.setdefault(f"{frame['kind']}/{spec.kind}", [0, 0])
            c[0] += 1
            c[1] += bool(got)
    assert len(counts) == 7 and min(n for _, n in counts.values()) > 30, counts


def _plain_payments(stock: dict[str, int], total: int, order: tuple[str, ...]) -> list[Any]:
    """``payments`` as first written: one call per kind, the last one too."""
    out: list[dict[str, int]] = []

    def walk(i: int, left: int, take: dict[str, int]) -> None:
        if left == 0:
            out.append(dict(take))
            return
        if i == len(order):
            return
        r = order[i]
        for n in range(min(left, stock.get(r, 0)), -1, -1):
            if n:
                take[r] = n
            walk(i + 1, left - n, take)
            take.pop(r, None)

    walk(0, total, {})
    return out


def test_payments_are_the_plain_walk_parts_in_order() -> None:
    """Every way to pay, in the same order, each with its parts in the same order."""
    rnd = random.Random(2727)
    kinds = ("mood", "food", "wood", "ore", "ideas", "gold")
    nonempty = 0
    for _ in range(4000):
        order = tuple(rnd.sample(kinds, rnd.randint(0, len(kinds))))
        stock = {r: rnd.randint(0, 4) for r in kinds if rnd.random() < 0.85}
        total = rnd.randint(-1, 7)
        got = payments(stock, total, order)
        want = _plain_payments(stock, total, order)
        assert [list(w.items()) for w in got] == [list(w.items()) for w in want], (
            stock,
            total,
            order,
        )
        nonempty += len(want) > 1
    assert nonempty > 1000, nonempty
