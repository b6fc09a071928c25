"""Wonders: revealed by Engineering and Monuments, built by a non-angry city, 5 VP.

Primer: "Wonders". Building a wonder activates the city (a second activation in a
turn lowers its mood). Monuments reveals the top wonder, then you pick a revealed
wonder that only you may build, without an action. The wonder stays with the city
when it changes hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from ..engine import Action, act, rng
from ..engine.frames import ActionKind
from ..engine.game import Events, Frame, State
from . import paying
from .board import own_cities
from .cities import activate
from .common import bump_stat, me, spend_action
from .content import load
from .economy import can_pay, pay
from .effects import grants, on_gain, source
from .places import city_name
from .rulebook import RULES
from .state_types import MonumentsPickFrame
from .vocab import ANGRY, BASIC, TOKENS, parse_hex

SECTION = "Primer: Wonders"


@cache
def wonder_cards() -> Mapping[str, Mapping[str, Any]]:
    return {w["id"]: w for w in load("cards")["wonders"]}


def wonder_name(w: str) -> str:
    """A wonder's printed name (the id itself if unknown)."""
    return wonder_cards().get(w, {}).get("name", w)


@on_gain("gain.reveal-wonder")
def _engineering_reveals(state: State, p: int, advance: str, ev: Events) -> None:
    if advance == source("gain.reveal-wonder"):
        reveal(state, p, ev)


@on_gain("gain.reserve-wonder")
def _monuments_reserves(state: State, p: int, advance: str, ev: Events) -> None:
    if advance == source("gain.reserve-wonder"):
        reveal(state, p, ev, reserve_one=True)


def reveal(state: State, p: int, ev: Events, *, reserve_one: bool = False) -> None:
    """Engineering and Monuments reveal the top wonder for everyone to see; Monuments
    then lets its owner pick a revealed wonder to reserve (asked when there is a choice).
    """
    deck = state["decks"]["wonders"]
    public = state.setdefault("public_wonders", [])
    if deck:
        w = deck.pop(rng.below(state, len(deck)))  # the piles are kept sorted: a random draw
        public.append(w)
        ev.emit(
            "wonder_revealed",
            f"The wonder {wonder_name(w)} is revealed.",
            player=p,
            barrier=True,
        )
    if not reserve_one or not public:
        return
    if len(public) == 1:
        reserve(state, p, public[0], ev)
    else:
        pick: MonumentsPickFrame = {"kind": PICK, "player": p}
        state["stack"].append(pick)


def reserve(state: State, p: int, w: str, ev: Events) -> None:
    player = state["players"][p]
    state["public_wonders"].remove(w)
    player["wonders_reserved"].append(w)
    ev.emit(
        "wonder_reserved",
        f"Monuments: {player['name']} reserves the wonder {wonder_name(w)} (only they may "
        "build it).",
        player=p,
    )


# -- Monuments: pick the wonder to reserve -------------------------------------------

PICK: Final = "monuments_pick"


@RULES.check(
    "wonder.monuments-pick",
    "Monuments: pick one of the revealed wonders that nobody has reserved (the one just "
    "revealed, or one revealed earlier by anyone) to reserve for yourself. Our reading of "
    "'Reveal the top Wonder. Pick a Wonder': the primer says 'a Wonder', not 'it'; a revealed "
    "wonder is everyone's to build ('Once revealed, a Wonder may be built'), and the face-down "
    "ones are known to nobody.",
    "Primer: Advances, CULTURE (Monuments)",
    source="ours",
)
def pick_ok(state: State, frame: Frame, w: str) -> bool:
    return w in state.get("public_wonders", [])


def apply_pick(state: State, frame: Frame, w: str, ev: Events) -> None:
    state["stack"].pop()
    reserve(state, frame["player"], w, ev)


def _reserve_label(state: State, frame: Frame, a: Action) -> str:
    return f"Monuments: reserve the {wonder_name(a.args[0])}"


def wide_reserves(state: State, frame: Frame) -> list[Action]:
    """Every wonder of the game."""
    return [act("reserve", w) for w in sorted(wonder_cards())]


def wide_wonders(state: State, frame: Frame) -> list[Action]:
    """Every city on the board with every wonder of the game (no payment named)."""
    return [act("wonder", c, w) for c in sorted(state["cities"]) for w in sorted(wonder_cards())]


PICK_WONDER = ActionKind(
    "reserve",
    lambda s, f, a: a.args[0] if a.args else "",
    [pick_ok],
    lambda s, f: [act("reserve", w) for w in sorted(s.get("public_wonders", []))],
    apply_pick,
    category="wonder",
    ensured=[pick_ok],
    wide=wide_reserves,
    arity=(1, 1),
    usage="reserve <wonder>",
    example="reserve great_wall",
    label=_reserve_label,
)


def buildable(state: State, p: int) -> list[str]:
    return sorted(state.get("public_wonders", []) + state["players"][p]["wonders_reserved"])


def parse_wonder(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    q, r = parse_hex(a.args[0])
    named = paying.read(a.args[2]) if len(a.args) > 2 else None
    return {"city": f"{q},{r}", "wonder": a.args[1], "for": "wonder", "payment": named}


@RULES.check("wonder.revealed", "That wonder is not revealed to you.", SECTION)
def revealed(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["wonder"] in buildable(state, frame["player"])


@RULES.check(
    "wonder.needs-engineering",
    "Building a wonder takes an action and needs Engineering (Monuments: your reserved "
    "wonder without an action).",
    "Primer: Advances, CONSTRUCTION (Engineering), CULTURE (Monuments)",
)
def may_build(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    player = me(state, frame)
    if args["wonder"] in player["wonders_reserved"] and grants(player, "wonder.monuments"):
        return True
    return grants(player, "wonder.build") and state["turn"]["actions"] > 0


def _reserved(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    """Built as the Monuments wonder: reserved by the builder, who owns Monuments."""
    player = me(state, frame)
    return args.get("wonder") in player["wonders_reserved"] and grants(player, "wonder.monuments")


def _workable(state: State, frame: Frame, city: dict[str, Any]) -> bool:
    """Not angry, or angry while Forced Labour treats it as neutral this turn."""
    return city["mood"] != ANGRY or "forced_labour" in me(state, frame)["once"]


@RULES.check(
    "wonder.city",
    "A wonder is built by activating one of your cities that is not angry (Forced Labour: "
    "angry cities count as neutral this turn); a second activation this turn lowers its mood.",
    SECTION,
)
def city_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    c = state["cities"].get(args["city"])
    if c is None or c["owner"] != frame["player"]:
        return False
    return _reserved(state, frame, args) or _workable(state, frame, c)


@RULES.check(
    "wonder.monuments-city",
    "Monuments waives the action, not the activation: your reserved wonder is still built "
    "by activating one of your cities that is not angry, and a second activation this turn "
    "lowers its mood.",
    "Primer: Advances, CULTURE (Monuments); Wonders",
    source="ours",
)
def monuments_city(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if not _reserved(state, frame, args):
        return True
    return _workable(state, frame, state["cities"][args["city"]])


@RULES.check("wonder.cost", "You cannot pay the wonder's cost (resources and tokens).", SECTION)
def affordable(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return can_pay(me(state, frame), wonder_cards()[args["wonder"]]["cost"])


def _least_prices() -> tuple[tuple[int, int, int], ...]:
    """The wonders' prices as (food, wood and ore together, mood, culture), each once.

    ``can_pay`` lets gold make up the resources' total shortfall and tokens pay only for
    themselves, so a player whose food, wood, ore and gold add up to less than a price's
    resources, or who holds fewer of its tokens, cannot pay it. A price with anything
    else in it is (0, 0, 0): never ruled out here, its wonder is asked ``wonder.cost``.
    """
    out = set()
    for card in wonder_cards().values():
        cost = card["cost"]
        if all(r in BASIC or r in TOKENS for r in cost):
            basic = sum(n for r, n in cost.items() if r in BASIC)
            out.add((basic, cost.get("mood", 0), cost.get("culture", 0)))
        else:
            out.add((0, 0, 0))
    return tuple(sorted(out))


_PRICES = _least_prices()
_LEAST = _PRICES[0][0]  # the fewest resources a wonder takes (sorted)
assert BASIC == ("food", "wood", "ore"), "candidates() adds these three and gold"


def candidates(state: State, frame: Frame) -> list[Action]:
    """Every (city, wonder) pair that passes all the checks (see ``ensured``).

    The checks split: the city tests come to the same for every wonder and the
    others ignore the city, so each is asked once per city or wonder, not per pair.
    First, whether any wonder's price is within reach at all (``_least_prices``): in
    nearly every listing none is, and that test reads a few numbers and calls nothing.
    """
    p = frame["player"]
    player = state["players"][p]
    res = player["res"]
    have = res["food"] + res["wood"] + res["ore"] + res["gold"]
    if have < _LEAST:
        return []  # the usual answer, without the loop below
    for basic, mood, culture in _PRICES:
        if have >= basic and player["mood"] >= mood and player["culture"] >= culture:
            break
    else:
        return []  # no wonder can pass wonder.cost (affordable)
    if not (state["turn"]["actions"] > 0 and grants(player, "wonder.build")) and not (
        player["wonders_reserved"] and grants(player, "wonder.monuments")
    ):
        return []  # no wonder can pass wonder.needs-engineering (may_build)
    wonders = buildable(state, p)
    if not wonders:
        return []
    # Both city rules ask for a city of yours that can work (not angry, or Forced
    # Labour), whether or not the wonder is the reserved one.
    cities = [c for c in own_cities(state, p) if _workable(state, frame, state["cities"][c])]
    if not cities:
        return []
    out: list[Action] = []
    for w in wonders:
        args = {"wonder": w}
        if may_build.ok(state, frame, args) and affordable.ok(state, frame, args):
            out += [act("wonder", c, w) for c in cities]
    return out


def apply_build(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    player = me(state, frame)
    w = args["wonder"]
    take = paying.settle(state, frame, "wonder", args)
    if take is None:
        return  # asked how to pay (gold or the resources); the building goes on from there
    if not (w in player["wonders_reserved"] and grants(player, "wonder.monuments")):
        spend_action(state)
    if w in player["wonders_reserved"]:
        player["wonders_reserved"].remove(w)
    else:
        state["public_wonders"].remove(w)
    pay(player, take)
    state["cities"][args["city"]]["wonders"].append(w)
    ev.emit(
        "wonder_built",
        f"{player['name']} builds the {wonder_name(w)} in {city_name(state, args['city'])}.",
        player=frame["player"],
        hexes=[args["city"]],
    )
    activate(state, frame["player"], args["city"], ev)
    bump_stat(state, "wonder_built")


paying.register("wonder", lambda s, f, a: [dict(wonder_cards()[a["wonder"]]["cost"])], apply_build)


def _wonder_label(state: State, frame: Frame, a: Action) -> str:
    return f"Build the {wonder_name(a.args[1])} in {city_name(state, a.args[0])}"


BUILD_WONDER = ActionKind(
    "wonder",
    parse_wonder,
    [revealed, may_build, city_ok, monuments_city, affordable, paying.named_ok],
    candidates,
    apply_build,
    category="wonder",
    # candidates() name no payment, so payment.named passes for them too.
    ensured=[revealed, may_build, city_ok, monuments_city, affordable, paying.named_ok],
    wide=wide_wonders,
    arity=(2, 3),
    usage="wonder <city> <wonder> [<payment>]",
    example="wonder 1,1 great_wall",
    label=_wonder_label,
)  # candidates() applies every check itself
