"""The start notebook in a real JupyterLab: click a hex, Python sees it, the board redraws."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

HEX = ".clash-widget svg polygon.clash-hex[data-q][data-r]"

pytestmark = pytest.mark.browser


def hex_selector(q: int, r: int) -> str:
    return f'svg polygon.clash-hex[data-q="{q}"][data-r="{r}"]'


def test_start_notebook_click(lab):
    page = lab.page
    lab.open_notebook("00_start_here.ipynb")
    lab.run_all()

    # The widget is drawn and every cell ran (the last code cell prints "it works!").
    expect(page.locator(HEX).first).to_be_visible(timeout=60_000)
    expect(page.locator(".jp-OutputArea-output", has_text="it works!")).to_be_visible(
        timeout=60_000
    )
    # The notebook shows two boards (the first board, then a game against a bot): use the first.
    widget = page.locator(".clash-widget").first
    before = lab.kernel_json("dict(board.selected)")
    seq_before = lab.kernel_json("dict(board.intent).get('seq', 0)")

    # Click an explored, empty hex (no city or unit drawn over its centre) other than the
    # one the notebook selected from code.
    candidates = lab.kernel_json(
        "(lambda v: [[h['q'], h['r']] for h in v['hexes'] if h.get('explored')"
        " and not any((p['q'], p['r']) == (h['q'], h['r']) for p in v['cities'] + v['units'])])"
        "(match.view(None))"
    )
    here = [before.get("q"), before.get("r")]
    target = next((h for h in candidates if h != here), None)
    assert target is not None, "no empty explored hex to click"
    q, r = target
    hexel = widget.locator(hex_selector(q, r))
    hexel.scroll_into_view_if_needed()
    hexel.click()

    # Python received the click: a new "select" intent and the selected trait follows it.
    after = lab.wait_kernel(
        f"(lambda s: s if (s.get('q'), s.get('r')) == ({q}, {r}) else None)(dict(board.selected))"
    )
    now = lab.kernel_json("dict(board.selected)")
    assert after, f"board.selected did not become {(q, r)}: {now}"
    assert after != before
    intent = lab.kernel_json("dict(board.intent)")
    assert intent.get("type") == "select" and (intent.get("q"), intent.get("r")) == (q, r), intent
    assert intent.get("seq", 0) > seq_before

    # The page redrew: the clicked hex is marked selected and the info panel names it.
    expect(hexel).to_have_class(has_class("is-selected"))
    # (in words; the coordinates in the heading's tooltip, issue #37)
    expect(widget.locator(".clash-info h4")).to_have_attribute("title", f"hex {q},{r}")
    # Python's answer (feedback trait) reached the page and was drawn.
    expect(widget.locator(".clash-feedback")).to_contain_text("Selected: ")

    # And the other direction: a selection made in Python is drawn by the page.
    q0, r0 = before.get("q"), before.get("r")
    lab.kernel(f"board.select({q0}, {r0})")
    expect(widget.locator(hex_selector(q0, r0))).to_have_class(has_class("is-selected"))
    expect(hexel).not_to_have_class(has_class("is-selected"))
    # docs/screenshot.png (a 4-player mid-game) is taken by test_midgame_board.py.


def has_class(cls: str):
    """A regex matching a class attribute that contains ``cls`` as a whole word."""
    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")
