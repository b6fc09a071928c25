"""A headless JupyterLab and chromium for the browser tests and the browser bench.

:class:`LabServer` runs JupyterLab on 127.0.0.1 in its own process group, with
its own temp ``JUPYTER_*`` dirs, a random token, and news, update checks,
autosave and notebook windowing off (windowing would leave cells out of the DOM).
:func:`launch_chromium` drives Debian's chromium through Playwright's
``executable_path`` (never ``playwright install``), with no network but local.

Only the standard library is imported here; Jupyter runs in the child process
and Playwright is the caller's, so importing the package never imports either.
"""

from __future__ import annotations

import json
import os
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
from typing import Any

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
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}
_DIRS = {
    "JUPYTER_CONFIG_DIR": "config",
    "JUPYTER_RUNTIME_DIR": "runtime",
    "JUPYTER_DATA_DIR": "data",
    "IPYTHONDIR": "ipython",
    "JUPYTERLAB_SETTINGS_DIR": "settings",
    "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
}
# True once the open notebook has an idle kernel and cells in the DOM.
KERNEL_READY_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && !!w.content && w.content.widgets.length > 0;
}"""


def find_chromium() -> str | None:
    for cand in (shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chromium-browser")):
        if cand and os.path.exists(cand):
            return cand
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_table() -> dict[int, tuple[int, int, str]]:
    """pid -> (ppid, pgid, cmdline) for every live, non-zombie process (Linux /proc)."""
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


def _group(pgid: int) -> list[int]:
    return [p for p, (_, g, _) in proc_table().items() if g == pgid]


def _wait_empty(pgid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while _group(pgid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


class LabServer:
    """JupyterLab serving ``notebooks`` (its root dir), with its state under ``root``.

    ``server_config``: the text of a ``jupyter_server_config.py`` for this server only.
    ``app="notebook"`` runs Jupyter Notebook 7 instead (same server, same test code;
    :meth:`notebook_path` is its notebook URL).
    """

    def __init__(
        self, root: Path, notebooks: Path, *, server_config: str = "", app: str = "lab"
    ) -> None:
        if app not in ("lab", "notebook"):
            raise ValueError(f"app must be 'lab' or 'notebook', not {app!r}")
        self.app = app
        self.root, self.notebooks = root, notebooks
        self.port, self.token = free_port(), secrets.token_hex(16)
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = root / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.env = {
            k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "ANYWIDGET"))
        }
        for var, name in _DIRS.items():
            (root / name).mkdir(exist_ok=True)
            self.env[var] = str(root / name)
        self.env["JUPYTER_PLATFORM_DIRS"] = "1"
        if server_config:
            (root / "config" / "jupyter_server_config.py").write_text(server_config)
        for rel, value in LAB_SETTINGS.items():
            f = root / "settings" / rel
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(json.dumps(value))

    def start(self, timeout: float = 60) -> None:
        """Start the server and wait until it answers; RuntimeError (with the log) if not."""
        cmd = [
            sys.executable, "-m", "jupyterlab" if self.app == "lab" else "notebook",
            "--no-browser", f"--port={self.port}",
            "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--allow-root",
            f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.notebooks}",
        ]  # fmt: skip
        if self.app == "lab":
            cmd += [
                "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.extension_manager=readonly",
            ]  # fmt: skip
        else:
            cmd += ["--JupyterNotebookApp.expose_app_in_browser=True"]
        with open(self.log_path, "w") as log:  # the child keeps its own handle
            self.proc = subprocess.Popen(
                cmd, env=self.env, cwd=self.root, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )  # fmt: skip
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"jupyter lab exited with {self.proc.returncode}:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(self.url("/api/status"), timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(
                    f"jupyter lab did not start in {timeout:g} s:\n{self.log_tail()}"
                )
            time.sleep(0.2)

    def notebook_path(self, name: str) -> str:
        """The URL path that opens notebook ``name`` in this server's front end."""
        return f"/lab/tree/{name}?reset" if self.app == "lab" else f"/notebooks/{name}"

    def url(self, path: str) -> str:
        """``path`` on the server, with the token."""
        return f"{self.base}{path}{'&' if '?' in path else '?'}token={self.token}"

    def log_tail(self, chars: int = 4000) -> str:
        return self.log_path.read_text()[-chars:] if self.log_path.exists() else ""

    def processes(self) -> list[int]:
        """The live processes of the server's group (server and kernels)."""
        return _group(self.proc.pid) if self.proc is not None else []

    def stop(self) -> None:
        """Ask the server to shut down, then SIGTERM/SIGKILL whatever is left of its group."""
        proc = self.proc
        if proc is None:
            return
        try:
            req = urllib.request.Request(self.url("/api/shutdown"), method="POST")
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
            if _wait_empty(proc.pid, timeout=5):
                break
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass


def launch_chromium(playwright: Any) -> Any:
    """A headless chromium Browser from a started Playwright; RuntimeError if none is installed."""
    chromium = find_chromium()
    if chromium is None:
        raise RuntimeError("no chromium binary (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)


def open_notebook(page: Any, server: LabServer, name: str, timeout: float = 60_000) -> None:
    """Open ``name`` in Lab (a fresh workspace) and wait for its kernel to be idle."""
    page.goto(server.url(server.notebook_path(name)))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout)
    page.wait_for_function(KERNEL_READY_JS, timeout=timeout)


def run_all_cells(page: Any) -> None:
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
