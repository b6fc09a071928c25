"""``python -m clash_widget bench --server --coach``: the coach as the classroom server runs it.

Starts ``python -m clash_widget serve`` in its own process (the default coach budgets) and,
over HTTP on 127.0.0.1:

1. **Hints**: a room of ``game`` with a person at the first seat and the rule-of-thumb bot at
   the second; the person asks for a hint at each of their decisions and plays the hinted
   move, ``hints`` times. Reports the hint's latency seen by the client (send to answer) and
   the coach's own time on the server, p50/p95, after the first two (which start the two
   hint workers, reported apart); with the coach in processes (the default) and in threads
   of the server (``--coach-workers 0``), on the same seeded positions.
2. **A review and the other rooms**: a room where two rule-of-thumb bots play a whole game;
   the teacher reviews the first seat's game while, in another room, a person moves
   (first legal move, as fast as answered). Reports the review's time, and that other
   room's move latency before and during the review (the coach works off the event loop:
   the figures say what that costs the other rooms on this machine), then the second open
   of the same review (served from the database).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from typing import Any

import httpx

from .process import ServerProcess

ARGS = ["--bot-delay", "0", "--actions-per-second", "1000", "--burst", "1000",
        "--hints-per-minute", "100000", "--hint-seconds", "60",
        "--log-level", "warning"]  # fmt: skip


def _pct(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 3)


def _room(
    http: httpx.Client, key: dict[str, str], game: str, bots: dict[str, str], seed: int = 1
) -> Any:
    spec = {"game": game, "players": 2, "bots": bots, "seed": seed}
    r = http.post("/api/rooms", headers=key, json=spec)
    r.raise_for_status()
    return r.json()


def _sit(http: httpx.Client, made: dict[str, Any], seat: int) -> dict[str, str]:
    claim = made["seats"][seat]["claim"]
    r = http.post(f"/api/rooms/{made['room']}/seats/{seat}", json={"name": "P", "claim": claim})
    r.raise_for_status()
    return {"Authorization": f"Bearer {r.json()['token']}"}


def _my_turn(http: httpx.Client, room: str, auth: dict[str, str]) -> dict[str, Any] | None:
    """The seat's view once it is to decide (None: the game is over)."""
    for _ in range(6000):
        view = http.get(f"/api/rooms/{room}/view", headers=auth).json()
        if http.get(f"/api/rooms/{room}").json()["over"]:
            return None
        if view["current_player"] == view["seat"] and view["legal"]:
            return view
        time.sleep(0.01)
    return None


WARM = 2  # the first hints, one per hint worker, start the workers


def _hints(
    http: httpx.Client, key: dict[str, str], game: str, hints: int, where: str
) -> dict[str, Any]:
    made = _room(http, key, game, {"1": "heuristic"})
    auth = _sit(http, made, 0)
    room = made["room"]
    client: list[float] = []
    server: list[float] = []
    errors: list[str | None] = []
    while len(client) < hints + WARM:
        view = _my_turn(http, room, auth)
        if view is None:  # the game ended: a new one
            made = _room(http, key, game, {"1": "heuristic"}, seed=len(client) + 2)
            auth, room = _sit(http, made, 0), made["room"]
            continue
        t = time.perf_counter()
        answer = http.post(
            f"/api/rooms/{room}/seats/0/hint", headers=auth, json={"version": view["version"]}
        ).json()
        if not answer.get("ok"):
            errors.append(answer.get("rule"))
            move = view["legal"][0]["key"]
        else:
            if len(view["legal"]) > 1:  # one legal move is not searched: not a hint's cost
                client.append(time.perf_counter() - t)
                server.append(answer["seconds"])
            move = answer["hint"]["key"]
        http.post(
            f"/api/rooms/{room}/actions",
            headers=auth,
            json={"key": move, "version": view["version"]},
        )
    # The first hint of each of the two workers starts it (a process: Python and the coach's
    # imports): reported apart, the percentiles are of the hints after them.
    cold, client, server = client[:WARM], client[WARM:], server[WARM:]
    return {
        "what": "hints",
        "coach_in": where,
        "game": game,
        "hints": len(client),
        "first_hints_s": [round(x, 3) for x in cold],
        "client_p50_s": _pct(client, 0.5),
        "client_p95_s": _pct(client, 0.95),
        "coach_p50_s": _pct(server, 0.5),
        "coach_p95_s": _pct(server, 0.95),
        "refused": errors,
    }


def _moves_for(http: httpx.Client, room: str, auth: dict[str, str], seconds: float) -> list[float]:
    """A person plays their first legal move as fast as answered, for ``seconds``; each move's
    round trip."""
    out: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        view = _my_turn(http, room, auth)
        if view is None:
            break
        t = time.perf_counter()
        http.post(
            f"/api/rooms/{room}/actions",
            headers=auth,
            json={"key": view["legal"][0]["key"], "version": view["version"]},
        )
        out.append(time.perf_counter() - t)
    return out


def _review(http: httpx.Client, key: dict[str, str], game: str, quiet: float) -> dict[str, Any]:
    bots = _room(http, key, game, {"0": "heuristic", "1": "heuristic"})
    room = bots["room"]
    while not http.get(f"/api/rooms/{room}").json()["over"]:
        time.sleep(0.2)
    moves = http.get(f"/api/rooms/{room}", headers=key).json()["version"]
    other = _room(http, key, game, {"1": "random"})
    auth = _sit(http, other, 0)
    before = _moves_for(http, other["room"], auth, quiet)
    url = f"/api/rooms/{room}/seats/0/review"
    t = time.perf_counter()
    http.post(url, headers=key, json={}).raise_for_status()
    during: list[float] = []
    while True:
        state = http.get(url, headers=key).json()
        if state["state"] not in ("queued", "running"):
            break
        during += _moves_for(http, other["room"], auth, 1.0)
    wall = time.perf_counter() - t
    t = time.perf_counter()
    again = http.post(url, headers=key, json={}).json()
    second = time.perf_counter() - t
    return {
        "what": "review",
        "game": game,
        "actions": moves,
        "decisions": state.get("total"),
        "state": state["state"],
        "review_s": round(state.get("seconds", wall), 2),
        "wall_s": round(wall, 2),
        "second_open_s": round(second, 3),
        "second_open_cached": again.get("cached"),
        "other_room_moves_before": len(before),
        "other_room_p50_ms_before": _ms(_pct(before, 0.5)),
        "other_room_p95_ms_before": _ms(_pct(before, 0.95)),
        "other_room_moves_during": len(during),
        "other_room_p50_ms_during": _ms(_pct(during, 0.5)),
        "other_room_p95_ms_during": _ms(_pct(during, 0.95)),
        "other_room_mean_ms_during": _ms(statistics.fmean(during) if during else None),
    }


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(1000 * seconds, 1)


def server_coach_bench(
    game: str = "coc", hints: int = 30, review: bool = True, quiet: float = 10.0
) -> Iterator[dict[str, Any]]:
    """Hints with the coach in its worker processes (the default) and in threads of the
    server (``--coach-workers 0``), the same positions (seeded rooms); then a review."""
    for where, extra in (("processes", []), ("threads", ["--coach-workers", "0"])):
        with ServerProcess(args=ARGS + extra) as server:
            key = {"Authorization": f"Bearer {server.key}"}
            with httpx.Client(base_url=server.url, timeout=600) as http:
                yield _hints(http, key, game, hints, where)
                if review and where == "processes":
                    yield _review(http, key, game, quiet)
