"""Self-play on Dask distributed: the same games as the serial run, none lost, none twice."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys

import pytest

from clash_widget.__main__ import main
from clash_widget.lab import distributed
from clash_widget.lab.selfplay import run, summary

dd = pytest.importorskip("dask.distributed")

SPEC = {"game": "coc", "players": [2, 3], "games": 6, "seed": 21, "rotate": True}
BOTS = ["random", "heuristic"]


@pytest.fixture(scope="module")
def serial():
    return run(bots=BOTS, **SPEC)


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of two single-threaded worker processes, as the CI runs it."""
    with (
        dd.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as c,
        dd.Client(c) as client,
    ):
        yield client


def test_local_cluster_plays_the_serial_games(serial, cluster):
    on_dask = run(bots=BOTS, client=cluster, batch=2, **SPEC)
    assert [r.seed for r in on_dask] == [r.seed for r in serial]
    assert [r.final_hash for r in on_dask] == [r.final_hash for r in serial]
    assert summary(on_dask) == summary(serial)


def test_a_killed_worker_loses_no_game(serial, cluster):
    """Kill one worker process as soon as the first batch is back: its batches are played
    again elsewhere, every game comes back once, and the games are the serial ones."""
    pids = cluster.run(os.getpid)
    killed: list[int] = []

    def kill_one(n: int) -> None:
        if not killed:
            pid = sorted(pids.values())[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    jobs = [("coc", g, s, b, None) for g, s, b in _jobs(serial)]
    results = list(distributed.run_batches(jobs, cluster, batch=1, tick=kill_one))
    assert killed
    assert [r.seed for r in results] == [r.seed for r in serial]  # none lost, none twice
    assert [r.final_hash for r in results] == [r.final_hash for r in serial]


def _jobs(results):
    return [(r.players, r.seed, r.bots) for r in results]


def test_a_failing_batch_is_tried_again_and_counted_once(serial, monkeypatch, tmp_path):
    """A task that fails (not only a lost worker) is submitted again; its games are
    counted once. A threads-only cluster lets the test make the first attempt fail
    (Dask copies the task's function, so the attempts are counted in a file)."""
    real = distributed.play_batch
    bad_seed = serial[2].seed
    log = tmp_path / "attempts"

    def flaky(jobs):
        if jobs[0][2] == bad_seed:
            with open(log, "a") as f:
                f.write("x")
            if log.read_text() == "x":
                raise ConnectionError("worker lost")
        return real(jobs)

    monkeypatch.setattr(distributed, "play_batch", flaky)
    with (
        dd.LocalCluster(
            n_workers=1, processes=False, dashboard_address=None, silence_logs=logging.ERROR
        ) as c,
        dd.Client(c) as client,
    ):
        jobs = [("coc", g, s, b, None) for g, s, b in _jobs(serial)]
        results = list(distributed.run_batches(jobs, client, batch=1, retries=0))
    assert log.read_text() == "xx"  # failed once, submitted again once
    assert [r.final_hash for r in results] == [r.final_hash for r in serial]


def test_progress_ticks_add_up_to_the_games(serial, cluster):
    ticks: list[int] = []
    jobs = [("coc", g, s, b, None) for g, s, b in _jobs(serial)]
    results = list(distributed.run_batches(jobs, cluster, batch=4, tick=ticks.append))
    assert sum(ticks) == len(results) == len(serial) and sorted(ticks) == [2, 4]


def test_cli_runs_on_a_local_cluster(serial, capsys):
    args = ["selfplay", "--players", "2,3", "--games", "6", "--seed", "21", "--rotate"]
    args += ["--bots", ",".join(BOTS), "--no-progress"]
    assert main([*args, "--dask", "local", "--workers", "1", "--batch", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["final_hashes"] == [r.final_hash for r in serial]
    assert out == json.loads(json.dumps(summary(serial)))


def test_batches_cover_every_game_once():
    jobs = [("coc", 2, s, ["random"], None) for s in range(23)]
    parts = distributed.split(jobs, distributed.batch_size(len(jobs), 2))
    assert [j for p in parts for j in p] == jobs
    assert distributed.batch_size(10_000, 2) == 20 and distributed.batch_size(3, 8) == 1


def test_the_rules_never_import_dask():
    code = (
        "import sys, clash_widget, clash_widget.coc.game, clash_widget.bots.search, "
        "clash_widget.lab.selfplay, clash_widget.lab.metrics; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
