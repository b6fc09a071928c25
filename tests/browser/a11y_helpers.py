"""Keyboard-only play and the axe-core audit, for the real-browser accessibility tests.

- :func:`tab_to` presses Tab (or Shift+Tab once the focus left the widget) until the
  focused element matches a selector; :func:`arrow_to` presses the arrow key that points
  from the focused item towards a target until the target has the focus. Only keyboard
  events reach the page (``page.keyboard.press``); the test merely decides which key.
- :func:`axe_audit` injects the npm package ``axe-core`` (node_modules, installed by
  ``npm ci``) and runs it on ONE element, the widget's root: the audit covers the
  widget's own DOM, not JupyterLab's or Voilà's page around it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")

_FOCUS = """([root, sel]) => {
  const a = document.activeElement, r = document.querySelector(root);
  const name = a ? (a.getAttribute('aria-label') || a.textContent || '').slice(0, 60) : '';
  return { inside: !!(a && r && r.contains(a)), match: !!(a && a.matches(sel)),
           what: a ? a.tagName + '.' + a.className + ' ' + name : '' };
}"""

# The focused item's and the target's centre on screen: a map area's marker point
# (where its name and pieces are; a big area's box centre may lie elsewhere), else the
# middle of its box.
_CENTRES = """([sel, cur]) => {
  const at = (e) => {
    const lab = e.getAttribute('data-label');
    if (lab && e.ownerSVGElement) {
      const [x, y] = lab.split(',').map(Number);
      const p = new DOMPoint(x, y).matrixTransform(e.ownerSVGElement.getScreenCTM());
      return [p.x, p.y];
    }
    const r = e.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const a = cur ? document.querySelector(cur) : document.activeElement;
  const t = document.querySelector(sel);
  if (!a || !t) return null;
  return { same: a === t, from: at(a), to: at(t) };
}"""


def tab_to(page, root: str, selector: str, limit: int = 150) -> None:
    """Tab through the widget until ``root selector`` has the focus."""
    key = "Tab"
    for _ in range(limit):
        state = page.evaluate(_FOCUS, [root, f"{root} {selector}"])
        if state["match"]:
            return
        if not state["inside"] and key == "Tab":
            key = "Shift+Tab"  # went past the widget's end: come back from the other side
        page.keyboard.press(key)
    raise AssertionError(f"Tab never reached {selector}; focus on {state['what']}")


def arrow_to(page, selector: str, *, cursor: str = "", limit: int = 40) -> None:
    """Arrow keys from the focused item (or the element ``cursor`` finds: Clash's hex
    cursor, which moves while the board keeps the focus) to ``selector``."""
    tried: set[tuple[int, int, str]] = set()
    for _ in range(limit):
        c = page.evaluate(_CENTRES, [selector, cursor])
        assert c is not None, f"no focus or no {selector}"
        if c["same"]:
            return
        (x0, y0), (x1, y1) = c["from"], c["to"]
        dx, dy = x1 - x0, y1 - y0
        horizontal = ("ArrowRight" if dx > 0 else "ArrowLeft", abs(dx))
        vertical = ("ArrowDown" if dy > 0 else "ArrowUp", abs(dy))
        order = sorted([horizontal, vertical], key=lambda kd: -kd[1])
        # The bigger gap first; the other axis when that key was already tried from here.
        k = next(
            (kd[0] for kd in order if (round(x0), round(y0), kd[0]) not in tried and kd[1] > 1),
            order[0][0],
        )
        tried.add((round(x0), round(y0), k))
        page.keyboard.press(k)
    raise AssertionError(f"the arrow keys never reached {selector}")


def require_axe() -> str:
    if not AXE_JS.is_file():
        why = f"axe-core is not installed ({AXE_JS}): run npm ci"
        if (
            os.environ.get("CI", "").lower() == "true"
            or os.environ.get("CLASH_REQUIRE_BROWSER") == "1"
        ):
            pytest.fail(why)
        pytest.skip(why)
    return AXE_JS.read_text()


# Fewer colour-contrast checks than this on a whole table means axe did not measure it.
MIN_CONTRAST_NODES = 20
# Inside JupyterLab axe cannot measure contrast (see axe_audit): no minimum there.
LAB_CONTRAST = 0


def axe_audit(page, root: str, *, min_contrast: int = MIN_CONTRAST_NODES) -> list[dict]:
    """axe-core's serious and critical violations inside the element ``root`` only.

    axe measures colour contrast only on what it finds visible on screen: the viewport is
    made as tall as the table for the audit, and the audit fails when fewer than
    ``min_contrast`` nodes had their contrast measured. Inside JupyterLab axe finds
    nothing under the notebook's scroll panel (jp-WindowedPanel-outer) visible and
    checks 4 nodes whatever the viewport (issue #37): callers there pass
    ``min_contrast=0`` (see LAB_CONTRAST) and contrast is measured on the pages outside
    Lab (Voilà, the classroom's play page) instead.
    """
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=require_axe())
    size = page.viewport_size
    height = page.evaluate(
        """(root) => { const el = document.querySelector(root); if (!el) return 0;
             el.scrollIntoView({ block: 'start' });
             el.querySelectorAll('details.match-legend').forEach((d) => { d.open = true; });
             return Math.ceil(el.getBoundingClientRect().height); }""",
        root,
    )
    if size and height + 200 > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": height + 200})
        page.evaluate(
            "(root) => document.querySelector(root).scrollIntoView({ block: 'start' })", root
        )
    try:
        found = page.evaluate(
            """async (root) => {
              const el = document.querySelector(root);
              if (!el) throw new Error('no element ' + root + ' to audit');
              const r = await axe.run(el, { resultTypes: ['violations'] });
              // Counted on a run of its own: resultTypes keeps one node of each pass.
              const c = await axe.run(el, { runOnly: ['color-contrast'] });
              const cc = (k) => c[k].reduce((n, v) => n + v.nodes.length, 0);
              return { contrast: cc('passes') + cc('violations') + cc('incomplete'),
                violations: r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
                  nodes: v.nodes.slice(0, 5)
                    .map(n => n.target.join(' ') + ': ' + n.failureSummary) })) };
            }""",
            root,
        )
    finally:
        if size:
            page.set_viewport_size(size)
    if min_contrast:
        assert found["contrast"] >= min_contrast, (
            f"axe measured the colour contrast of only {found['contrast']} nodes in {root}:"
            " the table was not on screen"
        )
    return [v for v in found["violations"] if v["impact"] in BLOCKING]


def report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['impact']} {v['id']}: {v['help']}")
        lines += [f"    {n}" for n in v["nodes"]]
    return "\n".join(lines)
