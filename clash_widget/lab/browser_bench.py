"""Browser benchmark: click-to-redraw of the board against a trivial echo widget.

``python -m clash_widget bench --browser`` starts a headless JupyterLab (its own
temp dirs, a random token, 127.0.0.1 only) and Debian's chromium through
Playwright, opens a notebook with a 4-player mid-game board and an
:class:`~clash_widget.lab.echo_widget.EchoWidget`, and clicks both. A click's
time runs from dispatching the click in the page to the moment the front end has
drawn Python's answer (the board's ``data-feedback-n``, the echo's
``data-echo``), so both widgets are timed the same way over the same
connection; the difference is what the board itself costs. Payload is the bytes
the page received on the kernel websocket per click.

By default the server turns TCP no-delay on for the kernel websocket (a
benchmark-only config file): a stock server can hold small kernel->browser
messages for a delayed ACK (Nagle), which would add noise unrelated to the
widgets. ``--stock-server`` measures without it. Timings are printed, never
asserted.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .bench import metric

NOTEBOOK = "browser_bench.ipynb"
SETUP_CELLS = [
    "from clash_widget.widget import BoardWidget\n"
    "from clash_widget.widget.demo import demo_midgame\n"
    "board = BoardWidget(demo_midgame(players=4, seed=5))\n"
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
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
KERNEL_READY_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && !!w.content && w.content.widgets.length > 0;
}"""
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


def find_chromium() -> str | None:
    for cand in (shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chromium-browser")):
        if cand and os.path.exists(cand):
            return cand
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _write_notebook(path: Path) -> None:
    cells = [
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
def lab_server(nodelay: bool = True) -> Iterator[dict[str, Any]]:
    """A headless JupyterLab on 127.0.0.1 in its own process group; stopped on exit."""
    with tempfile.TemporaryDirectory(prefix="clash-bench-") as tmp:
        root = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "ANYWIDGET"))}
        for var, name in {
            "JUPYTER_CONFIG_DIR": "config",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTER_DATA_DIR": "data",
            "IPYTHONDIR": "ipython",
            "JUPYTERLAB_SETTINGS_DIR": "settings",
            "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
        }.items():
            (root / name).mkdir()
            env[var] = str(root / name)
        env["JUPYTER_PLATFORM_DIRS"] = "1"
        if nodelay:
            (root / "config" / "jupyter_server_config.py").write_text(NODELAY_CONFIG)
        for rel, value in LAB_SETTINGS.items():
            f = root / "settings" / rel
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(json.dumps(value))
        nbs = root / "nbs"
        nbs.mkdir()
        _write_notebook(nbs / NOTEBOOK)
        port, token = _free_port(), secrets.token_hex(16)
        cmd = [
            sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
            "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--allow-root",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={nbs}",
            "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
        ]  # fmt: skip
        with open(root / "server.log", "w") as log:
            proc = subprocess.Popen(
                cmd, env=env, cwd=root, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )  # fmt: skip
            base = f"http://127.0.0.1:{port}"
            try:
                _wait_up(proc, f"{base}/api/status?token={token}", root / "server.log")
                yield {"base": base, "token": token}
            finally:
                _stop(proc, base, token)


def _wait_up(proc: subprocess.Popen, url: str, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyter lab exited: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"jupyter lab did not start: {log.read_text()[-2000:]}")
        time.sleep(0.2)


def _stop(proc: subprocess.Popen, base: str, token: str) -> None:
    try:
        req = urllib.request.Request(f"{base}/api/shutdown?token={token}", method="POST")
        urllib.request.urlopen(req, timeout=5).close()
        proc.wait(timeout=15)
    except (urllib.error.URLError, OSError, subprocess.TimeoutExpired):
        pass
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(timeout=5)
            break
        except subprocess.TimeoutExpired:
            continue


class _Bytes:
    """Bytes the page receives on its websockets (kernel messages)."""

    def __init__(self) -> None:
        self.n = 0

    def attach(self, ws: Any) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        self.n += len(payload.encode() if isinstance(payload, str) else payload)


def _timed_clicks(
    page: Any, counter: _Bytes, root: str, target: str, attr: str, n: int, seed: int
) -> tuple[list[float], list[float]]:
    rng = random.Random(seed)
    times: list[float] = []
    sizes: list[float] = []
    for _ in range(n):
        page.wait_for_timeout(30)  # let the previous answer's trailing messages land
        counter.n = 0
        ms = page.evaluate(CLICK_JS, [root, target, attr, rng.random()])
        page.wait_for_timeout(120)
        if ms is None or ms < 0:
            continue  # nothing to click, or no answer in 10 s: not a sample
        times.append(float(ms))
        sizes.append(counter.n / 1024)
    return times, sizes


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[max(0, int(round(0.95 * len(xs))) - 1)]


def browser_bench(clicks: int = 50, nodelay: bool = True) -> Iterator[dict[str, Any]]:
    """Yield ``{"metric", "value", "unit"}`` dicts; needs chromium and Playwright."""
    chromium = find_chromium()
    if chromium is None:
        raise RuntimeError("no chromium binary (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with lab_server(nodelay=nodelay) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            ctx = browser.new_context(viewport={"width": 1280, "height": 900})
            ctx.route(
                lambda url: not url.startswith(("http://127.0.0.1", "ws://127.0.0.1")),
                lambda route: route.abort(),
            )
            page = ctx.new_page()
            counter = _Bytes()
            page.on("websocket", counter.attach)
            page.goto(f"{server['base']}/lab/tree/{NOTEBOOK}?token={server['token']}&reset")
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
            page.wait_for_function(KERNEL_READY_JS, timeout=90_000)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_selector(".clash-widget polygon.clash-hex", timeout=90_000)
            page.wait_for_selector(".echo-widget", timeout=90_000)
            page.wait_for_timeout(500)
            first = page.get_attribute(".clash-widget", "data-first-render-ms")
            n_hexes = page.locator(".clash-widget polygon.clash-hex").count()

            board = ".clash-widget"
            hex_t, hex_kb = _timed_clicks(
                page, counter, board, "polygon.clash-hex", "data-feedback-n", clicks, 1
            )
            echo_t, echo_kb = _timed_clicks(
                page, counter, ".echo-widget", "", "data-echo", clicks, 2
            )
            act_t, act_kb = _timed_clicks(
                page, counter, board, ".clash-actions-list button.clash-action",
                "data-feedback-n", max(1, clicks // 2), 3,
            )  # fmt: skip
        finally:
            browser.close()

    if not hex_t or not echo_t:
        raise RuntimeError("no click was answered; see the notebook in a browser")
    med = statistics.median
    unit_t = "ms, click to redraw" + (" (TCP no-delay server)" if nodelay else " (stock server)")
    yield metric("click_redraw_ms_median", med(hex_t), f"{unit_t}, board hex clicks")
    yield metric("click_redraw_ms_p95", _p95(hex_t), f"{unit_t}, board hex clicks")
    yield metric("trivial_click_redraw_ms_median", med(echo_t), f"{unit_t}, echo widget")
    yield metric("trivial_click_redraw_ms_p95", _p95(echo_t), f"{unit_t}, echo widget")
    yield metric("board_overhead_ms_median", med(hex_t) - med(echo_t), "ms, board minus echo")
    yield metric("update_payload_kb_median", med(hex_kb), "KB received per hex click")
    yield metric("trivial_update_payload_kb_median", med(echo_kb), "KB received per echo click")
    if act_t:
        yield metric("act_click_redraw_ms_median", med(act_t), f"{unit_t}, action buttons")
        yield metric("act_update_payload_kb_median", med(act_kb), "KB received per action click")
    yield metric("first_render_ms", float(first or "nan"), f"ms, JS render of {n_hexes} hexes")
    yield metric("clicks", float(len(hex_t)), "board hex clicks timed")
