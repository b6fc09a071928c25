"""The world map's area names (persistence/names.py): readable, inside, never on another.

Issue #22: names were 8 units high, cut by the map's edge ("Japan", "Korea") and run
together ("DeccanBay of Bengal"); the static picture was 1030 px wide and cut off in a
notebook about 900 px wide.
"""

from __future__ import annotations

import re
from itertools import combinations

from clash_widget.engine import Match
from clash_widget.persistence.names import NAME_SIZE, _marker_box, _overlap, line_box, name_boxes
from clash_widget.persistence.picture import svg
from clash_widget.persistence.view import map_payload

# The map's picture is at least as wide as a notebook's default width allows (~880 px of
# 800 units, in the widget where the map takes the whole width; see persistence.css).
NOTEBOOK_MAP_PX = 880


def test_every_area_has_a_placed_name_of_at_least_11_px() -> None:
    m = map_payload()
    assert set(m["names"]) == {a["id"] for a in m["areas"]}
    assert NAME_SIZE * NOTEBOOK_MAP_PX / m["width"] >= 11
    for a in m["areas"]:
        assert " ".join(m["names"][a["id"]]["lines"]) == a["name"]


def test_names_stay_inside_the_map() -> None:
    m = map_payload()
    for area, (x0, y0, x1, y1) in name_boxes(m["names"]).items():
        assert 0 <= x0 and x1 <= m["width"], area
        assert 0 <= y0 and y1 <= m["height"], area


def test_no_name_overlaps_another_name_or_the_pieces() -> None:
    m = map_payload()
    boxes = name_boxes(m["names"])
    clashes = [(a, b) for a, b in combinations(boxes, 2) if _overlap(boxes[a], boxes[b])]
    assert clashes == []
    on_pieces = [
        (n, a["id"]) for n in boxes for a in m["areas"] if _overlap(boxes[n], _marker_box(a))
    ]
    assert on_pieces == []


def test_static_picture_scales_to_the_notebook_width() -> None:
    text = svg(Match.new("persistence", players=2, seed=1).view(None))
    head = text.split(">", 1)[0]
    assert 'width="100%"' in head
    assert re.search(r"max-width:\d+px", head)
    assert f'font-size="{NAME_SIZE}"' in text


def test_no_strait_line_crosses_an_area_name() -> None:
    """Issue #37: the straits were drawn from marker to marker and ran over the names
    "Gaul", "Korea", "Japan" and "Carthage". Each line's box (its dashes' width around it)
    now misses every name's box."""
    m = map_payload()
    boxes = name_boxes(m["names"])
    crossed = [
        (s["id"], n) for s in m["straits"] for n in boxes if _overlap(line_box(s["line"]), boxes[n])
    ]
    assert crossed == []


def test_a_strait_joins_its_two_lands_across_the_water() -> None:
    """A strait "links two lands across a sea" (the legend): its line starts inside one of
    its lands and ends inside the other, and it is short (a link, not a line across the map)."""
    from clash_widget.persistence.names import _edges, _inside, _nearest_on

    def on_or_in(x: float, y: float, loops: list[list[list[int]]]) -> bool:
        near = (_nearest_on((x, y), *e) for e in _edges(loops))
        return _inside(x, y, loops) or any(abs(px - x) + abs(py - y) < 1e-6 for px, py in near)

    m = map_payload()
    loops = {a["id"]: a["loops"] for a in m["areas"]}
    for s in m["straits"]:
        (x1, y1), (x2, y2) = s["line"]
        a, b = s["lands"]
        assert on_or_in(x1, y1, loops[a]) and on_or_in(x2, y2, loops[b]), s["id"]
        assert ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 <= 60, s["id"]
