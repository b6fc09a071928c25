"""The seeded generator: a bot's draw written out in one function gives the same numbers."""

import pytest

from clash_widget.engine import rng
from clash_widget.engine.rng import Stream


@pytest.mark.parametrize("seed", [0, 1, 27, 2**40 + 3])
def test_stream_choice_draws_as_choice_on_the_same_generator(seed):
    """``Stream.choice`` is ``rng.choice`` on the stream's own state: the same item and the
    same generator state after it, for lists of every length (rejection included)."""
    fast, plain = Stream(seed), {"rng": rng.seed_state(seed)}
    for n in list(range(1, 70)) + [2**62 + 1, 3 * 2**61]:  # the last two reject a quarter
        items = range(n)
        for _ in range(20):
            assert fast.choice(items) == rng.choice(plain, items)
            assert fast._s == plain


def test_stream_choice_of_nothing_is_refused_like_below():
    with pytest.raises(ValueError, match="positive bound"):
        Stream(1).choice([])
    with pytest.raises(ValueError, match="positive bound"):
        rng.choice({"rng": 1}, [])
