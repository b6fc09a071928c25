"""Real-browser fixtures: headless JupyterLab + Debian's chromium via Playwright.

- ``lab_server`` (session): a :class:`clash_widget.lab.jupyter_harness.LabServer`
  (own process group, temp JUPYTER_* dirs, random token) serving a *copy* of
  ``notebooks/`` (Lab autosaves).
- ``browser`` (session): Debian's chromium through Playwright (the harness's
  ``launch_chromium``, never ``playwright install``).
- ``lab`` (per test): a fresh browser context with every non-local request
  aborted and page errors collected, plus helpers to open a notebook, run all
  cells and execute code on the notebook's kernel.

Teardown stops the server (``/api/shutdown``, then SIGTERM/SIGKILL to the
process group) and checks that no jupyter, kernel or chromium process of ours
is left behind.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest

from clash_widget.lab.jupyter_harness import (
    LabServer,
    find_chromium,
    launch_chromium,
    open_notebook,
    proc_table,
    run_all_cells,
)
from clash_widget.lab.lite_harness import KERNEL_EXEC_JS  # run code on the notebook's kernel

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "test-results"
CHROMIUM = find_chromium()
LOCAL_ONLY = re.compile(r"^(https?|wss?)://(?!127\.0\.0\.1[:/]|localhost[:/])")

# --------------------------------------------------------------- helpers ----


def _descendants(pid: int) -> dict[int, str]:
    table = proc_table()
    children: dict[int, list[int]] = {}
    for p, (ppid, _, _) in table.items():
        children.setdefault(ppid, []).append(p)
    out, todo = {}, list(children.get(pid, []))
    while todo:
        p = todo.pop()
        out[p] = table[p][2]
        todo += children.get(p, [])
    return out


def _alive(pids) -> dict[int, str]:
    table = proc_table()
    return {p: table[p][2] for p in pids if p in table}


def _wait_gone(pids, timeout: float = 10.0) -> dict[int, str]:
    deadline = time.monotonic() + timeout
    left = _alive(pids)
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = _alive(pids)
    return left


# -------------------------------------------------------------- fixtures ----


@pytest.fixture(scope="session")
def leftover_guard():
    """Torn down last: fails the run if a jupyter/kernel/chromium child survived."""
    watched: set[int] = set()
    yield watched
    left = _wait_gone(watched, timeout=10)
    left.update(
        {
            p: c
            for p, c in _descendants(os.getpid()).items()
            if re.search(r"jupyter|ipykernel|chrom", c)
        }
    )
    assert not left, f"leftover processes after the browser tests: {left}"


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory, leftover_guard):
    root = tmp_path_factory.mktemp("lab")
    nbs = root / "nbs"
    shutil.copytree(NOTEBOOKS, nbs, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    server = LabServer(root, nbs)
    try:
        server.start(timeout=60)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    finally:
        if server.proc is not None:
            leftover_guard.add(server.proc.pid)
    yield server
    # Remember kernels etc. before stopping, to check they are really gone.
    leftover_guard.update(server.processes())
    server.stop()


@pytest.fixture(scope="session")
def browser(leftover_guard):
    if CHROMIUM is None:
        pytest.skip("no chromium binary (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    before = set(_descendants(os.getpid()))
    br = launch_chromium(pw)
    leftover_guard.update(p for p in _descendants(os.getpid()) if p not in before)
    yield br
    br.close()
    pw.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


class Lab:
    """One browser page on the test Lab server, with notebook helpers."""

    def __init__(self, page, server):
        self.page = page
        self.server = server
        self.errors: list[str] = []
        self.blocked: list[str] = []

    def open_notebook(self, name: str, timeout: float = 60_000):
        open_notebook(self.page, self.server, name, timeout)

    def run_all(self):
        run_all_cells(self.page)

    def kernel(self, code: str) -> str:
        """Run ``code`` on the open notebook's kernel; return its stdout."""
        res = self.page.evaluate(KERNEL_EXEC_JS, code)
        assert res["status"] == "ok", f"kernel code failed: {res['err']}\n{code}"
        return res["out"]

    def kernel_json(self, expr: str):
        return json.loads(self.kernel(f"import json as _j; print(_j.dumps({expr}))"))

    def wait_kernel(self, expr: str, timeout: float = 10.0, interval: float = 0.1):
        """Poll a Python expression on the kernel until it is truthy; return its JSON value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.kernel_json(expr)
            if value or time.monotonic() > deadline:
                return value
            time.sleep(interval)


@pytest.fixture
def lab(request, browser, lab_server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    helper = Lab(page, lab_server)
    ctx.route(LOCAL_ONLY, lambda route: (helper.blocked.append(route.request.url), route.abort()))
    page.on("pageerror", lambda exc: helper.errors.append(str(exc)))
    page.set_default_timeout(30_000)
    yield helper
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    if failed:
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
        except Exception:  # noqa: BLE001 - best effort
            pass
        print("--- server log tail ---\n" + lab_server.log_tail())
    try:
        page.evaluate(
            "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " return w && w.sessionContext ? w.sessionContext.shutdown() : null; }"
        )
    except Exception:  # noqa: BLE001 - the page may already be gone
        pass
    ctx.close()
    if helper.blocked:
        print(f"blocked external requests: {sorted(set(helper.blocked))}")
    assert not helper.errors, f"page errors: {helper.errors}"


@pytest.fixture
def plain_page(browser):
    """A page of its own (1000 x 900, nothing fetched from outside) for a table mounted
    without JupyterLab (``plain_mount``); a script error on it fails the test."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 900})
    ctx.route(LOCAL_ONLY, lambda route: route.abort())
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, errors
