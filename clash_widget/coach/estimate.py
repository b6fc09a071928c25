"""How good is each move? Paired trial games from what the seat knows.

The coach judges a decision the way the search bot's paired comparison does
(:mod:`clash_widget.bots.search`): each *round* draws one determinisation of the position
(``Game.determinize``: the other hands, the piles and the dice resampled consistently with
what the seat knows; the seat never sees more than it could) and plays every candidate move
from that very sample, then lets the rule-of-thumb bot play every seat for a few turns or to
the game's end, as the game's setting for a hint or a review says (:data:`PLAYOUTS`,
:func:`clash_widget.bots.playout.play_out`). The trial game is valued like the search
values it (:func:`clash_widget.bots.playout.outcome`): 1 or 0 for a finished game, else the
game's own position value turned into a winning chance (0.5: level with the best rival) on
the game's measured scale. Moves clearly behind the best get no more rounds (racing), and a
review's close call gets the game's extra rounds.

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
class Playout:
    """How a game's trial games are played and valued (see :data:`PLAYOUTS`)."""

    turns: int  # turns begun before a trial game is valued; 0: played to the game's end
    depth: int  # steps at most
    scale: float | None  # the lead in the game's value worth tanh(1); None: max(4, top / 5)
    extra: int = 0  # rounds more for the best and the move judged when they are close
    ends: bool = True  # with turns 0: ``depth`` lets a trial game reach the game's end
    rounds: int = 40  # samples of what the seat knows, every candidate played from each
    # a review's long look: the candidates are first screened by trial games of this many
    # turns, and only the move judged and the best other are played on (0: no screening)
    screen: int = 0
    # the rounds stop at a look (from RACE_FROM on, every RACE_BATCH rounds, and every
    # SETTLE_BATCH extra rounds of a close call) once the move judged leads or its loss is
    # unlikely to reach the smallest that is named (:func:`may_yet_be_named`): a stop leaves
    # a loss under that (a good move), so it can leave a move unflagged, never flag one
    settle: bool = False

    def words(self) -> str:
        """How far a trial game is played, in words."""
        if self.turns <= 0 and not self.ends:
            return f"for up to {self.depth} steps"
        return horizon_words(self.turns)

    def screening(self) -> Playout | None:
        """The short trial games that pick the moves played on, when this setting screens."""
        if not self.screen:
            return None
        return Playout(turns=self.screen, depth=SCREEN_DEPTH, scale=self.scale, rounds=self.rounds)


# Measured per game (``scripts/coach_quality.py --calibrate``, docs/coach.md "Winning chances"):
# ``scale`` is fitted by maximum likelihood to whole games between rule-of-thumb bots (who
# won, against the lead in the game's value at every turn's start), so that a trial game's
# value is about the chance that such a lead wins. A hint must come within a second: its trial
# games are short. A review judges a played move against the best: where a turn or two shows
# little of a move's worth (Secolo's Protagonist, Persistence's Empire, a culture kept from
# exile) and whole games are short enough, its trial games are played to the game's end, with
# extra rounds for the two moves compared when the loss is close to being named (their results
# are 0 or 1, noisier than a value). Clash of Cultures keeps the setting its quality figures
# and its match against the heuristic were measured with.
PLAYOUTS: dict[str, dict[str, Playout]] = {
    "hint": {
        # Clash's hints are the quickest (p95 0.22 s at 40 rounds): 80 rounds won the hint
        # seat more games against the rule-of-thumb bot (docs/coach.md, "Does the advice win?")
        "coc": Playout(turns=2, depth=80, scale=None, rounds=80),
        "secolo": Playout(turns=0, depth=600, scale=3.1),
        "persistence": Playout(turns=2, depth=80, scale=33.0),
        "history": Playout(turns=2, depth=80, scale=25.0),
    },
    "review": {
        # two turns show little of a Clash build's or growth's worth (docs/coach.md): the
        # review screens the favourites over two turns, then plays the move judged and the
        # best other on for up to 160 steps (about five rounds of turns)
        "coc": Playout(
            turns=0, depth=160, scale=None, extra=96, ends=False, rounds=32, screen=2, settle=True
        ),
        "secolo": Playout(turns=0, depth=600, scale=3.1, extra=96, rounds=32),
        "persistence": Playout(turns=0, depth=2000, scale=33.0, extra=96, rounds=32),
        "history": Playout(turns=0, depth=3000, scale=25.0, extra=96, rounds=32),
    },
}
# A deep review: what the review does, but every Clash of Cultures candidate is played on for
# up to 160 steps on 32 rounds (no screening, every extra round of a close call): slower, for
# a teacher preparing a lesson.
PLAYOUTS["deep"] = {
    **PLAYOUTS["review"],
    "coc": Playout(turns=0, depth=160, scale=None, extra=96, ends=False, rounds=32),
}
DEFAULT_PLAYOUT = Playout(turns=2, depth=80, scale=None)
RACE_BATCH = 8  # rounds between two looks at the candidates
SETTLE_BATCH = 8  # extra rounds between two looks at whether the loss may yet be named
SETTLE_CHANCE = 0.05  # below this chance of reaching FLAG_FROM, a settling review's rounds stop
SCREEN_DEPTH = 80  # steps at most of a screening trial game
RACE_FROM = 16  # rounds every candidate gets before one can be dropped


@dataclass(frozen=True)
class Budget:
    """How much the coach thinks about one decision.

    ``rounds`` samples, each playing every one of up to ``candidates`` moves (so at most
    ``rounds * candidates`` trial games: from ``RACE_FROM`` rounds on, a move clearly behind
    the best is dropped and the rounds go to the others); a trial game stops after ``turns``
    turns have begun (0: at the game's end) or ``depth`` steps, whichever comes first. None
    (the default for ``rounds``, ``turns``, ``depth`` and ``scale``) takes the game's own
    setting (:data:`PLAYOUTS`)."""

    rounds: int | None = None
    candidates: int = 4
    turns: int | None = None
    depth: int | None = None
    scale: float | None = None
    seed: int = 0
    extra: int | None = None  # see Playout.extra (a hint judges no move of its own: none)
    purpose: str = "hint"  # whose settings a game's own are: "hint", "review", "deep" (PLAYOUTS)

    def playout(self, game: str) -> Playout:
        """The trial games' settings for ``game``: this budget's, else the game's own."""
        own = PLAYOUTS[self.purpose].get(game, DEFAULT_PLAYOUT)
        return Playout(
            turns=own.turns if self.turns is None else self.turns,
            depth=own.depth if self.depth is None else self.depth,
            scale=own.scale if self.scale is None else self.scale,
            extra=own.extra if self.extra is None else self.extra,
            ends=own.ends if self.depth is None else False,
            rounds=own.rounds if self.rounds is None else self.rounds,
            # a budget that sets its own horizon plays every candidate to it
            screen=own.screen if self.turns is None and self.depth is None else 0,
            settle=own.settle,
        )


def horizon_words(turns: int) -> str:
    """How far a trial game is played, in words."""
    if turns <= 0:
        return "to the end of the game"
    return f"for {turns} turn{'' if turns == 1 else 's'}"


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
    spread: float = 1.0  # the standard deviation of one round's difference

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
    return Difference(mean, mean - half, mean + half, n, math.sqrt(var) if n > 1 else 1.0)


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


def value_scale(game: Game, state: State, scale: float | None) -> float:
    """How big a lead in the game's position value counts as a clear advantage: the game's
    measured ``scale``; without one, 4 points or a fifth of the largest value on the table
    when the game's values grow large."""
    if scale is not None:
        return scale
    top = max((abs(v) for v in values(game, state)), default=0.0)
    return max(4.0, 0.2 * top)


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
            replies = game.legal_actions(s)
            if not replies:  # a guard: History's samples keep a capital to choose (determinize)
                break
            game.apply(s, bot.choose(game, s, replies))
            steps += 1
        if game.current_player(s) == seat and position_key(game, s, seat) == before:
            return True
    return False


def play_round(
    game: Game, state: State, seat: int, est: Estimate, sample_seed: int, how: Playout, scale: float
) -> None:
    """One trial game of one candidate from the round's sample; its value noted."""
    s = game.determinize(state, seat, sample_seed)
    if game.check(s, est.action) is not None:  # cannot happen from the seat's own
        est.results.append(0.0)  # knowledge; counted as lost rather than guessed
        est.others.append([0.0] * len(s["players"]))
        return
    # a move that itself ends the turn has begun one of the turns played out: every
    # candidate is valued at the same point of the game (search._rounds does the same)
    began = any(e.get("kind") == "turn" for e in game.apply(s, est.action))
    if how.turns <= 0 or how.turns - began > 0:
        bot = policy_bot(game, sample_seed & 0xFFFFFFFF)
        play_out(game, s, bot, how.depth, max(0, how.turns - began))
    result = outcome(game, s, scale)
    est.results.append(result[seat])
    est.others.append(result)


def play_rounds(
    game: Game,
    state: State,
    seat: int,
    racing: list[Estimate],
    base: int,
    r: int,
    how: Playout,
    scale: float,
    stop: Callable[[], bool] | None,
) -> None:
    """Round ``r``: one sample of what the seat knows, every racing candidate played from it."""
    if stop is not None and stop():
        raise Cancelled
    sample_seed = (base + 7919 * (r + 1)) & ((1 << 62) - 1)
    for est in racing:
        play_round(game, state, seat, est, sample_seed, how, scale)


def leader(racing: list[Estimate]) -> Estimate:
    return max(racing, key=lambda e: e.chances)


FLAG_FROM = 0.05  # the smallest loss a review names (review.THRESHOLDS' inaccuracy)


def close(racing: list[Estimate], judged: Action | None) -> bool:
    """Worth extra rounds: the move judged (a review's) is not the best so far and its loss
    may yet reach the smallest that is named (the loss's 95 % interval reaches it). Asked
    once, after the budget's rounds; a loss that cannot reach it is good either way."""
    if judged is None:
        return False
    best = leader(racing)
    mine = next((e for e in racing if e.action == judged), None)
    if mine is None or mine is best:
        return False
    return difference(best, mine).high >= FLAG_FROM


def may_yet_be_named(racing: list[Estimate], judged: Action | None, remaining: int) -> bool:
    """Still a close call (:func:`close`), and ``remaining`` more rounds going as the ones so
    far did (their mean difference and spread) would lift the loss's mean to the smallest
    that is named (FLAG_FROM) with a chance of at least SETTLE_CHANCE. A loss whose mean stays
    under it is never named, so stopping here can only leave a move unflagged."""
    if remaining <= 0 or not close(racing, judged):
        return False
    mine = next(e for e in racing if e.action == judged)
    d = difference(leader(racing), mine)
    need = (FLAG_FROM * (d.rounds + remaining) - d.mean * d.rounds) / remaining
    noise = d.spread / math.sqrt(remaining)
    if noise <= 0:
        return d.mean >= need
    return 0.5 * math.erfc((need - d.mean) / (noise * math.sqrt(2))) >= SETTLE_CHANCE


def race(racing: list[Estimate], keep: Action | None) -> list[Estimate]:
    """The candidates still worth rounds: the best so far, ``keep`` (the move a player made,
    which a review judges), and every move not yet clearly behind the best (its paired
    difference's 95 % interval above zero). The rounds saved go to the close ones."""
    best = leader(racing)
    return [e for e in racing if e is best or e.action == keep or not (difference(best, e).low > 0)]


def compare(
    game: Game,
    state: State,
    legal: list[Action],
    budget: Budget,
    *,
    also: Action | None = None,
    stop: Callable[[], bool] | None = None,
    avoid: frozenset[Action] = frozenset(),
) -> Comparison:
    """Play every candidate (the policy's best few, and ``also``, the move a player made)
    in the budget's paired rounds for the game; the estimates best first. ``avoid``: moves not to
    consider unless nothing else is legal (a hint's moves that came back to this position)."""
    seat = game.current_player(state)
    if seat is None:
        raise ValueError("nobody is to decide in this position")
    legal = [a for a in legal if a not in avoid] or legal
    base = position_seed(game, state, seat, budget.seed)
    cands = candidates(game, state, seat, legal, budget, base)
    favourite = cands[0] if cands else None
    useful = [a for a in cands if not changes_nothing(game, state, seat, a, base)]
    cands = useful or cands
    if also is not None and also not in cands:
        cands.append(also)
    how = budget.playout(game.name)
    scale = value_scale(game, state, how.scale)
    short = how.screening()
    if short is not None and also is not None and len(cands) > 2:
        # the long look is dear: the short one names the best other move, and only that
        # and the move judged are played on
        screened = [Estimate(a) for a in cands]
        run_rounds(game, state, seat, screened, also, base, short, scale, stop)
        other = next(e.action for e in ranked(screened, cands) if e.action != also)
        cands = [a for a in cands if a in (also, other)]
    estimates = [Estimate(a) for a in cands]
    run_rounds(game, state, seat, estimates, also, base, how, scale, stop)
    return Comparison(seat, ranked(estimates, cands), favourite)


def ranked(estimates: list[Estimate], order: list[Action]) -> list[Estimate]:
    """Best first; the moves that ran every round before the others (a dropped move's few
    rounds could flatter it), ties in the candidates' own order."""
    return sorted(estimates, key=lambda e: (-e.games, -e.chances, order.index(e.action)))


def run_rounds(
    game: Game,
    state: State,
    seat: int,
    estimates: list[Estimate],
    also: Action | None,
    base: int,
    how: Playout,
    scale: float,
    stop: Callable[[], bool] | None,
) -> None:
    """The setting's rounds for the candidates, racing, then a close call's extra rounds."""
    racing = list(estimates)
    for r in range(how.rounds):
        if RACE_FROM <= r and r % RACE_BATCH == 0:
            racing = race(racing, also)
            left = how.rounds - r + how.extra
            if how.settle and also is not None and not may_yet_be_named(racing, also, left):
                return  # the move judged leads, or its loss is unlikely ever to be named
        play_rounds(game, state, seat, racing, base, r, how, scale, stop)
    if how.extra and close(racing, also):
        # extra rounds, decided once (never looking again and again until the interval
        # happens to leave zero out): only the best and the move judged. A setting that
        # settles looks every SETTLE_BATCH rounds, only to stop once the loss is unlikely to
        # be named (may_yet_be_named): such a look can leave a move unflagged, never flag one
        racing = [e for e in racing if e is leader(racing) or e.action == also]
        for k, r in enumerate(range(how.rounds, how.rounds + how.extra)):
            settled = how.settle and k % SETTLE_BATCH == 0
            if settled and not may_yet_be_named(racing, also, how.extra - k):
                break
            play_rounds(game, state, seat, racing, base, r, how, scale, stop)
