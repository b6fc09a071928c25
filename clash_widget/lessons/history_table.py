"""Set a History CCG table by hand for a lesson: the scenario builder under its lesson name.

:class:`Table` is :class:`clash_widget.history.scenario.Scenario` (start from an empty
table, put cities down, give culture counters, stack the treasuries so the pulls are
known, then play), kept under the name the lessons used first.

>>> table = Table(seed=1)
>>> home = table.city(0, "riverside", 2, ("grassland",), capital=True)
>>> m = table.match(acting=0)
>>> m.current_player
0
"""

from __future__ import annotations

from clash_widget.history.scenario import Scenario, ScenarioError


class Table(Scenario):
    """A new game with every card back in its owner's treasury: no city, no unit."""


__all__ = ["ScenarioError", "Table"]
