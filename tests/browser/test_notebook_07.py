"""Notebook 07 (battles) in a real JupyterLab: it runs top to bottom, then a click on the
captured city reaches Python and a click on an action button plays it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK = "07_battles_and_capture.ipynb"
HEX = "svg polygon.clash-hex[data-q][data-r]"


def hex_locator(board, q: int, r: int):
    return board.locator(f'svg polygon.clash-hex[data-q="{q}"][data-r="{r}"]')


def test_notebook_07_runs_and_the_board_answers_clicks(lab):
    page = lab.page
    lab.open_notebook(NOTEBOOK)
    lab.run_all()

    # Every cell ran: the last one prints the exercise's hint (nobody answered yet).
    expect(page.locator(".jp-OutputArea-output", has_text="Not yet. Hint")).to_be_visible(
        timeout=120_000
    )
    board = page.locator(".clash-widget").first  # the lesson's first board (the battle)
    expect(board.locator(HEX).first).to_be_visible(timeout=60_000)
    # The odds chart was drawn (matplotlib's inline PNG).
    expect(page.locator(".jp-OutputArea-output img").first).to_be_visible()

    # One click on the battle's hex: Python sees it and the panel describes the city there.
    owner = lab.kernel_json("match.state['cities']['3,0']['owner']")
    target = hex_locator(board, 3, 0)
    target.scroll_into_view_if_needed()
    target.click(force=True)  # the city drawn on the hex takes the click; it names the same hex
    seen = lab.wait_kernel(
        "(lambda s: s if (s.get('q'), s.get('r')) == (3, 0) else None)(dict(board.selected))"
    )
    assert seen, f"board.selected did not follow the click: {lab.kernel_json('board.selected')}"
    assert seen["city"]["owner"] == owner
    assert lab.kernel_json("dict(board.intent)")["type"] == "select"
    expect(target).to_have_class(re.compile(r"(^|\s)is-selected(\s|$)"))
    expect(board.locator(".clash-info h4")).to_have_attribute("title", "hex 3,0")

    # A click on an action button plays it through Python: Blue opens another Move.
    n = lab.kernel_json("len(match.actions)")
    button = board.locator('button.clash-action[data-key="move"]').first
    button.scroll_into_view_if_needed()
    button.click()
    applied = lab.wait_kernel(f"len(match.actions) == {n + 1} and match.actions[-1] == 'move'")
    assert applied, f"the click was not applied: {lab.kernel_json('dict(board.feedback)')}"
    assert lab.kernel_json("match.state['stack'][-1]['kind']") == "move"
    # The armies that fought at 3,0 cannot move again, so no group leaves 3,0.
    keys = lab.kernel_json("[str(a) for a in match.legal_actions()]")
    assert not any(k.startswith("group 3,0 ") for k in keys), keys
