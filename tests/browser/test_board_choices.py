"""Two board gestures in a real JupyterLab (issue #23, items 4 and 8).

- Click one unit of a stack: of Blue's two ships at 3,-1, the one carrying a settler is
  picked on the map (by keyboard: Tab to it, Enter), and the move sails that ship without
  the game asking which (``pick:`` in the key).
- Pay with gold before it is asked: the "pay with" choice beside "Build an army" names the
  payment, and the army is paid that way without a payment question.

Each checks the game state back through the notebook's kernel, audits the widget with
axe-core and, with ``GESTURE_SHOTS=<dir>``, saves a screenshot of the gesture there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from a11y_helpers import LAB_CONTRAST, axe_audit, report, require_axe, tab_to
from playwright.sync_api import expect
from test_scripted_game import click_hex, hex_locator, open_board, write_notebook

pytestmark = pytest.mark.browser

ROOT = ".clash-widget"
SETUP = """\
from clash_widget.coc.demo import demo_choices
from clash_widget.widget import ClashBoard

board = ClashBoard(demo_choices(), seat=0)
board.play({first!r})
board
"""


def shot(page, name: str, detail: str | None = None) -> None:
    """The widget's picture in $GESTURE_SHOTS (only when asked: the repo stays clean), and
    with ``detail`` (a selector) a 3x close-up around that element."""
    out = os.environ.get("GESTURE_SHOTS")
    if not out:
        return
    page.mouse.move(1, 1)
    page.evaluate("() => document.fonts.ready")
    page.wait_for_timeout(300)
    Path(out).mkdir(parents=True, exist_ok=True)
    page.locator(ROOT).first.screenshot(path=str(Path(out) / name), animations="disabled")
    if detail:  # the map's viewBox narrowed to the element's neighbourhood: a close-up
        svg = page.locator(f"{ROOT} svg.clash-board").first
        old = svg.evaluate(
            """(svg, sel) => {
              const old = svg.getAttribute('viewBox');
              const b = svg.querySelector(sel).getBBox();
              const pad = b.width / 4;
              svg.setAttribute('viewBox',
                `${b.x - pad} ${b.y - pad} ${b.width + 2 * pad} ${b.height + 2 * pad}`);
              return old;
            }""",
            detail,
        )
        svg.screenshot(path=str(Path(out) / name.replace(".png", "-detail.png")))
        svg.evaluate("(svg, old) => svg.setAttribute('viewBox', old)", old)


def audit(lab) -> None:
    violations = axe_audit(lab.page, ROOT, min_contrast=LAB_CONTRAST)
    assert not violations, f"axe found:\n{report(violations)}"


def test_click_the_ship_carrying_the_settler(lab):
    require_axe()
    page = lab.page
    open_board(lab, write_notebook(lab, "choices_pick.ipynb", SETUP.format(first="move")))
    widget = page.locator(ROOT).first
    loaded = widget.locator('g.clash-unit-part[data-pick="0@3,-1:ship-carrying-s1"]')
    words = (
        "Blue: the ship carrying 1 settler at the sea 2 hexes north-east of Blue's capital, "
        "choose it"
    )
    expect(loaded).to_have_attribute("aria-label", words)
    expect(widget.locator("g.clash-unit-part")).to_have_count(2)

    # The hex selected first (clicked away from its units, which a click would pick): its
    # plain move (the game would then ask which ship) and a hint.
    hex_ = hex_locator(page, 3, -1)
    box = hex_.bounding_box()
    hex_.click(force=True, position={"x": box["width"] / 2, "y": box["height"] * 0.2})
    assert lab.wait_kernel("board.selected.get('q') == 3 and board.selected.get('r') == -1")
    plain = widget.locator('.clash-actions-hex button[data-key="group 3,-1 2,-1 h1"]')
    expect(plain).to_have_count(1)
    expect(widget.locator(".clash-pick-hint")).to_contain_text("click it on the map")
    shot(page, "pick-0-hint.png")

    # Keyboard: Tab reaches the unit on the map, Enter picks it (and selects its hex).
    widget.evaluate("(root) => root.focus()")
    tab_to(page, ROOT, 'g.clash-unit-part[data-pick="0@3,-1:ship-carrying-s1"]')
    page.keyboard.press("Enter")
    expect(loaded).to_have_attribute("aria-pressed", "true")
    assert lab.wait_kernel("board.selected.get('q') == 3 and board.selected.get('r') == -1")
    key = "group 3,-1 2,-1 h1 pick:ship-carrying-s1"
    button = widget.locator(f'.clash-actions-hex button.clash-action[data-key="{key}"]')
    expect(button).to_have_text(
        "Move 1 ship from the sea 2 hexes north-east of Blue's capital north-west to the sea: "
        "the ship carrying 1 settler"
    )
    hint = widget.locator(".clash-pick-hint")
    expect(hint).to_contain_text("Chosen: the ship carrying 1 settler")
    shot(page, "pick-1-chosen.png", '.clash-hex[data-q="3"][data-r="-1"]')
    audit(lab)

    button.click()
    assert lab.wait_kernel(f"board.match.actions[-1] == {key!r}")
    state = lab.kernel_json(
        "{'top': board.match.state['stack'][-1]['kind'],"
        " 'at': sorted((u['kind'], u['hex'], u['on'] is not None)"
        " for u in board.match.state['units'].values() if u['owner'] == 0)}"
    )
    # Not asked which ship: the move goes on; the loaded ship and its settler sailed.
    assert state["top"] == "move"
    assert state["at"] == [
        ["settler", "1,1", False],
        ["settler", "2,-1", True],
        ["settler", "2,0", False],
        ["ship", "2,-1", False],
        ["ship", "3,-1", False],
    ]
    expect(widget).to_have_attribute("data-version", str(lab.kernel_json("board.match.version")))
    # Both stacks are now alike: nothing left to pick.
    expect(widget.locator("g.clash-unit-part")).to_have_count(0)
    shot(page, "pick-2-sailed.png", '.clash-hex[data-q="2"][data-r="-1"]')
    audit(lab)


def test_pay_with_gold_beside_build(lab):
    require_axe()
    page = lab.page
    open_board(lab, write_notebook(lab, "choices_pay.ipynb", SETUP.format(first="build 1,1")))
    widget = page.locator(ROOT).first
    select = widget.locator('.clash-actions-general select.clash-pay-select[data-key="unit army"]')
    expect(select).to_have_attribute("aria-label", "Pay with, for Build an army")
    # By keys, inside JupyterLab (issue #37): the arrow keys change the select (Lab's
    # notebook shortcuts do not take them), and Tab goes on to the button it sets.
    tab_to(page, ROOT, '.clash-actions-general select.clash-pay-select[data-key="unit army"]')
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(select).to_have_value("unit army food:1+gold:1")
    assert select.evaluate("(s) => s.selectedOptions[0].textContent") == "1 food and 1 gold"
    assert select.evaluate("(s) => document.activeElement === s")
    shot(page, "pay-1-chosen.png")
    audit(lab)
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.getAttribute('data-key')")
    assert focused == "unit army"
    page.keyboard.press("Enter")
    assert lab.wait_kernel("board.match.actions[-1] == 'unit army food:1+gold:1'")
    state = lab.kernel_json(
        "{'top': board.match.state['stack'][-1]['kind'],"
        " 'res': board.match.state['players'][0]['res'],"
        " 'armies': [u['hex'] for u in board.match.state['units'].values()"
        " if u['kind'] == 'army']}"
    )
    # Not asked how to pay: the build goes on; 1 food and 1 gold paid, the ore kept.
    assert state["top"] == "build"
    assert (state["res"]["food"], state["res"]["ore"], state["res"]["gold"]) == (1, 1, 1)
    assert state["armies"] == ["1,1"]
    expect(widget.locator(".clash-feedback")).to_contain_text("army")
    shot(page, "pay-2-built.png")
    audit(lab)

    # Back in the turn: growing the second city offers its payments on the city's hex.
    widget.locator('.clash-actions-general button.clash-action[data-key="done"]').click()
    assert lab.wait_kernel("board.match.state['stack'][-1]['kind'] == 'turn'")
    click_hex(lab, 1, 2)
    grow = widget.locator(
        '.clash-actions-hex select.clash-pay-select[data-key="grow 1,2 fortress"]'
    )
    expect(grow.locator("option")).to_have_count(5)  # "ask me" and the 4 ways with 1 gold
    grow.select_option(label="1 wood, 1 ore and 1 gold")
    shot(page, "pay-3-grow.png")
    widget.locator('.clash-actions-hex button.clash-action[data-key="grow 1,2 fortress"]').click()
    assert lab.wait_kernel(
        "board.match.actions[-1] == 'grow 1,2 fortress wood:1+ore:1+gold:1'"
        " and 'fortress' in board.match.state['cities']['1,2']['pieces']"
    )
    res = lab.kernel_json("board.match.state['players'][0]['res']")
    assert (res["food"], res["wood"], res["ore"], res["gold"]) == (1, 0, 0, 0)
