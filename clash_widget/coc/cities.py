"""Cities: founding, activating (collect, build units, grow) and mood.

Primer: "Found a City", "Activate a City" and its three choices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from ..engine import Action, act
from ..engine.actions import MalformedAction, act_once
from ..engine.frames import ActionKind, Candidates, fixed
from ..engine.game import Events, Frame, State
from ..engine.reading import read_once
from ..engine.rules import Check
from . import paying
from .board import (
    board_neighbours,
    city_size,
    effective_size,
    hex_distance,
    is_land,
    is_sea,
    neighbour_keys,
    own_cities,
    stack_count,
    terrain,
    units_at,
    units_on,
)
from .common import actions_left, bump_stat, me, spend_action
from .economy import can_pay, gain, option_cost, option_price, parse_payment, pay
from .effects import PIECE_EFFECT, grants, source
from .places import at, capitalised, city_name, place, side, worded
from .rulebook import RULES
from .setup import add_unit, new_city
from .state_types import BuildFrame, CollectFrame
from .vocab import (
    ANGRY,
    BASIC,
    NEUTRAL,
    PIECES,
    RESOURCES,
    TERRAINS,
    TOKENS,
    UNIT_KINDS,
    mood_name,
    parse_hex,
    with_article,
)

FOUND = "Primer: Actions (Expanded), Found a City; French rulings p. 6, 8"
ACTIVATE = "Primer: Actions (Expanded), Activate a City"
COLLECT = "Primer: Activate a City, Collect Resources"
BUILD = "Primer: Activate a City, Build Units"
GROW = "Primer: Activate a City, Increase City Size"

UNITS = ("settler", "army", "ship")  # each costs the option <kind>_cost


def unit_cost(state: State, kind: str) -> dict[str, int]:
    return option_cost(state, f"{kind}_cost")


def _hex_arg(a: Action, i: int = 0) -> str:
    """The i-th argument as a canonical ``q,r`` key (ValueError if it is not a hex)."""
    parse_hex(a.args[i])  # ValueError unless it is a canonical q,r key
    return a.args[i]


# == found a city ==========================================================


def parse_found(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    return {"player": frame["player"], "hex": _hex_arg(a)}


@RULES.check("found.on-board", "That position is not on the board.", FOUND)
def found_on_board(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["hex"] in state["hexes"]


@RULES.check("found.settler-required", "You need one of your settlers on that hex.", FOUND)
def found_settler(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return any(
        u["owner"] == args["player"] and u["kind"] == "settler" and u["on"] is None
        for _, u in units_on(state, args["hex"])
    )


@RULES.check("found.not-barren", "Cities cannot be founded on barren land (or at sea).", FOUND)
def found_not_barren(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return is_land(state, args["hex"]) and terrain(state, args["hex"]) != "barren"


@RULES.check("found.no-city", "There is already a city on that hex.", FOUND)
def found_no_city(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["hex"] not in state["cities"]


@RULES.check("found.no-foreign-units", "Foreign units stand on that hex.", FOUND)
def found_no_foreign(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    p = args["player"]
    for _, u in units_on(state, args["hex"]):  # a loop, not any(): asked at every settler
        if u["owner"] != p:
            return False
    return True


# == the wide definitions (engine.conformance holds each kind's listing to its own) ======


def every_hex(kind: str) -> Candidates:
    """``kind <hex>`` for every hex of the board (whatever stands there)."""
    return lambda state, frame: [act_once(kind, h) for h in sorted(state["hexes"])]


def every_city(kind: str) -> Candidates:
    """``kind <city>`` for every city on the board, whoever owns it."""
    return lambda state, frame: [act_once(kind, c) for c in sorted(state["cities"])]


def wide_takes(state: State, frame: Frame) -> list[Action]:
    """Every hex of the board, each with every resource and token named."""
    return [act_once("take", h, r) for h in sorted(state["hexes"]) for r in (*RESOURCES, *TOKENS)]


def wide_units(state: State, frame: Frame) -> list[Action]:
    """Every kind of unit, paid or drafted (no payment named: how to pay is asked)."""
    return [act_once("unit", *k) for u in UNIT_KINDS for k in ((u,), (u, "draft"))]


def wide_growths(state: State, frame: Frame) -> list[Action]:
    """Every city on the board, every piece (a port on every hex next to the city, a temple
    with either token), with and without Sanitation's settler (no payment named)."""
    out = []
    for key in sorted(state["cities"]):
        for piece in PIECES:
            if piece == "port":
                specs = [f"port@{h}" for h in neighbour_keys(key)]
            elif piece == "temple":
                specs = [f"temple:{t}" for t in TOKENS]
            else:
                specs = [piece]
            for spec in specs:
                out += [act_once("grow", key, spec), act_once("grow", key, spec, "+settler")]
    return out


# Asked by found_candidates of each hex, in the table's order (found.settler-required
# holds there by construction).
_FOUND_AT = (found_on_board, found_not_barren, found_no_city, found_no_foreign)


def found_candidates(state: State, frame: Frame) -> list[Action]:
    """The hexes where the player may found a city: where one of its settlers stands, not
    aboard (``found_settler``), that pass the other checks about the hex (see ``ensured``),
    in the order of the hexes."""
    p = frame["player"]
    hexes = []
    for u in state["units"].values():  # plain loops: at every listing
        if u["kind"] == "settler" and u["owner"] == p and u["on"] is None:
            if u["hex"] not in hexes:
                hexes.append(u["hex"])
    if not hexes:
        return hexes
    hexes.sort()
    out = []
    args = {"player": p, "hex": ""}
    for h in hexes:
        args["hex"] = h
        for c in _FOUND_AT:
            if not c.ok(state, frame, args):
                break
        else:
            out.append(act_once("found", h))
    return out


def apply_found(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    spend_action(state)
    p, key = args["player"], args["hex"]
    settler = next(
        uid
        for uid, u in state["units"].items()
        if u["hex"] == key and u["owner"] == p and u["kind"] == "settler" and u["on"] is None
    )
    del state["units"][settler]
    where = at(state, key)  # named before the city stands there
    state["cities"][key] = new_city(p)
    ev.emit("found", f"{state['players'][p]['name']} founds a city {where}.", player=p, hexes=[key])
    bump_stat(state, "found")


FOUND_KIND = ActionKind(
    "found",
    parse_found,
    [
        actions_left,
        found_on_board,
        found_settler,
        found_not_barren,
        found_no_city,
        found_no_foreign,
    ],
    found_candidates,
    apply_found,
    category="found",
    # found_candidates: the hexes of the player's settlers ashore that pass the other checks
    # (turn.actions-left is asked once for the kind: it reads only the frame)
    ensured=[found_settler, *_FOUND_AT],
    wide=every_hex("found"),
    arity=(1, 1),
    usage="found <hex>",
    example="found 2,1",
    label=worded("Found a city {0}", at),
)


# == activating a city =======================================================


def parse_city(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    return {"player": frame["player"], "city": _hex_arg(a), "rest": a.args[1:]}


@RULES.check("city.own-city", "You can only activate a city of your own.", ACTIVATE)
def own_city(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    c = state["cities"].get(args["city"])
    return c is not None and c["owner"] == args["player"]


def activate(state: State, p: int, key: str, ev: Events) -> None:
    """Count an activation; each one after the first this turn lowers the mood a step."""
    city = state["cities"][key]
    city["activations"] += 1
    if city["activations"] > 1 and city["mood"] > ANGRY:
        city["mood"] -= 1
        ev.emit(
            "mood",
            f"{capitalised(city_name(state, key))} is activated again this turn: now "
            f"{mood_name(city['mood'])}.",
            player=p,
            hexes=[key],
        )


def collect_candidates(state: State, frame: Frame) -> tuple[Action, ...]:
    """``collect <city>`` for each of the player's cities, in their order."""
    return _collect_each(tuple(own_cities(state, frame["player"])))


@lru_cache(maxsize=4096)  # the tuples of cities a player holds: few in a game
def _collect_each(keys: tuple[str, ...]) -> tuple[Action, ...]:
    """The collect actions of these cities, made once (actions are immutable)."""
    return tuple(act_once("collect", k) for k in keys)


# == collect =================================================================


@RULES.check(
    "collect.economic-liberty-mood",
    "With Economic Liberty, a further collect this turn costs 2 mood tokens instead of an "
    "action (the option economic_liberty_action_too: an action and the 2 tokens).",
    "Primer: Advances, DEMOCRACY (Economic Liberty)",
    frame_only=True,
)
def econ_liberty_mood(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    player = me(state, frame)
    # Whether this is a further collect, before the advance: the cheaper test, same answer.
    if "first_collect" not in player["once"] or not grants(player, "collect.economic-liberty"):
        return True
    return player["mood"] >= 2


@RULES.check(
    "collect.actions-left",
    "You have no actions left (with Economic Liberty your first collect each turn is free, "
    "and the next ones cost mood tokens instead).",
    ACTIVATE,
    frame_only=True,
)
def collect_action_left(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return state["turn"]["actions"] > 0 or not _collect_takes_action(state, me(state, frame))


def _collect_takes_action(state: State, player: dict[str, Any]) -> bool:
    """Economic Liberty: the first collect is free, the next ones cost 2 mood tokens in
    place of the action (unless the option economic_liberty_action_too asks both)."""
    if not grants(player, "collect.economic-liberty"):
        return True
    if "first_collect" not in player["once"]:
        return False
    return bool(state["options"].get("economic_liberty_action_too", False))


def start_collect(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    p, key = args["player"], args["city"]
    player = state["players"][p]
    liberty = grants(player, "collect.economic-liberty")
    if _collect_takes_action(state, player):
        spend_action(state)
    if liberty and "first_collect" in player["once"]:
        player["mood"] -= 2
    elif liberty:
        player["once"].append("first_collect")
    city = state["cities"][key]
    size = effective_size(state, city)
    activate(state, p, key, ev)
    collect: CollectFrame = {
        "kind": "collect",
        "player": p,
        "city": key,
        "max": size,
        "picks": [],
        "range": 1,
    }
    state["stack"].append(collect)


COLLECT_KIND = ActionKind(
    "collect",
    parse_city,
    [own_city, collect_action_left, econ_liberty_mood],
    collect_candidates,
    start_collect,
    category="collect",
    ensured=[own_city],  # candidates are the mover's own cities
    wide=every_city("collect"),
    arity=(1, 1),
    usage="collect <city>",
    example="collect 1,1",
    label=worded("Collect with {0}", city_name),
)


# What a land hex gives, and the effect (Farming, Mining, Irrigation) that lets a city take it.
LAND_YIELD = {
    "plains": ("collect.plains-food", "food"),
    "forest": ("collect.forest-wood", "wood"),
    "mountain": ("collect.mountain-ore", "ore"),
    "barren": ("collect.barren-food", "food"),
}


def yields(state: State, p: int, key: str, city: dict[str, Any]) -> list[str]:
    """What a hex can give this player (Farming, Mining, Irrigation, Fishing, Port)."""
    return _yields(state["players"][p], terrain(state, key), city["port"] == key)


def _yields(player: dict[str, Any], t: str | None, port: bool) -> list[str]:
    """What a hex of terrain ``t`` gives ``player`` (``port``: it is the city's port)."""
    land = LAND_YIELD.get(t)  # type: ignore[arg-type]
    if land is not None:
        return [land[1]] if grants(player, land[0]) else []
    if t == "sea":
        out = ["food"] if grants(player, "collect.sea-food") else []
        if port:
            out += ["gold", "mood"]
        return out
    return []


def parse_take(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    return {"player": frame["player"], "hex": _hex_arg(a), "res": a.args[1]}


@RULES.check(
    "collect.size-limit",
    "A city collects from as many hexes as its size (happy +1, angry counts as 1).",
    COLLECT,
    frame_only=True,
)
def take_room(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return len(frame["picks"]) < frame["max"]


@RULES.check(
    "collect.in-range",
    "You collect from the city's own hex and the hexes next to it "
    "(two spaces away with Husbandry).",
    COLLECT,
)
def take_in_range(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return (
        args["hex"] in state["hexes"] and hex_distance(args["hex"], frame["city"]) <= frame["range"]
    )


@RULES.check("collect.hex-used", "Each hex may be used only once per collect action.", COLLECT)
def take_unused(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    h = args["hex"]
    for picked, _ in frame["picks"]:  # a plain loop: asked of every hex at every listing
        if picked == h:
            return False
    return True


@RULES.check(
    "collect.hex-occupied",
    "You cannot collect from a hex holding another city or any foreign unit.",
    COLLECT,
)
def take_free(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    h = args["hex"]
    if h != frame["city"] and h in state["cities"]:
        return False
    p = frame["player"]
    for _, u in units_on(state, h):  # a loop, not any(): asked of every hex in reach
        if u["owner"] != p:
            return False
    return True


@RULES.check(
    "collect.yield",
    "That hex does not give that resource to you (plains: food, forest: wood, mountain: ore; "
    "barren needs Irrigation, sea needs Fishing, gold or mood at sea needs a Port).",
    COLLECT,
)
def take_yield(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    city = state["cities"][frame["city"]]
    return args["res"] in yields(state, frame["player"], args["hex"], city)


@RULES.check(
    "collect.one-sea-hex",
    "Fishing lets a city collect from only one sea hex per collect.",
    "Primer: Advances, MARITIME (Fishing)",
)
def take_one_sea(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if not is_sea(state, args["hex"]):
        return True
    for h, _ in frame["picks"]:
        if is_sea(state, h):
            return False
    return True


@RULES.check(
    "collect.sea-adjacent",
    "A city fishes only in a sea space next to it (Husbandry's two spaces reach land only).",
    'Primer: Advances, MARITIME (Fishing: "one adjacent Sea space")',
)
def take_sea_adjacent(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not is_sea(state, args["hex"]) or hex_distance(args["hex"], frame["city"]) <= 1


def take_candidates(state: State, frame: Frame) -> list[Action]:
    """What each hex in range yields to the player, for the hexes that pass the checks
    reading only the hex (``_TAKE_PER_HEX``, see ``ensured``), asked here once per hex in
    plain loops: hex-used, hex-occupied (another city, a foreign unit), one-sea-hex and
    sea-adjacent, each as its check reads it. What a hex yields is read from the table of
    the player's yields (``_yield_table``), the foreign units from one pass over the units
    when a hex first needs them."""
    p = frame["player"]
    centre = frame["city"]
    cities = state["cities"]
    port = cities[centre]["port"]
    hexes = state["hexes"]
    picked = []  # collect.hex-used and collect.one-sea-hex read the hexes already taken
    sea_taken = False
    for h, _ in frame["picks"]:
        picked.append(h)
        if hexes[h]["terrain"] == "sea":
            sea_taken = True
    rng = frame["range"]
    # At a reach of 1 every hex is the city's or next to it: collect.sea-adjacent holds.
    far = rng > 1
    table = _yield_table(state["players"][p]["advances"])
    foreign: set[str] | None = None  # the hexes where another player's unit stands
    out = []
    # the usual reach: the city's hex (on the board) and its neighbours on the board
    for h in _in_range(state, centre, rng) if far else _around(centre):
        if h not in hexes:
            continue
        t = hexes[h]["terrain"]
        got = table.get((t, True)) if h == port else table.get(t)
        if not got or h in picked:  # collect.yield, collect.hex-used
            continue
        if h != centre and h in cities:  # collect.hex-occupied: another city
            continue
        if foreign is None:
            foreign = set()
            for u in state["units"].values():
                if u["owner"] != p:
                    foreign.add(u["hex"])
        if h in foreign:  # collect.hex-occupied: a foreign unit
            continue
        if t == "sea" and (sea_taken or (far and hex_distance(h, centre) > 1)):
            continue  # collect.one-sea-hex, collect.sea-adjacent
        for res in got:
            out.append(act_once("take", h, res))
    return out


# The advances that _yields reads (through the effects of LAND_YIELD and Fishing).
_YIELD_ADVANCES = tuple(
    sorted({source(e) for e, _ in LAND_YIELD.values()} | {source("collect.sea-food")})
)


def _yield_table(advances: list[str]) -> Mapping[Any, tuple[str, ...]]:
    """What each terrain yields to a player owning ``advances`` (``_yields``): by terrain,
    and by (terrain, True) for the city's port."""
    owned = 0
    bit = 1
    for a in _YIELD_ADVANCES:  # a loop: at every listing of the collect frame
        if a in advances:
            owned |= bit
        bit <<= 1
    return _yields_owning(owned)


@cache  # one per subset of _YIELD_ADVANCES
def _yields_owning(owned: int) -> Mapping[Any, tuple[str, ...]]:
    """``_yields`` of every terrain (and unexplored, None), for a player owning the subset
    ``owned`` (bits in ``_YIELD_ADVANCES`` order) of the advances it reads; read-only."""
    player = {"advances": [a for i, a in enumerate(_YIELD_ADVANCES) if owned >> i & 1]}
    table: dict[Any, tuple[str, ...]] = {}
    for t in (*TERRAINS, None):
        table[t] = tuple(_yields(player, t, False))
        table[t, True] = tuple(_yields(player, t, True))
    return MappingProxyType(table)


def _in_range(state: State, centre: str, rng: int) -> list[str]:
    """The board's hexes up to ``rng`` steps from ``centre`` over the board, sorted (a
    reach of 1: ``_around``, whose hexes off the board the caller leaves out)."""
    seen = {centre}
    ring = [centre]
    for _ in range(rng):
        nxt = []
        for h in ring:
            for n in board_neighbours(state, h):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        ring = nxt
    return sorted(seen)


@lru_cache(maxsize=4096)  # a board has a few hundred hexes
def _around(centre: str) -> Sequence[str]:
    """``centre`` and its six neighbour positions (on the board or not), sorted."""
    return sorted([centre, *neighbour_keys(centre)])


def apply_take(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    frame["picks"].append([args["hex"], args["res"]])


def parse_plain(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    return {"player": frame["player"], "args": a.args}


@RULES.check(
    "collect.husbandry",
    "Reaching two spaces needs Husbandry, and 1 food (free with Roads); our reading: it is "
    "chosen before any hex is taken.",
    "Primer: Advances, AGRICULTURE (Husbandry)",
    source="ours",
    frame_only=True,
)
def husbandry_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    player = me(state, frame)
    if frame["range"] > 1 or frame["picks"] or not grants(player, "collect.husbandry"):
        return False  # the frame first: the same answer, and no advance read after a pick
    return grants(player, "collect.husbandry-free") or can_pay(player, {"food": 1})


def _husbandry_cost(state: State, frame: Frame, args: dict[str, Any]) -> list[dict[str, int]]:
    return [{}] if grants(me(state, frame), "collect.husbandry-free") else [{"food": 1}]


def parse_husbandry(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    named = paying.read(a.args[0]) if a.args else None
    return {"player": frame["player"], "for": "husbandry", "payment": named}


def apply_husbandry(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    take = paying.settle(state, frame, "husbandry", args)
    if take is None:
        return  # asked: food or gold
    pay(me(state, frame), take)
    frame["range"] = 2


paying.register("husbandry", _husbandry_cost, apply_husbandry)


@RULES.check(
    "collect.pick-something",
    "Choose at least one hex to collect from.",
    COLLECT,
    frame_only=True,
)
def has_picks(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return bool(frame["picks"])


def finish_collect(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    p = frame["player"]
    player = state["players"][p]
    got: dict[str, int] = {}
    for _, res in frame["picks"]:
        got[res] = got.get(res, 0) + 1
    city = state["cities"][frame["city"]]
    if grants(player, "collect.academy-idea") and "academy" in city["pieces"]:
        got["ideas"] = got.get("ideas", 0) + 1
    kept = {r: gain(state, player, r, n) for r, n in got.items()}
    text = ", ".join(f"{n} {r}" for r, n in kept.items() if n) or "nothing (limits reached)"
    ev.emit(
        "collect",
        f"{player['name']} collects {text} around {city_name(state, frame['city'])}.",
        player=p,
        hexes=[h for h, _ in frame["picks"]],
    )
    bump_stat(state, "collect")
    state["stack"].pop()


def _one(kind: str):  # noqa: ANN202
    return fixed(act(kind))


_TAKE_PER_HEX = (take_sea_adjacent, take_unused, take_free, take_one_sea)  # read the hex only
TAKE = ActionKind(
    "take",
    parse_take,
    [take_room, take_in_range, take_sea_adjacent, take_unused, take_free, take_yield, take_one_sea],
    take_candidates,
    apply_take,
    category="take",
    # take_candidates: what each hex in range yields, of the hexes that pass the others.
    ensured=[take_in_range, take_yield, *_TAKE_PER_HEX],
    wide=wide_takes,
    arity=(2, 2),
    usage="take <hex> <resource>",
    example="take 1,0 wood",
    label=worded("Take {1} from {0}", place),
)
HUSBANDRY = ActionKind(
    "husbandry",
    parse_husbandry,
    [husbandry_ok, paying.named_ok],
    _one("husbandry"),
    apply_husbandry,
    category="husbandry",
    arity=(0, 1),
    usage="husbandry [<payment>]",
    example="husbandry",
    label="Husbandry: collect from two spaces away",
)
COLLECT_DONE = ActionKind(
    "done",
    parse_plain,
    [has_picks],
    _one("done"),
    finish_collect,
    category="done",
    arity=(0, 0),
    usage="done",
    example="done",
    label="Done collecting",
)


# == build units =============================================================


def start_build(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    spend_action(state)
    p, key = args["player"], args["city"]
    size = effective_size(state, state["cities"][key])
    activate(state, p, key, ev)
    build: BuildFrame = {
        "kind": "build",
        "player": p,
        "city": key,
        "max": size,
        "built": [],
        "draft": False,
    }
    state["stack"].append(build)


@RULES.check(
    "build.can-build-something",
    "This city cannot build any unit now: check the costs (settler {settler_cost_words}, army "
    "{army_cost_words}, ship {ship_cost_words} at a port) and the limit of units on one space.",
    BUILD,
)
def can_build_something(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    # The same checks as the build frame, asked for a one-unit build in this city.
    # Whether some unit passes them all does not depend on their order, so the
    # probe asks first those that do not depend on the city (the costs and Draft),
    # once for all the player's cities; here only the port and the room.
    probe = _probe(frame["player"], args["city"])
    payable = read_once(
        state, ("coc.payable-units", probe["player"]), lambda: _payable_units(state, probe)
    )
    return _builds_here(state, probe, payable)


def _probe(p: int, key: str) -> Frame:
    """The build frame of a one-unit build in the city at ``key``."""
    return {"kind": "build", "player": p, "city": key, "max": 1, "built": [], "draft": False}


def _builds_here(state: State, probe: Frame, payable: list[dict[str, Any]]) -> bool:
    """Whether one of the ``payable`` units passes the checks that read the probe's city."""
    return any(_passes(_UNIT_PLACE, state, probe, unit) for unit in payable)


def _payable_units(state: State, probe: Frame) -> list[dict[str, Any]]:
    """The parsed one-unit builds that pass every check not about the city (the costs,
    Draft: any of the player's cities)."""
    return [u for u in _probe_units(state, probe) if _passes(_UNIT_ANY_CITY, state, probe, u)]


def _probe_units(state: State, probe: Frame) -> list[dict[str, Any]]:
    """Every unit a build may list, parsed: the Draft army too, which ``build.draft``
    refuses to a player without Draft (so whether some unit passes is the same, and
    Draft is read only if the other units fail). parse_unit reads only the player and
    the action, so they are parsed once per player and shared between listings: nothing
    may change them (no check does)."""
    p = probe["player"]
    units = _PROBE_UNITS.get(p)
    if units is None:
        units = _PROBE_UNITS[p] = [parse_unit(state, probe, a) for a in _UNITS_DRAFT]
    return units


_PROBE_UNITS: dict[int, list[dict[str, Any]]] = {}


def _passes(checks: tuple[Check, ...], state: State, frame: Frame, args: Any) -> bool:
    for c in checks:
        if not c.ok(state, frame, args):
            return False
    return True


def _paid(res: dict[str, int], options: dict[str, Any]) -> tuple[bool, bool, bool] | None:
    """:func:`_units_paid` for a player's holdings ``res`` under these options."""
    return _units_paid(
        res["food"],
        res["wood"],
        res["ore"],
        res["gold"],
        options["settler_cost"],
        options["army_cost"],
        options["ship_cost"],
    )


@lru_cache(maxsize=8192)  # holdings of up to 8 each, the options' three prices
def _units_paid(
    food: int, wood: int, ore: int, gold: int, settler: str, army: str, ship: str
) -> tuple[bool, bool, bool] | None:
    """``build.cost`` (``can_pay``) at these holdings for the prices written ``settler``,
    ``army`` and ``ship``: whether each is paid, in ``UNITS`` order. None if a price holds
    anything but food, wood and ore (then ``can_pay`` reads more)."""
    player = {"res": {"food": food, "wood": wood, "ore": ore, "gold": gold}}
    paid = []
    for text in (settler, army, ship):
        price = parse_payment(text)
        for r in price:
            if r not in BASIC:
                return None
        paid.append(can_pay(player, price))
    return paid[0], paid[1], paid[2]


def build_candidates(state: State, frame: Frame) -> list[Action]:
    """The player's cities that pass ``build.can-build-something``: whether a land unit
    (settler, army, Draft's army) and whether a ship passes the checks that are not about
    the city (``_UNIT_ANY_CITY``: the cost, Draft) is the same for every city, so it is
    worked out first; then each city is asked its room (and a ship its port)."""
    p = frame["player"]
    keys = own_cities(state, p)
    if not keys:
        return []
    player = state["players"][p]
    res = player["res"]
    options = state["options"]
    paid = _paid(res, options)
    probe = _probe(p, keys[0])
    if paid is None:  # a price of more than food, wood and ore: the checks themselves
        settler, army, ship_unit = _probe_units(state, probe)[:3]
        land = _passes(_UNIT_ANY_CITY, state, probe, settler) or _passes(
            _UNIT_ANY_CITY, state, probe, army
        )
        ship = _passes(_UNIT_ANY_CITY, state, probe, ship_unit)
    else:
        land, ship = paid[0] or paid[1], paid[2]
    if not land and player["mood"] >= 1:  # Draft's army: a mood token at the least
        land = draft_ok.ok(state, probe, _probe_units(state, probe)[3])
    if not (land or ship):
        return []
    room = options["max_units_per_space"]
    cities = state["cities"]
    out = []
    for key in keys:  # a plain loop: at every listing
        # ship_port holds for a land unit, and build_stack reads the city's space (fewer
        # units there than the limit: stack_count, which counts no more, holds too)
        if land and (len(units_on(state, key)) < room or stack_count(state, key) < room):
            out.append(act_once("build", key))
        elif ship:  # ship_port and build_stack at the port
            port = cities[key]["port"]
            if port is not None and stack_count(state, port) < room:
                out.append(act_once("build", key))
    return out


BUILD_KIND = ActionKind(
    "build",
    parse_city,
    [actions_left, own_city, can_build_something],
    build_candidates,
    start_build,
    category="build",
    ensured=[own_city, can_build_something],  # build_candidates asks it of each own city
    wide=every_city("build"),
    arity=(1, 1),
    usage="build <city>",
    example="build 1,1",
    label=worded("Build units in {0}", city_name),
)


def parse_unit(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    extra = a.args[1:]
    if extra not in ((), ("draft",)) and not paying.looks_like_payment(extra[0]):
        raise MalformedAction(
            "a unit is written 'unit army', 'unit army draft' to pay with Draft, or "
            "'unit army food:1+gold:1' to name the payment"
        )
    named = extra and extra != ("draft",)
    return {
        "player": frame["player"],
        "kind": a.args[0],
        "draft": extra == ("draft",),
        "for": "unit",
        "payment": paying.read(extra[0]) if named else None,
    }


@RULES.check("build.unit-kind", "Units are settlers, armies or ships.", BUILD)
def unit_kind(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["kind"] in UNITS


@RULES.check(
    "build.size-limit",
    "A city builds at most as many units as its size (happy +1, angry counts as 1).",
    BUILD,
    frame_only=True,
)
def build_room(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return len(frame["built"]) < frame["max"]


@RULES.check("build.ship-needs-port", "Ships are built only by a city with a port.", BUILD)
def ship_port(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["kind"] != "ship" or state["cities"][frame["city"]]["port"] is not None


@RULES.check(
    "build.stack-limit",
    "The limit of units on one space is {max_units_per_space} (armies aboard ships do not count).",
    BUILD,
)
def build_stack(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    city = state["cities"][frame["city"]]
    where = city["port"] if args["kind"] == "ship" else frame["city"]
    if where is None:
        return True
    return stack_count(state, where) < state["options"]["max_units_per_space"]


def draft_mood_cost(player: dict[str, Any]) -> int:
    """The mood tokens Draft takes for an army: 1, or 2 with Civil Liberties."""
    return 2 if grants(player, "build.draft-costs-two") else 1


@RULES.check(
    "build.draft",
    "Draft pays for one army per build with a mood token (2 with Civil Liberties).",
    "Primer: Advances, WARFARE (Draft)",
)
def draft_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if not args["draft"]:
        return True
    player = me(state, frame)
    need = draft_mood_cost(player)
    return (
        args["kind"] == "army"
        and grants(player, "build.draft")
        and not frame["draft"]
        and player["mood"] >= need
    )


@RULES.check(
    "build.cost",
    "You cannot pay for that unit (settler {settler_cost_words}, army {army_cost_words}, ship "
    "{ship_cost_words}; gold may replace any of them).",
    BUILD,
)
def unit_affordable(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if args["draft"]:
        return True
    price = option_price(state, _COST_OPTION[args["kind"]])
    return can_pay(state["players"][frame["player"]], price)


_COST_OPTION = {kind: f"{kind}_cost" for kind in UNITS}


_UNITS = tuple(act("unit", k) for k in UNITS)
_UNITS_DRAFT = (*_UNITS, act("unit", "army", "draft"))


def unit_candidates(state: State, frame: Frame) -> list[Action]:
    """The units (and Draft's army) that pass every check but ``build.size-limit`` (asked
    once for the kind: it reads only the frame): the costs from ``_units_paid``, the room
    on the city's space asked once for the land units, a ship's port and its room."""
    p = frame["player"]
    player = state["players"][p]
    res = player["res"]
    options = state["options"]
    paid = _paid(res, options)
    if paid is None:  # a price of more than food, wood and ore: build.cost itself
        units = _probe_units(state, frame)
        paid = (
            unit_affordable.ok(state, frame, units[0]),
            unit_affordable.ok(state, frame, units[1]),
            unit_affordable.ok(state, frame, units[2]),
        )
    drafted = (
        player["mood"] >= 1  # draft_mood_cost is 1 or 2
        and not frame["draft"]
        and grants(player, "build.draft")
        and player["mood"] >= draft_mood_cost(player)
    )
    room = options["max_units_per_space"]
    key = frame["city"]
    # build_stack on the city's space (ship_port holds for a land unit): fewer units there
    # than the limit, then stack_count, which counts no more, holds too
    land = (paid[0] or paid[1] or drafted) and (
        len(units_on(state, key)) < room or stack_count(state, key) < room
    )
    out = []
    if land and paid[0]:
        out.append(_UNITS[0])
    if land and paid[1]:
        out.append(_UNITS[1])
    if paid[2]:  # ship_port and build_stack at the port
        port = state["cities"][key]["port"]
        if port is not None and stack_count(state, port) < room:
            out.append(_UNITS[2])
    if land and drafted:
        out.append(_UNITS_DRAFT[3])
    return out


def apply_unit(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    p = frame["player"]
    player = state["players"][p]
    kind = args["kind"]
    if args["draft"]:
        player["mood"] -= draft_mood_cost(player)
        frame["draft"] = True
    else:
        take = paying.settle(state, frame, "unit", args)
        if take is None:
            return  # asked how to pay; the build goes on from the answer
        pay(player, take)
    city = state["cities"][frame["city"]]
    where = city["port"] if kind == "ship" else frame["city"]
    add_unit(state, p, kind, where)
    frame["built"].append(kind)
    ev.emit(
        "build",
        f"{player['name']} builds {with_article(kind)} {at(state, where)}.",
        player=p,
        hexes=[where],
    )
    bump_stat(state, "build")


@RULES.check(
    "build.something",
    "Build at least one unit, or the activation is wasted.",
    BUILD,
    frame_only=True,
)
def built_something(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return bool(frame["built"])


def finish_build(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    player = me(state, frame)
    if grants(player, "build.nationalism") and any(k in ("army", "ship") for k in frame["built"]):
        token = "culture" if args["args"][:1] == ("culture",) else "mood"
        gain(state, player, token, 1)
        ev.emit("nationalism", f"Nationalism gives {player['name']} a {token} token.")
    state["stack"].pop()


def _unit_label(state: State, frame: Frame, a: Action) -> str:
    kind = a.args[0]
    draft = " (Draft: paid with a mood token)" if a.args[1:] == ("draft",) else ""
    return f"Build {'an' if kind == 'army' else 'a'} {kind}{draft}"


UNIT = ActionKind(
    "unit",
    parse_unit,
    [unit_kind, build_room, ship_port, build_stack, draft_ok, unit_affordable, paying.named_ok],
    unit_candidates,
    apply_unit,
    category="unit",
    # unit_candidates: UNITS and Draft's army, no payment named, that pass the others
    # (build.size-limit is asked once for the kind: it reads only the frame)
    ensured=[unit_kind, ship_port, build_stack, draft_ok, unit_affordable, paying.named_ok],
    wide=wide_units,
    arity=(1, 2),
    usage="unit settler|army|ship [draft|<payment>]",
    example="unit army draft",
    label=_unit_label,
)
_UNIT_PLACE = (ship_port, build_stack)  # the checks of a unit that read the city
# Every unit of a one-unit probe passes these by construction: its kind is one of UNITS,
# nothing is built yet in a frame of size 1, no payment is named.
_PROBE_PASSES = (unit_kind, build_room, paying.named_ok)
# The cost first: it is what fails most (whether a unit passes them all is the same).
_UNIT_ANY_CITY = tuple(
    sorted(
        (c for c in UNIT.checks if all(c is not k for k in (*_UNIT_PLACE, *_PROBE_PASSES))),
        key=lambda c: c is not unit_affordable,
    )
)
# build_candidates reads these two itself: the cost (a Draft army passes it) and Draft (a
# paid unit passes it).
assert _UNIT_ANY_CITY == (unit_affordable, draft_ok), _UNIT_ANY_CITY
paying.register(
    "unit",
    lambda s, f, a: [{}] if a["draft"] else [unit_cost(s, a["kind"])],
    apply_unit,
)


@RULES.check(
    "build.nationalism-token",
    "After a build with an army or ship, Nationalism asks for 'done mood' or 'done culture'; "
    "otherwise the build ends with plain 'done'.",
    "Primer: Advances, AUTOCRACY (Nationalism)",
)
def nationalism_token(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    earns = _earns_nationalism(state, frame)
    if not args["args"]:
        return not earns
    return earns and args["args"][0] in ("mood", "culture")


def _earns_nationalism(state: State, frame: Frame) -> bool:
    """Nationalism: "Whenever you perform a build action that includes an Army or Ship"."""
    return grants(me(state, frame), "build.nationalism") and any(
        k in ("army", "ship") for k in frame["built"]
    )


def _build_done_label(state: State, frame: Frame, a: Action) -> str:
    if not a.args:
        return "Done building"
    return f"Done building: Nationalism gives a {a.args[0]} token"


BUILD_DONE = ActionKind(
    "done",
    parse_plain,
    [built_something, nationalism_token],
    lambda s, f: (
        [act("done", "mood"), act("done", "culture")] if _earns_nationalism(s, f) else [act("done")]
    ),
    finish_build,
    category="done",
    ensured=[nationalism_token],  # the candidates: the tokens when Nationalism earns one
    wide=fixed(act("done"), act("done", "mood"), act("done", "culture")),
    arity=(0, 1),
    usage="done [mood|culture]",
    example="done culture",
    label=_build_done_label,
)


# == increase city size ======================================================


def parse_grow(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    spec = a.args[1] if len(a.args) > 1 else ""
    piece, _, extra = spec.replace("@", ":").partition(":")
    if piece == "port" and extra:
        q, r = parse_hex(extra)
        extra = f"{q},{r}"
    rest = a.args[2:]
    named = paying.read(rest[-1]) if rest and paying.looks_like_payment(rest[-1]) else None
    return {
        "player": frame["player"],
        "city": _hex_arg(a),
        "piece": piece,
        "extra": extra,
        "settler": _sanitation_arg(a),
        "for": "grow",
        "payment": named,
    }


def _sanitation_arg(a: Action) -> bool:
    rest = a.args[2:]
    if rest and paying.looks_like_payment(rest[-1]):
        rest = rest[:-1]
    if rest not in ((), ("+settler",)):
        raise MalformedAction(
            "a city grows as 'grow 2,1 temple', with '+settler' to add Sanitation's and a "
            "payment to name it (grow 2,1 temple:mood food:1+wood:1+gold:1)"
        )
    return rest == ("+settler",)


@RULES.check("grow.piece-kind", "City pieces are fortress, academy, temple and port.", GROW)
def grow_kind(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["piece"] in PIECES


@RULES.check("grow.not-angry", "An angry city cannot increase its size.", ACTIVATE)
def grow_not_angry(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    city = state["cities"][args["city"]]
    return city["mood"] != ANGRY or "forced_labour" in me(state, frame)["once"]


@RULES.check("grow.piece-once", "A city can hold each kind of piece only once.", GROW)
def grow_once(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["piece"] not in state["cities"][args["city"]]["pieces"]


@RULES.check(
    "grow.needs-advance",
    "Each piece needs its advance: Fortress-Tactics, Academy-Writing, Temple-Myths, Port-Fishing.",
    GROW,
)
def grow_advance(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return grants(me(state, frame), PIECE_EFFECT[args["piece"]])


@RULES.check(
    "grow.size-limit",
    "A city cannot grow larger than the number of cities you own (and never past size "
    "{max_city_size}).",
    GROW,
)
def grow_limit(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    new = city_size(state["cities"][args["city"]]) + 1
    n = len(own_cities(state, args["player"]))  # asked for every city of a listing
    return new <= min(n, state["options"]["max_city_size"])


@RULES.check(
    "grow.port-sea",
    "A port goes on a sea hex next to the city: choose which one.",
    GROW,
)
def grow_port_sea(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if args["piece"] != "port":
        return True
    h = args["extra"]
    return h in state["hexes"] and is_sea(state, h) and h in board_neighbours(state, args["city"])


@RULES.check(
    "grow.temple-token",
    "A temple gives a mood or a culture token: choose one, e.g. temple:mood.",
    GROW,
)
def grow_temple_token(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["piece"] != "temple" or args["extra"] in ("mood", "culture")


@RULES.check(
    "grow.sanitation",
    "Only with Sanitation may a growing city buy a settler for 1 food, and only if the city's "
    "space has room for one more unit.",
    "Primer: Advances, CONSTRUCTION (Sanitation)",
)
def grow_sanitation(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if not args["settler"]:
        return True
    return (
        grants(me(state, frame), "grow.settler")
        and stack_count(state, args["city"]) < state["options"]["max_units_per_space"]
    )


def grow_cost(
    state: State, frame: Frame, args: dict[str, Any], *, discount: bool = True
) -> dict[str, int]:
    """The price of growing; State Religion's free food is a "may" (``discount`` off:
    the full price, which a player may name to keep State Religion for later)."""
    player = me(state, frame)
    cost = option_cost(state, "grow_cost")
    if discount and _state_religion_open(state, player, args):
        cost["food"] = 0
    if args["settler"]:
        cost["food"] = cost.get("food", 0) + 1
    return {r: n for r, n in cost.items() if n}


def _state_religion_open(state: State, player: dict[str, Any], args: dict[str, Any]) -> bool:
    city = state["cities"][args["city"]]
    return (
        grants(player, "grow.state-religion")
        and "temple" in city["pieces"]
        and "state_religion" not in player["once"]
    )


def _grow_costs(state: State, frame: Frame, args: dict[str, Any]) -> list[dict[str, int]]:
    cost, full = grow_cost(state, frame, args), grow_cost(state, frame, args, discount=False)
    return [cost] if cost == full else [cost, full]


@RULES.check(
    "grow.cost",
    "Growing costs {grow_cost_words} (gold may replace any of them).",
    GROW,
)
def grow_affordable(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return can_pay(me(state, frame), grow_cost(state, frame, args))


@lru_cache(maxsize=64)
def _growth_prices(text: str) -> tuple[dict[str, int], dict[str, int]] | None:
    """The options' price of growing (``grow_cost``, written ``text``) without its food and
    as it is, zero entries left out; None if it holds anything but resources and tokens.
    Shared between listings, to read only (``can_pay``)."""
    cost = parse_payment(text)
    for r in cost:
        if r not in BASIC and r not in TOKENS:
            return None
    full = {r: n for r, n in cost.items() if n}
    return {r: n for r, n in full.items() if r != "food"}, full


def _may_afford_growth(state: State, player: dict[str, Any]) -> bool:
    """Whether the cheapest growth could pass ``grow.cost``: State Religion's free food if
    it is open, no settler. When even that is out of reach, no candidate passes, so the
    listing builds none (most turns of a playout; paying less is never harder, which holds
    for costs of resources and tokens only). The price without food first: when it is out
    of reach (most turns), no advance is read."""
    prices = _growth_prices(state["options"]["grow_cost"])
    if prices is None:
        return True  # not asked: let every candidate be checked
    least, full = prices
    if not can_pay(player, least):
        return False
    if can_pay(player, full):
        return True
    # some city with a temple may grow for no food
    return grants(player, "grow.state-religion") and "state_religion" not in player["once"]


def grow_candidates(state: State, frame: Frame) -> list[Action]:
    """Every growth that passes all the checks but ``turn.actions-left`` (see ``ensured``).

    The checks that read only the city (its mood, its size) are asked once per city, and
    ``grow.sanitation`` and ``grow.cost`` once per city and ``+settler`` or not: the price
    depends on the growing city only through whether it holds a temple (State Religion),
    so ``grow.cost`` is asked once per temple or none and settler or none.
    """
    p = frame["player"]
    player = state["players"][p]
    # The price first: it is out of reach more often than no piece is known, and reads one
    # advance where the pieces read four.
    if not _may_afford_growth(state, player):
        return []
    known = [piece for piece in PIECES if grants(player, PIECE_EFFECT[piece])]
    if not known:
        return []
    settler = grants(player, "grow.settler")
    paid: dict[tuple[bool, bool], bool] = {}  # grow.cost by (a temple in the city, +settler)
    out = []
    for key in own_cities(state, p):
        city = state["cities"][key]
        # The two checks that read only the city, asked once for all its pieces.
        of_city = {"player": p, "city": key, "settler": False}
        if not (grow_not_angry.ok(state, frame, of_city) and grow_limit.ok(state, frame, of_city)):
            continue
        temple = "temple" in city["pieces"]
        alone = paid.get((temple, False))
        if alone is None:
            alone = paid[temple, False] = grow_affordable.ok(state, frame, of_city)
        with_settler = False
        if settler:
            of_city = {"player": p, "city": key, "settler": True}
            if grow_sanitation.ok(state, frame, of_city):
                with_settler = paid.get((temple, True))  # type: ignore[assignment]
                if with_settler is None:
                    with_settler = paid[temple, True] = grow_affordable.ok(state, frame, of_city)
        if not (alone or with_settler):
            continue
        for piece in known:
            if piece in city["pieces"]:
                continue
            if piece == "port":
                specs = [f"port@{h}" for h in board_neighbours(state, key) if is_sea(state, h)]
            elif piece == "temple":
                specs = _TEMPLE_SPECS
            else:
                specs = [piece]
            for spec in specs:
                if alone:
                    out.append(act_once("grow", key, spec))
                if with_settler:
                    out.append(act_once("grow", key, spec, "+settler"))
    return out


_TEMPLE_SPECS = ["temple:mood", "temple:culture"]


def grow_listing(state: State, frame: Frame) -> list[Action]:
    """:func:`grow_candidates`, none when the player owns fewer than 2 cities (most turns):
    a city is at least of size 1, and ``grow.size-limit`` lets it grow to size 2 or more
    only if the player owns that many cities, so then no candidate passes it."""
    if len(own_cities(state, frame["player"])) < 2:
        return []
    return grow_candidates(state, frame)


def apply_grow(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    from . import research  # Dogma gives a free advance

    p, key, piece = args["player"], args["city"], args["piece"]
    player = state["players"][p]
    take = paying.settle(state, frame, "grow", args)
    if take is None:
        return  # asked how to pay (gold or the resource); the growth goes on from the answer
    spend_action(state)
    city = state["cities"][key]
    full = grow_cost(state, frame, args, discount=False)
    if _state_religion_open(state, player, args) and sum(take.values()) < sum(full.values()):
        player["once"].append("state_religion")
    pay(player, take)
    activate(state, p, key, ev)
    city["pieces"][piece] = p
    ev.emit(
        "grow",
        f"{player['name']} adds {with_article(piece)} to {city_name(state, key)}.",
        player=p,
        hexes=[key],
    )
    bump_stat(state, "grow")
    if piece == "port":
        city["port"] = args["extra"]
    elif piece == "academy":
        gain(state, player, "ideas", 2)
    elif piece == "temple":
        gain(state, player, args["extra"], 1)
        if grants(player, "grow.dogma-gift"):
            research.dogma_gift(state, p, ev)  # the player's choice of Theocracy advance
    if args["settler"]:
        add_unit(state, p, "settler", key)


def _grow_asked(state: State, frame: Frame, args: dict[str, Any]) -> list[dict[str, int]]:
    # Declining State Religion is never asked (the saving is the same later this turn);
    # the player may name the full price to keep it.
    return paying.ways(state["players"][args["player"]], grow_cost(state, frame, args))


paying.register("grow", _grow_costs, apply_grow, asked=_grow_asked)


def _grow_label(state: State, frame: Frame, a: Action) -> str:
    piece, _, extra = a.args[1].replace("@", ":").partition(":")
    what = with_article(piece)
    if piece == "port" and extra:
        what += f" on the sea to its {side(state, a.args[0], extra)}"
    elif extra:
        what += f" (and a {extra} token)"
    if "+settler" in a.args[2:]:
        what += ", and a settler for 1 food (Sanitation)"
    return f"Grow {city_name(state, a.args[0])}: {what}"


GROW_KIND = ActionKind(
    "grow",
    parse_grow,
    [
        actions_left,
        own_city,
        grow_kind,
        grow_not_angry,
        grow_once,
        grow_advance,
        grow_limit,
        grow_port_sea,
        grow_temple_token,
        grow_sanitation,
        grow_affordable,
        paying.named_ok,
    ],
    grow_listing,
    apply_grow,
    category="grow",
    # grow_candidates() builds what these admit: own cities that may grow (asked per city),
    # pieces whose advance is known and not yet there, a port on a neighbouring sea, a
    # temple's token, Sanitation's settler and the price (asked per city), no payment
    # named. turn.actions-left is asked once for the kind (it reads only the frame).
    ensured=[
        own_city,
        grow_kind,
        grow_not_angry,
        grow_once,
        grow_advance,
        grow_limit,
        grow_port_sea,
        grow_temple_token,
        grow_sanitation,
        grow_affordable,
        paying.named_ok,
    ],
    wide=wide_growths,
    arity=(2, 4),
    usage="grow <city> <piece>[:mood|:culture|@<sea hex>] [+settler] [<payment>]",
    example="grow 1,1 temple:mood",
    label=_grow_label,
)

__all__ = [
    "BUILD_DONE",
    "BUILD_KIND",
    "COLLECT_DONE",
    "COLLECT_KIND",
    "FOUND_KIND",
    "GROW_KIND",
    "HUSBANDRY",
    "NEUTRAL",
    "TAKE",
    "UNIT",
    "units_at",
]
