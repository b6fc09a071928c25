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
from itertools import groupby
from operator import attrgetter

from ..engine import Action, Game
from ..engine.game import State
from ..engine.listing import Listing
from ..engine.rng import Stream


class Bot(ABC):
    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Stream(seed)

    @abstractmethod
    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        """Pick one of ``legal`` (non-empty) for the player to move in ``state``."""

    def choose_from(self, game: Game, state: State, listing: Listing) -> Action | None:
        """:meth:`choose` from a :class:`~clash_widget.engine.listing.Listing` of ``state``
        (None when nothing is legal). A bot that needs less than the full list reads only
        what it needs (the random bot: the actions by category)."""
        legal = listing.actions()
        return self.choose(game, state, legal) if legal else None


class RandomBot(Bot):
    """Uniform over action *categories* first, then over options in the category.

    A flat uniform pick would almost always move units (they have the most
    options), so balance numbers would measure the bot rather than the game.
    """

    name = "random"

    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        by: dict[str, list[Action]] = defaultdict(list)
        for a in legal:
            by[game.category(a)].append(a)
        return self.rng.choice(by[self.rng.choice(sorted(by))])

    def choose_from(self, game: Game, state: State, listing: Listing) -> Action | None:
        groups = listing.by_category()  # listed kind by kind: no category looked up per action
        if not groups:
            return None
        return self.rng.choice(groups[self.rng.choice(list(groups))])


_KIND = attrgetter("kind")


def by_kind(legal: list[Action]) -> dict[str, list[Action]]:
    """The actions by kind, each kind's in the listing's order (a listing gives a kind's
    actions in runs, so they are filed a run at a time)."""
    out: dict[str, list[Action]] = {}
    for kind, run in groupby(legal, _KIND):
        out.setdefault(kind, []).extend(run)
    return out
