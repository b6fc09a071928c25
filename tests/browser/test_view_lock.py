"""A board locked to one seat in a real JupyterLab: the bar offers no other view and no
game file, other hands are never drawn, and Python can lift the lock."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_scripted_game import open_board, write_notebook

pytestmark = pytest.mark.browser

SETUP = """\
from clash_widget.widget import ClashBoard
from clash_widget.coc.demo import demo_midgame

board = ClashBoard(demo_midgame(players=4, seed=5), seat=2, lock_view=True)
board
"""


def test_locked_board_keeps_its_seat_until_python_unlocks(lab):
    open_board(lab, write_notebook(lab, "locked.ipynb", SETUP))
    widget = lab.page.locator(".clash-widget").first
    view_sel = widget.locator(".clash-view-select")
    expect(widget.locator(".clash-controls.is-view-locked")).to_have_count(1)
    expect(view_sel).to_be_disabled()
    expect(view_sel.locator("option")).to_have_count(1)
    expect(widget.locator(".clash-control-game")).to_be_hidden()
    expect(widget.locator(".clash-hand")).to_have_count(1)
    expect(widget.locator('.clash-player[data-seat="2"] .clash-hand')).to_have_count(1)

    # Replay stays, in seat 2's view.
    widget.locator(".clash-scrub-first").click()
    assert lab.wait_kernel("board.position == 0 and board.view['seat'] == 2")
    expect(widget.locator(".clash-scrub-label")).to_contain_text("replay 0/")
    expect(widget.locator('.clash-player:not([data-seat="2"]) .clash-hand')).to_have_count(0)
    widget.locator(".clash-scrub-live").click()
    assert lab.wait_kernel("board.position is None")

    # The notebook's code lifts the lock: the whole bar comes back.
    lab.kernel("board.lock_view = False")
    expect(view_sel).to_be_enabled()
    expect(widget.locator(".clash-control-game")).to_be_visible()
    view_sel.select_option("teacher")
    assert lab.wait_kernel("board.seat is None and board.view['seat'] is None")
    expect(widget.locator(".clash-hand")).to_have_count(4)
