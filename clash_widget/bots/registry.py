"""Bots by name, per game, so the CLI and the widget can seat any of them."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from functools import cache

from ..engine.registry import GAMES
from ..engine.spec import resolve
from .base import Bot, RandomBot


class Heuristics(Mapping[str, str]):
    """Game id -> its own heuristic bot, as each game's spec names it (read live, so a game
    registered later, like the test suite's toy game, is seated too)."""

    def _table(self) -> dict[str, str]:
        return {g: s.heuristic for g, s in GAMES.items() if s.heuristic}

    def __getitem__(self, game: str) -> str:
        return self._table()[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


# name -> {game name or "*": "module:Class"}; "*" means any game.
BOTS: dict[str, Mapping[str, str]] = {
    "random": {"*": "clash_widget.bots.base:RandomBot"},
    "heuristic": Heuristics(),
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


class UnknownBot(KeyError):
    """No bot of that name in the catalogue."""


class BotNotForGame(KeyError):
    """The catalogue's bot of that name does not play this game (no heuristic for it)."""


def check_bot_name(name: str) -> None:
    """Raise UnknownBot unless ``name`` (without settings) is in the catalogue."""
    if name not in BOTS:
        raise UnknownBot(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}")


@cache
def accepted_settings(factory: Callable[..., Bot]) -> tuple[tuple[str, ...], bool]:
    """The settings a bot factory takes (its parameters but ``seed``) and whether it takes
    open-ended ones (``**weights``). Read from its signature once per factory: a function of
    the factory alone, and ``inspect.signature`` was over half of a Secolo game's setup (#27)."""
    parameters = inspect.signature(factory).parameters.values()
    settings = tuple(p.name for p in parameters if p.name != "seed" and p.kind is not p.VAR_KEYWORD)
    return settings, any(p.kind is p.VAR_KEYWORD for p in parameters)


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    """A bot by name, e.g. ``"random"``, ``"heuristic"`` or ``"search:playouts=32"``.

    Raises UnknownBot or BotNotForGame (KeyErrors), and ValueError for a setting the
    bot does not have or a value it cannot use (``search:policy=heurstic``).
    """
    name, params = parse_spec(name)
    check_bot_name(name)
    table = BOTS[name]
    path = table.get(game) or table.get("*")
    if path is None:
        raise BotNotForGame(f"bot {name!r} does not play {game!r}")
    factory: Callable[..., Bot] = resolve(path)
    settings, open_ended = accepted_settings(factory)
    unknown = sorted(set(params) - set(settings))
    if unknown and not open_ended:
        has = f"its settings: {', '.join(settings)}" if settings else "it has no settings"
        raise ValueError(f"bot {name!r} has no setting {', '.join(unknown)} ({has})")
    if not open_ended:
        return factory(seed, **params)
    try:  # a bot with open-ended settings (weights) names the ones it does not know
        return factory(seed, **params)
    except TypeError as exc:
        raise ValueError(f"bot {name!r}: {exc}") from None


__all__ = ["BOTS", "BotNotForGame", "RandomBot", "UnknownBot", "make_bot", "parse_spec"]
