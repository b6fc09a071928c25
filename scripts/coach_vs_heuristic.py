"""Does the coach's advice win? One seat always plays the hint, the other is the rule-of-thumb
bot, in two-player Clash of Cultures games, both seatings; the hint seat's win rate with its
95 % Wilson interval.

    python scripts/coach_vs_heuristic.py [--games 96] [--rounds 40] [--start 0]

Game k (from 0) is deal k // 2 with the hint seat first when k is even, so a long run can be
split (``--start 40 --games 56`` plays games 40 to 95) and its halves' wins added.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace

from clash_widget.bots import make_bot
from clash_widget.coach import HINT_BUDGET, hint
from clash_widget.coach.estimate import wilson
from clash_widget.engine import Match


def play(seed: int, coach_seat: int, rounds: int | None, game: str) -> float:
    m = Match.new(game, 2, seed=seed)
    rival = make_bot("heuristic", game, seed * 31 + 1 - coach_seat)
    budget = replace(HINT_BUDGET, rounds=rounds)
    while not m.is_over:
        legal = m.legal_actions()
        if m.current_player == coach_seat and len(legal) > 1:
            m.play(hint(m, budget=budget).action)
        else:
            m.play(rival.choose(m.game, m.state, legal))
    winners = m.game.winners(m.state)
    return 1 / len(winners) if coach_seat in winners else 0.0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=96)
    p.add_argument("--rounds", type=int, help="rounds a hint (default: the game's own)")
    p.add_argument("--game", default="coc")
    p.add_argument("--start", type=int, default=0, help="the first game's number (from 0)")
    a = p.parse_args(argv)
    t0, won = time.perf_counter(), 0.0
    for k in range(a.start, a.start + a.games):
        result = play(k // 2, k % 2, a.rounds, a.game)
        won += result
        print(f"game {k + 1}: the hint seat scored {result}", file=sys.stderr, flush=True)
    low, high = wilson(won / a.games, a.games)
    print(
        json.dumps(
            {
                "game": a.game,
                "games": a.games,
                "start": a.start,
                "hint_seat_wins": won,
                "rate": round(won / a.games, 3),
                "wilson95": [round(low, 3), round(high, 3)],
                "rounds": replace(HINT_BUDGET, rounds=a.rounds).playout(a.game).rounds,
                "seconds": round(time.perf_counter() - t0, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
