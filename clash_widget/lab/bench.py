"""Benchmarks: rules speed, listing speed, state size (JSON lines, never asserted in tests).

Wall-clock numbers are the headline metrics. On a machine shared with other work
they swing with the load, so the ``*_cpu*`` metrics repeat them in this
process's CPU time, which other processes disturb far less.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator
from typing import Any

from ..bots import make_bot
from ..engine import get_spec
from .bench_probe import mid_game
from .selfplay import play_game, run


def metric(name: str, value: float, unit: str) -> dict[str, Any]:
    return {"metric": name, "value": round(value, 4), "unit": unit}


def rules_bench(
    game: str = "coc",
    seconds: float = 3.0,
    workers: int = 2,
    *,
    coverage_games: int = 100,
    search_games: int = 4,
    dask: bool = True,
) -> Iterator[dict]:
    players = get_spec(game).bench_players
    t0, c0 = time.perf_counter(), time.process_time()
    n_games = n_actions = 0
    seed = 1000
    while time.perf_counter() - t0 < seconds:
        r = play_game(game, players, seed, ["random"], check_invariants=False)
        n_games += 1
        n_actions += r.actions
        seed += 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    yield metric("actions_per_s", n_actions / dt, "actions/s")
    yield metric("actions_per_cpu_s", n_actions / cpu, "actions per CPU second")
    yield metric("games_per_s", n_games / dt, f"{players}-player games/s, one core")
    if workers > 1:
        t1 = time.perf_counter()
        res = run(game, players, n_games * workers, 5000, workers=workers)
        yield metric(
            f"games_per_s_workers_{workers}",
            len(res) / (time.perf_counter() - t1),
            f"{players}-player games/s",
        )
    if dask:
        yield from _dask_rate(game, players, max(20, n_games * max(2, workers)), max(2, workers))
    timings = []
    cpu_timings = []
    sizes = []
    for s in range(20):
        m = mid_game(game, players, 77 + s)
        for _ in range(20):
            t, c = time.perf_counter(), time.process_time()
            m.game.legal_actions(m.state)
            cpu_timings.append((time.process_time() - c) * 1000)
            timings.append((time.perf_counter() - t) * 1000)
        sizes.append(len(json.dumps(m.state)) / 1024)
    timings.sort()
    cpu_timings.sort()
    yield metric("legal_actions_p50_ms", statistics.median(timings), "ms")
    yield metric("legal_actions_p99_ms", timings[int(len(timings) * 0.99) - 1], "ms")
    yield metric(
        "legal_actions_p99_cpu_ms", cpu_timings[int(len(cpu_timings) * 0.99) - 1], "ms of CPU time"
    )
    yield metric("state_json_kb", statistics.median(sizes), f"KB ({players}-player mid-game)")
    heur = _heuristic_rate(game)
    if heur is not None:
        yield heur
    yield from _search_rates(game)
    if coverage_games:
        yield from _coverage(game, coverage_games)
    if search_games:
        yield from _search_vs_heuristic(game, search_games)


def _dask_rate(game: str, players: int, games: int, workers: int) -> Iterator[dict[str, Any]]:
    """Random games on a LocalCluster, timed once the cluster is up (start-up apart)."""
    try:
        from .distributed import connect
    except ImportError:  # pragma: no cover
        return
    try:
        t0 = time.perf_counter()
        with connect("local", workers, dashboard=None) as client:
            client.wait_for_workers(workers)
            started = time.perf_counter() - t0
            run(game, players, workers, 9000, client=client, batch=1)  # warm the workers
            t1 = time.perf_counter()
            res = run(game, players, games, 5000, client=client)
            rate = len(res) / (time.perf_counter() - t1)
    except Exception as exc:  # noqa: BLE001 - Dask missing or a cluster that cannot start
        yield {"metric": "dask_games_per_s", "value": None, "unit": f"not measured: {exc}"}
        return
    yield metric(
        "dask_games_per_s",
        rate,
        f"{players}-player games/s on a LocalCluster of {workers} workers ({games} games)",
    )
    yield metric("dask_start_s", started, f"s to start the LocalCluster of {workers} workers")


def _coverage(game: str, games: int) -> Iterator[dict[str, Any]]:
    """Four-player heuristic games: battles per game and the share of mechanics covered."""
    from .metrics import coverage, mechanics_of

    if not mechanics_of(game):
        return
    try:
        make_bot("heuristic", game, 0)
    except KeyError:
        return
    res = [r.to_dict() for r in run(game, 4, games, 3000, bots=["heuristic"])]
    cov = coverage(res)
    battles = cov["mechanics"].get("battle", {}).get("mean_per_game", 0.0)
    yield metric("heuristic_battles_per_game", battles, f"battles per 4-player game ({games})")
    yield metric(
        "mechanics_covered",
        cov["covered"],
        f"share of the mechanics seen in at least half of {games} 4-player heuristic games",
    )


def _search_vs_heuristic(game: str, games: int) -> Iterator[dict[str, Any]]:
    """Two-player games, each bot in each seat in turn; the search bot thinks 0.1 s a move."""
    from .metrics import bot_win_rates

    try:
        make_bot("heuristic", game, 0)
    except KeyError:
        return
    spec = "search:seconds=0.1"
    res = [r.to_dict() for r in run(game, 2, games, 4000, bots=["heuristic", spec], rotate=True)]
    rate = bot_win_rates(res)[spec]
    lo, hi = rate["ci95"]
    yield metric(
        "search_vs_heuristic_win_rate",
        rate["rate"],
        f"share of {games} 2-player games won by {spec} against the heuristic "
        f"(both seatings; 95% interval {lo:.2f}-{hi:.2f})",
    )


def _heuristic_rate(game: str) -> dict[str, Any] | None:
    try:
        bot = make_bot("heuristic", game, 1)
    except (KeyError, ImportError, AttributeError):
        return None
    m = mid_game(game, 2, 5, steps=100)
    t0 = time.perf_counter()
    n = 0
    while time.perf_counter() - t0 < 1.0 and not m.is_over:
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
        n += 1
    return metric("heuristic_decisions_per_s", n / (time.perf_counter() - t0), "decisions/s")


def _search_rates(game: str, seconds: float = 2.0) -> Iterator[dict[str, Any]]:
    """Search-bot playouts per second and seconds per searched decision (default budget)."""
    from ..bots.search import SearchBot

    bot = SearchBot(1, seconds=None)
    m = mid_game(game, 2, 5, steps=100)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds and not m.is_over:
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    st = bot.stats()
    if st["searched"]:
        yield metric("search_playouts_per_s", st["playouts"] / st["seconds"], "playouts/s")
        yield metric(
            "search_seconds_per_decision",
            st["seconds"] / st["searched"],
            f"s per searched decision ({bot.playouts} playouts of {bot.depth} steps)",
        )


# -- bench --against REV: this checkout beside a reference revision -------------------------

AGAINST_NOTE = (
    "CPU time of each measuring process (time.process_time), median of {runs} runs; the two "
    "checkouts' runs alternate in one pool of {workers} processes, so the load of a shared "
    "machine falls on both alike and the ratio (this / reference) is what to read, not the "
    "absolute figures"
)
_LOWER_IS_BETTER = ("_ms", "_kb")


def _probe_tasks(games: list[str], scale: float) -> list[dict[str, Any]]:
    """The measurements of one run: fixed work (seeds, positions, decisions) per game."""
    tasks: list[dict[str, Any]] = []
    for g in games:
        players = get_spec(g).bench_players
        tasks.append(
            {"measure": "actions", "game": g, "players": players, "games": max(1, round(8 * scale))}
        )
        tasks.append(
            {
                "measure": "listing",
                "game": g,
                "players": players,
                "positions": max(2, round(20 * scale)),
                "repeats": 20,
            }
        )
        tasks.append({"measure": "search", "game": g, "decisions": max(2, round(12 * scale))})
    return tasks


def _reference_checkout(rev: str, into: str) -> str:
    """The package at ``rev`` (``git archive``), unpacked under ``into``; returns its root."""
    import io
    import subprocess
    import tarfile
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    data = subprocess.run(
        ["git", "-C", str(repo), "archive", "--format=tar", rev, "clash_widget"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def _run_probe(root: str, task: dict[str, Any], probe: str) -> dict[str, float]:
    import os
    import subprocess
    import sys

    env = dict(os.environ, PYTHONPATH=root, PYTHONHASHSEED="0")
    out = subprocess.run(
        [sys.executable, probe, json.dumps(task)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def against_bench(
    rev: str,
    games: list[str] | None = None,
    runs: int = 3,
    workers: int = 2,
    scale: float = 1.0,
) -> Iterator[dict[str, Any]]:
    """Each measurement for this checkout and for ``rev``, alternated in one process pool;
    yields one line per figure: this checkout's median, the reference's, and the ratio."""
    import shutil
    import tempfile
    from concurrent.futures import ThreadPoolExecutor
    from pathlib import Path

    from ..engine.registry import GAMES

    here = str(Path(__file__).resolve().parents[2])
    games = games or list(GAMES)
    tasks = _probe_tasks(games, scale)
    yield {"note": AGAINST_NOTE.format(runs=runs, workers=workers), "against": rev}
    with tempfile.TemporaryDirectory(prefix="bench-against-") as tmp:
        ref = _reference_checkout(rev, str(Path(tmp) / "reference"))
        # This checkout as it is now: editing files during the run changes nothing measured.
        this = str(Path(tmp) / "this")
        shutil.copytree(
            Path(here) / "clash_widget",
            Path(this) / "clash_widget",
            ignore=shutil.ignore_patterns("__pycache__", "static"),
        )
        sides = {"this": this, "reference": ref}
        probe = str(Path(this) / "clash_widget" / "lab" / "bench_probe.py")  # both sides
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = []
            for r in range(runs):
                order = ("reference", "this") if r % 2 == 0 else ("this", "reference")
                for i, task in enumerate(tasks):
                    for side in order:
                        run = pool.submit(_run_probe, sides[side], dict(task), probe)
                        futures.append((side, i, run))
            results: dict[tuple[str, int], list[dict[str, float]]] = {}
            for side, i, fut in futures:
                results.setdefault((side, i), []).append(fut.result())
    for i, task in enumerate(tasks):
        for name in results[("this", i)][0]:
            if name == "actions":
                continue
            ours = statistics.median(x[name] for x in results[("this", i)])
            reference = statistics.median(x[name] for x in results[("reference", i)])
            lower = name.endswith(_LOWER_IS_BETTER)
            yield {
                "metric": f"{task['game']}.{name}",
                "value": round(ours, 4),
                "reference": round(reference, 4),
                "ratio": round(ours / reference, 3) if reference else None,
                "better": "lower" if lower else "higher",
            }
