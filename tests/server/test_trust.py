"""A classroom you can trust (issue 34): each hole a mischievous learner found, closed.

1. a free seat is taken only with its link's claim secret (server.wrong-link);
2. rooms are made, listed and deleted by the teacher only (server.teacher-key);
3. an option out of range is refused before a room exists, and no room's slow move stalls
   another (the rules work runs off the event loop within a budget);
4. an option of the wrong kind is refused (engine.bad-option), never a room that fails later;
5. deeply nested JSON is refused (server.too-deep), on HTTP and on a WebSocket that stays open;
6. other web pages cannot act on the server (server.cross-site, server.unknown-host);
7. storage faults: a bad row breaks only its room; a damaged file is refused in one line.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time

import httpx
import pytest
from starlette.testclient import TestClient

from clash_widget.engine import Session
from clash_widget.server.rooms import Limits

from .conftest import KEY, KEY_HEADER, claim, create_room, make_table, new_app
from .test_ws import Wire, connect

JSON = {"Content-Type": "application/json"}


def _room(client, **spec):
    r = create_room(client, {"game": "history", "players": 2, "seed": 7} | spec)
    assert r.status_code == 201, r.text
    return r.json()


# -- 1. seats by invitation ----------------------------------------------------------------
def test_server_wrong_link_a_seat_needs_its_links_claim(client):
    body = _room(client)
    url = f"/api/rooms/{body['room']}/seats/0"
    for sent in ({"name": "Eve"}, {"name": "Eve", "claim": "guessed"}, {"claim": 7}):
        r = client.post(url, json=sent)
        assert r.status_code == 403 and r.json()["rule"] == "server.wrong-link", sent
    other = body["seats"][1]["claim"]  # another seat's link does not open this one
    assert client.post(url, json={"name": "Eve", "claim": other}).status_code == 403
    assert claim(client, body, 0, "Ada").status_code == 200


def test_a_freed_seat_is_not_free_for_anyone(client, table):
    """The teacher frees Ben's seat: a script that read the room list cannot take it; Ben,
    with his link, sits down again."""
    url = f"/api/rooms/{table.room}/seats/1"
    assert client.delete(url, headers=table.auth(table.teacher)).status_code == 200
    r = client.post(url, json={"name": "Mallory"})
    assert r.status_code == 403 and r.json()["rule"] == "server.wrong-link"
    r = client.post(url, json={"name": "Ben", "claim": table.claims[1]})
    assert r.status_code == 200


def test_a_reset_link_and_its_old_seat_secret_stop_at_once(client, table):
    url = f"/api/rooms/{table.room}/seats/1"
    r = client.post(f"{url}/reset", headers=table.auth(table.tokens[0]) | JSON)
    assert r.status_code == 403 and r.json()["rule"] == "server.wrong-token"
    r = client.post(f"{url}/reset", headers=table.auth(table.teacher) | JSON)
    assert r.status_code == 200
    fresh = r.json()
    assert fresh["claim"] != table.claims[1] and fresh["claim"] in fresh["join"]
    old_view = client.get(f"/api/rooms/{table.room}/view", headers=table.auth(table.tokens[1]))
    assert old_view.status_code == 403
    assert client.post(url, json={"claim": table.claims[1]}).status_code == 403
    r = client.post(url, json={"name": "Cleo", "claim": fresh["claim"]})
    assert r.status_code == 200 and table.view(r.json()["token"])["seat"] == 1


def test_a_kicked_connection_is_told_why_in_words(live):
    table = make_table(live.http)
    with connect(table) as ws:
        wire = Wire(ws, table.tokens[1])
        wire.view()
        r = live.http.delete(f"/api/rooms/{table.room}/seats/1", headers=table.auth(table.teacher))
        assert r.status_code == 200
        refused = wire.until(lambda m: m["type"] == "refused")
        assert refused["reason"].startswith("The teacher freed this seat")
        assert "secret" not in refused["reason"].lower()


def test_names_typed_at_sitting_down_reach_the_game(client):
    """The game's player names are the room's: the log and the banner say "Ada", and after the
    seat changes hands they say the new person's name."""
    body = _room(client)
    tokens = [claim(client, body, s, n).json()["token"] for s, n in ((0, "Ada"), (1, "Ben"))]
    h = {"Authorization": f"Bearer {body['teacher']}"}
    view = client.get(f"/api/rooms/{body['room']}/view", headers=h).json()
    assert [p["name"] for p in view["players"]] == ["Ada", "Ben"]
    mover = tokens[view["current_player"]]
    mine = client.get(
        f"/api/rooms/{body['room']}/view", headers={"Authorization": f"Bearer {mover}"}
    )
    key = mine.json()["legal"][0]["key"]
    played = client.post(
        f"/api/rooms/{body['room']}/actions",
        headers={"Authorization": f"Bearer {mover}"},
        json={"key": key, "version": view["version"]},
    ).json()
    assert played["ok"]
    fresh = client.post(f"/api/rooms/{body['room']}/seats/1/reset", headers=h | JSON).json()
    client.post(
        f"/api/rooms/{body['room']}/seats/1", json={"name": "Cleo", "claim": fresh["claim"]}
    )
    after = client.get(f"/api/rooms/{body['room']}/view", headers=h).json()
    assert [p["name"] for p in after["players"]] == ["Ada", "Cleo"]
    assert after["version"] == played["version"]  # renaming is not a move
    listed = client.get("/api/rooms", headers=KEY_HEADER).json()["rooms"]
    assert listed[0]["last_move"] is not None and listed[0]["status"]["moves"] == 1
    assert "Ben" not in json.dumps(after["log"])


def test_a_reserved_seat_keeps_the_teachers_name(client):
    body = _room(client)
    h = {"Authorization": f"Bearer {body['teacher']}"} | JSON
    r = client.post(f"/api/rooms/{body['room']}/seats/0/reserve", headers=h, json={"name": "Ada"})
    assert r.status_code == 200 and r.json()["seats"][0]["reserved"] is True
    token = claim(client, body, 0, "Not Ada").json()["token"]
    view = client.get(
        f"/api/rooms/{body['room']}/view", headers={"Authorization": f"Bearer {token}"}
    )
    assert view.json()["players"][0]["name"] == "Ada"


def test_a_seat_given_to_a_bot_is_played_by_it(client, table):
    h = table.auth(table.teacher) | JSON
    r = client.post(f"/api/rooms/{table.room}/seats/1/bot", headers=h, json={"bot": "nobody"})
    assert r.status_code == 400 and r.json()["rule"] == "server.bad-room"
    r = client.post(f"/api/rooms/{table.room}/seats/1/bot", headers=h, json={"bot": "random"})
    assert r.status_code == 200 and r.json()["seats"][1]["bot"] == "random"
    assert (
        client.get(f"/api/rooms/{table.room}/view", headers=table.auth(table.tokens[1])).status_code
        == 403
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the person plays; the bot answers by itself
        v = table.view(table.teacher)
        if v["over"] or v["version"] > 6:
            break
        if v["current_player"] == 0:
            table.play_one()
        else:
            time.sleep(0.05)
    assert table.view(table.teacher)["version"] > 6


def test_server_paused_a_paused_room_takes_no_move(client, table):
    h = table.auth(table.teacher) | JSON
    r = client.patch(f"/api/rooms/{table.room}", headers=h, json={"paused": True})
    assert r.status_code == 200 and r.json()["paused"] is True
    v = table.view(table.teacher)
    token = table.tokens[v["current_player"]]
    r = table.act(token, table.view(token)["legal"][0]["key"], v["version"])
    assert r.json()["rule"] == "server.paused"
    client.patch(f"/api/rooms/{table.room}", headers=h, json={"paused": False})
    table.play_one()


def test_the_teacher_sees_as_a_seat_and_a_learner_cannot(client, table):
    url = f"/api/rooms/{table.room}/view?seat=1"
    r = client.get(url, headers=table.auth(table.tokens[0]))
    assert r.status_code == 403 and r.json()["rule"] == "server.teacher-only"
    as_ben = client.get(url, headers=table.auth(table.teacher)).json()
    assert as_ben == table.view(table.tokens[1])
    assert as_ben["players"][0]["council"] is None  # Ben's eyes: Ada's hand stays hidden


def test_a_rematch_seats_the_same_people(client, table):
    r = client.post(f"/api/rooms/{table.room}/rematch", headers=table.auth(table.teacher) | JSON)
    assert r.status_code == 201
    new = r.json()["room"]
    assert new != table.room
    for seat, token in enumerate(table.tokens):
        v = client.get(f"/api/rooms/{new}/view", headers=table.auth(token)).json()
        assert v["seat"] == seat and v["version"] == 0


# -- 2. rooms belong to their teacher ------------------------------------------------------
def test_server_teacher_key_makes_and_lists_rooms(client):
    spec = {"game": "history", "players": 2}
    r = client.post("/api/rooms", json=spec)
    assert r.status_code == 401 and r.json()["rule"] == "server.teacher-key"
    r = client.post("/api/rooms", json=spec, headers={"Authorization": "Bearer wrong"})
    assert r.status_code == 403 and r.json()["rule"] == "server.teacher-key"
    body = _room(client)
    assert client.get("/api/rooms").status_code == 401
    listed = client.get("/api/rooms", headers=KEY_HEADER).json()["rooms"]
    assert [x["room"] for x in listed] == [body["room"]]
    assert listed[0]["status"]["to_move"] in ("Blue", "Orange")
    assert KEY not in json.dumps(listed) and body["teacher"] not in json.dumps(listed)


def test_the_teacher_deletes_a_room_and_everything_of_it_is_gone(client, table):
    url = f"/api/rooms/{table.room}"
    r = client.delete(url, headers=table.auth(table.tokens[0]))
    assert r.status_code == 403
    assert client.delete(url, headers=KEY_HEADER).status_code == 204  # the key is every room's
    for method, path in (("GET", url), ("GET", f"{url}/view"), ("POST", f"{url}/actions")):
        r = client.request(method, path, headers=table.auth(table.teacher) | JSON, json={})
        assert r.status_code == 404, (method, path)
    assert client.get("/api/rooms", headers=KEY_HEADER).json()["rooms"] == []


def test_the_teacher_key_file_is_read_or_written_once(tmp_path, capsys):
    from clash_widget.server.app import create_app

    key_file = tmp_path / "teacher.key"
    app = create_app(
        tmp_path / "db.sqlite", teacher_key_file=key_file, allowed_hosts=["testserver"]
    )
    made = app.state.server.new_key
    assert made and key_file.read_text().strip() == made
    assert key_file.stat().st_mode & 0o077 == 0  # the owner's only
    again = create_app(
        tmp_path / "db.sqlite", teacher_key_file=key_file, allowed_hosts=["testserver"]
    )
    assert again.state.server.new_key is None  # nothing new to print
    with TestClient(again) as c:
        r = c.post("/api/rooms", json={"game": "coc"}, headers={"Authorization": f"Bearer {made}"})
        assert r.status_code == 201
    key_file.write_text("  my-own-key  \nsecond line\n")
    app = create_app(
        tmp_path / "db.sqlite", teacher_key_file=key_file, allowed_hosts=["testserver"]
    )
    with TestClient(app) as c:
        ok = c.get("/api/rooms", headers={"Authorization": "Bearer my-own-key"})
        assert ok.status_code == 200
        assert c.get("/api/rooms", headers={"Authorization": f"Bearer {made}"}).status_code == 403


# -- 3 and 4. options checked before a room exists; no room stalls another ----------------
@pytest.mark.parametrize(
    ("spec", "option"),
    [
        (
            {"game": "persistence", "options": {"attack_dice": 3_000_000, "defence_dice": 3}},
            "attack_dice",
        ),
        ({"game": "history", "options": {"population_to_win": "x"}}, "population_to_win"),
        ({"game": "coc", "options": {"actions_per_turn": 0}}, "actions_per_turn"),
        ({"game": "secolo", "options": {"deck": "huge"}}, "deck"),
    ],
)
def test_engine_bad_option_refuses_the_room_naming_the_option(client, spec, option):
    r = create_room(client, spec | {"players": 2, "bots": {"0": "random", "1": "random"}})
    assert r.status_code == 400
    body = r.json()
    assert body["ok"] is False and body["rule"] == "engine.bad-option"
    assert option in body["reason"] and ("from" in body["reason"] or "one of" in body["reason"])
    assert client.get("/api/rooms", headers=KEY_HEADER).json()["rooms"] == []


def test_a_slow_move_breaks_only_its_room(tmp_path, monkeypatch):
    """A move that overruns the room's budget marks that room broken; meanwhile and after,
    the other rooms are answered."""
    limits = Limits(bot_delay=0.0, burst=100, actions_per_second=100.0, move_seconds=0.5)
    released = threading.Event()
    real_play = Session.play

    def play(self, key, **kw):
        if key.startswith("SLOW:"):
            released.wait(10)  # holds its worker thread, not the event loop
            key = key[len("SLOW:") :]
        return real_play(self, key, **kw)

    monkeypatch.setattr(Session, "play", play)
    with TestClient(new_app(tmp_path / "db.sqlite", limits=limits)) as c:
        slow, other = make_table(c), make_table(c)
        v = slow.view(slow.teacher)
        token = slow.tokens[v["current_player"]]
        key = slow.view(token)["legal"][0]["key"]
        started = time.monotonic()
        answers: dict[str, object] = {}

        def send_slow() -> None:
            answers["slow"] = slow.act(token, "SLOW:" + key, v["version"]).json()

        t = threading.Thread(target=send_slow)
        t.start()
        time.sleep(0.1)
        other.play_one()  # answered while the slow room's move is stuck
        answers["other_at"] = time.monotonic() - started
        t.join(20)
        released.set()
        assert answers["slow"]["rule"] == "server.broken-room"
        assert "took more than 0.5 s" in answers["slow"]["reason"]
        assert answers["other_at"] < 10  # not a timing threshold: it did not wait for release
        listed = {r["room"]: r for r in c.get("/api/rooms", headers=KEY_HEADER).json()["rooms"]}
        assert listed[slow.room]["broken"] and not listed[other.room]["broken"]
        other.play_one()


def test_the_server_answers_at_once_whatever_its_rooms_hold(tmp_path, monkeypatch):
    """Rooms are replayed in the background after start-up: a room whose replay takes long
    does not keep the server from answering, and is served once loaded."""
    db = tmp_path / "db.sqlite"
    with TestClient(new_app(db)) as c:
        t = make_table(c)
        t.play_one()
    gate = threading.Event()
    import clash_widget.server.rooms as rooms

    real = rooms.replay

    def slow_replay(game_file):
        gate.wait(10)
        return real(game_file)

    monkeypatch.setattr(rooms, "replay", slow_replay)
    with TestClient(new_app(db)) as c:
        assert c.get("/").status_code == 200
        listed = c.get("/api/rooms", headers=KEY_HEADER).json()["rooms"]
        assert listed[0]["room"] == t.room and listed[0].get("loading") is True
        gate.set()
        t.client = c
        assert t.view(t.teacher)["version"] == 1


# -- 5. nesting ---------------------------------------------------------------------------
def test_server_too_deep_is_refused_over_http(client, table, caplog):
    deep = "[" * 30000 + "]" * 30000
    for url, headers in (
        (f"/api/rooms/{table.room}/actions", table.auth(table.tokens[0])),
        ("/api/rooms", KEY_HEADER),
        (f"/api/rooms/{table.room}/seats/0", {}),
    ):
        r = client.post(url, content=deep, headers=headers | JSON)
        assert r.status_code == 400 and r.json()["rule"] == "server.too-deep", url
    assert "RecursionError" not in caplog.text and "Traceback" not in caplog.text


def test_server_too_deep_is_refused_over_the_websocket_which_stays_open(live):
    table = make_table(live.http)
    with connect(table) as ws:
        wire = Wire(ws, table.tokens[0])
        wire.view()
        ws.send_text("[" * 30000 + "]" * 30000)
        assert wire.result()["rule"] == "server.too-deep"
        ws.send_json({"type": "resync", "seq": 2})
        assert wire.view()["seq"] == 2


# -- 6. origin and host -------------------------------------------------------------------
def test_server_cross_site_another_page_cannot_act(client, table):
    spec = json.dumps({"game": "coc"})
    r = client.post("/api/rooms", content=spec, headers=KEY_HEADER | {"Content-Type": "text/plain"})
    assert r.status_code == 415 and r.json()["rule"] == "server.cross-site"
    evil = {"Origin": "http://evil.example"}
    r = client.post("/api/rooms", content=spec, headers=KEY_HEADER | JSON | evil)
    assert r.status_code == 403 and r.json()["rule"] == "server.cross-site"
    r = client.delete(f"/api/rooms/{table.room}", headers=KEY_HEADER | evil)
    assert r.status_code == 403
    own = {"Origin": "http://testserver"}  # the test client's own origin
    assert (
        client.post("/api/rooms", content=spec, headers=KEY_HEADER | JSON | own).status_code == 201
    )
    assert client.get("/api/rooms", headers=KEY_HEADER | evil).status_code == 200  # reading only


def test_server_unknown_host_refuses_a_rebound_name(tmp_path):
    app = new_app(tmp_path / "db.sqlite", allowed_hosts=["teacher-laptop.local"])
    with TestClient(app) as c:  # "testserver" is not among them now
        assert c.get("/").status_code == 421
    with TestClient(app, base_url="http://evil.example") as c:
        r = c.get("/")
        assert r.status_code == 421 and r.json()["rule"] == "server.unknown-host"
    for base in ("http://127.0.0.1:8000", "http://192.168.1.20", "http://[::1]:8000",
                 "http://localhost", "http://teacher-laptop.local:8000"):  # fmt: skip
        with TestClient(app, base_url=base) as c:
            assert c.get("/").status_code == 200, base


def test_a_websocket_from_another_site_is_refused(live):
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect as ws_connect

    table = make_table(live.http)
    url = live.base.replace("http", "ws", 1) + f"/api/rooms/{table.room}/ws"
    with pytest.raises(InvalidStatus):
        with ws_connect(url, origin="http://evil.example"):
            pass
    with ws_connect(url, origin=live.base) as ws:  # the server's own page
        ws.send(json.dumps({"token": table.tokens[0]}))
        assert json.loads(ws.recv(timeout=30))["type"] == "view"


# -- 7. storage faults -------------------------------------------------------------------
def test_a_bad_row_breaks_only_its_room(tmp_path):
    db = tmp_path / "db.sqlite"
    with TestClient(new_app(db)) as c:
        good, bad = make_table(c), make_table(c)
        good.play_one()
    con = sqlite3.connect(db)
    con.execute("UPDATE rooms SET game_file = '{not json' WHERE id = ?", (bad.room,))
    con.commit()
    con.close()
    with TestClient(new_app(db)) as c:
        good.client = bad.client = c
        listed = {r["room"]: r for r in c.get("/api/rooms", headers=KEY_HEADER).json()["rooms"]}
        assert "cannot be read" in listed[bad.room]["broken"]
        assert not listed[good.room]["broken"]
        good.play_one()
        r = bad.act(bad.teacher, "pass", 0)
        assert r.json()["rule"] == "server.broken-room"
        shown = c.get(f"/api/rooms/{bad.room}/view", headers=bad.auth(bad.teacher))
        assert shown.status_code == 409  # no made-up game is shown in its place
        assert c.delete(f"/api/rooms/{bad.room}", headers=KEY_HEADER).status_code == 204


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_file_is_refused_in_one_line(tmp_path, capsys, damage):
    from clash_widget.__main__ import main

    db = tmp_path / "class.sqlite"
    if damage == "garbage":
        db.write_bytes(b"this is not a database at all" * 100)
    else:
        with TestClient(new_app(db)) as c:
            for _ in range(3):
                make_table(c)
        db.write_bytes(db.read_bytes()[:1500])
    assert main(["serve", "--db", str(db), "--teacher-key-file", str(tmp_path / "k")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert str(db) in err and f"serve --db {db} --restore" in err


def test_rolling_backups_restore_and_a_loud_warning_for_a_lost_file(tmp_path):
    from clash_widget.server.store import Backups

    db = tmp_path / "class.sqlite"
    app = new_app(db)
    with TestClient(app) as c:
        t = make_table(c)
        t.play_one()
    # stopping took a backup (and so do the server's five-minute rounds)
    backups = Backups(db)
    assert backups.all() and backups.rooms_in(backups.all()[0]) == 1
    db.unlink()
    for extra in (tmp_path / "class.sqlite-wal", tmp_path / "class.sqlite-shm"):
        extra.unlink(missing_ok=True)
    lost = new_app(db)
    warning = lost.state.server.warning
    assert warning and "holds no rooms" in warning and "--restore" in warning
    lost.state.server.store.close()
    backups.restore()
    with TestClient(new_app(db)) as c:
        t.client = c
        assert t.view(t.teacher)["version"] == 1
        t.play_one()


def test_requests_with_no_key_are_not_logged_with_the_key(tmp_path, caplog):
    with TestClient(new_app(tmp_path / "db.sqlite")) as c:
        c.post("/api/rooms", json={"game": "coc"}, headers={"Authorization": "Bearer guess"})
        _room(c)
    assert KEY not in caplog.text and "guess" not in caplog.text


def test_concurrent_rooms_share_the_server_over_real_sockets(live):
    """Two rooms played at once over HTTP, each answered (the rooms' locks are their own)."""
    tables = [make_table(live.http) for _ in range(2)]
    with httpx.Client(base_url=live.base, timeout=30) as h:
        for t in tables:
            t.client = h
        for _ in range(3):
            for t in tables:
                t.play_one()
