"""A Clash of Cultures hex named in words a learner can find on the map (issue #37).

The map hides coordinates by default, so a sentence says "the forest next to Blue's
capital", not "9,-3"; coordinates stay for the map's toggle and tooltips. Works on a
seat's view (``view["hexes"]``, ``["cities"]``, ``["players"]``) only: no rules involved.
"""

from __future__ import annotations

from typing import Any

# The board's words for its terrains (js/src/coc/colors.ts TERRAIN_LABELS).
TERRAIN_WORDS = {
    "plains": "grassland",
    "forest": "forest",
    "mountain": "mountain",
    "barren": "barren land",
    "sea": "sea",
}
#: Further than this from every city, a hex is "far from any city".
NEAR = 3


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _city_words(city: dict[str, Any], names: dict[Any, str]) -> str:
    owner = names.get(city.get("owner"), "a player")
    return f"{owner}'s {'capital' if city.get('capital') else 'city'}"


def place_words(view: dict[str, Any], q: int, r: int) -> str:
    """ "Blue's capital (grassland)", "the forest next to Orange's city", "the sea 2 hexes
    from Blue's capital", "an unexplored hex far from any city"."""
    h = next((x for x in view.get("hexes", []) if x.get("q") == q and x.get("r") == r), None)
    if h is None:
        return f"the hex at {q},{r}"
    explored = h.get("explored") and h.get("terrain")
    terrain = TERRAIN_WORDS.get(h["terrain"], h["terrain"]) if explored else "unexplored hex"
    names = {p.get("seat"): p.get("name", "") for p in view.get("players", [])}
    cities = view.get("cities", [])
    here = next((c for c in cities if (c.get("q"), c.get("r")) == (q, r)), None)
    if here is not None:
        return f"{_city_words(here, names)} ({terrain})"
    if not cities:
        return f"the {terrain}"
    near = min(cities, key=lambda c: (hex_distance((q, r), (c["q"], c["r"])), c["q"], c["r"]))
    d = hex_distance((q, r), (near["q"], near["r"]))
    if d == 1:
        return f"the {terrain} next to {_city_words(near, names)}"
    if d <= NEAR:
        return f"the {terrain} {d} hexes from {_city_words(near, names)}"
    return f"{'an' if terrain[0] in 'aeiou' else 'a'} {terrain} far from any city"
