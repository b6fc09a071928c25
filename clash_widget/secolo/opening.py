"""A worked Secolo opening: 2 players, seed 2, up to an Attack with a reaction.

Ours: a line of play chosen because it reaches an Attack on the second turn (player
0's Inquisitor and Protagonist on player 1's Mozzo, pir-ch-4) while the defender
holds Specials, so it exercises the reaction window; player 0, holding a Conversion and an
Exile, lets two any-moment windows pass. The widget tests, the browser
test and the front end's view fixtures (js/test/fixtures) all start from it.
"""

from __future__ import annotations

from clash_widget.engine import Match

PLAYERS = 2
SEED = 2
OPENING = (
    "pick ind-pr-1",
    "pick cat-pr-1",
    "keep",
    "play ind-ch-5",
    "end",
    "keep",
    "play pir-ch-4",
    "pass",  # player 0 could convert or exile the Mozzo at once («in qualsiasi momento»)
    "end",
    "pass",  # ... or before player 0's turn begins
    "keep",
)
ATTACK = "attack atk-18 ind-ch-5 ind-pr-1 pir-ch-4"


def opened() -> Match:
    """A new match of the opening, played up to the Attack (player 0 to act)."""
    m = Match.new("secolo", PLAYERS, SEED)
    for key in OPENING:
        outcome = m.play(key)
        if not outcome.ok:
            raise ValueError(f"the opening no longer plays at {key!r}: {outcome.verdict}")
    return m
