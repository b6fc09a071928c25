"""Paired comparisons: the same seeds under two rule sets, one difference per seed.

Game ``i`` of a baseline run and game ``i`` of a variant run share their seed, so
they start from the same map, cards and dice stream. Subtracting the two games'
numbers seed by seed cancels much of that shared luck, and the mean of those
differences gets a 95% interval from Student's t distribution. It is usually far
narrower than comparing the two runs' averages as if they were unrelated
(:func:`unpaired_difference`, Welch's interval), so fewer games settle a question.

Pure Python (no numpy or scipy): it runs in the offline JupyterLite site too.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .metrics import Z95, lead_changes

Result = Mapping[str, Any]

# Two-sided 95% critical values of Student's t for 1..30 degrees of freedom.
T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t95(df: float) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (a 95% interval)."""
    if df < 1:
        raise ValueError("a t interval needs at least one degree of freedom (two games)")
    if df <= 30:
        lo = int(df)
        if lo == df:
            return T975[lo - 1]
        hi = T975[min(lo, 29)]  # Welch's fractional df: interpolate between neighbours
        return T975[lo - 1] + (hi - T975[lo - 1]) * (df - lo)
    # Beyond 30 the Cornish-Fisher series around the normal quantile is exact to 1e-4.
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


@dataclass(frozen=True)
class Difference:
    """Variant minus baseline: the mean difference and its 95% interval."""

    mean: float
    low: float
    high: float
    pairs: int
    baseline: float
    """The baseline's mean."""
    variant: float
    """The variant's mean."""

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def direction(self) -> str:
        """``"up"`` / ``"down"``: the whole interval lies above / below 0; else ``"unsure"``."""
        if self.low > 0:
            return "up"
        if self.high < 0:
            return "down"
        return "unsure"

    def verdict(self, expected: str) -> str:
        """Is a hypothesis of direction ``expected`` ("up" or "down") borne out?"""
        if expected not in ("up", "down"):
            raise ValueError('a hypothesis says "up" or "down"')
        seen = self.direction()
        if self.low == self.high == 0:
            return "no change at all: every pair of games gave the same number"
        if seen == "unsure":
            return "not settled: the interval includes 0 (more games could tell)"
        if seen == expected:
            return "supported: the whole interval is on the expected side of 0"
        return "contradicted: the whole interval is on the other side of 0"

    def __str__(self) -> str:
        span = f"{self.low:+.2f} to {self.high:+.2f}"
        return f"{self.mean:+.2f} (95% interval {span}, {self.pairs} games each)"


def paired_difference(baseline: Sequence[float], variant: Sequence[float]) -> Difference:
    """Mean of ``variant[i] - baseline[i]`` with its 95% t interval (same seeds, same order)."""
    if len(baseline) != len(variant):
        raise ValueError(f"paired runs need as many games each ({len(baseline)} vs {len(variant)})")
    n = len(baseline)
    diffs = [v - b for b, v in zip(baseline, variant, strict=True)]
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = t95(n - 1) * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    return Difference(
        mean, mean - half, mean + half, n, statistics.fmean(baseline), statistics.fmean(variant)
    )


def unpaired_difference(baseline: Sequence[float], variant: Sequence[float]) -> Difference:
    """The same question answered as if the runs were unrelated (Welch's interval).

    For teaching: with shared seeds this throws away what pairing knows, so its
    interval is wider.
    """
    nb, nv = len(baseline), len(variant)
    if nb < 2 or nv < 2:
        raise ValueError("each run needs at least two games")
    mb, mv = statistics.fmean(baseline), statistics.fmean(variant)
    vb, vv = statistics.variance(baseline) / nb, statistics.variance(variant) / nv
    se = math.sqrt(vb + vv)
    if se == 0:
        return Difference(mv - mb, mv - mb, mv - mb, min(nb, nv), mb, mv)
    df = (vb + vv) ** 2 / (vb**2 / (nb - 1) + vv**2 / (nv - 1))
    half = t95(df) * se
    return Difference(mv - mb, mv - mb - half, mv - mb + half, min(nb, nv), mb, mv)


# -- what to measure in one game ---------------------------------------------------------


def winner_vp(r: Result) -> float:
    """The highest final score."""
    return max(r["scores"])


def margin(r: Result) -> float:
    """How far the winner finished ahead of the runner-up (0 for a shared win)."""
    top = sorted(r["scores"], reverse=True)
    return top[0] - top[1] if len(top) > 1 else 0.0


def first_player_wins(r: Result) -> float:
    """1 if the first player won alone, a share for a shared win, else 0."""
    winners = list(r["winners"])
    return 1 / len(winners) if 0 in winners else 0.0


MEASURES: dict[str, Callable[[Result], float]] = {
    "actions": lambda r: float(r["actions"]),
    "turns": lambda r: float(r["turns"]),
    "winner's VP": winner_vp,
    "margin": margin,
    "lead changes": lambda r: float(lead_changes(r.get("vp_trace") or [])),
    "first player wins": first_player_wins,
}
"""Named numbers of one game result (``GameResult.to_dict()``) for :func:`compare`."""


def _measure(measure: str | Callable[[Result], float]) -> Callable[[Result], float]:
    if callable(measure):
        return measure
    if measure not in MEASURES:
        raise ValueError(f"no measure {measure!r}; the measures are: {', '.join(MEASURES)}")
    return MEASURES[measure]


def compare(
    baseline: Sequence[Result],
    variant: Sequence[Result],
    measure: str | Callable[[Result], float],
) -> Difference:
    """The paired difference of ``measure`` between two runs played on the same seeds.

    ``measure`` is a name of :data:`MEASURES` or a function of one game's result.
    Refuses runs whose seeds differ: their games are not pairs.
    """
    seeds = [r["seed"] for r in baseline], [r["seed"] for r in variant]
    if seeds[0] != seeds[1]:
        raise ValueError("the two runs were not played on the same seeds, game by game")
    f = _measure(measure)
    return paired_difference([f(r) for r in baseline], [f(r) for r in variant])
