"""The culture-clash hand evaluator: every category, the no-flush rule, the rainbow, kickers,
ties, and exact category probabilities checked against enumeration.

Design notes (seed): "they make the best 5-card poker hand. No flushes or straight flushes.
Rainbow--all 5 suits--count as bonus."
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clash_widget.engine.rng import Stream
from clash_widget.history import poker
from clash_widget.history.poker import Card

SUITS = "sun moon star wave leaf".split()
LETTER = {"s": "sun", "m": "moon", "t": "star", "w": "wave", "l": "leaf"}


def h(text: str) -> list[Card]:
    """Cards from ``"7s 7m Kt 2w 9l"``: rank (A, 2-10, J, Q, K) and a suit letter
    (s sun, m moon, t star, w wave, l leaf)."""
    names = {"A": 1, "J": 11, "Q": 12, "K": 13}
    out = []
    for word in text.split():
        r, s = word[:-1], word[-1]
        out.append(Card(names.get(r) or int(r), LETTER[s]))
    return out


def cat(text: str) -> str:
    return poker.best_hand(h(text)).name


# -- every category--------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "hand,name",
    [
        ("2s 5m 9t Jw Ks", "High card"),
        ("7s 7m 9t Jw Ks", "Pair"),
        ("7s 7m 9t 9w Ks", "Two pair"),
        ("2s 5m 9t Jw Kl", "Rainbow"),
        ("7s 7m 7t Jw Ks", "Three of a kind"),
        ("5s 6m 7t 8w 9s", "Straight"),
        ("7s 7m 7t 9w 9s", "Full house"),
        ("7s 7m 7t 7w Ks", "Four of a kind"),
        ("7s 7m 7t 7w 7l", "Five of a kind"),
    ],
)
def test_every_category(hand, name):
    assert cat(hand) == name


def test_order_of_categories():
    """Five of a kind > four > full house > straight > three > rainbow > two pair > pair > high."""
    ladder = [
        "2s 5m 9t Jw Ks",
        "7s 7m 9t Jw Ks",
        "7s 7m 9t 9w Ks",
        "2s 5m 9t Jw Kl",
        "7s 7m 7t Jw Ks",
        "5s 6m 7t 8w 9s",
        "7s 7m 7t 9w 9s",
        "7s 7m 7t 7w Ks",
        "7s 7m 7t 7w 7l",
    ]
    values = [poker.best_hand(h(x)).key for x in ladder]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert [poker.best_hand(h(x)).category for x in ladder] == list(range(9))


def test_no_flushes():
    """Five cards of one suit are no flush: just their ranks count."""
    assert cat("2s 5s 9s Js Ks") == "High card"
    assert cat("7s 7l 9s Js Ks") == "Pair"


def test_straight_flush_is_only_a_straight():
    assert cat("5s 6s 7s 8s 9s") == "Straight"
    assert poker.best_hand(h("5s 6s 7s 8s 9s")).key == poker.best_hand(h("5m 6t 7w 8l 9s")).key


def test_rainbow_straight_is_a_straight():
    """A hand that is a rainbow and something better counts as the better hand."""
    assert cat("5s 6m 7t 8w 9l") == "Straight"
    assert cat("7s 7m 7t 2w 9l") == "Three of a kind"


def test_rainbow_beats_two_pair_and_loses_to_three_of_a_kind():
    rainbow = poker.best_hand(h("2s 3m 4t 6w 8l"))
    assert rainbow.beats(poker.best_hand(h("As Am Kt Kw Qs")))
    assert poker.best_hand(h("2s 2m 2t 3w 4s")).beats(rainbow)


def test_rainbow_with_a_pair_is_a_rainbow():
    assert cat("7s 7m 9t Jw Kl") == "Rainbow"
    assert cat("7s 7m 9t 9w Kl") == "Rainbow"


def test_rank_1_is_the_ace_high_and_low():
    assert poker.best_hand(h("As Km Qt Jw 10s")).tiebreak == (14,)
    assert poker.best_hand(h("As 2m 3t 4w 5s")).tiebreak == (5,)
    assert poker.best_hand(h("As 2m 3t 4w 5s")).name == "Straight"
    assert poker.best_hand(h("2m 3t 4w 5s 6m")).beats(poker.best_hand(h("As 2m 3t 4w 5s")))
    assert cat("Qs Km At 2w 3s") == "High card"  # no wrap-around straight
    assert poker.best_hand(h("As Am 2t 3w 4s")).beats(poker.best_hand(h("Ks Km Qt Jw 9s")))


# -- kickers and ties------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "better,worse",
    [
        ("As 9m 7t 5w 3s", "Ks Qm Jt 9w 7s"),  # high card: the ace
        ("Ks 9m 7t 5w 3s", "Ks 9m 7t 5w 2s"),  # high card: the last kicker
        ("8s 8m 4t 3w 2s", "7s 7m At Kw Qs"),  # pair rank first
        ("8s 8m At 3w 2s", "8t 8w Kt Qw Js"),  # then kickers
        ("8s 8m At 5w 3s", "8t 8w At 5t 2s"),  # down to the third kicker
        ("9s 9m 2t 2w 3s", "8s 8m 7t 7w As"),  # two pair: the higher pair
        ("9s 9m 5t 5w 3s", "9t 9w 4t 4w As"),  # then the lower pair
        ("9s 9m 5t 5w 4s", "9t 9w 5m 5t 3s"),  # then the kicker
        ("As 3m 4t 6w 8l", "Ks Qm Jt 9w 7l"),  # rainbow: card by card
        ("9s 9m 9t 3w 2s", "8s 8m 8t Aw Ks"),  # three of a kind: the three
        ("9s 9m 9t Aw 2s", "9s 9m 9t Kw Qs"),  # then kickers
        ("6s 7m 8t 9w 10s", "5s 6m 7t 8w 9s"),  # straight: the top card
        ("3s 3m 3t 2w 2s", "2s 2m 2t Aw As"),  # full house: the three first
        ("3s 3m 3t Kw Ks", "3s 3m 3t Qw Qs"),  # then the pair
        ("3s 3m 3t 3w 4s", "2s 2m 2t 2w As"),  # four of a kind: the four
        ("3s 3m 3t 3w Ks", "3s 3m 3t 3w Qs"),  # then the kicker
        ("As Am At Aw Al", "Ks Km Kt Kw Kl"),  # five of a kind: the rank
    ],
)
def test_kickers(better, worse):
    b, w = poker.best_hand(h(better)), poker.best_hand(h(worse))
    assert b.category == w.category
    assert b.beats(w) and not w.beats(b)
    assert poker.compare(h(better), h(worse)) == 1 and poker.compare(h(worse), h(better)) == -1


def test_suits_never_break_ties():
    a, b = h("As Km 9t 5w 3s"), h("Am Kt 9w 5s 3t")
    assert poker.best_hand(a).ties(poker.best_hand(b)) and poker.compare(a, b) == 0


def test_best_of_seven_picks_the_best_five():
    hand = poker.best_hand(h("2s 2m 9t 9w Ks Qm 3l"))
    assert hand.name == "Rainbow" and len(hand.cards) == 5
    assert poker.best_hand(h("2s 2m 2t 9w 9s Km Kl")).tiebreak == (2, 13)
    assert poker.best_hand(h("5s 6m 7t 8w 9s 10m 2l")).tiebreak == (10,)


def test_fewer_than_five_cards():
    """A nearly empty deck: the best hand of the cards there are (no straight, no rainbow)."""
    assert cat("7s 7m") == "Pair"
    assert cat("7s 7m 9t 9w") == "Two pair"
    assert cat("7s 7m 7t") == "Three of a kind"
    assert cat("7s 7m 7t 7w") == "Four of a kind"
    assert cat("2s 3m 4t 5w") == "High card"
    assert poker.best_hand([]).name == "High card"


def test_evaluate_refuses_more_than_five():
    with pytest.raises(ValueError):
        poker.evaluate(h("2s 3m 4t 5w 6l 7s"))


# -- the fast best hand equals trying every five---------------------------------------------------
@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10**9), st.integers(5, 12), st.sampled_from([5, 4]))
def test_best_hand_equals_trying_every_five(seed, n, suits):
    deck = list(poker.five_suit_deck(tuple(SUITS[:suits])))
    rng = Stream(seed)
    rng.shuffle(deck)
    cards = deck[:n]
    fast, slow = poker.best_hand(cards), poker.best_hand_by_trying(cards)
    assert fast.key == slow.key
    assert len(fast.cards) == 5 and set(fast.cards) <= set(cards)
    assert poker.evaluate(fast.cards).key == fast.key


# -- exact probabilities---------------------------------------------------------------------------
def _small_deck(spec: dict[int, str]) -> list[Card]:
    return [Card(r, LETTER[s]) for r, suits in spec.items() for s in suits]


# Decks small enough to enumerate every hand, with five suits (rainbows), an ace (wheel and
# ace-high straights), a rank in all five suits (five of a kind) and uneven suits per rank.
SMALL_5 = _small_deck(
    {
        1: "smtwl",
        2: "smt",
        3: "wl",
        4: "smw",
        5: "tl",
        6: "sm",
        10: "tw",
        11: "l",
        12: "s",
        13: "mtwl",
    }
)
SMALL_6 = _small_deck({1: "smtwl", 2: "smt", 3: "wl", 4: "smw", 5: "tl", 6: "sm", 13: "tw"})
SMALL_7 = _small_deck({1: "smtwl", 2: "sm", 3: "wl", 4: "sw", 5: "tl", 13: "mt"})


@pytest.mark.parametrize("deck,k", [(SMALL_5, 5), (SMALL_6, 6), (SMALL_7, 7)])
def test_exact_counts_match_enumeration(deck, k):
    """The counting method (rank patterns x suit choices) equals trying every hand."""
    exact = poker.category_counts(deck, k)
    assert exact == poker.enumerate_counts(deck, k)
    assert sum(exact.values()) == comb(len(deck), k)
    assert all(exact[c] for c in ("Rainbow", "Straight", "Full house", "Four of a kind"))


def test_exact_counts_for_the_plain_52_card_deck():
    """Five cards from a plain deck, flushes folded in: the textbook numbers."""
    deck = poker.five_suit_deck(("clubs", "diamonds", "hearts", "spades"))
    counts = poker.category_counts(deck, 5)
    assert counts == {
        "High card": 1_302_540 + 5_108,  # flushes are high cards here
        "Pair": 1_098_240,
        "Two pair": 123_552,
        "Rainbow": 0,
        "Three of a kind": 54_912,
        "Straight": 10_200 + 40,  # straight flushes are straights
        "Full house": 3_744,
        "Four of a kind": 624,
        "Five of a kind": 0,
    }


def test_exact_counts_for_the_five_suit_deck_by_formula():
    """Five cards of the 65-card five-suit deck, each category by its closed formula."""
    counts = poker.category_counts(poker.five_suit_deck(), 5)
    five = 13
    four = 13 * 5 * 12 * 5
    full = 13 * comb(5, 3) * 12 * comb(5, 2)
    straight = 10 * 5**5
    three = 13 * comb(5, 3) * comb(12, 2) * 5 * 5
    # rainbows: a rank for each of the five suits (13^5), less those that make a better hand
    rainbow_all = 13**5
    better = {
        "five": 13,
        "four": comb(5, 4) * 13 * 12,  # four suits share a rank, the fifth another
        "full": comb(5, 3) * 13 * 12,  # three suits one rank, two suits another
        "three": comb(5, 3) * 13 * 12 * 11,  # three suits one rank, two suits two others
        "straight": 10 * 120,  # a straight's ranks spread over the five suits
    }
    rainbow = rainbow_all - sum(better.values())
    assert counts["Five of a kind"] == five
    assert counts["Four of a kind"] == four
    assert counts["Full house"] == full
    assert counts["Straight"] == straight
    assert counts["Three of a kind"] == three
    assert counts["Rainbow"] == rainbow
    assert sum(counts.values()) == comb(65, 5)


def test_rainbow_ranks_by_its_rarity():
    """Where the rainbow ranks (ours): by how rare it is in five cards of the five-suit deck.

    All rainbows (13^5 hands) are rarer than all two-pair hands and commoner than all hands
    with three of a kind."""
    total = comb(65, 5)
    all_rainbows = Fraction(13**5, total)
    all_two_pairs = Fraction(comb(13, 2) * comb(5, 2) ** 2 * 11 * 5, total)
    all_threes = Fraction(13 * comb(5, 3) * comb(12, 2) * 25, total)
    assert all_threes < all_rainbows < all_two_pairs
    assert poker.TWO_PAIR < poker.RAINBOW < poker.THREE


# The five-suit deck's counts as the first counting method gave them (one suit count per
# rank pattern, checked by enumeration on small decks above): a faster count must agree.
FIVE_SUIT_COUNTS = {
    5: {
        "High card": 3_837_385,
        "Pair": 3_403_400,
        "Two pair": 403_260,
        "Rainbow": 350_580,
        "Three of a kind": 214_500,
        "Straight": 31_250,
        "Full house": 15_600,
        "Four of a kind": 3_900,
        "Five of a kind": 13,
    },
    6: {
        "High card": 22_742_125,
        "Pair": 34_542_850,
        "Two pair": 9_286_420,
        "Rainbow": 10_048_980,
        "Three of a kind": 3_575_000,
        "Straight": 1_421_875,
        "Full house": 865_800,
        "Four of a kind": 115_050,
        "Five of a kind": 780,
    },
    7: {
        "High card": 91_926_175,
        "Pair": 234_412_500,
        "Two pair": 127_196_700,
        "Rainbow": 145_936_500,
        "Three of a kind": 39_906_250,
        "Straight": 31_828_125,
        "Full house": 22_737_000,
        "Four of a kind": 2_224_300,
        "Five of a kind": 23_010,
    },
}


@pytest.mark.parametrize("k", [5, 6, 7])
def test_five_suit_deck_counts_are_the_counted_ones(k):
    counts = poker.category_counts(poker.five_suit_deck(), k)
    assert counts == FIVE_SUIT_COUNTS[k]
    assert sum(counts.values()) == comb(65, k)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_probabilities_of_the_five_suit_deck(k):
    """Exact chances for 5, 6 and 7 cards: a distribution, and more cards mean better hands."""
    probs = poker.category_probabilities(poker.five_suit_deck(), k)
    assert sum(probs.values()) == 1
    assert all(isinstance(p, Fraction) for p in probs.values())
    assert probs["Five of a kind"] > 0


def test_more_cards_make_better_hands():
    deck = poker.five_suit_deck()
    p5, p7 = poker.category_probabilities(deck, 5), poker.category_probabilities(deck, 7)
    assert p7["High card"] < p5["High card"]
    for name in poker.CATEGORY_NAMES[3:]:
        assert p7[name] > p5[name]


def test_category_counts_refuses_a_repeated_card():
    with pytest.raises(ValueError):
        poker.category_counts([Card(2, "sun"), Card(2, "sun")], 1)
