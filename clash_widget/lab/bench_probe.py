"""One measurement of ``bench --against``, run as a script in its own process.

``python bench_probe.py '{"measure": "actions", "game": "coc", ...}'`` prints one JSON
object. The script imports whichever ``clash_widget`` its ``PYTHONPATH`` names, so the
same measurement runs on this checkout and on a reference one; it therefore uses only
what every revision since the first benchmark has (``Match.new``, ``make_bot``,
``play_game``, ``SearchBot``), never this checkout's own modules.

Every figure is CPU time of this process (``time.process_time``) over a fixed piece of
work (fixed seeds, fixed positions), so a loaded machine slows both sides alike.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any


def mid_game(game: str, players: int, seed: int, steps: int = 300) -> Any:
    """A random game's position after ``steps`` moves (also ``bench``'s own positions)."""
    from clash_widget.bots import make_bot
    from clash_widget.engine import Match

    m = Match.new(game, players, seed, keep_undo=False)
    bot = make_bot("random", game, seed)
    for _ in range(steps):
        if m.is_over:
            break
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    return m


def actions(game: str, players: int, games: int) -> dict[str, float]:
    """Random games with seeds 1000, 1001, ...: actions per CPU second."""
    from clash_widget.lab.selfplay import play_game

    n = 0
    play_game(game, players, 999, ["random"], check_invariants=False)  # imports, caches
    c0 = time.process_time()
    for seed in range(1000, 1000 + games):
        n += play_game(game, players, seed, ["random"], check_invariants=False).actions
    cpu = time.process_time() - c0
    return {"actions_per_cpu_s": n / cpu, "actions": n}


def listing(game: str, players: int, positions: int, repeats: int) -> dict[str, float]:
    """Legal-action listing over mid-game positions (300 random steps): CPU ms per call."""
    cpu: list[float] = []
    typical: list[float] = []  # per position, the median of its repeats
    sizes: list[float] = []
    for s in range(positions):
        m = mid_game(game, players, 77 + s, 300)
        here = []
        for _ in range(repeats):
            c = time.process_time()
            m.game.legal_actions(m.state)
            here.append((time.process_time() - c) * 1000)
        cpu += here
        typical.append(statistics.median(here))
        sizes.append(len(json.dumps(m.state)) / 1024)
    cpu.sort()
    typical.sort()
    return {
        "legal_actions_p50_cpu_ms": statistics.median(cpu),
        "legal_actions_p99_cpu_ms": cpu[int(len(cpu) * 0.99) - 1],
        # The slowest positions, each timed by its median: a single call slowed by the
        # machine's load moves the p99 of all calls, not this.
        "legal_actions_p99_position_cpu_ms": typical[max(0, int(len(typical) * 0.99) - 1)],
        "state_json_kb": statistics.median(sizes),
    }


def search(game: str, decisions: int) -> dict[str, float]:
    """The search bot's default budget (a fixed number of playouts) on a fixed 2-player
    position, for a fixed number of decisions: playouts per CPU second."""
    from clash_widget.bots.search import SearchBot

    bot = SearchBot(1, seconds=None)
    m = mid_game(game, 2, 5, 100)
    SearchBot(2, seconds=None).choose(m.game, m.state, m.legal_actions())  # imports the policy
    c0 = time.process_time()
    for _ in range(decisions):
        if m.is_over:
            break
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    cpu = time.process_time() - c0
    return {"search_playouts_per_cpu_s": bot.stats()["playouts"] / cpu}


def main(spec: dict[str, Any]) -> dict[str, float]:
    kind = spec.pop("measure")
    measures: dict[str, Callable[..., dict[str, float]]] = {
        "actions": actions,
        "listing": listing,
        "search": search,
    }
    return measures[kind](**spec)


if __name__ == "__main__":
    print(json.dumps(main(json.loads(sys.argv[1]))))
