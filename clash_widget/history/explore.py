"""Exploring (seed action 1): exhaust a fresh unit, pull as many cards as its move, and you
may deploy one of them if it is a city, terrain, resource mod or discovery event.

``explore <unit>``, then the ``explore`` frame: ``take <card> [<target>]`` or ``none``.
The target is what the same card would need when played from the council: the city a
terrain goes next to, the terrain a mod goes on, the city a Fertile Valley grows, and for a
city the city of yours that pays the founding cost. A city found this way is just placed
(no three pulls: those belong to the deploy-a-city action).
"""

from __future__ import annotations

from ..engine import Action, Events
from ..engine.frames import ActionKind, Explained, bare, explained
from ..engine.game import Frame, State
from ..engine.rules import Check
from . import cards as card_set
from . import wide, zones
from .actions import (
    cost_paid,
    deploy,
    deploy_fits,
    deploy_targets,
    found_cost,
    payers,
    place_city,
    play_effect_ok,
    play_mod_ok,
    play_terrain_ok,
)
from .maintenance import acted
from .reading import seat_reading
from .rulebook import ACTION, BOOK, TERMS, Args, parse_args

DEPLOYABLE = ("city", "terrain", "mod", "discovery")


@explained(lambda s, f, a: "not a fresh unit of yours")
@BOOK.check("explore.fresh-unit", "Exploring exhausts a fresh unit of yours.", ACTION)
def explorer_ok(state: State, frame: Frame, a: Args) -> bool:
    u = state["units"].get(a.get(0))
    return u is not None and u["controller"] == frame["player"] and not u["tired"]


def explore_candidates(state: State, frame: Frame) -> list[Action]:
    """The seat's fresh units (``explorer_ok``)."""
    return [Action("explore", (u,)) for u in seat_reading(state, frame["player"]).fresh]


def pulls(state: State, uid: str) -> int:
    return (
        zones.unit_stat(state, uid, "move")
        + zones.empire(state, state["units"][uid]["controller"])["explore_pulls"]
    )


def apply_explore(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, uid = frame["player"], a.get(0)
    state["units"][uid]["tired"] = True
    got = zones.pull(state, seat, pulls(state, uid), ev)
    ev.emit(
        "explore",
        f"{zones.player_name(state, seat)} explores with {card_set.name(state, uid)} and pulls "
        + (", ".join(card_set.name(state, x) for x in got) or "nothing")
        + ".",
        player=seat,
        cards=list(got),
    )
    state["stack"].append({"kind": "explore", "player": seat, "cards": got})


EXPLORE = ActionKind(
    "explore",
    parse_args,
    [explorer_ok],
    explore_candidates,
    acted(apply_explore),
    arity=(1, 1),
    usage="use: explore <unit>",
    example="explore 0-11",
    ensured=[explorer_ok],
    wide=lambda s, f: [Action("explore", (u,)) for u in wide.every_unit(s)],
)


# -- taking one of the pulled cards----------------------------------------------------------------
@explained(lambda s, f, a: "that card was not pulled by this exploration")
@BOOK.check("explore.pulled", "Choose one of the cards this exploration pulled.", TERMS)
def was_pulled(state: State, frame: Frame, a: Args) -> bool:
    return a.get(0) in frame["cards"]


@explained(lambda s, f, a: card_set.design(s, a.get(0))["name"])
@BOOK.check(
    "explore.deployable",
    "From an exploration you may deploy only a city, terrain, resource mod or discovery event.",
    ACTION,
)
def deployable(state: State, frame: Frame, a: Args) -> bool:
    return card_set.ctype(state, a.get(0)) in DEPLOYABLE


def _city_cost_ok(state: State, frame: Frame, a: Args) -> bool:
    return card_set.ctype(state, a.get(0)) != "city" or cost_paid.ok(state, frame, a)


city_cost_ok = Explained(
    cost_paid.rule,
    _city_cost_ok,
    False,
    cost_paid.detail if isinstance(cost_paid, Explained) else None,
)
TAKE_CHECKS: list[Check] = [
    was_pulled,
    deployable,
    city_cost_ok,
    play_terrain_ok,
    play_mod_ok,
    play_effect_ok,
]


def take_candidates(state: State, frame: Frame) -> list[Action]:
    seat = frame["player"]
    out = []
    for cid in frame["cards"]:
        t = card_set.ctype(state, cid)
        if t == "city":
            if found_cost(state, seat) == 0:
                out.append(Action("take", (cid,)))
            else:
                out += [Action("take", (cid, p)) for p in payers(state, seat)]
        elif t in DEPLOYABLE:
            for tgt in deploy_targets(state, seat, cid):
                if deploy_fits(state, seat, cid, tgt):
                    out.append(Action("take", (cid,) if tgt is None else (cid, tgt)))
    return out


def _close(state: State, frame: Frame, ev: Events) -> None:
    state["stack"].remove(frame)
    zones.land(state, [c for c in frame["cards"] if c in state["table"]], ev)


def apply_take(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, cid = frame["player"], a.get(0)
    zones.lift(state, cid)
    frame["cards"].remove(cid)
    _close(state, frame, ev)
    if card_set.ctype(state, cid) == "city":
        place_city(state, seat, cid, a.get(1) or None, ev)
    else:
        deploy(state, seat, cid, a.get(1) or None, ev)


def apply_leave(state: State, frame: Frame, a: Args, ev: Events) -> None:
    _close(state, frame, ev)


TAKE = ActionKind(
    "take",
    parse_args,
    TAKE_CHECKS,
    take_candidates,
    apply_take,
    arity=(1, 2),
    usage="use: take <pulled card> [<target>]",
    example="take 0-10 0-00",
    ensured=list(TAKE_CHECKS),
    # every card pulled, alone and at every card, city or unit
    wide=lambda s, f: [
        Action("take", (c, *t)) for c in sorted(set(f["cards"])) for t in wide.every_target(s)
    ],
)
LEAVE = bare("none", apply_leave)
