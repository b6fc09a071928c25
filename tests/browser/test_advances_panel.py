"""The advances panel in a real JupyterLab: a locked chip shows its rule, an available
one researches the advance by click (checked in Python)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_scripted_game import open_board, write_notebook

pytestmark = pytest.mark.browser

SETUP = """\
from clash_widget.coc.scenario import Scenario
from clash_widget.widget import ClashBoard

s = Scenario(players=2, seed=3).explore_all().advances(0, "mining")
s.resources(0, food=2, ideas=0, gold=0)
board = ClashBoard(s.turn(0).match(), seat=0)
board
"""


def test_advance_chips_explain_and_research(lab):
    page = lab.page
    open_board(lab, write_notebook(lab, "advances.ipynb", SETUP))
    panel = page.locator('.clash-widget .clash-player[data-seat="0"]')
    expect(panel.locator(".clash-adv-chip")).to_have_count(48)

    locked = panel.locator('.clash-adv-chip[data-advance="sanitation"]')
    locked.scroll_into_view_if_needed()
    locked.click()
    detail = panel.locator(".clash-adv-detail")
    expect(detail.locator(".clash-rule-id")).to_have_text("research.prerequisite")
    assert lab.kernel_json("board.match.check('research sanitation').rule_id") == (
        "research.prerequisite"
    )

    # Keyboard: from Sanitation, up one chip is Engineering; Enter opens it.
    locked.press("ArrowUp")
    engineering = panel.locator('.clash-adv-chip[data-advance="engineering"]')
    expect(engineering).to_be_focused()
    engineering.press("Enter")
    button = detail.locator("button.clash-adv-act")
    expect(button).to_have_text("Research Engineering")
    button.click()
    assert lab.wait_kernel("'engineering' in board.match.state['players'][0]['advances']")
    expect(engineering).to_have_class("clash-adv-chip is-owned")
