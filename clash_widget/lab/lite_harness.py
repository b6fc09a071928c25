"""Serve and drive the course's JupyterLite site (``make lite``) for tests and ``bench --lite``.

:class:`StaticServer` serves a built site from a background thread on 127.0.0.1
(the site is static files: no Jupyter server), with the content types Pyodide
needs, and remembers every request and its status. The ``*_JS`` snippets and
:func:`open_lite_notebook` drive JupyterLite's JupyterLab in a Playwright page:
the same ``window.jupyterapp`` as a served Lab, with the kernel running in the
page (Pyodide in a web worker).

Only the standard library is imported here; Playwright is the caller's.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
import time
from pathlib import Path
from typing import Any

# Beyond Python's mimetypes: what the browser insists on for module workers and wasm.
CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/octet-stream",
    ".ipynb": "application/json",
}
START_NOTEBOOK = "00_start_here.ipynb"

# True once the open notebook's kernel (Pyodide, in the page) is idle and its cells exist.
KERNEL_READY_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && !!w.content && w.content.widgets.length > 0;
}"""
RUN_ALL_JS = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"
# Run code on the open notebook's kernel: {status, out, err}.
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
# The error outputs of the open notebook's cells: "ename: evalue".
CELL_ERRORS_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const out = [];
  for (const c of w.content.widgets) {
    if (c.model.type !== 'code') continue;
    const outputs = c.model.outputs;
    for (let i = 0; i < outputs.length; i++) {
      const o = outputs.get(i).toJSON();
      if (o.output_type === 'error') out.push(`${o.ename}: ${String(o.evalue).slice(0, 300)}`);
    }
  }
  return out;
}"""
# Cells that have run (an execution count) and how many code cells there are.
CELLS_RUN_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const cells = w.content.widgets.filter((c) => c.model.type === 'code');
  const ran = cells.filter((c) => typeof c.model.executionCount === 'number');
  const busy = w.sessionContext.session.kernel.status !== 'idle';
  const errors = cells.filter((c) => {
    const o = c.model.outputs;
    for (let i = 0; i < o.length; i++) if (o.get(i).type === 'error') return true;
    return false;
  }).length;
  return {code: cells.length, ran: ran.length, busy, errors};
}"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def __init__(self, *args: Any, server_ref: StaticServer, **kwargs: Any) -> None:
        self._ref = server_ref
        super().__init__(*args, **kwargs)

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        status = int(code) if str(code).isdigit() else 0
        self._ref.requests.append((self.path, status))
        if self._ref.log:
            super().log_request(code, size)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser closing a connection early (a page closed mid-load) is not an error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class StaticServer:
    """A built site served on ``host:port`` (0: a free port) from a daemon thread."""

    def __init__(self, root: Path, *, port: int = 0, host: str = "127.0.0.1", log: bool = False):
        self.root = Path(root)
        self.log = log
        self.requests: list[tuple[str, int]] = []
        handler = functools.partial(_Handler, directory=str(self.root), server_ref=self)
        self._httpd = _Server((host, port), handler)
        self.port = int(self._httpd.server_address[1])
        self.base = f"http://{host}:{self.port}"
        self._thread: threading.Thread | None = None

    def start(self) -> StaticServer:
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self._httpd.serve_forever()

    def close(self) -> None:
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(5)
        self._httpd.server_close()

    def failed(self) -> list[tuple[str, int]]:
        """Requests the server answered with an error status."""
        return [(p, s) for p, s in self.requests if s >= 400]

    def __enter__(self) -> StaticServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


class RequestLog:
    """Every failed request of a page: network failures and answers >= 400."""

    def __init__(self, page: Any) -> None:
        self.failed: list[str] = []
        self.count = 0
        page.on("request", self._request)
        page.on("requestfailed", self._failed)
        page.on("response", self._response)

    def _request(self, req: Any) -> None:
        self.count += 1

    def _failed(self, req: Any) -> None:
        self.failed.append(f"{req.url} ({req.failure})")

    def _response(self, resp: Any) -> None:
        if resp.status >= 400:
            self.failed.append(f"{resp.url} ({resp.status})")


def site_bytes(root: Path) -> int:
    return sum(p.stat().st_size for p in Path(root).rglob("*") if p.is_file())


def notebook_url(base: str, name: str) -> str:
    return f"{base}/lab/index.html?path={name}"


def open_lite_notebook(page: Any, url: str, timeout: float = 120_000) -> float:
    """Open a notebook of the site and wait for its Pyodide kernel; seconds it took."""
    t0 = time.monotonic()
    page.goto(url)
    wait_lite_notebook(page, timeout)
    return time.monotonic() - t0


def wait_lite_notebook(page: Any, timeout: float = 120_000) -> None:
    """Wait until the page shows a notebook whose Pyodide kernel is idle."""
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout)
    page.wait_for_function(KERNEL_READY_JS, timeout=timeout)


def wait_all_cells_ran(page: Any, timeout: float = 180.0) -> dict[str, Any]:
    """Wait until every code cell ran (or one failed: run-all stops there) and all is idle."""
    deadline = time.monotonic() + timeout
    state: dict[str, Any] = {}
    while time.monotonic() < deadline:
        state = page.evaluate(CELLS_RUN_JS)
        if (state["ran"] == state["code"] or state["errors"]) and not state["busy"]:
            return state
        page.wait_for_timeout(250)
    raise TimeoutError(f"cells still running after {timeout:g} s: {state}")
