"""The coach's quality sets: build them (``--build``) and measure the review on them.

Two kinds of positions, stored as game files in ``share/coach/quality/<game>.jsonl`` (one
position a line: ``{"kind", "seat", "planted", "twin"?, "file"}``):

- **planted**: a position where the seat still has its turn's actions and useful moves open,
  and the planted move ends the turn (or passes) at once: "a turn ended with its actions
  unused and a useful one open". Clash of Cultures' are set up with the scenario builder
  (``coc.scenario.Scenario``: a fresh map per seed, goods in hand, the seat's turn begun);
  the other games' are taken from heuristic games at the start of the seat's turn.
- **equal**: a position from a heuristic game with two moves that leave the seat the very
  same view (``Game.view`` but its log): e.g. the same good taken from two hexes alike. The
  planted move is one of them, judged against the other alone, so every choice is equal.

The measure: how often the review calls the planted move a mistake or a blunder (goal: at
least 90 %), and how often it flags the equal one at all (goal: at most 10 %).

    python scripts/coach_quality.py --build      # write the sets
    python scripts/coach_quality.py [--rounds 32] [--games coc,secolo]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from clash_widget.bots import make_bot
from clash_widget.coach import REVIEW_BUDGET, review
from clash_widget.coach.estimate import compare, difference
from clash_widget.coach.review import verdict
from clash_widget.engine import Action, Match, get_game, state_hash
from clash_widget.engine.session import Session
from clash_widget.engine.state import clone

ROOT = Path(__file__).resolve().parent.parent / "share" / "coach" / "quality"
GAMES = ("coc", "secolo", "persistence", "history")
ENDS = ("end", "pass")  # the moves that end a turn or pass in the four games
SIZE = {"coc": 50, "secolo": 30, "persistence": 30, "history": 30}


def game_file(m: Match) -> dict[str, Any]:
    return Session(m).game_file()


def coc_planted(count: int) -> list[dict[str, Any]]:
    from clash_widget.coc.scenario import Scenario

    out = []
    seed = 0
    while len(out) < count:
        s = Scenario(players=2, seed=seed).explore_all()
        s.resources(0, food=2, wood=2, ore=2, ideas=2, gold=2).tracks(0, mood=2, culture=2)
        m = s.turn(0).match()
        seed += 1
        kinds = {a.kind for a in m.legal_actions()}
        if m.current_player == 0 and "end" in kinds and len(kinds) > 3:
            out.append({"kind": "planted", "seat": 0, "planted": "end", "file": game_file(m)})
    return out


def from_games(game: str, count: int, want: str) -> list[dict[str, Any]]:
    """Positions from heuristic games: ``want`` "planted" (the seat's turn start with an end
    or pass and at least three other moves) or "equal" (two moves with the same outcome for
    the seat)."""
    out: list[dict[str, Any]] = []
    g = get_game(game)
    seed = 100
    while len(out) < count:
        m = Match.new(game, 2, seed=seed)
        bot = make_bot("heuristic", game, seed)
        seed += 1
        last_turn_start = -1
        taken_here = 0
        for i in range(2000):
            if m.is_over or len(out) >= count or taken_here >= 3:
                break
            legal = m.legal_actions()
            seat = m.current_player
            if want == "planted":
                ends = [a for a in legal if a.kind in ENDS]
                fresh = seat is not None and last_turn_start != seat
                if ends and len(legal) >= 4 and fresh and i > 8 and i % 3 == 0:
                    out.append(
                        {
                            "kind": "planted",
                            "seat": seat,
                            "planted": str(ends[0]),
                            "file": game_file(Match.from_state(game, clone(m.state))),
                        }
                    )
                    taken_here += 1
                if ends:
                    last_turn_start = seat if seat is not None else -1
            elif seat is not None and len(legal) > 1 and i % 2 == 0:
                pair = twins(g, m, legal)
                if pair is not None:
                    out.append(
                        {
                            "kind": "equal",
                            "seat": seat,
                            "planted": str(pair[1]),
                            "twin": str(pair[0]),
                            "file": game_file(Match.from_state(game, clone(m.state))),
                        }
                    )
                    taken_here += 1
            m.play(bot.choose(m.game, m.state, legal))
    return out


def twins(g: Any, m: Match, legal: list[Action]) -> tuple[Action, Action] | None:
    """Two different moves after which the seat sees the very same position (log aside)."""
    seat = m.current_player
    seen: dict[str, Action] = {}
    for a in legal[:40]:
        s = Match.from_state(g, clone(m.state), keep_undo=False)
        if not s.play(a):
            continue
        view = {k: v for k, v in g.view(s.state, seat).items() if k not in ("log", "version")}
        key = state_hash(view)
        if key in seen:
            return seen[key], a
        seen[key] = a
    return None


def build() -> None:
    ROOT.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        rows = coc_planted(SIZE[game]) if game == "coc" else from_games(game, SIZE[game], "planted")
        rows += from_games(game, 30, "equal")
        with open(ROOT / f"{game}.jsonl", "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, sort_keys=True) + "\n")
        print(
            game,
            sum(r["kind"] == "planted" for r in rows),
            "planted",
            sum(r["kind"] == "equal" for r in rows),
            "equal",
            file=sys.stderr,
        )


def judge_row(row: dict[str, Any], rounds: int) -> str:
    m = Match.load(row["file"])
    budget = REVIEW_BUDGET.__class__(**{**REVIEW_BUDGET.__dict__, "rounds": rounds})
    planted = Action.parse(row["planted"])
    if row["kind"] == "planted":
        assert m.play(planted)
        r = review(m, row["seat"], budget=budget)
        return r.decisions[-1].verdict
    twin = Action.parse(row["twin"])
    comparison = compare(m.game, m.state, [twin, planted], budget, also=planted)
    mine = comparison.of(planted)
    assert mine is not None
    if comparison.best.action == planted:
        return "good"
    d = difference(comparison.best, mine)
    return verdict(max(0.0, d.mean), d.clear)


def measure(games: list[str], rounds: int) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for game in games:
        rows = [json.loads(line) for line in open(ROOT / f"{game}.jsonl", encoding="utf-8")]
        planted = [judge_row(r, rounds) for r in rows if r["kind"] == "planted"]
        equal = [judge_row(r, rounds) for r in rows if r["kind"] == "equal"]
        caught = sum(v in ("mistake", "blunder") for v in planted)
        flagged = sum(v != "good" for v in equal)
        report[game] = {
            "planted": len(planted),
            "planted_flagged_mistake_or_worse": caught,
            "planted_rate": round(caught / len(planted), 3) if planted else None,
            "planted_verdicts": {v: planted.count(v) for v in sorted(set(planted))},
            "equal": len(equal),
            "equal_flagged": flagged,
            "equal_rate": round(flagged / len(equal), 3) if equal else None,
        }
        print(json.dumps({game: report[game]}), flush=True)
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--build", action="store_true", help="write the sets (then measure)")
    p.add_argument("--rounds", type=int, default=REVIEW_BUDGET.rounds)
    p.add_argument("--games", default=",".join(GAMES))
    a = p.parse_args(argv)
    if a.build:
        build()
    measure(a.games.split(","), a.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
