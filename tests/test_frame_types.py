"""A type per decision frame (issue 24): each game's state types declare one TypedDict per
handler kind (plus, in Clash of Cultures, one per step the game settles by itself), and the
states random games reach are checked against them by tests/test_state_types.py (the stack is
a list of these records)."""

from __future__ import annotations

from typing import Literal, get_args, get_origin, get_type_hints

import pytest
from test_state_types import TOP, problems

from clash_widget.coc import state_types as coc_types
from clash_widget.engine import Match, get_game
from clash_widget.engine.game import Events
from clash_widget.history import state_types as history_types
from clash_widget.persistence import state_types as persistence_types
from clash_widget.secolo import state_types as secolo_types

FRAMES = {
    "coc": coc_types.CocFrame,
    "secolo": secolo_types.SecoloFrame,
    "persistence": persistence_types.PersistenceFrame,
    "history": history_types.HistoryFrame,
}
# Frames no player is asked about: the game takes these steps itself once they are on top.
SETTLED = {"coc": coc_types.CocStep}


def kinds(union: object) -> dict[str, type]:
    out = {}
    for record in get_args(union):
        (kind,) = get_args(get_type_hints(record)["kind"])
        out[kind] = record
    return out


@pytest.mark.parametrize("game", sorted(FRAMES))
def test_every_frame_kind_has_its_type(game: str) -> None:
    settled = set(kinds(SETTLED[game])) if game in SETTLED else set()
    assert set(kinds(FRAMES[game])) - settled == set(get_game(game).handlers)
    assert not settled & set(get_game(game).handlers)
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


@pytest.mark.parametrize("kind", sorted(kinds(coc_types.CocStep)))
def test_clash_settles_the_frames_nobody_is_asked_about(kind: str) -> None:
    """A status-phase step or the barbarians' raids on top of the stack: the game takes the
    step itself (settle_step), where a decision waits for its player."""
    game = get_game("coc")
    state = Match.new("coc", 2, seed=1).state
    assert not game.settle_step(state, Events())  # the turn frame waits for its player
    record = {"kind": kind, "player": 0} | ({"queue": []} if kind == "barbarian_raid" else {})
    state["stack"].append(record)
    assert problems(state, TOP["coc"]) == []
    assert game.settle_step(state, Events())
    assert all(f is not record for f in state["stack"])


def test_clash_payment_frames_name_every_kind_paid_for() -> None:
    """The payment frame's ``for`` and its paused action's record cover every action that
    registered a payment (coc/paying.py), no more."""
    from clash_widget.coc import paying

    get_game("coc")  # its rule modules register their payments on import
    assert set(get_args(coc_types.PaidFor)) == set(paying._COSTS)
    paused = {get_args(get_type_hints(r)["for"])[0] for r in get_args(coc_types.PaidArgs)}
    assert paused == set(paying._COSTS)
