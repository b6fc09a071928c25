"""A readable greedy strategy for Clash of Cultures.

Each legal action gets a score from a few plain rules of thumb, and the bot
takes the best (ties broken by its own random stream):

1. Grow: found cities, add city pieces, build settlers while there is room.
2. Research the advances the primer calls priority picks (Irrigation,
   Storage, Sanitation) first, then others that give points or tokens.
3. Keep the economy going: collect with the biggest city, never waste a turn.
4. Defend and attack: build armies once Tactics is known; attack only with
   a stack of 3 or more.
5. Influence a rival city when the odds are good: the better the chance of
   the roll, the higher the attempt ranks (at 4+ it beats collecting); pay
   culture tokens to save a failed roll, and play combat cards when offered.
6. Say no to trades that do not help; end the turn when nothing scores.
"""

from __future__ import annotations

from ..engine import Action, Game
from ..engine.game import State
from .base import Bot

PRIORITY = (
    "irrigation",
    "storage",
    "sanitation",
    "engineering",
    "tactics",
    "myths",
    "writing",
    "fishing",
    "husbandry",
    "philosophy",
)


class CocHeuristicBot(Bot):
    name = "heuristic"

    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        best, best_score = legal[0], float("-inf")
        for a in legal:
            s = self.score(state, a) + self.rng.random() * 0.01
            if s > best_score:
                best, best_score = a, s
        return best

    @staticmethod
    def _influence_odds(state: State, p: int) -> float:
        from ..coc.influence import needed_roll

        return max(0, 7 - needed_roll(state, p)) / 6

    def score(self, state: State, a: Action) -> float:
        k = a.kind
        frame = state["stack"][-1]
        me = state["players"][frame["player"]]
        if k == "found":
            return 100
        if k == "grow":
            return 90 + (2 if a.args[1:2] == ("+settler",) else 0)
        if k in ("research", "advance"):
            adv = a.args[0]
            return 80 - (PRIORITY.index(adv) if adv in PRIORITY else 20)
        if k == "wonder":
            return 95
        if k == "play":
            return 70
        if k == "unit":
            if a.args[0] == "settler":
                return 60
            return 50 if "tactics" in me["advances"] else 5
        if k == "build":
            return 45 if me["res"]["food"] >= 2 else 20
        if k == "collect":
            return 40
        if k == "take":
            return {"food": 12, "ore": 11, "wood": 11, "gold": 13, "mood": 10}.get(a.args[1], 5)
        if k == "influence":
            return 15 + 60 * self._influence_odds(state, frame["player"])
        if k == "boost":
            return 60
        if k == "piece":
            return 50
        if k == "tactic":
            return 12
        if k == "husbandry":
            return 1
        if k == "civic" or k == "improve":
            return 30
        if k == "group":
            spec = a.args[2]
            return 35 if spec.startswith("s") else (25 if spec in ("a3", "a4") else 2)
        if k == "move":
            return 20
        if k == "battle":
            return 10 if a.args[0] == "continue" else 5
        if k == "city":
            return 10 if a.args[0] == "keep" else 5
        if k == "reply":
            return 0 if a.args[0] == "decline" else -1
        if k in ("cartography", "taxation", "liberties", "barter"):
            return 15
        if k == "orient" or k == "raze":
            return 1
        if k == "done":
            return 3
        if k == "end":
            return 0.5
        return -5  # trades and rarely useful abilities
