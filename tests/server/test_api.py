"""The HTTP/JSON contract of the classroom server (issue 26) and each of its refusals."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from clash_widget.engine import Match
from clash_widget.server.own_loop import run_in_own_loop
from clash_widget.server.rooms import Limits

from .conftest import KEY_HEADER, create_room, make_table, new_app

JSON = {"Content-Type": "application/json"}


def test_create_room_answers_the_contract(client):
    r = create_room(client, {"game": "coc", "players": 2, "seed": 7, "options": {}, "bots": {}})
    assert r.status_code == 201
    body = r.json()
    assert set(body) >= {"room", "teacher", "seats"}
    assert [s["seat"] for s in body["seats"]] == [0, 1]
    for s in body["seats"]:
        assert body["room"] in s["join"] and body["teacher"] not in s["join"]
        assert s["join"].endswith(f"#room={body['room']}&seat={s['seat']}&claim={s['claim']}")
    assert len({s["claim"] for s in body["seats"]}) == 2
    listed = client.get("/api/rooms", headers=KEY_HEADER).json()["rooms"]
    assert [x["room"] for x in listed] == [body["room"]]
    assert body["teacher"] not in json.dumps(listed)


def test_a_room_made_with_names_names_its_players_everywhere(client):
    """The teacher names the seats when making the room: the game itself calls the players
    by those names (every seat's view and the game file), never by a number."""
    body = create_room(
        client, {"game": "coc", "players": 2, "seed": 7, "names": ["Ada", "Ben"]}
    ).json()
    view = client.get(
        f"/api/rooms/{body['room']}/view", headers={"Authorization": f"Bearer {body['teacher']}"}
    ).json()
    assert [p["name"] for p in view["players"]] == ["Ada", "Ben"]
    game_file = client.get(
        f"/api/rooms/{body['room']}/game", headers={"Authorization": f"Bearer {body['teacher']}"}
    ).text
    assert Match.from_json(game_file).names == ["Ada", "Ben"]


def test_bad_room_settings_are_refused_server_bad_room(client):
    for spec in (
        {"game": "chess"},
        {"game": "coc", "players": 9},
        {"game": "coc", "players": "two"},
        {"game": "coc", "seed": -1},
        {"game": "coc", "bots": {"1": "nobody"}},
        {"game": "coc", "bots": {"5": "random"}},
        {"game": "coc", "colour": "red"},
        {"game": "coc", "players": 2, "names": ["Ada"]},
        {"game": "coc", "players": 2, "names": "Ada, Ben"},
        [1, 2],
    ):
        r = create_room(client, spec)
        assert r.status_code == 400, spec
        assert r.json()["rule"] == "server.bad-room", spec


def test_room_limit_server_room_limit(tmp_path, clock):
    from starlette.testclient import TestClient

    app = new_app(tmp_path / "db.sqlite", limits=Limits(max_rooms=1), clock=clock)
    with TestClient(app) as c:
        assert create_room(c, {"game": "coc"}).status_code == 201
        r = create_room(c, {"game": "coc"})
        assert r.status_code == 429 and r.json()["rule"] == "server.room-limit"


def test_a_taken_seat_is_refused_409_server_seat_taken(client, table):
    """Even with the seat's own link: a seat holds one person until the teacher frees it."""
    r = client.post(
        f"/api/rooms/{table.room}/seats/1", json={"name": "Eve", "claim": table.claims[1]}
    )
    assert r.status_code == 409
    assert r.json()["rule"] == "server.seat-taken"


def test_a_bot_seat_cannot_be_claimed(client):
    t = make_table(client, bots={"1": "random"})
    r = client.post(f"/api/rooms/{t.room}/seats/1", json={"name": "Eve"})
    assert r.status_code == 409 and r.json()["rule"] == "server.seat-taken"


def test_unknown_room_or_seat_server_not_found(client, table):
    assert client.get("/api/rooms/NOPE99").json()["rule"] == "server.not-found"
    r = client.post("/api/rooms/NOPE99/seats/0", json={})
    assert r.status_code == 404 and r.json()["rule"] == "server.not-found"
    for seat in ("7", "x", "-1"):
        r = client.post(f"/api/rooms/{table.room}/seats/{seat}", json={})
        assert r.status_code == 404 and r.json()["rule"] == "server.not-found", seat


def test_each_seat_sees_only_its_own_hand(table):
    """History: a council (hand) is shown to its owner and the teacher only."""
    teacher = table.view(table.teacher)
    assert teacher["seat"] is None
    assert all(p["council"] is not None for p in teacher["players"])
    for seat in (0, 1):
        v = table.view(table.tokens[seat])
        assert v["seat"] == seat
        assert v["players"][seat]["council"] == teacher["players"][seat]["council"]
        other = v["players"][1 - seat]
        assert other["council"] is None
        text = json.dumps(v)
        for card in teacher["players"][1 - seat]["council"]:
            assert f'"{card["id"]}"' not in text


def test_missing_token_is_401_server_no_token(client, table):
    for headers in ({}, {"Authorization": "Basic abc"}, {"Authorization": "Bearer "}):
        r = client.get(f"/api/rooms/{table.room}/view", headers=headers)
        assert r.status_code == 401 and r.json()["rule"] == "server.no-token"
        r = client.post(f"/api/rooms/{table.room}/actions", headers=headers, json={})
        assert r.status_code == 401 and r.json()["rule"] == "server.no-token"


def test_wrong_token_is_403_server_wrong_token_and_not_logged(client, table, caplog):
    other = make_table(client)
    bad = "not-a-secret-of-this-room"
    for token in (bad, other.tokens[0], other.teacher):
        r = client.get(f"/api/rooms/{table.room}/view", headers=table.auth(token))
        assert r.status_code == 403 and r.json()["rule"] == "server.wrong-token"
        assert table.act(token, "pass", 0).status_code == 403
    assert bad not in caplog.text and other.tokens[0] not in caplog.text
    assert any("refused a secret" in rec.getMessage() for rec in caplog.records)


def test_only_the_teacher_downloads_the_game_file(client, table):
    table.play_one()
    r = client.get(f"/api/rooms/{table.room}/game", headers=table.auth(table.tokens[0]))
    assert r.status_code == 403 and r.json()["rule"] == "server.wrong-token"
    r = client.get(f"/api/rooms/{table.room}/game")
    assert r.status_code == 401
    r = client.get(f"/api/rooms/{table.room}/game", headers=table.auth(table.teacher))
    assert r.status_code == 200
    m = Match.from_json(r.text)
    assert m.version == 1 and m.game.name == "history"


def test_an_action_answers_the_contract_and_changes_every_view(table):
    before = table.view(table.teacher)
    answer = table.play_one()
    assert answer == {
        "ok": True,
        "version": before["version"] + 1,
        "rule": None,
        "reason": None,
        "message": answer["message"],
    }
    for token in table.tokens:
        assert table.view(token)["version"] == before["version"] + 1


def test_wrong_seat_is_refused_server_not_your_turn(table):
    v = table.view(table.teacher)
    waiting = 1 - v["current_player"]
    key = table.view(table.tokens[v["current_player"]])["legal"][0]["key"]
    r = table.act(table.tokens[waiting], key, v["version"])
    assert r.status_code == 200
    assert r.json()["ok"] is False and r.json()["rule"] == "server.not-your-turn"
    assert table.view(table.teacher)["version"] == v["version"]


def test_illegal_key_is_refused_by_the_engine(table):
    v = table.view(table.teacher)
    r = table.act(table.tokens[v["current_player"]], "capital 9-99", v["version"])
    body = r.json()
    assert r.status_code == 200 and body["ok"] is False
    game = table.client.get(f"/api/rooms/{table.room}/game", headers=table.auth(table.teacher))
    verdict = Match.from_json(game.text).check("capital 9-99")
    assert verdict is not None
    assert (body["rule"], body["reason"]) == (verdict.rule_id, verdict.reason)


def test_stale_version_is_refused_engine_stale_with_the_fresh_view(table):
    table.play_one()
    v = table.view(table.teacher)
    token = table.tokens[v["current_player"]]
    key = table.view(token)["legal"][0]["key"]
    r = table.act(token, key, v["version"] - 1)
    body = r.json()
    assert r.status_code == 200 and body["ok"] is False and body["rule"] == "engine.stale"
    assert body["view"] == table.view(token)
    assert body["view"]["seat"] == v["current_player"]


def test_malformed_json_is_refused_engine_malformed(client, table):
    url = f"/api/rooms/{table.room}/actions"
    bodies = [
        b"{not json",
        b"\xff\xfe",
        b"[1, 2]",
        b'"pass"',
        b"{}",
        b'{"key": 3, "version": 0}',
        b'{"key": "pass", "version": true}',
        b'{"key": "  ", "version": 0}',
    ]
    for raw in bodies:
        r = client.post(url, headers=table.auth(table.tokens[0]) | JSON, content=raw)
        assert r.status_code == 400, raw
        assert r.json()["ok"] is False and r.json()["rule"] == "engine.malformed", raw
        assert r.json()["reason"]
    r = client.post(f"/api/rooms/{table.room}/seats/0", content=b"{oops", headers=JSON)
    assert r.status_code == 400 and r.json()["rule"] == "engine.malformed"


def test_oversize_body_is_refused_413_server_too_big(client, table, limits):
    big = json.dumps({"key": "x" * (limits.max_message + 10), "version": 0})
    r = table.client.post(
        f"/api/rooms/{table.room}/actions", headers=table.auth(table.tokens[0]) | JSON, content=big
    )
    assert r.status_code == 413 and r.json()["rule"] == "server.too-big"
    r = client.post("/api/rooms", content=big, headers=KEY_HEADER | JSON)
    assert r.status_code == 413 and r.json()["rule"] == "server.too-big"


def test_flood_is_refused_429_server_flood_until_time_passes(tmp_path, clock):
    from starlette.testclient import TestClient

    limits = Limits(bot_delay=0.0, burst=3, actions_per_second=1.0)
    with TestClient(new_app(tmp_path / "db.sqlite", limits=limits, clock=clock)) as c:
        t = make_table(c)
        v = t.view(t.teacher)
        waiting = t.tokens[1 - v["current_player"]]
        codes = [t.act(waiting, "pass", v["version"]).status_code for _ in range(5)]
        assert codes == [200, 200, 200, 429, 429]
        r = t.act(waiting, "pass", v["version"])
        assert r.json()["rule"] == "server.flood"
        clock.now += 1.0  # one more action a second later
        assert t.act(waiting, "pass", v["version"]).status_code == 200
        assert t.act(waiting, "pass", v["version"]).status_code == 429


def test_concurrent_sends_are_ordered_one_wins_the_other_is_stale(tmp_path):
    """Two sends on the same version at once: the room's lock orders them."""

    async def race():
        app = new_app(tmp_path / "db.sqlite", limits=Limits(bot_delay=0.0))
        server = app.state.server
        room, teacher, _ = server.rooms.create({"game": "history", "players": 2, "seed": 3})
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as c:
            h = {"Authorization": f"Bearer {teacher}"}
            v = (await c.get(f"/api/rooms/{room.id}/view", headers=h)).json()
            keys = [a["key"] for a in v["legal"]][:2]
            sends = [
                c.post(
                    f"/api/rooms/{room.id}/actions",
                    headers=h,
                    json={"key": k, "version": v["version"]},
                )
                for k in keys
            ]
            return [r.json() for r in await asyncio.gather(*sends)], v["version"]

    answers, version = run_in_own_loop(race)
    assert sorted(a["ok"] for a in answers) == [False, True]
    refused = next(a for a in answers if not a["ok"])
    assert refused["rule"] == "engine.stale" and refused["version"] == version + 1


def test_bots_play_on_the_server(client):
    import time

    t = make_table(client, bots={"1": "random"})
    v = t.view(t.teacher)
    assert v["current_player"] == 0
    ours = t.play_one()["version"]  # the person plays until the bot's seat is to move
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the bot plays in the server's event loop
        v = t.view(t.teacher)
        if v["version"] > ours and (v["current_player"] == 0 or v["over"]):
            break  # the bot played, and it is the person's turn again
        if v["version"] == ours and v["current_player"] == 0:
            ours = t.play_one()["version"]  # still the person's turn (one more decision)
            continue
        time.sleep(0.05)
    assert v["current_player"] == 0 and v["version"] > ours
    r = t.act(t.teacher, "pass", v["version"])  # the teacher acts for the person to move
    assert r.status_code == 200


def test_acting_for_a_bot_seat_is_refused_server_bot_seat(tmp_path):
    from starlette.testclient import TestClient

    limits = Limits(bot_delay=3600.0)  # the bot never gets to move in this test
    with TestClient(new_app(tmp_path / "db.sqlite", limits=limits)) as c:
        t = make_table(c, bots={"1": "random"})
        while t.view(t.teacher)["current_player"] == 0:  # the person's decisions first
            t.play_one()
        v = t.view(t.teacher)
        assert v["current_player"] == 1
        r = t.act(t.teacher, v["legal"][0]["key"], v["version"])
        assert r.json()["rule"] == "server.bot-seat"


def test_restart_on_the_same_database_restores_every_room(tmp_path):
    from starlette.testclient import TestClient

    db = tmp_path / "db.sqlite"
    hashes = {}
    with TestClient(new_app(db, limits=Limits(bot_delay=0.0))) as c:
        tables = [make_table(c, game) for game in ("history", "secolo")]
        for t in tables:
            for _ in range(3):
                t.play_one()
            g = c.get(f"/api/rooms/{t.room}/game", headers=t.auth(t.teacher)).text
            hashes[t.room] = (Match.from_json(g).state_hash(), t.view(t.teacher)["version"])
    with TestClient(new_app(db, limits=Limits(bot_delay=0.0))) as c:
        for t in tables:
            t.client = c
            g = c.get(f"/api/rooms/{t.room}/game", headers=t.auth(t.teacher)).text
            assert (Match.from_json(g).state_hash(), t.view(t.teacher)["version"]) == hashes[t.room]
            t.play_one()  # the old secrets still hold their seats


def test_a_tampered_room_is_not_served_server_broken_room(tmp_path):
    import sqlite3

    from starlette.testclient import TestClient

    db = tmp_path / "db.sqlite"
    with TestClient(new_app(db)) as c:
        t = make_table(c)
        t.play_one()
    con = sqlite3.connect(db)
    con.execute("UPDATE rooms SET state_hash = 'abc'")
    con.commit()
    con.close()
    with TestClient(new_app(db)) as c:
        t.client = c
        assert c.get(f"/api/rooms/{t.room}").json()["broken"]
        v = t.view(t.teacher)
        r = t.act(t.teacher, v["legal"][0]["key"], v["version"])
        assert r.json()["rule"] == "server.broken-room"


def test_secrets_are_stored_as_digests_only(tmp_path):
    import sqlite3

    from starlette.testclient import TestClient

    db = tmp_path / "db.sqlite"
    with TestClient(new_app(db)) as c:
        t = make_table(c)
    dump = "\n".join(sqlite3.connect(db).iterdump())
    for secret in [t.teacher, *t.tokens]:
        assert secret and secret not in dump


@pytest.mark.parametrize("page", ["/", "/play", "/teacher", "/console"])
def test_pages_are_served(client, page):
    r = client.get(page)
    assert r.status_code == 200 and "<html" in r.text
    if page in ("/play", "/teacher"):
        assert "/static/play.js" in r.text


def test_every_server_rule_is_named_in_a_test():
    from pathlib import Path

    from clash_widget.server.refusals import SERVER_RULES

    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    missing = [r.id for r in SERVER_RULES if r.id not in text]
    assert not missing


def test_a_failed_write_is_not_acknowledged_server_error(tmp_path):
    """If the database refuses the write, the action is not acknowledged and the room goes
    back to the stored game (nothing acknowledged is ever lost, nothing unstored is shown)."""
    from starlette.testclient import TestClient

    app = new_app(tmp_path / "db.sqlite")
    client = TestClient(app, raise_server_exceptions=False)
    table = make_table(client)
    v = table.view(table.teacher)

    import sqlite3

    con = sqlite3.connect(tmp_path / "db.sqlite")  # the database now refuses every move
    con.execute(
        "CREATE TRIGGER refuse BEFORE UPDATE OF game_file ON rooms "
        "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
    )
    con.commit()
    token = table.tokens[v["current_player"]]
    r = table.act(token, table.view(token)["legal"][0]["key"], v["version"])
    con.execute("DROP TRIGGER refuse")
    con.commit()
    con.close()
    assert r.status_code == 500 and r.json()["rule"] == "server.error"
    assert "Traceback" not in r.text and "disk full" not in r.text
    assert table.view(table.teacher)["version"] == v["version"]
    table.play_one()


def test_unknown_paths_and_methods_are_refused_as_json(client, table):
    for method, path in (
        ("GET", "/api/nothing"),
        ("GET", f"/api/rooms/{table.room}/actions"),
        ("PUT", f"/api/rooms/{table.room}"),
    ):
        r = client.request(method, path, headers=JSON)
        assert r.status_code in (404, 405), (method, path)
        assert r.json()["ok"] is False and r.json()["rule"] == "server.not-found"


def test_the_teacher_frees_a_seat_and_its_old_secret_stops_working(client, table):
    url = f"/api/rooms/{table.room}/seats/0"
    r = client.delete(url, headers=table.auth(table.tokens[1]))
    assert r.status_code == 403 and r.json()["rule"] == "server.wrong-token"
    assert client.delete(url).status_code == 401
    assert client.delete(url, headers=table.auth(table.teacher)).json()["ok"] is True
    r = client.get(f"/api/rooms/{table.room}/view", headers=table.auth(table.tokens[0]))
    assert r.status_code == 403
    assert client.get(f"/api/rooms/{table.room}").json()["seats"][0]["taken"] is False
    new = client.post(url, json={"name": "Ada again", "claim": table.claims[0]}).json()["token"]
    assert table.view(new)["seat"] == 0


def test_a_bot_seat_is_not_freed(client):
    t = make_table(client, bots={"1": "random"})
    r = client.delete(f"/api/rooms/{t.room}/seats/1", headers=t.auth(t.teacher))
    assert r.status_code == 409 and r.json()["rule"] == "server.seat-taken"


def test_a_stored_room_with_an_unknown_bot_is_broken_not_a_crash(tmp_path):
    import sqlite3

    from starlette.testclient import TestClient

    db = tmp_path / "db.sqlite"
    with TestClient(new_app(db)) as c:
        t = make_table(c, bots={"1": "random"})
    con = sqlite3.connect(db)
    seats = json.loads(con.execute("SELECT seats FROM rooms").fetchone()[0])
    seats[1]["bot"] = "retired-bot"
    con.execute("UPDATE rooms SET seats = ?", (json.dumps(seats),))
    con.commit()
    con.close()
    with TestClient(new_app(db)) as c:
        assert "bots" in c.get(f"/api/rooms/{t.room}").json()["broken"]
