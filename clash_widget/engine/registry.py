"""The catalogue of game systems: name -> where its definition lives.

A new game plugs in by adding one line here (and its own package); the
kernel and the other games do not change.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from .game import Game

GAMES: dict[str, str] = {
    "coc": "clash_widget.coc.game:ClashOfCultures",
    "secolo": "clash_widget.secolo.game:Secolo",
    "persistence": "clash_widget.persistence.game:PersistenceOfCulture",
    "history": "clash_widget.history.game:HistoryCCG",
}


@cache
def get_game(name: str) -> Game:
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}")
    module, _, cls = GAMES[name].partition(":")
    game: Game = getattr(import_module(module), cls)()
    return game
