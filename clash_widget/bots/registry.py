"""Bots by name, per game, so the CLI and the widget can seat any of them."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from .base import Bot, RandomBot

# name -> {game name or "*": "module:Class"}; "*" means any game.
BOTS: dict[str, dict[str, str]] = {
    "random": {"*": "clash_widget.bots.base:RandomBot"},
    "heuristic": {
        "coc": "clash_widget.bots.coc_heuristic:CocHeuristicBot",
        "secolo": "clash_widget.bots.secolo_heuristic:SecoloHeuristicBot",
    },
}


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    if name not in BOTS:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}")
    table = BOTS[name]
    path = table.get(game) or table.get("*")
    if path is None:
        raise KeyError(f"bot {name!r} does not play {game!r}")
    module, _, cls = path.partition(":")
    factory: Callable[[int], Bot] = getattr(import_module(module), cls)
    return factory(seed)


__all__ = ["BOTS", "RandomBot", "make_bot"]
