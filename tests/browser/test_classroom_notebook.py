"""A notebook board moved by a room, in a real JupyterLab (issue 26): ``Room.board()`` shows
the game's own table for one seat; a click on it is a move in the room, and a move made
elsewhere (another seat, over HTTP) redraws it through the kernel's WebSocket thread."""

from __future__ import annotations

from pathlib import Path

import httpx
import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook
from playwright.sync_api import expect

from clash_widget.server.process import ServerProcess

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-results"

pytestmark = pytest.mark.browser
pytest.importorskip("starlette", reason="the classroom server needs the [server] extra")


def test_a_notebook_board_plays_a_room(lab, lab_server, tmp_path):
    with ServerProcess(tmp_path / "rooms.sqlite", args=["--bot-delay", "0"]) as server:
        http = httpx.Client(base_url=server.url, timeout=30)
        spec = {"game": "history", "players": 2, "seed": 7}
        key = {"Authorization": f"Bearer {server.key}"}
        body = http.post("/api/rooms", json=spec, headers=key).json()
        room, teacher = body["room"], body["teacher"]
        tokens = [
            http.post(
                f"/api/rooms/{room}/seats/{s}",
                json={"name": f"P{s}", "claim": body["seats"][s]["claim"]},
            ).json()["token"]
            for s in (0, 1)
        ]
        auth = {"Authorization": f"Bearer {teacher}"}
        nb = new_notebook(
            cells=[
                new_code_cell(
                    "from clash_widget.widget.classroom import Room\n"
                    f"board = Room({server.url!r}, {room!r}, {tokens[0]!r}, seat=0).board()\n"
                    "board"
                )
            ],
            metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        )
        nbformat.write(nb, lab_server.notebooks / "classroom_board.ipynb")
        lab.open_notebook("classroom_board.ipynb")
        lab.run_all()
        table = lab.page.locator(".jp-OutputArea-output .hccg-table")
        expect(table).to_be_visible(timeout=30_000)
        expect(table).to_have_attribute("data-version", "0")
        full = http.get(f"/api/rooms/{room}/view", headers=auth).json()
        own = table.locator('.hccg-council[data-seat="0"] .hccg-card')
        expect(own).to_have_count(len(full["players"][0]["council"]))
        expect(table.locator('.hccg-council[data-seat="1"] .hccg-card')).to_have_count(0)

        # A click on the notebook's board is Player 1's move in the room (they open the game).
        assert full["current_player"] == 0
        button = table.locator(".hccg-action[data-key]").first
        button.scroll_into_view_if_needed()
        button.click()
        expect(table).to_have_attribute("data-version", "1")
        assert http.get(f"/api/rooms/{room}/view", headers=auth).json()["version"] == 1

        def to_move() -> int:
            return http.get(f"/api/rooms/{room}/view", headers=auth).json()["current_player"]

        def play_first(seat: int) -> int:
            """The seat's first legal action over HTTP, as another client; the new version."""
            h = {"Authorization": f"Bearer {tokens[seat]}"}
            mine = http.get(f"/api/rooms/{room}/view", headers=h).json()
            r = http.post(
                f"/api/rooms/{room}/actions",
                headers=h,
                json={"key": mine["legal"][0]["key"], "version": mine["version"]},
            ).json()
            assert r["ok"], r
            return int(r["version"])

        # Moves made elsewhere redraw the notebook's board: first Player 1's own remaining
        # decisions (History asks about growth right after the capital), then seat 2's moves.
        version = 1
        for _ in range(10):
            if to_move() != 0:
                break
            version = play_first(0)
            expect(table).to_have_attribute("data-version", str(version))
        seat2_moves = 0
        for _ in range(3):
            if to_move() != 1:
                break
            version = play_first(1)
            seat2_moves += 1
        assert seat2_moves > 0, "seat 2 never got to move"
        expect(table).to_have_attribute("data-version", str(version))
        ARTIFACTS.mkdir(exist_ok=True)
        lab.page.screenshot(path=str(ARTIFACTS / "classroom-notebook-board.png"))
        lab.kernel("board.close()")
