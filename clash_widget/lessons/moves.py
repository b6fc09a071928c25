"""Lesson helpers every game shares: the decision a game waits for, its legal actions in
words, what a bot would play, and what happened, by kind.

They take a ``Match`` or a widget showing one, so a notebook cell never reaches into the
state: ``decision(m).kind == "shrink"``, ``[c.words for c in choices(m)]``,
``steps(m)[:3] == ["turn", "consult", "consult"]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clash_widget.engine import Match
from clash_widget.engine.actions import Action


def as_match(board_or_match: Any) -> Match:
    """The match itself, or the one a widget shows."""
    return board_or_match if isinstance(board_or_match, Match) else board_or_match.match


def events_of(happened: Any) -> list[dict[str, Any]]:
    """An action's outcome, a match or widget (its whole log), or a list of events."""
    if hasattr(happened, "events"):
        return list(happened.events)
    if isinstance(happened, list):
        return happened
    return list(as_match(happened).log)


def steps(happened: Any) -> list[str]:
    """What happened, one word or two per event ("consult", "no growth"), in order."""
    return [e["kind"].replace("_", " ") for e in events_of(happened)]


@dataclass(frozen=True)
class Decision:
    """The decision the game waits for: its kind ("choose", "shrink"...) and whose it is."""

    kind: str
    player: int


def decision(board_or_match: Any) -> Decision | None:
    """The decision on top of the game's stack (None when nothing is waiting)."""
    stack = as_match(board_or_match).state.get("stack") or []
    if not stack:
        return None
    return Decision(kind=stack[-1]["kind"], player=stack[-1]["player"])


@dataclass(frozen=True)
class Choice:
    """A legal action: the key to play it and the game's words for it."""

    key: str
    words: str


def describe(board_or_match: Any, action: Action | str) -> str:
    """The game's words for an action ("Enter Italy", "Research Pottery")."""
    m = as_match(board_or_match)
    return m.game.describe(m.state, Action.parse(action))


def choices(board_or_match: Any) -> list[Choice]:
    """Every legal action of the player to move, with its words."""
    m = as_match(board_or_match)
    return [Choice(str(a), m.game.describe(m.state, a)) for a in m.legal_actions()]


def bot_choice(bots: list[Any], board_or_match: Any) -> Action:
    """The action the bot of the seat to move picks (``bots`` by seat)."""
    m = as_match(board_or_match)
    if m.current_player is None:
        raise ValueError("the game is over: nobody is to move")
    return bots[m.current_player].choose(m.game, m.state, m.legal_actions())


__all__ = [
    "Choice",
    "Decision",
    "as_match",
    "bot_choice",
    "choices",
    "decision",
    "describe",
    "events_of",
    "steps",
]
