"""Each game played with the keyboard alone, in JupyterLab (issue #22).

The widget's root gets the focus once, as a Tab from the notebook would give it (the
root is a tab stop); after that only key presses reach the page: Tab / Shift+Tab to a
control, the arrow keys between map areas, hexes and cards, Enter or Space to act. Each
move must reach Python (its match records it) and come back drawn. At the end, axe-core
audits the widget again, in the middle of a game (see test_a11y_audit.py for its scope).
"""

from __future__ import annotations

import pytest
from a11y_games import GAMES, open_game
from a11y_helpers import LAB_CONTRAST, arrow_to, axe_audit, report, require_axe, tab_to
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def start(lab, game: str) -> str:
    require_axe()
    g = GAMES[game]
    open_game(lab, g)
    lab.page.locator(g.root).evaluate("(root) => root.focus()")
    return g.root


def played(lab, n: int) -> list[str]:
    """Wait until Python's match has ``n`` actions; return them."""
    lab.wait_kernel(f"len(w.match.actions) >= {n}", timeout=15)
    return lab.kernel_json("w.match.actions")


def audit(lab, root: str) -> None:
    violations = axe_audit(lab.page, root, min_contrast=LAB_CONTRAST)
    assert not violations, f"axe found, mid-game:\n{report(violations)}"


def test_persistence_by_keyboard(lab):
    page = lab.page
    root = start(lab, "persistence")
    widget = page.locator(root)
    # Two Empires chosen with buttons: Tab to each, Enter.
    tab_to(page, root, '.poc-action[data-key="choose hittites"]')
    page.keyboard.press("Enter")
    expect(widget).to_have_attribute("data-version", "1")
    tab_to(page, root, '.poc-action[data-key="choose zhou"]')
    page.keyboard.press("Enter")
    expect(widget).to_have_attribute("data-version", "2")
    # The map is one tab stop; arrows to a highlighted land, Enter (then Space) to enter it.
    tab_to(page, root, 'path.poc-area[tabindex="0"]')
    arrow_to(page, f'{root} path.poc-area[data-area="anatolia"]')
    name = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert "you may choose it" in name
    page.keyboard.press("Enter")
    expect(widget).to_have_attribute("data-version", "3")
    arrow_to(page, f'{root} path.poc-area[data-area="persia"]')
    page.keyboard.press(" ")
    expect(widget).to_have_attribute("data-version", "4")
    assert played(lab, 4) == ["choose hittites", "choose zhou", "enter anatolia", "enter persia"]
    expect(widget.locator('.poc-army[data-area="persia"]')).to_have_count(1)
    audit(lab, root)


def test_history_by_keyboard(lab):
    page = lab.page
    root = start(lab, "history")
    table = page.locator(root)
    tab_to(page, root, '.hccg-action[data-key="cycle"]')
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-frame", "discard")
    # The cards are one tab stop (a card one may use); arrows to the Lighthouse, Enter.
    tab_to(page, root, '.hccg-card[tabindex="0"]')
    arrow_to(page, f'{root} .hccg-card[data-card="0-30"]')
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-version", "2")
    tab_to(page, root, '.hccg-action[data-key="consult"]')
    page.keyboard.press(" ")
    expect(table).to_have_attribute("data-version", "3")
    tab_to(page, root, '.hccg-action[data-key="done"]')
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-version", "4")  # trade done: on to growth
    assert played(lab, 4) == ["cycle", "discard 0-30", "consult", "done"]
    audit(lab, root)


def test_secolo_by_keyboard(lab):
    page = lab.page
    root = start(lab, "secolo")
    table = page.locator(root)
    # Player 1 picks a Protagonist: Tab to the cards, one arrow to the next card, Enter.
    tab_to(page, root, '.secolo-card[tabindex="0"]')
    first = page.evaluate("() => document.activeElement.dataset.card")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("() => document.activeElement.dataset.card")
    assert second != first
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-version", "1")
    # Player 2 picks with Space; then the first button (Tab, Enter).
    tab_to(page, root, '.secolo-card.is-option[tabindex="0"]')
    page.keyboard.press(" ")
    expect(table).to_have_attribute("data-version", "2")
    tab_to(page, root, ".secolo-action")
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-version", "3")
    actions = played(lab, 3)
    assert actions[0] == f"pick {second}"
    assert actions[1].startswith("pick ") and len(actions) == 3
    audit(lab, root)


def test_clash_of_cultures_by_keyboard(lab):
    page = lab.page
    root = start(lab, "coc")
    # Arrows move the board's cursor (a screen reader hears the hex); Enter selects.
    page.keyboard.press("ArrowRight")
    hexes = f"{root} polygon.clash-hex"
    arrow_to(page, f"{hexes}.is-legal", cursor=f"{hexes}.is-cursor")
    said = page.locator(f"{root} .match-sr-only[aria-live]")
    expect(said).to_contain_text("Blue's capital")
    page.keyboard.press("Enter")
    expect(page.locator(f"{root} polygon.clash-hex.is-selected")).to_have_count(1)
    # The Research list opens with Enter on its summary; research, a card, end the turn.
    tab_to(page, root, "details.clash-actions-kind > summary")
    page.keyboard.press("Enter")
    tab_to(page, root, '.clash-action[data-key="research irrigation"]')
    page.keyboard.press("Enter")
    assert played(lab, 1) == ["research irrigation"]
    tab_to(page, root, '.clash-action[data-key^="play festival"]')
    page.keyboard.press("Enter")
    assert played(lab, 2)[1].startswith("play festival")
    tab_to(page, root, '.clash-action[data-key="end"]')
    page.keyboard.press(" ")
    assert played(lab, 3)[2] == "end"
    audit(lab, root)
