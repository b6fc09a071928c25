"""Self-play on Dask distributed: a ``LocalCluster`` on one machine, or any Dask scheduler.

Games are the unit of work, sent in batches (one task plays a few games one after the
other, so the scheduler's cost per task is spread over several games). Game ``i`` keeps
its seed and seating whatever machine plays it, and results come back in game order, so
a run on Dask gives the very same games, final hashes and summary as the serial run.

When a worker dies (killed, out of memory, a lost machine), the scheduler gives its
unfinished tasks to the workers left; a batch that still fails is submitted again, up to
``retries`` times. Every batch's result is taken exactly once, so no game is lost and
none is counted twice.

Dask is an optional extra (``pip install clash_widget[scale]``): nothing in the rules
imports it, and this module imports it only when a run asks for it.
"""

from __future__ import annotations

import logging
import math
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .one_game import GameResult, play_game

Job = tuple[str, int, int, list[str], "dict[str, Any] | None", int]
RETRIES = 3


class DaskMissing(RuntimeError):
    """Dask is not installed (it is the optional ``scale`` extra)."""


def _dask() -> Any:
    try:
        import dask.distributed as dd
    except ImportError as exc:  # pragma: no cover - the test extra installs it
        raise DaskMissing(
            "running on Dask needs the optional extra: pip install 'clash_widget[scale]' "
            "(or pip install 'dask[distributed]')"
        ) from exc
    return dd


def play_batch(jobs: Sequence[Job]) -> list[GameResult]:
    """One task: play these games, one after the other, on the worker."""
    return [play_game(*job) for job in jobs]


def batch_size(games: int, workers: int) -> int:
    """About sixteen batches per worker (the last ones balance the load and the progress
    bar moves often), 1-20 games each: a Dask task costs milliseconds, a game far more."""
    return max(1, min(20, math.ceil(games / (16 * max(1, workers)))))


def split(jobs: Sequence[Job], size: int) -> list[list[Job]]:
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


@contextmanager
def connect(
    target: Any, workers: int = 2, *, dashboard: str | None = ":8787", quiet: bool = True
) -> Iterator[Any]:
    """A Dask client for ``target``, closed afterwards if this function opened it.

    ``target`` is a ``dask.distributed.Client`` (used as it is), ``"local"`` (a new
    ``LocalCluster`` of ``workers`` single-threaded processes on this machine) or a
    scheduler address such as ``"tcp://10.0.0.5:8786"``.
    """
    if not isinstance(target, str):
        yield target
        return
    dd = _dask()
    level = logging.ERROR if quiet else logging.WARNING
    if target == "local":
        cluster = dd.LocalCluster(
            n_workers=max(1, workers),
            threads_per_worker=1,
            processes=True,
            dashboard_address=dashboard,
            silence_logs=level,
        )
        client = dd.Client(cluster)
        try:
            yield client
        finally:
            client.close()
            cluster.close()
        return
    client = dd.Client(target)
    try:
        yield client
    finally:
        client.close()


def worker_count(client: Any) -> int:
    return max(1, len(client.scheduler_info().get("workers", {})))


def dashboard_link(client: Any) -> str | None:
    """The address of the Dask dashboard (None when the cluster runs without one)."""
    try:
        if "dashboard" not in client.scheduler_info().get("services", {}):
            return None
        return client.dashboard_link
    except Exception:  # noqa: BLE001 - no dashboard configured
        return None


def run_batches(
    jobs: Sequence[Job],
    client: Any,
    *,
    batch: int | None = None,
    retries: int = RETRIES,
    resubmit: int = RETRIES,
    tick: Callable[[int], None] | None = None,
) -> Iterator[GameResult]:
    """Play ``jobs`` on the cluster; yield the results in game order.

    ``retries``: how often Dask itself runs a failed task again; ``resubmit``: how often a
    batch that still failed (or whose workers kept dying) is submitted anew. ``tick(n)``
    is called as soon as a batch of ``n`` games is back (in any order), so a progress bar
    moves while earlier batches are still running.
    """
    dd = _dask()
    if not jobs:
        return
    parts = split(jobs, batch or batch_size(len(jobs), worker_count(client)))
    futures = {
        client.submit(play_batch, part, pure=False, retries=retries): i
        for i, part in enumerate(parts)
    }
    pending = dd.as_completed(list(futures))
    done: dict[int, list[GameResult]] = {}
    failures = [0] * len(parts)
    next_part = 0
    try:
        for fut in pending:
            i = futures.pop(fut)
            try:
                results = fut.result()
            except Exception as exc:  # noqa: BLE001 - a lost worker or a failed task
                failures[i] += 1
                if failures[i] > resubmit:
                    raise RuntimeError(
                        f"batch {i} (seeds {parts[i][0][2]}-{parts[i][-1][2]}) failed "
                        f"{failures[i]} times on the cluster; last error: "
                        f"{type(exc).__name__}: {exc}"
                    ) from exc
                print(
                    f"dask: batch {i} failed ({type(exc).__name__}); trying again",
                    file=sys.stderr,
                )
                again = client.submit(play_batch, parts[i], pure=False, retries=retries)
                futures[again] = i
                pending.add(again)
                continue
            if i in done or i < next_part:
                continue  # a batch is taken once, however often it ran
            done[i] = results
            if tick:
                tick(len(results))
            while next_part in done:
                yield from done.pop(next_part)
                next_part += 1
    finally:
        for fut in futures:
            fut.cancel()


def _cpu_seconds() -> float:
    """CPU time of this process so far (user + system), for a worker's share of a run."""
    import resource

    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


__all__ = [
    "DaskMissing",
    "batch_size",
    "connect",
    "dashboard_link",
    "play_batch",
    "run_batches",
    "split",
    "worker_count",
]
