"""Research: buying advances, the top-of-group rule, prerequisites, governments, tracks.

Primer: "Research an Advance" and "Advances". An advance costs 2 food, either
of which may be replaced by ideas (gold replaces any resource).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any, Final, NamedTuple

from ..engine import Action, act
from ..engine.actions import act_once
from ..engine.frames import ActionKind, Candidates, explained, frame_options
from ..engine.game import Events, Frame, State
from . import content, events
from .common import actions_left, bump_stat, mark_once, me, spend_action, used_once
from .economy import (
    cap,
    gain,
    parse_payment,
    pay,
    payment_key,
    payment_plan,
    payments,
    plan_payment,
)
from .effects import FREED_BY, grants, on_gain, run_gain_effects, source
from .rulebook import RULES
from .state_types import DogmaAdvanceFrame, GovernmentCubesFrame, ResearchPaymentFrame

SECTION = "Primer: Actions (Expanded), Research an Advance"
TRACK_EVENTS = (3, 5, 7)

STEEL = source("combat.steel-weapons")  # bought with 2 ore extra, unless Metallurgy frees it


FREE_KEY = "free"  # the payment of an advance a discount makes cost nothing


def read_payment(text: str) -> dict[str, int]:
    return {} if text == FREE_KEY else parse_payment(text)


def key_of(take: dict[str, int]) -> str:
    return payment_key(take, PAY_ORDER) or FREE_KEY


def parse(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    return {
        "player": frame["player"],
        "advance": a.args[0] if a.args else "",
        "free": False,
        "payment": read_payment(a.args[1]) if len(a.args) > 1 else None,
    }


# Research's food may be paid in food, ideas or gold; Steel Weapons' ore in ore or gold.
FOOD_PAY = ("food", "ideas", "gold")
ORE_PAY = ("ore", "gold")
PAY_ORDER = ("food", "ideas", "ore", "gold")


def payment_options(player: dict[str, Any], cost: dict[str, int]) -> list[dict[str, int]]:
    """Every distinct way the player can pay ``cost`` (primer: "An advance costs 2 Food,
    either or both of which may be replaced by Ideas"; gold "may be used in place of any
    other normal Resource"). ``[{}]`` for a free advance; ``[]`` if it cannot be paid."""
    res = player["res"]
    ways = _payment_ways(
        res["food"], res["ideas"], res["ore"], res["gold"], cost.get("food", 0), cost.get("ore", 0)
    )
    return [dict(way) for way in ways]  # new dicts: callers may keep or change them


@lru_cache(maxsize=4096)
def _payment_ways(
    food: int, ideas: int, ore: int, gold: int, food_cost: int, ore_cost: int
) -> tuple[tuple[tuple[str, int], ...], ...]:
    """:func:`payment_options` for these stocks and costs, as items: a pure function of
    the four counts and the two prices it reads (the same few are met again and again)."""
    out: list[dict[str, int]] = []
    food_stock = {"food": food, "ideas": ideas, "gold": gold}
    for f in payments(food_stock, food_cost, FOOD_PAY):
        ore_stock = {"ore": ore, "gold": gold - f.get("gold", 0)}
        for o in payments(ore_stock, ore_cost, ORE_PAY):
            take = dict(f)
            for r, n in o.items():
                take[r] = take.get(r, 0) + n
            if take not in out:
                out.append(take)
    return tuple(tuple(take.items()) for take in out)


def cost_of(
    state: State, player: dict[str, Any], advance: str, *, free: bool, discounts: bool = True
) -> dict[str, int]:
    """What researching ``advance`` costs now (before choosing how to pay). With
    ``discounts`` off: the price without the Science advances' and Priesthood's "may"."""
    cost = {"food": 0 if free else state["options"]["research_cost"]}
    if discounts and cost["food"] and (FREED_BY.get(advance) in player["advances"]):
        cost["food"] = 0
    if discounts and cost["food"] and _priesthood_open(player, advance):
        cost["food"] = 0
    if advance == STEEL and not (discounts and FREED_BY[STEEL] in player["advances"]):
        cost["ore"] = 2  # paid together with the research
    return cost


def _priesthood_open(player: dict[str, Any], advance: str) -> bool:
    return (
        content.advances()[advance]["group"] == content.SCIENCE_GROUP
        and grants(player, "research.priesthood")
        and "priesthood" not in player["once"]
    )


def payment_choices(
    state: State, player: dict[str, Any], advance: str, *, free: bool, asking: bool = False
) -> list[dict[str, int]]:
    """The payments open for ``advance``: the discounted ones, and since every discount is a
    "may" (Priesthood: "you may buy a Science advancement at no Food cost"; Mathematics,
    Astronomy, Chemistry, Metallurgy: "can be bought at no Food cost") the full price too.
    ``asking``: only the full-price payments that change something (with Free Education,
    ideas or gold earn a mood token); a typed payment may be any of them."""
    cost = cost_of(state, player, advance, free=free)
    out = payment_options(player, cost)
    full = cost_of(state, player, advance, free=free, discounts=False)
    if full != cost:
        for take in payment_options(player, full):
            if take in out:
                continue
            if asking and not (
                grants(player, "research.free-education")
                and (take.get("ideas") or take.get("gold"))
            ):
                continue
            out.append(take)
    return out


def _uses_priesthood(state: State, player: dict[str, Any], advance: str, take: Any) -> bool:
    """The payment takes Priesthood's free food (nothing else freed it)."""
    if not _priesthood_open(player, advance) or FREED_BY.get(advance) in player["advances"]:
        return False
    ore = 2 if advance == STEEL and FREED_BY[STEEL] not in player["advances"] else 0
    paid = sum(take.values()) - ore  # what went to the food part of the price
    return paid < state["options"]["research_cost"]


# -- checks, in the order a learner would ask ------------------------------


def _not_an_advance(state: State, frame: Frame, args: dict[str, Any]) -> str:
    """Name the group when a learner asks for a group ("research democracy")."""
    group = content.groups().get(args["advance"])
    if group is None:
        return ""
    names = ", ".join(content.advances()[a]["name"] for a in group["advances"])
    kind = "a government, " if group["government"] else ""
    return f"{group['name']} is a group of advances ({kind}research one of: {names})"


@explained(_not_an_advance)
@RULES.check("research.unknown-advance", "There is no advance with that name.", SECTION)
def known(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["advance"] in content.advances()


@RULES.check("research.already-owned", "You already own this advance.", SECTION)
def not_owned(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["advance"] not in state["players"][args["player"]]["advances"]


def _government_open(owned: Any, adv: str) -> bool:
    req = content.group_of(adv)["requires"]
    return req is None or req in owned


def _top_first(owned: Any, adv: str) -> bool:
    top = content.group_of(adv)["advances"][0]
    return adv == top or top in owned


def _prerequisite(owned: Any, adv: str) -> bool:
    req = content.advances()[adv]["requires"]
    return req is None or req in owned


@RULES.check(
    "research.government-prerequisite",
    "A government group opens only once you own its prerequisite "
    "(Democracy: Philosophy, Autocracy: Draft, Theocracy: State Religion).",
    SECTION,
)
def government_open(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _government_open(state["players"][args["player"]]["advances"], args["advance"])


@RULES.check(
    "research.top-of-group",
    "You must buy the top advance of a group before any other advance in it.",
    "Primer: Actions (Expanded), Research an Advance; French rulings p. 5, 7",
)
def top_first(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _top_first(state["players"][args["player"]]["advances"], args["advance"])


@RULES.check(
    "research.prerequisite",
    "This advance needs another advance first (e.g. Sanitation and Roads need Engineering).",
    "Primer: Advances",
)
def prerequisite(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _prerequisite(state["players"][args["player"]]["advances"], args["advance"])


def open_advances(kind: str, owned: frozenset[str]) -> tuple[Action, ...]:
    """``kind`` actions for the advances the owned set leaves open (not owned, group
    open, top first, prerequisites met), in catalogue order. A pure function of its
    arguments; the listing still runs every check."""
    made = _advance_actions(kind)
    return tuple(
        [made[a] for a in _open_names(tuple(sorted(owned, key=_opening().rank.__getitem__)))]
    )


@lru_cache(maxsize=4096)
def _open_names(advances: tuple[str, ...]) -> tuple[str, ...]:
    """The advances a player owning ``advances`` may open (:func:`open_advances`), by name.

    Worked out from the answer for the same advances but the last: a player's advances grow
    one at a time, so that answer was met just before (an lru cache), and owning one more
    advance closes that advance and may open only advances that need it
    (``_opening().needed_by``). A pass over the whole catalogue, at every first listing after
    an advance gained, cost several times as much."""
    if not advances:
        return _opening().free
    last = advances[-1]
    before = _open_names(advances[:-1])
    if last in advances[:-1]:
        return before
    owned = frozenset(advances)
    opening = _opening()
    needs = opening.needs
    opened = [a for a in opening.needed_by.get(last, ()) if a not in owned and needs[a] <= owned]
    if not opened:
        return tuple([a for a in before if a != last])
    opened += [a for a in before if a != last]
    return tuple(sorted(opened, key=opening.rank.__getitem__))


class _Opening(NamedTuple):
    """What the three opening rules ask of each advance, as sets."""

    needs: dict[str, frozenset[str]]
    """Per advance, the advances it needs owned: its group's prerequisite
    (_government_open), its group's top unless it is the top (_top_first) and its own
    prerequisite (_prerequisite)."""
    needed_by: dict[str, tuple[str, ...]]
    """Per advance, the advances that need it."""
    free: tuple[str, ...]
    """The advances that need none, in catalogue order (open to a player owning none)."""
    rank: dict[str, int]
    """Each advance's place in the catalogue."""


@lru_cache(maxsize=1)
def _opening() -> _Opening:
    needs = {
        a: frozenset(r for r in (government, None if a == top else top, req) if r is not None)
        for a, government, top, req in _needs()
    }
    needed_by: dict[str, list[str]] = {}
    for a, need in needs.items():
        for r in need:
            needed_by.setdefault(r, []).append(a)
    return _Opening(
        needs,
        {r: tuple(ns) for r, ns in needed_by.items()},
        tuple(a for a, need in needs.items() if not need),
        {a: i for i, a in enumerate(content.advance_order())},
    )


@cache
def _advance_actions(kind: str) -> Mapping[str, Action]:
    """``kind <advance>`` for every advance, made once (actions are immutable)."""
    return {a: act(kind, a) for a in content.advance_order()}


@lru_cache(maxsize=1)
def _needs() -> tuple[tuple[str, str | None, str, str | None], ...]:
    """Per advance in catalogue order, what the three opening rules read: its group's
    prerequisite, its group's top advance and its own prerequisite (a new set of owned
    advances, a cache miss above, then costs set look-ups only)."""
    return tuple(
        (
            a,
            content.group_of(a)["requires"],
            content.group_of(a)["advances"][0],
            content.advances()[a]["requires"],
        )
        for a in content.advance_order()
    )


@RULES.check(
    "research.cost",
    "You cannot pay for it: an advance costs {research_cost} food (ideas or gold may replace "
    "the food; "
    "Steel Weapons also costs 2 ore).",
    SECTION,
)
def affordable(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    player = state["players"][args["player"]]
    return _payable(state, player, args["advance"], args["free"])


def _payable(state: State, player: dict[str, Any], advance: str, free: bool) -> bool:
    res = player["res"]
    # Ideas, food and gold each pay one food; discounts only lower the food, and
    # only Steel Weapons may add ore. So the full price in food settles most cases.
    food_like = res["ideas"] + res["food"] + res["gold"]
    if advance != STEEL and food_like >= state["options"]["research_cost"]:
        return True
    cost = cost_of(state, player, advance, free=free)
    if len(cost) == 1:
        return food_like >= cost["food"]
    return plan_payment(player, cost, ideas_for_food=True) is not None


@RULES.check(
    "research.payment",
    "That payment does not match the advance's cost, or you do not hold it: the food may be "
    "paid with food, ideas or gold, Steel Weapons' ore with ore or gold; a discount (Priesthood, "
    "the Science advances) may be taken (payment free) or not (the full price).",
    SECTION,
)
def payment_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if args["payment"] is None:
        return True
    player = state["players"][args["player"]]
    return args["payment"] in payment_choices(state, player, args["advance"], free=args["free"])


CHECKS = [
    actions_left,
    known,
    not_owned,
    government_open,
    top_first,
    prerequisite,
    affordable,
    payment_ok,
]
FREE_CHECKS = [known, not_owned, government_open, top_first, prerequisite, affordable]


def candidates(state: State, frame: Frame) -> tuple[Action, ...] | list[Action]:
    """Open advances the player can pay for (the research.cost test, see ``ensured``)."""
    player = me(state, frame)
    menu = research_menu("research", tuple(player["advances"]))
    res = player["res"]
    if res["ideas"] + res["food"] + res["gold"] >= state["options"]["research_cost"]:
        # _payable's first test, asked once: only Steel Weapons needs a closer look, and
        # only when it is open.
        if not menu.steel_open or _payable(state, player, STEEL, False):
            return menu.opened
        return menu.without_steel
    # Short of the full price: only an advance that cost_of() may discount can be paid.
    science_free = grants(player, "research.priesthood") and "priesthood" not in player["once"]
    return [
        a
        for a, freed in menu.discountable
        if (freed or science_free) and _payable(state, player, a.args[0], False)
    ]


def free_candidates(state: State, frame: Frame) -> tuple[Action, ...]:
    """The open advances a free advance may be (``kind`` advance): all of them but Steel
    Weapons when its 2 ore cannot be paid (nothing else is left to pay: research.cost)."""
    player = me(state, frame)
    menu = research_menu("advance", tuple(player["advances"]))
    if not menu.steel_open or _payable(state, player, STEEL, True):
        return menu.opened
    return menu.without_steel


class Menu(NamedTuple):
    """What a player's owned advances leave open to research (one kind of action)."""

    opened: tuple[Action, ...]
    """:func:`open_advances`."""
    without_steel: tuple[Action, ...]
    """The same without Steel Weapons."""
    steel_open: bool
    """Whether Steel Weapons is among them."""
    discountable: tuple[tuple[Action, bool], ...]
    """Those :func:`cost_of` may discount, in the same order: each with whether an owned
    advance frees it (``FREED_BY``); the others are of the Science group, which only
    Priesthood frees."""


@lru_cache(maxsize=4096)
def research_menu(kind: str, advances: tuple[str, ...]) -> Menu:
    """The :class:`Menu` of a player whose advances are ``advances`` (the state's list as a
    tuple: made without hashing a set at each listing). A pure function of its arguments,
    like ``open_advances``."""
    names = _open_names(advances)
    made = _advance_actions(kind)
    opened = tuple(map(made.__getitem__, names))
    if STEEL in names:
        i = names.index(STEEL)
        without_steel = opened[:i] + opened[i + 1 :]
    else:
        without_steel = opened
    science, may_discount = _discounts()
    discountable = []
    for a in names:
        if a in may_discount:
            freed = FREED_BY.get(a) in advances
            if freed or a in science:
                discountable.append((made[a], freed))
    return Menu(opened, without_steel, without_steel is not opened, tuple(discountable))


@cache
def _discounts() -> tuple[frozenset[str], frozenset[str]]:
    """The Science group's advances (Priesthood may free them), and every advance cost_of()
    may ever discount (those and the ones an advance frees: ``FREED_BY``)."""
    catalogue = content.advances()
    science = frozenset(
        a for a, info in catalogue.items() if info["group"] == content.SCIENCE_GROUP
    )
    return science, science | frozenset(FREED_BY)


def apply(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    spend_action(state)
    buy(state, args["player"], args["advance"], ev, free=args["free"], payment=args["payment"])


def buy(
    state: State,
    p: int,
    advance: str,
    ev: Events,
    *,
    free: bool,
    payment: dict[str, int] | None = None,
) -> None:
    """Pay for and gain an advance (research action or status-phase advance).

    The player chooses how to pay: given with the action, or asked in a
    ``research_payment`` frame when more than one way is open."""
    player = state["players"][p]
    if payment is None and free and advance != STEEL:
        payment = {}  # nothing to pay, and so one way to pay it: payment_choices() says [{}]
    if payment is None:
        options = payment_choices(state, player, advance, free=free, asking=True)
        if len(options) > 1:
            keys = [key_of(o) for o in options]
            ask: ResearchPaymentFrame = {
                "kind": "research_payment",
                "player": p,
                "advance": advance,
                "options": keys,
                "free": free,
            }
            state["stack"].append(ask)
            return
        cost = cost_of(state, player, advance, free=free)
        payment = options[0] if options else payment_plan(player, cost, ideas_for_food=True)
    _pay_and_gain(state, p, advance, payment, ev, free=free)


def _pay_and_gain(
    state: State, p: int, advance: str, take: dict[str, int], ev: Events, *, free: bool
) -> None:
    player = state["players"][p]
    if not free and _uses_priesthood(state, player, advance, take):
        player["once"].append("priesthood")  # used for this turn
    pay(player, take)
    if grants(player, "research.free-education") and (take.get("ideas") or take.get("gold")):
        gain(state, player, "mood", 1)
    gain_advance(state, p, advance, ev)


# -- how to pay, when more than one way is open ----------------------------------------


def parse_pay(state: State, frame: Frame, a: Action) -> str:
    return a.args[0] if a.args else ""


@RULES.check(
    "research.payment-choice",
    "Choose one of the ways of paying listed for this advance.",
    SECTION,
)
def pay_choice_ok(state: State, frame: Frame, key: str) -> bool:
    return key in frame["options"]


def apply_pay(state: State, frame: Frame, key: str, ev: Events) -> None:
    state["stack"].pop()
    _pay_and_gain(
        state,
        frame["player"],
        frame["advance"],
        read_payment(key),
        ev,
        free=frame.get("free", False),
    )


def pay_label(state: State, frame: Frame, a: Action) -> str:
    take = read_payment(a.args[0])
    parts = [f"{n} {'idea' if r == 'ideas' and n == 1 else r}" for r, n in take.items()]
    name = content.advances()[frame["advance"]]["name"]
    text = f"Pay {' and '.join(parts)} for {name}" if parts else f"Take {name} at no cost"
    if grants(state["players"][frame["player"]], "research.free-education") and (
        take.get("ideas") or take.get("gold")
    ):
        text += " (Free Education: +1 mood token)"
    return text


def every_advance(kind: str) -> Candidates:
    """``kind <advance>`` for every advance of the game (no payment named: how to pay is
    asked): the wide definition of the kinds that name an advance."""
    return lambda state, frame: [act_once(kind, a) for a in sorted(content.advances())]


PAY = ActionKind(
    "pay",
    parse_pay,
    [pay_choice_ok],
    frame_options("pay"),
    apply_pay,
    pay_label,
    category="advance",
    ensured=[pay_choice_ok],
    wide=frame_options("pay"),  # the frame's options are what the rule allows
    arity=(1, 1),
    usage="pay <payment>",
    example="pay food:1+ideas:1",
)


def gain_advance(state: State, p: int, advance: str, ev: Events) -> None:
    player = state["players"][p]
    info = content.advances()[advance]
    group = content.group_of(advance)
    moving = 0
    if group["government"]:
        moving = _switch_government(state, player, group["id"], ev)
    player["advances"].append(advance)
    ev.emit("advance", f"{player['name']} gains {info['name']}.", player=p, advance=advance)
    bump_stat(state, "advance")
    if moving:
        _place_cubes(state, p, group["id"], moving, ev)
    run_gain_effects(state, p, advance, "first", ev)
    track = info["track"]
    if track:
        gain(state, player, track, 1)
        player[f"{track}_track"] += 1
        if player[f"{track}_track"] in TRACK_EVENTS:
            _track_event(state, p, track, ev)
    run_gain_effects(state, p, advance, "last", ev)


def _track_event(state: State, p: int, track: str, ev: Events) -> None:
    """A Mood or Culture track reached 3, 5 or 7: draw an event and resolve it at once."""
    player = state["players"][p]
    bump_stat(state, "track_event")
    if state["options"]["events"]:
        events.draw_event(state, p, ev)
    else:
        ev.emit(
            "event_skipped", f"{player['name']}'s {track} track reaches {player[f'{track}_track']}."
        )


@on_gain("research.philosophy")
def _philosophy(state: State, p: int, advance: str, ev: Events) -> None:
    """Philosophy: 1 idea when gained and 1 for each later Science advance."""
    if advance == source("research.philosophy") or (
        content.advances()[advance]["group"] == content.SCIENCE_GROUP
    ):
        gain(state, state["players"][p], "ideas", 1)


@on_gain("gain.steel-refund")
def _steel_refund(state: State, p: int, advance: str, ev: Events) -> None:
    """Metallurgy bought after Steel Weapons gives back the 2 ore Steel Weapons cost."""
    player = state["players"][p]
    if advance == source("gain.steel-refund") and STEEL in player["advances"]:
        gain(state, player, "ore", 2)


@on_gain("limit.ideas")
def _dogma_limit(state: State, p: int, advance: str, ev: Events) -> None:
    """Dogma caps the ideas stock at once: what is over the new limit is lost."""
    if advance != source("limit.ideas"):
        return
    player = state["players"][p]
    limit = cap(state, player, "ideas")
    over = player["res"]["ideas"] - limit
    if over > 0:
        player["res"]["ideas"] = limit
        ev.emit(
            "advance",
            f"Dogma limits {player['name']}'s ideas to {limit}: {over} lost.",
            player=p,
        )


# -- changing government --------------------------------------------------------------


def _switch_government(state: State, player: dict[str, Any], new: str, ev: Events) -> int:
    """Buying into another government moves every cube over (Primer: Research).

    Returns how many moved cubes still wait for a place in the new tree: one of
    them goes on the advance being bought (our reading), unless the option
    ``government_switch_plus_one`` puts that advance on top of them.
    """
    old = content.government_of(player)
    if old is None or old == new:
        return 0
    catalogue = content.advances()
    held = [a for a in player["advances"] if catalogue[a]["group"] == old]
    for a in held:
        player["advances"].remove(a)
    bump_stat(state, "government_change")
    ev.emit(
        "government",
        f"{player['name']} changes government to {content.groups()[new]['name']}, "
        f"giving up {', '.join(catalogue[a]['name'] for a in held)}.",
    )
    plus_one = state["options"].get("government_switch_plus_one", False)
    return len(held) if plus_one else len(held) - 1


def cube_slots(state: State, p: int, tree: str) -> list[str]:
    """The advances of ``tree`` a moved cube may land on (not owned, top first)."""
    owned = state["players"][p]["advances"]
    return [
        a
        for a in content.groups()[tree]["advances"]
        if a not in owned and _top_first(owned, a) and _prerequisite(owned, a)
    ]


def _place_cubes(state: State, p: int, tree: str, n: int, ev: Events) -> None:
    """Put ``n`` moved cubes on the new tree: asked while the player has a real choice."""
    slots = cube_slots(state, p, tree)
    n = min(n, len(slots))
    if n == 0:
        return
    if n < len(slots):
        cubes: GovernmentCubesFrame = {"kind": CUBES, "player": p, "tree": tree, "left": n}
        state["stack"].append(cubes)
        return
    for a in slots:
        _land_cube(state, p, a, ev)


def _land_cube(state: State, p: int, advance: str, ev: Events) -> None:
    player = state["players"][p]
    player["advances"].append(advance)
    name = content.advances()[advance]["name"]
    ev.emit("government", f"{player['name']} moves a cube onto {name}.", player=p)


CUBES: Final = "government_cubes"


def parse_cube(state: State, frame: Frame, a: Action) -> str:
    return a.args[0] if a.args else ""


@RULES.check(
    "research.government-cube",
    "Put each moved cube on an advance of your new government that you do not own yet.",
    "Primer: Actions (Expanded), Research an Advance (changing government)",
)
def cube_ok(state: State, frame: Frame, advance: str) -> bool:
    return advance in cube_slots(state, frame["player"], frame["tree"])


def apply_cube(state: State, frame: Frame, advance: str, ev: Events) -> None:
    p = frame["player"]
    _land_cube(state, p, advance, ev)
    frame["left"] -= 1
    slots = cube_slots(state, p, frame["tree"])
    if frame["left"] and frame["left"] < len(slots):
        return  # still a choice: keep asking
    state["stack"].pop()
    for a in slots[: frame["left"]]:
        _land_cube(state, p, a, ev)


def _cube_label(state: State, frame: Frame, a: Action) -> str:
    return f"Move a cube onto {content.advances()[a.args[0]]['name']}"


CUBE = ActionKind(
    "cube",
    parse_cube,
    [cube_ok],
    lambda s, f: [act("cube", a) for a in cube_slots(s, f["player"], f["tree"])],
    apply_cube,
    category="advance",
    ensured=[cube_ok],
    wide=every_advance("cube"),
    arity=(1, 1),
    usage="cube <advance>",
    example="cube nationalism",
    label=_cube_label,
)


# -- Dogma: a free Theocracy advance for each Temple built -------------------------------

DOGMA: Final = "dogma_advance"


def dogma_choices(state: State, p: int) -> list[str]:
    """The Theocracy advances the player could take now (not owned, top first)."""
    return cube_slots(state, p, "theocracy")


def dogma_gift(state: State, p: int, ev: Events) -> None:
    """A Temple was built with Dogma: the player takes a free Theocracy advance of
    their choice (asked only when more than one is open)."""
    choices = dogma_choices(state, p)
    if len(choices) == 1:
        gain_advance(state, p, choices[0], ev)
    elif choices:
        dogma: DogmaAdvanceFrame = {"kind": DOGMA, "player": p}
        state["stack"].append(dogma)


@RULES.check(
    "research.dogma-choice",
    "Dogma gives a free Theocracy advance that you do not own yet: choose one of them.",
    "Primer: Advances, THEOCRACY (Dogma)",
)
def dogma_ok(state: State, frame: Frame, advance: str) -> bool:
    return advance in dogma_choices(state, frame["player"])


def apply_dogma(state: State, frame: Frame, advance: str, ev: Events) -> None:
    state["stack"].pop()
    gain_advance(state, frame["player"], advance, ev)


def _dogma_label(state: State, frame: Frame, a: Action) -> str:
    return f"Take {content.advances()[a.args[0]]['name']} free (Dogma)"


DOGMA_CHOICE = ActionKind(
    "dogma",
    parse_cube,
    [dogma_ok],
    lambda s, f: [act("dogma", a) for a in dogma_choices(s, f["player"])],
    apply_dogma,
    category="advance",
    ensured=[dogma_ok],
    wide=every_advance("dogma"),
    arity=(1, 1),
    usage="dogma <advance>",
    example="dogma devotion",
    label=_dogma_label,
)


def label(state: State, frame: Frame, a: Action) -> str:
    text = f"Research {content.advances()[a.args[0]]['name']}"
    if len(a.args) > 1:
        text += ", paying " + " and ".join(f"{n} {r}" for r, n in parse_payment(a.args[1]).items())
    return text


# _open_names() builds its list from the predicates of these checks (_opening().needs).
ENSURED = [known, not_owned, government_open, top_first, prerequisite]
KIND = ActionKind(
    "research",
    parse,
    CHECKS,
    candidates,
    apply,
    label,
    category="research",
    # Candidates name no payment (research.payment passes for them; a named one is checked).
    ensured=[*ENSURED, affordable, payment_ok],
    wide=every_advance("research"),
    arity=(1, 2),
    usage="research <advance> [<payment>]",
    example="research myths ideas:2",
)

__all__ = [
    "CUBE",
    "PAY",
    "DOGMA_CHOICE",
    "FREE_CHECKS",
    "KIND",
    "buy",
    "dogma_gift",
    "free_candidates",
    "gain_advance",
    "mark_once",
    "used_once",
]
