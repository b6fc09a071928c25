"""The catalogue of game systems: the one list of games, read from their own declarations.

A game plugs in with its package's ``spec.py`` (a :class:`~.spec.GameSpec`) and one line in
:data:`GAME_PACKAGES`; the kernel and the other games do not change. The packages are named
by string and imported on first use, so the engine imports no game. A game outside the
package (the toy game of the test suite) joins for a while with :func:`registered`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache

from . import game as game_module
from .game import Game
from .spec import GameSpec, resolve

GAME_PACKAGES: tuple[str, ...] = (
    "clash_widget.coc",
    "clash_widget.secolo",
    "clash_widget.persistence",
    "clash_widget.history",
)
"""The games of clash_widget, in the order menus list them: each package has ``spec:SPEC``."""


class Catalogue(Mapping[str, GameSpec]):
    """Game id -> its spec; the packages' specs are read on first use."""

    def __init__(self, packages: tuple[str, ...]) -> None:
        self._packages = packages
        self._specs: dict[str, GameSpec] | None = None

    def _all(self) -> dict[str, GameSpec]:
        if self._specs is None:
            specs: dict[str, GameSpec] = {}
            for package in self._packages:
                spec = resolve(f"{package}.spec:SPEC")
                if not isinstance(spec, GameSpec) or spec.id in specs:
                    raise TypeError(f"{package}.spec.SPEC is not a new GameSpec: {spec!r}")
                specs[spec.id] = spec
            self._specs = specs
        return self._specs

    def __getitem__(self, name: str) -> GameSpec:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def add(self, spec: GameSpec) -> None:
        if spec.id in self._all():
            raise ValueError(f"a game {spec.id!r} is already registered")
        self._all()[spec.id] = spec

    def remove(self, name: str) -> None:
        del self._all()[name]
        get_game.cache_clear()


GAMES = Catalogue(GAME_PACKAGES)
"""Every registered game: id -> :class:`GameSpec`."""
game_module.CATALOGUE = GAMES  # what Game.bench_players reads (the spec's)


@contextmanager
def registered(spec: GameSpec) -> Iterator[GameSpec]:
    """A game from outside the package, registered for the ``with`` block only."""
    GAMES.add(spec)
    try:
        yield spec
    finally:
        GAMES.remove(spec.id)


def get_spec(name: str) -> GameSpec:
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}")
    return GAMES[name]


@cache
def get_game(name: str) -> Game:
    return get_spec(name).game_class()()


__all__ = ["GAMES", "GAME_PACKAGES", "Catalogue", "GameSpec", "get_game", "get_spec", "registered"]
