"""One self-play game: bots play it to the end; its result, invariants and counts.

A game is the unit of work of a run, serial or on Dask (:mod:`.selfplay`,
:mod:`.distributed`), so both import it from here. :func:`play_match` is the same
game for a study that reads the finished match itself (its log, its state).

The bots of a game are seated by :func:`seat_bots`: seat ``i`` plays ``bots[i % len(bots)]``
seeded by the engine's :func:`~clash_widget.engine.session.bot_seed`, the seed a
:class:`~clash_widget.engine.session.Session` (the widgets) gives the same bot at the
same seat: a self-play game and the same game in a widget get the same bots.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from ..bots import make_bot
from ..bots.base import Bot
from ..engine import Action, Match, Outcome
from ..engine.conformance import difference
from ..engine.session import bot_seed
from .metrics import count_mechanics
from .variants import differences

MAX_STEPS = 20_000


@dataclass
class GameResult:
    seed: int
    players: int
    bots: list[str]
    scores: list[float]
    winners: list[int]
    actions: int
    turns: int
    final_hash: str
    errors: list[str] = field(default_factory=list)
    invariant_violations: list[str] = field(default_factory=list)
    events: dict[str, int] = field(default_factory=dict)
    action_kinds: dict[str, int] = field(default_factory=dict)
    lead_history: list[list[float]] = field(default_factory=list)
    finished: bool = True
    seconds: float = 0.0
    vp_trace: list[list[float]] = field(default_factory=list)
    """Scores at the start and at every new turn, then at the end."""
    vp_breakdown: list[dict[str, float]] = field(default_factory=list)
    """Final points per seat by source (games that can tell, else empty)."""
    options: dict[str, Any] = field(default_factory=dict)
    """Rules options that differ from the standard game."""
    think: list[dict[str, float]] = field(default_factory=list)
    """Per seat, what a thinking bot reports (decisions, playouts, seconds)."""
    mechanics: dict[str, int] = field(default_factory=dict)
    """How often each mechanic of the game's coverage table happened (the game's ``mechanics``)."""

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def seat_bots(game: str, players: int, seed: int, bots: list[str]) -> list[Bot]:
    """The bot of every seat: seat ``i`` plays ``bots[i % len(bots)]`` (its own seed)."""
    return [make_bot(bots[i % len(bots)], game, bot_seed(seed, i)) for i in range(players)]


class Stopped(RuntimeError):
    """A self-play game that cannot go on: no legal action, a legal action refused, or no end
    after the step cap; the message says which, and at which step."""


class VerifyFailed(Stopped):
    """``verify``: the listing of a position is not its wide definition filtered by every
    check (:mod:`~clash_widget.engine.conformance`); the message names the difference."""


_KIND = itemgetter("kind")
"""An event's kind (counted in C: self-play reads every event of every game)."""

VERIFY_FAILED = "verify failed"
"""How a :class:`VerifyFailed` game's error begins (``selfplay --verify`` stops at it)."""


def bot_moves(
    m: Match, seated: list[Bot], max_steps: int = MAX_STEPS, verify: int = 0
) -> Iterator[tuple[Action, Outcome]]:
    """The one self-play loop: the bot of the seat to move plays, until the game ends; each
    action played and its outcome. :class:`Stopped` when the game cannot go on; whatever a
    bot or the rules raise goes through.

    ``verify`` (N > 0): the listing is compared with the wide definition at every Nth
    position (:class:`VerifyFailed` at the first difference); the match should check every
    action in full (``Match(verify=True)``)."""
    outcome: Outcome | None = None
    game = m.game
    for step in range(max_steps):
        state = m.state
        seat = game.current_player(state)  # None once the game is over
        if seat is None and game.is_over(state):
            return
        # A bot reads only what it needs (the random bot: by category), from the listing the
        # last action's settling made if it made one (History, Persistence).
        if verify and step % verify == 0:
            found = difference(game, state)
            if found is not None:
                raise VerifyFailed(f"{VERIFY_FAILED} at step {step}: {found}")
        listing = m.listing(after=outcome)
        action = None if seat is None else seated[seat].choose_from(game, state, listing)
        if action is None:
            raise Stopped(f"step {step}: no legal action in frame {m.state['stack'][-1:]}")
        outcome = m.play(action, listed=listing)  # checked again only with m.verify
        if not outcome.ok:
            raise Stopped(f"step {step}: legal action {action} refused: {outcome.verdict}")
        yield action, outcome
    if not m.is_over:
        raise Stopped(f"no end after {max_steps} actions (a loop of moves that change nothing?)")


def play_match(
    game: str,
    players: int,
    seed: int,
    bots: list[str],
    options: dict[str, Any] | None = None,
    *,
    max_steps: int = MAX_STEPS,
) -> Match:
    """Bots play one whole game; the finished match. :class:`Stopped` (a RuntimeError) if it
    cannot go on, e.g. no end after ``max_steps`` actions."""
    m = Match.new(game, players, seed, options, keep_undo=False)
    for _ in bot_moves(m, seat_bots(game, players, seed, bots), max_steps):
        pass
    return m


def play_matches(
    game: str,
    games: int,
    *,
    players: int,
    seed: int = 0,
    bots: tuple[str, ...] = ("heuristic",),
    options: dict[str, Any] | None = None,
) -> Iterator[Match]:
    """``games`` finished matches (seeds ``seed``, ``seed + 1``...), one at a time."""
    for i in range(games):
        yield play_match(game, players, seed + i, list(bots), options)


def play_game(
    game: str,
    players: int,
    seed: int,
    bots: list[str],
    options: dict[str, Any] | None = None,
    verify: int = 0,
    *,
    check_invariants: bool = True,
    sample_every: int = 50,
) -> GameResult:
    """Play one game to the end; every exception is caught and reported, never hidden.

    ``verify`` (N > 0): every action is checked in full, and the listing is compared with
    the wide definition at every Nth position; a difference ends the game with an error
    beginning :data:`VERIFY_FAILED`."""
    t0 = time.perf_counter()
    m = Match.new(game, players, seed, options, keep_undo=False, verify=verify > 0)
    specs = [bots[i % len(bots)] for i in range(players)]
    seated = seat_bots(game, players, seed, bots)
    trace: list[list[float]] = [m.scores()]
    errors: list[str] = []
    violations: list[str] = []
    kinds: Counter[str] = Counter()
    history: list[list[float]] = []
    steps = 0
    try:
        for action, out in bot_moves(m, seated, verify=verify):
            kinds[action.kind] += 1
            steps += 1
            for e in out.events:
                if e["kind"] == "turn":
                    trace.append(m.scores())
                    break
            if check_invariants:
                bad = m.game.invariants(m.state)
                if bad:
                    violations += [f"step {steps}: {b}" for b in bad]
                    break
            if steps % sample_every == 0:
                history.append(m.scores())
    except Stopped as exc:
        errors.append(str(exc))
    except Exception as exc:  # noqa: BLE001 - self-play must report, not crash
        errors.append(f"step {steps}: {type(exc).__name__}: {exc}")
    events: Counter[str] = Counter(map(_KIND, m.log))
    for k, v in m.state.get("stats", {}).items():
        events[k] = max(events[k], v)
    scores = m.scores()
    history.append(scores)
    trace.append(scores)
    return GameResult(
        seed=seed,
        players=players,
        bots=specs,
        scores=scores,
        winners=m.game.winners(m.state),  # the game's own rule (pairs, tie-breaks)
        actions=steps,
        turns=events.get("turn", 0),
        final_hash=m.state_hash(),
        errors=errors,
        invariant_violations=violations,
        events=dict(events),
        action_kinds=dict(kinds),
        lead_history=history,
        finished=m.is_over,
        seconds=time.perf_counter() - t0,
        vp_trace=trace,
        vp_breakdown=m.game.score_breakdown(m.state),
        options=differences(game, m.options),
        think=[b.stats() if hasattr(b, "stats") else {} for b in seated],
        mechanics=count_mechanics(game, m.log, m.state.get("stats")),
    )
