"""Maintenance steps 1 and 4, and the research and produce actions they share with the
action phase.

``trade`` frame (step 1): ``research <n>`` puts n research counters on your current
research (1 trade each), ``cycle`` consults then discards, ``consult``, ``culture`` gains
a culture counter, ``done`` loses the rest (rule trade.unused-lost).
``discard`` / ``trim`` frames: ``discard <card>`` from your council.
``plan`` frame (step 4): ``research <tech>``, ``produce <city> <card>``, ``done``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import Action, Events
from ..engine.frames import ActionKind, Applier, bare, explained, fixed
from ..engine.game import Frame, State
from . import cards as card_set
from . import wide, zones
from .flow import next_actor, try_growth
from .reading import seat_reading
from .rulebook import (
    BOOK,
    MAINT,
    OURS,
    RESEARCH_DONE,
    TERMS,
    Args,
    opt,
    parse_args,
    well_formed,
)

TRADE_COSTS = {"cycle": "trade_cycle", "consult": "trade_consult", "culture": "trade_culture"}


def acted(effect: Applier) -> Applier:
    """An action of the action phase ends the player's go (rule act.order); the same
    kinds answer the plan frame, where the player may go on."""

    def apply(state: State, frame: Frame, args: object, ev: Events) -> None:
        if frame["kind"] == "act":
            state["stack"].pop()
            next_actor(state, passed=False)
        effect(state, frame, args, ev)

    return apply


# -- trade-----------------------------------------------------------------------------------------
def _cost(state: State, a: Args) -> int:
    if a.action.kind == "research":
        return int(a.get(0))
    return opt(state, TRADE_COSTS[a.action.kind])


@well_formed(lambda s, f, a: "the number of counters is a whole number from 1 up")
def counters_number(state: State, frame: Frame, a: Args) -> bool:
    return a.action.kind != "research" or (a.get(0).isdigit() and int(a.get(0)) >= 1)


@explained(lambda s, f, a: f"this costs {_cost(s, a)}, {f['left']} left")
@BOOK.check("trade.enough", "You do not have that much trade left this turn.", MAINT)
def enough_trade(state: State, frame: Frame, a: Args) -> bool:
    return _cost(state, a) <= frame["left"]


@BOOK.check(
    "trade.research-current",
    "Research counters go on the tech you are researching, and you are researching none.",
    MAINT,
    frame_only=True,
)
def has_research(state: State, frame: Frame, a: object) -> bool:
    return state["players"][frame["player"]]["research"] is not None


@explained(lambda s, f, a: f"it needs {zones.research_need(s, f['player'])} more")
@BOOK.check(
    "trade.research-overfill",
    "With the house rule research_exact, put no more research counters on a tech than it still "
    "needs.",
    OURS,
    source="ours",
)
def not_overfilled(state: State, frame: Frame, a: Args) -> bool:
    exact = opt(state, "research_exact")
    return not exact or int(a.get(0)) <= zones.research_need(state, frame["player"])


def research_counters_candidates(state: State, frame: Frame) -> list[Action]:
    """1 up to the trade left (the seed: extra counters are lost); with the house rule
    research_exact, up to what the tech still needs."""
    top = frame["left"]
    if opt(state, "research_exact"):
        top = min(top, zones.research_need(state, frame["player"]))
    return [Action("research", (str(n),)) for n in range(1, top + 1)]


def add_research(state: State, seat: int, n: int, ev: Events) -> None:
    """Put research counters on the current research; rule research.done when they reach
    its cost."""
    p = state["players"][seat]
    if p["research"] is None or n <= 0:
        return
    p["counters"] += n
    tech = p["research"]
    cost = card_set.design(state, tech)["cost"]
    ev.emit(
        "research_counters",
        f"{p['name']} puts {n} research counter{'s' if n > 1 else ''} on "
        f"{card_set.name(state, tech)} ({min(p['counters'], cost)}/{cost}).",
        player=seat,
    )
    if p["counters"] >= cost:
        p["techs"].append(tech)
        p["research"], p["counters"] = None, 0
        ev.emit(
            "research_done",
            f"{p['name']} completes the research of {card_set.name(state, tech)}.",
            player=seat,
            card=tech,
            rule=RESEARCH_DONE.id,
        )


def _spent(state: State, frame: Frame, cost: int) -> None:
    frame["left"] -= cost
    if frame["left"] <= 0:
        state["stack"].remove(frame)


def apply_trade_research(state: State, frame: Frame, a: Args, ev: Events) -> None:
    n = int(a.get(0))
    _spent(state, frame, n)
    add_research(state, frame["player"], n, ev)


def apply_trade_consult(state: State, frame: Frame, a: Args, ev: Events) -> None:
    _spent(state, frame, opt(state, "trade_consult"))
    zones.consult(state, frame["player"], 1, ev)


def apply_trade_cycle(state: State, frame: Frame, a: Args, ev: Events) -> None:
    _spent(state, frame, opt(state, "trade_cycle"))
    cycle(state, frame["player"], ev)


def cycle(state: State, seat: int, ev: Events) -> None:
    """Consult, then discard a card (the player chooses which)."""
    zones.consult(state, seat, 1, ev)
    if state["players"][seat]["council"]:
        state["stack"].append({"kind": "discard", "player": seat})


def apply_trade_culture(state: State, frame: Frame, a: Args, ev: Events) -> None:
    _spent(state, frame, opt(state, "trade_culture"))
    p = state["players"][frame["player"]]
    p["culture"] += 1
    ev.emit(
        "culture",
        f"{p['name']} spends {opt(state, 'trade_culture')} trade on a culture counter "
        f"({p['culture']} in all).",
        player=frame["player"],
    )


def apply_trade_done(state: State, frame: Frame, a: Args, ev: Events) -> None:
    if frame["left"]:
        ev.emit(
            "trade_lost",
            f"{zones.player_name(state, frame['player'])} leaves {frame['left']} trade unspent.",
            player=frame["player"],
        )
    state["stack"].remove(frame)


def _trade_kind(kind: str, apply: Applier) -> ActionKind:
    return ActionKind(
        kind,
        parse_args,
        [enough_trade],
        fixed(Action(kind)),
        apply,
        arity=(0, 0),
        usage=f"{kind} takes no arguments",
        example=kind,
    )


TRADE_RESEARCH = ActionKind(
    "research",
    parse_args,
    [counters_number, has_research, not_overfilled, enough_trade],
    research_counters_candidates,
    apply_trade_research,
    arity=(1, 1),
    usage="use: research <number of counters>",
    example="research 2",
    ensured=[counters_number, not_overfilled, enough_trade],
    wide=lambda s, f: [Action("research", (str(n),)) for n in range(f["left"] + 2)],
)
TRADE_CONSULT = _trade_kind("consult", apply_trade_consult)
TRADE_CYCLE = _trade_kind("cycle", apply_trade_cycle)
TRADE_CULTURE = _trade_kind("culture", apply_trade_culture)
TRADE_DONE = bare("done", apply_trade_done)


# -- growth (step 3)--------------------------------------------------------------------------------
@explained(lambda s, f, a: "not one of your cities still to try this turn")
@BOOK.check(
    "growth.may-try",
    "Each city you control with a food yield may try to grow once in the maintenance phase: "
    "choose one of yours that has not tried yet.",
    MAINT,
)
def growth_city_open(state: State, frame: Frame, a: Args) -> bool:
    return a.get(0) in frame["cities"]


def grow_candidates(state: State, frame: Frame) -> list[Action]:
    return [Action("grow", (c,)) for c in frame["cities"]]


def apply_grow(state: State, frame: Frame, a: Args, ev: Events) -> None:
    frame["cities"].remove(a.get(0))
    if not frame["cities"]:
        state["stack"].remove(frame)
    try_growth(state, frame["player"], a.get(0), ev)


def apply_grow_done(state: State, frame: Frame, a: Args, ev: Events) -> None:
    """Decline growth for the cities that have not tried (their pulls stay in the treasury)."""
    state["stack"].remove(frame)
    names = ", ".join(zones.city_name(state, c) for c in frame["cities"])
    ev.emit(
        "growth_declined",
        f"{zones.player_name(state, frame['player'])} does not try to grow {names}.",
        player=frame["player"],
        cities=list(frame["cities"]),
    )


GROW = ActionKind(
    "grow",
    parse_args,
    [growth_city_open],
    grow_candidates,
    apply_grow,
    arity=(1, 1),
    usage="use: grow <city>",
    example="grow 0-00",
    ensured=[growth_city_open],
    wide=lambda s, f: [Action("grow", (c,)) for c in wide.every_city(s)],
)
GROW_DONE = bare("done", apply_grow_done)


# -- discarding------------------------------------------------------------------------------------
@explained(lambda s, f, a: "no such card in your council")
@BOOK.check("discard.from-council", "Discard a card from your own council.", TERMS)
def discard_in_council(state: State, frame: Frame, a: Args) -> bool:
    return a.get(0) in state["players"][frame["player"]]["council"]


def discard_candidates(state: State, frame: Frame) -> list[Action]:
    return [Action("discard", (c,)) for c in sorted(state["players"][frame["player"]]["council"])]


def apply_discard(state: State, frame: Frame, a: Args, ev: Events) -> None:
    why = "discards down to the council size:" if frame["kind"] == "trim" else "discards"
    state["stack"].remove(frame)
    zones.discard(state, frame["player"], a.get(0), ev, why)


DISCARD = ActionKind(
    "discard",
    parse_args,
    [discard_in_council],
    discard_candidates,
    apply_discard,
    arity=(1, 1),
    usage="use: discard <card>",
    example="discard 0-30",
    ensured=[discard_in_council],
    wide=lambda s, f: [Action("discard", (c,)) for c in wide.every_card(s)],
)


# -- research--------------------------------------------------------------------------------------
@BOOK.check(
    "research.none-current",
    "You may start researching a tech only when you are researching none.",
    MAINT,
    frame_only=True,
)
def no_current_research(state: State, frame: Frame, a: object) -> bool:
    return state["players"][frame["player"]]["research"] is None


@explained(lambda s, f, a: "no such tech in your council")
@BOOK.check("research.tech-in-council", "Research a tech card from your council.", TERMS)
def tech_in_council(state: State, frame: Frame, a: Args) -> bool:
    cid = a.get(0)
    return (
        cid in state["players"][frame["player"]]["council"] and card_set.ctype(state, cid) == "tech"
    )


def research_candidates(state: State, frame: Frame) -> list[Action]:
    council = state["players"][frame["player"]]["council"]
    return [Action("research", (c,)) for c in sorted(council) if card_set.ctype(state, c) == "tech"]


def start_research(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, cid = frame["player"], a.get(0)
    p = state["players"][seat]
    p["council"].remove(cid)
    p["research"], p["counters"] = cid, 0
    ev.emit(
        "research",
        f"{p['name']} starts researching {card_set.name(state, cid)} "
        f"(cost {card_set.design(state, cid)['cost']}).",
        player=seat,
        card=cid,
    )


def research_kind(apply: Applier) -> ActionKind:
    return ActionKind(
        "research",
        parse_args,
        [no_current_research, tech_in_council],
        research_candidates,
        apply,
        arity=(1, 1),
        usage="use: research <tech card>",
        example="research 0-06",
        ensured=[tech_in_council],
        wide=lambda s, f: [Action("research", (c,)) for c in wide.every_card(s)],
    )


# -- produce---------------------------------------------------------------------------------------
@explained(lambda s, f, a: "not a city you control")
@BOOK.check("produce.city-controlled", "Only a city you control produces for you.", TERMS)
def produce_city_ok(state: State, frame: Frame, a: Args) -> bool:
    return zones.controls(state, frame["player"], _city_arg(frame, a))


@explained(lambda s, f, a: card_set.name(s, s["cities"][_city_arg(f, a)]["production"]))
@BOOK.check(
    "produce.city-idle",
    "That city is already producing something: one thing at a time.",
    TERMS,
)
def city_idle(state: State, frame: Frame, a: Args) -> bool:
    return state["cities"][_city_arg(frame, a)]["production"] is None


@explained(lambda s, f, a: "no such unit or creation in your council")
@BOOK.check(
    "produce.card-in-council",
    "A city produces a unit or creation card from your council.",
    TERMS,
)
def producible_in_council(state: State, frame: Frame, a: Args) -> bool:
    cid = _card_arg(frame, a)
    return cid in state["players"][frame["player"]]["council"] and card_set.ctype(state, cid) in (
        "unit",
        "creation",
    )


@explained(
    lambda s, f, a: (
        "it needs " + card_set.designs()[card_set.design(s, _card_arg(f, a))["requires"]]["name"]
    )
)
@BOOK.check(
    "produce.tech-requirement",
    "You do not know the tech that card needs.",
    TERMS,
)
def requirement_met(state: State, frame: Frame, a: Args) -> bool:
    return zones.meets_requirement(state, frame["player"], _card_arg(frame, a))


def _city_arg(frame: Frame, a: Args) -> str:
    return frame["city"] if frame["kind"] == "settle_produce" else a.get(0)


def _card_arg(frame: Frame, a: Args) -> str:
    return a.get(0) if frame["kind"] == "settle_produce" else a.get(1)


def producible(
    state: State, seat: int, by: Mapping[str, Mapping[str, Any]] | None = None
) -> list[str]:
    """The council's units and creations whose tech requirement is met
    (``producible_in_council``, ``requirement_met``): each card's design read once (``by``:
    :func:`cards.by_card`, when the caller has it), the known techs once
    (:func:`zones.known_designs`)."""
    if by is None:
        by = card_set.by_card(state)
    p = state["players"][seat]
    known: set[str] | None = None
    out = []
    for c in sorted(p["council"]):
        d = by[c]
        t = d["type"]
        if t != "unit" and t != "creation":
            continue
        req = d.get("requires")
        if req:
            if known is None:
                known = {by[x]["id"] for x in p["techs"]}
            if req not in known:
                continue
        out.append(c)
    return out


def produce_candidates(state: State, frame: Frame) -> list[Action]:
    """Every idle city of the seat (``produce_city_ok``, ``city_idle``) with every
    producible card (:func:`producible`)."""
    seat = frame["player"]
    r = seat_reading(state, seat)
    cards = producible(state, seat, r.by)
    if not cards:
        return []
    cities = state["cities"]
    idle = [c for c in r.mine if cities[c]["production"] is None]
    return [Action("produce", (city, c)) for city in idle for c in cards]


def start_production(state: State, seat: int, city: str, cid: str, ev: Events) -> None:
    state["players"][seat]["council"].remove(cid)
    c = state["cities"][city]
    c["production"], c["progress"] = cid, 0
    ev.emit(
        "produce",
        f"{zones.city_name(state, city)} starts producing {card_set.name(state, cid)} "
        f"(cost {card_set.design(state, cid)['cost']}).",
        player=seat,
        city=city,
        card=cid,
    )


def apply_produce(state: State, frame: Frame, a: Args, ev: Events) -> None:
    start_production(state, frame["player"], a.get(0), a.get(1), ev)


@well_formed(lambda s, f, a: "name a city on the map")
def city_on_map(state: State, frame: Frame, a: Args) -> bool:
    return _city_arg(frame, a) in state["cities"]


def settle_produce_candidates(state: State, frame: Frame) -> list[Action]:
    return [Action("produce", (c,)) for c in producible(state, frame["player"])]


def produce_kind(apply: Applier, *, new_city: bool = False) -> ActionKind:
    """``produce <city> <card>``; in a new city's frame just ``produce <card>``."""
    checks = [city_on_map, produce_city_ok, city_idle, producible_in_council, requirement_met]
    return ActionKind(
        "produce",
        parse_args,
        checks,
        settle_produce_candidates if new_city else produce_candidates,
        apply,
        arity=(1, 1) if new_city else (2, 2),
        usage="use: produce <unit or creation card>"
        if new_city
        else "use: produce <city> <unit or creation card>",
        example="produce 0-03" if new_city else "produce 0-07 0-03",
        ensured=list(checks),
        # every card of the game, made at every city on the map (a new city: its own)
        wide=(lambda s, f: [Action("produce", (c,)) for c in wide.every_card(s)])
        if new_city
        else (
            lambda s, f: [
                Action("produce", (city, c))
                for city in wide.every_city(s)
                for c in wide.every_card(s)
            ]
        ),
    )


def apply_plan_done(state: State, frame: Frame, a: Args, ev: Events) -> None:
    state["stack"].remove(frame)


PLAN_RESEARCH = research_kind(start_research)
PLAN_PRODUCE = produce_kind(apply_produce)
PLAN_DONE = bare("done", apply_plan_done)
ACT_RESEARCH = research_kind(acted(start_research))
ACT_PRODUCE = produce_kind(acted(apply_produce))
