"""The common bot interface: any game, any seat, from the widget or self-play.

``choose()`` receives the whole state, as the engine holds it (copying a seat's
view for every decision would cost more than the decision), and answers with one
of the legal actions. A bot must decide only from what its seat may know: its
choice may not change when everything the seat cannot see is resampled
(``Game.determinize``); tests/test_bot_fairness.py checks this for every game's
heuristic, and the search bot plays out on resampled states only. Bots draw from
their own random stream, never from the game's generator, so thinking does not
change the dice.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Sequence
from typing import ClassVar

from ..engine import Action, Game
from ..engine.game import State
from ..engine.listing import Listing
from ..engine.rng import Stream


class Bot(ABC):
    name: str = "bot"
    takes_listing: ClassVar[bool] = False
    """Whether :meth:`choose` may be handed a :class:`~clash_widget.engine.listing.Listing`
    (which lists only what is read) instead of the full list."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Stream(seed)

    @abstractmethod
    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        """Pick one of ``legal`` (non-empty) for the player to move in ``state``."""


class RandomBot(Bot):
    """Uniform over action *categories* first, then over options in the category.

    A flat uniform pick would almost always move units (they have the most
    options), so balance numbers would measure the bot rather than the game.
    """

    name = "random"
    takes_listing = True

    def choose(self, game: Game, state: State, legal: Sequence[Action]) -> Action:
        if isinstance(legal, Listing):  # listed kind by kind, no look-up per action
            groups = legal.by_category()
            return self.rng.choice(groups[self.rng.choice(list(groups))])
        by: dict[str, list[Action]] = defaultdict(list)
        for a in legal:
            by[game.category(a)].append(a)
        return self.rng.choice(by[self.rng.choice(sorted(by))])
