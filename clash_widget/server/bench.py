"""``python -m clash_widget bench --server``: many rooms of WebSocket clients on one server.

Starts ``python -m clash_widget serve`` in its own process (default limits except the
per-connection rate, bots off), creates ``rooms`` rooms of ``seats`` seats and connects
one client per seat over 127.0.0.1. Each client, when its pushed view says it is to
move, sends a random legal move; the latency is from the send to the pushed view of
the new version. When a game ends, its room's clients start a new room. Prints JSON:
actions/s served, p50/p99 latency, the server's memory (RSS), errors, and beside them
the engine's own time for the same kind of move in this process (play + every seat's
view), and a local widget click side by side: the game's notebook widget in this process,
a random legal move sent through its ``intent`` trait as the board sends it, timed until
Python has answered with the new view (everything but the browser's drawing).

``paced`` measures a classroom's load rather than saturation: each seat, when it is to
move, waits an exponential gap (mean ``gap`` seconds, as a person thinks) before its move,
and the latency is from the send to each *other* seat's pushed view of the new version
(what a learner waits for to see a classmate's move); p50/p95/p99 and memory per room.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from clash_widget.engine import Match
from clash_widget.engine.registry import get_spec
from clash_widget.engine.spec import resolve

from .own_loop import run_in_own_loop
from .process import ServerProcess

ARGS = ["--actions-per-second", "1000", "--burst", "1000", "--bot-delay", "0", "--max-rooms",
        "100000", "--log-level", "warning"]  # fmt: skip


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.sent: dict[tuple[str, int], tuple[int, float]] = {}  # (room, version) -> seat, t
        self.errors: list[str] = []
        self.stale = 0
        self.games_finished = 0
        self.rooms = 0


def _pct(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 2)


async def _post(
    host: str, port: int, path: str, body: dict[str, Any], token: str | None = None
) -> dict[str, Any]:
    """A tiny HTTP/1.1 POST (no client library needed on the bench side)."""
    data = json.dumps(body).encode()
    reader, writer = await asyncio.open_connection(host, port)
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    writer.write(
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n{auth}"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode()
        + data
    )
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    if status >= 300:
        raise RuntimeError(f"POST {path}: {status} {payload[:200]!r}")
    return dict(json.loads(payload))


async def _room(port: int, key: str, game: str, seats: int, seed: int) -> tuple[str, list[str]]:
    """A new room (with the teacher key) and every seat taken through its link's claim."""
    spec = {"game": game, "players": seats, "seed": seed}
    body = await _post("127.0.0.1", port, "/api/rooms", spec, key)
    tokens = []
    for s in range(seats):
        claim = {"name": f"Bench {s + 1}", "claim": body["seats"][s]["claim"]}
        claimed = await _post("127.0.0.1", port, f"/api/rooms/{body['room']}/seats/{s}", claim)
        tokens.append(claimed["token"])
    return body["room"], tokens


async def _client(
    port: int, room: str, token: str, rng: random.Random, stats: Stats, end: float
) -> bool:
    """One seat until ``end`` or the game's end; True if the game ended."""
    from websockets.asyncio.client import connect

    url = f"ws://127.0.0.1:{port}/api/rooms/{room}/ws"
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"token": token}))
        sent: tuple[int, float] | None = None
        while time.monotonic() < end:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, end - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] == "result":
                if not msg["ok"]:
                    if msg.get("rule") == "engine.stale":
                        stats.stale += 1
                    else:
                        stats.errors.append(f"{msg.get('rule')}: {msg.get('reason')}")
                    sent = None
                continue
            if msg["type"] != "view":
                stats.errors.append(str(msg)[:200])
                continue
            view = msg["view"]
            if sent is not None and msg["version"] > sent[0]:
                stats.latencies.append(time.perf_counter() - sent[1])
                sent = None
            if view.get("over"):
                return True
            if sent is None and view.get("current_player") == msg["seat"] and view["legal"]:
                key = rng.choice(view["legal"])["key"]
                sent = (msg["version"], time.perf_counter())
                await ws.send(json.dumps({"key": key, "version": msg["version"]}))
    return False


async def _paced_client(
    port: int,
    room: str,
    seat: int,
    token: str,
    rng: random.Random,
    stats: Stats,
    end: float,
    gap: float,
) -> bool:
    """One seat of a paced room: it moves after an exponential pause when it is to move;
    the latency counted is from a classmate's send to this seat's pushed view of it."""
    from websockets.asyncio.client import connect

    url = f"ws://127.0.0.1:{port}/api/rooms/{room}/ws"
    mover: asyncio.Task[None] | None = None
    async with connect(url, max_size=None) as ws:

        async def move_later(version: int, key: str) -> None:
            await asyncio.sleep(rng.expovariate(1.0 / gap))
            stats.sent[(room, version + 1)] = (seat, time.perf_counter())
            await ws.send(json.dumps({"key": key, "version": version}))

        await ws.send(json.dumps({"token": token}))
        try:
            while time.monotonic() < end:
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic()))
                except TimeoutError:
                    break
                msg = json.loads(raw)
                if msg["type"] == "result":
                    if not msg["ok"] and msg.get("rule") != "engine.stale":
                        stats.errors.append(f"{msg.get('rule')}: {msg.get('reason')}")
                    continue
                if msg["type"] != "view":
                    stats.errors.append(str(msg)[:200])
                    continue
                sent = stats.sent.get((room, msg["version"]))
                if sent is not None and sent[0] != seat:
                    stats.latencies.append(time.perf_counter() - sent[1])
                view = msg["view"]
                if view.get("over"):
                    return True
                if view.get("current_player") == seat and view["legal"]:
                    if mover is None or mover.done():
                        key = rng.choice(view["legal"])["key"]
                        mover = asyncio.create_task(move_later(msg["version"], key))
        finally:
            if mover is not None:
                mover.cancel()
    return False


SeatPlayer = Callable[[str, int, str, random.Random], Awaitable[bool]]
"""One seat's client in a room: ``(room, seat, token, rng)`` -> whether the game ended."""


async def _table(
    port: int, key: str, game: str, seats: int, seed: int, stats: Stats, end: float,
    play: SeatPlayer,
) -> None:  # fmt: skip
    """One room's clients; a new room whenever a game ends, until ``end``."""
    rng = random.Random(seed)
    while time.monotonic() < end:
        room, tokens = await _room(port, key, game, seats, seed)
        stats.rooms += 1
        try:
            done = await asyncio.gather(
                *(play(room, s, t, random.Random(rng.random())) for s, t in enumerate(tokens))
            )
        except Exception as exc:  # a dropped connection is an error of the run, not a crash
            stats.errors.append(f"{type(exc).__name__}: {exc}")
            return
        if any(done):
            stats.games_finished += 1
        seed += 1000


def _engine_baseline(game: str, seats: int, seconds: float = 2.0) -> dict[str, Any]:
    """The engine's time for one random move plus every seat's view, in this process."""
    rng = random.Random(1)
    times: list[float] = []
    end = time.monotonic() + seconds
    m = Match.new(game, seats, 1, keep_undo=False)
    while time.monotonic() < end:
        if m.is_over:
            m = Match.new(game, seats, rng.randrange(10**6), keep_undo=False)
        t0 = time.perf_counter()
        m.play(rng.choice(m.legal_actions()))
        for s in range(seats):
            m.view(s)
        times.append(time.perf_counter() - t0)
    return {
        "engine_move_and_views_ms_p50": _pct(times, 0.5),
        "engine_move_and_views_ms_p99": _pct(times, 0.99),
    }


def _widget_baseline(game: str, seats: int, seconds: float = 2.0) -> dict[str, Any]:
    """A local widget click in this process: intent in, new view out (no browser)."""
    path = get_spec(game).widget
    if path is None:
        return {}
    widget_class = resolve(path)  # by its registered path: the server imports no widget
    rng = random.Random(2)
    times: list[float] = []
    end = time.monotonic() + seconds
    w = widget_class(players=seats, seed=1, hotseat=True)
    while time.monotonic() < end:
        m = w.match
        if m.is_over:
            w = widget_class(players=seats, seed=rng.randrange(10**6), hotseat=True)
            continue
        key = str(rng.choice(m.legal_actions()))
        seq = int(w.intent.get("seq", 0)) + 1 if w.intent else 1
        t0 = time.perf_counter()
        w.intent = {"seq": seq, "version": m.version, "type": "act", "key": key}
        times.append(time.perf_counter() - t0)
    return {
        "local_widget_click_ms_p50": _pct(times, 0.5),
        "local_widget_click_ms_p99": _pct(times, 0.99),
    }


def _rss_mb(pid: int) -> float | None:
    """The resident memory of a process in MiB (Linux /proc; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def server_bench(
    rooms: int = 50,
    seats: int = 4,
    seconds: float = 60.0,
    game: str = "secolo",
    sync: str = "FULL",
    paced: bool = False,
    gap: float = 2.0,
) -> Iterator[dict[str, Any]]:
    """Yield one JSON-ready dict of measurements (``paced``: a classroom's load, each seat
    moving after an exponential pause of mean ``gap`` seconds)."""
    stats = Stats()
    with ServerProcess(args=[*ARGS, "--sync", sync]) as server:
        assert server.proc is not None
        pid = server.proc.pid
        rss_start = _rss_mb(pid)

        async def run() -> float:
            t0 = time.monotonic()
            end = t0 + seconds
            port = server.port

            def play(room: str, seat: int, token: str, rng: random.Random) -> Awaitable[bool]:
                if paced:
                    return _paced_client(port, room, seat, token, rng, stats, end, gap)
                return _client(port, room, token, rng, stats, end)

            await asyncio.gather(
                *(
                    _table(port, server.key, game, seats, 1 + i, stats, end, play)
                    for i in range(rooms)
                )
            )
            return time.monotonic() - t0

        elapsed = run_in_own_loop(run)  # the caller's thread may run a loop already
        rss_end = _rss_mb(pid)
    n = len(stats.latencies)
    grown = rss_end - rss_start if rss_end is not None and rss_start is not None else None
    yield {
        "metric": "server_paced" if paced else "server",
        "mean_gap_s": gap if paced else None,
        "game": game,
        "rooms": rooms,
        "seats": seats,
        "seconds": round(elapsed, 1),
        "actions": n,
        "actions_per_s": round(n / elapsed, 1) if elapsed else None,
        "latency_ms_p50": _pct(stats.latencies, 0.5),
        "latency_ms_p95": _pct(stats.latencies, 0.95),
        "latency_ms_p99": _pct(stats.latencies, 0.99),
        "latency_ms_mean": round(statistics.fmean(stats.latencies) * 1000, 2) if n else None,
        "server_rss_mb_start": rss_start,
        "server_rss_mb_end": rss_end,
        "server_rss_mb_per_room": round(grown / stats.rooms, 2) if grown and stats.rooms else None,
        "rooms_created": stats.rooms,
        "games_finished": stats.games_finished,
        "stale_refusals": stats.stale,
        "errors": len(stats.errors),
        "first_errors": stats.errors[:3],
        "sqlite_synchronous": sync,
        **_engine_baseline(game, seats),
        **_widget_baseline(game, seats),
    }
