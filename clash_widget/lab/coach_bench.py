"""``bench --coach``: how long the coach takes (measured, never asserted in a test).

- ``coach_hint_seconds``: a hint at the default budget, per game, over positions of
  heuristic games (every decision with a choice from a few games, sampled evenly): p50/p95.
- ``coach_review_seconds``: a full review of one seat of a two-player Clash of Cultures game
  between heuristic bots, serial and with ``workers`` processes.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from typing import Any

from ..coach import HINT_BUDGET, REVIEW_BUDGET, hint, review
from ..engine import Match
from ..engine.session import Session

GAMES = ("coc", "secolo", "persistence", "history")


def positions(game: str, count: int, seed: int = 0) -> list[Match]:
    """``count`` positions with a real choice, spread over heuristic games of ``game``."""
    found: list[Match] = []
    k = 0
    while len(found) < count:
        s = Session.new(game, 2, seed=seed + k, bots=["heuristic", "heuristic"])
        s.run(3000)
        m = s.match
        chosen = [i for i in range(len(m.actions)) if i % 7 == 3]
        for i in chosen:
            at = s.match_at(i)
            if not at.is_over and len(at.legal_actions()) > 1:
                found.append(at)
        k += 1
    step = max(1, len(found) // count)
    return found[::step][:count]


def percentile(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def coach_bench(hints: int = 40, workers: int = 2, seed: int = 0) -> Iterator[dict[str, Any]]:
    for game in GAMES:
        times = []
        for m in positions(game, hints, seed):
            t0 = time.perf_counter()
            hint(m)
            times.append(time.perf_counter() - t0)
        yield {
            "metric": "coach_hint_seconds",
            "game": game,
            "hints": len(times),
            "rounds": HINT_BUDGET.playout(game).rounds,
            "p50": round(statistics.median(times), 3),
            "p95": round(percentile(times, 0.95), 3),
            "max": round(max(times), 3),
        }
    s = Session.new("coc", 2, seed=seed, bots=["heuristic", "heuristic"])
    s.run(5000)
    for w in sorted({1, workers}):
        t0 = time.perf_counter()
        r = review(s.match, 0, workers=w)
        yield {
            "metric": "coach_review_seconds",
            "game": "coc",
            "actions": len(s.match.actions),
            "decisions": len(r.decisions),
            "rounds": REVIEW_BUDGET.playout("coc").rounds,
            "workers": w,
            "seconds": round(time.perf_counter() - t0, 2),
        }
