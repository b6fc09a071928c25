"""The conformance check: the fast listing is the wide definition filtered by the checks.

Every action kind has two definitions of its legal actions (:class:`~.frames.ActionKind`):

- the **wide** one: a candidate generator plainly complete (every card held, every hex of
  the board, every group shape...), each candidate asked *every* check, as a user's action
  is (:meth:`.game.Game.check`);
- the **fast** one: the listing (:meth:`.game.Game.legal_actions`), whose candidate
  generators may leave out by construction what an ``ensured`` check would refuse, and so
  skip asking it.

:func:`difference` compares the two at one position, kind by kind, as sets, and names the
first difference: the kind, the position, the action, and the check that disagrees. One
check for every kind of every game (tests/test_conformance.py runs it at every position of
random and heuristic games; ``selfplay --verify`` at every Nth position of its games).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .actions import Action
from .frames import TableFrame
from .game import Game, State, waiting


@dataclass(frozen=True)
class Difference:
    """Where the fast listing and the wide definition disagree."""

    kind: str
    frame: str
    version: int
    player: int
    action: Action
    listed: bool
    """True: the fast listing lists the action; False: it leaves it out."""
    check: str
    """The check that disagrees: the rule that refuses a listed action, or why a left-out
    one counts as legal."""

    def __str__(self) -> str:
        at = f"frame {self.frame!r} at version {self.version}, seat {self.player}"
        if self.listed:
            return f"kind {self.kind!r}, {at}: listed {self.action} but {self.check}"
        return f"kind {self.kind!r}, {at}: left out {self.action}, which {self.check}"


def difference(game: Game, state: State, kinds: Collection[str] | None = None) -> Difference | None:
    """The first difference between the fast listing of ``state`` and its wide definition
    filtered by every check; None when they are the same set, kind by kind (``kinds``: only
    these kinds of the waiting frame).

    Pure: it reads the state and changes nothing (the checks and generators are pure)."""
    frame = waiting(state)
    if frame is None:
        return None
    handler = game.handlers[frame["kind"]]
    if not isinstance(handler, TableFrame):  # every frame of the four games is one
        return None
    fast = game.legal_actions(state)

    def at(kind: str, action: Action, listed: bool, check: str) -> Difference:
        return Difference(
            kind, frame["kind"], int(state.get("version", 0)), frame["player"], action,
            listed, check,
        )  # fmt: skip

    seen: set[Action] = set()
    for a in fast:
        if a in seen:
            return at(a.kind, a, True, "it is listed twice")
        seen.add(a)
        if a.kind not in handler.table:
            return at(a.kind, a, True, "the frame has no such kind")
    for kind, spec in handler.table.items():
        if kinds is not None and kind not in kinds:
            continue
        wide = set(spec.wide_candidates(state, frame))
        listed = {a for a in fast if a.kind == kind}
        for a in listed:
            verdict = game.check(state, a)
            if verdict is not None:
                return at(kind, a, True, f"the check {verdict.rule_id} refuses it")
            if a not in wide:
                return at(kind, a, True, "the wide definition leaves out this legal action")
        for a in sorted(wide - listed):
            if a.kind != kind:
                return at(kind, a, False, f"is not of this kind ({a.kind!r})")
            if game.check(state, a) is None:
                return at(kind, a, False, "every check admits (the fast generator drops it)")
    return None
