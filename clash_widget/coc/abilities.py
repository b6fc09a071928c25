"""Advance abilities used from the turn: those marked AAA cost an action, the rest are free.

Primer: "Advances" (Cartography, Bartering, Taxation, Civil Liberties, Drama and
Music, Absolute Power, Forced Labour).
"""

from __future__ import annotations

from functools import lru_cache
from operator import le as _le
from typing import Any

from ..engine import Action, MalformedAction, act
from ..engine.actions import whole_number
from ..engine.frames import ActionKind, fixed
from ..engine.game import Events, Frame, State
from .board import cities_of
from .common import actions_left, bump_stat, mark_once, me, spend_action, used_once
from .economy import describe_cost, gain, parse_payment, payment_key, payments
from .effects import source
from .rulebook import RULES
from .vocab import RESOURCES

ADV = "Primer: Advances"


ABILITY_ADVANCES: set[str] = set()
"""The advances an ability asks for first (``_owns``): without one, every ability is shut."""


def _owns(effect: str, rule_id: str, reason: str, section: str):  # noqa: ANN202
    advance = source(effect)  # asked for every listing: look the advance up once
    ABILITY_ADVANCES.add(advance)

    @RULES.check(rule_id, reason, section, frame_only=True)
    def ok(state: State, frame: Frame, args: Any) -> bool:
        return advance in state["players"][frame["player"]]["advances"]

    return ok


def _once(ability: str, rule_id: str, reason: str, section: str):  # noqa: ANN202
    @RULES.check(rule_id, reason, section, frame_only=True)
    def ok(state: State, frame: Frame, args: Any) -> bool:
        return not used_once(state, frame, ability)

    return ok


def _plain(state: State, frame: Frame, a: Action) -> tuple[str, ...]:
    return a.args


def _single(kind: str):  # noqa: ANN202
    return fixed(act(kind))


# -- Cartography (AAA, once a turn) -------------------------------------------


def apply_cartography(state: State, frame: Frame, args: Any, ev: Events) -> None:
    spend_action(state)
    mark_once(state, frame, "cartography")
    p = frame["player"]
    regions = {
        state["hexes"][u["hex"]]["region"]
        for u in state["units"].values()
        if u["owner"] == p and u["kind"] == "ship"
    }
    player = me(state, frame)
    gain(state, player, "culture", len(regions))
    gain(state, player, "ideas", len(regions))
    ev.emit("ability", f"Cartography: {player['name']} charts {len(regions)} regions.", player=p)


CARTOGRAPHY = ActionKind(
    "cartography",
    _plain,
    [
        _owns("ability.cartography", "ability.cartography", "Charting needs Cartography.", ADV),
        actions_left,
        _once("cartography", "ability.cartography-once", "Cartography works once a turn.", ADV),
    ],
    _single("cartography"),
    apply_cartography,
    category="ability",
    arity=(0, 0),
    usage="cartography",
    example="cartography",
    label="Cartography: chart the regions your ships are in",
)


# -- Bartering (AAA): up to 3 resources into gold and/or culture tokens ----------


def parse_barter(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    give = parse_payment(a.args[0])
    gold_text, sep, culture_text = a.args[1].partition(":")
    if not sep:
        raise MalformedAction(f"what bartering gives is written gold:culture, not {a.args[1]!r}")
    gold = whole_number(gold_text, "the gold")
    culture = whole_number(culture_text, "the culture tokens")
    return {"give": give, "gold": gold, "culture": culture}


@RULES.check(
    "ability.barter-amounts",
    "Bartering turns up to 3 of your resources into as many gold and culture tokens.",
    "Primer: Advances, ECONOMICS (Bartering)",
)
def barter_amounts(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    total = sum(args["give"].values())
    player = me(state, frame)
    return (
        0 < total <= 3
        and all(r in RESOURCES and n > 0 for r, n in args["give"].items())
        and all(player["res"][r] >= n for r, n in args["give"].items())
        and args["gold"] >= 0
        and args["culture"] >= 0
        and args["gold"] + args["culture"] == total
    )


def barter_candidates(state: State, frame: Frame) -> tuple[Action, ...]:
    """Every mix the player may choose: up to 3 resources of any kinds, split any way
    between gold and culture tokens. Gold turned back into gold changes nothing, so a
    mix that gives gold and also takes gold is left out of the list (still accepted)."""
    stock = me(state, frame)["res"]
    return _barter_mixes(tuple(min(stock[r], 3) for r in RESOURCES))  # immutable: no copy


@lru_cache(maxsize=4096)
def _barter_mixes(held: tuple[int, ...]) -> tuple[Action, ...]:
    """The listing depends only on how much of each resource (up to 3) is held: the mixes
    of :func:`_every_mix` that take no more of any resource than is held, in its order
    (``payments`` lists the ways in the same order whatever the stock; a smaller stock only
    leaves some out)."""
    out: list[Action] = []
    for need, mixes in _every_mix():
        if all(map(_le, need, held)):
            out += mixes
    return tuple(out)


@lru_cache(maxsize=1)
def _every_mix() -> tuple[tuple[tuple[int, ...], tuple[Action, ...]], ...]:
    """Every mix with 3 of each resource held (the wide definition), by what it gives: how
    much of each resource that takes, and the ways to split it into gold and culture."""
    stock = dict.fromkeys(RESOURCES, 3)
    out = []
    for total in range(1, 4):
        for give in payments(stock, total, RESOURCES):
            key = payment_key(give, RESOURCES)
            need = tuple(give.get(r, 0) for r in RESOURCES)
            splits = tuple(
                act("barter", key, f"{gold}:{total - gold}")
                for gold in range(total + 1)
                if not (gold and give.get("gold"))
            )
            out.append((need, splits))
    return tuple(out)


DRAMA_LABELS = {
    "mood>culture": "Drama and Music: turn a mood token into a culture token",
    "culture>mood": "Drama and Music: turn a culture token into a mood token",
}


def ability_label(a: Action) -> str:
    """A plain label for ``barter food:2+ore:1 1:2`` or ``drama mood>culture`` ("" if odd)."""
    try:
        if a.kind == "drama":
            return DRAMA_LABELS.get(a.args[0], "")
        give = parse_payment(a.args[0])
        gold, culture = (int(x) for x in a.args[1].split(":"))
    except (ValueError, IndexError):
        return ""
    got = describe_cost({"gold": gold, "culture": culture})
    return f"Bartering: trade {describe_cost(give)} for {got}"


def apply_barter(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    spend_action(state)
    player = me(state, frame)
    for r, n in args["give"].items():
        player["res"][r] -= n
    gain(state, player, "gold", args["gold"])
    gain(state, player, "culture", args["culture"])
    ev.emit(
        "ability",
        f"Bartering: {player['name']} trades goods for {args['gold']} gold and "
        f"{args['culture']} culture.",
        player=frame["player"],
    )


def _barter_label(state: State, frame: Frame, a: Action) -> str:
    return ability_label(a) or str(a)


BARTER = ActionKind(
    "barter",
    parse_barter,
    [
        _owns(
            "ability.bartering", "ability.bartering", "Bartering needs the Bartering advance.", ADV
        ),
        actions_left,
        barter_amounts,
    ],
    barter_candidates,
    apply_barter,
    ensured=[barter_amounts],  # the candidates are built from the held resources
    # The wide definition: every mix of up to 3 resources, held or not (gold for gold is
    # left out of both: it changes nothing).
    wide=lambda s, f: tuple(a for _, mixes in _every_mix() for a in mixes),
    category="ability",
    arity=(2, 2),
    usage="barter <payment> <gold>:<culture>",
    example="barter food:2+ore:1 2:1",
    label=_barter_label,
)


# The mood tokens an ability costs: its check, its effect and the heuristic read them here.
MOOD_COST = {"taxation": 1, "absolute_power": 2, "forced_labour": 1}


# -- Taxation (AAA, once a turn) ------------------------------------------------


@RULES.check("ability.taxation-mood", "Taxation costs 1 mood token.", ADV, frame_only=True)
def tax_mood(state: State, frame: Frame, args: Any) -> bool:
    return me(state, frame)["mood"] >= MOOD_COST["taxation"]


def apply_taxation(state: State, frame: Frame, args: Any, ev: Events) -> None:
    spend_action(state)
    mark_once(state, frame, "taxation")
    player = me(state, frame)
    player["mood"] -= MOOD_COST["taxation"]
    n = len(cities_of(state, frame["player"]))
    gain(state, player, "gold", n)
    ev.emit("ability", f"Taxation: {player['name']} raises {n} gold.", player=frame["player"])


TAXATION = ActionKind(
    "taxation",
    _plain,
    [
        _owns("ability.taxation", "ability.taxation", "Taxes need the Taxation advance.", ADV),
        actions_left,
        _once("taxation", "ability.taxation-once", "Taxation works once a turn.", ADV),
        tax_mood,
    ],
    _single("taxation"),
    apply_taxation,
    category="ability",
    arity=(0, 0),
    usage="taxation",
    example="taxation",
    label="Taxation: pay a mood token for gold",
)


# -- Civil Liberties (AAA): 3 mood tokens -------------------------------------------


def apply_liberties(state: State, frame: Frame, args: Any, ev: Events) -> None:
    spend_action(state)
    player = me(state, frame)
    gain(state, player, "mood", 3)
    ev.emit(
        "ability", f"Civil Liberties: {player['name']} gains 3 mood tokens.", player=frame["player"]
    )


LIBERTIES = ActionKind(
    "liberties",
    _plain,
    [
        _owns(
            "ability.civil-liberties",
            "ability.civil-liberties",
            "That needs the Civil Liberties advance.",
            ADV,
        ),
        actions_left,
    ],
    _single("liberties"),
    apply_liberties,
    category="ability",
    arity=(0, 0),
    usage="liberties",
    example="liberties",
    label="Civil Liberties: gain mood tokens",
)


# -- Drama and Music (free, once a turn) ------------------------------------------


@RULES.check("ability.drama-token", "Swap a token you have: mood>culture or culture>mood.", ADV)
def drama_token(state: State, frame: Frame, args: tuple[str, ...]) -> bool:
    if args not in (("mood>culture",), ("culture>mood",)):
        return False
    return me(state, frame)[args[0].split(">")[0]] >= 1


def apply_drama(state: State, frame: Frame, args: tuple[str, ...], ev: Events) -> None:
    mark_once(state, frame, "drama")
    src, dst = args[0].split(">")
    player = me(state, frame)
    player[src] -= 1
    player[dst] += 1
    ev.emit(
        "ability",
        f"Drama and Music: {player['name']} swaps a {src} token for {dst}.",
        player=frame["player"],
    )


def _drama_label(state: State, frame: Frame, a: Action) -> str:
    return ability_label(a) or str(a)


DRAMA = ActionKind(
    "drama",
    _plain,
    [
        _owns("ability.drama", "ability.drama", "That needs Drama and Music.", ADV),
        _once("drama", "ability.drama-once", "Drama and Music works once a turn.", ADV),
        drama_token,
    ],
    fixed(act("drama", "mood>culture"), act("drama", "culture>mood")),
    apply_drama,
    category="ability",
    arity=(1, 1),
    usage="drama mood>culture | drama culture>mood",
    example="drama mood>culture",
    label=_drama_label,
)


# -- Absolute Power (free, once a turn): 2 mood for an extra action -------------------


@RULES.check("ability.two-mood", "That costs 2 mood tokens.", ADV, frame_only=True)
def two_mood(state: State, frame: Frame, args: Any) -> bool:
    return me(state, frame)["mood"] >= MOOD_COST["absolute_power"]


def apply_absolute(state: State, frame: Frame, args: Any, ev: Events) -> None:
    mark_once(state, frame, "absolute_power")
    player = me(state, frame)
    player["mood"] -= MOOD_COST["absolute_power"]
    state["turn"]["actions"] += 1
    ev.emit(
        "ability",
        f"Absolute Power: {player['name']} takes an extra action.",
        player=frame["player"],
    )


ABSOLUTE = ActionKind(
    "absolute_power",
    _plain,
    [
        _owns(
            "ability.absolute-power", "ability.absolute-power", "That needs Absolute Power.", ADV
        ),
        _once(
            "absolute_power",
            "ability.absolute-power-once",
            "Absolute Power works once a turn.",
            ADV,
        ),
        two_mood,
    ],
    _single("absolute_power"),
    apply_absolute,
    category="ability",
    arity=(0, 0),
    usage="absolute_power",
    example="absolute_power",
    label="Absolute Power: pay mood tokens for an extra action",
)


# -- Forced Labour (free): angry cities act as neutral this turn ------------------------


@RULES.check("ability.one-mood", "That costs 1 mood token.", ADV, frame_only=True)
def one_mood(state: State, frame: Frame, args: Any) -> bool:
    return me(state, frame)["mood"] >= MOOD_COST["forced_labour"]


def apply_forced(state: State, frame: Frame, args: Any, ev: Events) -> None:
    mark_once(state, frame, "forced_labour")
    player = me(state, frame)
    player["mood"] -= MOOD_COST["forced_labour"]
    ev.emit(
        "ability",
        f"Forced Labour: {player['name']}'s angry cities work as neutral this turn.",
        player=frame["player"],
    )


FORCED = ActionKind(
    "forced_labour",
    _plain,
    [
        _owns("ability.forced-labour", "ability.forced-labour", "That needs Forced Labour.", ADV),
        _once(
            "forced_labour", "ability.forced-labour-once", "Forced Labour is already in force.", ADV
        ),
        one_mood,
    ],
    _single("forced_labour"),
    apply_forced,
    category="ability",
    arity=(0, 0),
    usage="forced_labour",
    example="forced_labour",
    label="Forced Labour: your angry cities work as neutral this turn",
)

ALL = [CARTOGRAPHY, BARTER, TAXATION, LIBERTIES, DRAMA, ABSOLUTE, FORCED]


def any_owned(state: State, frame: Frame) -> bool:
    """The turn's guard for the abilities (:data:`~clash_widget.engine.frames.Guard`): each
    one's first check asks for its advance, and most players own none of the seven."""
    return not ABILITY_ADVANCES.isdisjoint(state["players"][frame["player"]]["advances"])


_ = bump_stat
