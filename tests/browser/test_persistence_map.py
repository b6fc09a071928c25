"""The Persistence of Culture notebook in a real JupyterLab: an Epoch played by clicks.

The notebook's last table is ``sandbox = PersistenceMap(lesson.sandbox())``: Epoch II of a
two-player game, player 0's Egyptians keep Law in Egypt and hold the Levant. The test
plays the Epoch of ``SANDBOX_EPOCH`` by clicks on buttons, map areas and cards: choosing
Empires, armies into lands, a refused click (the rule is named under the map), the end of
the Expansion phase, Law's friendly path lit up and the transfer to Anatolia, then the
other player's turn. Every click must reach Python (the version grows) and come back as
a redrawn map.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, expect

from clash_widget.persistence.lesson import SANDBOX_EPOCH

pytestmark = pytest.mark.browser


LABEL_POINT_JS = """(path) => {
  const [x, y] = path.dataset.label.split(",").map(Number);
  const svg = path.ownerSVGElement;
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y];
}"""


def has_class(cls: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


class Clicker:
    """Clicks on one map widget and waits until Python's new view is drawn."""

    def __init__(self, root: Locator) -> None:
        self.root = root
        self.version = 0

    def _await_next(self) -> None:
        self.version += 1
        expect(self.root).to_have_attribute("data-version", str(self.version), timeout=15_000)

    def area(self, area: str, *, sends: bool = True) -> None:
        """A real mouse click on the area's label point (always inside the area; a
        polygon's bounding-box centre may lie in a neighbour)."""
        el = self.root.locator(f'path.poc-area[data-area="{area}"]')
        if sends:
            expect(el).to_have_class(has_class("is-option"))
        el.scroll_into_view_if_needed()
        x, y = el.evaluate(LABEL_POINT_JS)
        self.root.page.mouse.click(x, y)
        if sends:
            self._await_next()

    def button(self, key: str) -> None:
        b = self.root.locator(f'.poc-action[data-key="{key}"]')
        expect(b).to_have_count(1)
        b.scroll_into_view_if_needed()
        b.click()
        self._await_next()


def test_an_epoch_by_clicks_with_a_transfer(lab):
    page = lab.page
    lab.open_notebook("21_persistence_of_culture.ipynb")
    lab.run_all()

    widgets = page.locator(".poc-widget")
    expect(widgets).to_have_count(1, timeout=180_000)
    root = widgets.last
    expect(root).to_have_attribute("data-version", "0", timeout=30_000)
    expect(root).to_have_attribute("data-frame", "choose")
    expect(root.locator("path.poc-area[data-area]")).to_have_count(40)
    expect(root.locator('.poc-culture-card[data-card="law"] .poc-marker')).to_have_text("Eg")
    click = Clicker(root)

    # Choosing Empires: buttons.
    click.button("choose hittites")
    click.button("choose zhou")
    expect(root).to_have_attribute("data-frame", "expand")

    # A refused click: Britain is not the Hittites' start land. The rule is named, nothing moves.
    click.area("britain", sends=False)
    feedback = root.locator(".poc-feedback")
    expect(feedback).to_have_attribute("data-rule", "expand.first-army-start")
    expect(feedback).to_contain_text("Host: Expansion")
    expect(root).to_have_attribute("data-version", str(click.version))

    # The Hittites' five armies: clicks on the highlighted lands.
    for key in SANDBOX_EPOCH[2:7]:
        click.area(key.split()[1])
    expect(root.locator('.poc-army.is-capital[data-area="anatolia"]')).to_have_count(1)
    click.button("end")
    expect(root).to_have_attribute("data-frame", "transfer")

    # The transfer: click Law beside the map; the friendly path lights up; click Anatolia.
    root.locator('.poc-culture-card[data-card="law"]').click()
    expect(root).to_have_attribute("data-selected", "law")
    for a in ("egypt", "levant", "anatolia"):
        expect(root.locator(f'path.poc-area[data-area="{a}"]')).to_have_class(has_class("is-path"))
    expect(root.locator('path.poc-area[data-area="anatolia"]')).to_have_class(has_class("is-dest"))
    expect(root.locator('path.poc-area[data-area="persia"]')).not_to_have_class(
        has_class("is-path")
    )
    click.area("anatolia")
    expect(root.locator('.poc-culture-card[data-card="law"]')).to_contain_text("Hittites, Anatolia")
    click.button("done")

    # Player 1's Zhou spread over the Far East; their turn ends; Epoch III begins.
    for key in SANDBOX_EPOCH[10:16]:
        click.area(key.split()[1])
    click.button("end")
    expect(root).to_have_attribute("data-frame", "choose")
    expect(root.locator(".poc-status")).to_contain_text("Epoch III")

    # Python's state after the clicks.
    assert lab.kernel_json("sandbox.match.actions") == list(SANDBOX_EPOCH)
    state = lab.kernel_json(
        "{'culture': sandbox.culture(), 'epoch': sandbox.match.state['epoch'],"
        " 'transferred': [e['path'] for e in sandbox.match.log"
        " if e['kind'] == 'culture_transferred']}"
    )
    assert state == {
        "culture": {"law": "hittites"},
        "epoch": 3,
        "transferred": [["egypt", "levant", "anatolia"]],
    }

    # Player 1's view (set from Python) shows no card of player 0's hand.
    lab.kernel("sandbox.seat = 1")
    expect(root.locator('.poc-hand-row[data-seat="0"]')).to_have_count(0)
    expect(root.locator('.poc-hand-row[data-seat="1"] .poc-hand-card')).to_have_count(
        lab.kernel_json("len(sandbox.hand(1))")
    )
