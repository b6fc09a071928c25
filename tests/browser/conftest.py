"""Real-browser fixtures: headless JupyterLab + Debian's chromium via Playwright.

- ``lab_server`` (session): JupyterLab in its own process group, temp JUPYTER_*
  dirs, a random token, serving a *copy* of ``notebooks/`` (Lab autosaves), news
  and update checks off.
- ``browser`` (session): Playwright's chromium driven through
  ``executable_path`` (never ``playwright install``).
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
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "test-results"


def find_chromium() -> str | None:
    for cand in (shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chromium-browser")):
        if cand and os.path.exists(cand):
            return cand
    return None


CHROMIUM = find_chromium()
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
LOCAL_ONLY = re.compile(r"^(https?|wss?)://(?!127\.0\.0\.1[:/]|localhost[:/])")

LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}

KERNEL_READY_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && !!w.content && w.content.widgets.length > 0;
}"""

KERNEL_EXEC_JS = """async (code) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  let out = '', err = '';
  const fut = k.requestExecute({code, silent: false, store_history: false});
  fut.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === 'stream') out += msg.content.text;
    if (t === 'error') err += msg.content.ename + ': ' + msg.content.evalue;
  };
  const reply = await fut.done;
  return {status: reply.content.status, out, err};
}"""


# --------------------------------------------------------------- helpers ----


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _proc_table() -> dict[int, tuple[int, int, str]]:
    """pid -> (ppid, pgid, cmdline) for every live, non-zombie process."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] == "Z":
            continue
        table[int(entry)] = (int(fields[1]), int(fields[2]), cmd.strip())
    return table


def _descendants(pid: int) -> dict[int, str]:
    table = _proc_table()
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
    table = _proc_table()
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
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "ANYWIDGET_HMR"))}
    dirs = {
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "JUPYTER_DATA_DIR": "data",
        "IPYTHONDIR": "ipython",
        "JUPYTERLAB_SETTINGS_DIR": "settings",
        "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
    }
    for var, name in dirs.items():
        (root / name).mkdir()
        env[var] = str(root / name)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    for rel, value in LAB_SETTINGS.items():
        f = root / "settings" / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(value))

    port, token = _free_port(), secrets.token_hex(16)
    log = open(root / "server.log", "w")  # noqa: SIM115 (closed in teardown)
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
        "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--allow-root",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={nbs}",
        "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]  # fmt: skip
    proc = subprocess.Popen(
        cmd, env=env, cwd=root, stdout=log, stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    leftover_guard.add(proc.pid)
    base = f"http://127.0.0.1:{port}"

    def log_tail() -> str:
        log.flush()
        return (root / "server.log").read_text()[-4000:]

    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            pytest.fail(f"jupyter lab exited with {proc.returncode}:\n{log_tail()}")
        try:
            with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    break
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail(f"jupyter lab did not start in 60 s:\n{log_tail()}")
        time.sleep(0.2)

    server = {"base": base, "token": token, "root": nbs, "proc": proc, "log_tail": log_tail}
    yield server

    # Remember kernels etc. before stopping, to check they are really gone.
    group = [p for p, (_, pgid, _) in _proc_table().items() if pgid == proc.pid]
    leftover_guard.update(group)
    try:
        req = urllib.request.Request(f"{base}/api/shutdown?token={token}", method="POST")
        urllib.request.urlopen(req, timeout=5).close()
    except (urllib.error.URLError, OSError):
        pass
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        pass
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        if not _wait_gone(group, timeout=5):
            break
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    log.close()


@pytest.fixture(scope="session")
def browser(leftover_guard):
    if CHROMIUM is None:
        pytest.skip("no chromium binary (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    before = set(_descendants(os.getpid()))
    br = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
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
        s = self.server
        self.page.goto(f"{s['base']}/lab/tree/{name}?token={s['token']}&reset")
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout)
        self.page.wait_for_function(KERNEL_READY_JS, timeout=timeout)

    def run_all(self):
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")

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
        print("--- server log tail ---\n" + lab_server["log_tail"]())
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
