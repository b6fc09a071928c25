"""One bot seeding for every table (issue 24): a self-play game and the same game in a
widget's session seat the same bots, so they play the same moves to the same end."""

from __future__ import annotations

import pytest

from clash_widget.engine.registry import GAMES as REGISTERED
from clash_widget.engine.session import Session, bot_seed
from clash_widget.lab.one_game import play_game, play_match, seat_bots

GAMES = list(REGISTERED)  # every game of the catalogue


@pytest.mark.parametrize("game", GAMES)
def test_self_play_and_a_session_play_the_same_game(game: str) -> None:
    bots = ["random", "heuristic"]
    result = play_game(game, 2, 5, bots)
    session = Session.new(game, 2, 5, bots=bots)
    session.run(max_actions=result.actions + 1)
    assert session.match.is_over and result.finished
    assert len(session.match.actions) == result.actions
    assert session.match.state_hash() == result.final_hash


def test_seats_are_seeded_by_the_one_formula() -> None:
    bots = seat_bots("secolo", 3, 11, ["random"])
    session = Session.new("secolo", 3, 11, bots=["random"] * 3)
    for seat, bot in enumerate(bots):
        mine = session.bot(seat)
        assert mine is not None
        assert bot.rng.below(1 << 30) == mine.rng.below(1 << 30)  # type: ignore[attr-defined]
    assert len({bot_seed(11, s) for s in range(3)}) == 3  # every seat its own stream


def test_play_match_stops_at_its_step_cap() -> None:
    with pytest.raises(RuntimeError, match="no end after 5 actions"):
        play_match("persistence", 2, 1, ["random"], max_steps=5)
    assert play_match("persistence", 2, 1, ["random"]).is_over
