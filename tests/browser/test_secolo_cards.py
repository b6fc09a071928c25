"""Secolo's cards as a person sees them (issue 37, items 7 and 10), in a plain page.

The committed bundle (``clash_widget/static/secolo.js`` and ``.css``) is mounted on a page
of its own with a small stand-in for the widget's model, fed the traits a real
``SecoloTable`` has: outside JupyterLab axe measures colour contrast (inside it, it
cannot: see ``a11y_helpers.axe_audit``). Checked on the choice of Protagonists and on the
mid-game table of ``docs/design.md``: no serious axe violation with contrast measured, every
word on a card at least 13 px, no card's words running out of it, and the still picture
drawn with the table's own marks at the table's sizes.
"""

from __future__ import annotations

import random

import pytest
from a11y_helpers import axe_audit, report, require_axe
from plain_mount import mount

from clash_widget.engine import Match
from clash_widget.widget import SecoloTable
from clash_widget.widget.picture import picture

pytestmark = pytest.mark.browser


# Every element with words of its own inside a card: its font size and whether the card
# holds its words (names grow the card in height, never run out of it).
SIZES_JS = """() => {
  const out = [];
  for (const card of document.querySelectorAll('.secolo-card[data-card]')) {
    const box = card.getBoundingClientRect();
    for (const e of [card, ...card.querySelectorAll('*')]) {
      if (e.closest('.match-sr-only')) continue;
      const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const r = e.getBoundingClientRect();
      out.push({ card: card.dataset.card, text: e.textContent.slice(0, 30),
                 px: parseFloat(getComputedStyle(e).fontSize),
                 inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 });
    }
  }
  return out;
}"""


def _advance(m: Match, n: int, seed: int = 1) -> Match:
    """The design screens' mid-game position (scripts/design_screens.py: seeded random moves)."""
    rng = random.Random(seed)
    for _ in range(n):
        acts = m.legal_actions()
        if m.is_over or not acts:
            break
        m.play(rng.choice(acts))
    return m


POSITIONS = {
    "protagonists": lambda: Match.new("secolo", 2, 2),
    "mid-game": lambda: _advance(Match.new("secolo", 2, 2), 14),
}


@pytest.fixture
def page(plain_page):
    plain_page.set_viewport_size({"width": 830, "height": 900})  # the cell's width
    return plain_page


def _mount(page, match: Match, theme: str = "light") -> None:
    mount(page, "secolo", SecoloTable(match), theme)
    assert page.locator(".secolo-card[data-card]").count() > 0


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("position", list(POSITIONS))
def test_secolo_table_passes_axe_with_its_contrast_measured(page, position, theme):
    require_axe()
    _mount(page, POSITIONS[position](), theme)
    violations = axe_audit(page, ".secolo-table")
    assert not violations, f"Secolo ({position}, {theme}): axe found\n{report(violations)}"


@pytest.mark.parametrize("position", list(POSITIONS))
def test_secolo_card_words_are_at_least_13px_and_inside_the_card(page, position):
    _mount(page, POSITIONS[position]())
    words = page.evaluate(SIZES_JS)
    assert words
    small = [w for w in words if w["px"] < 13]
    assert not small, f"card text under 13 px: {small[:5]}"
    out = [w for w in words if not w["inside"]]
    assert not out, f"card text running out of its card: {out[:5]}"


STILL_JS = """() => {
  const svg = document.querySelector('svg');
  const texts = [...svg.querySelectorAll('text')];
  const cards = [...svg.querySelectorAll('[data-card]')];
  return { width: svg.getBoundingClientRect().width, viewbox: svg.viewBox.baseVal.width,
           min_px: Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize))),
           cards: cards.length,
           // a card's words inside its card (its face: the rect that is not a mark's ring)
           outside: cards.flatMap((g) => {
             const face = [...g.querySelectorAll('rect')]
               .find((r) => r.getAttribute('fill') !== 'none');
             const b = face.getBoundingClientRect();
             return [...g.querySelectorAll('text')].filter((t) => {
               const r = t.getBoundingClientRect();
               return r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.bottom > b.bottom + 0.5;
             }).map((t) => g.dataset.card + ': ' + t.textContent);
           }),
           clipped: texts.filter((t) => { const r = t.getBoundingClientRect(),
               b = svg.getBoundingClientRect(); return r.right > b.right + 0.5; }).length };
}"""


@pytest.mark.parametrize("position", list(POSITIONS))
def test_secolo_still_is_legible_at_100_percent(page, position):
    """The still picture at its own size: every word at least 13 px (as the cards), nothing
    running out of the picture or out of its card (measured with the browser's font), one
    card drawn per card in view."""
    match = POSITIONS[position]()
    page.set_content(
        f"<!doctype html><html lang='en'><body>{picture(match.view(None))}</body></html>"
    )
    seen = page.evaluate(STILL_JS)
    assert seen["width"] == seen["viewbox"]  # drawn at 100 %
    assert seen["min_px"] >= 13, seen
    assert seen["clipped"] == 0, seen
    assert seen["outside"] == [], seen["outside"]
    view = match.view(None)
    in_view = len(view["pool"]) + sum(
        len(p["hand"]) + sum(len(g["cards"]) for g in p["city"]) for p in view["players"]
    )
    assert seen["cards"] == in_view, seen
