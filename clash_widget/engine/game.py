"""The game protocol every game system of clash_widget implements.

A game is a stateless definition object (rules, content, frame handlers); all
mutable data lives in a JSON-shaped ``state`` dict. Pending decisions are a
stack of *decision frames* in ``state["stack"]``: the top frame says who
decides now and which handler lists, checks and applies the answers. Turns,
sub-choices (which hexes to collect from), other players' reactions (a Special
card played against an attack) and status-phase chores are all frames, so
bots, notebooks and the widget drive every game the same way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping
from dataclasses import Field, asdict, dataclass, field, fields, replace
from functools import cache
from typing import Any, ClassVar, final

from .actions import Action, MalformedAction
from .listing import Listing
from .reading import OPEN_BLOCK, STATE
from .rules import RuleBook, Verdict
from .seats import joined
from .seats import name as seat_name

State = dict[str, Any]
Frame = dict[str, Any]
Event = dict[str, Any]

KERNEL_RULES = RuleBook("engine")
GAME_OVER = KERNEL_RULES.rule(
    "engine.game-over", "The game is over; no more actions can be taken.", "Engine", source="ours"
)
NOT_NOW = KERNEL_RULES.rule(
    "engine.not-now",
    "That kind of action does not answer the decision the game is waiting for.",
    "Engine",
    source="ours",
)
MALFORMED = KERNEL_RULES.rule(
    "engine.malformed",
    "The action could not be read (wrong shape or unknown values).",
    "Engine",
    source="ours",
)
BAD_OPTION = KERNEL_RULES.rule(
    "engine.bad-option",
    "A rules option has a value of the wrong kind or outside the range the game allows.",
    "Engine",
    source="ours",
)
STALE = KERNEL_RULES.rule(
    "engine.stale",
    "The action was chosen on an older position; the game has moved on since.",
    "Engine",
    source="ours",
)


def stale(sent: int | None, now: int) -> Verdict | None:
    """The one stale-version check: an action or intent ``sent`` at another version than
    ``now`` is refused (``None``: sent without a version, from code)."""
    if sent is None or sent == now:
        return None
    return STALE.refuse(f"sent at version {sent}, now {now}")


SETTLE_CAP = 10_000
"""Most automatic steps one action may set off; more means the rules loop (a bug)."""


class Events(list[Event]):
    """The events one step caused, in order, for the log and the widget."""

    # The engine's listing service (no game reads or writes the first two): a caller of
    # :meth:`Game.apply` that will list the resting position asks for ``list_rest``, and
    # the engine hands on, in ``listed``, the listing settling made of it anyway.
    list_rest: bool = False
    """Asked by :meth:`Game.apply`'s caller: while settling, a decision with one answer is
    looked for in the full listing (not only up to a second answer), and the listing the
    last automatic step made of the resting position is kept in :attr:`listed`."""
    listed: list[Action] | None = None
    """The legal actions of the position the step came to rest at, when the last
    automatic step listed them (see :attr:`list_rest`); else None."""
    restores_previous: bool = False
    """Set by the rules when this action undid everything the action played just before it
    did (a declined trade offer): the position is again the one that action was played at,
    so its legal actions are those listed there (:meth:`.match.Match.play` hands them on)."""

    def emit(self, kind: str, text: str, **data: Any) -> Event:
        ev = {"kind": kind, "text": text, **data}
        self.append(ev)
        return ev


def waiting(state: State) -> Frame | None:
    """The frame a decision waits at: the top of the stack, None once the game is over."""
    stack = state["stack"]
    return stack[-1] if stack and not state.get("over") else None


class FrameHandler:
    """Behaviour of one kind of decision frame."""

    kind: ClassVar[str] = ""

    def legal(self, game: Game, state: State, frame: Frame) -> list[Action]:
        raise NotImplementedError

    def first(self, game: Game, state: State, frame: Frame, n: int) -> list[Action]:
        """The first ``n`` actions of :meth:`legal` (all of them if fewer): enough to tell
        whether a decision has one answer without listing every other one."""
        return self.legal(game, state, frame)[:n]

    def by_category(self, game: Game, state: State, frame: Frame) -> dict[str, list[Action]]:
        """:meth:`legal`'s actions grouped by :meth:`Game.category`: the categories sorted,
        each one's actions in :meth:`legal`'s order."""
        groups: dict[str, list[Action]] = {}
        for a in self.legal(game, state, frame):
            groups.setdefault(game.category(a), []).append(a)
        return {c: groups[c] for c in sorted(groups)}

    def check(self, game: Game, state: State, frame: Frame, action: Action) -> Verdict | None:
        raise NotImplementedError

    def apply(self, game: Game, state: State, frame: Frame, action: Action, ev: Events) -> None:
        raise NotImplementedError

    def prompt(self, game: Game, state: State, frame: Frame) -> str:
        return ""


class OptionError(ValueError):
    """A rules option of the wrong kind or out of its declared range (rule ``engine.bad-option``).

    ``name`` is the option's name and ``allowed`` its range in words, so a server or a form can
    say exactly which setting to change."""

    def __init__(self, name: str, allowed: str, value: Any) -> None:
        super().__init__(f"the option {name} is {allowed}, not {value!r}")
        self.name, self.allowed, self.value = name, allowed, value

    def verdict(self) -> Verdict:
        return BAD_OPTION.refuse(str(self))


def ranged(default: int, low: int, high: int) -> Any:
    """A whole-number option and the range a game allows it (checked by :class:`Options`).

    Every number a variant may set has an upper bound too: a server must not let one room's
    setting (a million dice a battle) stall every other room."""
    return field(default=default, metadata={"range": (low, high)})


def one_of(default: str, *choices: str) -> Any:
    """A worded option and the words it may take."""
    return field(default=default, metadata={"choices": (default, *choices)})


def allowed(f: Field[Any]) -> str:
    """An option's kind and range in words: "a whole number from 1 to 10", "on or off"..."""
    kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
    if kind == "bool":
        return "on or off (true or false)"
    if kind == "int":
        low, high = f.metadata["range"]
        return f"a whole number from {low} to {high}"
    if kind == "str" and "choices" in f.metadata:
        return "one of " + ", ".join(f.metadata["choices"])
    return f"a {kind}"


def check_option(f: Field[Any], value: Any) -> None:
    """Raise :class:`OptionError` unless ``value`` is of ``f``'s kind and in its range."""
    kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
    if kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "int":
        if "range" not in f.metadata:  # a game's own mistake, not a player's
            raise TypeError(f"the option {f.name} declares no range: ranged(default, low, high)")
        low, high = f.metadata["range"]
        ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    elif kind == "str":
        ok = isinstance(value, str) and value in f.metadata.get("choices", (value,))
    else:
        ok = True
    if not ok:
        raise OptionError(f.name, allowed(f), value)


@dataclass(frozen=True)
class Options:
    """Base for a game's rules options: every number the rules give, as data.

    Every option declares its kind (its annotation) and, for numbers, its range
    (:func:`ranged`), for words, its choices (:func:`one_of`): the one place that says what a
    variant may set, checked whenever options are made (a game, the lab, a widget, a server).
    """

    def __post_init__(self) -> None:
        for f in fields(self):
            check_option(f, getattr(self, f.name))

    def with_changes(self, **changes: Any) -> Options:
        unknown = set(changes).difference(_field_names(type(self)))
        if unknown:
            raise TypeError(f"unknown rules option(s): {', '.join(sorted(unknown))}")
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as a new dict (a game's state keeps it and may be changed).

        Every game's options are flat (numbers, words, switches): read field by field,
        which gives what ``asdict`` gives without its recursive copy of every value."""
        out = {name: getattr(self, name) for name in _field_names(type(self))}
        if all(type(v) in _SCALARS for v in out.values()):
            return out
        return asdict(self)

    @classmethod
    def parse_value(cls, name: str, text: str) -> Any:
        """Convert CLI text (``name=value``) to the option's type."""
        for f in fields(cls):
            if f.name == name:
                kind = f.type if isinstance(f.type, str) else f.type.__name__
                if kind == "bool":
                    return text.lower() in ("1", "true", "yes", "on")
                if kind == "int":
                    return int(text)
                if kind == "float":
                    return float(text)
                return text
        raise TypeError(f"unknown rules option: {name}")


_SCALARS = frozenset((bool, int, float, str, type(None)))


_FIELD_NAMES: dict[type[Options], tuple[str, ...]] = {}
_STANDARD: dict[type[Options], Options] = {}


def _field_names(options_class: type[Options]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(options_class)
    if names is None:
        names = _FIELD_NAMES[options_class] = tuple(f.name for f in fields(options_class))
    return names


def standard_options(options_class: type[Options]) -> Options:
    """A game's standard options, made (and checked by their ``__post_init__``) once per
    class: options are frozen, so every new game may share the one value."""
    standard = _STANDARD.get(options_class)
    if standard is None:
        standard = _STANDARD[options_class] = options_class()
    return standard


@dataclass(frozen=True)
class Mechanic:
    """One part of a game's rules that a self-play game either used or not.

    Counted by the lab from the game's own log: events of ``kind`` (whose text contains ``marker``,
    when one is given). ``target``: the lab expects bots that play the whole game to
    use it in at least half of the games; the others are only reported.
    """

    name: str
    kind: str
    marker: str = ""
    target: bool = True


CATALOGUE: Mapping[str, Any] = {}
"""Game id -> its spec: the catalogue (:data:`.registry.GAMES`) hands itself in here, so that
this module, which the catalogue imports, needs no import of its own."""


class Game(ABC):
    """A game definition. Subclasses fill in setup, handlers, view and scoring.

    **The protocol.** A game writes its class variables (``name``, ``title``,
    ``min_players``, ``max_players``, ``rules``, ``options_class``, ``handlers``; optionally
    ``settles_at``) and at most these fifteen methods: :meth:`new_state`, :meth:`scores` and
    :meth:`view` (required), :meth:`settle_step`, :meth:`opening_events`,
    :meth:`name_seats`, :meth:`prompt`, :meth:`category`, :meth:`score_breakdown`,
    :meth:`evaluate`, :meth:`describe`, :meth:`hidden_count`, :meth:`upgrade_position`,
    :meth:`invariants` and :meth:`determinize`. Every other method is the engine's and
    marked ``@final``: mypy refuses a game that overrides one (tests/test_protocol_final.py).
    What the lab and the benchmarks need (``mechanics``, ``bench_players``) is on the
    game's :class:`~.spec.GameSpec`.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules: ClassVar[RuleBook]
    options_class: ClassVar[type[Options]]
    handlers: ClassVar[dict[str, FrameHandler]]
    settles_at: ClassVar[frozenset[str] | None] = None
    """The frame kinds at which :meth:`settle_step` may take a step, when a game names them:
    with any other frame on top the position is at rest and :meth:`settle` stops at once,
    without asking (None: settle_step is asked after every action)."""

    @property
    @final
    def bench_players(self) -> int:
        """Its spec's :attr:`~.spec.GameSpec.bench_players` (the lab's metadata is the
        spec's; read here too, as the pinned games of tests/test_same_games.py read it)."""
        spec: Any = CATALOGUE[self.name]
        return int(spec.bench_players)

    # -- setup -----------------------------------------------------------
    @abstractmethod
    def new_state(self, players: int, seed: int, options: Options) -> State: ...

    def opening_events(self, state: State) -> list[Event]:
        """What the set-up of a new game did in the open, as the log's first lines (read
        after the seats are named, so the words name the players). None by default."""
        return []

    @final
    def check_players(self, players: int) -> None:
        """Refuse a player count this game does not take (a match or a scenario being set up)."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title} takes {self.min_players}-{self.max_players} players")

    def name_seats(self, state: State, names: list[str]) -> None:
        """Give a new game's seats their players' names (``engine.seats`` reads them).

        A game that also keeps a name per player in its own state overrides this."""
        state["names"] = list(names)

    @final
    def options_from(self, raw: dict[str, Any] | Options | None) -> Options:
        if isinstance(raw, Options):
            return raw
        standard = standard_options(self.options_class)
        return standard.with_changes(**raw) if raw else standard

    @final
    def options_of(self, state: State) -> Options:
        return self.options_class(**state["options"])

    # -- who decides -----------------------------------------------------
    # The stack and the "over" flag are the whole answer in every game (no game overrides
    # these): the hot paths read them through ``waiting``, one call rather than two.
    @final
    def top(self, state: State) -> Frame | None:
        stack = state["stack"]
        return stack[-1] if stack else None

    @final
    def current_player(self, state: State) -> int | None:
        stack = state["stack"]  # waiting(state), written out: asked at every action
        return stack[-1]["player"] if stack and not state.get("over") else None

    @final
    def is_over(self, state: State) -> bool:
        return bool(state.get("over"))

    # -- legality: one source for "what can I do" and "why not" -----------
    @final
    def legal_actions(self, state: State) -> list[Action]:
        """The legal actions of the decision waiting, in the game's order, listed in a
        reading block (:mod:`.reading`), as every listing and check is."""
        frame = waiting(state)
        if frame is None:
            return []
        block = OPEN_BLOCK.set({STATE: state})
        try:
            return self.handlers[frame["kind"]].legal(self, state, frame)
        finally:
            OPEN_BLOCK.reset(block)

    @final
    def listing(self, state: State) -> Listing:
        """The legal actions, listed only as far as the caller reads them (:class:`Listing`)."""
        return Listing(self, state)

    @final
    def legal_by_category(self, state: State) -> dict[str, list[Action]]:
        """The legal actions by category (:meth:`category`; sorted), each category's in
        :meth:`legal_actions`' order: what a type-first bot picks from."""
        stack = state["stack"]  # waiting(state), written out: once an action
        if not stack or state.get("over"):
            return {}
        frame = stack[-1]
        block = OPEN_BLOCK.set({STATE: state})  # what the random bot reads: once an action
        try:
            return self.handlers[frame["kind"]].by_category(self, state, frame)
        finally:
            OPEN_BLOCK.reset(block)

    @final
    def check(self, state: State, action: Action) -> Verdict | None:
        frame = waiting(state)
        if frame is None:
            return GAME_OVER.refuse()
        block = OPEN_BLOCK.set({STATE: state})
        try:
            return self.handlers[frame["kind"]].check(self, state, frame, action)
        except MalformedAction as exc:  # arguments that do not read (bad hex, unknown card)
            return MALFORMED.refuse(f"{action}: {exc}")
        finally:
            OPEN_BLOCK.reset(block)
        # Any other exception inside a check is a bug: it propagates.

    @final
    def apply(self, state: State, action: Action, *, list_rest: bool = False) -> Events:
        """Apply a legal action (callers check first) and settle automatic steps.

        ``list_rest``: hand on the legal actions of the position it comes to rest at when
        settling had to look at them anyway (:attr:`Events.listed`). An action that changes
        the game's :meth:`hidden_count` revealed something: its last event is an undo
        barrier."""
        ev = Events()
        ev.list_rest = list_rest
        frame = state["stack"][-1]  # a legal action answers the frame on top
        hidden = self.hidden_count(state)
        self.handlers[frame["kind"]].apply(self, state, frame, action, ev)
        self.settle(state, ev)
        if hidden is not None and self.hidden_count(state) != hidden:
            if not ev:
                ev.emit("reveal", "Cards were revealed.")
            ev[-1]["barrier"] = True
        return ev

    def hidden_count(self, state: State) -> int | None:
        """Hook: how many of the game's cards lie where no seat may see them, when an action
        may reveal some without the rules saying so (a card leaving a treasury); None (the
        default): the game does not count them."""
        return None

    @final
    def settle(self, state: State, ev: Events) -> None:
        """Resolve the automatic steps after an action: :meth:`settle_step` until none is left.

        One loop with one cap for every game: a rules loop that never comes to rest
        raises instead of hanging (and ``Match.play`` rolls the action back). Most actions
        come to rest at once: a game that names its :attr:`settles_at` frames is not asked.
        """
        at = self.settles_at
        if at is not None:
            stack = state["stack"]
            if stack and stack[-1]["kind"] not in at:
                return
        for _ in range(SETTLE_CAP):
            ev.listed = None  # only the last step's listing is of the resting position
            if not self.settle_step(state, ev):
                return
        raise RuntimeError(
            f"{self.title}: the automatic steps after an action did not come to rest "
            f"after {SETTLE_CAP} steps"
        )

    def settle_step(self, state: State, ev: Events) -> bool:
        """Hook: take one automatic step (chance, a forced move, a decision with one
        answer: :meth:`answer_if_only`); False when there is none left.

        A step that answers False changes nothing: the position is at rest. A step that
        lists the position to decide (a choice with one real answer is not asked) lists it
        with :meth:`listing_at_rest`, which the engine hands on when the step rests."""
        return False

    @final
    def listing_at_rest(self, state: State, ev: Events) -> list[Action]:
        """The legal actions of the position a :meth:`settle_step` looks at before answering
        whether it rests there; when it does (answers False, changing nothing), the engine
        hands this listing on to whoever will list the position next (the listing service:
        :attr:`Events.listed`, ``Outcome.listing``, ``Match.listing(after=)``)."""
        legal = self.legal_actions(state)
        if ev.list_rest:
            ev.listed = legal
        return legal

    @final
    def only_answer(self, state: State) -> Action | None:
        """The legal action of the decision waiting, when it is the only one (else None)."""
        frame = waiting(state)
        if frame is None:
            return None
        block = OPEN_BLOCK.set({STATE: state})
        try:
            legal = self.handlers[frame["kind"]].first(self, state, frame, 2)
        finally:
            OPEN_BLOCK.reset(block)
        return legal[0] if len(legal) == 1 else None

    @final
    def answer_if_only(self, state: State, ev: Events, kinds: Collection[str] = ()) -> bool:
        """Play the decision's only answer for its player (of one of ``kinds``, if given).

        The rule that a choice with one real answer is not asked, in one place; a game's
        :meth:`settle_step` calls it. True when an answer was played.

        When the caller of :meth:`apply` will list the resting position (``ev.list_rest``)
        it lists every legal action (not only up to a second one), which the engine hands on
        when it plays none (tests/test_fast_listing.py compares what is handed on with a
        fresh listing at every position of random games).
        """
        if ev.list_rest:
            legal = self.listing_at_rest(state, ev)
            action = legal[0] if len(legal) == 1 else None
        else:
            action = self.only_answer(state)
        if action is None or (kinds and action.kind not in kinds):
            return False
        frame = self.top(state)
        assert frame is not None
        self.handlers[frame["kind"]].apply(self, state, frame, action, ev)
        return True

    def prompt(self, state: State) -> str:
        frame = self.top(state)
        if self.is_over(state):
            return f"The game is over: {self.outcome_text(state)}."
        if frame is None:
            return "The game is over."
        return self.handlers[frame["kind"]].prompt(self, state, frame)

    @final
    def outcome_text(self, state: State) -> str:
        """Who won, in words: "Blue wins", "Blue and Orange share the win"."""
        winners = self.winners(state)
        if len(winners) == 1:
            return f"{seat_name(state, winners[0])} wins"
        return f"{joined(state, winners)} share the win" if winners else "no one wins"

    # -- categories for type-first bots ----------------------------------
    def category(self, action: Action) -> str:
        """The action's family, as its ActionKind names it (the kind itself otherwise).

        A function of the action's kind alone: a table frame's listing by category
        (:meth:`FrameHandler.by_category`) files each kind's actions under one category."""
        return _categories(type(self)).get(action.kind, action.kind)

    # -- results, views, tools -------------------------------------------
    @abstractmethod
    def scores(self, state: State) -> list[float]:
        """Current score per seat (VP, cultures...) used for results and metrics."""

    @final
    def winners(self, state: State) -> list[int]:
        """The winning seats: those the game's result names when it records one (pairs,
        tie-breaks), else the best scores."""
        result = state.get("result")
        if isinstance(result, dict) and "winners" in result:
            return list(result["winners"])
        s = self.scores(state)
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    def score_breakdown(self, state: State) -> list[dict[str, float]]:
        """Points per seat by source, for games whose score has parts (else empty)."""
        return []

    def evaluate(self, state: State, seat: int) -> float:
        """How good the position is for ``seat`` before the game ends, for search bots:
        its score unless the game knows better. Must read only what every seat sees."""
        return float(self.scores(state)[seat])

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the teacher's view of all hands).

        Never contains the generator state or the order of hidden piles.
        """

    @final
    def view_header(self, state: State, seat: int | None) -> dict[str, Any]:
        """The opening keys of a view, alike in every game: which game, whose view, who decides,
        the result, the prompt and the options. A game's :meth:`view` adds its own keys after."""
        return {
            "game": self.name,
            "title": self.title,
            "seat": seat,
            "current_player": self.current_player(state),
            "over": bool(state["over"]),
            "result": state["result"],
            "prompt": self.prompt(state),
            "options": dict(state["options"]),
        }

    @final
    def event_for(self, event: Event, seat: int | None) -> Event:
        """An event as ``seat`` may see it: private details only for their owner."""
        private = event.get("private")
        if private is None:
            return event
        if seat is not None and private.get("seat") == seat:
            return event
        if seat is None:
            return event
        return {k: v for k, v in event.items() if k != "private"}

    def describe(self, state: State, action: Action) -> str:
        return str(action)

    def upgrade_position(self, state: State, file_version: int) -> State:
        """A position stored by game-file format ``file_version``, in today's shape.

        Called on positions read from files older than ``game_file.GAME_FILE_VERSION``;
        the default is that the game's positions have not changed shape.
        """
        return state

    def invariants(self, state: State) -> list[str]:
        """Broken invariants (empty when the state is sound); used by fuzzers."""
        return []

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """A copy of the state where everything ``seat`` cannot see is resampled."""
        raise NotImplementedError(f"{self.name} has no determinisation")

    @final
    def undo_barrier(self, rng_before: int, after: State, events: Events) -> bool:
        """True when a step consumed randomness or revealed hidden information."""
        return rng_before != after.get("rng") or any(e.get("barrier") for e in events)


@cache
def _categories(game: type[Game]) -> Mapping[str, str]:
    out: dict[str, str] = {}
    for handler in getattr(game, "handlers", {}).values():
        for kind, spec in getattr(handler, "table", {}).items():
            if getattr(spec, "category", ""):
                out.setdefault(kind, spec.category)
    return out
