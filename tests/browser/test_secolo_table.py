"""The Secolo notebook in a real JupyterLab: play the opening by clicks, including an Attack.

The notebook's last cell shows ``sandbox = SecoloTable(players=2, seed=2)`` (teacher
view). Seed 2 lets player 0 attack player 1's Mozzo (pir-ch-4) on the second turn, and
player 1 holds Specials, so the reaction prompt appears too. Every click must reach
Python (the match's version grows) and come back as a redrawn table.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, expect

from clash_widget.secolo.opening import ATTACK, OPENING

pytestmark = pytest.mark.browser

EXPECTED = [*OPENING, ATTACK, "pass", "end"]

# The click may redraw the table: look the control up again by its data-* name.
PENDING_CLICK_JS = """(el) => {
  const table = el.closest(".secolo-table");
  const d = el.dataset;
  const sel = d.card ? `[data-card="${d.card}"]` : `[data-key="${d.key}"]`;
  el.click();
  return {
    control: table.querySelector(sel).classList.contains("is-pending"),
    table: table.classList.contains("is-pending"),
    version: table.dataset.version,
  };
}"""


def has_class(cls: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


class Clicker:
    """Clicks on one table and waits until Python's new view is drawn."""

    def __init__(self, table: Locator) -> None:
        self.table = table
        self.version = 0

    def _await_next(self) -> None:
        self.version += 1
        expect(self.table).to_have_attribute("data-version", str(self.version), timeout=15_000)

    def card(self, cid: str, *, sends: bool = True) -> None:
        el = self.table.locator(f'.secolo-card[data-card="{cid}"]')
        expect(el).to_have_class(has_class("is-option"))
        el.scroll_into_view_if_needed()
        el.click()
        if sends:
            self._await_next()

    def button(self, kind: str) -> None:
        b = self.table.locator(f'.secolo-action[data-kind="{kind}"]')
        expect(b).to_have_count(1)
        b.scroll_into_view_if_needed()
        b.click()
        self._await_next()

    def pending_click(self, selector: str) -> None:
        """Click and read the page in the same task, before Python can answer: the
        clicked control is marked pending at once, the table still shows the last
        version; Python's answer (the next version) clears the mark (issue #18)."""
        seen = self.table.locator(selector).evaluate(PENDING_CLICK_JS)
        assert seen == {"control": True, "table": True, "version": str(self.version)}, seen
        self._await_next()
        expect(self.table.locator(".is-pending")).to_have_count(0)
        expect(self.table).not_to_have_class(has_class("is-pending"))


def test_secolo_table_plays_by_clicks(lab):
    page = lab.page
    lab.open_notebook("20_secolo_di_ferro.ipynb")
    lab.run_all()

    tables = page.locator(".secolo-table")
    expect(tables).to_have_count(2, timeout=90_000)  # the lesson's table and the sandbox
    sandbox = tables.last
    expect(sandbox).to_have_attribute("data-version", "0")
    expect(sandbox.locator('.secolo-card[data-zone="pool"]')).to_have_count(6)
    click = Clicker(sandbox)

    # Setup and two quiet turns, all by clicks.
    click.card("ind-pr-1")
    click.card("cat-pr-1")
    click.button("keep")
    click.pending_click('.secolo-card[data-card="ind-ch-5"]')  # a card that sends at once
    click.pending_click('.secolo-action[data-kind="end"]')
    click.button("keep")
    click.card("pir-ch-4")
    expect(sandbox).to_have_attribute("data-frame", "window")  # player 0 may use a Special now
    click.button("pass")
    click.button("end")
    click.button("pass")  # ... or before their own turn begins
    click.button("keep")

    # The Attack: click the target in player 1's city, then the Attack card.
    target = sandbox.locator('.secolo-card[data-card="pir-ch-4"][data-seat="1"]')
    click.card("pir-ch-4", sends=False)
    expect(target).to_have_class(has_class("is-picked"))
    expect(sandbox.locator('.secolo-action[data-kind="end"]')).to_have_count(0)
    click.card("atk-18")

    # Player 1's reaction window is prompted; they let the Attack go on.
    banner = sandbox.locator(".secolo-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("attacks Cabin boy")
    expect(sandbox).to_have_attribute("data-frame", "react")
    expect(target).to_have_class(has_class("is-target"))
    click.button("pass")
    expect(banner).to_be_hidden()
    expect(sandbox.locator('.secolo-card[data-card="pir-ch-4"][data-zone="city"]')).to_have_count(0)
    click.button("end")

    # Python's state after the clicks.
    assert lab.kernel_json("sandbox.match.actions") == EXPECTED
    state = lab.kernel_json(
        "{'discard': sandbox.match.state['discard'], 'city1': sandbox.city(1),"
        " 'player': sandbox.match.current_player,"
        " 'frame': sandbox.match.state['stack'][-1]['kind'],"
        " 'feedback': dict(sandbox.feedback), 'intent': dict(sandbox.intent)}"
    )
    assert {"atk-18", "pir-ch-4"} <= set(state["discard"])
    assert state["city1"] == ["cat-pr-1"]
    assert (state["player"], state["frame"]) == (1, "draw")
    assert state["feedback"]["ok"] is True
    assert state["intent"]["type"] == "act" and state["intent"]["key"] == "end"

    # Seat 1's view (set from Python) hides player 0's hand: only card backs remain.
    hand0 = lab.kernel_json("len(sandbox.hand(0))")
    lab.kernel("sandbox.seat = 1")
    hand = sandbox.locator('.secolo-hand[data-seat="0"]')
    expect(hand.locator(".secolo-back")).to_have_count(hand0)
    expect(hand.locator(".secolo-card[data-card]")).to_have_count(0)
    expect(sandbox.locator('.secolo-hand[data-seat="1"] .secolo-card[data-card]')).to_have_count(
        lab.kernel_json("len(sandbox.hand(1))")
    )
