"""The coach on the classroom server (issue 38): a seat's hint and a seat's review, asked by
that seat only (the review by the teacher too), worked out off the event loop, recorded and
cached in the rooms' database."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from coach_limits import small_limits
from starlette.testclient import TestClient

from clash_widget.server import coaching
from clash_widget.server.rooms import Limits

from .conftest import KEY_HEADER, claim, create_room, make_table, new_app
from .test_ws import Wire, connect


@pytest.fixture
def limits() -> Limits:
    return small_limits()


def ask_hint(t, token: str | None, seat: int, version: int) -> Any:
    return t.client.post(
        f"/api/rooms/{t.room}/seats/{seat}/hint", headers=t.auth(token), json={"version": version}
    )


def mover(t) -> tuple[int, int]:
    """The seat to move and the version."""
    v = t.view(t.teacher)
    return v["current_player"], v["version"]


# -- hints ------------------------------------------------------------------------------------
def test_server_own_seat_a_hint_is_for_its_own_seat_only(client):
    """Only the player at a seat asks for its hint: another seat's secret and the teacher's
    are refused (403, server.own-seat); the seat's own gets the move in words with reasons,
    one of its legal moves."""
    t = make_table(client, game="secolo")
    seat, v = mover(t)
    other = 1 - seat
    r = ask_hint(t, t.tokens[other], seat, v)
    assert r.status_code == 403 and r.json()["rule"] == "server.own-seat"
    r = ask_hint(t, t.teacher, seat, v)
    assert r.status_code == 403 and r.json()["rule"] == "server.own-seat"
    r = ask_hint(t, t.tokens[seat], seat, v)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["ok"] is True and answer["version"] == v
    given = answer["hint"]
    legal = {a["key"]: a for a in t.view(t.tokens[seat])["legal"]}
    assert given["key"] in legal
    assert given["label"] and given["reasons"]
    assert given["label"] in answer["message"]
    assert given["key"] not in answer["message"] + given["text"]  # words, never the key


def test_server_not_your_turn_no_hint_for_a_seat_that_does_not_decide(client):
    """A hint is for the decision at hand: the seat that does not decide is refused with the
    deciding player's name."""
    t = make_table(client, game="secolo")
    seat, v = mover(t)
    other = 1 - seat
    r = ask_hint(t, t.tokens[other], other, v)
    body = r.json()
    assert r.status_code == 200 and body["ok"] is False
    assert body["rule"] == "server.not-your-turn"
    deciding = t.view(t.teacher)["players"][seat]["name"]
    assert deciding in body["reason"]


def test_server_no_hints_when_the_teacher_turns_them_off(client):
    """The teacher decides whether a room's players may ask for hints (on by default)."""
    t = make_table(client, game="secolo")
    seat, v = mover(t)
    assert client.get(f"/api/rooms/{t.room}").json()["hints"] is True
    r = client.patch(f"/api/rooms/{t.room}", headers=t.auth(t.teacher), json={"hints": False})
    assert r.status_code == 200 and r.json()["hints"] is False
    body = ask_hint(t, t.tokens[seat], seat, v).json()
    assert body["ok"] is False and body["rule"] == "server.no-hints"
    assert "turned hints off" in body["reason"]
    client.patch(f"/api/rooms/{t.room}", headers=t.auth(t.teacher), json={"hints": True})
    assert ask_hint(t, t.tokens[seat], seat, v).json()["ok"] is True


def test_a_stale_hint_is_refused_and_a_hint_is_recorded(tmp_path, limits):
    """A hint asked on an older view is refused (engine.stale); every hint given is kept in
    the database (the review marks "hint taken"), across a restart."""
    db = tmp_path / "rooms.sqlite"
    with TestClient(new_app(db, limits=limits)) as c:
        t = make_table(c, game="secolo")
        seat, v = mover(t)
        body = ask_hint(t, t.tokens[seat], seat, v + 3).json()
        assert body["ok"] is False and body["rule"] == "engine.stale"
        given = ask_hint(t, t.tokens[seat], seat, v).json()["hint"]
        app = c.app
        at = len(app.state.server.rooms.get(t.room).match.actions)
    with TestClient(new_app(db, limits=limits)) as c:
        server = c.app.state.server
        assert server.store.hints(t.room) == {at: (seat, given["key"])}
        c.get(f"/api/rooms/{t.room}")
        assert server.rooms.get(t.room).session.hints == {at: (seat, given["key"])}
    del app


def test_server_flood_hints_are_rate_limited_per_seat(tmp_path, clock):
    """A seat asks for a burst of hints, then one per interval (the same position twice is
    answered from memory and costs nothing)."""
    limits = small_limits(hint_burst=1, hint_rate=0.1)
    with TestClient(new_app(tmp_path / "db.sqlite", limits=limits, clock=clock)) as c:
        t = make_table(c, game="secolo")
        seat, v = mover(t)
        first = ask_hint(t, t.tokens[seat], seat, v).json()
        assert first["ok"] is True
        assert ask_hint(t, t.tokens[seat], seat, v).json() == first  # remembered
        while True:  # play on until this seat decides again
            t.play_one()
            now, v = mover(t)
            if now == seat:
                break
        r = ask_hint(t, t.tokens[seat], seat, v)
        assert r.status_code == 429 and r.json()["rule"] == "server.flood"
        clock.now += 10  # one more hint after the interval
        assert ask_hint(t, t.tokens[seat], seat, v).json()["ok"] is True


def test_a_hint_over_the_websocket(live):
    """Over the WebSocket a hint is asked as {"type": "hint"} and answered
    {"type": "hint", "seq", "hint"}; the teacher's connection is refused one."""
    t = make_table(live.http, game="secolo")
    seat, v = mover(t)
    with connect(t) as ws, connect(t) as teacher:
        w = Wire(ws, t.tokens[seat])
        w.view()
        w.ws.send_json({"type": "hint", "version": v, "seq": 9})
        answer = w.until(lambda m: m["type"] == "hint")
        assert answer["seq"] == 9 and answer["ok"] is True and answer["hint"]["reasons"]
        wt = Wire(teacher, t.teacher)
        wt.view()
        wt.ws.send_json({"type": "hint", "version": v, "seq": 1})
        refused = wt.until(lambda m: m["type"] == "hint")
        assert refused["ok"] is False and refused["rule"] == "server.own-seat"


def test_a_stuck_hint_stalls_no_room_and_breaks_none(tmp_path, monkeypatch):
    """The coach works off the event loop in its own threads: while one room's hint is stuck,
    another room plays, the same room's players move on, a second hint in that room is told
    the coach is busy (server.coach-busy), and the stuck one is refused after its time
    (server.coach-time) without breaking the room."""
    limits = small_limits(hint_seconds=0.5, coach_workers=0)  # threads: the test holds one
    released = threading.Event()
    real_hint = coaching.hint

    def stuck_hint(match, seat, **kw):
        released.wait(20)  # holds a coach thread, not the event loop
        return real_hint(match, seat, **kw)

    monkeypatch.setattr(coaching, "hint", stuck_hint)
    with TestClient(new_app(tmp_path / "db.sqlite", limits=limits)) as c:
        slow, other = make_table(c, game="secolo"), make_table(c, game="secolo")
        seat, v = mover(slow)
        answers: dict[str, Any] = {}

        def ask() -> None:
            answers["stuck"] = ask_hint(slow, slow.tokens[seat], seat, v).json()

        asking = threading.Thread(target=ask)
        asking.start()
        time.sleep(0.1)
        other.play_one()  # another room is answered while the hint is stuck
        busy = ask_hint(slow, slow.tokens[seat], seat, v).json()
        assert busy["ok"] is False and busy["rule"] == "server.coach-busy"
        asking.join(20)
        assert answers["stuck"]["rule"] == "server.coach-time"
        slow.play_one()  # the room is not broken: its players play on
        released.set()
        listed = {r["room"]: r for r in c.get("/api/rooms", headers=KEY_HEADER).json()["rooms"]}
        assert not listed[slow.room]["broken"]


# -- reviews ----------------------------------------------------------------------------------
def finished_secolo(client) -> tuple[dict[str, str], str]:
    """A Secolo room played to its end: the first seat (Ada) a person playing her first legal
    move, the second the random bot; and every text Ada's views showed her."""
    r = create_room(client, {"game": "secolo", "players": 2, "seed": 7, "bots": {"1": "random"}})
    body = r.json()
    room = body["room"]
    token = claim(client, body, 0, "Ada").json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    seen: list[str] = []
    for _ in range(5000):
        view = client.get(f"/api/rooms/{room}/view", headers=auth).json()
        seen.append(json.dumps(view, ensure_ascii=False))
        if client.get(f"/api/rooms/{room}").json()["over"]:
            break
        if view["current_player"] != 0 or not view["legal"]:
            time.sleep(0.005)  # the bot is thinking
            continue
        move = {"key": view["legal"][0]["key"], "version": view["version"]}
        client.post(f"/api/rooms/{room}/actions", headers=auth, json=move)
    assert client.get(f"/api/rooms/{room}").json()["over"]
    return {"room": room, "token": token, "teacher": body["teacher"]}, "\n".join(seen)


def card_names(data: Any) -> set[str]:
    """Every card name in a view (any object with a "name" and a card "id" or "type")."""
    out: set[str] = set()
    if isinstance(data, dict):
        if isinstance(data.get("name"), str) and ("culture" in data or "type" in data):
            out.add(data["name"])
        for v in data.values():
            out |= card_names(v)
    elif isinstance(data, list):
        for v in data:
            out |= card_names(v)
    return out


def wait_review(client, room: str, seat: int, headers: dict[str, str]) -> dict[str, Any]:
    for _ in range(1200):
        r = client.get(f"/api/rooms/{room}/seats/{seat}/review", headers=headers)
        assert r.status_code == 200, r.text
        body = r.json()
        if body["state"] not in ("queued", "running"):
            return body
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_server_not_over_and_own_seat_who_may_open_a_review(client):
    """A player opens the review of their own seat once the game is over (server.not-over
    before); never another seat's (server.own-seat); the teacher any seat's, at any time."""
    t = make_table(client, game="secolo")
    for seat in (0, 1):
        r = client.post(
            f"/api/rooms/{t.room}/seats/{seat}/review", headers=t.auth(t.tokens[seat]), json={}
        )
        assert r.status_code == 409 and r.json()["rule"] == "server.not-over"
        r = client.post(
            f"/api/rooms/{t.room}/seats/{1 - seat}/review", headers=t.auth(t.tokens[seat]), json={}
        )
        assert r.status_code == 403 and r.json()["rule"] == "server.own-seat"
    r = client.post(f"/api/rooms/{t.room}/seats/1/review", headers=t.auth(t.teacher), json={})
    assert r.status_code in (200, 202), r.text
    assert wait_review(client, t.room, 1, t.auth(t.teacher))["state"] == "done"


def test_a_players_review_after_the_end_shows_nothing_hidden_and_is_cached(tmp_path, limits):
    """After the end the player reviews their own game: the decisions judged, the page with
    the advantage graph; the other seat's secret cannot open it (not even its page); no card
    that stayed hidden in the bot's hand appears in it. The second open, after a restart
    too, is the stored review, not a new one."""
    db = tmp_path / "rooms.sqlite"
    with TestClient(new_app(db, limits=limits)) as c:
        game, seen = finished_secolo(c)
        room, mine = game["room"], {"Authorization": f"Bearer {game['token']}"}
        teacher_view = c.get(
            f"/api/rooms/{room}/view", headers={"Authorization": f"Bearer {game['teacher']}"}
        ).json()
        hand = card_names(teacher_view["players"][1].get("hand"))
        hidden = {n for n in hand if n not in seen}
        assert hidden, "the bot ends the game with cards Ada never saw"
        started = c.post(f"/api/rooms/{room}/seats/0/review", headers=mine, json={})
        assert started.status_code == 202 and started.json()["state"] in ("queued", "running")
        again = c.post(f"/api/rooms/{room}/seats/0/review", headers=mine, json={})
        assert again.json()["state"] in ("queued", "running", "done")  # the same review
        busy = c.post(f"/api/rooms/{room}/seats/1/review", headers=KEY_HEADER, json={})
        if busy.status_code == 409:  # another seat's review waits for this one
            assert busy.json()["rule"] == "server.coach-busy"
        done = wait_review(c, room, 0, mine)
        assert done["state"] == "done", done
        review = done["review"]
        assert review["seat"] == 0 and review["players"][0] == "Ada"
        assert review["decisions"] and all(d["text"] for d in review["decisions"])
        page = c.get(f"/api/rooms/{room}/seats/0/review/page", headers=mine)
        assert page.status_code == 200 and 'data-graph="advantage"' in page.text
        payload = json.dumps(done, ensure_ascii=False) + page.text
        leaked = sorted(n for n in hidden if n in payload)
        assert not leaked, leaked
        # the bot's seat has no secret; the teacher's key opens it, a player's does not
        other = c.get(f"/api/rooms/{room}/seats/1/review/page", headers=mine)
        assert other.status_code == 403 and other.json()["rule"] == "server.own-seat"

    def no_new_review(*a: Any, **kw: Any) -> Any:
        raise AssertionError("the stored review was made again")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(coaching, "review", no_new_review)
        with TestClient(new_app(db, limits=limits)) as c:
            r = c.post(f"/api/rooms/{room}/seats/0/review", headers=mine, json={})
            assert r.status_code == 200, r.text
            body = r.json()
            assert body["state"] == "done" and body["cached"] is True
            assert body["review"] == review


def test_a_review_can_be_cancelled(tmp_path, monkeypatch):
    """The teacher cancels a review under way: it stops at the next decision and says so;
    a new request starts it again. (Reviewed in a thread of the server, where the test can
    hold it; the other tests review in the worker process, as a server does.)"""
    limits = small_limits(coach_workers=0)
    gate = threading.Event()
    real_review = coaching.review

    def slow_review(source, seat, **kw):
        cancel = kw["cancel"]

        def held() -> bool:
            gate.wait(20)
            return cancel()

        return real_review(source, seat, **(kw | {"cancel": held}))

    monkeypatch.setattr(coaching, "review", slow_review)
    with TestClient(new_app(tmp_path / "db.sqlite", limits=limits)) as c:
        t = make_table(c, game="secolo")
        for _ in range(6):
            t.play_one()
        url = f"/api/rooms/{t.room}/seats/0/review"
        assert c.post(url, headers=t.auth(t.teacher), json={}).status_code == 202
        r = c.delete(url, headers=t.auth(t.teacher))
        assert r.status_code == 200
        gate.set()
        body = wait_review(c, t.room, 0, t.auth(t.teacher))
        assert body["state"] == "cancelled" and body["reason"] == "cancelled"
        assert c.post(url, headers=t.auth(t.teacher), json={}).status_code == 202
        assert wait_review(c, t.room, 0, t.auth(t.teacher))["state"] == "done"


def test_deleting_a_room_deletes_its_hints_and_reviews(client):
    """The teacher deletes a room: its recorded hints and stored reviews go with it."""
    t = make_table(client, game="secolo")
    seat, v = mover(t)
    assert ask_hint(t, t.tokens[seat], seat, v).json()["ok"] is True
    t.play_one()
    url = f"/api/rooms/{t.room}/seats/{seat}/review"
    client.post(url, headers=t.auth(t.teacher), json={})
    assert wait_review(client, t.room, seat, t.auth(t.teacher))["state"] == "done"
    store = client.app.state.server.store
    moves = len(client.app.state.server.rooms.get(t.room).match.actions)
    settings = client.app.state.server.coach.review_settings
    assert store.hints(t.room) and store.review(t.room, seat, moves, settings) is not None
    assert client.delete(f"/api/rooms/{t.room}", headers=t.auth(t.teacher)).status_code == 204
    assert store.hints(t.room) == {} and store.review(t.room, seat, moves, settings) is None


def test_a_coach_process_that_dies_is_replaced(client):
    """A hint's worker process killed (out of memory, say): that hint is refused in words
    (server.error), the next one is answered by a new process."""
    import os
    import signal

    t = make_table(client, game="secolo")
    seat, v = mover(t)
    assert ask_hint(t, t.tokens[seat], seat, v).json()["ok"] is True
    coach = client.app.state.server.coach
    for process in list(coach.hint_pool()._processes.values()):
        os.kill(process.pid, signal.SIGKILL)
    coach._last_hint.clear()  # ask the coach again, not its memory
    time.sleep(0.2)
    failed = ask_hint(t, t.tokens[seat], seat, v).json()
    assert failed["ok"] is False and failed["rule"] == "server.error"
    assert "could not give a hint" in failed["reason"]
    assert ask_hint(t, t.tokens[seat], seat, v).json()["ok"] is True


def test_a_review_says_hint_taken_where_the_hinted_move_was_played(client):
    """Asking for a hint is part of the room's record: the review marks the decision where the
    player played the hinted move ("hint taken"), and only that one."""
    t = make_table(client, game="secolo")
    seat, v = mover(t)
    given = ask_hint(t, t.tokens[seat], seat, v).json()["hint"]
    assert t.act(t.tokens[seat], given["key"], v).json()["ok"] is True
    for _ in range(4):
        t.play_one()
    url = f"/api/rooms/{t.room}/seats/{seat}/review"
    client.post(url, headers=t.auth(t.teacher), json={})
    review = wait_review(client, t.room, seat, t.auth(t.teacher))["review"]
    taken = [d for d in review["decisions"] if "(hint taken)" in d["text"]]
    assert [d["index"] for d in taken] == [v]


LOOP = Path(__file__).parents[1] / "coach_files" / "declined_offer_loop.json"


def test_a_room_hint_leaves_out_the_offer_just_declined():
    """A room keeps no undo snapshots, so the coach's worker gets the room's last positions
    with the position: at deal 33's declined offer (tests/coach_files), the room's hint is
    not the offer Orange just declined, which the position alone would hint again."""
    from clash_widget.coach import HINT_BUDGET
    from clash_widget.engine.state import clone
    from clash_widget.server.rooms import RECENT_KEPT, replay_record

    m = replay_record(json.loads(LOOP.read_text(encoding="utf-8")))  # a room's live match
    recent = m.recent(RECENT_KEPT)
    assert len(recent) == RECENT_KEPT and m.keep_undo is False
    offer = "trade 1 food:1 ore:1"
    alone = coaching.hint_words("coc", clone(m.state), 0, HINT_BUDGET, m.version)
    assert alone["key"] == offer
    room = coaching.hint_words("coc", clone(m.state), 0, HINT_BUDGET, m.version, recent)
    assert room["key"] != offer


def test_a_room_hands_the_coach_its_last_positions(tmp_path, monkeypatch):
    """The hint asked in a room is worked out with the room's last positions and the moves
    played from them (the room's own record, at most ``RECENT_KEPT``)."""
    from clash_widget.server.rooms import RECENT_KEPT

    seen: list[Any] = []
    real_hint = coaching.hint

    def spy(match, seat, **kw):
        seen.append(kw.get("recent"))
        return real_hint(match, seat, **kw)

    monkeypatch.setattr(coaching, "hint", spy)
    with TestClient(new_app(tmp_path / "db.sqlite", limits=small_limits(coach_workers=0))) as c:
        t = make_table(c, game="coc")
        played = [t.play_one() for _ in range(3)]
        assert all(p["ok"] for p in played)
        seat, v = mover(t)
        assert ask_hint(t, t.tokens[seat], seat, v).json()["ok"] is True
        game = c.get(f"/api/rooms/{t.room}/game", headers=t.auth(t.teacher))
        assert game.status_code == 200, game.text
    actions = game.json()["record"]["actions"]
    keys = [k for _, k in seen[0]]
    assert len(actions) >= 3 and keys == actions[-RECENT_KEPT:]


# -- the review page's replay -----------------------------------------------------------------
def replay(client, room: str, seat: int, headers: dict[str, str], at: Any = None) -> Any:
    query = "" if at is None else f"?at={at}"
    return client.get(f"/api/rooms/{room}/seats/{seat}/review/view{query}", headers=headers)


def test_the_review_replay_shows_the_reviewed_seats_own_view_only(client):
    """The review page's table replays the game in the reviewed seat's own view: after any
    number of recorded actions it is what that seat saw then, for the teacher too (never the
    teacher's every-hand view), read-only (no legal move); the end of the record without
    ``at``. The review it shows says where each judged move lies on that seat's board."""
    t = make_table(client, game="secolo")
    for _ in range(8):
        t.play_one()
    room = client.app.state.server.rooms.get(t.room)
    n = len(room.match.actions)
    teacher = t.auth(t.teacher)
    for seat in (0, 1):
        for at in (0, 3, n):
            r = replay(client, t.room, seat, teacher, at)
            assert r.status_code == 200, r.text
            body = r.json()
            assert (body["seat"], body["position"], body["length"]) == (seat, at, n)
            past = room.session.match_at(at)
            own, every = past.view(seat), past.view(None)
            assert body["view"]["players"] == own["players"] != every["players"]
            assert body["view"]["legal"] == []
    end = replay(client, t.room, 0, KEY_HEADER).json()
    assert end["position"] == n and end["view"]["players"] == room.match.view(0)["players"]

    client.post(f"/api/rooms/{t.room}/seats/0/review", headers=teacher, json={})
    review = wait_review(client, t.room, 0, teacher)["review"]
    assert review["decisions"] and review["thresholds"] and review["counts"]
    from clash_widget.coach.front import targets_of

    for d in review["decisions"]:
        at_decision = room.session.match_at(d["index"])
        assert at_decision.current_player == 0
        view = at_decision.view(0)
        played = room.match.actions[d["index"]]
        assert d["played_targets"] == targets_of(view, played)
        assert 0 <= d["loss"] <= 100 and d["reasons"] is not None
    assert any(d["played_targets"] for d in review["decisions"])


def test_server_own_seat_the_review_replay_is_the_reviews_rules(client):
    """The replay opens to whoever may open the review: the seat's own secret once the game
    is over (server.not-over before), never another seat's (server.own-seat), the teacher's
    at any time; a position that is not a number of recorded actions is refused
    (engine.malformed)."""
    t = make_table(client, game="secolo")
    for _ in range(4):
        t.play_one()
    r = replay(client, t.room, 0, t.auth(t.tokens[0]), 1)
    assert r.status_code == 409 and r.json()["rule"] == "server.not-over"
    r = replay(client, t.room, 1, t.auth(t.tokens[0]), 1)
    assert r.status_code == 403 and r.json()["rule"] == "server.own-seat"
    r = replay(client, t.room, 1, {})
    assert r.status_code == 401
    n = replay(client, t.room, 1, t.auth(t.teacher)).json()["length"]
    for bad in ("-1", "x", "1.5", "\u00b2", n + 1, "9" * 30):
        r = replay(client, t.room, 1, t.auth(t.teacher), bad)
        assert r.status_code == 400 and r.json()["rule"] == "engine.malformed", (bad, r.text)
    assert replay(client, t.room, 1, t.auth(t.teacher), n).status_code == 200


def test_server_flood_the_review_replay_is_rate_limited(tmp_path, clock):
    """Moving the replay asks the server for each position: past the burst of requests, the
    next is refused (server.flood) until the clock lets more through."""
    limits = small_limits(burst=3, actions_per_second=1.0)
    with TestClient(new_app(tmp_path / "db.sqlite", limits=limits, clock=clock)) as c:
        t = make_table(c, game="secolo")
        t.play_one()
        codes = [replay(c, t.room, 0, t.auth(t.teacher), 0).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        assert replay(c, t.room, 0, t.auth(t.teacher), 0).json()["rule"] == "server.flood"
        clock.now += 1.5
        assert replay(c, t.room, 0, t.auth(t.teacher), 0).status_code == 200
