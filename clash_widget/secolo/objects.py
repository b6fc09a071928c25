"""Object powers: discard an Object of your city to use its power at any moment (seed
«in qualsiasi momento»): in your draw and act steps, or in a window (:mod:`.windows`).

``object <card> [target]``. The Rosary only answers an Attack on your own city; the
Printed Bible and the Telescope take no target; the others take one.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Action, Events
from ..engine.frames import ActionKind, explained
from ..engine.game import Frame, State
from ..engine.rng import below
from ..engine.seats import name as who
from . import cards as catalogue
from . import logic
from .attack import attack_of
from .rules import BOOK, CLARIFY, OBJECT, OURS, Use, parse_use, well_formed

NO_ARG_OBJECTS = ("rosary", "bible", "telescope")


# -- targets each power may take ---------------------------------------------------------------
def _rosary(state: State, frame: Frame, seat: int) -> list[tuple[str, ...]]:
    att = attack_of(state)
    ok = frame["kind"] == "react" and att is not None and att["city"] == seat
    return [()] if ok else []


def _amulet(state: State, frame: Frame, seat: int) -> list[tuple[str, ...]]:
    by = state["discarded_by"]
    return [
        (c,)
        for c in sorted(
            {
                c
                for c in state["discard"]  # filtered before sorting: the pile grows long
                if catalogue.ctype(c) == "character" and by.get(c) != seat
            }
        )
    ]


def _map(state: State, frame: Frame, seat: int) -> list[tuple[str, ...]]:
    return [(str(s),) for s in logic.opponents(state, seat) if logic.hand(state, s)]


def _bombard(state: State, frame: Frame, seat: int) -> list[tuple[str, ...]]:
    return [(b,) for b in sorted(logic.opponent_bulwarks(state, seat))]


def _palette(state: State, frame: Frame, seat: int) -> list[tuple[str, ...]]:
    return [
        (c,)
        for c in sorted({c for c in logic.hand(state, seat) if catalogue.ctype(c) == "character"})
    ]


TARGETS: dict[str, Callable[[State, Frame, int], list[tuple[str, ...]]]] = {
    "rosary": _rosary,
    "bible": lambda state, frame, seat: [()],
    "telescope": lambda state, frame, seat: [()],
    "amulet": _amulet,
    "map": _map,
    "bombard": _bombard,
    "palette": _palette,
}


def object_args(state: State, frame: Frame, seat: int, eff: str) -> list[tuple[str, ...]]:
    """The argument tuples an Object with power ``eff`` may take now."""
    if eff not in TARGETS:
        raise ValueError(f"unknown object effect {eff}")
    return TARGETS[eff](state, frame, seat)


def _amulet_has_target(state: State, frame: Frame, seat: int) -> bool:
    by = state["discarded_by"]
    return any(catalogue.ctype(c) == "character" and by.get(c) != seat for c in state["discard"])


HAS_TARGET: dict[str, Callable[[State, Frame, int], bool]] = {
    "bible": lambda state, frame, seat: True,
    "telescope": lambda state, frame, seat: True,
    "amulet": _amulet_has_target,
    "bombard": lambda state, frame, seat: logic.has_opponent_bulwark(state, seat),
}
"""Whether ``TARGETS[eff]`` lists anything, found without listing them all (a window's
probe asks only that); a power not here is asked through its list."""


def has_args(state: State, frame: Frame, seat: int, eff: str) -> bool:
    """Whether :func:`object_args` lists anything."""
    test = HAS_TARGET.get(eff)
    if test is not None:
        return test(state, frame, seat)
    return bool(object_args(state, frame, seat, eff))


# -- checks, in the order a refusal names them ----------------------------------------------
@explained(lambda s, f, u: catalogue.named(u.cid))
@BOOK.check(
    "object.in-your-city",
    "You can only use the power of an Object that is in play in your own city.",
    OBJECT,
)
def object_in_city(state: State, frame: Frame, u: Use) -> bool:
    return u.cid in logic.city(state, frame["player"]) and catalogue.ctype(u.cid) == "object"


def _target_count(state: State, frame: Frame, u: Use) -> str:
    eff = catalogue.effect(u.cid)
    if eff == "rosary":
        return "the Rosary takes no target"
    many = "no target" if eff in NO_ARG_OBJECTS else "one target"
    return f"{catalogue.label(u.cid)} takes {many}"


@well_formed(_target_count)
def object_arity(state: State, frame: Frame, u: Use) -> bool:
    return len(u.rest) == (0 if catalogue.effect(u.cid) in NO_ARG_OBJECTS else 1)


@BOOK.check(
    "object.timing",
    "The Rosary can only be used while an Attack targets a Character in your city.",
    OURS,
    source="ours",
)
def object_timing(state: State, frame: Frame, u: Use) -> bool:
    return catalogue.effect(u.cid) != "rosary" or bool(_rosary(state, frame, frame["player"]))


@explained(lambda s, f, u: catalogue.label(u.rest[0]))
@BOOK.check(
    "object.amulet-not-own-discard",
    "The Amulet cannot bring back a Character that you yourself discarded.",
    CLARIFY,
)
def amulet_not_own(state: State, frame: Frame, u: Use) -> bool:
    if catalogue.effect(u.cid) != "amulet":
        return True
    c = u.rest[0]
    own = state["discarded_by"].get(c) == frame["player"]
    return not (c in state["discard"] and catalogue.ctype(c) == "character" and own)


@explained(lambda s, f, u: f"{catalogue.label(u.cid)}: {catalogue.named(u.rest[0])}")
@BOOK.check(
    "object.target",
    "This Object's power needs a valid target: a Character in the discard pile (Amulet), an "
    "opponent with cards in hand (Treasure map), a Bulwark in an opponent's city (Bombard) or "
    "a Character in your hand (Palette).",
    OURS,
    source="ours",
)
def object_target(state: State, frame: Frame, u: Use) -> bool:
    eff = catalogue.effect(u.cid)
    return eff in NO_ARG_OBJECTS or u.rest in object_args(state, frame, frame["player"], eff)


def object_candidates(state: State, frame: Frame) -> list[Action]:
    """Every Object in the seat's city (``object_in_city``) with every target its power may
    take now (``object_timing``, ``amulet_not_own``, ``object_target``)."""
    seat = frame["player"]
    p = state["players"][seat]
    if not p["attached"]:  # every Object in a city is attached to a citizen: none here
        return []
    out: list[Action] = []
    for cid in sorted(filter(catalogue.is_object, p["city"])):
        out.extend(
            Action("object", (cid, *a))
            for a in object_args(state, frame, seat, catalogue.effect(cid))
        )
    return out


def object_usable(state: State, frame: Frame) -> bool:
    """Whether :func:`object_candidates` lists anything (a window's probe), found without
    listing every target."""
    seat = frame["player"]
    p = state["players"][seat]
    if not p["attached"]:  # every Object in a city is attached to a citizen: none here
        return False
    for cid in filter(catalogue.is_object, p["city"]):
        eff = catalogue.effect(cid)  # every Object has one
        if eff is not None and has_args(state, frame, seat, eff):
            return True
    return False


# -- powers ----------------------------------------------------------------------------------
def _cancel_attack(state: State, frame: Frame, seat: int, arg: str | None, ev: Events) -> None:
    att = frame["attack"]
    logic.pop_frame(state, frame)
    ev.emit(
        "attack_blocked",
        f"The Rosary cancels the Attack on {catalogue.label(att['target'])}",
        target=att["target"],
        city=att["city"],
        by_kind="object",
        by="rosary",
    )


def _shelter(state: State, frame: Frame, seat: int, arg: str | None, ev: Events) -> None:
    state["players"][seat]["sheltered"] = True


def _look_out(state: State, frame: Frame, seat: int, arg: str | None, ev: Events) -> None:
    logic.draw(state, seat, 3, ev, "Telescope")


def _bring_back(state: State, frame: Frame, seat: int, c: str, ev: Events) -> None:
    state["discard"].remove(c)
    state["discarded_by"].pop(c, None)
    logic.enter_city(state, seat, c)
    ev.emit(
        "returned_to_play",
        f"{catalogue.label(c)} comes back into {who(state, seat)}'s city",
        card=c,
        seat=seat,
    )


def _take_card(state: State, frame: Frame, seat: int, arg: str, ev: Events) -> None:
    victim = int(arg)
    h = logic.hand(state, victim)
    taken = h.pop(below(state, len(h)))
    logic.to_hand(state, seat, taken, known=False)
    ev.emit(
        "card_taken",
        f"{who(state, seat)} takes a random card from {who(state, victim)}'s hand",
        seat=seat,
        victim=victim,
    )


def _bombard_power(state: State, frame: Frame, seat: int, b: str, ev: Events) -> None:
    logic.discard_from_city(state, logic.owner(state, b), b, seat, ev, "Bombard")


def _paint(state: State, frame: Frame, seat: int, c: str, ev: Events) -> None:
    logic.from_hand(state, seat, c)
    logic.enter_city(state, seat, c)
    ev.emit(
        "card_played",
        f"{who(state, seat)} puts {catalogue.label(c)} into their city (Palette)",
        seat=seat,
        card=c,
        city=seat,
        holder=None,
        via="palette",
    )


POWERS: dict[str, Callable[..., None]] = {
    "rosary": _cancel_attack,
    "bible": _shelter,
    "telescope": _look_out,
    "amulet": _bring_back,
    "map": _take_card,
    "bombard": _bombard_power,
    "palette": _paint,
}


def apply_object(state: State, frame: Frame, u: Use, ev: Events) -> None:
    seat, cid = frame["player"], u.cid
    arg = u.rest[0] if u.rest else None
    eff = catalogue.effect(cid)
    logic.leave_city(state, seat, cid, seat)
    logic.to_discard(state, cid, seat)
    ev.emit(
        "object_power",
        f"{who(state, seat)} discards {catalogue.label(cid)} to use its power",
        seat=seat,
        card=cid,
        effect=eff,
        target=arg,
    )
    POWERS[eff](state, frame, seat, arg, ev)
    logic.unmark_gone(state, frame)


_CHECKS = [object_in_city, object_arity, object_timing, amulet_not_own, object_target]
OBJECT_KIND = ActionKind(
    "object",
    parse_use,
    _CHECKS,
    object_candidates,
    apply_object,
    category="object",
    arity=(1, 1 << 30),  # the checks word a wrong target count for the card at hand
    usage="object <card> [target]",
    ensured=_CHECKS,
    # every card in any city with every target (none, a card, a culture, a seat)
    wide=lambda s, f: [
        Action("object", (cid, *t))
        for cid in sorted(c for p in s["players"] for c in p["city"])
        for t in logic.every_target(s)
    ],
)
