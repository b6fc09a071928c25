"""Culture-clash hands: the best five-card poker hand without flushes, with the rainbow.

The design notes of History CCG settle a culture clash "like stud poker": each side pulls
five cards plus one per culture counter and makes its best five-card hand. Flushes and
straight flushes do not exist (a straight flush is just a straight), and five cards of five
different suits, a **rainbow**, is a bonus. The rest is ours and documented here:

* **Where the rainbow ranks (ours).** By its rarity in five cards from the five-suit deck
  (13 ranks x 5 suits): rarer than two pair (4.49 % against 5.19 %), commoner than three of a
  kind (2.60 %). So it ranks above two pair and below three of a kind. A rainbow that is also
  three of a kind or better counts as the better hand. :func:`category_counts` recomputes the
  figures, and ``tests/history/test_poker.py`` checks the order against them.
* **Five of a kind** exists with five suits (one card of each): the best hand.
* **Ranks.** Cards have ranks 1 to 13; in a hand rank 1 plays as the ace: above 13 and, in
  the straight 1-2-3-4-5, below 2 (that straight is the lowest). For initiative and growth
  rank 1 is simply 1.
* **Ties within a category** are settled as in poker: the ranks that make the hand first
  (the four, the three then the pair, the two pairs high to low), then the kickers from the
  highest down; straights by their top card; rainbows card by card from the highest.
  Suits never break ties. A complete tie is a tie; the culture clash gives ties to the
  defender (see ``culture.py``).
* **Fewer than five cards** (a nearly empty deck) make the best hand they can: pairs, two
  pair, three or four of a kind; no straight or rainbow.

Exact category probabilities for any deck and any number of cards come from counting
rank patterns and suit choices (:func:`category_counts`); the tests compare them with a
brute-force enumeration of every hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb
from typing import NamedTuple

HIGH, PAIR, TWO_PAIR, RAINBOW, THREE, STRAIGHT, FULL_HOUSE, FOUR, FIVE = range(9)
CATEGORY_NAMES = (
    "High card",
    "Pair",
    "Two pair",
    "Rainbow",
    "Three of a kind",
    "Straight",
    "Full house",
    "Four of a kind",
    "Five of a kind",
)
HAND_SIZE = 5
ACE_HIGH = 14  # rank 1 counted above 13

# The ten straights, as sets of card ranks (1 is the ace, low in the first one).
STRAIGHTS: tuple[tuple[int, frozenset[int]], ...] = tuple(
    (top, frozenset(((r - 1) % 13) + 1 for r in range(top - 4, top + 1))) for top in range(5, 15)
)
STRAIGHTS_BY_TOP = dict(STRAIGHTS)


class Card(NamedTuple):
    rank: int  # 1..13 (1 plays as the ace)
    suit: str


class Hand(NamedTuple):
    """A hand's value: compare with ``<``/``>``; ``cards`` are the five that make it."""

    category: int
    tiebreak: tuple[int, ...]
    cards: tuple[Card, ...]

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        return (self.category, self.tiebreak)

    @property
    def name(self) -> str:
        return CATEGORY_NAMES[self.category]

    def beats(self, other: Hand) -> bool:
        return self.key > other.key

    def ties(self, other: Hand) -> bool:
        return self.key == other.key


def high(rank: int) -> int:
    """A rank as it counts in a hand: 1 plays above 13."""
    return ACE_HIGH if rank == 1 else rank


def straight_top(ranks: Iterable[int]) -> int:
    """The top card of the best straight among ``ranks`` (14 for 10-J-Q-K-1), else 0."""
    have = set(ranks)
    best = 0
    for top, need in STRAIGHTS:
        if need <= have:
            best = max(best, top)
    return best


def evaluate(cards: Sequence[Card]) -> Hand:
    """The value of a hand of at most five cards (exactly the cards given)."""
    cards = tuple(cards)
    if len(cards) > HAND_SIZE:
        raise ValueError(f"evaluate takes at most {HAND_SIZE} cards; use best_hand for more")
    counts = Counter(high(c.rank) for c in cards)
    # ranks grouped: the bigger group first, then the higher rank
    grouped = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in grouped]
    order = tuple(r for r, _ in grouped)
    if len(cards) == HAND_SIZE:
        if shape[0] == 5:
            return Hand(FIVE, order, cards)
        if shape[0] == 4:
            return Hand(FOUR, order, cards)
        if shape[:2] == [3, 2]:
            return Hand(FULL_HOUSE, order, cards)
        top = straight_top(c.rank for c in cards)
        if top:
            return Hand(STRAIGHT, (top,), cards)
        if shape[0] == 3:
            return Hand(THREE, order, cards)
        if len({c.suit for c in cards}) == HAND_SIZE:
            return Hand(RAINBOW, tuple(sorted((high(c.rank) for c in cards), reverse=True)), cards)
    else:
        if shape and shape[0] == 4:
            return Hand(FOUR, order, cards)
        if shape and shape[0] == 3:
            return Hand(THREE, order, cards)
    if shape[:2] == [2, 2]:
        return Hand(TWO_PAIR, order, cards)
    if shape and shape[0] == 2:
        return Hand(PAIR, order, cards)
    return Hand(HIGH, order, cards)


def best_hand(cards: Sequence[Card]) -> Hand:
    """The best five-card hand among ``cards`` (all of them when there are five or fewer).

    Built directly from the rank counts (the best group, then the best kickers), with the
    same result as trying every five cards (:func:`best_hand_by_trying`, which the tests
    compare it with); ``cards`` are taken in the order given when ranks are equal."""
    cards = tuple(cards)
    if len(cards) <= HAND_SIZE:
        return evaluate(cards)
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(high(c.rank), []).append(c)
    ranks = sorted(by_rank, reverse=True)

    def group(n: int) -> list[int]:
        return [r for r in ranks if len(by_rank[r]) >= n]

    def take(*parts: tuple[int, int]) -> tuple[Card, ...]:
        return tuple(c for r, n in parts for c in by_rank[r][:n])

    def kickers(used: set[int], n: int) -> list[int]:
        """The ``n`` highest cards outside the ranks used (one rank may give several)."""
        out: list[int] = []
        for r in ranks:
            if r not in used:
                out += [r] * len(by_rank[r])
        return out[:n]

    def with_kickers(cat: int, main: list[tuple[int, int]], n: int) -> Hand:
        kick = kickers({r for r, _ in main}, n)
        picked = list(take(*main))
        seen: dict[int, int] = {}
        for r in kick:
            picked.append(by_rank[r][seen.get(r, 0)])
            seen[r] = seen.get(r, 0) + 1
        return Hand(cat, tuple(r for r, _ in main) + tuple(kick), tuple(picked))

    if group(5):
        r = group(5)[0]
        return Hand(FIVE, (r,), take((r, 5)))
    if group(4):
        return with_kickers(FOUR, [(group(4)[0], 4)], 1)
    trips = group(3)
    if trips:
        pairs = [r for r in group(2) if r != trips[0]]
        if pairs:
            t, p = trips[0], pairs[0]
            return Hand(FULL_HOUSE, (t, p), take((t, 3), (p, 2)))
    top = straight_top(c.rank for c in cards)
    if top:
        need = sorted(STRAIGHTS_BY_TOP[top], key=lambda r: high(r), reverse=True)
        return Hand(STRAIGHT, (top,), tuple(by_rank[high(r)][0] for r in need))
    if trips:
        return with_kickers(THREE, [(trips[0], 3)], 2)
    best_of_suit: dict[str, Card] = {}
    for c in cards:
        if c.suit not in best_of_suit or high(c.rank) > high(best_of_suit[c.suit].rank):
            best_of_suit[c.suit] = c
    if len(best_of_suit) >= HAND_SIZE:
        # the highest card of each suit: no other choice has a higher sorted rank list
        five = sorted(best_of_suit.values(), key=lambda c: high(c.rank), reverse=True)[:HAND_SIZE]
        return Hand(RAINBOW, tuple(high(c.rank) for c in five), tuple(five))
    pairs = group(2)
    if len(pairs) >= 2:
        return with_kickers(TWO_PAIR, [(pairs[0], 2), (pairs[1], 2)], 1)
    if pairs:
        return with_kickers(PAIR, [(pairs[0], 2)], 3)
    return with_kickers(HIGH, [], HAND_SIZE)


def best_hand_by_trying(cards: Sequence[Card]) -> Hand:
    """The best hand by evaluating every five of ``cards`` (slow; the reference)."""
    cards = tuple(cards)
    if len(cards) <= HAND_SIZE:
        return evaluate(cards)
    best: Hand | None = None
    for five in combinations(cards, HAND_SIZE):
        h = evaluate(five)
        if best is None or h.key > best.key:
            best = h
    assert best is not None
    return best


def compare(a: Sequence[Card], b: Sequence[Card]) -> int:
    """+1 if ``a`` makes the better hand, -1 if ``b`` does, 0 for a tie."""
    ha, hb = best_hand(a), best_hand(b)
    return (ha.key > hb.key) - (ha.key < hb.key)


# -- exact probabilities -------------------------------------------------------------------------
def _pattern_category(counts: dict[int, int]) -> int:
    """The best category a hand with these rank counts makes, leaving rainbows aside."""
    shape = sorted(counts.values(), reverse=True)
    if shape[0] >= 5:
        return FIVE
    if shape[0] == 4:
        return FOUR
    if shape[0] == 3 and len(shape) > 1 and shape[1] >= 2:
        return FULL_HOUSE
    if sum(shape) >= HAND_SIZE and straight_top(counts):
        return STRAIGHT
    if shape[0] == 3:
        return THREE
    if len(shape) > 1 and shape[1] == 2:
        return TWO_PAIR
    if shape[0] == 2:
        return PAIR
    return HIGH


def category_counts(deck: Sequence[Card], k: int) -> dict[str, int]:
    """How many of the ``comb(len(deck), k)`` hands of ``k`` cards make each category.

    Counted, not sampled: for every way to take ``k`` cards by rank (how many of each rank),
    the category follows from the rank counts, except that a hand short of three of a kind
    is a rainbow when its cards show all five suits; the number of suit choices covering
    every suit comes from inclusion and exclusion over the missing suits. Works for any deck
    of distinct cards (each rank in any set of suits).
    """
    suits_of: dict[int, frozenset[str]] = {}
    for c in deck:
        suits_of[c.rank] = suits_of.get(c.rank, frozenset()) | {c.suit}
    if len(set(deck)) != len(deck):
        raise ValueError("the deck repeats a card")
    all_suits = frozenset(c.suit for c in deck)
    ranks = sorted(suits_of)
    rainbow_possible = len(all_suits) >= HAND_SIZE and k >= HAND_SIZE
    subsets = [
        frozenset(t) for n in range(len(all_suits) + 1) for t in combinations(sorted(all_suits), n)
    ]
    out = [0] * len(CATEGORY_NAMES)
    # The suit choices of a pattern depend only on which suit sets give how many cards,
    # not on the ranks: counted once per such key (a few dozen), not once per pattern.
    suit_sets = sorted(set(suits_of.values()), key=sorted)
    set_of = {r: suit_sets.index(s) for r, s in suits_of.items()}
    suit_choices: dict[tuple[tuple[int, int], ...], tuple[int, int]] = {}

    def choices(counts: dict[int, int]) -> tuple[int, int]:
        """(all suit choices, those showing every suit) of a pattern."""
        key = tuple(sorted((set_of[r], n) for r, n in counts.items()))
        found = suit_choices.get(key)
        if found is not None:
            return found
        ways = 1
        for s, n in key:
            ways *= comb(len(suit_sets[s]), n)
        covering = 0
        if rainbow_possible and len(all_suits) == HAND_SIZE:
            for missing in subsets:
                term = 1
                for s, n in key:
                    term *= comb(len(suit_sets[s] - missing), n)
                    if not term:
                        break
                covering += -term if len(missing) % 2 else term
        suit_choices[key] = (ways, covering)
        return ways, covering

    def walk(i: int, left: int, counts: dict[int, int]) -> None:
        if i == len(ranks):
            if left:
                return
            ways, covering = choices(counts)
            cat = _pattern_category(counts)
            if cat < RAINBOW:
                out[RAINBOW] += covering
                ways -= covering
            out[cat] += ways
            return
        r = ranks[i]
        for n in range(min(left, len(suits_of[r])) + 1):
            if n:
                counts[r] = n
            walk(i + 1, left - n, counts)
            counts.pop(r, None)

    if len(all_suits) > HAND_SIZE:
        raise ValueError("rainbows are defined for decks of at most five suits")
    walk(0, k, {})
    return dict(zip(CATEGORY_NAMES, out, strict=True))


def category_probabilities(deck: Sequence[Card], k: int) -> dict[str, Fraction]:
    """Exact chance of each category as the best hand of ``k`` cards from ``deck``."""
    total = comb(len(deck), k)
    return {name: Fraction(n, total) for name, n in category_counts(deck, k).items()}


def enumerate_counts(deck: Sequence[Card], k: int) -> dict[str, int]:
    """The same table by brute force: every hand of ``k`` cards, its best five evaluated.

    Slow (every hand, every five of it): for tests on small decks."""
    out = dict.fromkeys(CATEGORY_NAMES, 0)
    for hand in combinations(deck, k):
        out[best_hand_by_trying(hand).name] += 1
    return out


@cache
def five_suit_deck(
    suits: tuple[str, ...] = ("sun", "moon", "star", "wave", "leaf"),
) -> tuple[Card, ...]:
    """Every card of 13 ranks in the given suits (65 cards for five suits)."""
    return tuple(Card(r, s) for s, r in product(suits, range(1, 14)))
