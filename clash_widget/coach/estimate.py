"""How good is each move? Paired trial games from what the seat knows.

The coach judges a decision the way the search bot's paired comparison does
(:mod:`clash_widget.bots.search`): each *round* draws one determinisation of the position
(``Game.determinize``: the other hands, the piles and the dice resampled consistently with
what the seat knows; the seat never sees more than it could) and plays every candidate move
from that very sample, then lets the rule-of-thumb bot play every seat for a few turns
(:func:`clash_widget.bots.playout.play_out`). The trial game is valued like the search
values it (:func:`clash_widget.bots.playout.outcome`): 1 or 0 for a finished game, else the
game's own position value turned into a winning chance (0.5: level with the best rival).

Because every candidate meets the same sample and the same seeded bots, the difference
between two moves' results comes from the moves, not from luck; the noise that is left is
measured round by round (:class:`Comparison`). Everything is seeded from the settings'
seed and the position as the seat sees it, so the same position and settings give the
same figures on any machine.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from ..bots.base import Bot, RandomBot
from ..bots.evaluate import values
from ..bots.playout import outcome, play_out
from ..bots.registry import BotNotForGame, make_bot
from ..bots.search import favourites
from ..engine import Action, Game, state_hash
from ..engine.game import State

Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval
BOOKKEEPING = ("log", "version", "stats")


class Cancelled(Exception):
    """The caller asked the coach to stop (a review's cancel button)."""


@dataclass(frozen=True)
class Budget:
    """How much the coach thinks about one decision.

    ``rounds`` samples, each playing every one of up to ``candidates`` moves (so
    ``rounds * candidates`` trial games); a trial game stops after ``turns`` turns have
    begun or ``depth`` steps, whichever comes first."""

    rounds: int = 40
    candidates: int = 4
    turns: int = 2
    depth: int = 80
    scale: float = 4.0
    seed: int = 0


def wilson(mean: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``mean`` observed over ``n`` trials.

    A trial game's value lies between 0 and 1; its variance is at most ``p(1-p)``, so the
    interval of a 0/1 proportion is a fair (if slightly wide) interval for their mean."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, mean))
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Estimate:
    """One candidate move's trial games: its winning chances for the seat."""

    action: Action
    results: list[float] = field(default_factory=list)  # the seat's value of each trial game
    others: list[list[float]] = field(default_factory=list)  # every seat's, per trial game

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def chances(self) -> float:
        return sum(self.results) / len(self.results) if self.results else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.chances, self.games)

    def seat_chances(self, players: int) -> list[float]:
        """Every seat's mean winning chances over these trial games, summing to 1."""
        if not self.others:
            return [1 / players] * players
        sums = [sum(r[p] for r in self.others) for p in range(players)]
        total = sum(sums) or 1.0
        return [s / total for s in sums]


@dataclass(frozen=True)
class Difference:
    """How much better ``better`` did than ``worse``, round by round (paired)."""

    mean: float
    low: float  # the 95 % interval of the mean difference
    high: float
    rounds: int

    @property
    def clear(self) -> bool:
        """The interval leaves zero out: the difference is more than the noise."""
        return self.low > 0 or self.high < 0


def difference(better: Estimate, worse: Estimate) -> Difference:
    """The paired difference of two candidates' trial games (same samples, same bots)."""
    diffs = [x - y for x, y in zip(better.results, worse.results, strict=False)]
    n = len(diffs)
    if n == 0:
        return Difference(0.0, -1.0, 1.0, 0)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    half = Z95 * math.sqrt(var / n) if n > 1 else 1.0
    return Difference(mean, mean - half, mean + half, n)


@dataclass
class Comparison:
    """The candidates of one decision, best first, with their trial games."""

    seat: int
    estimates: list[Estimate]
    favourite: Action | None  # the rule-of-thumb bot's own choice here

    @property
    def best(self) -> Estimate:
        return self.estimates[0]

    def of(self, action: Action) -> Estimate | None:
        return next((e for e in self.estimates if e.action == action), None)


def policy_bot(game: Game, seed: int) -> Bot:
    """The bot that orders the candidates and plays the trial games: the game's rule-of-thumb
    bot, or a random one for a game without it."""
    try:
        return make_bot("heuristic", game.name, seed)
    except BotNotForGame:
        return RandomBot(seed)


def position_seed(game: Game, state: State, seat: int, seed: int) -> int:
    """A seed fixed by the settings' seed and the position as ``seat`` sees it (never by what
    the seat cannot see, so a hint cannot give a hidden card away by changing with it)."""
    view = game.view(state, seat)
    key = state_hash({k: v for k, v in view.items() if k not in BOOKKEEPING})
    digest = hashlib.sha256(f"{seed}:{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def value_scale(game: Game, state: State, floor: float) -> float:
    """How big a lead in the game's position value counts as a clear advantage: ``floor``,
    or a fifth of the largest value on the table when the game's values grow large (The
    Persistence of Culture's scores run into the hundreds; a lead of four points there is
    not the near-certain win it is with Clash of Cultures' victory points)."""
    top = max((abs(v) for v in values(game, state)), default=0.0)
    return max(floor, 0.2 * top)


def candidates(
    game: Game, state: State, seat: int, legal: list[Action], budget: Budget, base: int
) -> list[Action]:
    """The rule-of-thumb bot's best few moves, its favourite first, read on a sample of what
    the seat knows (the bot itself reads only that)."""
    view = game.determinize(state, seat, base)
    return favourites(policy_bot(game, base & 0xFFFFFFFF), game, view, legal, budget.candidates)


def position_key(game: Game, state: State, seat: int) -> str:
    view = game.view(state, seat)
    return state_hash({k: v for k, v in view.items() if k not in BOOKKEEPING})


NO_OP_SAMPLES = 3  # samples looked at: a move that changes nothing in one is left out
NO_OP_STEPS = 6  # the other seats' steps followed until the seat decides again (a reply: 1)


def changes_nothing(game: Game, state: State, seat: int, action: Action, base: int) -> bool:
    """The move may bring the seat straight back to this very position: in one of a few
    samples it does (a trade offer the partner declines). Suggesting it would only repeat it,
    and the same position gives the same hint, so a learner following hints would offer it
    forever (the real partner keeps declining even when a sample's partner would accept).
    The search bot leaves such moves out for the same reason (``SearchBot._fresh``)."""
    for k in range(NO_OP_SAMPLES):
        seed = (base + 104729 * (k + 1)) & ((1 << 62) - 1)
        s = game.determinize(state, seat, seed)
        before = position_key(game, s, seat)
        if game.check(s, action) is not None:
            return False
        game.apply(s, action)
        bot = policy_bot(game, seed & 0xFFFFFFFF)
        steps = 0
        while not game.is_over(s) and game.current_player(s) != seat and steps < NO_OP_STEPS:
            legal = game.legal_actions(s)
            if not legal:  # nobody to follow (History: the seats' secret choices are made)
                break
            game.apply(s, bot.choose(game, s, legal))
            steps += 1
        if game.current_player(s) == seat and position_key(game, s, seat) == before:
            return True
    return False


def compare(
    game: Game,
    state: State,
    legal: list[Action],
    budget: Budget,
    *,
    also: Action | None = None,
    stop: Callable[[], bool] | None = None,
) -> Comparison:
    """Play every candidate (the policy's best few, and ``also``, the move a player made)
    in ``budget.rounds`` paired rounds; the estimates best first."""
    seat = game.current_player(state)
    if seat is None:
        raise ValueError("nobody is to decide in this position")
    base = position_seed(game, state, seat, budget.seed)
    cands = candidates(game, state, seat, legal, budget, base)
    favourite = cands[0] if cands else None
    useful = [a for a in cands if not changes_nothing(game, state, seat, a, base)]
    cands = useful or cands
    if also is not None and also not in cands:
        cands.append(also)
    estimates = [Estimate(a) for a in cands]
    scale = value_scale(game, state, budget.scale)
    for r in range(budget.rounds):
        if stop is not None and stop():
            raise Cancelled
        sample_seed = (base + 7919 * (r + 1)) & ((1 << 62) - 1)
        for est in estimates:
            s = game.determinize(state, seat, sample_seed)
            if game.check(s, est.action) is not None:  # cannot happen from the seat's own
                est.results.append(0.0)  # knowledge; counted as lost rather than guessed
                est.others.append([0.0] * len(s["players"]))
                continue
            # a move that itself ends the turn has begun one of the turns played out: every
            # candidate is valued at the same point of the game (search._rounds does the same)
            began = any(e.get("kind") == "turn" for e in game.apply(s, est.action))
            if budget.turns - began > 0:
                bot = policy_bot(game, sample_seed & 0xFFFFFFFF)
                play_out(game, s, bot, budget.depth, budget.turns - began)
            result = outcome(game, s, scale)
            est.results.append(result[seat])
            est.others.append(result)
    estimates.sort(key=lambda e: (-e.chances, cands.index(e.action)))
    return Comparison(seat, estimates, favourite)
