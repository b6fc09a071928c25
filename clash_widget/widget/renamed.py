"""Widgets' old names that still import (so old notebooks run), each warning once."""

from __future__ import annotations

import warnings

RENAMED = {"BoardWidget": "ClashBoard"}
_warned: set[str] = set()


def warn_renamed(name: str, stacklevel: int) -> str:
    """The new name of ``name``; a DeprecationWarning the first time it is asked for.

    ``stacklevel`` counts from here to the line that asked, so the warning points at it."""
    new = RENAMED[name]
    if name not in _warned:
        _warned.add(name)
        warnings.warn(
            f"{name} is now called {new}: write `from clash_widget import {new}`",
            DeprecationWarning,
            stacklevel=stacklevel,
        )
    return new
