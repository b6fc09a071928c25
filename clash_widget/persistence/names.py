"""Where the map writes each area's name: readable, inside the picture, never on another.

The map is 800 x 440 units and shows at about 900 px in a notebook, so a name of
``NAME_SIZE`` units is at least 11 px on screen. Each name is placed once (the map is
static) by trying spots around the area's marker point (above, below, beside, then
further out) and keeping the first box that stays inside the picture, misses the names
already placed and the marker's pieces, and preferably has its centre in the area itself.
Long names of two or more words are set on two lines. Widths are estimated from the
character count (no font metrics in Python); ``CHAR_WIDTH`` errs on the wide side.

The widget (``js/src/persistence/map.ts``) and the static picture (``picture.py``) both
draw the names from ``place_names``'s answer, so the two always agree.
"""

from __future__ import annotations

from typing import Any

NAME_SIZE = 12
CHAR_WIDTH = 0.6 * NAME_SIZE
LINE_HEIGHT = 1.15 * NAME_SIZE
MARGIN = 2

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


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


def place_names(areas: list[dict[str, Any]], width: int, height: int) -> dict[str, dict[str, Any]]:
    """``{area id: {"x", "y", "lines"}}``: (x, y) is the centre of the first line's baseline box."""
    markers = [_marker_box(a) for a in areas]
    placed: list[Box] = []
    out: dict[str, dict[str, Any]] = {}
    # Lands first (small, crowded), then seas, then oceans (big, easy to fit).
    order = sorted(areas, key=lambda a: ("land", "sea", "ocean").index(a["kind"]))
    for a in order:
        lines = lines_of(a["name"])
        w, h = _size(lines)
        x0, y0 = a["label"]
        best: tuple[float, Box] | None = None
        for dx, dy in _SPOTS:
            cx = min(max(x0 + dx, MARGIN + w / 2), width - MARGIN - w / 2)
            cy = min(max(y0 + dy, MARGIN + h / 2), height - MARGIN - h / 2)
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            clashes = sum(_overlap(box, b) for b in placed) + sum(_overlap(box, m) for m in markers)
            score = 1000 * clashes + (0 if _inside(cx, cy, a["loops"]) else 40) + abs(dx) + abs(dy)
            if best is None or score < best[0]:
                best = (score, box)
        assert best is not None
        box = best[1]
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
