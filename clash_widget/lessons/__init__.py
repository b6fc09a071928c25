"""Teaching helpers for the course notebooks (pure Python; drawings import ipycanvas lazily).

- :func:`explain` / :func:`refusal`: the engine's explanation of a refused action.
- :mod:`.odds`: exact battle and cultural-influence probabilities for the charts.
- :mod:`.pictures`: ipycanvas drawings (a region's two orientations, the advance tree).
- :func:`exercise` / :func:`check_exercise`: "try it yourself" tasks with hidden checks.
- :func:`city_at` / :func:`units_at` / :func:`player`: a position read in the game's words,
  for check cells (``city_at(board, "2,1").mood == "angry"``).
- :func:`advance_table`: the 48 advances and what each does, from the game's data.
"""

from __future__ import annotations

from .exercises import check_exercise, exercise, task
from .explain import explain, refusal
from .look import city_at, player, units_at
from .tables import advance_table

__all__ = [
    "advance_table",
    "check_exercise",
    "city_at",
    "exercise",
    "explain",
    "player",
    "refusal",
    "task",
    "units_at",
]
