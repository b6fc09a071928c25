"""Set a History CCG table by hand for a lesson: start from a bare table, put cities down,
give culture counters, stack the treasuries so the pulls are known, then play.

>>> table = Table(seed=1)
>>> home = table.city(0, "riverside", 2, ("grassland",), capital=True)
>>> m = table.match(acting=0)
>>> m.current_player
0
"""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Match
from clash_widget.history import cards as C
from clash_widget.history import scenario as S


class Table:
    """A new game with every card back in its owner's treasury: no city, no unit."""

    def __init__(self, players: int = 2, seed: int = 1, **options: Any) -> None:
        self.state = Match.new("history", players, seed=seed, options=options or None).state
        s = self.state
        for p in s["players"]:
            p["treasury"] += p["council"] + p["landfill"]
            p["council"], p["landfill"], p["capital"] = [], [], None
        for cid, c in list(s["cities"].items()):
            s["players"][C.owner(cid)]["treasury"] += [cid, *c["terrains"]]
        s["cities"], s["units"] = {}, {}

    def city(
        self,
        seat: int,
        design: str,
        population: int = 1,
        terrains: tuple[str, ...] = (),
        *,
        capital: bool = False,
    ) -> str:
        """Put a city of that design on ``seat``'s map; returns its card (for action keys)."""
        return S.city(self.state, seat, design, population, terrains, capital=capital)

    def culture(self, seat: int, counters: int) -> Table:
        """Give the player that many culture counters."""
        self.state["players"][seat]["culture"] = counters
        return self

    def stack(self, seat: int, cards: list[Any]) -> list[str]:
        """Put cards on top of the treasury, the first one to come off first (ranks or
        designs; a rank takes any card of that rank, and its suit follows the card)."""
        return S.stack_treasury(self.state, seat, cards)

    def match(self, acting: int) -> Match:
        """The match, with ``acting`` to take an action in the action phase."""
        S.frame(self.state, "act", acting)
        return Match.from_state("history", self.state)


__all__ = ["Table"]
