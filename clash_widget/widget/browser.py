"""The browser's trait values as Python reads them: JupyterLite's ``null`` as ``None``."""

from __future__ import annotations

import sys
from typing import Any


def _browser_null() -> object | None:
    """Pyodide's stand-in for JavaScript ``null`` (``pyodide.ffi.jsnull``), if this is Pyodide."""
    if sys.platform != "emscripten":
        return None
    try:
        from pyodide.ffi import jsnull  # type: ignore[import-not-found]
    except ImportError:  # an older Pyodide turns null into None itself
        return None
    return jsnull


def from_browser(value: Any, null: object | None = None) -> Any:
    """``value`` from the front end with every JavaScript ``null`` as ``None``.

    In a Jupyter server the comm's JSON already gives ``None``; in JupyterLite the
    Pyodide kernel converts the message with ``toPy``, which keeps ``null`` as
    ``pyodide.ffi.jsnull`` (a person's seat in ``bots`` became "unknown bot
    jsnull", the teacher's view and the live game could not be chosen).
    """
    null = _browser_null() if null is None else null
    if null is None:
        return value

    def clean(v: Any) -> Any:
        if v is null:
            return None
        if isinstance(v, dict):
            return {k: clean(x) for k, x in v.items()}
        if isinstance(v, list):
            return [clean(x) for x in v]
        return v

    return clean(value)
