"""Moving: up to three groups a Move action, land units one space, ships along the sea.

Primer: "Move Units"; French rulings p. 9, 12 (armies need Tactics to move).
A group is up to 4 units going from the same space to the same space; with
Roads a land group may pay to go two spaces or to ignore terrain (roads.py).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from functools import lru_cache, partial
from itertools import combinations, product
from typing import Any, cast

from ..engine import Action, act
from ..engine.actions import MalformedAction
from ..engine.frames import ActionKind, bare, fixed, frame_options
from ..engine.game import Events, Frame, State
from ..engine.reading import read_once
from . import explore, paying, roads
from .board import (
    board_neighbours,
    hex_distance,
    is_enemy_space,
    is_explored,
    is_sea,
    neighbour_keys,
    stack_count,
    terrain,
    units_on,
)
from .common import actions_left, bump_stat, me, spend_action
from .economy import pay
from .effects import grants
from .places import at, from_to, place
from .rulebook import RULES
from .state_types import GroupArgs, MoveFrame, MovePending, OrientFrame, WhichUnitsFrame
from .vocab import count_words, parse_hex

MOVE = "Primer: Actions (Expanded), Move Units"
LETTER = {"a": "army", "s": "settler", "h": "ship"}
SPEC_RE = re.compile(r"^(?:[ash][1-9])+$")


def start_move(state: State, frame: Frame, args: Any, ev: Events) -> None:
    spend_action(state)
    state["stack"].append(new_move_frame(state, frame["player"]))


def new_move_frame(state: State, p: int) -> MoveFrame:
    """A Move action in progress: groups still allowed and the units moved so far
    (a unit moves in one group per Move action: primer, "one space per Move action")."""
    return {"kind": "move", "player": p, "left": state["options"]["groups_per_move"], "moved": []}


@RULES.check(
    "move.nothing-to-move",
    "You have no unit that can still move this turn.",
    MOVE,
    frame_only=True,
)
def something_movable(state: State, frame: Frame, args: Any) -> bool:
    """Whether a Move action could move some group (no dead-end Move actions): the Move
    frame's checks, asked of one-unit groups, unit by unit until one may go.

    One unit is enough: a group that may go has one that may go alone, its army if it has
    one (settlers alone may not go into a battle), else any of its units (each check asks
    for no more of one unit than of many). Every group check but move.groups-left is
    answered where the group arrives (:func:`group_moves`' helpers)."""
    p = frame["player"]
    probe = cast(Frame, new_move_frame(state, p))  # the checks take any frame
    if not groups_left.ok(state, probe, None):
        return False
    most = state["options"]["max_units_per_space"]
    hexes = state["hexes"]
    met: dict[str, tuple[str | None, bool, int, int]] = {}  # _arrival, per destination
    asked = set()
    armies_move = None
    for u in state["units"].values():
        if u["owner"] != p or u["stop"] or u["fought"]:
            continue
        kind = u["kind"]
        if kind == "army":
            if armies_move is None:
                armies_move = grants(state["players"][p], "move.armies")
            if not armies_move:
                continue
        src = u["hex"]
        # A unit fresh from a forest may go where another would, but not into a battle;
        # a settler alone never goes into one.
        fit = kind != "settler" and not u["forest"]
        if (src, kind, fit) in asked:
            continue
        asked.add((src, kind, fit))
        if kind == "ship":
            for dst in _ship_reach(state, p, src):
                m = met.get(dst)
                if m is None:
                    m = met[dst] = _arrival(state, p, dst, most)
                if _ship_arrives(m, 1, fit):
                    return True
            continue
        for dst in neighbour_keys(src):
            if dst in hexes:
                m = met.get(dst)
                if m is None:
                    m = met[dst] = _arrival(state, p, dst, most)
                if _land_arrives(m, 1, fit):
                    return True
        for dst, pay_text in _road_moves(state, probe, src):
            m = met.get(dst)
            if m is None:
                m = met[dst] = _arrival(state, p, dst, most)
            if _road_arrives(state, p, src, dst, pay_text, m, 1, fit):
                return True
    return False


def _move_label(state: State, frame: Frame, a: Action) -> str:
    return f"Move (up to {state['options']['groups_per_move']} groups)"


MOVE_KIND = ActionKind(
    "move",
    lambda s, f, a: None,
    [actions_left, something_movable],
    fixed(act("move")),
    start_move,
    category="move",
    arity=(0, 0),
    usage="move",
    example="move",
    label=_move_label,
)


# == one group ===============================================================


def parse_spec(text: str) -> dict[str, int]:
    return dict(_spec_items(text))  # a fresh dict: callers may keep it


@lru_cache(maxsize=1024)
def _spec_items(text: str) -> tuple[tuple[str, int], ...]:
    if not SPEC_RE.match(text):
        raise MalformedAction(
            f"a group is written like a2s1 (armies, settlers) or h1 (ships): {text!r}"
        )
    spec: dict[str, int] = {}
    for letter, n in re.findall(r"([ash])([1-9])", text):
        kind = LETTER[letter]
        spec[kind] = spec.get(kind, 0) + int(n)
    return tuple(spec.items())


def spec_text(spec: dict[str, int]) -> str:
    return "".join(f"{k[0] if k != 'ship' else 'h'}{n}" for k, n in sorted(spec.items()) if n)


def parse_group(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    parse_hex(a.args[0]), parse_hex(a.args[1])  # refused unless both are canonical q,r (cached)
    road = pick = payment = None
    for extra in a.args[3:]:
        if extra.startswith("roads:") and road is None:
            road = extra
        elif extra.startswith(PICK) and pick is None:
            pick = parse_pick(extra[len(PICK) :])
        elif payment is None and road is not None and paying.looks_like_payment(extra):
            payment = paying.read(extra)
        else:
            raise MalformedAction(
                "after the units a group may add roads:food|roads:ore|roads:food+ore, the "
                "road's payment (gold:1), and which units go (pick:ship-empty)"
            )
    return group_args(frame, a.args[0], a.args[1], a.args[2], road, payment, pick)


def group_args(
    frame: Frame,
    src: str,
    to: str,
    units: str,
    road: str | None = None,
    payment: dict[str, int] | None = None,
    pick: list[str] | None = None,
) -> dict[str, Any]:
    """A group's arguments, as the checks read them (from a group key read by parse_group,
    or from a candidate's parts, which are canonical by construction)."""
    return {
        "player": frame["player"],
        "from": src,
        "to": to,
        "spec": parse_spec(units),
        "roads": [] if road is None else roads.parse_payment(road),
        "moved": frame.get("moved", ()),
        "for": "group",
        "payment": payment,
        "pick": pick,
    }


# -- which units go, when units of one kind differ ------------------------------------
# A ship is told apart by its cargo, a land unit by whether it entered a forest this turn.
# The choice is named as pick:<class>+<class> (one class per unit moving), e.g.
# pick:ship-carrying-s1 or pick:army-forest+army-fresh; asked only when it changes something.

PICK = "pick:"


def parse_pick(text: str) -> list[str]:
    parts = text.split("+") if text else []
    if not parts or not all(
        re.match(r"^(army|settler)-(forest|fresh)$|^(aboard-)?ship-(empty|carrying-[as0-9]+)$", x)
        for x in parts
    ):
        raise MalformedAction(
            "units are picked as pick:army-fresh, pick:army-forest, pick:ship-empty or "
            "pick:ship-carrying-s1 (one per unit, joined by +), and the ship boarded as "
            "aboard-ship-empty"
        )
    return sorted(parts)


def unit_class(state: State, uid: str) -> str:
    u = state["units"][uid]
    if u["kind"] == "ship":
        cargo: dict[str, int] = {}
        for v in state["units"].values():
            if v["on"] == uid:
                cargo[v["kind"]] = cargo.get(v["kind"], 0) + 1
        return "ship-" + (f"carrying-{spec_text(cargo)}" if cargo else "empty")
    return f"{u['kind']}-{'forest' if u['forest'] else 'fresh'}"


def class_words(cls: str) -> str:
    if cls.startswith("aboard-"):
        ship = class_words(cls[len("aboard-") :])
        return "aboard " + ship.replace("an empty ship", "the empty ship")
    kind, _, sig = cls.partition("-")
    if sig == "empty":
        return "an empty ship"
    if sig.startswith("carrying-"):
        return f"the ship carrying {count_words(parse_spec(sig[len('carrying-') :]))}"
    article = "an" if kind == "army" else "a"
    if sig == "forest":
        return f"{article} {kind} that entered a forest this turn"
    return f"{article} {kind} that did not enter a forest this turn"


def _ships_with_room(state: State, args: dict[str, Any]) -> list[str]:
    cap = state["options"]["ship_capacity"]
    return [
        uid
        for uid, u in _here(state, args["player"], args["to"], "ship")
        if sum(1 for v in state["units"].values() if v["on"] == uid) < cap
    ]


def _movable(state: State, args: dict[str, Any], kind: str) -> list[str]:
    """The mover's units of ``kind`` at the start that this group may take."""
    return [
        uid
        for uid, u in _here(state, args["player"], args["from"], kind)
        if not u["stop"] and not u["fought"] and uid not in args["moved"]
    ]


def pick_options(state: State, args: dict[str, Any]) -> list[list[str]]:
    """Every choice of classes for the group's units (a battle takes no forest unit)."""
    battle = is_enemy_space(state, args["player"], args["to"])
    per_kind = []
    for kind, n in sorted(args["spec"].items()):
        classes = [unit_class(state, uid) for uid in _movable(state, args, kind)]
        if battle:
            classes = [c for c in classes if not c.endswith("-forest")]
        picks = sorted({tuple(sorted(c)) for c in combinations(sorted(classes), n)})
        per_kind.append(picks)
    to = args["to"]
    if "ship" not in args["spec"] and is_explored(state, to) and is_sea(state, to):
        boats = sorted({"aboard-" + unit_class(state, b) for b in _ships_with_room(state, args)})
        if len(boats) > 1:  # boarding ships that differ: which one the units ride
            per_kind.append([(b,) for b in boats])
    return [sorted(x for part in combo for x in part) for combo in product(*per_kind)]


def pick_asked(state: State, args: dict[str, Any], ends: Ends | None = None) -> bool:
    """Whether :func:`pick_options` offers more than one choice, told without listing them:
    every kind has units enough (else there is no choice at all), and the units of some kind
    differ while not all of them go, or the ships that could be boarded differ. The units
    at the start and the battle are read in one pass (:func:`_ends`); a land unit's class
    is its forest flag (of its kind), and a battle takes none fresh from a forest."""
    mine, battle = ends or _ends(state, args["player"], args["from"], args["to"])
    moved = args["moved"]
    differ = False
    for kind, n in args["spec"].items():
        if kind == "ship":
            classes = [
                unit_class(state, uid)
                for uid, u in mine
                if u["kind"] == "ship" and not u["stop"] and not u["fought"] and uid not in moved
            ]
        else:
            classes = [
                u["forest"]
                for uid, u in mine
                if u["kind"] == kind
                and not u["stop"]
                and not u["fought"]
                and uid not in moved
                and not (battle and u["forest"])
            ]
        if n > len(classes):
            return False
        if 0 < n < len(classes) and len(set(classes)) > 1:
            differ = True
    if differ:
        return True
    to = args["to"]
    if "ship" not in args["spec"] and is_explored(state, to) and is_sea(state, to):
        return len({unit_class(state, b) for b in _ships_with_room(state, args)}) > 1
    return False


Ends = tuple[list[tuple[str, Any]], bool]


def _ends(state: State, p: int, src: str, to: str) -> Ends:
    """``p``'s units at ``src`` (every kind, by id: what :func:`_here` gives, kind by kind)
    and whether ``to`` is an enemy space (:func:`is_enemy_space`), in one pass over the
    units: a group's move is applied outside a reading block, where each of those scans
    every unit (so :func:`apply_group` reads them once for :func:`pick_asked` and
    :func:`finish_group`: paying and revealing a region between them move no unit)."""
    mine = []
    enemy = False
    for uid, u in state["units"].items():
        h = u["hex"]
        if h == src and u["owner"] == p:
            mine.append((uid, u))
        if h == to and u["owner"] != p:
            enemy = True
    if not enemy:
        city = state["cities"].get(to)
        enemy = city is not None and city["owner"] != p
    if len(mine) > 1:
        mine.sort(key=_by_id)
    return mine, enemy


def _by_id(item: tuple[str, Any]) -> int:
    return int(item[0][1:])


@RULES.check(
    "move.which-units",
    "Pick units that stand there and can go, one class per unit moving (a ship by its cargo, "
    "a land unit by whether it entered a forest this turn; none from a forest into a battle).",
    MOVE,
)
def pick_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if not isinstance(args, dict) or args.get("pick") is None:
        return True
    return args["pick"] in pick_options(state, args)


def apply_which(state: State, frame: Frame, text: str, ev: Events) -> None:
    state["stack"].pop()
    args = dict(frame["args"], pick=parse_pick(text))
    apply_group(state, state["stack"][-1], args, ev)


def _which_ok(state: State, frame: Frame, text: str) -> bool:
    return text in frame["options"]


which_choice_ok = RULES.check(
    "move.which-units-choice",
    "Choose one of the listed groups of units.",
    MOVE,
)(_which_ok)


def _which_label(state: State, frame: Frame, a: Action) -> str:
    parts = a.args[0].split("+")
    units = " and ".join(class_words(c) for c in parts if not c.startswith("aboard-"))
    boat = [class_words(c) for c in parts if c.startswith("aboard-")]
    return f"Move {units}" + (f", {boat[0]}" if boat else "")


WHICH = ActionKind(
    "pick",
    lambda s, f, a: a.args[0] if a.args else "",
    [which_choice_ok],
    frame_options("pick"),
    apply_which,
    _which_label,
    category="group",
    ensured=[which_choice_ok],
    wide=frame_options("pick"),  # the frame's options are what the rule allows
    arity=(1, 1),
    usage="pick <class>[+<class>...]",
    example="pick ship-carrying-s1",
)


def _here(state: State, p: int, key: str, kind: str) -> list[tuple[str, dict[str, Any]]]:
    return sorted(
        ((uid, u) for uid, u in units_on(state, key) if u["owner"] == p and u["kind"] == kind),
        key=lambda x: int(x[0][1:]),
    )


@RULES.check(
    "move.groups-left",
    "This Move action has moved all the groups it may; take another Move action to go on.",
    MOVE,
    frame_only=True,
)
def groups_left(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return frame["left"] > 0


@RULES.check("move.on-board", "Both spaces must be on the board.", MOVE)
def on_board(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["from"] in state["hexes"] and args["to"] in state["hexes"]


@RULES.check("move.group-size", "Too many units in one group: the limit is {group_size}.", MOVE)
def group_size(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return sum(args["spec"].values()) <= state["options"]["group_size"]


@RULES.check(
    "move.ships-alone",
    "Ships move as their own group (land units ride along aboard them).",
    MOVE,
)
def ships_alone(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return "ship" not in args["spec"] or len(args["spec"]) == 1


@RULES.check("move.units-present", "You do not have those units on that space.", MOVE)
def units_present(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return all(_count(state, args, k) >= n for k, n in args["spec"].items())


@RULES.check(
    "move.disembark-later",
    "Units that boarded a ship in this Move action leave it in a later action.",
    "Primer: Move Units (ships: move onto the Ship, and then off it in a later action)",
)
def not_just_boarded(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if "ship" in args["spec"] or not args["moved"] or terrain(state, args["from"]) != "sea":
        return True
    return _enough(state, args, ("stop", "fought"))


@RULES.check(
    "move.once-per-action",
    "Each unit moves one space per Move action; spend another Move action to move it again.",
    "Primer: Move Units (land units are moved one space per Move action)",
)
def not_moved_yet(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not args["moved"] or _enough(state, args, ("stop", "fought"))


@RULES.check(
    "move.armies-need-tactics",
    "Armies cannot move until you own Tactics (they still fight when attacked).",
    "French rulings p. 9, 12",
)
def armies_tactics(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return "army" not in args["spec"] or grants(me(state, frame), "move.armies")


@RULES.check(
    "move.mountain-stop",
    "Units that moved into a mountain cannot move again this turn.",
    MOVE,
)
def not_stopped(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _enough(state, args, ("stop",), fresh=False)


@RULES.check(
    "move.fought",
    "Units that took part in a battle this turn cannot move again this turn: settlers and "
    "units aboard ships with the armies too, and moving into an enemy city or units is a "
    "battle even when nobody is there to roll.",
    "Primer: Move Units",
)
def not_fought(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _enough(state, args, ("stop", "fought"), fresh=False)


def _count(
    state: State, args: dict[str, Any], kind: str, lacking: tuple[str, ...] = (), *, fresh=False
) -> int:
    """How many of the mover's ``kind`` units stand at the start without any of the
    flags in ``lacking`` (and, with ``fresh``, not yet moved in this Move action).

    The checks below filter cumulatively (fresh, then not stopped, then not fought,
    then not from a forest) so that the last one counts units that pass them all."""
    p = args["player"]
    moved = args["moved"] if fresh else ()
    return sum(
        1
        for uid, u in units_on(state, args["from"])
        if u["owner"] == p
        and u["kind"] == kind
        and uid not in moved
        and not any(u[flag] for flag in lacking)
    )


def _enough(
    state: State, args: dict[str, Any], lacking: tuple[str, ...], *, fresh: bool = True
) -> bool:
    return all(_count(state, args, k, lacking, fresh=fresh) >= n for k, n in args["spec"].items())


@RULES.check(
    "move.adjacent",
    "Land units move one space per Move, or exactly two with Roads and 1 food "
    "(ships: any distance along connected sea; with Navigation, one trip round the "
    "board's rim to the first sea space that way, where the move ends).",
    MOVE,
)
def reachable(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if "ship" in args["spec"]:
        return args["to"] in _ship_reach(state, args["player"], args["from"])
    if "food" in args["roads"]:
        return hex_distance(args["from"], args["to"]) == 2
    return args["to"] in board_neighbours(state, args["from"])


@RULES.check(
    "move.land-needs-land",
    "Land units cannot enter the sea except by boarding one of your ships with room.",
    "Primer: Move Units (ships carry two land units)",
)
def land_target(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if "ship" in args["spec"]:
        return True
    to = args["to"]
    if state["hexes"][to]["terrain"] != "sea":  # land, or face down (explored on arrival)
        return True
    return room_aboard(state, args["player"], to) >= sum(args["spec"].values())


@RULES.check(
    "move.ships-need-sea",
    "Ships stay at sea.",
    MOVE,
)
def ship_target(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return (
        "ship" not in args["spec"]
        or not is_explored(state, args["to"])
        or is_sea(state, args["to"])
    )


@RULES.check(
    "move.settlers-need-escort",
    "Settlers cannot move into a space with enemies unless an army moves with them.",
    MOVE,
)
def settler_escort(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    spec = args["spec"]
    if len(spec) != 1 or "settler" not in spec:  # not settlers alone
        return True
    return not is_enemy_space(state, args["player"], args["to"])


@RULES.check(
    "move.forest-no-battle",
    "Units that moved into a forest this turn may move on, but not into a battle.",
    MOVE,
)
def forest_no_battle(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if not is_enemy_space(state, args["player"], args["to"]):
        return True
    if roads.forest_on_the_way(state, args["player"], args):
        return False
    return _enough(state, args, ("stop", "fought", "forest"))


@RULES.check(
    "move.ships-attack-ships",
    "Only ships fight at sea, and only armies attack on land.",
    "Primer: Battles and Capturing",
)
def fighters(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if not is_enemy_space(state, args["player"], args["to"]):
        return True
    if "ship" in args["spec"]:
        return True
    return state["hexes"][args["to"]]["terrain"] not in (None, "sea")  # explored land


@RULES.check(
    "move.stack-limit",
    "That space would hold more units than the limit allows (units aboard ships do not count).",
    MOVE,
)
def stack_limit(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    to = args["to"]
    if state["hexes"][to]["terrain"] == "sea" and "ship" not in args["spec"]:
        return True  # boarding: riders do not count
    p = args["player"]
    mine = 0
    for _, u in units_on(state, to):
        if u["on"] is None and u["owner"] == p:
            mine += 1
    return mine + sum(args["spec"].values()) <= state["options"]["max_units_per_space"]


# group_candidates() only proposes groups that already pass these (GROUP's ``ensured``).
GROUP_ENSURED = [
    on_board,
    group_size,
    ships_alone,
    units_present,
    armies_tactics,
    # The turn-long rules first: their refusal says more than "one space per action".
    not_stopped,
    not_fought,
    not_just_boarded,
    not_moved_yet,
    *roads.CHECKS,
    ship_target,  # before reachable: "ships stay at sea" explains a ship sent ashore
    reachable,
]
# Where the group arrives: group_moves answers these once a destination (ensured too).
ARRIVAL_CHECKS = [land_target, settler_escort, forest_no_battle, fighters, stack_limit]
GROUP_CHECKS = [
    groups_left,
    *GROUP_ENSURED,
    *roads.WAY_CHECKS,
    *ARRIVAL_CHECKS,
    paying.named_ok,
    pick_ok,
]


def room_aboard(state: State, p: int, sea: str) -> int:
    cap = state["options"]["ship_capacity"]
    room = 0
    here = units_on(state, sea)  # riders stand on their ship's hex
    for uid, u in here:
        if u["owner"] == p and u["kind"] == "ship":
            room += cap - sum(1 for _, v in here if v["on"] == uid)
    return room


def _ship_reach(state: State, p: int, start: str) -> frozenset[str]:
    return read_once(state, ("coc.ship-reach", p, start), lambda: _ship_search(state, p, start))


def _ship_search(state: State, p: int, start: str) -> frozenset[str]:
    """Where a ship at ``start`` may sail in one move: any distance along connected sea
    (not through enemies), and with Navigation one trip off the board from an edge space
    it reached, round to the first sea space that way, where the move ends (primer:
    "your move may be used to move off the board and around it to the next Sea area")."""
    hexes = state["hexes"]
    seen = {start}
    frontier = [start]
    sailed = [start]  # the sea spaces the ship may pass through, in the order found
    out: set[str] = set()
    while frontier:
        h = frontier.pop()
        for n in board_neighbours(state, h):
            if n in seen:
                continue
            seen.add(n)
            t = hexes[n]["terrain"]
            if t is None:
                if h == start:
                    out.add(n)  # exploring: only straight from where the ship lies
                continue
            if t != "sea":
                continue
            out.add(n)
            if not any(u["owner"] != p for _, u in units_on(state, n)):
                frontier.append(n)
                sailed.append(n)
    if grants(state["players"][p], "move.navigation"):
        for h in sailed:  # one trip round the rim per move: no sailing on from there
            out.update(around_the_edge(state, h))
    out.discard(start)
    return frozenset(out)


def around_the_edge(state: State, key: str) -> list[str]:
    """Navigation: from an edge space, off the board and around it, clockwise or
    counterclockwise, to the first explored sea space on the edge in that direction.

    Primer: "Ships may move off the board and around to the first Sea space in the
    direction moved." Our reading: the direction is one of the two ways around the
    board's rim; face-down spaces on the way are passed by (their terrain is unknown).
    """
    # The rim is worked out once per board, keyed by the board's spaces themselves (two
    # boards of one size may differ: a scenario's, a variant's), not per search step.
    rim = _rim(tuple(state["hexes"]))
    if key not in rim:
        return []
    i = rim.index(key)
    out: list[str] = []
    for step in (1, -1):
        for k in range(1, len(rim)):
            n = rim[(i + step * k) % len(rim)]
            if state["hexes"][n]["terrain"] == "sea":
                if n != key:
                    out.append(n)
                break
    return out


@lru_cache(maxsize=8)
def _rim(keys: tuple[str, ...]) -> tuple[str, ...]:
    """The board's edge spaces in order around it (by angle about the board's centre):
    a function of the board's spaces (``keys``, in any order) alone."""
    keys = tuple(sorted(keys))
    on_board = set(keys)
    edge = [k for k in keys if any(n not in on_board for n in neighbour_keys(k))]

    def centre(k: str) -> tuple[float, float]:
        q, r = parse_hex(k)
        return 1.5 * q, math.sqrt(3) * (r + q / 2)  # flat-top axial to plane

    pts = [centre(k) for k in keys]
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    return tuple(sorted(edge, key=lambda k: math.atan2(centre(k)[1] - cy, centre(k)[0] - cx)))


def group_candidates(state: State, frame: Frame) -> Iterator[Action]:
    return map(_group_action, group_moves(state, frame))


_group_action = partial(Action, "group")


def group_moves(state: State, frame: Frame) -> Iterator[tuple[str, ...]]:
    """The legal groups' keys' arguments: (from, to, units) and, by road, (from, to, units,
    payment); groups of the mover's units that may still go, in every size allowed, to each
    space in reach (Roads: the payments the purse allows), less those the rules refuse.

    Each passes every group check (GROUP's ``ensured``) but ``move.groups-left``: the ones
    that read where the group arrives (ARRIVAL_CHECKS) are answered from what stands at the
    destination, read once a destination (:func:`_arrival`) rather than once a group."""
    p = frame["player"]
    moved = frame.get("moved", ())
    # Per space: the mover's armies, settlers and ships that may still go, then those of
    # them not fresh from a forest (those may go into a battle).
    by_hex: dict[str, list[int]] = {}
    armies_move = None  # asked at the first army (the same for all the mover's armies)
    # The mover's units that may still go: not stopped by a mountain, not fought, not moved
    # in this Move action, and armies only with Tactics.
    for uid, u in state["units"].items():
        if u["owner"] != p or u["stop"] or u["fought"] or uid in moved:
            continue
        kind = u["kind"]
        if kind == "army":
            if armies_move is None:
                armies_move = grants(state["players"][p], "move.armies")
            if not armies_move:
                continue
        c = by_hex.get(u["hex"])
        if c is None:
            c = by_hex[u["hex"]] = [0, 0, 0, 0, 0, 0]
        i = _SLOT[kind]
        c[i] += 1
        if not u["forest"]:
            c[i + 3] += 1
    options = state["options"]
    cap, most = options["group_size"], options["max_units_per_space"]
    hexes = state["hexes"]
    met: dict[str, tuple[str | None, bool, int, int]] = {}  # _arrival, per destination
    for src in sorted(by_hex):
        c = by_hex[src]
        specs = _land_groups(min(c[0], cap), c[1], cap)
        if specs:
            by_road = None  # asked only when reached: a probe often stops at the first group
            for text, a, s in specs:
                n = a + s
                # Into a battle: an army goes (move.settlers-need-escort), and none of the
                # group comes fresh from a forest (move.forest-no-battle).
                fit = a > 0 and c[3] >= a and c[4] >= s
                for dst in neighbour_keys(src):
                    if dst not in hexes:
                        continue
                    m = met.get(dst)
                    if m is None:
                        m = met[dst] = _arrival(state, p, dst, most)
                    if _land_arrives(m, n, fit):
                        yield (src, dst, text)
                if by_road is None:
                    by_road = _road_moves(state, frame, src)
                for dst, pay_text in by_road:
                    m = met.get(dst)
                    if m is None:
                        m = met[dst] = _arrival(state, p, dst, most)
                    if _road_arrives(state, p, src, dst, pay_text, m, n, fit):
                        yield (src, dst, text, pay_text)
        ships = min(c[2], cap)
        if ships:
            sea = sorted(_ship_reach(state, p, src))
            for n in range(1, ships + 1):
                fit = c[5] >= n
                for dst in sea:
                    m = met.get(dst)
                    if m is None:
                        m = met[dst] = _arrival(state, p, dst, most)
                    if _ship_arrives(m, n, fit):
                        yield (src, dst, f"h{n}")


_SLOT = {"army": 0, "settler": 1, "ship": 2}


def _arrival(state: State, p: int, dst: str, most: int) -> tuple[str | None, bool, int, int]:
    """What a group of ``p``'s meets at ``dst``: its terrain (None: face down), whether it is
    an enemy space, how many more units may stand there (move.stack-limit) and, at sea, the
    room aboard ``p``'s ships there (move.land-needs-land). The units there are read once,
    for the enemy and the room to stand alike."""
    t = state["hexes"][dst]["terrain"]
    mine = 0
    enemy = False  # is_enemy_space, read in the same pass
    for _, u in units_on(state, dst):
        if u["owner"] != p:
            enemy = True
        elif u["on"] is None:
            mine += 1
    if not enemy:
        city = state["cities"].get(dst)
        enemy = city is not None and city["owner"] != p
    room = room_aboard(state, p, dst) if t == "sea" else 0
    return t, enemy, most - mine, room


def _land_arrives(met: tuple[str | None, bool, int, int], n: int, fit: bool) -> bool:
    """Whether a land group of ``n`` units passes the arrival checks where it meets ``met``
    (fit: it may go into a battle): at sea it boards (move.land-needs-land) and fights no
    one (move.ships-attack-ships); on land it fits (move.stack-limit), and a battle needs
    a fit group and explored land (move.ships-attack-ships)."""
    t, enemy, space, room = met
    if t == "sea":
        return not enemy and n <= room
    return n <= space and (not enemy or (fit and t is not None))


def _road_arrives(
    state: State,
    p: int,
    src: str,
    dst: str,
    pay_text: str,
    met: tuple[str | None, bool, int, int],
    n: int,
    fit: bool,
) -> bool:
    """:func:`_land_arrives` for a group going by road, which goes into no battle through a
    forest (move.forest-no-battle)."""
    return _land_arrives(met, n, fit) and not (
        met[1] and roads.forest_on_the_way(state, p, _way(p, src, dst, pay_text))
    )


def _ship_arrives(met: tuple[str | None, bool, int, int], n: int, fit: bool) -> bool:
    """Whether ``n`` ships pass the arrival checks where they meet ``met``: they fit
    (move.stack-limit: ships count) and go into a battle only when fit for one
    (move.forest-no-battle)."""
    return n <= met[2] and (fit or not met[1])


def _way(p: int, src: str, dst: str, pay_text: str) -> dict[str, Any]:
    return {"player": p, "from": src, "to": dst, "roads": roads.parse_payment(pay_text)}


def _road_moves(state: State, frame: Frame, src: str) -> list[tuple[str, str]]:
    """Roads' candidate (destination, payment) pairs from ``src`` that pass the way checks:
    those read only the spaces and the payment, so they are asked once a pair here rather
    than once a group (GROUP's ``ensured`` names them)."""
    p = frame["player"]
    out = []
    for dst, pay_text in roads.candidate_moves(state, p, src):
        way = _way(p, src, dst, pay_text)
        if all(c.ok(state, frame, way) for c in roads.WAY_CHECKS):
            out.append((dst, pay_text))
    return out


@lru_cache(maxsize=256)
def _land_groups(armies: int, settlers: int, cap: int) -> tuple[tuple[str, int, int], ...]:
    """The land groups ``armies`` armies and ``settlers`` settlers on one space can make, up
    to ``cap`` units: (as written in a group key, armies, settlers), s1, s2, ..., then a1,
    a1s1, ... (the plain order: by armies, then settlers)."""
    return tuple(
        (spec_text({"army": a, "settler": s}), a, s)
        for a in range(armies + 1)
        for s in range(min(settlers, cap - a) + 1)
        if a + s
    )


def apply_group(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    ends = None
    if args.get("pick") is None:
        ends = _ends(state, args["player"], args["from"], args["to"])
    if ends is not None and pick_asked(state, args, ends):
        # The units differ and not all go: the player says which.
        which: WhichUnitsFrame = {
            "kind": "which_units",
            "player": args["player"],
            "args": cast(GroupArgs, dict(args, moved=list(args["moved"]))),
            "options": ["+".join(o) for o in pick_options(state, args)],
        }
        state["stack"].append(which)
        return
    # Without Roads there is nothing to pay (settle would find the one way: nothing).
    take = paying.settle(state, frame, "group", args) if args["roads"] else {}
    if take is None:
        return  # asked how to pay the road (food or ore, or gold); the move goes on from there
    frame["left"] -= 1
    p = args["player"]
    pending: MovePending = {"from": args["from"], "to": args["to"], "spec": args["spec"]}
    if args.get("pick") is not None:
        pending["pick"] = list(args["pick"])
    if args["roads"]:
        pay(state["players"][p], take)
        pending["roads"] = args["roads"]
    to = args["to"]
    if not is_explored(state, to):
        region = state["hexes"][to]["region"]
        allowed, ruling = explore.orientation_ruling(state, region, to, "ship" in args["spec"])
        if len(allowed) > 1:
            orient: OrientFrame = {
                "kind": "orient",
                "player": p,
                "region": region,
                "allowed": allowed,
                "pending": pending,
            }
            state["stack"].append(orient)
            return
        explore.reveal(state, region, allowed[0], p, ev, ruling)
    finish_group(state, p, pending, ev, ends)


def _road_cost(state: State, frame: Frame, args: dict[str, Any]) -> list[dict[str, int]]:
    return [dict.fromkeys(args["roads"], 1)]


paying.register("group", _road_cost, apply_group)


def finish_group(
    state: State, p: int, pending: MovePending, ev: Events, ends: Ends | None = None
) -> None:
    """Move the chosen units (the region is explored by now); start a battle if needed.
    ``ends``: :func:`_ends` of the group's spaces, when the caller has read them."""
    src, to, spec = pending["from"], pending["to"], pending["spec"]
    t = terrain(state, to)
    by_ship = "ship" in spec
    if (t == "sea") != by_ship and not (
        t == "sea" and room_aboard(state, p, to) >= sum(spec.values())
    ):
        ev.emit(
            "blocked",
            f"The units cannot enter {place(state, to)}; they stay {at(state, src)}.",
            player=p,
            hexes=[src, to],
        )
        return
    paid = pending.get("roads", [])
    ore = "ore" in paid  # Roads: this move's terrain penalties are ignored
    frame = _move_frame(state, p)
    already = frame["moved"] if frame else ()
    moving, battle = _moving_units(
        state, p, src, to, spec, already, pending.get("pick"), ends or _ends(state, p, src, to)
    )
    if frame is not None:
        frame["moved"] = [*frame["moved"], *moving]
    units = state["units"]
    boarding = t == "sea" and not by_ship
    aboard = next(
        (c[len("aboard-") :] for c in pending.get("pick") or [] if c.startswith("aboard-")), None
    )
    boat = _ship_with_room(state, p, to, prefer=aboard) if boarding else ""
    through_forest = roads.forest_on_the_way(state, p, {"from": src, "to": to, "roads": paid})
    for uid in moving:
        u = units[uid]
        u["hex"] = to
        if by_ship:
            for v in units.values():
                if v["on"] == uid:
                    v["hex"] = to
        elif boarding:  # the picked ship while it has room, then the oldest with room
            u["on"] = boat if _room_on(state, boat) else _ship_with_room(state, p, to)
        else:
            u["on"] = None
        if t == "mountain" and not ore:
            u["stop"] = True
        if (t == "forest" and not ore) or through_forest:
            u["forest"] = True
    name = state["players"][p]["name"]
    how = f" by road (paying 1 {' and 1 '.join(paid)})" if paid else ""
    ev.emit(
        "move",
        f"{name} moves {count_words(spec)}{_carrying(state, moving) if by_ship else ''} "
        f"{from_to(state, src, to)}{how}.",
        player=p,
        hexes=[src, to],
    )
    bump_stat(state, "move_group")
    if paid:
        bump_stat(state, "roads")
    if battle:
        from . import combat

        combat.start_battle(state, p, src, to, moving, ev)


def _moving_units(
    state: State,
    p: int,
    src: str,
    to: str,
    spec: dict[str, int],
    already: Any,
    pick: list[str] | None,
    ends: Ends,
) -> tuple[list[str], bool]:
    """The units that go (by kind, each the oldest that may; the player's pick first) and
    whether they go into a battle, from :func:`_ends` of the group's spaces."""
    mine, battle = ends
    moving: list[str] = []
    wanted = list(pick or [])
    for kind, n in spec.items():
        free = [
            uid
            for uid, u in mine
            if u["kind"] == kind and not u["stop"] and not u["fought"] and uid not in already
        ]
        if battle:  # units fresh from a forest may not attack: send the others
            free.sort(key=lambda uid: state["units"][uid]["forest"])
        if wanted:  # the player's pick: the first unit of each class named
            chosen: list[str] = []
            for uid in free:
                cls = unit_class(state, uid)
                if cls in wanted and len(chosen) < n:
                    wanted.remove(cls)
                    chosen.append(uid)
            free = chosen + [u for u in free if u not in chosen]
        moving += free[:n]
    return moving, battle


def _move_frame(state: State, p: int) -> Frame | None:
    """The Move action this group belongs to (an orient frame may sit above it)."""
    for f in reversed(state["stack"]):
        if f["kind"] == "move" and f["player"] == p:
            return f
    return None


def _room_on(state: State, ship: str) -> bool:
    cap = state["options"]["ship_capacity"]
    return sum(1 for v in state["units"].values() if v["on"] == ship) < cap


def _carrying(state: State, ships: list[str]) -> str:
    """What the moving ships carry, in words for the log (which ship sailed shows there)."""
    cargo: dict[str, int] = {}
    for v in state["units"].values():
        if v["on"] in ships:
            cargo[v["kind"]] = cargo.get(v["kind"], 0) + 1
    return f" carrying {count_words(cargo)}" if cargo else ""


def _ship_with_room(state: State, p: int, sea: str, prefer: str | None = None) -> str:
    """A ship of the player's at ``sea`` with room: of the class the player picked first
    (``prefer``, e.g. ship-empty; the class is read before anyone boards), else the oldest."""
    cap = state["options"]["ship_capacity"]
    room = [
        uid
        for uid, u in sorted(state["units"].items(), key=lambda x: int(x[0][1:]))
        if u["hex"] == sea
        and u["owner"] == p
        and u["kind"] == "ship"
        and sum(1 for v in state["units"].values() if v["on"] == uid) < cap
    ]
    for uid in room:
        if prefer is not None and unit_class(state, uid) == prefer:
            return uid
    if room:
        return room[0]
    raise AssertionError("boarding was checked for room")


ROAD_WORDS = {
    "roads:food": " by road (1 food: two spaces)",
    "roads:ore": " by road (1 ore: no terrain penalty)",
    "roads:food+ore": " by road (1 food and 1 ore: two spaces, no terrain penalty)",
}


def _group_label(state: State, frame: Frame, a: Action) -> str:
    units = count_words(parse_spec(a.args[2]))
    road = next((ROAD_WORDS[x] for x in a.args[3:] if x in ROAD_WORDS), "")
    return f"Move {units} {from_to(state, a.args[0], a.args[1])}{road}"


def wide_groups(state: State, frame: Frame) -> list[Action]:
    """Every group of the mover's units on each space (armies and settlers together, ships
    alone, up to the group size), to every space within two of it (a step, or by road with
    each of Roads' payments), ships to every space of the board. No payment or pick named:
    both are asked after a group is chosen."""
    p = frame["player"]
    cap = state["options"]["group_size"]
    count: dict[str, dict[str, int]] = {}
    for u in state["units"].values():
        if u["owner"] == p:
            here = count.setdefault(u["hex"], {})
            here[u["kind"]] = here.get(u["kind"], 0) + 1
    board = sorted(state["hexes"])
    out = []
    for src, here in sorted(count.items()):
        near = [h for h in board if 0 < hex_distance(src, h) <= 2]
        for a in range(min(here.get("army", 0), cap) + 1):
            for s in range(min(here.get("settler", 0), cap - a) + 1):
                if a + s:
                    text = spec_text({"army": a, "settler": s})
                    for dst in near:
                        out.append(act("group", src, dst, text))
                        out += [act("group", src, dst, text, road) for road in roads.PAYMENTS]
        for n in range(1, min(here.get("ship", 0), cap) + 1):
            out += [act("group", src, dst, f"h{n}") for dst in board if dst != src]
    return out


GROUP = ActionKind(
    "group",
    parse_group,
    GROUP_CHECKS,
    group_candidates,
    apply_group,
    category="group",
    # No candidate names a payment or a pick (both are asked after a group is chosen), so
    # they pass those two checks as well; road moves come only by ways the checks allow, and
    # only to destinations that take the group (group_moves): every check but groups-left.
    ensured=[*GROUP_ENSURED, *roads.WAY_CHECKS, *ARRIVAL_CHECKS, paying.named_ok, pick_ok],
    wide=wide_groups,
    arity=(3, 6),
    usage="group <from> <to> <units> [roads:food|roads:ore|roads:food+ore [<payment>]] "
    "[pick:<class>+...]",
    example="group 1,1 2,1 a2s1",
    label=_group_label,
)


@RULES.check(
    "move.at-least-one-group",
    "Move at least one group with a Move action.",
    MOVE,
    frame_only=True,
)
def moved_something(state: State, frame: Frame, args: Any) -> bool:
    return frame["left"] < state["options"]["groups_per_move"]


def finish_move(state: State, frame: Frame, args: Any, ev: Events) -> None:
    state["stack"].pop()


MOVE_DONE = bare("done", finish_move, checks=[moved_something], label="Done moving")

__all__ = ["GROUP", "MOVE_DONE", "MOVE_KIND", "finish_group", "stack_count"]


# -- orienting a region revealed by a move (asked when the rulings leave a choice) --------


def apply_orient(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    """Lay the region as the player chose, then the waiting group finishes its move."""
    state["stack"].pop()
    explore.reveal(state, frame["region"], args["flip"], frame["player"], ev, explore.FREE_CHOICE)
    finish_group(state, frame["player"], frame["pending"], ev)


ORIENT = ActionKind(
    "orient",
    explore.parse_orient,
    [explore.orient_allowed],
    explore.orient_candidates,
    apply_orient,
    category="orient",
    arity=(1, 1),
    usage="orient 0|1",
    example="orient 1",
    label=explore.orient_label,
)
