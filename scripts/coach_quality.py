"""The coach's quality sets: build them (``--build``) and measure the review on them.

Two kinds of positions, stored as game files in ``share/coach/quality/<game>.jsonl`` (one
position a line: ``{"kind", "seat", "planted", "twin"?, "file"}``):

- **planted**: a position with a clearly better move and a planted mistake: decisions of
  heuristic games certified by whole games (``certify``): the rule-of-thumb bot's favourite
  wins at least 15 points more often than the planted move (ending the turn or passing, or
  another legal move; in Clash of Cultures the worst of a first look, ``worst_options``),
  over 96 paired whole games. Clash of Cultures also keeps 50 uncertified ones set up with
  the scenario builder (``coc.scenario.Scenario``), planting the end of a turn.
- **equal**: a position from a heuristic game with two moves that leave the seat the very
  same view (``Game.view`` but its log): e.g. the same good taken from two hexes alike; or
  (``certified_equal``) two moves whose 400 paired whole games win alike. The planted move is
  one of them, judged against the other alone, so every choice is equal.

The measure: how often the review calls the planted move a mistake or a blunder (goal: at
least 90 %), and how often it flags the equal one at all (goal: at most 10 %).

    python scripts/coach_quality.py --build      # write the sets
    python scripts/coach_quality.py --build --part certified-equal --games persistence
                                                 # rebuild one certified part, keep the rest
    python scripts/coach_quality.py --part certified-planted --games coc   # measure a part
    python scripts/coach_quality.py [--rounds N] [--games coc,secolo]
    python scripts/coach_quality.py --noise      # the coach's noise: two seeds
    python scripts/coach_quality.py --calibrate  # each game's scale of winning chances
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
# A planted position of these games is certified by whole games played on by the rule-of-thumb
# bot (see ``certify``): a move that raises the score at once (Secolo, History) was found not to
# win whole games clearly more often than ending the turn or passing (share/coach/quality/README.md)
CERTIFIED = {"secolo", "persistence", "history"}
SCREEN_GAMES = 12  # paired whole games of the cheap screen
CERTIFY_GAMES = 96  # paired whole games of the certificate
CERTIFY_GAP = 0.15  # the better move wins at least this much more often than the planted one,
CERTIFY_LOW = 0.05  # and the 95 % interval of that gap stays above this
# A game's first decision (Secolo's Protagonist, Persistence's first Empire) is certified in
# most deals alike; a few of them, so that the set holds the middle of the game too
OPENINGS = 4


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


def equal_positions(game: str, count: int) -> list[dict[str, Any]]:
    """Positions from heuristic games with two moves after which the seat sees the very same
    position: the planted move is judged against its twin alone."""
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
            if seat is not None and len(legal) > 1 and i % 2 == 0:
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


def whole_game(g: Any, state: Any, seat: int, action: Action, k: int) -> float | None:
    """The seat's result of one whole game played on from ``action`` by the rule-of-thumb bot
    for every seat, from sample ``k`` of what the seat knows (the same sample and bot seed for
    every move compared: a paired comparison). None when the sample comes to a position with
    no legal move (History's samples of the capitals' choice can: its hand resampled without
    a card that may be a capital), so the pair is left out."""
    s = g.determinize(state, seat, 1000 + k)
    g.apply(s, action)
    bot = make_bot("heuristic", g.name, k)
    steps = 0
    while not g.is_over(s) and steps < 5000:
        legal = g.legal_actions(s)
        if not legal:
            return None
        g.apply(s, bot.choose(g, s, legal))
        steps += 1
    winners = g.winners(s) if g.is_over(s) else []
    return 1 / len(winners) if seat in winners else 0.0


def paired_differences(
    g: Any, state: Any, seat: int, better: Action, worse: Action, games: int, start: int = 0
) -> list[float]:
    """The paired whole games' differences of result, ``better``'s minus ``worse``'s (pairs
    with a sample that came to no legal move left out; samples from ``start``)."""
    d = []
    for k in range(start, start + games):
        x, y = whole_game(g, state, seat, better, k), whole_game(g, state, seat, worse, k)
        if x is not None and y is not None:
            d.append(x - y)
    return d


def paired_gap(
    g: Any, state: Any, seat: int, better: Action, worse: Action, games: int
) -> tuple[float, float, float]:
    """How much more often whole games from ``better`` are won than from ``worse`` (paired),
    with the 95 % interval of that difference."""
    return gap_interval(paired_differences(g, state, seat, better, worse, games), games)


def gap_interval(d: list[float], games: int) -> tuple[float, float, float]:
    """The mean of paired differences and its 95 % interval; (0, -1, 1) when fewer than half
    of the ``games`` pairs could be played."""
    if len(d) < games // 2:
        return 0.0, -1.0, 1.0
    n = len(d)
    mean = sum(d) / n
    sd = (sum((x - mean) ** 2 for x in d) / max(1, n - 1)) ** 0.5
    half = 1.96 * sd / n**0.5
    return mean, mean - half, mean + half


def certify(
    g: Any, m: Match, legal: list[Action], planted_options: list[Action]
) -> tuple[Action, Action, dict[str, Any]] | None:
    """A clearly better move and a planted mistake, certified without the coach: the
    rule-of-thumb bot's favourite, when whole games played on from it win at least
    ``CERTIFY_GAP`` more often than from the planted move, with the 95 % interval of that gap
    above ``CERTIFY_LOW`` (``CERTIFY_GAMES`` paired games; a cheap screen of ``SCREEN_GAMES``
    first). Returns (better, planted, the certificate)."""
    seat = m.current_player
    assert seat is not None
    fav = make_bot("heuristic", g.name, 7).choose(g, g.determinize(m.state, seat, 7), legal)
    for planted in planted_options:
        if planted == fav:
            continue
        screen, _, _ = paired_gap(g, m.state, seat, fav, planted, SCREEN_GAMES)
        if screen < 2 * CERTIFY_GAP:
            continue
        gap, low, high = paired_gap(g, m.state, seat, fav, planted, CERTIFY_GAMES)
        if gap >= CERTIFY_GAP and low >= CERTIFY_LOW:
            cert = {"games": CERTIFY_GAMES, "gap": round(gap, 3), "low": round(low, 3)}
            return fav, planted, {**cert, "high": round(high, 3)}
    return None


def planted_options(m: Match, legal: list[Action], seed: int) -> list[Action]:
    """The moves tried as a planted mistake: ending the turn (or passing) first, then another
    legal move picked by a seeded draw (an attack left, a card played elsewhere)."""
    import random

    ends = [a for a in legal if a.kind in ENDS]
    others = [a for a in legal if a.kind not in ENDS]
    return ends + random.Random(seed).sample(others, min(1, len(others)))


LOOK_PAIRS = 3  # paired whole games of the first look at every move (``worst_options``)
LOOK_MOVES = 16  # moves looked at, at most
LOOK_START = 500  # its samples: apart from the screen's and certificate's (0 to 95)


def worst_options(g: Any, m: Match, legal: list[Action], seed: int) -> list[Action]:
    """The planted moves tried in a long game whose single moves seldom change its outcome
    (Clash of Cultures): the two that lost most against the bot's favourite in a first look
    of ``LOOK_PAIRS`` paired whole games each, over up to ``LOOK_MOVES`` moves drawn by a
    seeded generator. The look's samples are not the certificate's, so picking the worst of
    them does not bias the certificate."""
    import random

    seat = m.current_player
    assert seat is not None
    fav = make_bot("heuristic", g.name, 7).choose(g, g.determinize(m.state, seat, 7), legal)
    others = [a for a in legal if a != fav]
    others = random.Random(seed).sample(others, min(LOOK_MOVES, len(others)))
    lost: list[tuple[float, int]] = []
    for n, a in enumerate(others):
        d = paired_differences(g, m.state, seat, fav, a, LOOK_PAIRS, LOOK_START)
        if d and sum(d) > 0:
            lost.append((sum(d) / len(d), n))
    return [others[n] for _, n in sorted(lost, reverse=True)[:2]]


def certified_positions(
    game: str,
    count: int,
    first: int = 100,
    stride: int = 1,
    look: bool = False,
    keep: Path | None = None,
) -> list[dict[str, Any]]:
    """Planted positions certified by whole games, from the decisions of heuristic games
    (seeds from ``first``; every ``stride``-th decision tried, to spread a long game's cost;
    with ``look``, the planted moves tried are ``worst_options``, else ``planted_options``;
    each row is also appended to ``keep`` as it is found, so a long build stopped early keeps
    what it certified)."""
    out: list[dict[str, Any]] = []
    g = get_game(game)
    seed = first
    openings = 0
    while len(out) < count and seed < first + MAX_GAMES:
        m = Match.new(game, 2, seed=seed)
        bot = make_bot("heuristic", game, seed)
        taken = 0
        for i in range(2000):
            if m.is_over or len(out) >= count or taken >= 2:
                break
            legal = m.legal_actions()
            seat = m.current_player
            opening = i == 0
            tried = i % stride == 0 and not (opening and openings >= OPENINGS)
            if seat is not None and len(legal) >= 3 and tried:
                draw = seed * 7919 + i
                pick = worst_options(g, m, legal, draw) if look else planted_options(m, legal, draw)
                found = certify(g, m, legal, pick)
                if found is not None:
                    better, planted, cert = found
                    row = {"kind": "planted", "seat": seat, "planted": str(planted)}
                    row |= {"better": str(better), "certified": cert}
                    row |= {"from_game": seed, "from_step": i}
                    row["file"] = game_file(Match.from_state(game, clone(m.state)))
                    out.append(row)
                    if keep is not None:
                        with open(keep, "a", encoding="utf-8") as f:
                            f.write(json.dumps(row, sort_keys=True) + "\n")
                    print(game, len(out), "from game", seed, "step", i, cert, file=sys.stderr)
                    taken += 1
                    openings += opening
            m.play(bot.choose(m.game, m.state, legal))
        seed += 1
    return out


EQUAL_SCREEN = 48  # paired whole games of the screen of an equal pair
EQUAL_GAMES = 400  # paired whole games of its certificate
EQUAL_WITHIN = 0.08  # the 95 % interval of the gap lies within this of zero


def certified_equal(
    game: str, count: int, first: int = 700, differ: float = 0.0
) -> list[dict[str, Any]]:
    """Equal positions certified by whole games: the rule-of-thumb bot's favourite and another
    legal move (drawn by a seeded generator) whose paired whole games (``EQUAL_GAMES``) win
    alike, the 95 % interval of the gap within ``EQUAL_WITHIN`` of zero, and at least a share
    ``differ`` of the pairs ending differently (moves that change few results test little of
    a judge's noise; Secolo's 30 were built asking only that one pair differ). Unlike twins
    they lead to different positions, so they test the noise of a judgement that plays whole
    games. The certificate stores how many pairs ended differently (``differ``)."""
    import random

    out: list[dict[str, Any]] = []
    g = get_game(game)
    seed = first
    while len(out) < count and seed < first + MAX_GAMES:
        m = Match.new(game, 2, seed=seed)
        bot = make_bot("heuristic", game, seed)
        for i in range(2000):
            if m.is_over or len(out) >= count:
                break
            legal = m.legal_actions()
            seat = m.current_player
            if seat is not None and len(legal) >= 2 and i % 3 == 1:
                fav = bot.choose(g, g.determinize(m.state, seat, 7), legal)
                other = random.Random(seed * 7919 + i).choice([a for a in legal if a != fav])
                screen = paired_differences(g, m.state, seat, fav, other, EQUAL_SCREEN)
                if abs(gap_interval(screen, EQUAL_SCREEN)[0]) <= 0.05 and (
                    sum(x != 0 for x in screen) >= differ * len(screen)
                ):
                    d = paired_differences(g, m.state, seat, fav, other, EQUAL_GAMES)
                    gap, low, high = gap_interval(d, EQUAL_GAMES)
                    apart = sum(x != 0 for x in d)
                    # (and some games differ: moves that never change a result test nothing)
                    if (
                        -EQUAL_WITHIN <= low
                        and high <= EQUAL_WITHIN
                        and high > low
                        and (apart >= differ * len(d))
                    ):
                        cert = {"games": EQUAL_GAMES, "gap": round(gap, 3)}
                        if differ:
                            cert["differ"] = apart
                        row = {"kind": "equal", "seat": seat, "planted": str(other)}
                        # (the same state in the game itself can still be two moves: two
                        # attacks that both failed here may not in a sample of the dice)
                        row |= {"twin": str(fav), "same_state": same_state(g, m, fav, other)}
                        row |= {"certified": {**cert, "low": round(low, 3), "high": round(high, 3)}}
                        row |= {"from_game": seed, "from_step": i}
                        row["file"] = game_file(Match.from_state(game, clone(m.state)))
                        out.append(row)
                        print(game, "equal", len(out), seed, i, row["certified"], file=sys.stderr)
                        break  # one a game
            m.play(bot.choose(m.game, m.state, legal))
        seed += 1
    return out


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


# Clash of Cultures' certified planted positions: heuristic games from this seed, every
# ``COC_STRIDE``-th decision tried (a Clash game is some 365 decisions long)
COC_FIRST = 100
COC_STRIDE = 10
EQUAL_DIFFER = 0.1  # Persistence's and History's certified equal pairs: a tenth of games differ
PARTS = ("certified-planted", "certified-equal")


def part_rows(game: str, part: str, count: int) -> list[dict[str, Any]]:
    """The rows of one certified part of a game's set: ``certified-planted`` (Clash of
    Cultures' from heuristic games; the other games' planted rows are all certified) or
    ``certified-equal``."""
    if part == "certified-planted":
        if game == "coc":
            return certified_positions(game, count, COC_FIRST, COC_STRIDE, look=True)
        return certified_positions(game, count)
    differ = 0.0 if game == "secolo" else EQUAL_DIFFER
    return certified_equal(game, count, differ=differ)


def in_part(row: dict[str, Any], part: str) -> bool:
    kind = "planted" if part == "certified-planted" else "equal"
    return row["kind"] == kind and "certified" in row


def build(games: list[str]) -> None:
    ROOT.mkdir(parents=True, exist_ok=True)
    for game in games:
        rows = coc_planted(SIZE[game]) if game == "coc" else certified_positions(game, SIZE[game])
        if game == "coc":
            rows += part_rows(game, "certified-planted", SIZE[game])
        rows += equal_positions(game, 30)
        if game != "coc":
            rows += part_rows(game, "certified-equal", 30)
        write_set(game, rows)


def rebuild_part(game: str, part: str, count: int) -> None:
    """Rebuild one certified part of a game's set, keeping its other rows."""
    rows = [r for r in read_set(game) if not in_part(r, part)]
    write_set(game, rows + part_rows(game, part, count))


def read_set(game: str) -> list[dict[str, Any]]:
    path = ROOT / f"{game}.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in open(path, encoding="utf-8")]


def write_set(game: str, rows: list[dict[str, Any]]) -> None:
    ROOT.mkdir(parents=True, exist_ok=True)
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


def judge_row(
    row: dict[str, Any], rounds: int | None, turns: int | None = None, deep: bool = False
) -> str:
    """The review's verdict on the row's planted move (``deep``: the deep review's budget)."""
    m = Match.load(row["file"])
    changes: dict[str, Any] = {"rounds": rounds, "purpose": "deep" if deep else "review"}
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


def noise(games: list[str], rounds: int | None, positions: int = 20) -> dict[str, Any]:
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


def calibrate(games: list[str], count: int = 1500) -> dict[str, Any]:
    """The scale of each game's winning chances (``coach.estimate.PLAYOUTS``): from ``count``
    whole games between rule-of-thumb bots, the lead in the game's value (first seat's minus
    second's) at every turn's start and who won; the scale whose ``0.5 + 0.5 tanh(lead /
    scale)`` makes those results likeliest (maximum likelihood over a grid), with the mean log
    likelihood of the coach's former scale (4 points, or a fifth of the largest value) and of a
    coin toss for comparison."""
    import math

    from clash_widget.bots.evaluate import values

    def loglik(points: list[tuple[float, float, float]], scale: Any) -> float:
        total = 0.0
        for lead, top, won in points:
            p = min(1 - 1e-6, max(1e-6, 0.5 + 0.5 * math.tanh(lead / scale(top))))
            total += won * math.log(p) + (1 - won) * math.log(1 - p)
        return total / len(points)

    report: dict[str, Any] = {}
    for game in games:
        g = get_game(game)
        points: list[tuple[float, float, float]] = []
        for k in range(count):
            m = Match.new(game, 2, seed=5000 + k)
            bots = [make_bot("heuristic", game, 5000 + 2 * k + p) for p in range(2)]
            s, seen, steps = m.state, [], 0
            while not g.is_over(s) and steps < 20000:
                ev = g.apply(s, bots[g.current_player(s)].choose(g, s, g.legal_actions(s)))
                steps += 1
                if any(e.get("kind") == "turn" for e in ev):
                    v = values(g, s)
                    seen.append((v[0] - v[1], max(abs(x) for x in v)))
            if g.is_over(s):
                won = 1 / len(g.winners(s)) if 0 in g.winners(s) else 0.0
                points += [(lead, top, won) for lead, top in seen]
        grid = [0.5 * 1.15**i for i in range(40)]
        best = max(grid, key=lambda sc: loglik(points, lambda top, sc=sc: sc))
        report[game] = {
            "games": count,
            "positions": len(points),
            "scale": round(best, 2),
            "loglik": round(loglik(points, lambda top, sc=best: sc), 4),
            "loglik_former": round(loglik(points, lambda top: max(4.0, 0.2 * top)), 4),
            "loglik_coin": round(math.log(0.5), 4),
        }
        print(json.dumps({game: report[game]}), flush=True)
    return report


def measure(
    games: list[str],
    rounds: int | None,
    turns: int | None = None,
    part: str | None = None,
    deep: bool = False,
) -> dict[str, Any]:
    """The review's verdicts on each game's set (or on one certified ``part`` of it)."""
    report: dict[str, Any] = {}
    for game in games:
        every = read_set(game)
        rows = [r for r in every if part is None or in_part(r, part)]
        planted_rows = [r for r in rows if r["kind"] == "planted"]
        planted = [judge_row(r, rounds, turns, deep) for r in planted_rows]
        sure = [v for r, v in zip(planted_rows, planted, strict=True) if "certified" in r]
        equal_rows = [r for r in rows if r["kind"] == "equal"]
        equal = [judge_row(r, rounds, turns, deep) for r in equal_rows]
        apart = [v for r, v in zip(equal_rows, equal, strict=True) if "certified" in r]
        caught = sum(v in ("mistake", "blunder") for v in planted)
        flagged = sum(v != "good" for v in equal)
        report[game] = {
            "planted": len(planted),
            "planted_flagged_mistake_or_worse": caught,
            "planted_rate": round(caught / len(planted), 3) if planted else None,
            "planted_verdicts": {v: planted.count(v) for v in sorted(set(planted))},
            "planted_certified": len(sure),  # of them: certified by whole games
            "planted_certified_flagged": sum(v in ("mistake", "blunder") for v in sure),
            "equal": len(equal),
            "equal_flagged": flagged,
            "equal_rate": round(flagged / len(equal), 3) if equal else None,
            "equal_verdicts": {v: equal.count(v) for v in sorted(set(equal))},
            "equal_certified": len(apart),  # of them: different positions, certified equal
            "equal_certified_flagged": sum(v != "good" for v in apart),
            # which rows (their line in the set, from 0) were missed or flagged, to look at
            "planted_missed_lines": [
                every.index(r)
                for r, v in zip(planted_rows, planted, strict=True)
                if v not in ("mistake", "blunder")
            ],
            "equal_flagged_lines": [
                every.index(r) for r, v in zip(equal_rows, equal, strict=True) if v != "good"
            ],
        }
        print(json.dumps({game: report[game]}), flush=True)
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--build", action="store_true", help="write the sets (then measure)")
    p.add_argument("--rounds", type=int, default=REVIEW_BUDGET.rounds)
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--turns", type=int, help="turns each simulated game is played on")
    p.add_argument("--deep", action="store_true", help="measure the deep review instead")
    p.add_argument("--noise", action="store_true", help="measure the coach's noise instead")
    p.add_argument("--calibrate", action="store_true", help="fit each game's value scale instead")
    p.add_argument("--positions", type=int, default=20, help="positions per game of --noise")
    p.add_argument(
        "--part",
        choices=PARTS,
        help="rebuild (with --build) or measure only this certified part of each game's set",
    )
    p.add_argument("--count", type=int, default=30, help="positions of a rebuilt --part")
    a = p.parse_args(argv)
    if a.calibrate:
        calibrate(a.games.split(","))
        return 0
    if a.noise:
        noise(a.games.split(","), a.rounds, a.positions)
        return 0
    if a.build and a.part:
        for game in a.games.split(","):
            rebuild_part(game, a.part, a.count)
    elif a.build:
        build(a.games.split(","))
    measure(a.games.split(","), a.rounds, a.turns, a.part, a.deep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
