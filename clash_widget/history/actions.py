"""Action phase actions on your own cards: found, play, heal, move, ability, pass.

``found <city card> [<paying city>]`` deploys a city (seed action 3; the paying city loses
the founding cost, design notes), then the ``settle`` frame: ``pull`` (the three cards the
player may pull, once), ``terrain <card>`` from the pulled cards or your council, or
``none``; then ``settle_produce``: ``produce <card>`` or ``none``.
``play <card> [<target>]`` deploys an event, discovery, mod, terrain or policy (action 4).
``heal <unit>``, ``move <unit> <city>``, ``ability <card>``, ``pass``.
Research, produce (maintenance), explore, attack and clash live in their own modules.
"""

from __future__ import annotations

from ..engine import Action, Events
from ..engine.frames import ActionKind, bare, explained
from ..engine.game import Frame, State
from . import cards as card_set
from . import effects, wide, zones
from .flow import next_actor
from .maintenance import acted, produce_kind, producible, start_production
from .reading import seat_reading
from .rulebook import (
    ACTION,
    ACTION_ORDER,
    BOOK,
    CARDS,
    NOTES,
    OURS,
    PASS_OUT,
    Args,
    opt,
    parse_args,
    well_formed,
)
from .setup import new_city

PLAYABLE = ("event", "discovery", "mod", "terrain", "policy")


# -- founding a city-------------------------------------------------------------------------------
def found_cost(state: State, seat: int, mine: list[str] | None = None) -> int:
    """The founding cost for ``seat`` now: 0 when off or when they control no city
    (``mine``: the seat's cities, when the caller has them)."""
    if not (zones.cities_of(state, seat) if mine is None else mine):
        return 0
    return max(0, opt(state, "founding_cost") - zones.empire(state, seat)["found_relief"])


def payers(state: State, seat: int) -> list[str]:
    mine = zones.cities_of(state, seat)
    return _payers(state, mine, found_cost(state, seat, mine))


def _payers(state: State, mine: list[str], cost: int) -> list[str]:
    """:func:`payers` from the seat's cities, the founding cost known."""
    if cost == 0:
        return []
    cities = state["cities"]
    return sorted([c for c in mine if cities[c]["population"] > cost])


@explained(lambda s, f, a: "no such city card in your council")
@BOOK.check("found.city-in-council", "Deploy a city card from your council.", ACTION)
def city_in_council(state: State, frame: Frame, a: Args) -> bool:
    cid = a.get(0)
    return (
        cid in state["players"][frame["player"]]["council"] and card_set.ctype(state, cid) == "city"
    )


def _cost_detail(state: State, frame: Frame, a: Args) -> str:
    cost = found_cost(state, frame["player"])
    if cost == 0:
        return "founding costs no population now: name no city"
    return f"the founding cost is {cost}; cities that can pay: " + (
        ", ".join(zones.city_name(state, c) for c in payers(state, frame["player"])) or "none"
    )


@explained(_cost_detail)
@BOOK.check(
    "found.cost",
    "Founding a city lowers the population of another city of yours by the founding cost, "
    "and that city must keep at least 1: name a city of yours that can pay.",
    NOTES,
)
def cost_paid(state: State, frame: Frame, a: Args) -> bool:
    seat = frame["player"]
    if found_cost(state, seat) == 0:
        return len(a.words) == 1
    return len(a.words) == 2 and a.get(1) in payers(state, seat)


def found_candidates(state: State, frame: Frame) -> list[Action]:
    """Every city card in the council (``city_in_council``) with every city that can pay
    (``cost_paid``); the cost reckoned once."""
    seat = frame["player"]
    r = seat_reading(state, seat)
    by = r.by
    cities = sorted([c for c in state["players"][seat]["council"] if by[c]["type"] == "city"])
    if not cities:
        return []
    cost = found_cost(state, seat, r.mine)
    if cost == 0:
        return [Action("found", (c,)) for c in cities]
    can_pay = _payers(state, r.mine, cost)
    return [Action("found", (c, p)) for c in cities for p in can_pay]


def place_city(state: State, seat: int, cid: str, payer: str | None, ev: Events) -> None:
    """A new city at population 1; the paying city loses the founding cost."""
    state["cities"][cid] = new_city(seat)
    text = f"{zones.player_name(state, seat)} founds {card_set.name(state, cid)}, population 1"
    if payer is not None:
        cost = found_cost(state, seat)
        state["cities"][payer]["population"] -= cost
        left = state["cities"][payer]["population"]
        text += f"; {zones.city_name(state, payer)} drops to population {left}"
    ev.emit("city_founded", text + ".", player=seat, city=cid, payer=payer)


def apply_found(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, cid = frame["player"], a.get(0)
    payer = a.get(1) or None
    state["players"][seat]["council"].remove(cid)
    place_city(state, seat, cid, payer, ev)
    # The three pulls are a "may": the settle frame offers them (``pull``) beside the terrain.
    state["stack"].append(
        {"kind": "settle", "player": seat, "city": cid, "cards": [], "pulled": False}
    )


FOUND = ActionKind(
    "found",
    parse_args,
    [city_in_council, cost_paid],
    found_candidates,
    acted(apply_found),
    arity=(1, 2),
    usage="use: found <city card> [<city paying the population>]",
    example="found 0-05 0-07",
    ensured=[city_in_council, cost_paid],
    # every card of the council, alone and paid by every city on the map
    wide=lambda s, f: [
        Action("found", (c, *p))
        for c in wide.council(s, f)
        for p in ((), *((x,) for x in wide.every_city(s)))
    ],
)


# -- settling: a terrain, then a production--------------------------------------------------------
SETTLE_PULLS = 3  # seed action 3: "Then you may pull 3 cards"


@explained(lambda s, f, a: "this city's cards were pulled already, or your treasury is empty")
@BOOK.check(
    "settle.may-pull",
    "After founding a city you may pull three cards, once, before choosing its terrain from "
    "them or from your council.",
    ACTION,
)
def settle_pull_ok(state: State, frame: Frame, a: Args) -> bool:
    return _can_pull(state, frame)


def _can_pull(state: State, frame: Frame) -> bool:
    p = state["players"][frame["player"]]
    return not frame["pulled"] and bool(p["treasury"] or p["landfill"])


def settle_pull_candidates(state: State, frame: Frame) -> list[Action]:
    return [Action("pull")] if _can_pull(state, frame) else []


def apply_settle_pull(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat = frame["player"]
    frame["pulled"] = True
    pulled = zones.pull(state, seat, SETTLE_PULLS, ev)
    frame["cards"] = pulled
    ev.emit(
        "pull",
        f"{zones.player_name(state, seat)} pulls "
        + ", ".join(card_set.name(state, x) for x in pulled)
        + f" to settle {card_set.name(state, frame['city'])}.",
        player=seat,
        cards=list(pulled),
    )


SETTLE_PULL = ActionKind(
    "pull",
    parse_args,
    [settle_pull_ok],
    settle_pull_candidates,
    apply_settle_pull,
    arity=(0, 0),
    usage="pull takes no arguments",
    example="pull",
    ensured=[settle_pull_ok],
    wide=lambda s, f: [Action("pull")],  # the only pull there is; the check decides
)


@explained(lambda s, f, a: "not a terrain you pulled or hold")
@BOOK.check(
    "settle.terrain-source",
    "The new city's terrain comes from the cards pulled for it or from your council.",
    ACTION,
)
def settle_terrain_ok(state: State, frame: Frame, a: Args) -> bool:
    cid = a.get(0)
    mine = cid in frame["cards"] or cid in state["players"][frame["player"]]["council"]
    return mine and card_set.ctype(state, cid) == "terrain"


def settle_candidates(state: State, frame: Frame) -> list[Action]:
    pool = list(frame["cards"]) + state["players"][frame["player"]]["council"]
    return [
        Action("terrain", (c,)) for c in sorted(set(pool)) if card_set.ctype(state, c) == "terrain"
    ]


def _after_terrain(state: State, frame: Frame, ev: Events) -> None:
    state["stack"].remove(frame)
    zones.land(state, [c for c in frame["cards"] if c in state["table"]], ev)
    if producible(state, frame["player"]):
        state["stack"].append(
            {"kind": "settle_produce", "player": frame["player"], "city": frame["city"]}
        )


def apply_settle_terrain(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, cid = frame["player"], a.get(0)
    if cid in frame["cards"]:
        zones.lift(state, cid)
        frame["cards"].remove(cid)
    else:
        state["players"][seat]["council"].remove(cid)
    place_terrain(state, seat, frame["city"], cid, ev)
    _after_terrain(state, frame, ev)


def place_terrain(state: State, seat: int, city: str, cid: str, ev: Events) -> None:
    state["cities"][city]["terrains"].append(cid)
    ev.emit(
        "terrain",
        f"{zones.player_name(state, seat)} puts {card_set.name(state, cid)} next to "
        f"{zones.city_name(state, city)}.",
        player=seat,
        city=city,
        card=cid,
    )


def apply_settle_none(state: State, frame: Frame, a: Args, ev: Events) -> None:
    _after_terrain(state, frame, ev)


SETTLE_TERRAIN = ActionKind(
    "terrain",
    parse_args,
    [settle_terrain_ok],
    settle_candidates,
    apply_settle_terrain,
    arity=(1, 1),
    usage="use: terrain <terrain card>",
    example="terrain 0-10",
    ensured=[settle_terrain_ok],
    wide=lambda s, f: [Action("terrain", (c,)) for c in wide.every_card(s)],
)
SETTLE_NONE = bare("none", apply_settle_none)


def apply_settle_produce(state: State, frame: Frame, a: Args, ev: Events) -> None:
    state["stack"].remove(frame)
    start_production(state, frame["player"], frame["city"], a.get(0), ev)


def apply_produce_none(state: State, frame: Frame, a: Args, ev: Events) -> None:
    state["stack"].remove(frame)


SETTLE_PRODUCE = produce_kind(apply_settle_produce, new_city=True)
PRODUCE_NONE = bare("none", apply_produce_none)


# -- playing a card from the council---------------------------------------------------------------
@explained(lambda s, f, a: "no such card in your council")
@BOOK.check(
    "play.card-kind",
    "Play an event, discovery, resource mod, terrain or policy card from your council.",
    ACTION,
)
def playable_in_council(state: State, frame: Frame, a: Args) -> bool:
    cid = a.get(0)
    return (
        cid in state["players"][frame["player"]]["council"]
        and card_set.ctype(state, cid) in PLAYABLE
    )


def terrain_room(state: State, seat: int, city: str | None) -> bool:
    return (
        city is not None
        and zones.controls(state, seat, city)
        and len(state["cities"][city]["terrains"]) < opt(state, "max_terrains")
    )


def mod_fits(state: State, seat: int, mod: str, terrain: str | None) -> bool:
    if terrain is None:
        return False
    for city in zones.cities_of(state, seat):
        c = state["cities"][city]
        if terrain in c["terrains"]:
            return (
                terrain not in c["mods"]
                and card_set.instance(state, terrain).design in card_set.design(state, mod)["on"]
            )
    return False


def deploy_ok(state: State, seat: int, cid: str, target: str | None, kind: str) -> bool:
    """Where a deployed card may go; ``kind`` picks the one rule it answers to."""
    t = card_set.ctype(state, cid)
    if kind == "terrain":
        return t != "terrain" or terrain_room(state, seat, target)
    if kind == "mod":
        return t != "mod" or mod_fits(state, seat, cid, target)
    if kind == "policy":
        return t != "policy" or target is None
    if kind == "effect":
        if t not in ("event", "discovery"):
            return True
        return effects.target_ok(state, seat, card_set.design(state, cid)["effect"], target)
    raise ValueError(kind)


def _target(a: Args) -> str | None:
    return a.get(1) or None


@explained(lambda s, f, a: f"a city holds at most {opt(s, 'max_terrains')} terrains")
@BOOK.check(
    "play.terrain-room",
    "A terrain goes next to a city you control that has room for another terrain.",
    ACTION,
)
def play_terrain_ok(state: State, frame: Frame, a: Args) -> bool:
    return deploy_ok(state, frame["player"], a.get(0), _target(a), "terrain")


@explained(
    lambda s, f, a: (
        "it suits "
        + ", ".join(card_set.designs()[x]["name"] for x in card_set.design(s, a.get(0))["on"])
    )
)
@BOOK.check(
    "play.mod-fits",
    "A resource mod goes on a terrain you control that it suits and that has no mod yet.",
    ACTION,
)
def play_mod_ok(state: State, frame: Frame, a: Args) -> bool:
    return deploy_ok(state, frame["player"], a.get(0), _target(a), "mod")


@well_formed(lambda s, f, a: "a policy takes no target")
def play_policy_ok(state: State, frame: Frame, a: Args) -> bool:
    return deploy_ok(state, frame["player"], a.get(0), _target(a), "policy")


@BOOK.check(
    "play.effect-target",
    "A card that raises population names a city you control; one that adds research counters "
    "needs a current research; other events take no target.",
    CARDS,
    source="ours",
)
def play_effect_ok(state: State, frame: Frame, a: Args) -> bool:
    return deploy_ok(state, frame["player"], a.get(0), _target(a), "effect")


def deploy_targets(state: State, seat: int, cid: str) -> list[str | None]:
    """Every target a card could be deployed to (before the checks)."""
    t = card_set.ctype(state, cid)
    if t == "terrain":
        return [*sorted(zones.cities_of(state, seat))]
    if t == "mod":
        return sorted(
            x for c in zones.cities_of(state, seat) for x in state["cities"][c]["terrains"]
        )
    if t in ("event", "discovery"):
        return effects.targets(state, seat, card_set.design(state, cid)["effect"])
    return [None]


def deploy_fits(state: State, seat: int, cid: str, target: str | None) -> bool:
    """:func:`deploy_ok` for every rule at once: only the rule of the card's type can say no
    (each of the others answers True for a card not of its type), so only that one is asked."""
    t = card_set.ctype(state, cid)
    if t in _RULE_OF_TYPE:
        return deploy_ok(state, seat, cid, target, _RULE_OF_TYPE[t])
    return True


_RULE_OF_TYPE = {
    "terrain": "terrain",
    "mod": "mod",
    "policy": "policy",
    "event": "effect",
    "discovery": "effect",
}
"""The one :func:`deploy_ok` rule a card of each type answers to."""


def play_candidates(state: State, frame: Frame) -> list[Action]:
    """Every playable card of the council (``playable_in_council``) at every target of
    :func:`deploy_targets` that the rule of its type admits (:func:`deploy_fits`), those
    rules written out here per type: the designs and the seat's cities from the listing's
    reading, and nothing asked per target that the target list already says."""
    seat = frame["player"]
    r = seat_reading(state, seat)
    by, mine, cities = r.by, r.mine, state["cities"]
    out = []
    for cid in sorted(state["players"][seat]["council"]):
        d = by[cid]
        t = d["type"]
        if t == "policy":  # play_policy_ok: no target
            out.append(Action("play", (cid,)))
            continue
        if t == "event" or t == "discovery":  # play_effect_ok (effects.targets all pass it)
            effect = d["effect"]
            if "research" in effect and state["players"][seat]["research"] is None:
                continue
            if "grow" not in effect:
                out.append(Action("play", (cid,)))
                continue
        elif t != "terrain" and t != "mod":
            continue
        if t == "mod":  # play_mod_ok: a terrain of the seat's with no mod that the mod suits
            on = d["on"]
            fits = [
                x
                for c in mine
                for x in cities[c]["terrains"]
                if x not in cities[c]["mods"] and by[x]["id"] in on
            ]
            out += [Action("play", (cid, x)) for x in sorted(fits)]
        elif t == "terrain":  # play_terrain_ok: a city of the seat's with room
            room = opt(state, "max_terrains")
            out += [Action("play", (cid, c)) for c in mine if len(cities[c]["terrains"]) < room]
        else:  # a population card: every city of the seat's
            out += [Action("play", (cid, c)) for c in mine]
    return out


def deploy(state: State, seat: int, cid: str, target: str | None, ev: Events) -> None:
    """Put a card (already taken from the council or the table) where it goes."""
    t = card_set.ctype(state, cid)
    who = zones.player_name(state, seat)
    if t == "terrain":
        assert target is not None
        place_terrain(state, seat, target, cid, ev)
    elif t == "mod":
        for city in zones.cities_of(state, seat):
            if target in state["cities"][city]["terrains"]:
                state["cities"][city]["mods"][target] = cid
                ev.emit(
                    "mod",
                    f"{who} attaches {card_set.name(state, cid)} to "
                    f"{card_set.name(state, str(target))} "
                    f"at {zones.city_name(state, city)}.",
                    player=seat,
                    card=cid,
                )
    elif t == "policy":
        state["players"][seat]["policies"].append(cid)
        ev.emit(
            "policy", f"{who} puts the policy {card_set.name(state, cid)} on the map.", player=seat
        )
    else:
        ev.emit("event", f"{who} plays {card_set.name(state, cid)}.", player=seat, card=cid)
        effects.resolve(state, seat, card_set.design(state, cid)["effect"], target, cid, ev)
        zones.to_landfill(state, cid, ev)


def apply_play(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, cid = frame["player"], a.get(0)
    state["players"][seat]["council"].remove(cid)
    deploy(state, seat, cid, _target(a), ev)


PLAY_CHECKS = [playable_in_council, play_terrain_ok, play_mod_ok, play_policy_ok, play_effect_ok]
PLAY = ActionKind(
    "play",
    parse_args,
    PLAY_CHECKS,
    play_candidates,
    acted(apply_play),
    arity=(1, 2),
    usage="use: play <card> [<target city or terrain>]",
    example="play 0-17 0-00",
    ensured=list(PLAY_CHECKS),
    # every card of the council, alone and at every card, city or unit
    wide=lambda s, f: [
        Action("play", (c, *t)) for c in wide.council(s, f) for t in wide.every_target(s)
    ],
)


# -- units: heal and move--------------------------------------------------------------------------
def _fresh_unit(state: State, frame: Frame, a: Args) -> bool:
    u = state["units"].get(a.get(0))
    return u is not None and u["controller"] == frame["player"] and not u["tired"]


@explained(lambda s, f, a: "not a fresh unit of yours")
@BOOK.check("heal.fresh-unit", "Healing exhausts a fresh unit of yours.", ACTION)
def heal_unit_ok(state: State, frame: Frame, a: Args) -> bool:
    return _fresh_unit(state, frame, a)


@BOOK.check("heal.damaged", "That unit has no damage counters to remove.", OURS, source="ours")
def heal_damaged(state: State, frame: Frame, a: Args) -> bool:
    return state["units"][a.get(0)]["damage"] > 0


def heal_candidates(state: State, frame: Frame) -> list[Action]:
    """The fresh, damaged units of the seat (``heal_unit_ok``, ``heal_damaged``)."""
    units = state["units"]
    fresh = seat_reading(state, frame["player"]).fresh
    return [Action("heal", (uid,)) for uid in fresh if units[uid]["damage"] > 0]


def apply_heal(state: State, frame: Frame, a: Args, ev: Events) -> None:
    u = state["units"][a.get(0)]
    u["tired"], u["damage"] = True, 0
    ev.emit(
        "heal",
        f"{zones.player_name(state, frame['player'])} exhausts {card_set.name(state, a.get(0))} "
        "to heal it.",
        player=frame["player"],
    )


HEAL = ActionKind(
    "heal",
    parse_args,
    [heal_unit_ok, heal_damaged],
    heal_candidates,
    acted(apply_heal),
    arity=(1, 1),
    usage="use: heal <unit>",
    example="heal 0-03",
    ensured=[heal_unit_ok, heal_damaged],
    wide=lambda s, f: [Action("heal", (u,)) for u in wide.every_unit(s)],
)


@explained(lambda s, f, a: "not a fresh unit of yours")
@BOOK.check("move.fresh-unit", "Moving exhausts a fresh unit of yours.", ACTION)
def move_unit_ok(state: State, frame: Frame, a: Args) -> bool:
    return _fresh_unit(state, frame, a)


@BOOK.check("move.other-city", "Move the unit to another city you control.", ACTION)
def move_target_ok(state: State, frame: Frame, a: Args) -> bool:
    return zones.controls(state, frame["player"], a.get(1)) and state["units"][a.get(0)][
        "city"
    ] != a.get(1)


def move_candidates(state: State, frame: Frame) -> list[Action]:
    """Every fresh unit of the seat (``move_unit_ok``) to every other city it controls
    (``move_target_ok``)."""
    r = seat_reading(state, frame["player"])
    cities = r.mine
    if len(cities) < 2:
        return []
    units = state["units"]
    return [Action("move", (uid, c)) for uid in r.fresh for c in cities if c != units[uid]["city"]]


def apply_move(state: State, frame: Frame, a: Args, ev: Events) -> None:
    u = state["units"][a.get(0)]
    u["tired"], u["city"] = True, a.get(1)
    ev.emit(
        "move",
        f"{zones.player_name(state, frame['player'])} moves {card_set.name(state, a.get(0))} to "
        f"{zones.city_name(state, a.get(1))}.",
        player=frame["player"],
    )


MOVE = ActionKind(
    "move",
    parse_args,
    [move_unit_ok, move_target_ok],
    move_candidates,
    acted(apply_move),
    arity=(2, 2),
    usage="use: move <unit> <city>",
    example="move 0-03 0-07",
    ensured=[move_unit_ok, move_target_ok],
    wide=lambda s, f: [
        Action("move", (u, c)) for u in wide.every_unit(s) for c in wide.every_city(s)
    ],
)


# -- abilities-------------------------------------------------------------------------------------
def ability_of(state: State, seat: int, cid: str) -> dict[str, int] | None:
    for city in zones.cities_of(state, seat):
        if cid in state["cities"][city]["creations"]:
            return card_set.design(state, cid).get("ability")
    return None


@explained(lambda s, f, a: "not a card of yours with an ability")
@BOOK.check("ability.has-ability", "Use an ability of a card you control that has one.", ACTION)
def ability_ok(state: State, frame: Frame, a: Args) -> bool:
    return ability_of(state, frame["player"], a.get(0)) is not None


@BOOK.check(
    "ability.fresh",
    "That ability exhausts its card, so the card must be fresh.",
    ACTION,
)
def ability_fresh(state: State, frame: Frame, a: Args) -> bool:
    return a.get(0) not in state["spent"]


def ability_candidates(state: State, frame: Frame) -> list[Action]:
    """The fresh cards (``ability_fresh``) with an ability in the seat's cities
    (``ability_ok``)."""
    seat, spent, cities = frame["player"], state["spent"], state["cities"]
    r = seat_reading(state, seat)
    by = r.by
    return [
        Action("ability", (x,))
        for city in r.mine
        for x in cities[city]["creations"]
        if by[x].get("ability") and x not in spent
    ]


def apply_ability(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, cid = frame["player"], a.get(0)
    state["spent"].append(cid)
    state["spent"].sort()
    ability = ability_of(state, seat, cid)
    assert ability is not None
    ev.emit(
        "ability",
        f"{zones.player_name(state, seat)} exhausts {card_set.name(state, cid)}.",
        player=seat,
    )
    effects.resolve(state, seat, ability, None, cid, ev)


ABILITY = ActionKind(
    "ability",
    parse_args,
    [ability_ok, ability_fresh],
    ability_candidates,
    acted(apply_ability),
    arity=(1, 1),
    usage="use: ability <card>",
    example="ability 0-33",
    ensured=[ability_ok, ability_fresh],
    wide=lambda s, f: [Action("ability", (c,)) for c in wide.every_card(s)],
)


# -- passing---------------------------------------------------------------------------------------
def apply_pass(state: State, frame: Frame, a: Args, ev: Events) -> None:
    state["stack"].pop()
    final = opt(state, "pass_is_final")
    next_actor(state, passed=True)
    ev.emit(
        "pass",
        f"{zones.player_name(state, frame['player'])} passes"
        + (" for the rest of the action phase." if final else "."),
        player=frame["player"],
        rule=(PASS_OUT if final else ACTION_ORDER).id,
    )


PASS = bare("pass", apply_pass)
