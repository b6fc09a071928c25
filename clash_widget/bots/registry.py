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
        "history": "clash_widget.bots.history_heuristic:HistoryHeuristicBot",
        "persistence": "clash_widget.bots.persistence_heuristic:PersistenceHeuristicBot",
    },
    "search": {"*": "clash_widget.bots.search:SearchBot"},
}


def parse_spec(spec: str) -> tuple[str, dict[str, int | float | str | None]]:
    """Read ``"search:playouts=32:depth=20"`` into a bot name and its settings."""
    name, *pairs = spec.strip().split(":")
    params: dict[str, int | float | str | None] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep:
            raise ValueError(f"bot settings are written key=value, not {pair!r} in {spec!r}")
        value: int | float | str | None = text
        if text.lower() == "none":
            value = None
        else:
            for kind in (int, float):
                try:
                    value = kind(text)
                    break
                except ValueError:
                    pass
        params[key] = value
    return name, params


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    """A bot by name, e.g. ``"random"``, ``"heuristic"`` or ``"search:playouts=32"``."""
    name, params = parse_spec(name)
    if name not in BOTS:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}")
    table = BOTS[name]
    path = table.get(game) or table.get("*")
    if path is None:
        raise KeyError(f"bot {name!r} does not play {game!r}")
    module, _, cls = path.partition(":")
    factory: Callable[..., Bot] = getattr(import_module(module), cls)
    try:
        return factory(seed, **params)
    except TypeError as exc:
        raise ValueError(f"bot {name!r} does not take the settings {params}: {exc}") from None


__all__ = ["BOTS", "RandomBot", "make_bot", "parse_spec"]
