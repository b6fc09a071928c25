"""Two Cards' table: a match widget over the shared base (seats, bots, undo, feedback), with
the toy's own minimal front end (``static/toy.js``), found through its spec."""

from __future__ import annotations

from clash_widget.widget.assets import spec_front_end
from clash_widget.widget.base import MatchWidget

from .spec import SPEC


class ToyTable(MatchWidget):
    """A clickable hand of cards for one Two Cards match."""

    GAME = "toy"
    _esm, _css = spec_front_end(SPEC)
