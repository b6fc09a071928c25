"""Bots play through the protocol: random, the heuristic bot and the search bot."""

from __future__ import annotations

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.lab.selfplay import run, summary


def test_bots_are_registered():
    for name in ("random", "heuristic", "search"):
        assert make_bot(name, "persistence", 1) is not None
    assert type(make_bot("heuristic", "persistence", 1)).__name__ == "PersistenceHeuristicBot"


def test_heuristic_beats_random():
    results = run(
        "persistence", [2, 3], games=16, seed=7, bots=["heuristic", "random"], rotate=True
    )
    s = summary(results)
    assert not s["errors"] and not s["invariant_violations"]
    assert s["wins"].get("heuristic", 0) >= 13


def test_heuristic_reads_only_its_seats_view():
    """Resampling what the seat cannot see never changes the heuristic's choice."""
    m = Match.new("persistence", 3, 4, keep_undo=False)
    steps = 0
    while not m.is_over and steps < 400:
        seat = m.current_player
        legal = m.legal_actions()
        a = make_bot("heuristic", "persistence", steps).choose(m.game, m.state, legal)
        for k in (1, 2):
            other = m.game.determinize(m.state, seat, k)
            b = make_bot("heuristic", "persistence", steps).choose(m.game, other, legal)
            assert a == b, (steps, str(a), str(b))
        m.play(a)
        steps += 1


def test_search_bot_plays_a_game():
    results = run(
        "persistence", 2, games=1, seed=3, bots=["search:playouts=4:depth=12", "heuristic"]
    )
    s = summary(results)
    assert not s["errors"] and not s["invariant_violations"] and results[0].finished
    assert s["think"]["search:playouts=4:depth=12"]["searched_decisions"] > 0
