"""Transferring Culture cards (seed rules 6.1-6.13): ``transfer <card> <land>``, then ``done``.

At the very end of the Expansion phase (after every placement, battle and build) a
player may move any and all of their Culture cards between the Capitals of their
Faction, past and present, never to a Minor Empire nor to another player, along a
friendly path (:mod:`.paths`). The transfer step is a decision frame of its own,
opened only when at least one transfer is possible; option ``transfer=False`` plays
without rule 6.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Action, Events
from ..engine.frames import ActionKind, Explained, bare, explained, fixed
from ..engine.game import Frame, State
from ..engine.seats import name as who
from . import board, content, paths
from .epochs import finish_turn
from .rules import (
    BOOK,
    OCEAN_ENEMIES,
    S61,
    S611,
    S612,
    S613,
    SHARED_SEA,
    STRAIT,
    Move,
    opt,
    well_formed,
)


def parse_move(state: State, frame: Frame, action: Action) -> Move:
    return Move(action, action.args[0], action.args[1])


@well_formed(
    lambda s, f, a: (
        f"there is no Culture card {a.card!r}"
        if not (a.card in content.cards() and content.is_culture(a.card))
        else f"there is no area {a.land!r} on the map"
    )
)
def known(state: State, frame: Frame, args: Move) -> bool:
    return (
        args.card in content.cards()
        and content.is_culture(args.card)
        and args.land in content.areas()
    )


@BOOK.check(
    "transfer.off",
    "This table plays without transferring Culture cards (option transfer=False).",
    S61,
    source="ours",
    frame_only=True,
)
def transfers_on(state: State, frame: Frame, args: object) -> bool:
    return bool(opt(state, "transfer") and opt(state, "culture"))


@BOOK.check(
    "transfer.end-of-expansion",
    "Culture cards are transferred at the very end of the Expansion phase, after all placement, "
    "battles, Monument and fort builds: end the Expansion phase first.",
    S61,
    frame_only=True,
)
def at_the_end(state: State, frame: Frame, args: object) -> bool:
    return frame["kind"] == "transfer"


def _possessor(state: State, card: str) -> str | None:
    return state["culture"].get(card)


@explained(
    lambda s, f, a: (
        f"{content.name(a.card)} is "
        + (
            "not in play"
            if _possessor(s, a.card) is None
            else f"held by the {board.empire_name(_possessor(s, a.card))} of "
            f"{who(s, board.owner(s, _possessor(s, a.card)))}"
        )
    )
)
@BOOK.check(
    "transfer.own-card",
    "You can transfer only Culture cards that one of your Empires possesses.",
    S611,
)
def own_card(state: State, frame: Frame, args: Move) -> bool:
    e = _possessor(state, args.card)
    return e is not None and board.owner(state, e) == frame["player"]


@explained(lambda s, f, a: f"the {board.empire_name(board.holder(s, a.land))} are a Minor Empire")
@BOOK.check(
    "transfer.not-to-minor",
    "Culture cards may not be transferred to a Minor Empire.",
    S611,
)
def not_minor(state: State, frame: Frame, args: Move) -> bool:
    e = board.holder(state, args.land)
    return e is None or not board.is_minor(e)


@explained(lambda s, f, a: f"{content.name(a.land)} is {board.describe_holder(s, a.land)}")
@BOOK.check(
    "transfer.own-faction-only",
    "Culture cards may be transferred only to the Capitals of your own Empires, past or present, "
    "never to another player's.",
    S611,
)
def own_faction(state: State, frame: Frame, args: Move) -> bool:
    s = board.holder_seat(state, args.land)
    return s is None or s == frame["player"]


@explained(lambda s, f, a: f"no Capital stands in {content.name(a.land)}")
@BOOK.check(
    "transfer.to-capital",
    "Culture cards are transferred between Capitals: the destination must be a Capital standing "
    "on the map.",
    S61,
)
def to_capital(state: State, frame: Frame, args: Move) -> bool:
    return args.land in board.capitals(state)


@explained(lambda s, f, a: f"{content.name(a.card)} is in {content.name(a.land)} already")
@BOOK.check(
    "transfer.same-capital",
    "The card is already located in that Capital.",
    S613,
    source="ours",
)
def elsewhere(state: State, frame: Frame, args: Move) -> bool:
    e = _possessor(state, args.card)
    return e is None or board.capital(state, e) != args.land


def _home(state: State, args: Move) -> str | None:
    e = _possessor(state, args.card)
    return board.capital(state, e) if e else None


def _no_path(rule: str = "") -> Callable[[State, Frame, Move], str]:
    """The refusal's detail: where the path breaks (only what ``rule`` closes, if given)."""

    def detail(state: State, frame: Frame, args: Move) -> str:
        home = _home(state, args)
        if home is None:
            return "the card has no Capital to leave from"
        why = paths.blockers(state, home, args.land, frame["player"], rule)
        return f"from {content.name(home)} to {content.name(args.land)}: " + "; ".join(why)

    return detail


def _not_closed_by(rule: str) -> Callable[[State, Frame, Move], bool]:
    """True unless ``rule`` (paths.RELAXATIONS) is what keeps the path closed."""

    def ok(state: State, frame: Frame, args: Move) -> bool:
        home = _home(state, args)
        return home is None or paths.cause(state, home, args.land, frame["player"]) != rule

    return ok


# A path refusal names the rule that closed it: these three first, then transfer.path.
shared_sea_open = Explained(SHARED_SEA, _not_closed_by("shared-sea"), False, _no_path("shared-sea"))
ocean_open = Explained(
    OCEAN_ENEMIES, _not_closed_by("ocean-enemies"), False, _no_path("ocean-enemies")
)
strait_open = Explained(STRAIT, _not_closed_by("strait"), False, _no_path("strait"))


@explained(_no_path())
@BOOK.check(
    "transfer.path",
    "A transfer needs a path of friendly, contiguous Lands, Seas or Oceans between the two "
    "Capitals, each holding a marker of your Faction (no Barren Lands, no vacant areas).",
    S612,
)
def has_path(state: State, frame: Frame, args: Move) -> bool:
    e = _possessor(state, args.card)
    home = board.capital(state, e) if e else None
    return home is not None and paths.path(state, home, args.land, frame["player"]) is not None


CHECKS = [
    known,
    transfers_on,
    at_the_end,
    own_card,
    not_minor,
    own_faction,
    to_capital,
    elsewhere,
    shared_sea_open,
    ocean_open,
    strait_open,
    has_path,
]


def transfer_candidates(state: State, frame: Frame) -> list[Action]:
    return [
        Action("transfer", (card, land)) for card, land, _ in paths.possible(state, frame["player"])
    ]


def apply_transfer(state: State, frame: Frame, args: Move, ev: Events) -> None:
    seat = frame["player"]
    old = state["culture"][args.card]
    home = board.capital(state, old)
    new = board.capitals(state)[args.land]
    route = paths.path(state, home, args.land, seat) if home else None
    state["culture"][args.card] = new
    ev.emit(
        "culture_transferred",
        f"{who(state, seat)} transfers {content.name(args.card)} from the "
        f"{board.empire_name(old)} to the "
        f"{board.empire_name(new)} in {content.name(args.land)} by "
        + " - ".join(content.name(x.split(":")[-1]) for x in route or []),
        seat=seat,
        card=args.card,
        empire=new,
        from_empire=old,
        path=route,
    )


TRANSFER = ActionKind(
    "transfer",
    parse_move,
    CHECKS,
    transfer_candidates,
    apply_transfer,
    category="transfer",
    arity=(2, 2),
    usage="use: transfer <culture card> <land of a Capital>",
    ensured=CHECKS,
    # every Culture card in play to every land of the map
    wide=lambda s, f: [
        Action("transfer", (card, land))
        for card in sorted(s["culture"])
        for land in content.lands()
    ],
)
# In the Expansion frame a transfer is explained, never listed (6.1).
EARLY_TRANSFER = ActionKind(
    "transfer",
    parse_move,
    CHECKS,
    fixed(),
    apply_transfer,
    category="transfer",
    arity=(2, 2),
    usage="use: transfer <culture card> <land of a Capital>",
)


def apply_done(state: State, frame: Frame, args: object, ev: Events) -> None:
    ev.emit("transfers_done", f"{who(state, frame['player'])} is done transferring")
    finish_turn(state, ev)


DONE = bare("done", apply_done)
