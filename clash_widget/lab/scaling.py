"""Serial against Dask: the same games at each size, in one run, for docs/scale.md."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .distributed import _cpu_seconds, connect
from .selfplay import run


def scaling(
    game: str = "coc",
    players: int = 4,
    games: int = 40,
    bots: list[str] | None = None,
    workers: Sequence[int] = (1, 2),
    seed: int = 7000,
) -> list[dict[str, Any]]:
    """Games per second serially and on LocalClusters of each size in ``workers``, in one
    run (so the numbers are comparable). Each cluster is started and warmed up first;
    its start-up time is reported apart. ``cpu_s`` is the CPU time the games took (all
    workers together): on a machine shared with other work the wall-clock rate falls,
    the CPU time much less. The games are checked to be the serial ones."""
    bots = bots or ["random"]
    out: list[dict[str, Any]] = []
    t0, c0 = time.perf_counter(), time.process_time()
    serial = run(game, players, games, seed, bots)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    out.append(
        {
            "where": "serial",
            "games": games,
            "seconds": round(dt, 2),
            "games_per_s": round(games / dt, 2),
            "cpu_s": round(cpu, 2),
        }
    )
    for n in workers:
        t0 = time.perf_counter()
        with connect("local", n, dashboard=None) as client:
            client.wait_for_workers(n)
            start = time.perf_counter() - t0
            run(game, players, 2 * n, seed + 100_000, bots, client=client, batch=1)  # warm up
            before = client.run(_cpu_seconds)
            t1 = time.perf_counter()
            res = run(game, players, games, seed, bots, client=client)
            dt = time.perf_counter() - t1
            after = client.run(_cpu_seconds)
        cpu = sum(after[w] - before.get(w, 0.0) for w in after)
        same = [r.final_hash for r in res] == [r.final_hash for r in serial]
        out.append(
            {
                "where": f"LocalCluster, {n} worker{'s' if n > 1 else ''}",
                "games": games,
                "seconds": round(dt, 2),
                "games_per_s": round(games / dt, 2),
                "cpu_s": round(cpu, 2),
                "start_s": round(start, 2),
                "same_games": same,
            }
        )
    return out
