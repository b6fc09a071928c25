"""A type per decision frame (issue 24): the games whose state types spell out their frames
declare one TypedDict per handler kind, and the states random games reach are checked against
them by tests/test_state_types.py (the stack is a list of these records)."""

from __future__ import annotations

from typing import Literal, get_args, get_origin, get_type_hints

import pytest
from test_state_types import TOP, problems

from clash_widget.engine import Match, get_game
from clash_widget.history import state_types as history_types
from clash_widget.persistence import state_types as persistence_types
from clash_widget.secolo import state_types as secolo_types

FRAMES = {
    "secolo": secolo_types.SecoloFrame,
    "persistence": persistence_types.PersistenceFrame,
    "history": history_types.HistoryFrame,
}


def kinds(union: object) -> dict[str, type]:
    out = {}
    for record in get_args(union):
        (kind,) = get_args(get_type_hints(record)["kind"])
        out[kind] = record
    return out


@pytest.mark.parametrize("game", sorted(FRAMES))
def test_every_frame_kind_has_its_type(game: str) -> None:
    assert set(kinds(FRAMES[game])) == set(get_game(game).handlers)
    stack = get_type_hints(TOP[game])["stack"]
    assert get_origin(stack) is list and get_args(stack) == (FRAMES[game],)
    assert all(
        get_origin(get_type_hints(r)["kind"]) is Literal for r in kinds(FRAMES[game]).values()
    )


@pytest.mark.parametrize("game", sorted(FRAMES))
def test_the_checker_refuses_a_frame_that_drifts(game: str) -> None:
    state = Match.new(game, 3, seed=1).state
    assert problems(state, TOP[game]) == []
    state["stack"][-1]["surprise"] = 1
    assert problems(state, TOP[game])
    del state["stack"][-1]["surprise"]
    state["stack"][-1]["kind"] = "no-such-frame"
    assert problems(state, TOP[game])
