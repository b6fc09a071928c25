"""Static content loaded once from the data files (never copied into states).

``map.json`` draws the world as a grid of cells, one character per cell naming
its area; adjacency (two areas share a cell edge) and the polygons the widget
draws are both derived from that grid, so the map a learner sees and the map
the rules use cannot disagree. Straits are listed apart: two lands linked
across a sea.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")

Area = dict[str, Any]
Point = tuple[int, int]


@cache
def load(name: str) -> Any:
    with open(DATA / f"{name}.json", encoding="utf-8") as f:
        return json.load(f)


# -- the map ----------------------------------------------------------------------------------
@cache
def areas() -> Mapping[str, Area]:
    return {a["id"]: a for a in load("map")["areas"]}


@cache
def area_order() -> tuple[str, ...]:
    return tuple(a["id"] for a in load("map")["areas"])


@cache
def lands() -> tuple[str, ...]:
    return tuple(a for a in area_order() if areas()[a]["kind"] == "land")


@cache
def waters() -> tuple[str, ...]:
    """Seas and Oceans."""
    return tuple(a for a in area_order() if areas()[a]["kind"] != "land")


def is_land(area: str) -> bool:
    return areas()[area]["kind"] == "land"


def is_ocean(area: str) -> bool:
    return areas()[area]["kind"] == "ocean"


def is_barren(area: str) -> bool:
    return bool(areas()[area].get("barren"))


def _cells() -> dict[str, list[Point]]:
    m = load("map")
    out: dict[str, list[Point]] = {}
    for y, row in enumerate(m["grid"]):
        for x, ch in enumerate(row):
            if ch in m["codes"]:
                out.setdefault(m["codes"][ch], []).append((x, y))
    return out


@cache
def cells() -> Mapping[str, tuple[Point, ...]]:
    return {a: tuple(cs) for a, cs in _cells().items()}


@cache
def neighbours_table() -> Mapping[str, frozenset[str]]:
    """Areas that share a cell edge on the grid."""
    m = load("map")
    grid, codes = m["grid"], m["codes"]
    adj: dict[str, set[str]] = {a: set() for a in area_order()}
    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if ny < len(grid) and nx < len(grid[ny]):
                    other = grid[ny][nx]
                    if other != ch and ch in codes and other in codes:
                        a, b = codes[ch], codes[other]
                        adj[a].add(b)
                        adj[b].add(a)
    return {a: frozenset(s) for a, s in adj.items()}


def neighbours(area: str) -> frozenset[str]:
    return neighbours_table()[area]


@cache
def straits() -> Mapping[str, Mapping[str, Any]]:
    return {s["id"]: s for s in load("map")["straits"]}


@cache
def strait_links() -> Mapping[str, tuple[tuple[str, str], ...]]:
    """land -> ((other land, strait id), ...) for every strait that touches it."""
    out: dict[str, list[tuple[str, str]]] = {a: [] for a in lands()}
    for s in straits().values():
        a, b = s["lands"]
        out[a].append((b, s["id"]))
        out[b].append((a, s["id"]))
    return {a: tuple(v) for a, v in out.items()}


@cache
def regions() -> Mapping[str, Mapping[str, Any]]:
    return {r["id"]: r for r in load("map")["regions"]}


@cache
def region_lands(region: str) -> tuple[str, ...]:
    return tuple(a for a in lands() if areas()[a]["region"] == region)


# -- polygons for the widget ------------------------------------------------------------------
def _loops(cs: tuple[Point, ...]) -> list[list[Point]]:
    """The outline of a set of grid cells as closed loops of corner points."""
    edges: set[tuple[Point, Point]] = set()
    for x, y in cs:
        for e in (
            ((x, y), (x + 1, y)),
            ((x + 1, y), (x + 1, y + 1)),
            ((x + 1, y + 1), (x, y + 1)),
            ((x, y + 1), (x, y)),
        ):
            if (e[1], e[0]) in edges:
                edges.discard((e[1], e[0]))
            else:
                edges.add(e)
    nxt: dict[Point, list[Point]] = {}
    for a, b in sorted(edges):
        nxt.setdefault(a, []).append(b)
    loops = []
    while nxt:
        start = min(nxt)
        loop, p = [start], start
        while True:
            q = nxt[p].pop()
            if not nxt[p]:
                del nxt[p]
            if q == start:
                break
            loop.append(q)
            p = q
        loops.append(_simplify(loop))
    return loops


def _simplify(loop: list[Point]) -> list[Point]:
    """Drop corner points that lie on a straight line."""
    out = []
    n = len(loop)
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        if (p[0] - a[0]) * (b[1] - p[1]) != (p[1] - a[1]) * (b[0] - p[0]):
            out.append(p)
    return out


@cache
def drawing() -> Mapping[str, Any]:
    """The map as the widget draws it: per area its outline and a label point, in pixels."""
    m = load("map")
    size = m["cell"]
    shapes = {}
    for a in area_order():
        cs = cells()[a]
        mx = sum(x for x, _ in cs) / len(cs)
        my = sum(y for _, y in cs) / len(cs)
        lx, ly = min(cs, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c))
        shapes[a] = {
            "loops": [[[x * size, y * size] for x, y in loop] for loop in _loops(cs)],
            "label": [lx * size + size // 2, ly * size + size // 2],
        }
    width = max(len(r) for r in m["grid"]) * size
    return {"width": width, "height": len(m["grid"]) * size, "cell": size, "shapes": shapes}


# -- empires ----------------------------------------------------------------------------------
@cache
def empires() -> Mapping[str, Mapping[str, Any]]:
    return {e["id"]: e for e in load("empires")["empires"]}


@cache
def epoch_empires(epoch: int) -> tuple[str, ...]:
    """The Empires of an Epoch in their order of play."""
    es = [e for e in empires().values() if e["epoch"] == epoch]
    return tuple(e["id"] for e in sorted(es, key=lambda e: e["order"]))


@cache
def epoch_count() -> int:
    return max(e["epoch"] for e in empires().values())


# -- cards ------------------------------------------------------------------------------------
@cache
def cards() -> Mapping[str, Mapping[str, Any]]:
    return {c["id"]: c for c in load("cards")["cards"]}


@cache
def piles() -> tuple[str, ...]:
    return tuple(load("cards")["piles"])


CULTURE_PILE = "culture"


@cache
def pile_cards(pile: str) -> tuple[str, ...]:
    return tuple(c for c in cards() if cards()[c]["pile"] == pile)


def is_culture(card: str) -> bool:
    return cards()[card]["pile"] == CULTURE_PILE


def frames_text(card: str) -> str:
    """The card's Time Frames in words: ``I–III and VI–VII``."""
    parts = []
    for a, b in cards()[card]["frames"]:
        parts.append(ROMAN[a] if a == b else f"{ROMAN[a]}–{ROMAN[b]}")
    return " and ".join(parts)


@cache  # a pure function of the card's data (asked per card in hand at every listing)
def in_time_frame(card: str, epoch: int) -> bool:
    return any(a <= epoch <= b for a, b in cards()[card]["frames"])


# -- names ------------------------------------------------------------------------------------
def name(x: str) -> str:
    """The plain name of an area, region, Empire or card id (the id itself if unknown)."""
    for table in (areas(), empires(), regions(), straits()):
        if x in table:
            return table[x]["name"]
    if x in cards():
        return card_label(x)
    return x


def card_label(card: str) -> str:
    """A card as players call it: ``Treachery (red card, V–VII)``; Culture cards by name.
    The pile's colour is said with "card" (the seed's "one card of each color"): alone,
    "orange" read as the player Orange ("Monument (orange, IV–VI)", issue #37)."""
    c = cards()[card]
    if c["pile"] == CULTURE_PILE:
        return c["name"]
    return f"{c['name']} ({c['pile']} card, {frames_text(card)})"
