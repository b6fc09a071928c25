"""Seeded randomness that lives inside the game state.

The whole generator state is one integer stored at ``state["rng"]`` so that a
game record (seed + actions) replays to the identical state, and a JSON dump of
the state carries the generator with it. SplitMix64 is small, fast in pure
Python and statistically good enough for dice and shuffles.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_TWO_TO_64 = float(1 << 64)  # Stream.random's divisor (a tie-break draw per playout step)
_SPAN = 1 << 64  # how many values _next draws from
_LIMITS = {n: _SPAN - _SPAN % n for n in range(1, 64)}
"""``below``'s rejection limit for the small counts drawn from most (a bot's choices, dice),
worked out once (two operations on 65-bit integers at every draw otherwise)."""


def seed_state(seed: int) -> int:
    """Turn any user seed into the generator's starting integer."""
    return (seed * 0x2545F4914F6CDD1D + 0x1234567) & _MASK


def _next(state: MutableMapping[str, Any]) -> int:
    z: int = (state["rng"] + _GAMMA) & _MASK
    state["rng"] = z
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(state: MutableMapping[str, Any], n: int) -> int:
    """A uniform integer in ``range(n)`` (rejection sampling, so unbiased)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = _LIMITS.get(n) or _SPAN - _SPAN % n
    while True:
        x = _next(state)
        if x < limit:
            return x % n


def roll(state: MutableMapping[str, Any], sides: int = 6) -> int:
    """One die roll, 1..sides."""
    return below(state, sides) + 1


def choice(state: MutableMapping[str, Any], items: Sequence[T]) -> T:
    return items[below(state, len(items))]


def shuffle(state: MutableMapping[str, Any], items: list[Any]) -> None:
    """Fisher-Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]


class Stream:
    """A private generator for bots and experiments.

    Bots must not draw from the game's own generator, or a bot's thinking
    would shift the dice of the game itself.
    """

    def __init__(self, seed: int) -> None:
        self._s: dict[str, int] = {"rng": seed_state(seed)}

    def below(self, n: int) -> int:
        return below(self._s, n)

    def choice(self, items: Sequence[T]) -> T:
        """``choice`` on this stream, written out in one function: a bot draws twice an
        action (tests/test_rng.py: the same draws as ``choice`` on the same generator)."""
        n = len(items)
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        s = self._s
        if n == 1:  # every draw is accepted and picks the one item: only the state moves on
            s["rng"] = (s["rng"] + _GAMMA) & _MASK
            return items[0]
        limit = _LIMITS.get(n) or _SPAN - _SPAN % n
        while True:
            z = (s["rng"] + _GAMMA) & _MASK
            s["rng"] = z
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return items[z % n]

    def random(self) -> float:
        return _next(self._s) / _TWO_TO_64

    def draws_at(self, wanted: list[int], n: int) -> list[float]:
        """The :meth:`random` values of the next ``n`` draws at the places ``wanted``
        (ascending, each below ``n``), the stream moved on by all ``n``: a caller that needs
        only a few of a run of draws (a bot's tie-breaks near the best score) skips working
        out the others. SplitMix64's k-th next state is the state plus k steps."""
        start = self._s["rng"]
        out = []
        for i in wanted:
            z = (start + (i + 1) * _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append((z ^ (z >> 31)) / _TWO_TO_64)
        self._s["rng"] = (start + n * _GAMMA) & _MASK
        return out

    def shuffle(self, items: list[Any]) -> None:
        shuffle(self._s, items)
