"""Self-play: bots play whole games; results, invariants and event counts.

Used by ``python -m clash_widget selfplay`` and the design-lab notebook.
Deterministic per seed: game i uses seed ``seed + i`` and bots seeded from it.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..bots import make_bot
from ..engine import Match
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


def play_game(
    game: str,
    players: int,
    seed: int,
    bots: list[str],
    options: dict[str, Any] | None = None,
    *,
    check_invariants: bool = True,
    sample_every: int = 50,
) -> GameResult:
    """Play one game to the end; every exception is caught and reported, never hidden."""
    t0 = time.perf_counter()
    m = Match.new(game, players, seed, options, keep_undo=False)
    specs = [bots[i % len(bots)] for i in range(players)]
    seat_bots = [make_bot(specs[i], game, seed * 31 + i) for i in range(players)]
    trace: list[list[float]] = [m.scores()]
    errors: list[str] = []
    violations: list[str] = []
    kinds: Counter[str] = Counter()
    history: list[list[float]] = []
    steps = 0
    while not m.is_over and steps < MAX_STEPS:
        legal = m.legal_actions()
        if not legal:
            errors.append(f"step {steps}: no legal action in frame {m.state['stack'][-1:]}")
            break
        seat = m.current_player
        try:
            action = seat_bots[seat].choose(m.game, m.state, legal)
            out = m.play(action)
        except Exception as exc:  # noqa: BLE001 - self-play must report, not crash
            errors.append(f"step {steps}: {type(exc).__name__}: {exc}")
            break
        if not out.ok:
            errors.append(f"step {steps}: legal action {action} refused: {out.verdict}")
            break
        kinds[action.kind] += 1
        steps += 1
        if any(e["kind"] == "turn" for e in out.events):
            trace.append(m.scores())
        if check_invariants:
            bad = m.game.invariants(m.state)
            if bad:
                violations += [f"step {steps}: {b}" for b in bad]
                break
        if steps % sample_every == 0:
            history.append(m.scores())
    if steps >= MAX_STEPS and not m.is_over:
        errors.append(f"no end after {MAX_STEPS} actions (a loop of moves that change nothing?)")
    events: Counter[str] = Counter()
    for e in m.log:
        events[e["kind"]] += 1
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
        think=[b.stats() if hasattr(b, "stats") else {} for b in seat_bots],
        mechanics=count_mechanics(game, m.log, m.state.get("stats")),
    )


def _run_one(args: tuple[str, int, int, list[str], dict[str, Any] | None]) -> GameResult:
    return play_game(*args)


def iter_run(
    game: str = "coc",
    players: int | list[int] = 2,
    games: int = 10,
    seed: int = 0,
    bots: list[str] | None = None,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: bool = False,
    rotate: bool = False,
    client: Any = None,
    batch: int | None = None,
) -> Iterator[GameResult]:
    """Yield results in game order (so a seed gives the same list for any ``workers``).

    Game ``i`` has seed ``seed + i``, seats bots cyclically from ``bots`` and
    takes its player count cyclically from ``players``. With ``rotate`` the
    bot list turns by one seat after each cycle of player counts, so every bot
    plays every seat at every player count.

    ``client`` runs the games on Dask distributed (see :mod:`.distributed`): a
    ``dask.distributed.Client``, ``"local"`` for a new ``LocalCluster`` of ``workers``
    processes, or a scheduler address like ``"tcp://host:8786"``; ``batch`` games go in
    one task. The games and their order are the same as without it.
    """
    counts = players if isinstance(players, list) else [players]
    names = bots or ["random"]

    def seating(i: int) -> list[str]:
        # Turn once per cycle of player counts, so that every count meets every seating.
        k = (i // len(counts)) % len(names) if rotate else 0
        return names[k:] + names[:k]

    jobs = [(game, counts[i % len(counts)], seed + i, seating(i), options) for i in range(games)]
    bar = _progress(games) if progress else None
    try:
        if client is not None:
            from .distributed import connect, dashboard_link, run_batches

            with connect(client, max(1, workers)) as dask_client:
                if progress:
                    link = dashboard_link(dask_client)
                    if link:
                        print(f"Dask dashboard: {link}", file=sys.stderr, flush=True)
                tick = bar.update if bar else None
                yield from run_batches(jobs, dask_client, batch=batch, tick=tick)
        elif workers > 1 and games > 1:
            from multiprocessing import get_context

            with get_context("spawn").Pool(min(workers, games)) as pool:
                for r in pool.imap(_run_one, jobs):
                    if bar:
                        bar.update(1)
                    yield r
        else:
            for job in jobs:
                r = _run_one(job)
                if bar:
                    bar.update(1)
                yield r
    finally:
        if bar:
            bar.close()


def run(
    game: str = "coc",
    players: int | list[int] = 2,
    games: int = 10,
    seed: int = 0,
    bots: list[str] | None = None,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: bool = False,
    rotate: bool = False,
    client: Any = None,
    batch: int | None = None,
) -> list[GameResult]:
    """All the games of :func:`iter_run` as a list (``client``: run them on Dask)."""
    return list(
        iter_run(
            game, players, games, seed, bots, options, workers, progress, rotate, client, batch
        )
    )


class _TextBar:
    """A progress line on stderr for when tqdm is not installed."""

    def __init__(self, total: int) -> None:
        self.total, self.n, self.t0 = total, 0, time.perf_counter()

    def update(self, k: int) -> None:
        self.n += k
        if self.n == self.total or self.n % max(1, self.total // 20) == 0:
            rate = self.n / max(time.perf_counter() - self.t0, 1e-9)
            print(f"games {self.n}/{self.total} ({rate:.1f}/s)", file=sys.stderr, flush=True)

    def close(self) -> None:
        pass


def _progress(total: int) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is optional: fall back to plain lines
        return _TextBar(total)
    return tqdm(total=total, desc="games", file=sys.stderr)


def summary(results: list[GameResult]) -> dict[str, Any]:
    events: Counter[str] = Counter()
    for r in results:
        events.update(r.events)
    wins: dict[str, float] = {}
    seat_wins: dict[str, float] = {}
    for r in results:
        for w in r.winners:
            share = 1 / len(r.winners)
            wins[r.bots[w]] = wins.get(r.bots[w], 0) + share
            seat_wins[str(w)] = seat_wins.get(str(w), 0) + share
    return {
        "games": len(results),
        "actions": sum(r.actions for r in results),
        "errors": [e for r in results for e in r.errors],
        "invariant_violations": [v for r in results for v in r.invariant_violations],
        "unfinished": sum(1 for r in results if not r.finished),
        "scores": [r.scores for r in results],
        "final_hashes": [r.final_hash for r in results],
        "event_counts": dict(sorted(events.items())),
        "wins": {k: round(v, 3) for k, v in sorted(wins.items())},
        "seat_wins": {k: round(v, 3) for k, v in sorted(seat_wins.items())},
        **({"think": think} if (think := _thinking(results)) else {}),
    }


def _thinking(results: list[GameResult]) -> dict[str, dict[str, float]]:
    """Per thinking bot: searched decisions, seconds per searched decision, the longest."""
    total: dict[str, dict[str, float]] = {}
    for r in results:
        for name, t in zip(r.bots, r.think, strict=False):
            if not t.get("searched"):
                continue
            acc = total.setdefault(name, {"searched": 0, "seconds": 0.0, "longest": 0.0})
            acc["searched"] += t["searched"]
            acc["seconds"] += t["seconds"]
            acc["longest"] = max(acc["longest"], t["longest"])
    return {
        name: {
            "searched_decisions": int(acc["searched"]),
            "seconds_per_decision": round(acc["seconds"] / acc["searched"], 4),
            "longest_decision_s": acc["longest"],
        }
        for name, acc in total.items()
    }
