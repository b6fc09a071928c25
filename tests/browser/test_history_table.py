"""The History CCG notebook in a real JupyterLab: a whole turn played by clicks.

The notebook's last cell shows ``sandbox = HistoryTable(lesson.sandbox())``: turn 2 of a
two-player game in the teacher's view, at player 1's trade. The test clicks through the
turn (``SANDBOX_TURN``): trade buttons and a council card to discard, the growth of each
city (buttons), a tech card to research, a unit card that two cities could produce (the
choice appears as buttons), a city card that starts a culture clash (two poker hands with
their names appear), the loser's city card to shrink, a refused click (the rule is named,
nothing changes), and the passes that close the turn. Every click must reach Python (the
version grows) and come back as a redrawn table.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, expect

from clash_widget.history.lesson import SANDBOX_TURN

pytestmark = pytest.mark.browser


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
        el = self.table.locator(f'.hccg-card[data-card="{cid}"]')
        expect(el).to_have_count(1)
        el.scroll_into_view_if_needed()
        el.click()
        if sends:
            self._await_next()

    def button(self, key: str) -> None:
        b = self.table.locator(f'.hccg-action[data-key="{key}"]')
        expect(b).to_have_count(1)
        b.scroll_into_view_if_needed()
        b.click()
        self._await_next()


def test_a_turn_by_clicks_with_a_culture_clash(lab):
    page = lab.page
    lab.open_notebook("22_history_ccg.ipynb")
    lab.run_all()

    tables = page.locator(".hccg-table")
    # the battle of section 10, the exercise's table, and the card table played below (last)
    expect(tables).to_have_count(3, timeout=240_000)
    table = tables.last
    expect(table).to_have_attribute("data-version", "0", timeout=30_000)
    expect(table).to_have_attribute("data-turn", "2")
    expect(table).to_have_attribute("data-frame", "trade")
    # the map: both capitals, with their population; player 2's council is face up (teacher)
    expect(table.locator('.hccg-city[data-city="0-00"] .hccg-pop')).to_have_text("population 2")
    expect(table.locator('.hccg-council[data-seat="1"] .hccg-card')).to_have_count(2)
    click = Clicker(table)

    # Maintenance, step 1: trade. Consult then discard (a council card), consult; player 2 done.
    click.button("cycle")
    expect(table).to_have_attribute("data-frame", "discard")
    lighthouse = table.locator('.hccg-council[data-seat="0"] .hccg-card[data-card="0-30"]')
    expect(lighthouse).to_have_class(has_class("is-option"))
    click.card("0-30")
    click.button("consult")
    click.button("done")

    # Step 3: growth is asked, city by city (the seed's "you may attempt"): every city tries.
    expect(table).to_have_attribute("data-frame", "grow")
    click.button("grow 0-00")
    click.button("grow 0-07")
    click.button("grow 1-00")  # player 2's Hilltop
    expect(table).to_have_attribute("data-phase", "plan")

    # Step 4: plans. The tech card has one use (research it); the Warriors two (buttons).
    click.card("0-06")
    click.card("0-03", sends=False)
    expect(table).to_have_attribute("data-picked", "0-03")
    expect(table.locator(".hccg-action")).to_have_count(2)
    expect(table).to_have_attribute("data-version", str(click.version))
    click.button("produce 0-07 0-03")
    click.button("done")
    expect(table).to_have_attribute("data-phase", "action")
    expect(table.locator('.hccg-city[data-city="0-07"] .hccg-card.is-behind')).to_have_count(1)

    # The action phase: Riverside starts a culture clash (a choice among its uses).
    click.card("0-00", sends=False)
    click.button("clash 0-00 1")
    clash = table.locator(".hccg-clash")
    expect(clash).to_be_visible()
    expect(clash.locator('.hccg-hand-name[data-side="attack"]')).to_have_text("Pair")
    expect(clash.locator('.hccg-hand-name[data-side="defence"]')).to_have_text("High card")
    expect(clash.locator(".hccg-attack .hccg-face.is-best")).to_have_count(5)
    expect(clash).to_contain_text("Blue wins the clash.")  # seat 0, by its name
    expect(table.locator('.hccg-city[data-city="0-00"] .hccg-pop')).to_have_text("population 4")

    # Player 2 lost: they choose the city that shrinks by clicking it.
    expect(table).to_have_attribute("data-frame", "shrink")
    click.card("1-07")
    expect(table.locator('.hccg-city[data-city="1-07"] .hccg-pop')).to_have_text("population 1")
    click.button("pass")

    # A refused click: no unit of player 1 can attack Hilltop. The rule is named; nothing moves.
    click.card("1-00", sends=False)
    feedback = table.locator(".hccg-feedback")
    expect(feedback).to_have_attribute("data-rule", "attack.fresh-units")
    expect(feedback).to_contain_text("Only fresh units attack")
    expect(table).to_have_attribute("data-version", str(click.version))

    # Player 1 passes: the closing phase, and turn 3 begins.
    click.button("pass")
    expect(table).to_have_attribute("data-turn", "3")
    expect(table.locator(".hccg-status")).to_contain_text("Turn 3")

    # Python's state after the clicks.
    assert lab.kernel_json("sandbox.match.actions") == list(SANDBOX_TURN)
    assert lab.kernel_json("sandbox.cities()['0-00']['population']") == 4
    assert lab.kernel_json("sandbox.match.state['players'][0]['research']") == "0-06"

    # Player 2's view (set from Python) shows no card of player 1's council, only backs.
    lab.kernel("sandbox.seat = 1")
    expect(table.locator('.hccg-council[data-seat="0"] .hccg-card')).to_have_count(0)
    expect(table.locator('.hccg-council[data-seat="0"] .hccg-back')).to_have_count(
        lab.kernel_json("len(sandbox.council(0))")
    )
    expect(table.locator('.hccg-council[data-seat="1"] .hccg-card')).to_have_count(
        lab.kernel_json("len(sandbox.council(1))")
    )
