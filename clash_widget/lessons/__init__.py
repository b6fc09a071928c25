"""Teaching helpers for the course notebooks (pure Python; drawings import ipycanvas lazily).

- :func:`explain` / :func:`refusal`: the engine's explanation of a refused action.
- :mod:`.odds`: exact battle and cultural-influence probabilities for the charts.
- :mod:`.pictures`: ipycanvas drawings (a region's two orientations, the advance tree).
- :func:`exercise` / :func:`check_exercise`: "try it yourself" tasks with hidden checks.
- :func:`city_at` / :func:`units_at` / :func:`player` / :func:`score` / :func:`region` ...
  (:mod:`.look`): a position and its log read in the game's words, for check cells
  (``city_at(board, "2,1").mood == "angry"``).
- :func:`advance_table`: the 48 advances and what each does, from the game's data.
"""

from __future__ import annotations

from .exercises import check_exercise, exercise, task
from .explain import explain, refusal
from .look import (
    capital_of,
    cities,
    city_at,
    combat_rounds,
    events_drawn,
    hand_seen_by,
    influence_roll,
    lines,
    log_counts,
    objectives_met,
    player,
    region,
    replay,
    score,
    terrain_at,
    turn_of,
    units_at,
    wonders_revealed,
)
from .tables import advance_table

__all__ = [
    "advance_table",
    "capital_of",
    "check_exercise",
    "cities",
    "city_at",
    "combat_rounds",
    "events_drawn",
    "exercise",
    "explain",
    "hand_seen_by",
    "influence_roll",
    "lines",
    "log_counts",
    "objectives_met",
    "player",
    "refusal",
    "region",
    "replay",
    "score",
    "task",
    "terrain_at",
    "turn_of",
    "units_at",
    "wonders_revealed",
]
