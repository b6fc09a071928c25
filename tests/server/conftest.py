"""Fixtures of the classroom-server tests: an app on a temporary SQLite file, a frozen clock."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the classroom server needs the [server] extra")
# Starlette >= 1.0 would rather its TestClient ran on "httpx2"; httpx still works.
warnings.filterwarnings("ignore", message=".*httpx.*")

from starlette.testclient import TestClient  # noqa: E402

from clash_widget.server.app import create_app  # noqa: E402
from clash_widget.server.rooms import Limits  # noqa: E402

KEY = "the-teacher-key-of-the-tests"  # the server-wide teacher key every test server is given
KEY_HEADER = {"Authorization": f"Bearer {KEY}"}


def new_app(db, **kw):
    """The app on ``db`` with the tests' teacher key (keyword arguments as create_app's);
    it also answers to "testserver", the name Starlette's test client sends."""
    kw.setdefault("allowed_hosts", ["testserver"])
    return create_app(db, teacher_key=KEY, **kw)


def create_room(client, spec: dict[str, Any]) -> Any:
    """POST /api/rooms with the teacher key (the response, whatever its status)."""
    return client.post("/api/rooms", json=spec, headers=KEY_HEADER)


def claim(client, body: dict[str, Any], seat: int, name: str | None = "P") -> Any:
    """Sit down at ``seat`` of a room just made (its creation's answer ``body``) with the
    seat's claim secret, as its join link does (the response, whatever its status)."""
    secret = body["seats"][seat]["claim"]
    return client.post(
        f"/api/rooms/{body['room']}/seats/{seat}", json={"name": name, "claim": secret}
    )


class FrozenClock:
    """A clock that moves only when the test says so (rate limits without timing)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Table:
    """A room with every person's seat claimed: its code, the teacher's and the seats' secrets."""

    client: TestClient
    room: str
    teacher: str
    tokens: list[str | None] = field(default_factory=list)
    claims: list[str | None] = field(default_factory=list)

    def auth(self, token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def view(self, token: str | None) -> dict[str, Any]:
        r = self.client.get(f"/api/rooms/{self.room}/view", headers=self.auth(token))
        assert r.status_code == 200, r.text
        return r.json()

    def act(self, token: str | None, key: str, version: int) -> Any:
        return self.client.post(
            f"/api/rooms/{self.room}/actions",
            headers=self.auth(token),
            json={"key": key, "version": version},
        )

    def play_one(self) -> dict[str, Any]:
        """The person to move plays their first legal action; returns the answer."""
        v = self.view(self.teacher)
        token = self.tokens[v["current_player"]]
        mine = self.view(token)
        r = self.act(token, mine["legal"][0]["key"], mine["version"])
        assert r.status_code == 200 and r.json()["ok"], r.text
        return r.json()


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock()


@pytest.fixture
def limits() -> Limits:
    return Limits(bot_delay=0.0, burst=100, actions_per_second=100.0)


@pytest.fixture
def client(tmp_path, clock, limits):
    app = new_app(tmp_path / "rooms.sqlite", limits=limits, clock=clock)
    with TestClient(app) as c:
        yield c


def make_table(
    client: TestClient, game: str = "history", players: int = 2, seed: int = 7, bots=None
) -> Table:
    spec = {"game": game, "players": players, "seed": seed, "options": {}, "bots": bots or {}}
    r = create_room(client, spec)
    assert r.status_code == 201, r.text
    body = r.json()
    tokens: list[str | None] = []
    for s in body["seats"]:
        if s["bot"]:
            tokens.append(None)
            continue
        c = claim(client, body, s["seat"])
        assert c.status_code == 200, c.text
        tokens.append(c.json()["token"])
    claims = [s["claim"] for s in body["seats"]]
    return Table(client, body["room"], body["teacher"], tokens, claims)


@pytest.fixture
def table(client) -> Table:
    return make_table(client)


class LiveServer:
    """The app on a real uvicorn in a thread (one event loop, real sockets) on a free port."""

    def __init__(self, app) -> None:
        import threading

        import uvicorn

        self.app = app
        config = uvicorn.Config(
            app, host="127.0.0.1", port=0, log_level="warning", ws_max_size=1 << 20
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        import time

        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        sock = self.server.servers[0].sockets[0]
        self.port = sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"

    def ws_url(self, room: str) -> str:
        return f"ws://127.0.0.1:{self.port}/api/rooms/{room}/ws"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def live(tmp_path, clock, limits):
    import httpx

    server = LiveServer(new_app(tmp_path / "rooms.sqlite", limits=limits, clock=clock))
    server.http = httpx.Client(base_url=server.base, timeout=30)
    yield server
    server.http.close()
    server.stop()
