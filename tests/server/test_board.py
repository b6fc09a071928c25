"""A notebook board moved by a room (Room.board): its seat's view arrives as the ``view``
trait, a click's ``intent`` is played by the server, the answer comes back as
``feedback``; another seat's hand never reaches it."""

from __future__ import annotations

import time

import pytest

from clash_widget.widget.classroom import Room

pytest.importorskip("anywidget")

from .conftest import KEY


def wait(pred, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_a_board_follows_and_plays_the_room(live):
    teacher = Room.create(live.base, key=KEY, game="history", players=2, seed=7)
    seats = [teacher.join(0, "Ada"), teacher.join(1, "Bob")]
    boards = [s.board() for s in seats]
    try:
        for i, b in enumerate(boards):
            wait(lambda b=b: b.view.get("version") == 0)
            assert b.seat == i and b.lock_view and b.connection == "connected"
            assert b._esm and "history" in type(b).__name__
            assert b.view["players"][1 - i]["council"] is None
            assert b.view["players"][i]["council"]
        mover = teacher.view()["current_player"]
        board = boards[mover]
        key = board.view["legal"][0]["key"]
        board.intent = {"seq": 1, "version": 0, "type": "act", "key": key}  # a click
        wait(lambda: board.feedback.get("seq") == 1)
        assert board.feedback["ok"] is True
        for b in boards:
            wait(lambda b=b: b.view.get("version") == 1)
        other = boards[1 - mover]
        other.intent = {"seq": 2, "version": 0, "type": "act", "key": key}  # too late
        wait(lambda: other.feedback.get("seq") == 2)
        assert other.feedback["ok"] is False and other.feedback["rule_id"] == "engine.stale"
        other.intent = {"seq": 3, "version": 1, "type": "undo"}
        wait(lambda: other.feedback.get("seq") == 3)
        assert other.feedback["rule_id"] == "server.moves-only"
        other.bots = ["random", None]  # the page's bot selector: the room's, put back
        assert other.bots == [None, None]
        assert other.feedback["rule_id"] == "server.moves-only"
        other.position = 0
        assert other.position is None
    finally:
        for b in boards:
            b.close()


def test_a_board_with_a_wrong_secret_says_refused(live):
    teacher = Room.create(live.base, key=KEY, game="history", players=2, seed=7)
    fake = Room(live.base, teacher.room, "not-a-secret", seat=0)
    board = fake.board()
    try:
        wait(lambda: board.connection == "refused")
        assert board.view == {}
    finally:
        board.close()


def test_a_clash_of_cultures_board_answers_hex_selection_from_its_view(live):
    teacher = Room.create(live.base, key=KEY, game="coc", players=2, seed=3)
    seat = teacher.join(0, "Ada")
    board = seat.board()
    try:
        wait(lambda: board.view.get("version") == 0)
        city = next(c for c in board.view["cities"] if c["owner"] == 0)
        board.intent = {"seq": 1, "version": 0, "type": "select", "q": city["q"], "r": city["r"]}
        assert board.selected["city"] == city and board.feedback["ok"] is True
        assert [u["owner"] for u in board.selected["units"]] == [0]
        board.intent = {"seq": 2, "version": 0, "type": "select", "q": 99, "r": 99}
        assert board.feedback["rule_id"] == "engine.malformed"
    finally:
        board.close()


def test_a_rooms_board_asks_the_servers_coach_for_a_hint(live):
    """The table's Hint button on a notebook room board asks the server's coach: the hint
    comes back as the ``hint`` trait and its words in ``feedback``; the seat that does not
    decide is refused (server.not-your-turn)."""
    teacher = Room.create(live.base, key=KEY, game="secolo", players=2, seed=7)
    seats = [teacher.join(0, "Ada"), teacher.join(1, "Bob")]
    boards = [s.board() for s in seats]
    try:
        for b in boards:
            wait(lambda b=b: b.view.get("version") == 0)
        mover = teacher.view()["current_player"]
        board, other = boards[mover], boards[1 - mover]
        board.intent = {"seq": 4, "version": 0, "type": "hint"}  # the Hint button
        wait(lambda: board.feedback.get("seq") == 4)
        assert board.feedback["ok"] is True and board.hint["version"] == 0
        assert board.hint["key"] in {a["key"] for a in board.view["legal"]}
        assert board.hint["label"] in board.feedback["message"]
        other.intent = {"seq": 5, "version": 0, "type": "hint"}
        wait(lambda: other.feedback.get("seq") == 5)
        assert other.feedback["ok"] is False
        assert other.feedback["rule_id"] == "server.not-your-turn"
        assert other.hint == {}
    finally:
        for b in boards:
            b.close()
