"""A game package's names imported on first use, so that reading its ``spec`` loads no rules."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_names(package: str, where: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name in ``where`` is read from its module
    (``{"Secolo": ".game"}``) the first time it is asked for."""

    def __getattr__(name: str) -> Any:
        if name in where:
            return getattr(import_module(where[name], package), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
