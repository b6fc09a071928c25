"""``ClashBoard.join(link)`` and the other game widgets' ``join``: a seat's join link (as the
teacher hands it out) gives that seat's board in the notebook, moved by a real server."""

from __future__ import annotations

import importlib.util

import pytest

from clash_widget.widget.classroom import Room, RoomRefused, parse_link

pytest.importorskip("anywidget")

from clash_widget.widget import ClashBoard, HistoryTable, PersistenceMap, SecoloTable  # noqa: E402

from .conftest import KEY  # noqa: E402
from .test_board import wait  # noqa: E402

WIDGETS = [ClashBoard, SecoloTable, PersistenceMap, HistoryTable]


@pytest.mark.parametrize("widget", WIDGETS, ids=lambda w: w.GAME)
def test_each_game_widget_joins_a_room_from_a_seat_link(live, widget):
    teacher = Room.create(live.base, key=KEY, game=widget.GAME, players=2, seed=7)
    link = teacher.links[1]["join"]
    board = widget.join(link, name="Ada")
    try:
        wait(lambda: board.view.get("version") == 0)
        assert board.seat == 1 and board.lock_view and board.connection == "connected"
        assert type(board).__name__ == f"RoomBoard_{widget.GAME}"
        assert [s["name"] for s in teacher.info()["seats"]][1] == "Ada"
    finally:
        board.close()


def test_a_joined_board_sees_only_its_own_hand_and_the_seat_is_taken(live):
    teacher = Room.create(live.base, key=KEY, game="history", players=2, seed=7)
    board = HistoryTable.join(teacher.links[0]["join"], name="Ada")
    try:
        wait(lambda: board.view.get("version") == 0)
        assert board.view["players"][0]["council"]
        assert board.view["players"][1]["council"] is None
        with pytest.raises(RoomRefused) as exc:
            HistoryTable.join(teacher.links[0]["join"], name="Eve")
        assert exc.value.body["rule"] == "server.seat-taken"
    finally:
        board.close()


def test_a_widget_of_another_game_refuses_the_link_and_takes_no_seat(live):
    teacher = Room.create(live.base, key=KEY, game="history", players=2, seed=7)
    with pytest.raises(ValueError, match="ClashBoard shows coc games; this room plays history"):
        ClashBoard.join(teacher.links[0]["join"], name="Ada")
    assert [s["name"] for s in teacher.info()["seats"]] == [None, None]


def test_join_links_are_read_from_the_servers_format():
    assert parse_link("http://10.0.0.5:8000/play#room=KQXW&seat=3&claim=s3cr3t") == (
        "http://10.0.0.5:8000",
        "KQXW",
        3,
        "s3cr3t",
    )
    assert parse_link("https://school.example/clash/play#room=AB&seat=0") == (
        "https://school.example/clash",
        "AB",
        0,
        None,
    )
    for bad in [
        "http://h:1/teacher#room=AB&token=x",
        "http://h:1/play#seat=0",
        "http://h:1/play#room=AB",
    ]:
        with pytest.raises(ValueError):
            parse_link(bad)


def test_without_the_server_extra_join_says_what_to_install(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "websockets" else real(name, *a),
    )
    with pytest.raises(ImportError, match=r"pip install 'clash_widget\[server\]'"):
        ClashBoard.join("http://127.0.0.1:9/play#room=AB&seat=0")
