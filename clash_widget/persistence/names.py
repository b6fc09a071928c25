"""Where the map writes each area's name: readable, inside the picture, never on another.

The map is 800 x 440 units and shows at about 900 px in a notebook, so a name of
``NAME_SIZE`` units is at least 11 px on screen. Each name is placed once (the map is
static) by trying spots around the area's marker point (above, below, beside, then
further out) and keeping the first box that stays inside the picture, misses the names
already placed and the marker's pieces, and preferably has its centre in the area itself.
Long names of two or more words are set on two lines. Widths are estimated from the
character count (no font metrics in Python); ``CHAR_WIDTH`` errs on the wide side.

A strait is drawn as a short link across the water between its two lands' nearest
edges (:func:`strait_line`), not from marker to marker, where it ran over the lands'
names ("Gaul", "Korea", "Japan", "Carthage"); the names are then placed clear of it.

The widget (``js/src/persistence/map.ts``) and the static pictures (``picture.py``,
``widget/picture.py``) all draw the names and straits from this module's answers, so
they always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

NAME_SIZE = 12
CHAR_WIDTH = 0.6 * NAME_SIZE
LINE_HEIGHT = 1.15 * NAME_SIZE
MARGIN = 2

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Point = tuple[float, float]
Loops = list[list[list[int]]]
# How far a strait's line reaches into each of its lands (so it visibly joins them).
STRAIT_REACH = 5


def lines_of(name: str) -> list[str]:
    """One line, or two balanced lines for a long name of several words."""
    words = name.split()
    if len(name) <= 10 or len(words) < 2:
        return [name]
    best = min(
        range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:])))
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def _size(lines: list[str]) -> tuple[float, float]:
    return max(len(s) for s in lines) * CHAR_WIDTH, len(lines) * LINE_HEIGHT


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(x: float, y: float, loops: list[list[list[int]]]) -> bool:
    """Even-odd rule: is the point inside the area's outline?"""
    hit = False
    for loop in loops:
        for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def _edges(loops: Loops) -> list[tuple[Point, Point]]:
    return [
        ((x1, y1), (x2, y2))
        for loop in loops
        for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1], strict=True)
    ]


def _nearest_on(p: Point, a: Point, b: Point) -> Point:
    """The point of segment ab nearest to p."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return (a[0] + t * dx, a[1] + t * dy)


def _facing(e: tuple[Point, Point], f: tuple[Point, Point]) -> tuple[Point, Point] | None:
    """Two parallel axis-aligned edges that face each other: the link across the middle of
    the stretch they share (the map's outlines follow its grid), else None."""
    (ax, ay), (bx, by) = e
    (cx, cy), (dx, dy) = f
    if ay == by and cy == dy:  # both horizontal
        lo, hi = max(min(ax, bx), min(cx, dx)), min(max(ax, bx), max(cx, dx))
        return (((lo + hi) / 2, ay), ((lo + hi) / 2, cy)) if lo < hi else None
    if ax == bx and cx == dx:  # both vertical
        lo, hi = max(min(ay, by), min(cy, dy)), min(max(ay, by), max(cy, dy))
        return ((ax, (lo + hi) / 2), (cx, (lo + hi) / 2)) if lo < hi else None
    return None


def _wet(p: Point, q: Point, sea: Loops) -> int:
    """How many of the two points just either side of the link's middle lie in the sea."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    d = max(abs(q[0] - p[0]), abs(q[1] - p[1])) or 1
    nx, ny = -(q[1] - p[1]) / d * 0.5, (q[0] - p[0]) / d * 0.5
    return _inside(mx + nx, my + ny, sea) + _inside(mx - nx, my - ny, sea)


def _reach(p: Point, q: Point) -> tuple[list[float], list[float]]:
    """The link pq lengthened by ``STRAIT_REACH`` at both ends (into the two lands)."""
    d = ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5 or 1
    ux, uy = (q[0] - p[0]) / d * STRAIT_REACH, (q[1] - p[1]) / d * STRAIT_REACH
    return [round(p[0] - ux, 1), round(p[1] - uy, 1)], [round(q[0] + ux, 1), round(q[1] + uy, 1)]


def strait_line(a: Loops, b: Loops, sea: Loops) -> list[list[float]]:
    """A strait between two lands: the shortest link between their outlines over its
    ``sea``, reaching ``STRAIT_REACH`` into each land; of equally short links, the one
    over the sea, ending inside the lands, across the middle of two facing coasts."""
    best: tuple[tuple[float, int, int, int], list[list[float]]] | None = None
    for e in _edges(a):
        for f in _edges(b):
            pairs = [(0, _facing(e, f))]
            pairs += [(1, (p, _nearest_on(p, *f))) for p in e]
            pairs += [(1, (_nearest_on(q, *e), q)) for q in f]
            for rank, pair in pairs:
                if pair is None:
                    continue
                p, q = pair
                d = round(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5, 6)
                ends = _reach(p, q)
                (ax, ay), (bx, by) = ends
                out = (not _inside(ax, ay, a)) + (not _inside(bx, by, b))
                key = (d, -_wet(p, q, sea), out, rank)
                if best is None or key < best[0]:
                    best = (key, [ends[0], ends[1]])
    assert best is not None
    return best[1]


def line_box(line: list[list[float]], pad: float = 2) -> Box:
    """The box a strait's line covers (its dashes are 2 units wide; 4 when highlighted)."""
    (x1, y1), (x2, y2) = line
    return (min(x1, x2) - pad, min(y1, y2) - pad, max(x1, x2) + pad, max(y1, y2) + pad)


def _marker_box(area: dict[str, Any]) -> Box:
    """What the pieces drawn at the marker point cover (army, fort, Monument or fleets)."""
    x, y = area["label"]
    half = 22 if area["kind"] != "land" else 14
    return (x - half, y - 8, x + half, y + 9)


# Offsets of a name's box centre from the marker point, best first.
_SPOTS = [(0, -17), (0, 19), (0, -30), (0, 32)]
_SPOTS += [(dx, dy) for dy in (0, -14, 14, -26, 26) for dx in (-38, 38, -56, 56)]
_SPOTS += [(dx, dy) for dy in (-44, 44, -58, 58) for dx in (0, -30, 30)]
_SPOTS += [(dx, dy) for dy in (-21, 21) for dx in (-70, 70, -90, 90)]
# Diagonal spots, for a name the straits' lines push off its usual places.
_SPOTS += [(dx, dy) for dy in (-30, 30, -36, 36) for dx in (-30, 30, -50, 50)]


def place_names(
    areas: list[dict[str, Any]],
    width: int,
    height: int,
    straits: Sequence[list[list[float]]] = (),
) -> dict[str, dict[str, Any]]:
    """``{area id: {"x", "y", "lines"}}``: (x, y) is the centre of the first line's baseline box.
    ``straits``: the straits' lines (:func:`strait_line`), which no name may cover."""
    markers = [_marker_box(a) for a in areas] + [line_box(s) for s in straits]
    placed: list[Box] = []
    out: dict[str, dict[str, Any]] = {}
    # Lands first (small, crowded), then seas, then oceans (big, easy to fit).
    order = sorted(areas, key=lambda a: ("land", "sea", "ocean").index(a["kind"]))
    for a in order:
        # A long name on two lines, else on one (a long strip of sea between straits).
        forms = [(lines_of(a["name"]), 0)]
        if len(forms[0][0]) > 1:
            forms.append(([a["name"]], 25))
        x0, y0 = a["label"]
        best: tuple[float, Box, list[str]] | None = None
        for lines, cost in forms:
            w, h = _size(lines)
            for dx, dy in _SPOTS:
                cx = min(max(x0 + dx, MARGIN + w / 2), width - MARGIN - w / 2)
                cy = min(max(y0 + dy, MARGIN + h / 2), height - MARGIN - h / 2)
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                clashes = sum(_overlap(box, b) for b in placed)
                clashes += sum(_overlap(box, m) for m in markers)
                inside = 0 if _inside(cx, cy, a["loops"]) else 40
                score = 1000 * clashes + inside + abs(dx) + abs(dy) + cost
                if best is None or score < best[0]:
                    best = (score, box, lines)
        assert best is not None
        _, box, lines = best
        placed.append(box)
        out[a["id"]] = {
            "x": round((box[0] + box[2]) / 2, 1),
            # The first baseline: a line's text sits about 0.8 of its height below its top.
            "y": round(box[1] + 0.85 * NAME_SIZE, 1),
            "lines": lines,
        }
    return out


def name_boxes(placement: dict[str, dict[str, Any]]) -> dict[str, Box]:
    """The boxes ``place_names`` reserved, for tests."""
    boxes = {}
    for area, p in placement.items():
        w, h = _size(p["lines"])
        top = p["y"] - 0.85 * NAME_SIZE
        boxes[area] = (p["x"] - w / 2, top, p["x"] + w / 2, top + h)
    return boxes
