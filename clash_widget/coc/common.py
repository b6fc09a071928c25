"""Checks and helpers shared by several rule modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.game import Frame, State
from .rulebook import RULES


def me(state: State, frame: Mapping[str, Any]) -> dict[str, Any]:
    """The deciding player's record (``frame``: any frame, a plain dict or a typed record)."""
    return state["players"][frame["player"]]


def spend_action(state: State) -> None:
    state["turn"]["actions"] -= 1


def used_once(state: State, frame: Mapping[str, Any], ability: str) -> bool:
    return ability in me(state, frame)["once"]


def mark_once(state: State, frame: Mapping[str, Any], ability: str) -> None:
    me(state, frame)["once"].append(ability)


def bump_stat(state: State, kind: str, n: int = 1) -> None:
    stats = state["stats"]
    stats[kind] = stats.get(kind, 0) + n


@RULES.check(
    "turn.actions-left",
    "You have used all your actions this turn ({actions_per_turn} a turn); end your turn or use "
    "a free ability.",
    "Primer: Actions (Summary)",
    frame_only=True,
)
def actions_left(state: State, frame: Frame, args: Any) -> bool:
    return state["turn"]["actions"] > 0
