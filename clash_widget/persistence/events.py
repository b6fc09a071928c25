"""Declaring Event cards: ``declare <card> [<land>]`` during the Expansion phase.

Host cards (ours) are discarded when declared: a Great Leader adds to the attacker's
die this turn, a Levy brings armies, Shipwrights a fleet, a Fortress or a Monument
is built in a land, and the four fates of seed rule 5.11 strike another player's
land: Treachery hands it to your Empire, Rebellion and Barbarians attack it with
dice, Civil War makes a Capital fall. Culture cards (seed 3.1, 3.11) stay in play:
see :mod:`.culture`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Action, Events
from ..engine.frames import ActionKind, explained
from ..engine.game import Frame, State
from ..engine.rules import Check
from ..engine.seats import name as who
from . import board, content
from . import culture as culture_cards
from .expansion import occupy
from .rules import BOOK, EVENTS, Declare, opt, well_formed

TARGETED = ("fort", "monument", "treachery", "rebellion", "civil_war", "barbarians")


def parse_declare(state: State, frame: Frame, action: Action) -> Declare:
    args = action.args
    return Declare(action, args[0], args[1] if len(args) > 1 else None)


def effect(card: str) -> str:
    return content.cards()[card]["effect"]


def _seat(frame: Frame) -> int:
    return frame["player"]


def _present(state: State) -> str:
    e = board.present(state)
    assert e is not None
    return e


# -- the card and its shape ------------------------------------------------------------------------
@well_formed(lambda s, f, a: f"there is no Event card {a.card!r}")
def known_card(state: State, frame: Frame, args: Declare) -> bool:
    return args.card in content.cards()


def _shape_problem(args: Declare) -> str:
    needs = effect(args.card) in TARGETED
    if needs and args.target is None:
        return f"{content.name(args.card)} needs a target land: declare {args.card} <land>"
    if not needs and args.target is not None:
        return f"{content.name(args.card)} takes no target: declare {args.card}"
    if args.target is not None and args.target not in content.areas():
        return f"there is no area {args.target!r} on the map"
    return ""


@well_formed(lambda s, f, a: _shape_problem(a))
def right_shape(state: State, frame: Frame, args: Declare) -> bool:
    return not _shape_problem(args)


@explained(lambda s, f, a: content.name(a.card))
@BOOK.check(
    "event.in-hand",
    "You can only declare an Event card from your own hand.",
    EVENTS,
    source="ours",
)
def in_hand(state: State, frame: Frame, args: Declare) -> bool:
    return args.card in state["players"][_seat(frame)]["hand"]


@explained(
    lambda s, f, a: (
        f"{content.name(a.card)} may be declared in Epoch {content.frames_text(a.card)}; this is "
        f"Epoch {content.ROMAN[s['epoch']]}"
    )
)
@BOOK.check(
    "event.time-frame",
    "An Event card may be declared only in an Epoch of its Time Frame.",
    EVENTS,
    source="ours",
)
def host_in_frame(state: State, frame: Frame, args: Declare) -> bool:
    return content.is_culture(args.card) or content.in_time_frame(args.card, state["epoch"])


@explained(lambda s, f, a: f"{s['turn']['events']} declared this turn")
@BOOK.check(
    "event.per-turn",
    "You have declared as many Event cards this turn as the rules allow (option events_per_turn).",
    EVENTS,
    source="ours",
    frame_only=True,
)
def events_left(state: State, frame: Frame, args: object) -> bool:
    return state["turn"]["events"] < opt(state, "events_per_turn")


# -- targets ------------------------------------------------------------------------------------
def _other_player_land(state: State, land: str, seat: int) -> bool:
    s = board.holder_seat(state, land)
    return s is not None and s != seat


def fort_target(state: State, seat: int, land: str) -> bool:
    return board.holder(state, land) == _present(state) and land not in state["forts"]


def monument_target(state: State, seat: int, land: str) -> bool:
    return board.holder_seat(state, land) == seat and land not in state["monuments"]


def treachery_target(state: State, seat: int, land: str) -> bool:
    lands, empire = state["lands"], _present(state)
    return _other_player_land(state, land, seat) and any(
        lands.get(a) == empire for a in content.neighbours(land)
    )


def rebellion_target(state: State, seat: int, land: str) -> bool:
    e = board.holder(state, land)
    return (
        _other_player_land(state, land, seat)
        and e is not None
        and board.epoch_of(e) < state["epoch"]
    )


def civil_war_target(state: State, seat: int, land: str) -> bool:
    e = board.holder(state, land)
    return (
        _other_player_land(state, land, seat)
        and e is not None
        and board.capital(state, e) == land
        and len(board.empire_lands(state, e)) >= opt(state, "civil_war_lands")
    )


def barbarians_target(card: str) -> Callable[[State, int, str], bool]:
    region = content.cards()[card].get("region")

    def ok(state: State, seat: int, land: str) -> bool:
        return _other_player_land(state, land, seat) and content.areas()[land]["region"] == region

    return ok


def target_test(card: str) -> Callable[[State, int, str], bool]:
    eff = effect(card)
    if eff == "barbarians":
        return barbarians_target(card)
    return {
        "fort": fort_target,
        "monument": monument_target,
        "treachery": treachery_target,
        "rebellion": rebellion_target,
        "civil_war": civil_war_target,
    }[eff]


def _target_check(eff: str, rule_id: str, reason: str, detail: str) -> Check:
    @explained(lambda s, f, a: detail.format(target=content.name(a.target or ""), **_extra(s, a)))
    @BOOK.check(rule_id, reason, EVENTS, source="ours")
    def ok(state: State, frame: Frame, args: Declare) -> bool:
        if effect(args.card) != eff or args.target is None:
            return True
        return target_test(args.card)(state, _seat(frame), args.target)

    return ok


def _extra(state: State, args: Declare) -> dict[str, object]:
    region = content.cards()[args.card].get("region")
    return {
        "region": content.name(region) if region else "",
        "lands": opt(state, "civil_war_lands"),
        "held": board.describe_holder(state, args.target)
        if args.target is not None and args.target in content.areas()
        else "",
    }


FORT_TARGET = _target_check(
    "fort",
    "event.fort-target",
    "A Fortress is built in a land your present Empire holds that has no fort yet.",
    "{target} is {held}",
)
MONUMENT_TARGET = _target_check(
    "monument",
    "event.monument-target",
    "A Monument is built in a land your Faction holds that has no Monument yet.",
    "{target} is {held}",
)
TREACHERY_TARGET = _target_check(
    "treachery",
    "event.treachery-target",
    "Treachery strikes a land of another player next to a land of your present Empire.",
    "{target} is {held}",
)
REBELLION_TARGET = _target_check(
    "rebellion",
    "event.rebellion-target",
    "Rebellion strikes a land of another player held by an Empire of an earlier Epoch.",
    "{target} is {held}",
)
CIVIL_WAR_TARGET = _target_check(
    "civil_war",
    "event.civil-war-target",
    "Civil War strikes the Capital of another player's Empire that holds enough lands (option "
    "civil_war_lands).",
    "{target} is {held}; the Empire needs a Capital there and {lands} lands",
)
BARBARIANS_TARGET = _target_check(
    "barbarians",
    "event.barbarians-target",
    "Barbarians strike a land of another player in the region named on the card.",
    "this card strikes {region}; {target} is {held}",
)


@BOOK.check(
    "event.treachery-army",
    "Treachery hands the land to one of your Empire's armies: you need an army left to place.",
    EVENTS,
    source="ours",
)
def treachery_army(state: State, frame: Frame, args: Declare) -> bool:
    return effect(args.card) != "treachery" or state["turn"]["armies"] > 0


TARGET_CHECKS = [
    FORT_TARGET,
    MONUMENT_TARGET,
    TREACHERY_TARGET,
    treachery_army,
    REBELLION_TARGET,
    CIVIL_WAR_TARGET,
    BARBARIANS_TARGET,
]


def declare_candidates(state: State, frame: Frame) -> list[Action]:
    """Cards in hand, in their Time Frame, with every target their own test admits."""
    seat = _seat(frame)
    out = []
    # Every target test asks for a held land, most for one of another player
    # (_other_player_land): each test is tried only on the lands that can pass it.
    held: dict[str, list[str]] | None = None
    for card in state["players"][seat]["hand"]:
        if not content.in_time_frame(card, state["epoch"]):
            continue
        eff = effect(card)
        if eff not in TARGETED:
            out.append(Action("declare", (card,)))
            continue
        if eff == "treachery" and state["turn"]["armies"] <= 0:
            continue
        test = target_test(card)
        if held is None:
            held = _held_lands(state, seat)
        where = held["any" if eff in ("fort", "monument") else "other"]
        out += [Action("declare", (card, a)) for a in where if test(state, seat, a)]
    return out


def _held_lands(state: State, seat: int) -> dict[str, list[str]]:
    """The held lands in the map's order: ``any`` of them, and those of ``other`` players."""
    lands, empires = state["lands"], state["empires"]
    held = [a for a in content.lands() if lands.get(a) is not None]
    return {"any": held, "other": [a for a in held if empires[lands[a]]["owner"] != seat]}


# -- declaring ----------------------------------------------------------------------------------
def apply_declare(state: State, frame: Frame, args: Declare, ev: Events) -> None:
    seat, card = _seat(frame), args.card
    state["players"][seat]["hand"].remove(card)
    state["turn"]["events"] += 1
    if content.is_culture(card):
        culture_cards.declare(state, card, ev)
        return
    state["discard"].append(card)
    eff = effect(card)
    c = content.cards()[card]
    turn = state["turn"]
    target = args.target
    text = f"{who(state, seat)} declares {content.name(card)}"
    if target:
        text += (
            f" against {content.name(target)}"
            if eff in culture_cards.CAUSES
            else f" in {content.name(target)}"
        )
    ev.emit("event_declared", text, seat=seat, card=card, target=target, barrier=True)
    if eff == "leader":
        turn["leader"] += opt(state, "leader_bonus")
    elif eff == "levy":
        turn["armies"] += c["armies"]
    elif eff == "fleet":
        turn["fleets"] += c["fleets"]
    elif eff in ("fort", "monument"):
        assert target is not None
        key = "forts" if eff == "fort" else "monuments"
        state[key] = sorted([*state[key], target])
        ev.emit(
            f"{eff}_built",
            f"A {c['name']} stands in {content.name(target)}",
            seat=seat,
            land=target,
        )
    else:
        assert target is not None
        strike(state, target, eff, ev)


def strike(state: State, land: str, fate: str, ev: Events) -> None:
    """One of the four fates of 5.11 strikes ``land``."""
    if fate in ("rebellion", "barbarians"):
        dice = opt(state, "rebel_dice" if fate == "rebellion" else "barbarian_dice")
        att = [board.die(state) for _ in range(dice)]
        dfd = [board.die(state) for _ in range(opt(state, "defence_dice"))]
        a, d = max(att), max(dfd) + board.defence_bonus(state, land)
        won = a > d
        attacker = "The rebels" if fate == "rebellion" else "The Barbarians"
        ev.emit(
            "fate_roll",
            f"{attacker} attack {content.name(land)}: dice {att} against {dfd}, {a} against {d}: "
            + ("the land falls" if won else "they are thrown back"),
            land=land,
            fate=fate,
            attack=att,
            defence=dfd,
            won=won,
            barrier=True,
        )
        if not won:
            return
    loser = board.holder(state, land)
    assert loser is not None
    cards = culture_cards.land_falls(state, land, ev, cause=fate)
    ev.emit(
        "land_falls",
        f"{content.name(land)} of the {board.empire_name(loser)} falls to "
        f"{culture_cards.fate_name(fate)}",
        seat=board.owner(state, loser),
        land=land,
        fate=fate,
    )
    if fate == "treachery":
        state["turn"]["armies"] -= 1
        occupy(state, land, _present(state), ev)
    culture_cards.settle_cards(state, cards, ev, cause=fate, by=None, land=land)


DECLARE = ActionKind(
    "declare",
    parse_declare,
    [
        known_card,
        right_shape,
        in_hand,
        host_in_frame,
        culture_cards.culture_in_frame,
        events_left,
        *culture_cards.CULTURE_CHECKS[1:],
        *TARGET_CHECKS,
    ],
    declare_candidates,
    apply_declare,
    category="declare",
    arity=(1, 2),
    usage="use: declare <card> [<land>]",
    ensured=[
        known_card,
        right_shape,
        in_hand,
        host_in_frame,
        culture_cards.culture_in_frame,
        *TARGET_CHECKS,
    ],
    # every card in the seat's hand, alone and at every area of the map
    wide=lambda s, f: [
        Action("declare", (card, *where))
        for card in sorted(set(s["players"][_seat(f)]["hand"]))
        for where in ((), *((a,) for a in content.area_order()))
    ],
)
