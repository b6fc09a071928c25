"""Run ``python -m clash_widget serve`` as a child process (notebooks, tests, the benchmark).

:class:`ServerProcess` starts the server on a free port of 127.0.0.1 in its own
process group, waits until it answers, and can stop it politely, kill it outright
(``SIGKILL``, as a power cut would) and start it again on the same database. Its teacher
key is kept in a key file beside the database (``--teacher-key-file``), read by :attr:`key`.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import IO


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m clash_widget serve`` on ``127.0.0.1:port`` with the rooms in ``db``."""

    def __init__(
        self,
        db: str | Path | None = None,
        *,
        port: int | None = None,
        args: list[str] | None = None,
        log: str | Path | None = None,
    ) -> None:
        self._tmp = None if db is not None else tempfile.TemporaryDirectory()
        self.db = Path(db) if db is not None else Path(self._tmp.name) / "rooms.sqlite"  # type: ignore[union-attr]
        self.port = port or free_port()
        self.args = list(args or [])
        self.log_path = Path(log) if log else self.db.with_suffix(".log")
        self.key_file = Path(f"{self.db}.teacher-key")
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def key(self) -> str:
        """The server's teacher key (made by the server on its first start)."""
        return self.key_file.read_text(encoding="utf-8").splitlines()[0].strip()

    def start(self, timeout: float = 60.0) -> ServerProcess:
        """Start the server and wait until its start page answers."""
        cmd = [sys.executable, "-m", "clash_widget", "serve", "--port", str(self.port)]
        cmd += ["--db", str(self.db), "--teacher-key-file", str(self.key_file), *self.args]
        self._log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            cmd, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}): {self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server did not answer in {timeout} s: {self.log()}")
            time.sleep(0.1)

    def log(self) -> str:
        """Everything the server wrote so far."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def _signal(self, sig: int, timeout: float) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout)
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def kill(self) -> None:
        """SIGKILL: no clean-up at all, as a crash or a power cut."""
        self._signal(signal.SIGKILL, 10.0)

    def stop(self) -> None:
        """SIGTERM (uvicorn shuts down cleanly), SIGKILL if it does not."""
        self._signal(signal.SIGTERM, 10.0)

    def restart(self) -> ServerProcess:
        self.kill()
        return self.start()

    def __enter__(self) -> ServerProcess:
        return self.start() if self.proc is None else self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        if self._tmp is not None:
            self._tmp.cleanup()
