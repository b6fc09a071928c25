"""Nothing lost: SIGKILL a real ``python -m clash_widget serve`` and start it again on the
same database; every room is at the state hash of its last acknowledged action."""

from __future__ import annotations

import threading

import httpx
import pytest

from clash_widget.engine import Match
from clash_widget.server.process import ServerProcess

FAST = ["--bot-delay", "0", "--actions-per-second", "1000", "--burst", "1000"]


class Room:
    def __init__(self, http: httpx.Client, game: str, seed: int, key: str) -> None:
        spec = {"game": game, "players": 2, "seed": seed}
        body = http.post("/api/rooms", json=spec, headers={"Authorization": f"Bearer {key}"})
        body = body.json()
        self.http, self.id, self.teacher = http, body["room"], body["teacher"]
        self.tokens = [
            http.post(
                f"/api/rooms/{self.id}/seats/{s}",
                json={"name": f"P{s}", "claim": body["seats"][s]["claim"]},
            ).json()["token"]
            for s in (0, 1)
        ]

    def h(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def snapshot(self) -> tuple[str, int]:
        """(state hash, version) of the room's game file, verified by Match.from_json."""
        r = self.http.get(f"/api/rooms/{self.id}/game", headers=self.h(self.teacher))
        r.raise_for_status()
        m = Match.from_json(r.text)
        return m.state_hash(), m.version

    def play_one(self) -> int:
        """The person to move plays their first legal move; the acknowledged version."""
        v = self.http.get(f"/api/rooms/{self.id}/view", headers=self.h(self.teacher)).json()
        token = self.tokens[v["current_player"]]
        mine = self.http.get(f"/api/rooms/{self.id}/view", headers=self.h(token)).json()
        r = self.http.post(
            f"/api/rooms/{self.id}/actions",
            headers=self.h(token),
            json={"key": mine["legal"][0]["key"], "version": mine["version"]},
        ).json()
        assert r["ok"], r
        return int(r["version"])


@pytest.fixture
def server(tmp_path):
    with ServerProcess(tmp_path / "rooms.sqlite", args=FAST) as s:
        yield s


def test_sigkill_after_acknowledged_actions_loses_nothing(server):
    http = httpx.Client(base_url=server.url, timeout=30)
    games = (("history", 1), ("secolo", 2), ("coc", 3))
    rooms = [Room(http, g, seed, server.key) for g, seed in games]
    acked = {}
    for room in rooms:
        for _ in range(4):
            room.play_one()
        acked[room.id] = room.snapshot()
    server.kill()
    server.start()
    for room in rooms:
        assert room.snapshot() == acked[room.id]
        room.play_one()  # the seats' secrets still hold
    secrets_ = [s for r in rooms for s in (r.teacher, *r.tokens)]
    assert not [s for s in secrets_ if s in server.log()]
    assert server.log().count(server.key) == 1  # printed once, at the first start only


def test_sigkill_in_the_middle_of_a_stream_of_actions(server):
    """Actions keep coming while the server is killed: after the restart the room holds
    every acknowledged action, and at most the one whose answer never arrived."""
    http = httpx.Client(base_url=server.url, timeout=30)
    room = Room(http, "history", 5, server.key)
    acked: list[int] = []  # every acknowledged version, in order
    snapshots: dict[int, tuple[str, int]] = {}  # version -> (hash, version) read back
    stop = threading.Event()

    def play() -> None:
        while not stop.is_set():
            try:
                acked.append(room.play_one())
                snap = room.snapshot()
                snapshots[snap[1]] = snap
            except (httpx.HTTPError, ValueError, KeyError):
                return

    t = threading.Thread(target=play)
    t.start()
    while len(acked) < 5 and t.is_alive():
        stop.wait(0.05)
    server.kill()
    stop.set()
    t.join(30)
    server.start()
    hash_now, version_now = room.snapshot()
    assert version_now in (acked[-1], acked[-1] + 1)  # +1: committed, answer lost in the kill
    if version_now in snapshots:
        assert snapshots[version_now] == (hash_now, version_now)
    room.play_one()  # and the game goes on from there
