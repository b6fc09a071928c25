"""The bot's random stream for ties, able to skip the draws a choice does not need.

The heuristic breaks ties by adding a draw from its own stream, times 0.01, to every legal
action's score, one draw per action in order. Most actions score far below the best, and
their draw cannot matter; but the stream must still move on by one draw for each, so the
next choice sees the same stream. :meth:`TieBreaks.draws_at` draws only the numbers asked
for and moves the stream on by all of them: the same numbers :meth:`Stream.random` would
give, at a fraction of the cost (a draw per legal action was a tenth of the bot's time).
"""

from __future__ import annotations

from ...engine.rng import Stream

# SplitMix64, as engine.rng draws it: each draw adds GAMMA to the state, then mixes it.
# tests/test_heuristic_ties.py checks these draws are Stream.random's, one for one.
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_TWO_TO_64 = float(1 << 64)


class TieBreaks(Stream):
    """A :class:`Stream` (the same draws from the same seed) that can skip draws."""

    def draws_at(self, wanted: list[int], n: int) -> list[float]:
        """The ``random()`` values the next ``n`` draws would give at the positions
        ``wanted`` (ascending, each below ``n``); the stream moves on by ``n`` draws."""
        start = self._s["rng"]
        out = []
        for i in wanted:
            z = (start + (i + 1) * _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append((z ^ (z >> 31)) / _TWO_TO_64)
        self._s["rng"] = (start + n * _GAMMA) & _MASK
        return out
