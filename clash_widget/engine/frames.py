"""Frame handlers built from tables of action kinds.

Most decision frames offer several kinds of action ("research", "found",
"end"...). An :class:`ActionKind` bundles, for one kind, how to read its
arguments, the ordered named checks, how to list candidates and how to apply
it. :class:`TableFrame` turns a table of them into a frame handler, so the
legal list is always *candidates filtered by the very checks* that explain
refusals. A check wrapped with :func:`explained` adds specifics (which card,
which city) to its refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, MalformedAction
from .game import MALFORMED, NOT_NOW, Events, Frame, FrameHandler, Game, State
from .rules import Check, Verdict

Args = Any
Parser = Callable[[State, Frame, Action], Args]
Candidates = Callable[[State, Frame], Iterable[Action]]
Applier = Callable[[State, Frame, Args, Events], None]
Detail = Callable[[State, Frame, Args], str]
Prompt = str | Callable[[State, Frame], str]
Predicate = Callable[[State, Frame, Args], bool]


@dataclass(frozen=True)
class Explained(Check):
    """A check whose refusal adds specifics (which card, which city) to the rule's reason."""

    detail: Detail | None = None


def explained(detail: Detail) -> Callable[[Check], Explained]:
    """Decorator (above ``RuleBook.check``): word a refusal's specifics from the arguments."""

    def wrap(c: Check) -> Explained:
        return Explained(c.rule, c.ok, c.frame_only, detail)

    return wrap


def refusal(c: Check, state: State, frame: Frame, args: Args) -> Verdict:
    """The verdict of a failed check, with its specifics when it has any."""
    if isinstance(c, Explained) and c.detail is not None:
        return Verdict(c.rule, c.detail(state, frame, args), state.get("options"))
    return Verdict(c.rule, options=state.get("options"))


def fixed(*actions: Action) -> Candidates:
    """Candidates that never change (``done``, ``end``...): built once, shared (immutable)."""
    return lambda state, frame: actions


def frame_options(kind: str) -> Candidates:
    """Candidates of a decision that lists its answers in ``frame["options"]``: ``kind <option>``
    each (which ship sails, how to pay)."""
    return lambda state, frame: [Action(kind, (str(option),)) for option in frame["options"]]


@dataclass(frozen=True)
class ActionKind:
    kind: str
    parse: Parser
    checks: Sequence[Check]
    """The named checks in order (the first that fails words the refusal); any Check,
    :class:`Explained` ones included."""
    candidates: Candidates
    """The fast definition: the actions the listing asks the checks about (it may leave out,
    by construction, what an :attr:`ensured` check would refuse)."""
    apply: Applier
    label: str | Callable[[State, Frame, Action], str] | None = None
    """The button's words: a template filled with the action's arguments
    (``"Found a city at {0}"``) or a function of the state, frame and action."""
    category: str = ""
    """The family a type-first bot picks from first (the seven abilities share one)."""
    arity: tuple[int, int] = (0, 0)
    """Fewest and most arguments the action takes; others are malformed."""
    gate: Sequence[Check] = ()
    """Checks that depend only on the frame (not the arguments); a failed gate
    skips candidate generation for the whole kind."""
    ensured: Sequence[Check] = ()
    """Checks every candidate passes by construction (the candidate generator
    filters with the same predicates). Listing skips them; :meth:`first_violation`
    still runs them for any action a user sends. A kind that ensures any check gives its
    :attr:`wide` definition."""
    usage: str = ""
    """How the action is written (``use: pick <card>``): the refusal's detail when the
    argument count is wrong (else the refusal gives the :attr:`arity`); docs/actions.md
    lists it as the action's grammar."""
    example: str = ""
    """One action key of this kind, for docs/actions.md (a test checks that it reads)."""
    wide: Candidates | None = None
    """The wide definition: every action of this kind that could be legal here, by a
    generator plainly complete (every card held, every hex of the board, every group
    shape), filtered by nothing but the checks. None: :attr:`candidates` ask no check
    themselves (nothing is :attr:`ensured`) and are the wide definition too. The
    conformance check (:mod:`.conformance`) holds the fast listing to it."""
    _shut_by: tuple[Predicate, ...] = field(default=(), init=False, repr=False, compare=False)
    """The gates' and frame-only checks' predicates, asked once for the kind (set from the
    checks when the kind is made)."""
    _rest: tuple[Predicate, ...] = field(default=(), init=False, repr=False, compare=False)
    """The other checks' predicates but the ensured ones, asked per candidate."""
    _plan: tuple[
        Predicate | None, tuple[Predicate, ...], tuple[Predicate, ...], Candidates, Parser
    ] = field(
        default=(None, (), (), fixed(), lambda s, f, a: None),
        init=False,
        repr=False,
        compare=False,
    )
    """What the listing loop reads of the kind, in one tuple: the first of ``_shut_by`` (None
    if none) and the others, ``_rest``, the candidates and the parser (one attribute read a
    kind instead of four, at every listing; the first predicate apart, so that no iterator
    is made for a kind asked one or none)."""

    def describe(self, state: State, frame: Frame, action: Action) -> str:
        """The action in plain words (falls back to its key if the label cannot read it)."""
        lab = self.label
        if lab is None:
            return str(action)
        try:
            return lab.format(*action.args) if isinstance(lab, str) else lab(state, frame, action)
        except (ValueError, KeyError, IndexError, TypeError):
            return str(action)

    def __post_init__(self) -> None:
        """Keep the check lists as tuples and sort them for listing: those asked once for
        the whole kind (the gates, then the frame-only checks), then those asked per
        candidate.

        A listing asks the frame-only checks once for the whole kind and the
        others per candidate, leaving out the ``ensured`` ones. Whether a
        candidate passes *every* check does not depend on their order, so the
        legal list is unchanged; a refusal from :meth:`first_violation` still
        names the first broken rule in the table's order.
        """
        put = object.__setattr__  # frozen: these are set once, here
        for name in ("checks", "gate", "ensured"):
            put(self, name, tuple(getattr(self, name)))
        put(
            self,
            "_shut_by",
            tuple(g.ok for g in self.gate) + tuple(c.ok for c in self.checks if c.frame_only),
        )
        put(
            self,
            "_rest",
            tuple(
                c.ok
                for c in self.checks
                if not c.frame_only and all(c is not e for e in self.ensured)
            ),
        )
        shut = self._shut_by
        first = shut[0] if shut else None
        put(self, "_plan", (first, shut[1:], self._rest, self.candidates, self.parse))

    def wide_candidates(self, state: State, frame: Frame) -> Iterable[Action]:
        """The wide definition's candidates (:attr:`wide`, else :attr:`candidates`)."""
        return (self.wide or self.candidates)(state, frame)

    def first_violation(self, state: State, frame: Frame, args: Args) -> Verdict | None:
        for c in self.checks:
            if not c.ok(state, frame, args):
                return refusal(c, state, frame, args)
        return None

    def _shut(self, state: State, frame: Frame) -> bool:
        """Whether a gate or a leading (frame-only) check closes this kind at this frame,
        so that no candidate need be made."""
        for ok in self._shut_by:
            if not ok(state, frame, None):
                return True
        return False

    def legal(self, state: State, frame: Frame) -> list[Action]:
        """The candidates that pass every gate and check, in candidate order."""
        return listed((self,), state, frame)

    def first(self, state: State, frame: Frame, n: int) -> list[Action]:
        """The first ``n`` actions of :meth:`legal` (all if fewer), by the same gates and
        checks, stopping there: "is there a second answer?" needs no full listing. (The
        full listing, :func:`listed_by`, is the same loop without the stop.)"""
        if self._shut(state, frame):
            return []
        rest, parse = self._rest, self.parse
        out: list[Action] = []
        for a in self.candidates(state, frame):
            if rest:
                args = parse(state, frame, a)
                for ok in rest:
                    if not ok(state, frame, args):
                        break
                else:
                    out.append(a)
            else:
                out.append(a)
            if len(out) >= n:
                break
        return out

    def any_legal(self, state: State, frame: Frame) -> bool:
        """Whether :meth:`legal` lists anything (stops at the first action it finds)."""
        return bool(self.first(state, frame, 1))


Guard = Callable[[State, Frame], bool]
"""A cheap first look at a family of kinds: False only where every kind of the family is shut
by its own gates or frame-only checks (so none need be asked)."""
_Group = tuple[str, list[ActionKind], Guard | None]


def listed(kinds: Iterable[ActionKind], state: State, frame: Frame) -> list[Action]:
    """The legal actions of ``kinds``, kind after kind (:func:`listed_by` with one group)."""
    return listed_by((("", kinds, None),), state, frame).get("", [])


def _open(shut: tuple[Predicate, ...], state: State, frame: Frame) -> bool:
    """Whether every one of ``shut`` (a kind's shutting predicates after its first) passes."""
    for ok in shut:
        if not ok(state, frame, None):
            return False
    return True


def listed_by(
    groups: Iterable[tuple[str, Iterable[ActionKind], Guard | None]], state: State, frame: Frame
) -> dict[str, list[Action]]:
    """The legal actions of each group of kinds that has one, under the group's name: each
    kind's candidates that pass its checks, unless a gate or a frame-only check shuts the
    whole kind (or the group's guard, all of them). The one listing loop (a kind's, a
    category's, a frame's), written flat: it runs for every kind at every position."""
    out: dict[str, list[Action]] = {}
    got: list[Action] = []  # a new list only once a group has listed something
    for name, kinds, guard in groups:
        if guard is not None and not guard(state, frame):
            continue
        for spec in kinds:
            # Functions kept on the kind are read from its plan, then called: CPython 3.11
            # cannot specialise ``spec.candidates(...)`` written as a method call. The first
            # shutting predicate is asked apart: a loop over a tuple makes an iterator, and
            # most kinds have one or none (or are shut by the first).
            first, more, rest, make, parse = spec._plan
            if first is not None:
                if not first(state, frame, None):
                    continue
                if more and not _open(more, state, frame):
                    continue
            if not rest:
                got += make(state, frame)
                continue
            for a in make(state, frame):
                args = parse(state, frame, a)
                for ok in rest:
                    if not ok(state, frame, args):
                        break
                else:
                    got.append(a)
        if got:
            out[name] = got
            got = []
    return out


def bare(
    kind: str,
    apply: Applier,
    *,
    label: str | None = None,
    checks: Iterable[Check] = (),
    category: str = "",
) -> ActionKind:
    """An action written as its name alone (``end``, ``done``, ``pass``): one candidate."""
    return ActionKind(
        kind,
        lambda state, frame, action: None,
        list(checks),
        fixed(Action(kind)),
        apply,
        label=label,
        category=category or kind,
        usage=kind,
        example=kind,
    )


class TableFrame(FrameHandler):
    """A frame handler defined by a table of action kinds (a kind is frozen; the table is
    read at every listing, so a test may hand the frame a changed table)."""

    def __init__(
        self,
        kind: str,
        table: list[ActionKind],
        prompt: Prompt = "",
        *,
        not_now: str = "",
        guards: Mapping[str, Guard] | None = None,
    ) -> None:
        """``prompt`` is the text, or a function worded from the state and the frame;
        ``not_now`` words the refusal of another kind of action (``{kind}`` names it;
        default: the kinds the frame expects); ``guards``: a :data:`Guard` for a category
        whose kinds are nearly always shut, asked first when listing by category."""
        self.kind = kind  # type: ignore[misc]
        self.table = {k.kind: k for k in table}
        self._prompt = prompt
        self._not_now = not_now
        self.guards = dict(guards or {})
        # The table's kinds grouped by each game's categories, with the table they were
        # grouped from (grouped again if the frame is handed another table).
        self._grouped: dict[type[Game], tuple[dict[str, ActionKind], list[_Group]]] = {}

    def _groups(self, game: Game) -> list[_Group]:
        """The table's kinds by the game's category of each (sorted; table order within),
        each with its category's guard."""
        made = self._grouped.get(type(game))
        if made is not None and made[0] is self.table:
            return made[1]
        by: dict[str, list[ActionKind]] = {}
        for kind, spec in self.table.items():
            by.setdefault(game.category(Action(kind)), []).append(spec)
        groups = [(c, specs, self.guards.get(c)) for c, specs in sorted(by.items())]
        self._grouped[type(game)] = (self.table, groups)
        return groups

    def legal(self, game: Game, state: State, frame: Frame) -> list[Action]:
        return listed(self.table.values(), state, frame)

    def first(self, game: Game, state: State, frame: Frame, n: int) -> list[Action]:
        out: list[Action] = []
        for spec in self.table.values():
            out += spec.first(state, frame, n - len(out))
            if len(out) >= n:
                break
        return out

    def by_category(self, game: Game, state: State, frame: Frame) -> dict[str, list[Action]]:
        """Listed kind by kind, grouped by each kind's category (no look-up per action)."""
        made = self._grouped.get(type(game))  # _groups(game), its common case written out
        if made is not None and made[0] is self.table:
            return listed_by(made[1], state, frame)
        return listed_by(self._groups(game), state, frame)

    def check(self, game: Game, state: State, frame: Frame, action: Action) -> Verdict | None:
        spec = self.table.get(action.kind)
        if spec is None:
            if self._not_now:
                return NOT_NOW.refuse(self._not_now.format(kind=action.kind))
            prompt = self.prompt(game, state, frame)
            return NOT_NOW.refuse(f"now: {prompt}" if prompt else "not at this point")
        lo, hi = spec.arity
        if not lo <= len(action.args) <= hi:
            if spec.usage:
                return MALFORMED.refuse(f"{action}: it is written {spec.usage}")
            return MALFORMED.refuse(f"{action.kind} takes {lo}-{hi} arguments")
        for g in spec.gate:
            if not g.ok(state, frame, None):
                return refusal(g, state, frame, None)
        try:
            args = spec.parse(state, frame, action)
        except MalformedAction as exc:  # the game's own words for what is wrong
            return MALFORMED.refuse(f"{action}: {exc}")
        return spec.first_violation(state, frame, args)

    def apply(self, game: Game, state: State, frame: Frame, action: Action, ev: Events) -> None:
        spec = self.table[action.kind]
        apply, parse = spec.apply, spec.parse  # attributes, then calls (see listed_by)
        apply(state, frame, parse(state, frame, action), ev)

    def prompt(self, game: Game, state: State, frame: Frame) -> str:
        p = self._prompt
        return p if isinstance(p, str) else p(state, frame)


def actions_markdown(games: Iterable[Game]) -> str:
    """docs/actions.md: every decision frame of each game, with the grammar and an example
    of each action kind that answers it (from the ActionKind records themselves)."""
    lines = [
        "# Action keys",
        "",
        "Generated from the code by `python -m clash_widget actions --write docs/actions.md`;",
        "do not edit by hand. Every click on a board sends one of these keys, and every key",
        "can be played from Python (`board.play(key)`, `match.play(key)`).",
        "",
    ]
    for game in games:
        lines += [f"## {game.title}", ""]
        for name, handler in sorted(game.handlers.items()):
            table = getattr(handler, "table", None)
            if not table:
                continue
            prompt = handler._prompt if isinstance(handler, TableFrame) else ""
            lines += [f"### `{name}`", ""]
            if isinstance(prompt, str) and prompt:
                lines += [f"*{prompt}*", ""]
            lines += ["| key | written | example |", "|---|---|---|"]
            for kind, spec in table.items():
                usage = (spec.usage or kind).replace("|", "\\|")
                example = f"`{spec.example}`" if spec.example else ""
                lines.append(f"| `{kind}` | `{usage}` | {example} |")
            lines.append("")
    return "\n".join(lines)
