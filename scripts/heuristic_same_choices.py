"""Play seeded Clash of Cultures games between heuristic bots; record, compare and time them.

A speed-up of the rule-of-thumb bot must not change a single choice. This script plays the
same seeded games (2, 3 and 4 players) and writes, per game, a hash of every action played and
the final state's hash; ``--check FILE`` compares them with a file written before the change.
It also sums the CPU time (``process_time``) spent in the heuristic's ``choose``, so the same
run measures the speed of the code on ``PYTHONPATH`` (run it against an old checkout to
compare: ``PYTHONPATH=/path/to/old python scripts/heuristic_same_choices.py``).

    python scripts/heuristic_same_choices.py --record /tmp/before.json
    python scripts/heuristic_same_choices.py --check /tmp/before.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from typing import Any

from clash_widget.bots.coc_heuristic.bot import CocHeuristicBot
from clash_widget.engine import Match
from clash_widget.lab.one_game import bot_moves, seat_bots

# (players, seed): four games of each size, whole games
GAMES = tuple((players, seed) for players in (2, 3, 4) for seed in (1, 2, 3, 4))


class ChoiceTimer:
    """Wraps the heuristic's ``choose`` to add up the CPU time it takes."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.choices = 0
        self._plain = CocHeuristicBot.choose

    def __enter__(self) -> ChoiceTimer:
        plain, timer = self._plain, self

        def timed(bot: Any, game: Any, state: Any, legal: Any) -> Any:
            t0 = time.process_time()
            try:
                return plain(bot, game, state, legal)
            finally:
                timer.seconds += time.process_time() - t0
                timer.choices += 1

        CocHeuristicBot.choose = timed  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        CocHeuristicBot.choose = self._plain  # type: ignore[method-assign,assignment]


def play(players: int, seed: int) -> dict[str, Any]:
    """One heuristic game to its end: the hash of its actions, its final state's hash."""
    m = Match.new("coc", players, seed, keep_undo=False)
    seated = seat_bots("coc", players, seed, ["heuristic"])
    played = hashlib.sha256()
    steps = 0
    for action, _ in bot_moves(m, seated):
        played.update(repr((action.kind, action.args)).encode())
        steps += 1
    return {"steps": steps, "actions": played.hexdigest(), "state": m.state_hash()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--record", help="write the games' hashes to this JSON file")
    ap.add_argument("--check", help="compare the games' hashes with this JSON file")
    ap.add_argument("--games", type=int, default=len(GAMES), help="play only the first N games")
    args = ap.parse_args(argv)
    results: dict[str, Any] = {}
    with ChoiceTimer() as timer:
        for players, seed in GAMES[: args.games]:
            results[f"{players}p-seed{seed}"] = play(players, seed)
    print(f"heuristic choose: {timer.choices} choices, {timer.seconds:.2f} s CPU")
    if args.record:
        with open(args.record, "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
    if args.check:
        with open(args.check) as f:
            before = json.load(f)
        differ = [k for k in results if before.get(k) != results[k]]
        for k in differ:
            print(f"DIFFERENT {k}: before {before.get(k)}, now {results[k]}")
        print("same games" if not differ else f"{len(differ)} game(s) differ")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
