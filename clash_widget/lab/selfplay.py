"""Self-play: bots play whole games; results, invariants and event counts.

Used by ``python -m clash_widget selfplay`` and the design-lab notebook.
Deterministic per seed: game i uses seed ``seed + i`` and bots seeded from it.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from .one_game import GameResult, play_game


def _run_one(args: tuple[str, int, int, list[str], dict[str, Any] | None, int]) -> GameResult:
    return play_game(*args)


def iter_run(
    game: str = "coc",
    players: int | list[int] = 2,
    games: int = 10,
    seed: int = 0,
    bots: list[str] | None = None,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: bool = False,
    rotate: bool = False,
    client: Any = None,
    batch: int | None = None,
    verify: int = 0,
) -> Iterator[GameResult]:
    """Yield results in game order (so a seed gives the same list for any ``workers``).

    Game ``i`` has seed ``seed + i``, seats bots cyclically from ``bots`` and
    takes its player count cyclically from ``players``. With ``rotate`` the
    bot list turns by one seat after each cycle of player counts, so every bot
    plays every seat at every player count.

    ``client`` runs the games on Dask distributed (see :mod:`.distributed`): a
    ``dask.distributed.Client``, ``"local"`` for a new ``LocalCluster`` of ``workers``
    processes, or a scheduler address like ``"tcp://host:8786"``; ``batch`` games go in
    one task. The games and their order are the same as without it.

    ``verify`` (N > 0): every action checked in full and the listing compared with the wide
    definition at every Nth position (:func:`.one_game.play_game`).
    """
    counts = players if isinstance(players, list) else [players]
    names = bots or ["random"]

    def seating(i: int) -> list[str]:
        # Turn once per cycle of player counts, so that every count meets every seating.
        k = (i // len(counts)) % len(names) if rotate else 0
        return names[k:] + names[:k]

    jobs = [
        (game, counts[i % len(counts)], seed + i, seating(i), options, verify) for i in range(games)
    ]
    bar = _progress(games) if progress else None
    try:
        if client is not None:
            from .distributed import connect, dashboard_link, run_batches

            with connect(client, max(1, workers)) as dask_client:
                if progress:
                    link = dashboard_link(dask_client)
                    if link:
                        print(f"Dask dashboard: {link}", file=sys.stderr, flush=True)
                tick = bar.update if bar else None
                yield from run_batches(jobs, dask_client, batch=batch, tick=tick)
        elif workers > 1 and games > 1:
            from multiprocessing import get_context

            with get_context("spawn").Pool(min(workers, games)) as pool:
                for r in pool.imap(_run_one, jobs):
                    if bar:
                        bar.update(1)
                    yield r
        else:
            for job in jobs:
                r = _run_one(job)
                if bar:
                    bar.update(1)
                yield r
    finally:
        if bar:
            bar.close()


def run(
    game: str = "coc",
    players: int | list[int] = 2,
    games: int = 10,
    seed: int = 0,
    bots: list[str] | None = None,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: bool = False,
    rotate: bool = False,
    client: Any = None,
    batch: int | None = None,
    verify: int = 0,
) -> list[GameResult]:
    """All the games of :func:`iter_run` as a list (``client``: run them on Dask)."""
    return list(
        iter_run(
            game,
            players,
            games,
            seed,
            bots,
            options,
            workers,
            progress,
            rotate,
            client,
            batch,
            verify,
        )
    )


class _TextBar:
    """A progress line on stderr for when tqdm is not installed."""

    def __init__(self, total: int) -> None:
        self.total, self.n, self.t0 = total, 0, time.perf_counter()

    def update(self, k: int) -> None:
        self.n += k
        if self.n == self.total or self.n % max(1, self.total // 20) == 0:
            rate = self.n / max(time.perf_counter() - self.t0, 1e-9)
            # No slash: JupyterLab reads "4/12" or "3.0/s" in an output as a file path and
            # asks the server to resolve it, a failing request in the offline site.
            line = f"games {self.n} of {self.total} ({rate:.1f} a second)"
            print(line, file=sys.stderr, flush=True)

    def close(self) -> None:
        pass


def _progress(total: int) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is optional: fall back to plain lines
        return _TextBar(total)
    return tqdm(total=total, desc="games", file=sys.stderr)


def summary(results: list[GameResult]) -> dict[str, Any]:
    events: Counter[str] = Counter()
    for r in results:
        events.update(r.events)
    wins: dict[str, float] = {}
    seat_wins: dict[str, float] = {}
    for r in results:
        for w in r.winners:
            share = 1 / len(r.winners)
            wins[r.bots[w]] = wins.get(r.bots[w], 0) + share
            seat_wins[str(w)] = seat_wins.get(str(w), 0) + share
    return {
        "games": len(results),
        "actions": sum(r.actions for r in results),
        "errors": [e for r in results for e in r.errors],
        "invariant_violations": [v for r in results for v in r.invariant_violations],
        "unfinished": sum(1 for r in results if not r.finished),
        "scores": [r.scores for r in results],
        "final_hashes": [r.final_hash for r in results],
        "event_counts": dict(sorted(events.items())),
        "wins": {k: round(v, 3) for k, v in sorted(wins.items())},
        "seat_wins": {k: round(v, 3) for k, v in sorted(seat_wins.items())},
        **({"think": think} if (think := _thinking(results)) else {}),
    }


def _thinking(results: list[GameResult]) -> dict[str, dict[str, float]]:
    """Per thinking bot: searched decisions, seconds per searched decision, the longest."""
    total: dict[str, dict[str, float]] = {}
    for r in results:
        for name, t in zip(r.bots, r.think, strict=False):
            if not t.get("searched"):
                continue
            acc = total.setdefault(name, {"searched": 0, "seconds": 0.0, "longest": 0.0})
            acc["searched"] += t["searched"]
            acc["seconds"] += t["seconds"]
            acc["longest"] = max(acc["longest"], t["longest"])
    return {
        name: {
            "searched_decisions": int(acc["searched"]),
            "seconds_per_decision": round(acc["seconds"] / acc["searched"], 4),
            "longest_decision_s": acc["longest"],
        }
        for name, acc in total.items()
    }
