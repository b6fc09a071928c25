#!/usr/bin/env python3
"""Serve the built JupyterLite site on this machine: ``make lite-serve``.

A plain static file server (the site needs no Jupyter server) bound to
127.0.0.1, with the content types the browser needs for Pyodide (``.wasm``,
``.mjs``). Usage: ``python scripts/serve_lite.py [--dir build/lite] [--port 8000]``,
then open http://127.0.0.1:8000/ (it opens the start notebook).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from clash_widget.lab.lite_harness import StaticServer  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dir", type=Path, default=REPO / "build" / "lite")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    a = p.parse_args(argv)
    if not (a.dir / "index.html").is_file():
        print(f"no site in {a.dir}: run `make lite` first", file=sys.stderr)
        return 1
    server = StaticServer(a.dir, port=a.port, host=a.host, log=True)
    print(f"serving {a.dir} at {server.base}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
