"""Teaching helpers for the course notebooks (pure Python; drawings import ipycanvas lazily).

- :func:`explain` / :func:`refusal`: the engine's explanation of a refused action.
- :mod:`.odds`: exact battle and cultural-influence probabilities for the charts.
- :mod:`.pictures`: ipycanvas drawings (a region's two orientations, the advance tree).
- :func:`exercise` / :func:`check_exercise`: "try it yourself" tasks with hidden checks.
"""

from __future__ import annotations

from .exercises import check_exercise, exercise, task
from .explain import explain, refusal

__all__ = ["check_exercise", "exercise", "explain", "refusal", "task"]
