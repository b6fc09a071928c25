"""The Clash of Cultures heuristic bot: reads its seat's plan, then answers the decision on
top of the stack from the table of :mod:`.answers`."""

from __future__ import annotations

from typing import Any

from ...coc.windows import own_answers
from ...engine import Action, Game
from ...engine.game import State
from ..base import Bot
from ..coc_thumbs import WEIGHTS
from .answers import ANSWERS
from .plan import Score, Seat


class CocHeuristicBot(Bot):
    """Scores every legal action with the rules of thumb of :mod:`..coc_thumbs`."""

    name = "heuristic"

    def __init__(self, seed: int = 0, **weights: float) -> None:
        super().__init__(seed)
        unknown = set(weights) - set(WEIGHTS)
        if unknown:
            raise TypeError(f"unknown rule(s) of thumb: {', '.join(sorted(unknown))}")
        self.w = {**WEIGHTS, **weights}
        # the trade offers made this turn: ((age, round, seat), offers)
        self.offers: tuple[tuple[int, int, int], set[Action]] = ((-1, -1, -1), set())

    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        frame = state["stack"][-1]
        # A question that also lists the free cards: the bot answers the question (it uses
        # free cards in its turn and in the windows, where what they give is spent).
        legal = own_answers(frame, legal) or legal
        if len(legal) == 1:
            return legal[0]
        seat = Seat(state, frame["player"], self.w)
        answer = ANSWERS.get(frame["kind"])
        picked = answer(self, seat, frame, legal) if answer is not None else None
        if picked is None or picked not in legal:
            picked = self.best(seat, frame, legal, self._generic)
        if picked.kind == "trade":
            self.note_offer(state, picked)
        return picked

    def best(self, seat: Seat, frame: dict[str, Any], legal: list[Action], score: Score) -> Action:
        """The best-scoring action; ties broken by the bot's own random stream."""
        return self.pick(legal, [score(seat, frame, a) for a in legal])

    def pick(self, legal: list[Action], scores: list[float]) -> Action:
        """The action of the highest value, its score (``scores[i]``, of ``legal[i]``) plus
        a draw times 0.01: one draw per action, in order; the first of the highest wins.

        A draw is worked out only for the actions that could win: those scoring within 0.01
        of the best score (the others' values stay below it, whatever they draw). A score
        of minus infinity marks an action known not to be one of those."""
        top = max(scores)
        if top != top:  # a score that is not a number: compare every value as drawn
            return self._best_drawn(legal, scores)
        near = [i for i, v in enumerate(scores) if v + 0.01 >= top]
        best, best_v = legal[0], float("-inf")
        for i, d in zip(near, self.rng.draws_at(near, len(legal)), strict=True):
            v = scores[i] + d * 0.01
            if v > best_v:
                best, best_v = legal[i], v
        return best

    def _best_drawn(self, legal: list[Action], scores: list[float]) -> Action:
        """:meth:`best` with a draw for every action, in order."""
        best, best_v = legal[0], float("-inf")
        draw = self.rng.random
        for a, s in zip(legal, scores, strict=True):
            v = s + draw() * 0.01
            if v > best_v:
                best, best_v = a, v
        return best

    @staticmethod
    def _generic(seat: Seat, frame: dict[str, Any], a: Action) -> float:
        """Frames without their own answer: anything but passing or declining."""
        return -1.0 if a.kind in ("pass", "decline") else 0.0

    def note_offer(self, state: State, a: Action) -> None:
        turn = state["turn"]
        key = (turn["age"], turn["round"], state["stack"][-1]["player"])
        if self.offers[0] != key:
            self.offers = (key, set())
        self.offers[1].add(a)
