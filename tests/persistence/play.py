"""Random self-play with checks after every step (shared by several tests)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from clash_widget.bots import RandomBot
from clash_widget.engine import Match
from clash_widget.engine.conformance import difference


def variants(i: int) -> tuple[int, dict[str, Any]]:
    """Game ``i`` of a sweep: 2-4 players; every fourth game without transfers."""
    return 2 + i % 3, ({"transfer": False} if i % 4 == 3 else {})


def hidden_ids(m: Match, seat: int | None) -> set[str]:
    """Card ids ``seat`` must not see: the box, and the other seats' hands."""
    st = m.state
    out = set(st["box"])
    for p in st["players"]:
        if seat is not None and p["seat"] != seat:
            out |= set(p["hand"])
    return out


def strings(x: Any) -> set[str]:
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(strings(k) | strings(v) for k, v in x.items())) if x else set()
    if isinstance(x, list | tuple):
        return set().union(*(strings(v) for v in x)) if x else set()
    return set()


def scan_views(m: Match) -> None:
    """No view (nor its log) names a card its seat may not see; the teacher sees every hand."""
    for seat in [None, *range(m.players)]:
        v = m.view(seat)
        leak = strings(v) & hidden_ids(m, seat)
        assert not leak, f"seat {seat} sees {sorted(leak)}"
        for p in v["players"]:
            assert (p["hand"] is None) == (seat is not None and p["seat"] != seat)
            assert p["hand_count"] == len(m.state["players"][p["seat"]]["hand"])


def check_listing(m: Match) -> None:
    """The legal list is each kind's wide definition filtered by every check (the engine's
    conformance check: the listing's fast paths cannot drop or add an action)."""
    found = difference(m.game, m.state)
    assert found is None, str(found)


def self_play(
    seed: int,
    players: int,
    options: dict[str, Any],
    *,
    checks: bool = True,
    every: Callable[[Match], None] | None = None,
    every_n: int = 1,
) -> Match:
    m = Match.new("persistence", players, seed, options, keep_undo=False)
    bots = [RandomBot(seed * 31 + s) for s in range(players)]
    steps = 0
    while not m.is_over:
        legal = m.legal_actions()
        assert legal, "a live game must offer actions"
        if checks:
            for a in legal:
                assert m.game.check(m.state, a) is None, (str(a), m.game.check(m.state, a))
        if every is not None and steps % every_n == 0:
            every(m)
        a = bots[m.current_player].choose(m.game, m.state, legal)
        o = m.play(a)
        assert o.ok, (str(a), o.verdict)
        if checks:
            bad = m.game.invariants(m.state)
            assert not bad, (seed, steps, bad)
        steps += 1
        assert steps < 5000, "game too long"
    assert m.legal_actions() == [] and m.state["result"]
    return m


def event_counts(matches: list[Match]) -> Counter:
    c: Counter = Counter()
    for m in matches:
        c.update(e["kind"] for e in m.log)
    return c
