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
MAX_GAMES = 150  # heuristic games searched for a set's positions at most
CERTIFY_GAMES = 24  # whole games played from each move to certify a planted position
CERTIFY_GAP = 0.25
# games whose score moves only at scoring times (no single move raises it): their planted
# positions are certified by whole games instead
CERTIFIED = {"persistence"}  # the better move must win this much more often than the planted one


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
    while len(out) < count and seed < 100 + MAX_GAMES:
        m = Match.new(game, 2, seed=seed)
        bot = make_bot("heuristic", game, seed)
        seed += 1
        taken_here = 0
        for i in range(2000):
            if m.is_over or len(out) >= count or taken_here >= 3:
                break
            legal = m.legal_actions()
            seat = m.current_player
            if want == "planted":
                ends = [a for a in legal if a.kind in ENDS]
                better = None
                if ends and len(legal) >= 3:
                    better = (
                        certified_move(g, m, legal, ends[0])
                        if game in CERTIFIED
                        else scoring_move(g, m, legal)
                    )
                if better is not None:
                    out.append(
                        {
                            "kind": "planted",
                            "seat": seat,
                            "planted": str(ends[0]),
                            "better": str(better),
                            "file": game_file(Match.from_state(game, clone(m.state))),
                        }
                    )
                    taken_here += 1
            elif seat is not None and len(legal) > 1 and i % 2 == 0:
                pair = twins(g, m, legal)
                if pair is not None:
                    out.append(
                        {
                            "kind": "equal",
                            "seat": seat,
                            "planted": str(pair[1]),
                            "twin": str(pair[0]),
                            "same_state": same_state(g, m, *pair),
                            "file": game_file(Match.from_state(game, clone(m.state))),
                        }
                    )
                    taken_here += 1
            m.play(bot.choose(m.game, m.state, legal))
    return out


def scoring_move(g: Any, m: Match, legal: list[Action]) -> Action | None:
    """A move that raises the seat's score at once while ending the turn (or passing) does
    not: the clearly better move of a planted position, read from the game's own score."""
    seat = m.current_player
    if seat is None:
        return None
    before = g.scores(m.state)[seat]
    gains: dict[Action, float] = {}
    for a in legal[:40]:
        s = Match.from_state(g, clone(m.state), keep_undo=False)
        if s.play(a):
            gains[a] = g.scores(s.state)[seat] - before
    if any(gains.get(a, 1) > 0 for a in legal if a.kind in ENDS):
        return None
    best = max(gains, key=lambda a: gains[a], default=None)
    return best if best is not None and gains[best] >= 1 else None


def certified_move(g: Any, m: Match, legal: list[Action], planted: Action) -> Action | None:
    """The rule-of-thumb bot's favourite, when whole games played on from it (by that bot, for
    every seat, from samples of what the seat knows) win at least ``CERTIFY_GAP`` more often
    than from the planted move: a clearly better move checked without the coach."""
    seat = m.current_player
    assert seat is not None
    fav = make_bot("heuristic", g.name, 7).choose(g, g.determinize(m.state, seat, 7), legal)
    if fav == planted or fav.kind in ENDS:
        return None
    wins = {}
    for a in (fav, planted):
        won = 0.0
        for k in range(CERTIFY_GAMES):
            s = g.determinize(m.state, seat, 1000 + k)
            g.apply(s, a)
            bot = make_bot("heuristic", g.name, k)
            steps = 0
            while not g.is_over(s) and steps < 5000:
                acts = g.legal_actions(s)
                g.apply(s, bot.choose(g, s, acts))
                steps += 1
            winners = g.winners(s) if g.is_over(s) else []
            won += 1 / len(winners) if seat in winners else 0.0
        wins[a] = won / CERTIFY_GAMES
    return fav if wins[fav] - wins[planted] >= CERTIFY_GAP else None


def twins(g: Any, m: Match, legal: list[Action]) -> tuple[Action, Action] | None:
    """Two different moves after which the seat sees the very same position (log aside), in
    the game itself and in two samples of what it cannot see (so no lucky roll hides a
    difference)."""
    seat = m.current_player
    assert seat is not None
    starts = [m.state] + [g.determinize(m.state, seat, k) for k in (1, 2)]
    seen: dict[tuple[str, ...], Action] = {}
    for a in legal[:40]:
        keys = []
        for start in starts:
            s = Match.from_state(g, clone(start), keep_undo=False)
            if not s.play(a):
                break
            view = {k: v for k, v in g.view(s.state, seat).items() if k not in ("log", "version")}
            keys.append(state_hash(view))
        else:
            key = tuple(keys)
            if key in seen:
                return seen[key], a
            seen[key] = a
    return None


def same_state(g: Any, m: Match, a: Action, b: Action) -> bool:
    """The two moves leave the very same state (log aside): the paired trial games cannot
    tell them apart at all, so they test nothing of the noise."""
    hashes = []
    for x in (a, b):
        s = Match.from_state(g, clone(m.state), keep_undo=False)
        s.play(x)
        hashes.append(state_hash({k: v for k, v in s.state.items() if k not in ("log", "version")}))
    return hashes[0] == hashes[1]


def build(games: list[str]) -> None:
    ROOT.mkdir(parents=True, exist_ok=True)
    for game in games:
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
            sum(r.get("same_state", False) for r in rows),
            "of them leaving the very same state",
            file=sys.stderr,
        )


def judge_row(row: dict[str, Any], rounds: int, turns: int | None = None) -> str:
    m = Match.load(row["file"])
    changes: dict[str, Any] = {"rounds": rounds}
    if turns is not None:
        changes["turns"] = turns
    budget = REVIEW_BUDGET.__class__(**{**REVIEW_BUDGET.__dict__, **changes})
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


def noise(games: list[str], rounds: int, positions: int = 20) -> dict[str, Any]:
    """The coach's own noise: the same positions judged with two seeds. For every pair of
    candidates found both times, the paired difference's change between the seeds (its
    spread is the noise of one judgement) and the half-width of one judgement's 95 %
    interval; and how often an independent re-judgement disagrees with a flag."""
    import statistics

    budget0 = REVIEW_BUDGET.__class__(**{**REVIEW_BUDGET.__dict__, "rounds": rounds})
    budget1 = REVIEW_BUDGET.__class__(**{**budget0.__dict__, "seed": 1})
    report: dict[str, Any] = {}
    for game in games:
        rows = [json.loads(line) for line in open(ROOT / f"{game}.jsonl", encoding="utf-8")]
        rows = [r for r in rows if r["kind"] == "planted"][:positions]
        changes, halves = [], []
        for r in rows:
            m = Match.load(r["file"])
            legal = m.legal_actions()
            a = compare(m.game, m.state, legal, budget0)
            b = compare(m.game, m.state, legal, budget1)
            fav = a.favourite
            if fav is None or b.of(fav) is None:
                continue
            for est in a.estimates:
                other = b.of(est.action)
                if est.action == fav or other is None:
                    continue
                d0 = difference(a.of(fav), est)  # type: ignore[arg-type]
                d1 = difference(b.of(fav), other)  # type: ignore[arg-type]
                changes.append(d0.mean - d1.mean)
                halves.append((d0.high - d0.low) / 2)
        sd = statistics.pstdev(changes) / 2**0.5 if changes else 0.0
        report[game] = {
            "pairs": len(changes),
            "sd_of_one_judgement": round(sd, 4),
            "median_interval_half_width": round(statistics.median(halves), 4) if halves else None,
            "p90_interval_half_width": round(sorted(halves)[int(0.9 * (len(halves) - 1))], 4)
            if halves
            else None,
            "p95_abs_change_between_seeds": round(
                sorted(abs(c) for c in changes)[int(0.95 * (len(changes) - 1))], 4
            )
            if changes
            else None,
        }
        print(json.dumps({game: report[game]}), flush=True)
    return report


def measure(games: list[str], rounds: int, turns: int | None = None) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for game in games:
        rows = [json.loads(line) for line in open(ROOT / f"{game}.jsonl", encoding="utf-8")]
        planted = [judge_row(r, rounds, turns) for r in rows if r["kind"] == "planted"]
        equal = [judge_row(r, rounds, turns) for r in rows if r["kind"] == "equal"]
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
    p.add_argument("--turns", type=int, help="turns each simulated game is played on")
    p.add_argument("--noise", action="store_true", help="measure the coach's noise instead")
    a = p.parse_args(argv)
    if a.noise:
        noise(a.games.split(","), a.rounds)
        return 0
    if a.build:
        build(a.games.split(","))
    measure(a.games.split(","), a.rounds, a.turns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
