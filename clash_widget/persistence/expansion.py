"""The Expansion phase (host rules, ours): armies enter lands one at a time, fleets take to sea.

``enter <land>``: the first army enters the Empire's start land (founding its Capital
if it has one); each next one a land next to one the Empire holds, across a Sea or
Ocean where it has a fleet, or over a Strait whose Sea holds no enemy fleet. Entering
a land held by another marker is a battle. ``fleet <sea>``: a fleet in a Sea or Ocean
next to one of the Empire's lands. ``end``: the Expansion phase is over (the transfer
step of seed rule 6.1 follows).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from ..engine import Action, Events
from ..engine.frames import ActionKind, bare, explained
from ..engine.game import Frame, State
from ..engine.seats import name as who
from . import board, content
from . import culture as culture_cards
from .epochs import end_expansion
from .rules import (
    BOOK,
    EXPANSION,
    FLEETS,
    One,
    count,
    one_arg,
    well_formed,
)


def _present(state: State) -> str:
    e = board.present(state)
    assert e is not None
    return e


@well_formed(lambda s, f, a: f"there is no area {a.x!r} on the map")
def known_area(state: State, frame: Frame, args: One) -> bool:
    return args.x in content.areas()


# -- entering lands ----------------------------------------------------------------------------
@BOOK.check(
    "expand.armies-left",
    "Your Empire has no armies left to place this turn.",
    EXPANSION,
    source="ours",
    frame_only=True,
)
def armies_left(state: State, frame: Frame, args: object) -> bool:
    return state["turn"]["armies"] > 0


@explained(
    lambda s, f, a: f"the {content.name(a.x)} is {'an Ocean' if content.is_ocean(a.x) else 'a Sea'}"
)
@BOOK.check(
    "expand.land-only",
    "Armies enter Lands; Seas and Oceans take fleets.",
    EXPANSION,
    source="ours",
)
def is_land(state: State, frame: Frame, args: One) -> bool:
    return content.is_land(args.x)


@explained(
    lambda s, f, a: (
        f"the {board.empire_name(_present(s))} begin in "
        f"{content.name(content.empires()[_present(s)]['start'])}"
    )
)
@BOOK.check(
    "expand.first-army-start",
    "Until your Empire holds a land, its armies enter its start land (where its Capital will "
    "stand, if it has one).",
    EXPANSION,
    source="ours",
)
def start_first(state: State, frame: Frame, args: One) -> bool:
    e = _present(state)
    return e in state["lands"].values() or args.x == content.empires()[e]["start"]


@explained(lambda s, f, a: f"{content.name(a.x)} already holds one of your armies")
@BOOK.check(
    "expand.not-own",
    "Your Empire already holds that land.",
    EXPANSION,
    source="ours",
)
def not_own(state: State, frame: Frame, args: One) -> bool:
    return board.holder(state, args.x) != _present(state)


def routes(state: State, land: str) -> dict[str, bool]:
    """How the present Empire could reach ``land``: by border, by fleet, by open/closed strait."""
    e = _present(state)
    seat = board.owner(state, e)
    held = set(board.empire_lands(state, e))
    border = any(a in held for a in content.neighbours(land))
    fleet = any(
        e in board.fleets_in(state, w) and any(x in held for x in content.neighbours(w))
        for w in content.neighbours(land)
        if not content.is_land(w)
    )
    open_strait = closed_strait = False
    for other, strait in content.strait_links()[land]:
        if other in held:
            if board.enemy_fleet(state, content.straits()[strait]["sea"], seat):
                closed_strait = True
            else:
                open_strait = True
    return {"border": border, "fleet": fleet, "strait": open_strait, "closed": closed_strait}


@explained(lambda s, f, a: f"{content.name(a.x)} is out of reach")
@BOOK.check(
    "expand.reach",
    "An army enters a land next to one your Empire holds, across a Sea or Ocean where your Empire "
    "has a fleet, or over a Strait.",
    EXPANSION,
    source="ours",
)
def in_reach(state: State, frame: Frame, args: One) -> bool:
    if _present(state) not in state["lands"].values():
        return True  # the first army: expand.first-army-start
    r = routes(state, args.x)
    return r["border"] or r["fleet"] or r["strait"] or r["closed"]


@explained(lambda s, f, a: f"an enemy fleet holds the Sea of the Strait to {content.name(a.x)}")
@BOOK.check(
    "expand.strait-closed",
    "An army cannot cross a Strait whose Sea holds an enemy fleet.",
    EXPANSION,
    source="ours",
)
def strait_free(state: State, frame: Frame, args: One) -> bool:
    if _present(state) not in state["lands"].values():
        return True
    r = routes(state, args.x)
    return r["border"] or r["fleet"] or r["strait"] or not r["closed"]


def reachable(state: State) -> list[str]:
    """Lands the present Empire's next army may enter (the listing's fast path of the checks
    expand.first-army-start, expand.not-own, expand.reach and expand.strait-closed)."""
    order = _land_order()
    return sorted(_entries(state), key=order.__getitem__)


def _entries(state: State) -> set[str]:
    """:func:`reachable`, in no order."""
    e = _present(state)
    held = {a for a, x in state["lands"].items() if x == e}
    if not held:
        return {content.empires()[e]["start"]}
    empires, fleets = state["empires"], state["fleets"]
    seat = empires[e]["owner"]
    near = content.neighbours_table()
    out: set[str] = set()
    for land in held:
        out |= near[land]
        for other, sea in _strait_seas(land):
            # board.enemy_fleet: another player's fleet closes the strait
            if all(empires[x]["owner"] == seat for x in fleets.get(sea, ())):
                out.add(other)
    for w, es in fleets.items():
        if e in es and not held.isdisjoint(near[w]):
            out |= near[w]
    order = _land_order()
    return {a for a in out if a in order and a not in held}


@cache
def _land_order() -> Mapping[str, int]:
    """Each land's place in the map's order (``content.lands()``)."""
    return {a: i for i, a in enumerate(content.lands())}


@cache
def _strait_seas(land: str) -> tuple[tuple[str, str], ...]:
    """The land's straits as (other land, the strait's Sea), from the map."""
    return tuple((o, content.straits()[s]["sea"]) for o, s in content.strait_links()[land])


def enter_candidates(state: State, frame: Frame) -> list[Action]:
    return [Action("enter", (a,)) for a in reachable(state)]


def occupy(state: State, land: str, empire: str, ev: Events) -> None:
    """An army of ``empire`` stands in ``land`` (vacant now); its first founds the Capital."""
    state["lands"][land] = empire
    rec = state["empires"][empire]
    seat = board.owner(state, empire)
    ev.emit(
        "army_entered",
        f"The {board.empire_name(empire)} enter {content.name(land)}",
        seat=seat,
        empire=empire,
        land=land,
    )
    if (
        board.founds_capital(empire)
        and not rec["founded"]
        and land == content.empires()[empire]["start"]
    ):
        rec["capital"] = land
        rec["founded"] = True
        ev.emit(
            "capital_founded",
            f"The {board.empire_name(empire)} found their Capital in {content.name(land)}",
            seat=seat,
            empire=empire,
            land=land,
        )


def apply_enter(state: State, frame: Frame, args: One, ev: Events) -> None:
    land, e = args.x, _present(state)
    turn = state["turn"]
    turn["armies"] -= 1
    turn["placed"] += 1
    if board.holder(state, land) is None:
        occupy(state, land, e, ev)
    else:
        battle(state, land, e, ev)


def battle(state: State, land: str, attacker: str, ev: Events) -> None:
    o = state["options"]
    defender = board.holder(state, land)
    assert defender is not None
    att = [board.die(state) for _ in range(o["attack_dice"])]
    dfd = [board.die(state) for _ in range(o["defence_dice"])]
    a = max(att) + state["turn"]["leader"]
    d = max(dfd) + board.defence_bonus(state, land)
    won = a > d
    seat = board.owner(state, attacker)
    ev.emit(
        "battle_won" if won else "battle_lost",
        f"The {board.empire_name(attacker)} attack {content.name(land)} "
        f"({board.describe_holder(state, land)}): dice {att} against {dfd}, "
        f"{a} against {d}: " + ("the land falls" if won else "the attack fails, the army is lost"),
        seat=seat,
        empire=attacker,
        land=land,
        defender=defender,
        attack=att,
        defence=dfd,
        barrier=True,
    )
    if won:
        cards = culture_cards.land_falls(state, land, ev, cause="conquest")
        occupy(state, land, attacker, ev)
        culture_cards.settle_cards(state, cards, ev, cause="conquest", by=attacker, land=land)


ENTER = ActionKind(
    "enter",
    one_arg,
    [known_area, armies_left, is_land, start_first, not_own, in_reach, strait_free],
    enter_candidates,
    apply_enter,
    category="enter",
    arity=(1, 1),
    usage="use: enter <land>",
    ensured=[known_area, is_land, start_first, not_own, in_reach, strait_free],
    wide=lambda s, f: [Action("enter", (a,)) for a in content.area_order()],  # every area
)


# -- fleets -----------------------------------------------------------------------------------
@BOOK.check(
    "fleet.fleets-left",
    "Your Empire has no fleets left to place this turn.",
    FLEETS,
    source="ours",
    frame_only=True,
)
def fleets_left(state: State, frame: Frame, args: object) -> bool:
    return state["turn"]["fleets"] > 0


@explained(lambda s, f, a: f"{content.name(a.x)} is a land")
@BOOK.check(
    "fleet.water-only",
    "Fleets go to Seas and Oceans.",
    FLEETS,
    source="ours",
)
def is_water(state: State, frame: Frame, args: One) -> bool:
    return not content.is_land(args.x)


@explained(lambda s, f, a: f"your Empire holds no land on the {content.name(a.x)}")
@BOOK.check(
    "fleet.coast",
    "A fleet is placed in a Sea or Ocean next to a land your Empire holds.",
    FLEETS,
    source="ours",
)
def on_coast(state: State, frame: Frame, args: One) -> bool:
    # Asked per sea while listing: look the neighbours up instead of collecting every land.
    lands, empire = state["lands"], _present(state)
    return any(lands.get(a) == empire for a in content.neighbours(args.x))


@BOOK.check(
    "fleet.one-per-sea",
    "Your Empire already has a fleet in that Sea or Ocean.",
    FLEETS,
    source="ours",
)
def no_fleet_yet(state: State, frame: Frame, args: One) -> bool:
    return _present(state) not in board.fleets_in(state, args.x)


def fleet_candidates(state: State, frame: Frame) -> list[Action]:
    """The Seas and Oceans next to a land the present Empire holds, in the map's order: what
    ``fleet.coast`` admits (the map's neighbours go both ways), found from the Empire's lands
    once rather than per sea."""
    empire = _present(state)
    coast = {n for a, e in state["lands"].items() if e == empire for n in content.neighbours(a)}
    return [Action("fleet", (w,)) for w in content.waters() if w in coast]


def apply_fleet(state: State, frame: Frame, args: One, ev: Events) -> None:
    e = _present(state)
    state["turn"]["fleets"] -= 1
    state["fleets"].setdefault(args.x, []).append(e)
    ev.emit(
        "fleet_placed",
        f"The {board.empire_name(e)} put a fleet in the {content.name(args.x)}",
        seat=board.owner(state, e),
        empire=e,
        area=args.x,
    )


FLEET = ActionKind(
    "fleet",
    one_arg,
    [known_area, fleets_left, is_water, on_coast, no_fleet_yet],
    fleet_candidates,
    apply_fleet,
    category="fleet",
    arity=(1, 1),
    usage="use: fleet <sea or ocean>",
    ensured=[known_area, is_water, on_coast],
    wide=lambda s, f: [Action("fleet", (a,)) for a in content.area_order()],  # every area
)


# -- ending the phase ----------------------------------------------------------------------------
def open_entries(state: State, frame: Frame) -> list[str]:
    """Lands an army could still enter that are vacant or held by another player."""
    seat = frame["player"]
    return [
        a.args[0] for a in ENTER.legal(state, frame) if board.holder_seat(state, a.args[0]) != seat
    ]


@explained(
    lambda s, f, a: (
        f"{count(s['turn']['armies'], 'army')} left; they could enter "
        + ", ".join(content.name(x) for x in open_entries(s, f)[:3])
    )
)
@BOOK.check(
    "expand.place-all-armies",
    "While your Empire has armies and one of them can enter a land that is vacant or held by "
    "another player, the Expansion phase goes on (lands of your own Faction are optional).",
    EXPANSION,
    source="ours",
    frame_only=True,
)
def armies_placed(state: State, frame: Frame, args: object) -> bool:
    # not open_entries(): with armies left, ENTER lists exactly the reachable lands
    if state["turn"]["armies"] <= 0:
        return True
    lands, empires, seat = state["lands"], state["empires"], frame["player"]
    return all(
        (e := lands.get(a)) is not None and empires[e]["owner"] == seat for a in _entries(state)
    )


def apply_end(state: State, frame: Frame, args: object, ev: Events) -> None:
    turn = state["turn"]
    if turn["armies"] or turn["fleets"]:
        ev.emit(
            "unplaced",
            f"{who(state, turn['player'])} leaves {count(turn['armies'], 'army')} and "
            f"{count(turn['fleets'], 'fleet')} unplaced",
            seat=turn["player"],
        )
    end_expansion(state, ev)


END = bare("end", apply_end, checks=[armies_placed])
