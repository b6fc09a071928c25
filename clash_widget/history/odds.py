"""Odds for History CCG: growth (exact) and culture clashes (sampled, with an interval).

Growth (rule growth.threshold): a city pulls as many cards as its food yield and grows
when their ranks total at least multiplier x population. The cards come off a shuffled
deck without replacement, so the exact chance counts the subsets of the deck whose
ranks reach the target (:func:`growth_chance`).

Culture clashes (rules clash.hands, clash.tie): both sides pull 5 + culture counters and
compare their best hands; ties go to the defender. Two decks and up to a dozen cards per
side are too many hands to count, so :func:`clash_odds` samples them with a seeded
stream and reports a Wilson interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from math import comb

from ..engine.rng import Stream
from . import cards as card_set
from . import poker


def subset_sums(ranks: Sequence[int], k: int) -> dict[int, int]:
    """How many ``k``-card subsets of a deck with these ranks have each total."""
    ways: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(k)]
    for r in ranks:
        for j in range(min(k, len(ranks)), 0, -1):
            prev = ways[j - 1]
            cur = ways[j]
            for total, n in prev.items():
                cur[total + r] = cur.get(total + r, 0) + n
    return ways[k]


def growth_chance(ranks: Sequence[int], cards: int, population: int, multiplier: int) -> Fraction:
    """Exact chance that ``cards`` cards pulled from a deck with these ranks total at least
    ``multiplier * population``."""
    if cards > len(ranks):
        raise ValueError("cannot pull more cards than the deck holds")
    need = multiplier * population
    hits = sum(n for total, n in subset_sums(ranks, cards).items() if total >= need)
    return Fraction(hits, comb(len(ranks), cards))


def deck_ranks(deck: str) -> list[int]:
    return [c.rank for c in card_set.deck_list(deck)]


def growth_table(
    deck: str,
    multiplier: int,
    foods: Sequence[int] = (1, 2, 3, 4, 5),
    pops: Sequence[int] = (1, 2, 3, 4, 5),
) -> dict[int, dict[int, Fraction]]:
    """``table[food][population]``: the exact chance that a city grows."""
    ranks = deck_ranks(deck)
    return {f: {p: growth_chance(ranks, f, p, multiplier) for p in pops} for f in foods}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def clash_odds(
    attacker_deck: str,
    defender_deck: str,
    attacker_counters: int,
    defender_counters: int,
    samples: int = 2000,
    seed: int = 0,
    base: int = 5,
) -> dict[str, float]:
    """The attacker's chance to win a culture clash (ties lose), by sampling.

    Each sample deals the attacker ``base + attacker_counters`` cards of their shuffled deck
    and the defender ``base + defender_counters`` of theirs. Returns the estimate and its
    95 % Wilson interval."""
    a_deck = list(card_set.playing_cards(attacker_deck))
    d_deck = list(card_set.playing_cards(defender_deck))
    rng = Stream(seed)
    wins = ties = 0
    na, nd = base + attacker_counters, base + defender_counters
    for _ in range(samples):
        a = _sample(rng, a_deck, na)
        d = _sample(rng, d_deck, nd)
        ka, kd = poker.best_hand(a).key, poker.best_hand(d).key
        wins += ka > kd
        ties += ka == kd
    lo, hi = wilson(wins, samples)
    return {"win": wins / samples, "low": lo, "high": hi, "tie": ties / samples, "samples": samples}


def _sample(rng: Stream, deck: list[poker.Card], k: int) -> list[poker.Card]:
    """``k`` distinct cards (a partial Fisher-Yates shuffle of a copy)."""
    pool = list(deck)
    for i in range(min(k, len(pool))):
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]
