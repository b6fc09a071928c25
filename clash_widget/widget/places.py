"""A Clash of Cultures hex named in words a learner can find on the map (issue #37).

The map hides coordinates by default, so a sentence says "the forest next to Blue's
capital", not "9,-3"; coordinates stay for the map's toggle and tooltips. The words are the
game's own (``clash_widget/coc/places.py``, the one namer of the log, the labels and the
refusals), handed to every hex of a seat's view as ``place``; this reads them.
"""

from __future__ import annotations

from typing import Any


def place_words(view: dict[str, Any], q: int, r: int) -> str:
    """The view's words for hex ``q,r``: "Blue's capital", "the forest next to Orange's
    city west of its capital"."""
    h = next((x for x in view.get("hexes", []) if x.get("q") == q and x.get("r") == r), None)
    if h is None or not h.get("place"):
        return "a hex off the map"
    return str(h["place"])
