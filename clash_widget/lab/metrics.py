"""Game-design metrics over self-play results (pure Python, no plotting).

Every function takes game results as dicts (``GameResult.to_dict()`` or the
lines of a ``--out results.jsonl`` file) with at least ``winners`` and
``players``; the length, trace and breakdown metrics also read ``actions``,
``turns``, ``vp_trace``, ``vp_breakdown`` and ``action_kinds``; the coverage report
reads ``mechanics`` (counted by :func:`count_mechanics` during self-play).

A tie counts as a shared win: two joint winners get half a win each, so
win rates over the seats of a game always add up to one.

Rates come with a 95% Wilson score interval: the range of true win rates
that could plausibly have produced the observed count. It stays inside 0..1
and behaves sensibly for small samples and rates near 0 or 1, unlike the
textbook "rate plus or minus two standard errors".
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine import GAMES, get_spec
from ..engine.game import Mechanic

Result = Mapping[str, Any]
Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes out of ``n`` (0..1 bounds)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {
        "wins": round(wins, 3),
        "games": n,
        "rate": round(wins / n, 4) if n else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def _shares(r: Result) -> dict[int, float]:
    winners = list(r["winners"])
    return {w: 1 / len(winners) for w in winners} if winners else {}


def seat_win_rates(results: Iterable[Result]) -> dict[int, dict[str, Any]]:
    """Win rate of each seat (0 = first player) with its 95% interval."""
    wins: dict[int, float] = defaultdict(float)
    games: dict[int, int] = defaultdict(int)
    for r in results:
        shares = _shares(r)
        for seat in range(r["players"]):
            games[seat] += 1
            wins[seat] += shares.get(seat, 0.0)
    return {seat: _rate(wins[seat], games[seat]) for seat in sorted(games)}


def bot_win_rates(results: Iterable[Result]) -> dict[str, dict[str, Any]]:
    """Win rate of each bot over the games it sat in (one seat per game counted)."""
    wins: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    for r in results:
        shares = _shares(r)
        for name in set(r["bots"]):
            games[name] += 1
            wins[name] += sum(s for seat, s in shares.items() if r["bots"][seat] == name)
    return {name: _rate(wins[name], games[name]) for name in sorted(games)}


def balance(results: Sequence[Result]) -> dict[str, Any]:
    """The largest gap in win rate between two seats (0 = perfectly balanced)."""
    rates = seat_win_rates(results)
    if len(rates) < 2:
        return {"gap": 0.0, "best_seat": None, "worst_seat": None}
    best = max(rates, key=lambda s: rates[s]["rate"])
    worst = min(rates, key=lambda s: rates[s]["rate"])
    gap = rates[best]["rate"] - rates[worst]["rate"]
    return {"gap": round(gap, 4), "best_seat": best, "worst_seat": worst}


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0, "min": 0.0, "max": 0.0}
    return {
        "mean": round(statistics.fmean(values), 3),
        "median": float(statistics.median(values)),
        "min": float(min(values)),
        "max": float(max(values)),
    }


def game_length(results: Sequence[Result]) -> dict[str, dict[str, float]]:
    """Game length in actions (every decision) and in player turns."""
    return {
        "actions": _spread([float(r["actions"]) for r in results]),
        "turns": _spread([float(r["turns"]) for r in results]),
    }


def vp_by_source(results: Sequence[Result]) -> dict[str, dict[str, float]]:
    """Mean final points per source, over every seat and over the winners only."""
    every: dict[str, list[float]] = defaultdict(list)
    winners: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, parts in enumerate(r.get("vp_breakdown") or []):
            for source, v in parts.items():
                every[source].append(v)
                if seat in r["winners"]:
                    winners[source].append(v)
    return {
        "all_seats": {k: round(statistics.fmean(v), 3) for k, v in every.items()},
        "winners": {k: round(statistics.fmean(v), 3) for k, v in winners.items()},
    }


def _sole_leader(scores: Sequence[float]) -> int | None:
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    return leaders[0] if len(leaders) == 1 else None


def lead_changes(trace: Sequence[Sequence[float]]) -> int:
    """How often the sole leader changes hands (ties keep the previous leader)."""
    changes, leader = 0, None
    for scores in trace:
        now = _sole_leader(scores)
        if now is None:
            continue
        if leader is not None and now != leader:
            changes += 1
        leader = now
    return changes


def winner_locks_in(trace: Sequence[Sequence[float]], winners: Sequence[int]) -> float | None:
    """The share of the game (0 = start, 1 = end) after which the winner always leads.

    "Leads" means holds the most points, alone or tied. Small values are a
    decisive game (the eventual winner is ahead early and stays there);
    values near 1 mean the result was open until the end. ``None`` for a game
    without a sole winner or a trace.
    """
    if len(winners) != 1 or len(trace) < 2:
        return None
    w = winners[0]
    last = len(trace) - 1
    since = last
    for i in range(last, -1, -1):
        if trace[i][w] < max(trace[i]):
            break
        since = i
    return since / last


def decisiveness(results: Sequence[Result]) -> dict[str, Any]:
    """When winners lock in their lead, and how often the lead changes hands."""
    locks = [
        x
        for r in results
        if (x := winner_locks_in(r.get("vp_trace") or [], r["winners"])) is not None
    ]
    changes = [float(lead_changes(r.get("vp_trace") or [])) for r in results]
    return {
        "winner_leads_from": _spread(locks),
        "games_measured": len(locks),
        "lead_changes": _spread(changes),
    }


def action_shares(results: Iterable[Result]) -> dict[str, float]:
    """Share of each action kind among all actions taken (sums to 1)."""
    total: Counter[str] = Counter()
    for r in results:
        total.update(r.get("action_kinds") or {})
    n = sum(total.values())
    return {k: round(v / n, 4) for k, v in total.most_common()} if n else {}


# -- mechanics coverage ---------------------------------------------------------------------


def mechanics_of(game: str) -> tuple[Mechanic, ...]:
    """The parts of ``game``'s rules its coverage report names (the game declares them)."""
    return get_spec(game).mechanics


COVERED = 0.5
"""A mechanic counts as covered when it happens in at least this share of the games."""


def count_mechanics(
    game: str, log: Iterable[Mapping[str, Any]], counters: Mapping[str, int] | None = None
) -> dict[str, int]:
    """How often each of ``game``'s mechanics happened in one game.

    A game's own counter of the same name (``state["stats"]`` in Clash of Cultures) is
    used when there is one: one capture of a barbarian city writes two log lines (taken,
    then kept) but counts once. Otherwise the log's events are counted.
    """
    table = mechanics_of(game)
    counters = counters or {}
    counts = dict.fromkeys((m.name for m in table), 0)
    by_kind: dict[str, list[Mechanic]] = defaultdict(list)
    for m in table:
        if not m.marker and m.kind in counters:
            counts[m.name] = int(counters[m.kind])
        else:
            by_kind[m.kind].append(m)
    for e in log:
        found = by_kind.get(e.get("kind", ""))
        if found:  # most events name no mechanic
            for m in found:
                if not m.marker or m.marker in str(e.get("text", "")):
                    counts[m.name] += 1
    return counts


def _presence(counts: list[int]) -> dict[str, float]:
    n = len(counts)
    return {
        "share_of_games": round(sum(1 for c in counts if c) / n, 4) if n else 0.0,
        "mean_per_game": round(sum(counts) / n, 3) if n else 0.0,
    }


def coverage(results: Sequence[Result]) -> dict[str, Any]:
    """Which parts of the rules the games used: for each mechanic and each action kind,
    the share of games in which it happened at least once and its mean count per game.

    ``covered`` is the share of the targeted mechanics seen in at least half of the
    games (1.0: the bots played every part the lab expects them to play).
    """
    with_counts = [r for r in results if r.get("mechanics") is not None]
    names: list[str] = []
    targets: set[str] = set()
    for r in with_counts:
        for name in r["mechanics"]:
            if name not in names:
                names.append(name)
    for game in GAMES:
        targets |= {m.name for m in mechanics_of(game) if m.target}
    mechanics = {}
    for name in names:
        row = _presence([int(r["mechanics"].get(name, 0)) for r in with_counts])
        row["target"] = name in targets
        mechanics[name] = row
    kinds = sorted({k for r in results for k in (r.get("action_kinds") or {})})
    actions = {
        k: _presence([int((r.get("action_kinds") or {}).get(k, 0)) for r in results]) for k in kinds
    }
    aimed = [row for row in mechanics.values() if row["target"]]
    covered = (
        sum(1 for row in aimed if row["share_of_games"] >= COVERED) / len(aimed) if aimed else 0.0
    )
    return {
        "games": len(with_counts),
        "covered": round(covered, 4),
        "mechanics": mechanics,
        "action_kinds": actions,
    }


def report(results: Sequence[Result]) -> dict[str, Any]:
    """All the metrics above in one JSON-ready dict."""
    return {
        "games": len(results),
        "seat_win_rates": {str(k): v for k, v in seat_win_rates(results).items()},
        "bot_win_rates": bot_win_rates(results),
        "balance": balance(results),
        "length": game_length(results),
        "vp_by_source": vp_by_source(results),
        "decisiveness": decisiveness(results),
        "action_shares": action_shares(results),
        "coverage": coverage(results),
    }
