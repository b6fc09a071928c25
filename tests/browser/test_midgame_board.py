"""A 4-player mid-game in a real JupyterLab: hidden hands per seat, bot seats playing
live from the control bar, and the README screenshot (docs/screenshot.png)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_scripted_game import click_hex, open_board, write_notebook

DOCS = Path(__file__).resolve().parents[2] / "docs"

pytestmark = pytest.mark.browser

SETUP = """\
from clash_widget.widget import ClashBoard
from clash_widget.coc.demo import demo_midgame

board = ClashBoard(demo_midgame(players=4, seed=5))
board
"""


def test_midgame_seats_bots_and_screenshot(lab):
    page = lab.page
    open_board(lab, write_notebook(lab, "midgame.ipynb", SETUP))
    widget = page.locator(".clash-widget").first
    expect(widget.locator(".clash-player")).to_have_count(4)

    # Teacher view: every hand is drawn. A seat's view: only that seat's hand.
    expect(widget.locator(".clash-hand")).to_have_count(4)
    widget.locator(".clash-view-select").select_option("2")
    assert lab.wait_kernel("board.seat == 2 and board.view['seat'] == 2")
    expect(widget.locator(".clash-hand")).to_have_count(1)
    expect(widget.locator('.clash-player[data-seat="2"] .clash-hand')).to_have_count(1)
    widget.locator(".clash-view-select").select_option("teacher")
    assert lab.wait_kernel("board.seat is None")
    expect(widget.locator(".clash-hand")).to_have_count(4)

    # Seats 1-3 become bots from the control bar; they play live after "play".
    for seat, bot in ((1, "heuristic"), (2, "random"), (3, "random")):
        widget.locator(f'.clash-seat[data-seat="{seat}"] select').select_option(bot)
    assert lab.wait_kernel("board.bots == [None, 'heuristic', 'random', 'random']")
    expect(widget.locator(".clash-tag-bot")).to_have_count(3)
    delay = widget.locator(".clash-delay")
    delay.fill("0.2")
    delay.dispatch_event("change")
    assert lab.wait_kernel("abs(board.bot_delay - 0.2) < 1e-9")
    # Seat 0 (a person) finishes its turn so the bots have something to do.
    lab.kernel(
        "while board.match.current_player == 0 and not board.match.is_over:\n"
        "    board.play('end' if any(str(a) == 'end' for a in board.match.legal_actions())"
        " else str(board.match.legal_actions()[0]))"
    )
    v0 = lab.kernel_json("board.match.version")
    widget.locator(".clash-autoplay").click()
    assert lab.wait_kernel("board.bots_running")
    assert lab.wait_kernel(f"board.match.version >= {v0 + 3}", timeout=60)
    # The bots hand back to the person: the runner idles until seat 0 acts.
    assert lab.wait_kernel("board.match.current_player == 0", timeout=120)
    widget.locator(".clash-autoplay").click()
    assert lab.wait_kernel("not board.autoplay and not board.bots_running")
    report = lab.kernel_json(
        "{'inv': board.match.game.invariants(board.match.state),"
        " 'view': board.view == board.match.view(board.seat)}"
    )
    assert report == {"inv": [], "view": True}
    version = lab.kernel_json("board.match.version")
    # The version is data for tests (data-version), never words on the banner.
    expect(widget).to_have_attribute("data-version", str(version))
    expect(widget.locator(".clash-feedback")).to_contain_text("bot")

    # For the picture: Player 1's capital selected, its actions listed.
    capital = lab.kernel_json(
        "next([c['q'], c['r']] for c in board.view['cities'] if c['owner'] == 0 and c['capital'])"
    )
    click_hex(lab, *capital)
    save_screenshot(page)


def save_screenshot(page) -> None:
    """Write docs/screenshot.png only when missing or UPDATE_SCREENSHOTS=1 (keeps git clean)."""
    out = DOCS / "screenshot.png"
    if out.exists() and os.environ.get("UPDATE_SCREENSHOTS") != "1":
        return
    # The whole widget in view, the file browser folded away: the board gets the width.
    page.evaluate(
        "() => { const app = window.jupyterapp;"
        " if (!app.shell.leftCollapsed) app.commands.execute('application:toggle-left-area'); }"
    )
    page.set_viewport_size({"width": 1280, "height": 1900})
    page.mouse.move(1, 1)  # no hover highlight in the picture
    page.evaluate("() => document.fonts.ready")
    widget = page.locator(".clash-widget").first
    widget.scroll_into_view_if_needed()
    page.wait_for_timeout(300)  # let the selection outline settle
    DOCS.mkdir(exist_ok=True)
    widget.screenshot(path=str(out), animations="disabled")
