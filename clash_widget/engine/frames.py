"""Frame handlers built from tables of action kinds.

Most decision frames offer several kinds of action ("research", "found",
"end"...). An :class:`ActionKind` bundles, for one kind, how to read its
arguments, the ordered named checks, how to list candidates and how to apply
it. :class:`TableFrame` turns a table of them into a frame handler, so the
legal list is always *candidates filtered by the very checks* that explain
refusals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .game import MALFORMED, NOT_NOW, Events, Frame, FrameHandler, Game, State
from .rules import Check, Verdict

Args = Any
Parser = Callable[[State, Frame, Action], Args]
Candidates = Callable[[State, Frame], Iterable[Action]]
Applier = Callable[[State, Frame, Args, Events], None]


@dataclass
class ActionKind:
    kind: str
    parse: Parser
    checks: list[Check]
    candidates: Candidates
    apply: Applier
    label: Callable[[State, Frame, Args], str] | None = None
    category: str = ""
    arity: tuple[int, int] = (0, 0)
    """Fewest and most arguments the action takes; others are malformed."""
    gate: list[Check] = field(default_factory=list)
    """Checks that depend only on the frame (not the arguments); a failed gate
    skips candidate generation for the whole kind."""

    def first_violation(self, state: State, frame: Frame, args: Args) -> Verdict | None:
        for c in self.checks:
            if not c.ok(state, frame, args):
                return Verdict(c.rule)
        return None


class TableFrame(FrameHandler):
    """A frame handler defined by a table of action kinds."""

    def __init__(self, kind: str, table: list[ActionKind], prompt: str = "") -> None:
        self.kind = kind  # type: ignore[misc]
        self.table = {k.kind: k for k in table}
        self._prompt = prompt

    def legal(self, game: Game, state: State, frame: Frame) -> list[Action]:
        out: list[Action] = []
        for spec in self.table.values():
            if any(not g.ok(state, frame, None) for g in spec.gate):
                continue
            for a in spec.candidates(state, frame):
                args = spec.parse(state, frame, a)
                if spec.first_violation(state, frame, args) is None:
                    out.append(a)
        return out

    def check(self, game: Game, state: State, frame: Frame, action: Action) -> Verdict | None:
        spec = self.table.get(action.kind)
        if spec is None:
            known = ", ".join(sorted(self.table))
            return NOT_NOW.refuse(f"now the game expects one of: {known}")
        lo, hi = spec.arity
        if not lo <= len(action.args) <= hi:
            return MALFORMED.refuse(f"{action.kind} takes {lo}-{hi} arguments")
        for g in spec.gate:
            if not g.ok(state, frame, None):
                return Verdict(g.rule)
        args = spec.parse(state, frame, action)
        return spec.first_violation(state, frame, args)

    def apply(self, game: Game, state: State, frame: Frame, action: Action, ev: Events) -> None:
        spec = self.table[action.kind]
        spec.apply(state, frame, spec.parse(state, frame, action), ev)

    def prompt(self, game: Game, state: State, frame: Frame) -> str:
        return self._prompt
