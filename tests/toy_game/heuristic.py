"""The toy game's heuristic: lead your highest card; follow with the lowest card that wins
the trick, or throw your lowest when none does."""

from __future__ import annotations

from clash_widget.bots.base import Bot
from clash_widget.engine import Action, Game
from clash_widget.engine.game import State


class ToyHeuristicBot(Bot):
    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        # only the table (seen by all) and the seat's own legal cards are read
        cards = sorted(legal, key=lambda a: int(a.args[0]))
        if not state["table"]:
            return cards[-1]
        best = max(card for _, card in state["table"])
        winning = [a for a in cards if int(a.args[0]) > best]
        return winning[0] if winning else cards[0]
