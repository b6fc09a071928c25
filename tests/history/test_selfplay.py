"""Bots through the protocol: random, heuristic and search; self-play summaries; options."""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.lab.selfplay import play_game, run, summary


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"growth_multiplier": 5},
        {"population_to_win": 25},
        {"founding_cost": 0},
        {"deck": "plain52"},
        {"deck": "riverlands", "growth_pulls_population": True},
    ],
)
def test_random_games_finish_cleanly(options):
    results = run("history", players=[2, 3, 4], games=6, seed=40, options=options)
    s = summary(results)
    assert s["errors"] == [] and s["invariant_violations"] == [] and s["unfinished"] == 0


def test_heuristic_beats_random():
    results = run("history", players=2, games=12, seed=3, bots=["heuristic", "random"], rotate=True)
    s = summary(results)
    assert s["errors"] == [] and s["invariant_violations"] == []
    assert s["wins"].get("heuristic", 0) >= 9


def test_search_bot_plays_through_the_determiniser():
    """The search bot samples hidden councils and treasury orders with the determiniser and
    still answers with a legal action."""
    r = play_game("history", 2, 5, ["search:playouts=4:depth=12", "random"])
    assert r.errors == [] and r.invariant_violations == [] and r.finished
    assert r.think[0]["searched"] > 0


def test_heuristic_reads_only_its_seat():
    """Changing what the heuristic's seat cannot see does not change its choice."""
    from clash_widget.history import HistoryCCG

    g = HistoryCCG()
    m = Match.new("history", 3, 12)
    bots = [make_bot("random", "history", s) for s in range(3)]
    for _ in range(80):
        m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions()))
    seat = m.current_player
    legal = m.legal_actions()
    a = make_bot("heuristic", "history", 1).choose(g, m.state, legal)
    other = g.determinize(m.state, seat, 3)
    b = make_bot("heuristic", "history", 1).choose(g, other, legal)
    assert a == b


def test_event_counts_and_ways_to_win():
    results = run("history", players=[2, 3, 4], games=30, seed=0)
    events = summary(results)["event_counts"]
    for key in ("explore", "growth", "production_done", "research_done", "battle"):
        assert events.get(key, 0) > 0, key
    for key in ("culture_clash", "city_founded", "turn", "initiative"):
        assert events.get(key, 0) > 0, key
    assert events.get("win_population", 0) > 0
