"""The server's bot seats play through the engine's Session (issue 24, "Engine hooks instead of
copies"): ``Session.step`` chooses and plays, with the bots every table seats (one seeding), in
a thread so that the bot's thinking does not hold up the event loop."""

from __future__ import annotations

import threading
import time

from clash_widget.engine.session import Session
from clash_widget.lab.one_game import play_match

from .conftest import KEY_HEADER, make_table

BOTS = ["random", "heuristic"]


def _wait_until_over(client, room: str) -> dict:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        summary = client.get(f"/api/rooms/{room}").json()
        if summary["over"]:
            return summary
        time.sleep(0.05)
    raise AssertionError(f"room {room}: the bots did not finish the game")


def test_a_room_of_bots_plays_the_game_a_session_and_self_play_play(client):
    """The same bots at the same seats of the same seeded game make the same moves on the
    server, in a widget's session and in the lab's self-play."""
    t = make_table(client, game="secolo", players=2, seed=7, bots=dict(enumerate(BOTS)))
    _wait_until_over(client, t.room)
    served = client.get(f"/api/rooms/{t.room}/game", headers=t.auth(t.teacher)).json()
    local = Session.new("secolo", 2, 7, bots=BOTS)
    local.run()
    assert local.match.is_over
    assert served["record"]["actions"] == local.match.actions
    assert play_match("secolo", 2, 7, BOTS).actions == local.match.actions


def test_a_thinking_bot_does_not_hold_up_the_server(client, monkeypatch):
    """While a bot thinks (here: until the test has had an answer from the server), the
    server answers other requests: the thinking runs outside the event loop."""
    thinking, answered = threading.Event(), threading.Event()
    heard: list[bool] = []
    choose = Session.choose

    def slow_choose(self: Session):
        thinking.set()
        heard.append(answered.wait(30))  # False only if the server could not answer meanwhile
        return choose(self)

    monkeypatch.setattr(Session, "choose", slow_choose)
    t = make_table(client, game="secolo", players=2, seed=7, bots=dict(enumerate(BOTS)))
    assert thinking.wait(30), "the bot of seat 1 never started to think"
    # answered while the bot thinks (the requests that need its room wait for its move)
    assert client.get("/api/rooms", headers=KEY_HEADER).status_code == 200
    assert make_table(client, game="coc").room != t.room
    answered.set()
    deadline = time.monotonic() + 30
    while t.view(t.teacher)["version"] == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert heard and heard[0] is True
    assert t.view(t.teacher)["version"] > 0  # and then the bot's move was played and stored
