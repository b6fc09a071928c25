"""The notebook helper Room over a real server: create, join, views, moves, the game file."""

from __future__ import annotations

import pytest

from clash_widget.widget.classroom import Room, RoomRefused

from .conftest import KEY


def test_room_helper_plays_a_room_end_to_end(live):
    teacher = Room.create(live.base, key=KEY, game="history", players=2, seed=7)
    seats = [teacher.join(0, "Ada"), teacher.join(1, "Bob")]
    assert "token" not in repr(seats[0]) and seats[0]._token not in repr(seats[0])
    with pytest.raises(RoomRefused) as exc:
        teacher.join(1, "Eve")
    assert exc.value.status == 409 and exc.value.body["rule"] == "server.seat-taken"
    assert seats[0].view()["players"][1]["council"] is None
    assert teacher.view()["players"][1]["council"]
    v = teacher.view()
    mover = seats[v["current_player"]]
    answer = mover.play(mover.view()["legal"][0]["key"])
    assert answer["ok"] and answer["version"] == v["version"] + 1
    stale = mover.play("pass", version=v["version"])
    assert stale["ok"] is False and stale["rule"] == "engine.stale"
    match = teacher.game()
    assert match.version == v["version"] + 1
    with pytest.raises(RoomRefused) as exc:
        seats[0].game()
    assert exc.value.status == 403
    assert [s["connected"] for s in teacher.info()["seats"]] == [False, False]


def test_room_helper_asks_the_coach_and_switches_hints(live):
    """A seat asks for its own hint from code; another seat, out of turn, is refused in
    words; with the teacher's switch off nobody gets one (server.no-hints)."""
    teacher = Room.create(live.base, key=KEY, game="secolo", players=2, seed=7)
    seats = [teacher.join(0, "Ada"), teacher.join(1, "Bob")]
    mover = teacher.view()["current_player"]
    answer = seats[mover].hint()
    assert answer["ok"] and answer["hint"]["label"] in [
        a["label"] for a in seats[mover].view()["legal"]
    ]
    waiting = seats[1 - mover].hint()
    assert waiting["ok"] is False and waiting["rule"] == "server.not-your-turn"
    teacher.allow_hints(False)
    off = seats[mover].hint()
    assert off["ok"] is False and off["rule"] == "server.no-hints"
    teacher.allow_hints(True)
    assert seats[mover].hint()["ok"]
