"""Exact growth odds (checked against every pull) and sampled culture-clash odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from clash_widget.history import odds


@pytest.mark.parametrize("cards,pop,mult", [(1, 1, 6), (2, 2, 6), (3, 2, 5), (4, 3, 6), (3, 4, 5)])
def test_growth_chance_equals_counting_every_pull(cards, pop, mult):
    ranks = [1, 2, 3, 5, 7, 7, 8, 10, 11, 12, 13, 13, 4]
    hits = sum(1 for pull in combinations(ranks, cards) if sum(pull) >= mult * pop)
    total = sum(1 for _ in combinations(ranks, cards))
    assert odds.growth_chance(ranks, cards, pop, mult) == Fraction(hits, total)


def test_growth_one_card_of_a_plain_deck():
    """One food, population 1, 6x: a rank of 6 or more, 8 ranks of 13."""
    assert odds.growth_chance(odds.deck_ranks("plain52"), 1, 1, 6) == Fraction(8, 13)


def test_growth_table_is_monotone():
    for mult in (6, 5):
        t = odds.growth_table("riverlands", mult)
        for food in t:
            row = [t[food][p] for p in sorted(t[food])]
            assert row == sorted(row, reverse=True)  # bigger cities grow less often
        for pop in t[1]:
            col = [t[f][pop] for f in sorted(t)]
            assert col == sorted(col)  # more food, more growth
    six, five = odds.growth_table("riverlands", 6), odds.growth_table("riverlands", 5)
    assert all(five[f][p] >= six[f][p] for f in six for p in six[f])


def test_clash_odds_grow_with_culture_counters():
    runs = [
        odds.clash_odds("riverlands", "highlands", a, 0, samples=1500, seed=1)["win"]
        for a in (0, 2, 4)
    ]
    assert runs == sorted(runs) and runs[-1] > 0.8
    even = odds.clash_odds("riverlands", "riverlands", 1, 1, samples=1500, seed=2)
    assert even["low"] < 0.5 < even["high"] + 0.05  # ties go to the defender: a bit under half


def test_clash_odds_are_reproducible():
    assert odds.clash_odds("highlands", "riverlands", 1, 0, 300, 7) == odds.clash_odds(
        "highlands", "riverlands", 1, 0, 300, 7
    )


def test_wilson_interval():
    lo, hi = odds.wilson(50, 100)
    assert lo < 0.5 < hi and round(hi - lo, 2) == 0.19
    assert odds.wilson(0, 0) == (0.0, 1.0)
