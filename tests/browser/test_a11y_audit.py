"""axe-core on each game's widget in JupyterLab and on the Voilà play screen (issue #22).

The npm package ``axe-core`` (a devDependency) is injected into the page and run on the
widget's ROOT ELEMENT only: the assertion covers the widget's own DOM (its controls, map,
cards, legend, log), not JupyterLab's or Voilà's page around it, whose markup is not ours.
Every axe rule that applies runs (axe's default set: WCAG 2 A/AA and best practices);
the test asserts no violation of impact "serious" or "critical".
"""

from __future__ import annotations

import pytest
from a11y_games import GAMES, open_game
from a11y_helpers import LAB_CONTRAST, axe_audit, report, require_axe
from conftest import LOCAL_ONLY
from playwright.sync_api import expect
from test_frontends import HEX, voila_server  # noqa: F401 - the Voilà server fixture

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", list(GAMES))
def test_widget_has_no_serious_axe_violation_in_jupyterlab(lab, game):
    require_axe()
    g = GAMES[game]
    open_game(lab, g)
    violations = axe_audit(lab.page, g.root, min_contrast=LAB_CONTRAST)
    assert not violations, f"{game}: axe found\n{report(violations)}"


def test_voila_play_screen_has_no_serious_axe_violation(browser, voila_server):  # noqa: F811
    require_axe()
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.route(LOCAL_ONLY, lambda route: route.abort())
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(voila_server.base + "/")
        start = page.locator(".clash-play-start")
        expect(start).to_be_visible(timeout=90_000)
        start.click()
        widget = page.locator(".clash-widget")
        expect(widget.locator(HEX).first).to_be_visible()
        # A move's answer in the feedback line too (its green text was 4.1:1, issue #37),
        # with the contrast measured here (axe cannot inside JupyterLab, see axe_audit).
        # (Selecting a hex is a note, not a move's answer: a move is played.)
        widget.locator(".clash-actions-general button.clash-action").first.evaluate(
            "(b) => b.click()"
        )
        expect(widget.locator(".match-feedback.is-ok")).to_be_visible(timeout=20_000)
        violations = axe_audit(page, ".clash-widget")
        assert not violations, f"Voilà: axe found\n{report(violations)}"
    finally:
        ctx.close()


NAMES_JS = """(root) => {
  const svg = document.querySelector(root + ' svg.poc-svg');
  const box = svg.getBoundingClientRect();
  const names = [...svg.querySelectorAll('text.poc-label')].map(t => {
    const r = t.getBoundingClientRect();
    const px = parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a;
    return { id: t.dataset.areaName, px, box: [r.left, r.top, r.right, r.bottom] };
  });
  const out = names.filter(n => n.box[0] < box.left || n.box[2] > box.right
                                 || n.box[1] < box.top || n.box[3] > box.bottom).map(n => n.id);
  const over = [];
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
    const [a, b] = [names[i].box, names[j].box];
    const hit = a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
    if (hit) over.push(names[i].id + '/' + names[j].id);
  }
  const min_px = Math.min(...names.map(n => n.px));
  return { width: box.width, min_px, count: names.length, out, over };
}"""


def test_persistence_map_names_readable_in_a_notebook(lab):
    """In JupyterLab at its default layout: every area's name at least 11 px on screen,
    inside the map, overlapping no other name (measured on the drawn text)."""
    g = GAMES["persistence"]
    open_game(lab, g)
    m = lab.page.evaluate(NAMES_JS, g.root)
    print(f"map {m['width']:.0f} px wide, smallest name {m['min_px']:.1f} px")
    assert m["count"] == 40
    assert m["min_px"] >= 11
    assert m["out"] == [] and m["over"] == []


@pytest.mark.parametrize("game", list(GAMES))
def test_widget_has_no_serious_axe_violation_in_the_dark_theme(lab, game):
    """The same audit after switching JupyterLab to its dark theme (the widgets take
    their colours from JupyterLab's theme variables)."""
    require_axe()
    g = GAMES[game]
    open_game(lab, g)
    theme = "(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})"
    lab.page.evaluate(theme, "JupyterLab Dark")
    try:
        lab.page.wait_for_function(
            "() => document.body.dataset.jpThemeLight === 'false'", timeout=30_000
        )
        violations = axe_audit(lab.page, g.root, min_contrast=LAB_CONTRAST)
    finally:  # the theme is a user setting of the shared test server: put it back
        lab.page.evaluate(theme, "JupyterLab Light")
        lab.page.wait_for_function(
            "() => document.body.dataset.jpThemeLight === 'true'", timeout=30_000
        )
    assert not violations, f"{game} (dark theme): axe found\n{report(violations)}"
