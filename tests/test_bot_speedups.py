"""The bots' speed-ups give the very answers of the plain formulas they replace (#27).

tests/test_same_games.py pins whole games and search decisions; these check the two
helpers that were rewritten for speed against their plain definitions on random cases.
"""

from __future__ import annotations

import random

from clash_widget.bots.base import by_kind
from clash_widget.bots.coc_heuristic.plan import Goal, best_worths, shortfall
from clash_widget.engine import Action


def test_best_worths_is_the_best_worth_still_short() -> None:
    """For the k-th extra unit: the best worth among purchases short of at least k, at least 2."""
    rng = random.Random(27)
    for _ in range(5000):
        wanted = [
            (rng.randint(0, 12), rng.choice([rng.uniform(-5, 30), 2.0, rng.uniform(0, 3)]))
            for _ in range(rng.randint(0, 5))
        ]
        room = rng.randint(0, 10)
        plain = [
            max([2.0, *(worth for short, worth in wanted if short >= k)])
            for k in range(1, room + 1)
        ]
        assert best_worths(wanted, room) == plain


def test_goal_short_is_the_shortfall_of_its_cost() -> None:
    """``Goal.short`` (its cost read once) gives ``shortfall`` of the cost, research or not."""
    rng = random.Random(29)
    goods = ["food", "wood", "ore", "ideas", "gold", "mood"]
    for _ in range(5000):
        cost = {r: rng.randint(0, 7) for r in rng.sample(goods, rng.randint(0, 4))}
        stock = {r: rng.randint(-1, 8) for r in rng.sample(goods, rng.randint(0, 6))}
        for name in ("research", "grow"):
            goal = Goal(name, rng.uniform(0, 30), cost)
            assert goal.short(stock) == shortfall(stock, cost, goal.research)


def test_by_kind_keeps_the_listing_order_within_each_kind() -> None:
    """Grouped a run at a time, yet the same as filing action by action (runs may repeat)."""
    rng = random.Random(28)
    for _ in range(500):
        legal = [Action(rng.choice("abc"), (str(i),)) for i in range(rng.randint(0, 12))]
        plain: dict[str, list[Action]] = {}
        for a in legal:
            plain.setdefault(a.kind, []).append(a)
        grouped = by_kind(legal)
        assert grouped == plain
        assert list(grouped) == list(plain)  # kinds in order of first appearance
