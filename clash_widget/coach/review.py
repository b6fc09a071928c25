"""A review of one seat's game: every real decision judged, the advantage over the game.

Each decision of the seat that had more than one choice is replayed from the game's record
and judged by the paired trial games of :mod:`.estimate`, from what the seat knew then
(the determinisation is the seat's, so nothing hidden from it is used or shown): the move
played against the best of the rule-of-thumb bot's few favourite moves. The loss is the
difference of winning chances, paired round by round, and it counts only when its 95 %
interval leaves zero out (a difference inside the noise is "about equal", never a
mistake). The thresholds (:data:`THRESHOLDS`) were chosen from the measured noise of the
coach (``docs/coach.md``, ``scripts/coach_quality.py``).

Every decision is seeded by the settings and the position alone, so a review is the same
however many workers share it and in whichever order they finish.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from ..engine import Action, get_game
from ..engine.game import State
from ..engine.match import Match
from ..engine.seats import names as seat_names
from ..engine.session import read_game_file
from ..engine.state import clone
from .estimate import Budget, Cancelled, Playout, compare, difference, horizon_words
from .hint import percent
from .reasons import rules_of_thumb

REVIEW_BUDGET = Budget(purpose="review")
"""Each game's own review setting (PLAYOUTS["review"]: its rounds, how far, extra rounds)."""
DEEP_REVIEW_BUDGET = Budget(purpose="deep")
"""The review with every Clash of Cultures candidate played on, unscreened (PLAYOUTS["deep"])."""
# Loss of winning chances (0..1) from which a clear loss is called an inaccuracy, a mistake,
# a blunder; below the first, or inside the noise, a move is good. See docs/coach.md.
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.20),
    ("mistake", 0.10),
    ("inaccuracy", 0.05),
)
VERDICTS = ("good", "inaccuracy", "mistake", "blunder")
PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}

Progress = Callable[[int, int], None]  # (decisions judged, decisions in all)
MOST_PROCESSES = 8  # each holds its own copy of the rules and the coach (some 50-70 MB)


def usable_cores() -> int:
    """The cores this process may run on (a container's share, not the host's), at most
    MOST_PROCESSES."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # not every system tells
        n = os.cpu_count() or 1
    return max(1, min(n, MOST_PROCESSES))


CORES = usable_cores()
"""Processes a review from the command line or a table judges in at once."""


def verdict(loss: float, clear: bool) -> str:
    """The name of a loss of winning chances (``clear``: more than the noise)."""
    if not clear:
        return "good"
    for name, at in THRESHOLDS:
        if loss >= at:
            return name
    return "good"


@dataclass(frozen=True)
class Judged:
    """One decision of the reviewed seat, judged."""

    index: int  # actions recorded before it (the replay position)
    move: int  # the decision's number, from 1, as a person counts the game's moves
    played: str  # the move played, in the game's words
    best: str  # the coach's best move, in words (the played one when it was best)
    played_action: Action
    best_action: Action
    verdict: str
    loss: float  # winning chances lost against the best move (0..1)
    low: float  # the 95 % interval of that loss
    high: float
    played_chances: float
    best_chances: float
    games: int  # simulated games per move
    choices: int  # legal moves there were
    chances: tuple[float, ...]  # every seat's winning chances here, as the seat could judge
    thumbs: tuple[str, ...] = ()  # the rules of thumb for the better move
    hint_taken: bool = False

    @property
    def text(self) -> str:
        head = f"Move {self.move}: {self.played}"
        if self.hint_taken:
            head += " (hint taken)"
        if self.verdict == "good":
            if self.best_action == self.played_action:
                return (
                    f"{head}: good, the coach's own choice ({percent(self.played_chances)} "
                    f"winning chances over {self.games} simulated games)."
                )
            return (
                f"{head}: good, about equal to {self.best} ({percent(self.played_chances)} "
                f"against {percent(self.best_chances)} over {self.games} simulated games each)."
            )
        why = f" ({self.thumbs[0].rstrip('.')})" if self.thumbs else ""  # a rule is a sentence
        return (
            f"{head}: {self.verdict}. {self.best} was better{why}: "
            f"{percent(self.best_chances)} winning chances against {percent(self.played_chances)}, "
            f"{100 * self.loss:.0f} points lost (95% interval {100 * self.low:.0f} to "
            f"{100 * self.high:.0f}) over {self.games} simulated games each."
        )


@dataclass
class Review:
    """The review of one seat's game."""

    game: str
    seat: int
    players: list[str]
    decisions: list[Judged] = field(default_factory=list)
    budget: Budget = REVIEW_BUDGET
    final: tuple[float, ...] | None = None  # the result, when the game is over
    outcome: str = ""

    @property
    def player(self) -> str:
        return self.players[self.seat]

    def count(self, name: str) -> int:
        return sum(1 for d in self.decisions if d.verdict == name)

    @property
    def series(self) -> list[tuple[int, tuple[float, ...]]]:
        """The advantage over the game: (move, every seat's winning chances), as the reviewed
        seat could judge them at each of its decisions, then the result."""
        out = [(d.move, d.chances) for d in self.decisions]
        if self.final is not None and self.decisions:
            out.append((self.decisions[-1].move + 1, self.final))
        return out

    @property
    def flagged(self) -> list[Judged]:
        return [d for d in self.decisions if d.verdict != "good"]

    @property
    def summary(self) -> str:
        n = len(self.decisions)
        if not n:
            return f"{self.player} had no decision with more than one choice to review."
        counts = [
            f"{self.count(v)} {v if self.count(v) == 1 else PLURALS[v]}"
            for v in ("blunder", "mistake", "inaccuracy")
            if self.count(v)
        ]
        head = f"{self.player}: {n} decisions with a choice reviewed; "
        head += ", ".join(counts) + "." if counts else "no inaccuracy, mistake or blunder found."
        worst = sorted(self.flagged, key=lambda d: -d.loss)[:3]
        lines = [head]
        for d in worst:
            lines.append(
                f"Move {d.move}: you played {d.played}; {d.best} was better "
                f"({100 * d.loss:.0f} points of winning chances)."
            )
        lines.append(judged_words(self.budget.playout(self.game)))
        return "\n".join(lines)

    @property
    def text(self) -> str:
        lines = [f"Review of {self.player}'s game", self.summary, ""]
        lines += [d.text for d in self.decisions]
        if self.outcome:
            lines += ["", self.outcome]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "summary": self.summary,
            "decisions": [
                {
                    "index": d.index,
                    "move": d.move,
                    "played": d.played,
                    "best": d.best,
                    "verdict": d.verdict,
                    "loss": round(d.loss, 4),
                    "games": d.games,
                    "chances": [round(c, 4) for c in d.chances],
                    "text": d.text,
                }
                for d in self.decisions
            ],
            "series": [[m, [round(c, 4) for c in cs]] for m, cs in self.series],
        }


def judged_words(how: Playout) -> str:
    """How each move was judged, in words (the review's last line)."""
    up_to = "up to " if how.settle else ""
    more = f" ({up_to}{how.extra} more for a close call)" if how.extra else ""
    if how.screen:
        return (
            f"The rule-of-thumb bot's favourite moves were first compared over "
            f"{horizon_words(how.screen).removeprefix('for ')}; the move played and the best "
            f"other were then judged on {up_to}{how.rounds} simulated games each{more} from "
            f"what you knew then, played on {how.words()} by the rule-of-thumb bot."
        )
    return (
        f"Each move was judged on {how.rounds} simulated games{more} from what you "
        f"knew then, played on {how.words()} by the rule-of-thumb bot."
    )


# -- judging one decision (also in a worker process) -------------------------------------------
Job = tuple[str, State, str, int, int, Budget]  # game, state, played key, index, move, budget


def judge(job: Job) -> Judged:
    """Judge one decision: the played move against the coach's best few."""
    game_name, state, played_key, index, move, budget = job
    game = get_game(game_name)
    match = Match.from_state(game, state, keep_undo=False)
    played = Action.parse(played_key)
    legal = game.legal_actions(state)
    comparison = compare(game, state, legal, budget, also=played)
    best = comparison.best
    mine = comparison.of(played)
    assert mine is not None
    players = len(state["players"])
    if best.action == played:
        loss, low, high, clear = 0.0, 0.0, 0.0, False
    else:
        d = difference(best, mine)
        loss, low, high, clear = max(0.0, d.mean), d.low, d.high, d.clear
    return Judged(
        index=index,
        move=move,
        played=match.describe(played).rstrip(". "),
        best=match.describe(best.action).rstrip(". "),
        played_action=played,
        best_action=best.action,
        verdict=verdict(loss, clear),
        loss=loss,
        low=low,
        high=high,
        played_chances=mine.chances,
        best_chances=best.chances,
        games=best.games,
        choices=len(legal),
        chances=tuple(best.seat_chances(players)),
        thumbs=rules_of_thumb(game_name, best.action, match.describe(best.action)),
    )


def decisions(match: Match, seat: int) -> list[tuple[int, State, str]]:
    """The seat's decisions with more than one choice: (actions before, state, move played)."""
    game = match.game
    replay = Match.from_state(game, match.start_state(), keep_undo=False)
    out = []
    for i, key in enumerate(match.actions):
        state = replay.state
        if game.current_player(state) == seat and len(game.legal_actions(state)) > 1:
            out.append((i, clone(state), key))
        replay.play(key)
    return out


def review(
    source: Match | str | Path | dict[str, Any],
    seat: int,
    *,
    budget: Budget = REVIEW_BUDGET,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    workers: int = 1,
    client: Any = None,
    hints: dict[int, tuple[int, str]] | None = None,
) -> Review:
    """Review ``seat``'s decisions (seat from 0, as the engine counts) in a match or game file.

    ``progress(done, total)`` is called as decisions are judged; ``cancel()`` returning True
    stops the review (raises :class:`Cancelled`). ``workers`` > 1 judges decisions in that
    many processes, ``client`` (a ``dask.distributed.Client``) on a Dask cluster; the result
    is the same either way. ``hints`` (default: the match's, which its game file keeps):
    actions recorded before a decision -> (seat, the hint's move key), to mark the decisions
    where the hint was taken."""
    reviewer = Reviewer(source, seat, budget=budget, hints=hints)
    reviewer.judged = _run(reviewer.jobs, progress, cancel, workers, client)
    return reviewer.result()


class Reviewer:
    """A review judged one decision at a time: :meth:`step` judges the next one.

    For a caller that must stay responsive without threads (a table under Pyodide runs a
    step per turn of its event loop) or that shows its progress; :func:`review` runs the
    same decisions in one go, or in several processes. ``jobs[i]`` is the i-th decision
    (its position is ``jobs[i][1]``), ``judged`` the decisions judged so far."""

    def __init__(
        self,
        source: Match | str | Path | dict[str, Any],
        seat: int,
        *,
        budget: Budget = REVIEW_BUDGET,
        hints: dict[int, tuple[int, str]] | None = None,
    ) -> None:
        match = source if isinstance(source, Match) else read_game_file(source)
        n = match.players
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"there is no such player: the game has {n} players")
        self.match, self.seat, self.budget = match, seat, budget
        self.hints = match.hints if hints is None else hints
        # a decision's number counts every action of the game, as the replay scrubber does
        self.jobs: list[Job] = [
            (match.game.name, state, key, i, i + 1, budget)
            for i, state, key in decisions(match, seat)
        ]
        self.judged: list[Judged] = []

    @property
    def total(self) -> int:
        return len(self.jobs)

    @property
    def done(self) -> int:
        return len(self.judged)

    def step(self) -> bool:
        """Judge the next decision; False when every decision is judged."""
        if self.done < self.total:
            self.judged.append(judge(self.jobs[self.done]))
        return self.done < self.total

    def judge_all(
        self,
        workers: int,
        progress: Progress | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        """Judge every decision in ``workers`` processes (1: here, one after the other)."""
        self.judged = _run(self.jobs, progress, cancel, workers, None)

    def result(self) -> Review:
        """The review of the decisions judged (all of them, once :meth:`step` said so)."""
        match, seat, n = self.match, self.seat, self.match.players
        judged = [
            _replace_hint(j, self.hints.get(j.index) == (seat, str(j.played_action)))
            for j in self.judged
        ]
        result = Review(match.game.name, seat, seat_names(match.state), judged, self.budget)
        if match.is_over:
            winners = match.game.winners(match.state)
            result.final = tuple(1 / len(winners) if p in winners else 0.0 for p in range(n))
            result.outcome = match.game.outcome_text(match.state)
        return result


def _replace_hint(j: Judged, taken: bool) -> Judged:
    if not taken:
        return j
    from dataclasses import replace

    return replace(j, hint_taken=True)


def _run(
    jobs: list[Job],
    progress: Progress | None,
    cancel: Callable[[], bool] | None,
    workers: int,
    client: Any,
) -> list[Judged]:
    total = len(jobs)
    if progress:
        progress(0, total)
    out: list[Judged] = []
    if client is not None:
        futures = client.map(judge, jobs, pure=False)
        try:
            for k, f in enumerate(futures):
                if cancel is not None and cancel():
                    raise Cancelled
                out.append(f.result())
                if progress:
                    progress(k + 1, total)
        finally:
            client.cancel(futures)
        return out
    if workers <= 1 or sys.platform == "emscripten":  # Pyodide starts no process: inline
        for k, job in enumerate(jobs):
            if cancel is not None and cancel():
                raise Cancelled
            out.append(judge(job))
            if progress:
                progress(k + 1, total)
        return out
    # started afresh, not forked: a kernel or a server forked mid-thread could hang a worker
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        futures = [pool.submit(judge, job) for job in jobs]
        try:
            for k, f in enumerate(futures):
                while True:
                    if cancel is not None and cancel():
                        raise Cancelled
                    try:
                        out.append(f.result(timeout=0.2))
                        break
                    except TimeoutError:
                        continue
                if progress:
                    progress(k + 1, total)
        except BaseException:
            for f in futures:
                f.cancel()
            raise
    return out


__all__ = [
    "CORES",
    "REVIEW_BUDGET",
    "THRESHOLDS",
    "Judged",
    "Review",
    "Reviewer",
    "judge",
    "review",
    "verdict",
]
