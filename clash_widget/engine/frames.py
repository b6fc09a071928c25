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


@dataclass
class ActionKind:
    kind: str
    parse: Parser
    checks: Sequence[Check]
    """The named checks in order (the first that fails words the refusal); any Check,
    :class:`Explained` ones included."""
    candidates: Candidates
    apply: Applier
    label: str | Callable[[State, Frame, Action], str] | None = None
    """The button's words: a template filled with the action's arguments
    (``"Found a city at {0}"``) or a function of the state, frame and action."""
    category: str = ""
    """The family a type-first bot picks from first (the seven abilities share one)."""
    arity: tuple[int, int] = (0, 0)
    """Fewest and most arguments the action takes; others are malformed."""
    gate: Sequence[Check] = field(default_factory=list)
    """Checks that depend only on the frame (not the arguments); a failed gate
    skips candidate generation for the whole kind."""
    ensured: Sequence[Check] = field(default_factory=list)
    """Checks every candidate passes by construction (the candidate generator
    filters with the same predicates). Listing skips them; :meth:`first_violation`
    still runs them for any action a user sends."""
    usage: str = ""
    """How the action is written (``use: pick <card>``): the refusal's detail when the
    argument count is wrong (else the refusal gives the :attr:`arity`); docs/actions.md
    lists it as the action's grammar."""
    example: str = ""
    """One action key of this kind, for docs/actions.md (a test checks that it reads)."""

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
        self._split()

    def __setattr__(self, name: str, value: Any) -> None:
        global _edits
        if name in _CHECK_LISTS:
            value = tuple(value)  # edited only by assigning anew, which sorts them again
        super().__setattr__(name, value)
        # hasattr, not ``"_rest" in self.__dict__``: reading __dict__ makes it a real dict,
        # and CPython then reads every attribute of the kind the slow way (the listing
        # reads four of them per kind at every position).
        if hasattr(self, "_rest"):  # a kind already made is edited (a test, a variant)
            _edits += 1  # the frames' written-out listings are made again
            if name in _CHECK_LISTS:
                self._split()

    def _split(self) -> None:
        """Sort the checks for listing: those asked once for the whole kind (the gates,
        then the frame-only checks), then those asked per candidate.

        A listing asks the frame-only checks once for the whole kind and the
        others per candidate, leaving out the ``ensured`` ones. Whether a
        candidate passes *every* check does not depend on their order, so the
        legal list is unchanged; a refusal from :meth:`first_violation` still
        names the first broken rule in the table's order.
        """
        self._shut_by = tuple(g.ok for g in self.gate) + tuple(
            c.ok for c in self.checks if c.frame_only
        )
        self._rest = tuple(
            c.ok for c in self.checks if not c.frame_only and all(c is not e for e in self.ensured)
        )

    def first_violation(self, state: State, frame: Frame, args: Args) -> Verdict | None:
        for c in self.checks:
            if not c.ok(state, frame, args):
                return refusal(c, state, frame, args)
        return None

    def admits(self, state: State, frame: Frame, args: Args) -> bool:
        """The listing's test for one of this kind's own candidates (skips ensured checks)."""
        for ok in self._shut_by:
            if not ok(state, frame, args):
                return False
        for ok in self._rest:
            if not ok(state, frame, args):
                return False
        return True

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
        full listing keeps its own loop, the tightest one.)"""
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


_CHECK_LISTS = frozenset(("checks", "gate", "ensured"))
_edits = 0
"""How many times a kind was edited after it was made: a written-out listing
(:func:`written_out`) made before then is made again."""


Guard = Callable[[State, Frame], bool]
"""A cheap first look at a family of kinds: False only where every kind of the family is shut
by its own gates or frame-only checks (so none need be asked)."""


def listed(kinds: Iterable[ActionKind], state: State, frame: Frame) -> list[Action]:
    """The legal actions of ``kinds``, kind after kind (:func:`listed_by` with one group)."""
    return listed_by((("", kinds, None),), state, frame).get("", [])


def listed_by(
    groups: Iterable[tuple[str, Iterable[ActionKind], Guard | None]], state: State, frame: Frame
) -> dict[str, list[Action]]:
    """The legal actions of each group of kinds that has one, under the group's name: each
    kind's candidates that pass its checks, unless a gate or a frame-only check shuts the
    whole kind (or the group's guard, all of them). The one listing loop (a kind's, a
    category's, a frame's), written flat: it runs for every kind at every position."""
    out: dict[str, list[Action]] = {}
    for name, kinds, guard in groups:
        if guard is not None and not guard(state, frame):
            continue
        got: list[Action] = []
        for spec in kinds:
            for ok in spec._shut_by:
                if not ok(state, frame, None):
                    break
            else:
                # Functions kept on the kind are read as attributes, then called: CPython
                # 3.11 cannot specialise ``spec.candidates(...)`` written as a method call.
                rest, make = spec._rest, spec.candidates
                if not rest:
                    got += make(state, frame)
                    continue
                parse = spec.parse
                for a in make(state, frame):
                    args = parse(state, frame, a)
                    for ok in rest:
                        if not ok(state, frame, args):
                            break
                    else:
                        got.append(a)
        if got:
            out[name] = got
    return out


ListingFn = Callable[[State, Frame], dict[str, list[Action]]]


def written_out(groups: Sequence[tuple[str, Sequence[ActionKind], Guard | None]]) -> ListingFn:
    """:func:`listed_by` for these groups of kinds, written out as the source of one function
    and compiled (as :mod:`dataclasses` writes ``__init__``): every guard, check, candidate
    maker and parser is called from a line of its own.

    Why: CPython 3.11 specialises a call site for the one function it keeps calling. In
    :func:`listed_by`'s loop a single ``ok(state, frame, None)`` calls every check of every
    kind in turn and stays generic, and the loop's own steps (iterators, attribute reads)
    cost as much again; a turn of Clash of Cultures lists twenty kinds. The answer is the
    loop's, at every position (tests/test_fast_listing.py compares the two at every position
    of random games of every game).
    """
    names: dict[str, Any] = {}

    def call(obj: Any) -> str:
        key = f"_{len(names)}"
        names[key] = obj
        return key

    lines = ["def listing(state, frame):", "    out = {}"]
    for group, kinds, guard in groups:
        pad = "    "
        if guard is not None:
            lines.append(f"{pad}if {call(guard)}(state, frame):")
            pad += "    "
        lines.append(f"{pad}got = []")
        for spec in kinds:
            at = pad
            if spec._shut_by:
                shut = " and ".join(f"{call(ok)}(state, frame, None)" for ok in spec._shut_by)
                lines.append(f"{at}if {shut}:")
                at += "    "
            make = call(spec.candidates)
            if not spec._rest:
                lines.append(f"{at}got += {make}(state, frame)")
                continue
            rest = " and ".join(f"{call(ok)}(state, frame, args)" for ok in spec._rest)
            lines += [
                f"{at}for a in {make}(state, frame):",
                f"{at}    args = {call(spec.parse)}(state, frame, a)",
                f"{at}    if {rest}:",
                f"{at}        got.append(a)",
            ]
        lines += [f"{pad}if got:", f"{pad}    out[{call(group)}] = got"]
    lines.append("    return out")
    exec("\n".join(lines), names)  # noqa: S102 - our own source, made from our own tables
    listing: ListingFn = names["listing"]
    return listing


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
    """A frame handler defined by a table of action kinds. The table is fixed once the frame
    is made (its listings are written out from it once); a kind of it may be edited (the
    listings are then written out again)."""

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
        self._grouped: dict[type[Game], list[tuple[str, list[ActionKind], Guard | None]]] = {}
        # The listings written out (by category per game, and whole), with the edit count
        # they were made at.
        self._written: dict[type[Game] | None, tuple[int, ListingFn]] = {}

    def _groups(self, game: Game) -> list[tuple[str, list[ActionKind], Guard | None]]:
        """The table's kinds by the game's category of each (sorted; table order within),
        each with its category's guard."""
        groups = self._grouped.get(type(game))
        if groups is None:
            by: dict[str, list[ActionKind]] = {}
            for kind, spec in self.table.items():
                by.setdefault(game.category(Action(kind)), []).append(spec)
            groups = self._grouped[type(game)] = [
                (c, specs, self.guards.get(c)) for c, specs in sorted(by.items())
            ]
        return groups

    def _written_out(self, game: Game | None) -> ListingFn:
        """The listing written out, by category for ``game`` or whole (None)."""
        key = None if game is None else type(game)
        made = self._written.get(key)
        if made is None or made[0] != _edits:
            groups = [("", list(self.table.values()), None)] if game is None else self._groups(game)
            made = self._written[key] = (_edits, written_out(groups))
        return made[1]

    def legal(self, game: Game, state: State, frame: Frame) -> list[Action]:
        made = self._written.get(None)
        listing = made[1] if made is not None and made[0] == _edits else self._written_out(None)
        return listing(state, frame).get("", [])

    def first_legal(self, game: Game, state: State, frame: Frame, n: int) -> list[Action]:
        out: list[Action] = []
        for spec in self.table.values():
            out += spec.first(state, frame, n - len(out))
            if len(out) >= n:
                break
        return out

    def by_category(self, game: Game, state: State, frame: Frame) -> dict[str, list[Action]]:
        """Listed kind by kind, grouped by each kind's category (no look-up per action)."""
        made = self._written.get(type(game))
        listing = made[1] if made is not None and made[0] == _edits else self._written_out(game)
        return listing(state, frame)

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
