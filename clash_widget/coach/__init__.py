"""The coach: a hint with its reasons, and a review of a game that finds its mistakes.

A layer above the bots (``clash_widget.bots``): it judges moves with the search's paired
trial games (:mod:`.estimate`) and explains them with the heuristics' rules of thumb
(:mod:`.reasons`). It sees games only through the protocol and imports no game; the engine
does not import it (a :class:`~clash_widget.engine.session.Session` looks it up by name, the
way it looks up the bot catalogue). ``docs/coach.md`` tells how it judges and its limits.
"""

from .estimate import Budget, Cancelled
from .hint import HINT_BUDGET, Hint, Option, hint
from .render import advantage_svg, review_html
from .review import DEEP_REVIEW_BUDGET, REVIEW_BUDGET, THRESHOLDS, Judged, Review, Reviewer, review

__all__ = [
    "HINT_BUDGET",
    "DEEP_REVIEW_BUDGET",
    "REVIEW_BUDGET",
    "THRESHOLDS",
    "Budget",
    "Cancelled",
    "Hint",
    "Judged",
    "Option",
    "Review",
    "Reviewer",
    "advantage_svg",
    "hint",
    "review",
    "review_html",
]
