"""Every seat's score counted in one pass (``scoring.every_vp``, read after every turn of a
self-play game) is each seat's breakdown summed, at every position of random games (#27)."""

from __future__ import annotations

from clash_widget.bots import RandomBot
from clash_widget.coc import scoring
from clash_widget.engine import Match

from .helpers import open_map


def test_every_vp_is_each_seats_breakdown_summed() -> None:
    """Primer, "Victory Points": "1 VP per city piece of yours on the board", "1 VP per
    every 2 Advances", "5 VP per Wonder", "2 VP per Objective card", "Event cards, if
    applicable"; ``every_vp`` must give each seat's sum of them."""
    positions = scored = 0
    for players, seed in ((2, 31), (3, 32), (4, 33)):
        m = Match.new("coc", players, seed, keep_undo=False)
        bot = RandomBot(seed)
        while not m.is_over:
            want = [sum(scoring.breakdown(m.state, p).values()) for p in range(players)]
            assert scoring.every_vp(m.state) == want
            assert m.scores() == [float(v) for v in want]
            positions += 1
            scored += any(want)
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 300 and scored > 100


def test_every_vp_counts_wonders_and_pieces_by_their_holders() -> None:
    """Primer: "5 VP per Wonder", "1 VP per city piece of yours on the board": a wonder in
    Blue's capital scores for Blue, a temple of Orange's in it (won by influence) for
    Orange."""
    s = open_map(players=3)
    cap = s.capital(0)
    s.city(0, cap, pieces={"temple": 1, "academy": 0}).wonder(cap, "great_wall")
    m = s.match()
    want = [sum(scoring.breakdown(m.state, p).values()) for p in range(3)]
    assert scoring.every_vp(m.state) == want
    assert scoring.breakdown(m.state, 0)["wonders"] > 0
    assert scoring.breakdown(m.state, 1)["city_pieces"] > 0


def plain_breakdown(state, p):
    """A seat's points by source as written before round eight: a dict made per seat, the
    pieces and wonders counted over every city."""
    o, player = state["options"], state["players"][p]
    cities = state["cities"].values()
    pieces = sum(1 for c in cities for owner in c["pieces"].values() if owner == p)
    wonders = sum(len(c["wonders"]) for c in cities if c["owner"] == p)
    return {
        "city_pieces": pieces * o["vp_per_piece"],
        "advances": len(player["advances"]) // o["advances_per_vp"],
        "wonders": wonders * o["vp_per_wonder"],
        "objectives": len(player["objectives"]) * o["vp_per_objective"],
        "events": player["event_vp"],
    }


def test_scores_match_the_plain_breakdown_in_random_games() -> None:
    """At every position of random 2-, 3- and 4-player games (round eight's ``every_vp``
    skips cities without pieces and sums each seat's parts as a tuple): each seat's
    breakdown, in the same order, and every seat's total are the plain ones."""
    positions = 0
    for players, seed in ((2, 41), (3, 42), (4, 43)):
        m = Match.new("coc", players, seed, keep_undo=False)
        bot = RandomBot(seed)
        while not m.is_over:
            plain = [plain_breakdown(m.state, p) for p in range(players)]
            for p in range(players):
                got = scoring.breakdown(m.state, p)
                assert list(got.items()) == list(plain[p].items())
            assert scoring.every_vp(m.state) == [sum(b.values()) for b in plain]
            positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 300
