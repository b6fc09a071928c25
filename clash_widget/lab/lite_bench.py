"""``python -m clash_widget bench --lite``: the offline JupyterLite site beside JupyterLab.

Builds the site (``scripts/build_lite.py``, so this needs a checkout of the
repository; ``--site DIR`` measures a site already built), serves it on
127.0.0.1 and opens the start notebook in a fresh chromium context (nothing
cached), with every other host unresolvable. Then, in the same run, the same
notebook in a stock JupyterLab on 127.0.0.1 (a user's server: no TCP no-delay).
For both:

- ``*_board_ready_s``: cold load (``goto``) to the first board drawn, with the
  cells run as soon as the kernel is idle; ``*_kernel_ready_s`` on the way;
- ``*_click_redraw_ms_median`` / ``_p95``: a board hex click to the redraw of
  Python's answer (the board's ``data-feedback-n``), timed in the page;
- ``*_act_click_redraw_ms_median``: the same for action buttons;

and ``lite_site_mb`` (the built site), ``lite_build_s``, ``lite_failed_requests``.
Timings are printed, never asserted.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .bench import metric
from .browser_bench import CLICK_JS
from .jupyter_harness import LabServer, find_chromium, launch_chromium
from .lite_harness import (
    KERNEL_READY_JS,
    RUN_ALL_JS,
    START_NOTEBOOK,
    RequestLog,
    StaticServer,
    site_bytes,
)

REPO = Path(__file__).resolve().parents[2]
BUILD = REPO / "scripts" / "build_lite.py"
BOARD = ".clash-widget"
HEX_TARGET = "polygon.clash-hex"
ACT_TARGET = ".clash-actions-list button.clash-action"


def build_site(out: Path) -> float:
    """Build the site into ``out``; the seconds it took."""
    if not BUILD.is_file():
        raise RuntimeError(f"{BUILD} not found: bench --lite runs from a checkout of the repo")
    t0 = time.monotonic()
    res = subprocess.run(
        [sys.executable, str(BUILD), "--out", str(out)],
        capture_output=True, text=True, cwd=REPO, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    if res.returncode != 0:
        raise RuntimeError(f"building the site failed:\n{res.stdout[-2000:]}{res.stderr[-2000:]}")
    return time.monotonic() - t0


def _cold_board(page: Any, url: str) -> dict[str, float]:
    """goto -> notebook shown -> kernel idle -> run all -> first board drawn (seconds)."""
    t0 = time.monotonic()
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=180_000)
    shown = time.monotonic() - t0
    page.wait_for_function(KERNEL_READY_JS, timeout=180_000)
    kernel = time.monotonic() - t0
    page.evaluate(RUN_ALL_JS)
    page.wait_for_selector(f"{BOARD} {HEX_TARGET}", timeout=180_000)
    return {"shown": shown, "kernel": kernel, "board": time.monotonic() - t0}


def _clicks(page: Any, target: str, n: int, seed: int) -> list[float]:
    """``n`` clicks on the first board, each timed until Python's answer is drawn."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        page.wait_for_timeout(30)
        ms = page.evaluate(CLICK_JS, [BOARD, target, "data-feedback-n", rng.random()])
        page.wait_for_timeout(120)
        if ms is not None and ms >= 0:
            out.append(float(ms))
    return out


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[max(0, int(round(0.95 * len(xs))) - 1)]


def _measure(page: Any, url: str, clicks: int) -> dict[str, Any]:
    cold = _cold_board(page, url)
    # Let the start notebook's last cells (bots playing a turn) settle first.
    page.wait_for_function(KERNEL_READY_JS, timeout=180_000)
    page.wait_for_timeout(1000)
    hexes = _clicks(page, HEX_TARGET, clicks, 1)
    acts = _clicks(page, ACT_TARGET, max(1, clicks // 2), 3)
    return {**cold, "hexes": hexes, "acts": acts}


def _figures(prefix: str, m: dict[str, Any], where: str) -> Iterator[dict[str, Any]]:
    yield metric(
        f"{prefix}_notebook_shown_s", m["shown"], f"s, cold load to the notebook ({where})"
    )
    yield metric(
        f"{prefix}_kernel_ready_s", m["kernel"], f"s, cold load to an idle kernel ({where})"
    )
    yield metric(f"{prefix}_board_ready_s", m["board"], f"s, cold load to a drawn board ({where})")
    if m["hexes"]:
        unit = f"ms, board hex click to redraw ({where})"
        yield metric(f"{prefix}_click_redraw_ms_median", statistics.median(m["hexes"]), unit)
        yield metric(f"{prefix}_click_redraw_ms_p95", _p95(m["hexes"]), unit)
    if m["acts"]:
        unit = f"ms, action click to redraw ({where})"
        yield metric(f"{prefix}_act_click_redraw_ms_median", statistics.median(m["acts"]), unit)


def lite_bench(clicks: int = 30, site: Path | None = None) -> Iterator[dict[str, Any]]:
    """Yield ``{"metric", "value", "unit"}`` dicts; needs chromium and Playwright."""
    if find_chromium() is None:
        raise RuntimeError("no chromium binary (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="clash-lite-bench-") as tmp:
        root = Path(tmp)
        build_s = None
        if site is None:
            site = root / "site"
            build_s = build_site(site)
        nbs = root / "nbs"
        shutil.copytree(REPO / "notebooks", nbs, ignore=shutil.ignore_patterns(".ipynb_*"))
        lab = LabServer(root, nbs)  # stock: a user's server
        with StaticServer(site) as static, sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                ctx = browser.new_context(viewport={"width": 1280, "height": 900})
                page = ctx.new_page()
                requests = RequestLog(page)
                lite = _measure(page, f"{static.base}/", clicks)
                ctx.close()
                lab.start(timeout=90)
                try:
                    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
                    page = ctx.new_page()
                    jlab = _measure(page, lab.url(lab.notebook_path(START_NOTEBOOK)), clicks)
                    page.evaluate(
                        "() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()"
                    )
                    ctx.close()
                finally:
                    lab.stop()
            finally:
                browser.close()
        size = site_bytes(site)
    yield metric("lite_site_mb", size / 1e6, "MB, the built JupyterLite site")
    if build_s is not None:
        yield metric("lite_build_s", build_s, "s, make lite (downloads cached)")
    yield from _figures("lite", lite, "JupyterLite, Pyodide in the page")
    yield metric(
        "lite_failed_requests", float(len(requests.failed)), "requests failed or >= 400 (lite)"
    )
    yield from _figures("lab", jlab, "JupyterLab, stock server, same run")
