"""Browser benchmark: click-to-redraw of the board against a trivial echo widget.

``python -m clash_widget bench --browser`` starts a headless JupyterLab (its own
temp dirs, a random token, 127.0.0.1 only) and Debian's chromium through
Playwright (jupyter_harness.py), opens a notebook with a 4-player mid-game board and an
:class:`~clash_widget.lab.echo_widget.EchoWidget`, and clicks both. A click's
time runs from dispatching the click in the page to the moment the front end has
drawn Python's answer (the board's ``data-feedback-n``, the echo's
``data-echo``), so both widgets are timed the same way over the same
connection. Clicks are interleaved: a board hex click and an echo click form a
pair, back to back, so machine load drifting during the run hits both widgets
alike; ``click_overhead_ms_median`` is the median of the pairs' differences,
``board_overhead_ms_median`` the difference of the two medians. Payload is the
bytes the page received on the kernel websocket per click.

By default the server turns TCP no-delay on for the kernel websocket (a
benchmark-only config file): a stock server can hold small kernel->browser
messages for a delayed ACK (Nagle), which would add noise unrelated to the
widgets. The same run then starts a stock server (as a user's is) and times the
board's clicks there too: ``click_redraw_ms_median_stock`` beside
``click_redraw_ms_median``. ``act_ack_ms_median`` is the time from an action
click to the frame that shows the clicked button pending, before Python answers.
``--stock-server`` measures the main figures without no-delay (and no second
server). Timings are printed, never asserted.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .bench import metric
from .jupyter_harness import LabServer, find_chromium, launch_chromium, open_notebook, run_all_cells

__all__ = ["browser_bench", "find_chromium", "lab_server"]

NOTEBOOK = "browser_bench.ipynb"
SETUP_CELLS = [
    "from clash_widget.widget import ClashBoard\n"
    "from clash_widget.coc.demo import demo_midgame\n"
    "board = ClashBoard(demo_midgame(players=4, seed=5))\n"
    "board",
    "from clash_widget.lab.echo_widget import EchoWidget\necho = EchoWidget()\necho",
]
NODELAY_CONFIG = """\
# Written by clash_widget.lab.browser_bench: latency benchmark only.
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler as _K

_orig_open = _K.open


async def _open_nodelay(self, *args, **kwargs):
    self.set_nodelay(True)
    return await _orig_open(self, *args, **kwargs)


_K.open = _open_nodelay
"""
# One click, timed in the page: dispatch, then wait until ``attr`` on ``root`` changes
# (the front end drew Python's answer). Resolves to milliseconds, or -1 on timeout.
CLICK_JS = """async ([rootSel, targetSel, attr, pick]) => {
  const root = document.querySelector(rootSel);
  const all = !root ? [] : targetSel ? root.querySelectorAll(targetSel) : [root];
  if (!all.length) return -2;
  const target = all[Math.floor(pick * all.length) % all.length];
  const before = root.getAttribute(attr);
  return await new Promise((resolve) => {
    let t0 = 0;
    const obs = new MutationObserver(() => {
      if (root.getAttribute(attr) !== before) {
        obs.disconnect();
        resolve(performance.now() - t0);
      }
    });
    obs.observe(root, {attributes: true, attributeFilter: [attr]});
    setTimeout(() => { obs.disconnect(); resolve(-1); }, 10000);
    t0 = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  });
}"""


# An action click: the time to the first frame after the click if the clicked button
# was marked pending at once (-1 if not), and the time until Python's answer is drawn.
ACT_CLICK_JS = """async ([rootSel, targetSel, attr, pick]) => {
  const root = document.querySelector(rootSel);
  const all = root ? root.querySelectorAll(targetSel) : [];
  if (!all.length) return {ms: -2, ack: -2};
  const target = all[Math.floor(pick * all.length) % all.length];
  const before = root.getAttribute(attr);
  let t0 = 0;
  const answered = new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (root.getAttribute(attr) !== before) {
        obs.disconnect();
        resolve(performance.now() - t0);
      }
    });
    obs.observe(root, {attributes: true, attributeFilter: [attr]});
    setTimeout(() => { obs.disconnect(); resolve(-1); }, 10000);
  });
  t0 = performance.now();
  target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  const marked = target.classList.contains('is-pending');
  const acked = new Promise((resolve) => requestAnimationFrame(
    () => resolve(marked ? performance.now() - t0 : -1)));
  const [ms, ack] = await Promise.all([answered, acked]);
  return {ms, ack};
}"""


def _write_notebook(path: Path) -> None:
    cells: list[dict[str, Any]] = [
        {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}
        for src in SETUP_CELLS
    ]
    nb = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")


@contextmanager
def lab_server(nodelay: bool = True) -> Iterator[LabServer]:
    """A headless JupyterLab serving the bench notebook; stopped on exit."""
    with tempfile.TemporaryDirectory(prefix="clash-bench-") as tmp:
        root = Path(tmp)
        nbs = root / "nbs"
        nbs.mkdir()
        _write_notebook(nbs / NOTEBOOK)
        server = LabServer(root, nbs, server_config=NODELAY_CONFIG if nodelay else "")
        try:
            server.start(timeout=90)
            yield server
        finally:
            server.stop()


class _Bytes:
    """Bytes the page receives on its websockets (kernel messages)."""

    def __init__(self) -> None:
        self.n = 0

    def attach(self, ws: Any) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        self.n += len(payload.encode() if isinstance(payload, str) else payload)


class _Clicker:
    """Times one click at a time, every click under the same waiting discipline."""

    def __init__(self, page: Any, counter: _Bytes) -> None:
        self.page, self.counter = page, counter

    def click(self, root: str, target: str, attr: str, pick: float) -> tuple[float, float] | None:
        """``(ms, KB received)`` for one click, or None when it is not a sample."""
        self.page.wait_for_timeout(30)  # let the previous answer's trailing messages land
        self.counter.n = 0
        ms = self.page.evaluate(CLICK_JS, [root, target, attr, pick])
        self.page.wait_for_timeout(120)
        if ms is None or ms < 0:
            return None  # nothing to click, or no answer in 10 s
        return float(ms), self.counter.n / 1024


BOARD_HEX = (".clash-widget", "polygon.clash-hex", "data-feedback-n")
ECHO = (".echo-widget", "", "data-echo")


class _Samples:
    def __init__(self) -> None:
        self.times: list[float] = []
        self.kb: list[float] = []
        self.acks: list[float] = []

    def add(self, sample: tuple[float, float] | None) -> None:
        if sample is not None:
            self.times.append(sample[0])
            self.kb.append(sample[1])


def _interleaved(clicker: _Clicker, n: int, seed: int) -> tuple[_Samples, _Samples, list[float]]:
    """``n`` pairs of one board hex click and one echo click, back to back.

    Both clicks of a pair see the same machine load, so the pair's difference is
    the board's own cost; the order flips every pair so that neither widget always
    goes first. Returns board samples, echo samples and the paired differences.
    """
    rng = random.Random(seed)
    board, echo = _Samples(), _Samples()
    diffs: list[float] = []
    for i in range(n):
        pick = rng.random()
        if i % 2 == 0:
            b = clicker.click(*BOARD_HEX, pick)
            e = clicker.click(*ECHO, 0.0)
        else:
            e = clicker.click(*ECHO, 0.0)
            b = clicker.click(*BOARD_HEX, pick)
        board.add(b)
        echo.add(e)
        if b is not None and e is not None:
            diffs.append(b[0] - e[0])
    return board, echo, diffs


def _act_clicks(clicker: _Clicker, n: int, seed: int) -> _Samples:
    """Action-button clicks: click to redraw, and click to the pending mark drawn."""
    rng = random.Random(seed)
    out = _Samples()
    for _ in range(n):
        clicker.page.wait_for_timeout(30)
        clicker.counter.n = 0
        res = clicker.page.evaluate(
            ACT_CLICK_JS,
            [".clash-widget", ".clash-actions-list button.clash-action", "data-feedback-n",
             rng.random()],
        )  # fmt: skip
        clicker.page.wait_for_timeout(120)
        if res["ms"] >= 0:
            out.times.append(float(res["ms"]))
            out.kb.append(clicker.counter.n / 1024)
        if res["ack"] >= 0:
            out.acks.append(float(res["ack"]))
    return out


def _measure(browser: Any, nodelay: bool, clicks: int) -> dict[str, Any]:
    """One server (no-delay or stock), one page: the board's and the echo's clicks."""
    with lab_server(nodelay=nodelay) as server:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            ctx.route(
                lambda url: not url.startswith(("http://127.0.0.1", "ws://127.0.0.1")),
                lambda route: route.abort(),
            )
            page = ctx.new_page()
            counter = _Bytes()
            page.on("websocket", counter.attach)
            open_notebook(page, server, NOTEBOOK, timeout=90_000)
            run_all_cells(page)
            page.wait_for_selector(".clash-widget polygon.clash-hex", timeout=90_000)
            page.wait_for_selector(".echo-widget", timeout=90_000)
            page.wait_for_timeout(500)
            first = page.get_attribute(".clash-widget", "data-first-render-ms")
            n_hexes = page.locator(".clash-widget polygon.clash-hex").count()
            clicker = _Clicker(page, counter)
            hexes, echoes, diffs = _interleaved(clicker, clicks, 1)
            # Action buttons change the game, so they run after the paired phase.
            acts = _act_clicks(clicker, max(1, clicks // 2), 3)
            page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
        finally:
            ctx.close()
    return {"hexes": hexes, "echoes": echoes, "diffs": diffs, "acts": acts,
            "first": first, "n_hexes": n_hexes}  # fmt: skip


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[max(0, int(round(0.95 * len(xs))) - 1)]


def browser_bench(
    clicks: int = 50, nodelay: bool = True, stock: bool = True
) -> Iterator[dict[str, Any]]:
    """Yield ``{"metric", "value", "unit"}`` dicts; needs chromium and Playwright.

    With ``nodelay`` (the default) and ``stock``, a second, stock server is timed in the
    same run for the ``*_stock`` figures.
    """
    if find_chromium() is None:
        raise RuntimeError("no chromium binary (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            main = _measure(browser, nodelay, clicks)
            other = _measure(browser, False, clicks) if nodelay and stock else None
        finally:
            browser.close()

    hexes, echoes, diffs, acts = main["hexes"], main["echoes"], main["diffs"], main["acts"]
    if not hexes.times or not echoes.times or not diffs:
        raise RuntimeError("no click was answered; see the notebook in a browser")
    med = statistics.median
    hex_t, echo_t = hexes.times, echoes.times
    unit_t = "ms, click to redraw" + (" (TCP no-delay server)" if nodelay else " (stock server)")
    yield metric("click_redraw_ms_median", med(hex_t), f"{unit_t}, board hex clicks")
    yield metric("click_redraw_ms_p95", _p95(hex_t), f"{unit_t}, board hex clicks")
    yield metric("trivial_click_redraw_ms_median", med(echo_t), f"{unit_t}, echo widget")
    yield metric("trivial_click_redraw_ms_p95", _p95(echo_t), f"{unit_t}, echo widget")
    yield metric("board_overhead_ms_median", med(hex_t) - med(echo_t), "ms, board minus echo")
    yield metric(
        "click_overhead_ms_median", med(diffs), "ms, median of paired board-minus-echo clicks"
    )
    yield metric("update_payload_kb_median", med(hexes.kb), "KB received per hex click")
    yield metric("trivial_update_payload_kb_median", med(echoes.kb), "KB received per echo click")
    if acts.times:
        yield metric("act_click_redraw_ms_median", med(acts.times), f"{unit_t}, action buttons")
        yield metric("act_update_payload_kb_median", med(acts.kb), "KB received per action click")
    if acts.acks:
        yield metric(
            "act_ack_ms_median",
            med(acts.acks),
            "ms, action click to the frame showing the button pending (before Python answers)",
        )
    if other is not None and other["hexes"].times:
        stock_unit = "ms, click to redraw (stock server, same run)"
        yield metric(
            "click_redraw_ms_median_stock",
            med(other["hexes"].times),
            f"{stock_unit}, board hex clicks",
        )
        yield metric(
            "click_redraw_ms_p95_stock",
            _p95(other["hexes"].times),
            f"{stock_unit}, board hex clicks",
        )
        if other["acts"].times:
            yield metric(
                "act_click_redraw_ms_median_stock",
                med(other["acts"].times),
                f"{stock_unit}, action buttons",
            )
        if other["acts"].acks:
            yield metric(
                "act_ack_ms_median_stock",
                med(other["acts"].acks),
                "ms, action click to the pending mark drawn (stock server)",
            )
    first = main["first"]
    yield metric(
        "first_render_ms", float(first or "nan"), f"ms, JS render of {main['n_hexes']} hexes"
    )
    yield metric("clicks", float(len(hex_t)), "board hex clicks timed")
    yield metric("click_pairs", float(len(diffs)), "board/echo click pairs timed, interleaved")
