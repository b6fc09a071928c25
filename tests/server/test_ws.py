"""The room's WebSocket: per-seat pushes, hidden information on the wire, refusals that
keep the connection open."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from .conftest import make_table


class Socket:
    """A real WebSocket client with the few calls the tests use."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self._opened = ws_connect(url, additional_headers=headers, max_size=None)
        self.conn = self._opened.__enter__()

    def send_json(self, data: Any) -> None:
        self.conn.send(json.dumps(data))

    def send_text(self, text: str) -> None:
        self.conn.send(text)

    def send_bytes(self, data: bytes) -> None:
        self.conn.send(data)

    def receive_text(self) -> str:
        msg = self.conn.recv(timeout=30)
        return msg if isinstance(msg, str) else msg.decode()

    def receive_json(self) -> Any:
        return json.loads(self.receive_text())

    def __enter__(self) -> Socket:
        return self

    def __exit__(self, *exc: Any) -> None:
        self._opened.__exit__(*exc)


@pytest.fixture
def table(live):
    return make_table(live.http)


def connect(table, token: str | None = None, *, header: bool = False) -> Socket:
    url = str(table.client.base_url).replace("http", "ws", 1) + f"/api/rooms/{table.room}/ws"
    return Socket(url, table.auth(token) if header else None)


class Wire:
    """One connection: every raw text it received, and helpers to wait for a message
    (messages skipped while waiting for another stay available, in order)."""

    def __init__(self, ws: Socket, token: str | None = None) -> None:
        self.ws, self.raw = ws, []
        self.pending: list[dict[str, Any]] = []
        if token is not None:
            ws.send_json({"token": token})

    def next(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.raw.append(text)
        return json.loads(text)

    def until(self, pred) -> dict[str, Any]:
        for i, m in enumerate(self.pending):
            if pred(m):
                del self.pending[: i + 1]
                return m
        self.pending.clear()
        for _ in range(50):
            m = self.next()
            if pred(m):
                return m
            self.pending.append(m)
        raise AssertionError("no such message in 50")

    def view(self, version: int | None = None) -> dict[str, Any]:
        return self.until(
            lambda m: m["type"] == "view" and (version is None or m["version"] == version)
        )

    def result(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "result")


def test_each_seat_is_pushed_its_own_view_after_every_change(table):
    with connect(table, None) as a, connect(table, None) as b, connect(table, None) as t:
        wa, wb, wt = Wire(a, table.tokens[0]), Wire(b, table.tokens[1]), Wire(t, table.teacher)
        first = wa.view()
        assert first["seat"] == 0 and first["view"]["seat"] == 0
        assert wb.view()["seat"] == 1 and wt.view()["seat"] is None
        v = first["version"]
        mover = wa if first["view"]["current_player"] == 0 else wb
        key = mover.view(v)["view"]["legal"][0]["key"]
        mover.ws.send_json({"key": key, "version": v, "seq": 5})
        res = mover.result()
        assert res["ok"] is True and res["seq"] == 5 and res["version"] == v + 1
        for wire, seat in ((wa, 0), (wb, 1), (wt, None)):
            pushed = wire.view(v + 1)
            assert pushed["view"]["seat"] == seat and pushed["view"]["version"] == v + 1
            assert pushed["view"] == table.view(
                table.teacher if seat is None else table.tokens[seat]
            )


def test_hidden_information_never_reaches_another_seat_on_the_wire(table):
    """History: over several moves, no message to seat 0 names a card of seat 1's council
    (nor its last action's key), and the teacher's connection sees both councils."""
    with connect(table, None) as a, connect(table, None) as b, connect(table, None) as t:
        wires = {0: Wire(a, table.tokens[0]), 1: Wire(b, table.tokens[1])}
        wt = Wire(t, table.teacher)
        for _ in range(6):
            v = wt.view()
            teacher = v["view"]
            if teacher["over"]:
                break
            for seat, wire in wires.items():
                mine = wire.view(v["version"])
                text = json.dumps(mine)
                other = teacher["players"][1 - seat]["council"]
                assert other and mine["view"]["players"][1 - seat]["council"] is None
                for card in other:
                    assert f'"{card["id"]}"' not in text, (seat, card["id"])
            cp = teacher["current_player"]
            key = table.view(table.tokens[cp])["legal"][0]["key"]
            wires[cp].ws.send_json({"key": key, "version": v["version"]})
            assert wires[cp].result()["ok"]
        # Every text that reached seat 0: never a card of seat 1's council at that time.
        assert len(wires[0].raw) > 3


def test_the_secret_may_come_as_a_header(table):
    with connect(table, table.tokens[1], header=True) as ws:
        m = Wire(ws).view()
        assert m["seat"] == 1


def test_a_missing_secret_closes_with_401_server_no_token(table):
    for first in ("hello", json.dumps({"name": "x"}), json.dumps({"token": ""})):
        with connect(table, None) as ws:
            ws.send_text(first)
            m = ws.receive_json()
            assert m["type"] == "refused" and m["status"] == 401
            assert m["rule"] in ("server.no-token", "engine.malformed")
            with pytest.raises(ConnectionClosed) as exc:
                ws.receive_json()
            assert exc.value.rcvd.code == 4401


def test_a_wrong_secret_closes_with_403_server_wrong_token(table):
    with connect(table, None) as ws:
        ws.send_json({"token": "guess"})
        m = ws.receive_json()
        assert m["rule"] == "server.wrong-token" and m["status"] == 403
        with pytest.raises(ConnectionClosed) as exc:
            ws.receive_json()
        assert exc.value.rcvd.code == 4403


def test_malformed_messages_are_refused_and_the_connection_stays(table, limits):
    with connect(table, None) as ws:
        w = Wire(ws, table.tokens[0])
        version = w.view()["version"]
        cases = [
            ("not json", "engine.malformed"),
            ("[1, 2]", "engine.malformed"),
            ('{"version": 0}', "engine.malformed"),
            ('{"key": "", "version": 0}', "engine.malformed"),
            ('{"key": "pass", "version": "0"}', "engine.malformed"),
            ('{"type": "undo", "version": 0}', "server.moves-only"),
            ('{"type": "load", "text": "{}"}', "server.moves-only"),
            (json.dumps({"key": "x" * (limits.max_message + 1), "version": 0}), "server.too-big"),
        ]
        for text, rule in cases:
            ws.send_text(text)
            r = w.result()
            assert r["ok"] is False and r["rule"] == rule, text
            assert r["reason"] and "Traceback" not in r["reason"]
            assert r["version"] == version
        ws.send_bytes(b"\xff\xfe")
        assert w.result()["rule"] == "engine.malformed"
        ws.send_json({"type": "resync", "seq": 9})
        m = w.until(lambda m: m.get("seq") == 9)
        assert m["type"] == "view" and m["version"] == version


def test_stale_message_gets_engine_stale_and_the_fresh_view(table):
    with connect(table, None) as ws:
        w = Wire(ws, table.tokens[0])
        v = w.view()
        table.play_one()
        ws.send_json({"key": "pass", "version": v["version"], "seq": 1})
        r = w.result()
        assert r["rule"] == "engine.stale" and r["view"]["version"] == v["version"] + 1
        assert r["view"]["seat"] == 0


def test_flooding_one_connection_is_refused_server_flood(live, clock, limits):
    limits.burst, limits.actions_per_second = 2, 1.0
    if True:
        t = make_table(live.http)
        with connect(t) as ws:
            w = Wire(ws, t.teacher)
            v = w.view()["version"]
            rules = []
            for i in range(4):
                ws.send_json({"key": "no such move", "version": v, "seq": i})
                r = w.result()
                assert r["seq"] == i
                rules.append(r["rule"])
            ws.send_text("not even JSON")  # malformed messages count too
            assert w.result()["rule"] == "server.flood"
            assert rules[2:] == ["server.flood", "server.flood"]
            assert "server.flood" not in rules[:2]
            clock.now += 1.0
            ws.send_json({"key": "no such move", "version": v})
            assert w.result()["rule"] != "server.flood"


def test_a_connection_that_sends_no_secret_is_closed_401(live, limits):
    limits.login_seconds = 0.3
    t = make_table(live.http)
    with connect(t) as ws:
        m = ws.receive_json()
        assert m["rule"] == "server.no-token" and m["status"] == 401
        with pytest.raises(ConnectionClosed) as exc:
            ws.receive_json()
        assert exc.value.rcvd.code == 4401


def test_freeing_a_seat_closes_its_connections(table):
    with connect(table) as ws:
        w = Wire(ws, table.tokens[0])
        w.view()
        r = table.client.delete(
            f"/api/rooms/{table.room}/seats/0", headers=table.auth(table.teacher)
        )
        assert r.status_code == 200
        m = w.until(lambda m: m["type"] == "refused")
        assert m["rule"] == "server.wrong-token"
        with pytest.raises(ConnectionClosed) as exc:
            w.next()
        assert exc.value.rcvd.code == 4403


def test_a_connection_too_far_behind_is_told_to_reconnect():
    """Unit level: the outbox stops growing and ends with a 1013 close (the page resyncs)."""
    from clash_widget.server.own_loop import run_in_own_loop
    from clash_widget.server.rooms import MAX_BACKLOG, TRY_AGAIN, Listener

    async def fill() -> list[dict]:
        ls = Listener(0)
        for i in range(MAX_BACKLOG + 50):
            ls.put({"type": "view", "version": i})
        return [ls.queue.get_nowait() for _ in range(ls.queue.qsize())]

    out = run_in_own_loop(fill)
    assert len(out) == MAX_BACKLOG + 1
    assert out[-1] == {"type": "closed", "code": TRY_AGAIN, "reason": "too far behind"}
