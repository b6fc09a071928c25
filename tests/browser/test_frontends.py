"""The board in the other Jupyter front ends: Jupyter Notebook 7, and Voilà's play screen.

- Notebook 7 (``jupyter notebook``): the same server and test code as the Lab tests
  (``LabServer(app="notebook")``): the board renders, a hex click and an action click
  reach Python and come back drawn, and a seat's view draws only that seat's hand.
- Voilà (``voila --template=clash notebooks/play.ipynb``): the play screen's form,
  then the board alone; clicks and the bots' autoplay checked through the page only
  (Voilà has no ``window.jupyterapp``), and not one request to another site.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import KERNEL_EXEC_JS, LOCAL_ONLY, NOTEBOOKS
from playwright.sync_api import expect

from clash_widget.lab.jupyter_harness import LabServer, free_port, open_notebook, run_all_cells

pytestmark = pytest.mark.browser
HEX = "svg polygon.clash-hex[data-q][data-r]"
# Notebook 7 raises this once while loading its settings, with or without widgets.
NB7_KNOWN_ERROR = "reading 'schema'"
SETUP = """\
from clash_widget.widget import ClashBoard
from clash_widget.coc.demo import demo_midgame

board = ClashBoard(demo_midgame(players=4, seed=5))
board
"""


def has_class(cls: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


def kernel_json(page, expr: str):
    import json

    res = page.evaluate(KERNEL_EXEC_JS, f"import json as _j; print(_j.dumps({expr}))")
    assert res["status"] == "ok", res["err"]
    return json.loads(res["out"])


def wait_kernel(page, expr: str, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while True:
        value = kernel_json(page, expr)
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


# ------------------------------------------------------------- Notebook 7 ---


@pytest.fixture(scope="module")
def nb7_server(tmp_path_factory, leftover_guard):
    import nbformat

    root = tmp_path_factory.mktemp("nb7")
    nbs = root / "nbs"
    nbs.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SETUP)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, str(nbs / "nb7.ipynb"))
    server = LabServer(root, nbs, app="notebook")
    try:
        server.start(timeout=60)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    finally:
        if server.proc is not None:
            leftover_guard.add(server.proc.pid)
    yield server
    leftover_guard.update(server.processes())
    server.stop()


def test_notebook7_board_click_redraw_hidden_hands(browser, nb7_server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.route(LOCAL_ONLY, lambda route: route.abort())
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        open_notebook(page, nb7_server, "nb7.ipynb")
        assert "/notebooks/nb7.ipynb" in page.url
        run_all_cells(page)
        widget = page.locator(".clash-widget").first
        expect(widget.locator(HEX).first).to_be_visible(timeout=60_000)
        wait_kernel(page, "'board' in globals()", timeout=30)

        # A hex click reaches Python; the page draws Python's answer.
        q, r = kernel_json(
            page,
            "[[h['q'], h['r']] for h in board.view['hexes'] if h.get('explored')][3]",
        )
        hexel = widget.locator(f'polygon.clash-hex[data-q="{q}"][data-r="{r}"]')
        hexel.scroll_into_view_if_needed()
        hexel.click(force=True)
        sel = "(board.selected.get('q'), board.selected.get('r'))"
        assert wait_kernel(page, f"{sel} == ({q}, {r})")
        expect(hexel).to_have_class(has_class("is-selected"))
        expect(widget.locator(".clash-feedback")).to_contain_text("Selected: ")

        # An action click: pending at once, played by Python, drawn.
        v0 = kernel_json(page, "board.match.version")
        btn = widget.locator(".clash-actions-general button.clash-action").first
        btn.scroll_into_view_if_needed()
        assert btn.evaluate("(b) => { b.click(); return b.classList.contains('is-pending'); }")
        assert wait_kernel(page, f"board.match.version > {v0}")
        v1 = kernel_json(page, "board.match.version")
        expect(widget).to_have_attribute("data-version", str(v1))

        # Hidden hands: the teacher sees 4, a seat's view draws only its own.
        expect(widget.locator(".clash-hand")).to_have_count(4)
        widget.locator(".clash-view-select").select_option("2")
        assert wait_kernel(page, "board.seat == 2 and board.view['seat'] == 2")
        expect(widget.locator(".clash-hand")).to_have_count(1)
        expect(widget.locator('.clash-player[data-seat="2"] .clash-hand')).to_have_count(1)
        assert kernel_json(page, "[p.get('hand') is None for p in board.view['players']]") == [
            True, True, False, True,
        ]  # fmt: skip
        widget.locator(".clash-view-select").select_option("teacher")
        assert wait_kernel(page, "board.seat is None")
        expect(widget.locator(".clash-hand")).to_have_count(4)
    finally:
        try:
            page.evaluate(
                "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
                " return w && w.sessionContext ? w.sessionContext.shutdown() : null; }"
            )
        except Exception:  # noqa: BLE001 - the page may be gone
            pass
        ctx.close()
    unexpected = [e for e in errors if NB7_KNOWN_ERROR not in e]
    assert not unexpected, f"page errors: {unexpected}"


# ------------------------------------------------------------------ Voilà ---


# The repo's Voilà template (share/jupyter/voila/templates/clash), as a checkout finds it.
VOILA_DATA = Path(__file__).resolve().parents[2] / "share" / "jupyter"


class VoilaServer:
    """``voila --template=clash play.ipynb`` on 127.0.0.1 in its own process group and
    temp Jupyter dirs."""

    def __init__(self, root: Path, notebook: Path) -> None:
        self.root, self.notebook = root, notebook
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = root / "voila.log"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
        for var, name in (
            ("JUPYTER_CONFIG_DIR", "config"),
            ("JUPYTER_RUNTIME_DIR", "runtime"),
            ("JUPYTER_DATA_DIR", "data"),
            ("IPYTHONDIR", "ipython"),
        ):
            (root / name).mkdir(exist_ok=True)
            self.env[var] = str(root / name)
        self.env["JUPYTER_PLATFORM_DIRS"] = "1"
        self.env["JUPYTER_PATH"] = str(VOILA_DATA)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> None:
        cmd = [
            sys.executable, "-m", "voila", str(self.notebook), f"--port={self.port}",
            "--no-browser", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--template=clash",
        ]  # fmt: skip
        with open(self.log_path, "w") as log:
            self.proc = subprocess.Popen(
                cmd, env=self.env, cwd=self.root, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:  # a TCP connect: GET / would start a kernel
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited:\n{self.log_path.read_text()[-3000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"voila did not start:\n{self.log_path.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.proc is None:
            return
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(timeout=10)
                break
            except subprocess.TimeoutExpired:
                continue


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory, leftover_guard):
    root = tmp_path_factory.mktemp("voila")
    nb = root / "play.ipynb"
    shutil.copy(NOTEBOOKS / "play.ipynb", nb)
    server = VoilaServer(root, nb)
    try:
        server.start()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    finally:
        if server.proc is not None:
            leftover_guard.add(server.proc.pid)
    yield server
    server.stop()


def board_version(widget) -> int:
    """The version the board drew (its data-version; the banner shows no version)."""
    return int(widget.get_attribute("data-version") or 0)


def test_voila_play_screen(browser, voila_server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    blocked: list[str] = []
    ctx.route(LOCAL_ONLY, lambda route: (blocked.append(route.request.url), route.abort()))
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        t0 = time.monotonic()
        page.goto(voila_server.base + "/")
        start = page.locator(".clash-play-start")
        expect(start).to_be_visible(timeout=90_000)
        form_s = time.monotonic() - t0
        # No code on the page: Voilà shows the outputs only.
        expect(page.locator("text=play_screen()")).to_have_count(0)
        # Seat 1 a person (default), seat 2 the heuristic bot (default): start.
        start.click()
        widget = page.locator(".clash-widget")
        expect(widget).to_have_count(1)
        expect(widget.locator(HEX).first).to_be_visible()
        expect(start).to_have_count(0)  # the board alone
        print(f"voila: form {form_s:.1f} s after goto, board {time.monotonic() - t0:.1f} s")

        # A hex click reaches Python and its answer is drawn.
        hexel = widget.locator("polygon.clash-hex.is-legal").first
        hexel.click(force=True)
        expect(widget.locator(".clash-feedback")).to_contain_text("Selected: ")

        # The person ends a turn's actions by clicks; then the bot plays by itself.
        v0 = board_version(widget)
        btn = widget.locator(".clash-actions-general button.clash-action").first
        assert btn.evaluate("(b) => { b.click(); return b.classList.contains('is-pending'); }")
        expect(widget).not_to_have_attribute("data-version", str(v0), timeout=15_000)
        assert board_version(widget) > v0
        # the message says the move in words, by the players' names (never its key)
        expect(widget.locator(".clash-feedback")).to_contain_text(re.compile(r"Blue|Orange"))
    finally:
        ctx.close()
    assert not errors, f"page errors: {errors}"
    # The clash template drops the stock page's CDN style sheets: the page works offline.
    assert not blocked, f"external requests: {sorted(set(blocked))}"


def test_voila_keeps_the_panels_in_view_at_1280_by_800(browser, voila_server):
    """docs/design.md: on a 1280 x 800 screen the play screen shows the map, the players'
    panels (with the person's hand) and the legend without scrolling (issue 37, item 12)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(60_000)
    try:
        page.goto(voila_server.base + "/")
        page.locator(".clash-play-start").click()
        widget = page.locator(".clash-widget")
        expect(widget.locator(HEX).first).to_be_visible()
        bottoms = page.evaluate(
            """() => ['.clash-panels', '.clash-legend', '.clash-board'].map((s) => {
                 const e = document.querySelector(s);
                 return e ? Math.round(e.getBoundingClientRect().bottom) : null; })"""
        )
        assert all(b is not None and b <= 800 for b in bottoms), bottoms
        page.screenshot(path=str(Path("test-results") / "voila-1280x800.png"))
    finally:
        page.close()
