"""Specials: played from the hand at any moment (seed «in qualsiasi momento»).

``special <card> [target]``. Each frame accepts some timings (``SPECIAL_TIMINGS``): the
turn player plays any-time and turn Specials in the draw and act steps; the others play
any-time ones in the windows after each step (:mod:`.windows`); the window after an Attack
takes reaction and any-time ones; the counter window a Countermand and any-time ones. A
Special that stops an Attack (``BLOCKERS``) opens a counter window; the Attack is stopped
only if nobody counters.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..engine import Action, Events
from ..engine.frames import ActionKind, explained
from ..engine.game import Frame, State
from ..engine.seats import name as who
from . import cards as catalogue
from . import logic
from .attack import attack_of
from .rules import BOOK, OURS, PLAY, Use, parse_use, well_formed
from .turn_frames import advance

# Which Special timings each frame accepts.
SPECIAL_TIMINGS = {
    "draw": ("anytime", "turn"),
    "act": ("anytime", "turn"),
    "window": ("anytime",),
    "react": ("reaction", "anytime"),
    "counter": ("counter", "anytime"),
}
BLOCKERS = ("truce", "escape", "retaliation")
NO_ARG_SPECIALS = ("truce", "escape", "countermand", "patron", "alliance")


# -- targets each effect may take ------------------------------------------------------------
def plague_cultures(state: State) -> list[str]:
    """The deck's cultures, in its order, with an unprotected Character in some city."""
    exposed: set[str | None] = set()
    for p in state["players"]:
        exposed.update(map(catalogue.culture, logic.open_in_city(p)))
    return [cul for cul in catalogue.deck_cultures(state["options"]["deck"]) if cul in exposed]


def _plague_has_target(state: State, seat: int) -> bool:
    """Whether :func:`plague_cultures` lists anything (stops at the first exposed culture)."""
    deck = catalogue.deck_cultures(state["options"]["deck"])
    culture = catalogue.culture
    for p in state["players"]:
        for c in logic.open_in_city(p):
            if culture(c) in deck:
                return True
    return False


def _retaliation(state: State, seat: int) -> list[tuple[str, ...]]:
    att = attack_of(state)
    if att is None:
        return []
    return [
        (a,)
        for a in sorted(att["attackers"])
        if catalogue.ctype(a) == "character" and a in logic.city(state, att["by"])
    ]


TARGETS: dict[str, Callable[[State, int], list[tuple[str, ...]]]] = {
    "retaliation": _retaliation,
    # zip of one list: its items as 1-tuples, without a comprehension's frame
    "conversion": lambda state, seat: list(zip(sorted(logic.open_targets(state, seat)))),
    "exile": lambda state, seat: list(zip(sorted(logic.open_targets(state, seat)))),
    "plague": lambda state, seat: list(zip(plague_cultures(state))),
    "demolition": lambda state, seat: list(zip(sorted(logic.opponent_bulwarks(state, seat)))),
}


def special_args(state: State, seat: int, eff: str) -> list[tuple[str, ...]]:
    """The argument tuples a Special with effect ``eff`` may take now."""
    if eff in NO_ARG_SPECIALS:
        return [()]
    if eff not in TARGETS:
        raise ValueError(f"unknown special effect {eff}")
    return TARGETS[eff](state, seat)


HAS_TARGET: dict[str, Callable[[State, int], bool]] = {
    "conversion": logic.has_open_target,
    "exile": logic.has_open_target,
    "plague": _plague_has_target,
    "demolition": logic.has_opponent_bulwark,
}
"""Whether ``TARGETS[eff]`` lists anything, found without listing them all (a window's
probe asks only that); an effect not here is asked through its list."""


def has_args(state: State, seat: int, eff: str) -> bool:
    """Whether :func:`special_args` lists anything."""
    if eff in NO_ARG_SPECIALS:
        return True
    test = HAS_TARGET.get(eff)
    return test(state, seat) if test is not None else bool(special_args(state, seat, eff))


# -- checks, in the order a refusal names them ----------------------------------------------
@explained(lambda s, f, u: catalogue.named(u.cid))
@BOOK.check("special.card-in-hand", "You can only play a Special card from your hand.", PLAY)
def special_in_hand(state: State, frame: Frame, u: Use) -> bool:
    return u.cid in logic.hand(state, frame["player"]) and catalogue.ctype(u.cid) == "special"


@explained(lambda s, f, u: f"{catalogue.label(u.cid)} is a {catalogue.card(u.cid)['timing']} card")
@BOOK.check(
    "special.timing",
    "This Special cannot be played now: Specials may be played at any moment, except that "
    "Truce, Escape and Retaliation answer an Attack, the Countermand answers a Special that "
    "stopped an Attack, and the Alliance, which adds a culture to the cards you put into play, "
    "works only in your own turn (the only time you put cards into play).",
    PLAY,
    source="ours",
)
def special_timing(state: State, frame: Frame, u: Use) -> bool:
    return catalogue.card(u.cid)["timing"] in SPECIAL_TIMINGS[frame["kind"]]


def _target_count(state: State, frame: Frame, u: Use) -> str:
    many = "no target" if catalogue.effect(u.cid) in NO_ARG_SPECIALS else "one target"
    return f"{catalogue.label(u.cid)} takes {many}"


@well_formed(_target_count)
def special_arity(state: State, frame: Frame, u: Use) -> bool:
    return len(u.rest) == (0 if catalogue.effect(u.cid) in NO_ARG_SPECIALS else 1)


@explained(lambda s, f, u: f"{catalogue.label(u.cid)}: {catalogue.named(u.rest[0])}")
@BOOK.check(
    "special.target",
    "This Special needs a valid target: an unprotected Character in an opponent's city "
    "(Conversion, Exile), a Bulwark in an opponent's city (Demolition), a culture with an "
    "unprotected Character in play (Plague) or an attacking Character (Retaliation).",
    OURS,
    source="ours",
)
def special_target(state: State, frame: Frame, u: Use) -> bool:
    eff = catalogue.effect(u.cid)
    return eff in NO_ARG_SPECIALS or u.rest in special_args(state, frame["player"], eff)


@cache  # a card's printed facts never change
def taken(kind: str) -> frozenset[str]:
    """The Specials of a timing the frame kind ``kind`` takes (``special_timing``): a hand
    filtered by one set operation."""
    timings = SPECIAL_TIMINGS[kind]
    return frozenset(
        cid for cid in catalogue.of_type("special") if catalogue.card(cid)["timing"] in timings
    )


def _taken_by(kind: str) -> Callable[[str], bool]:
    def takes(cid: str) -> bool:
        return cid in taken(kind)

    return takes


TAKES: dict[str, Callable[[str], bool]] = {kind: _taken_by(kind) for kind in SPECIAL_TIMINGS}
"""Per frame kind: is the card a Special of a timing that frame takes (``special_timing``)?"""


def special_candidates(state: State, frame: Frame) -> list[Action]:
    """Every Special in hand (``special_in_hand``) of a timing the frame takes
    (``special_timing``) with every target its effect may take now (``special_target``)."""
    mine = taken(frame["kind"]).intersection(state["players"][frame["player"]]["hand"])
    if not mine:  # most hands, most of the time: nothing to target
        return []
    seat = frame["player"]
    new = tuple.__new__  # Action's own constructor without its Python wrapper
    out = []
    for cid in sorted(mine):
        head = (cid,)
        for a in special_args(state, seat, catalogue.effect(cid)):
            out.append(new(Action, ("special", head + a)))
    return out


def special_usable(state: State, frame: Frame) -> bool:
    """Whether :func:`special_candidates` lists anything (a window's probe), found without
    listing every target."""
    seat = frame["player"]
    for cid in taken(frame["kind"]).intersection(state["players"][seat]["hand"]):
        eff = catalogue.effect(cid)  # every Special has one
        if eff is not None and has_args(state, seat, eff):
            return True
    return False


# -- effects ------------------------------------------------------------------------------------
def _block(state: State, frame: Frame, seat: int, cid: str, arg: str | None, ev: Events) -> None:
    """Truce, Escape, Retaliation: the others may answer with a Countermand first."""
    queue = logic.turn_order_after(state, seat)
    state["stack"].append(
        {
            "kind": "counter",
            "player": queue[0],
            "queue": queue[1:],
            "pending": {"by": seat, "card": cid, "effect": catalogue.effect(cid), "arg": arg},
        }
    )


def _countermand(
    state: State, frame: Frame, seat: int, cid: str, arg: str | None, ev: Events
) -> None:
    pending = frame["pending"]
    ev.emit(
        "special_countered",
        f"{catalogue.label(pending['card'])} is cancelled",
        seat=seat,
        card=pending["card"],
    )
    logic.pop_frame(state, frame)
    react = state["stack"][-1]
    advance(state, react, ev)


def _patron(state: State, frame: Frame, seat: int, cid: str, arg: str | None, ev: Events) -> None:
    logic.draw(state, seat, 3, ev, "Patron")


def _conversion(state: State, frame: Frame, seat: int, cid: str, t: str, ev: Events) -> None:
    owner = logic.owner(state, t)
    logic.leave_city(state, owner, t, seat)
    logic.enter_city(state, seat, t)
    ev.emit(
        "conversion",
        f"{catalogue.label(t)} moves from {who(state, owner)}'s city to {who(state, seat)}'s",
        card=t,
        source=owner,
        seat=seat,
    )


def _exile(state: State, frame: Frame, seat: int, cid: str, t: str, ev: Events) -> None:
    owner = logic.owner(state, t)
    logic.leave_city(state, owner, t, seat)
    logic.to_hand(state, owner, t, known=True)
    ev.emit(
        "exile", f"{catalogue.label(t)} goes back to {who(state, owner)}'s hand", card=t, seat=owner
    )


def _plague(state: State, frame: Frame, seat: int, cid: str, cul: str, ev: Events) -> None:
    victims = [
        (s, c)
        for s in range(logic.n_players(state))
        for c in logic.characters(state, s)
        if catalogue.culture(c) == cul and not logic.is_protected(state, s, c)
    ]
    for s, c in victims:
        logic.discard_from_city(state, s, c, seat, ev, "Plague")


def _demolition(state: State, frame: Frame, seat: int, cid: str, b: str, ev: Events) -> None:
    logic.discard_from_city(state, logic.owner(state, b), b, seat, ev, "Demolition")


def _alliance(state: State, frame: Frame, seat: int, cid: str, arg: str | None, ev: Events) -> None:
    state["turn"]["extra_cultures"] += 1


EFFECTS: dict[str, Callable[..., None]] = {
    **dict.fromkeys(BLOCKERS, _block),
    "countermand": _countermand,
    "patron": _patron,
    "conversion": _conversion,
    "exile": _exile,
    "plague": _plague,
    "demolition": _demolition,
    "alliance": _alliance,
}


def apply_special(state: State, frame: Frame, u: Use, ev: Events) -> None:
    seat, cid = frame["player"], u.cid
    arg = u.rest[0] if u.rest else None
    eff = catalogue.effect(cid)
    logic.from_hand(state, seat, cid)
    logic.to_discard(state, cid, seat)
    kind = "special_played" if frame["kind"] in ("act", "draw") else "special_reaction"
    text = f"{who(state, seat)} plays {catalogue.label(cid)}"
    if arg is not None:
        text += " on " + (
            catalogue.cultures()[arg]["name"]
            if arg in catalogue.cultures()
            else catalogue.label(arg)
        )
    ev.emit(kind, text, seat=seat, card=cid, effect=eff, target=arg)
    EFFECTS[eff](state, frame, seat, cid, arg, ev)
    if logic.protagonist_power(state, seat) == "preacher":
        logic.draw(state, seat, 1, ev, "the Geneva Preacher")
    logic.unmark_gone(state, frame)


_CHECKS = [special_in_hand, special_timing, special_arity, special_target]
SPECIAL_KIND = ActionKind(
    "special",
    parse_use,
    _CHECKS,
    special_candidates,
    apply_special,
    category="special",
    arity=(1, 1 << 30),  # the checks word a wrong target count for the card at hand
    usage="special <card> [target]",
    ensured=_CHECKS,
    # every card in the seat's hand with every target (none, a card, a culture, a seat)
    wide=lambda s, f: [
        Action("special", (cid, *t))
        for cid in sorted(set(logic.hand(s, f["player"])))
        for t in logic.every_target(s)
    ],
)
