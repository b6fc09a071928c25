"""Cultural influence: your city's culture takes over a piece of another player's city.

Primer: "Actions (Expanded), Cultural Influence"; French rulings (rulebook
p. 10-11). From one of your cities, target another player's city of size 2 or
more within your city's real size in spaces; roll a die, 5-6 succeeds (4+ with
Conversion). Culture tokens add 1 space of range each (paid before the roll)
or 1 to the die each (paid after seeing it). On success one non-settlement
piece of the target becomes yours: it still works for the owner but scores for
you. At most one success per turn. The attempt costs an action, or with Art
and Sculptures once a turn a culture token instead.

Our reading of the primer where it is brief: Separation of Power, Totalitarianism
and Devotion forbid tokens that boost the *roll*; tokens for range stay allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import Action, act, rng
from ..engine.actions import MalformedAction, act_once
from ..engine.frames import ActionKind, bare
from ..engine.game import Events, Frame, State
from .board import city_size, hex_distance, own_cities
from .common import bump_stat, mark_once, me, spend_action, used_once
from .effects import grants
from .places import city_name, place
from .rulebook import RULES
from .state_types import InfluenceBoostFrame, InfluencePieceFrame
from .vocab import HAPPY, parse_hex, plural
from .windows import could_gain, offer

SECTION = "Primer: Actions (Expanded), Cultural Influence; French rulings (rulebook p. 10-11)"
ART = "Primer: Advances, CULTURE (Art and Sculptures)"
GUARDS = (
    "Primer: Advances, DEMOCRACY (Separation of Power), AUTOCRACY (Totalitarianism), "
    "THEOCRACY (Devotion)"
)
SUCCESS_ONCE = "influence_success"  # marker in the player's once-a-turn list
ART_ONCE = "art_and_sculptures"


# -- the attempt -------------------------------------------------------------


def parse(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    src, dst = (f"{q},{r}" for q, r in (parse_hex(a.args[0]), parse_hex(a.args[1])))
    extra = a.args[2] if len(a.args) > 2 else ""
    if extra not in ("", "art"):
        raise MalformedAction(f"the optional third word is 'art', not {extra!r}")
    return {"from": src, "to": dst, "art": extra == "art"}


def range_tokens(state: State, src: str, dst: str) -> int:
    """Culture tokens needed to reach ``dst``: one per space beyond the real size."""
    return max(0, hex_distance(src, dst) - city_size(state["cities"][src]))


def needed_roll(state: State, p: int) -> int:
    o = state["options"]
    return (
        o["conversion_success"]
        if grants(state["players"][p], "influence.conversion")
        else o["influence_success"]
    )


@RULES.check(
    "influence.once-a-turn",
    "Only one cultural influence may succeed each turn, and yours already has.",
    SECTION,
)
def not_yet_succeeded(state: State, frame: Frame, args: Any) -> bool:
    return SUCCESS_ONCE not in state["players"][frame["player"]]["once"]  # asked every listing


@RULES.check(
    "influence.action",
    "Cultural influence costs an action and you have none left (Art and Sculptures can pay "
    "with a culture token instead).",
    SECTION,
)
def action_paid(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["art"] or state["turn"]["actions"] > 0


@RULES.check(
    "influence.art", "A free influence (for a culture token) needs Art and Sculptures.", ART
)
def art_owned(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not args["art"] or grants(me(state, frame), "influence.art")


@RULES.check("influence.art-once", "Art and Sculptures gives one free influence a turn.", ART)
def art_unused(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not args["art"] or not used_once(state, frame, ART_ONCE)


@RULES.check("influence.source", "Influence is sent from one of your own cities.", SECTION)
def own_source(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    c = state["cities"].get(args["from"])
    return c is not None and c["owner"] == frame["player"]


@RULES.check("influence.target", "The target must be a city of another player.", SECTION)
def foreign_target(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    c = state["cities"].get(args["to"])
    return c is not None and c["owner"] >= 0 and c["owner"] != frame["player"]


@RULES.check("influence.target-size", "Only a city of size 2 or more can be influenced.", SECTION)
def big_enough(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return city_size(state["cities"][args["to"]]) >= 2


@RULES.check(
    "influence.target-piece",
    "Every city piece there is already yours (the settlement itself can never be influenced).",
    SECTION,
)
def piece_to_take(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return bool(takeable(state, frame["player"], args["to"]))


@RULES.check(
    "influence.range",
    "Out of range: your city reaches as many spaces as its real size, plus one per culture "
    "token you spend (Art and Sculptures' token counts against your tokens too).",
    SECTION,
)
def in_range(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    have = me(state, frame)["culture"] - (1 if args["art"] else 0)
    return range_tokens(state, args["from"], args["to"]) <= have


@RULES.check(
    "influence.art-token", "Art and Sculptures' free influence costs a culture token.", ART
)
def art_token(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not args["art"] or me(state, frame)["culture"] >= 1


def takeable(state: State, p: int, key: str) -> list[str]:
    return sorted(piece for piece, owner in state["cities"][key]["pieces"].items() if owner != p)


def candidates(state: State, frame: Frame) -> list[Action]:
    """Every attempt that passes all the checks (see ``ensured``): from the player's own
    cities to other players' cities with a piece the player does not hold, within the
    range the culture tokens reach, paid with an action or (Art and Sculptures) a token.
    The target comes first: most listings have none, and that test calls nothing."""
    p = frame["player"]
    cities = state["cities"]
    targets = []
    for k, c in cities.items():
        if c["pieces"] and c["owner"] != p and c["owner"] >= 0:
            for owner in c["pieces"].values():
                if owner != p:  # piece_to_take
                    targets.append(k)
                    break
    if not targets:  # most listings: nobody else has a city piece that could be taken
        return []
    player = state["players"][p]
    culture = player["culture"]
    paid = state["turn"]["actions"] > 0  # action_paid, without Art and Sculptures
    # art_owned, art_unused and art_token, for the attempt paid with a culture token
    art = culture >= 1 and ART_ONCE not in player["once"] and grants(player, "influence.art")
    if not (paid or art):
        return []
    targets.sort()  # once, not once per source city
    out = []
    for src in own_cities(state, p):
        size = city_size(cities[src])
        for dst in targets:
            tokens = hex_distance(src, dst) - size  # range_tokens: in_range
            if tokens < 0:
                tokens = 0
            if paid and tokens <= culture:
                out.append(act_once("influence", src, dst))
            if art and tokens <= culture - 1:
                out.append(act_once("influence", src, dst, "art"))
    return out


def wide_attempts(state: State, frame: Frame) -> list[Action]:
    """Every city on the board to every city on the board, paid with an action or with Art
    and Sculptures' token."""
    keys = sorted(state["cities"])
    return [act_once("influence", s, d, *art) for s in keys for d in keys for art in ((), ("art",))]


# A reading, not a check: nothing is refused by it, it says what the guards leave allowed.
RULES.rule(
    "influence.guards-spare-range",
    "Separation of Power, Totalitarianism and Devotion forbid culture tokens that lift the "
    "roll; tokens spent on range stay allowed (our reading: the primer names only the roll).",
    GUARDS,
    source="ours",
)


def boost_blocker(state: State, key: str) -> str | None:
    """The defender's advance that forbids boosting a roll against this city, if any."""
    c = state["cities"][key]
    owner = state["players"][c["owner"]]
    if grants(owner, "influence.separation") and c["mood"] == HAPPY:
        return "Separation of Power (the city is happy)"
    if grants(owner, "influence.totalitarianism") and any(
        u["hex"] == key and u["owner"] == c["owner"] and u["kind"] == "army"
        for u in state["units"].values()
    ):
        return "Totalitarianism (armies guard the city)"
    if grants(owner, "influence.devotion") and "temple" in c["pieces"]:
        return "Devotion (the city has a temple)"
    return None


def apply_attempt(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    p = frame["player"]
    player = me(state, frame)
    src, dst = args["from"], args["to"]
    if args["art"]:
        player["culture"] -= 1
        mark_once(state, frame, ART_ONCE)
    else:
        spend_action(state)
    spent = range_tokens(state, src, dst)
    player["culture"] -= spent
    die = rng.roll(state)
    need = needed_roll(state, p)
    bump_stat(state, "influence_attempt")
    how = " (free with Art and Sculptures)" if args["art"] else ""
    text = (
        f"{player['name']} sends cultural influence from {place(state, src)} to "
        f"{city_name(state, dst)}"
        f"{how}: rolls {die}, needs {need}+"
    )
    if spent:
        text += f"; {plural(spent, 'culture token')} spent on range"
    roll: InfluenceBoostFrame = {
        "kind": "influence_boost",
        "player": p,
        "from": src,
        "at": dst,
        "die": die,
        "need": need,
        "cost": need - die,
    }
    if die >= need:
        _announce(ev, roll, text + ".", spent, True)
        _succeed(state, roll, ev)
        return
    blocker = boost_blocker(state, dst)
    if blocker is None and player["culture"] + could_gain(state, p, "culture") >= need - die:
        text += f"; {plural(need - die, 'culture token')} would lift it to {need}"
        _announce(ev, roll, text + ".", spent, None)
        state["stack"].append(roll)  # tokens on the roll may be spent after seeing it
        offer(state, p, "culture", need - die)  # short of them: free cards first
        return
    if blocker is not None:
        text += f"; {blocker} forbids culture tokens on the roll"
    _announce(ev, roll, text + ": the influence fails.", spent, False)


def _announce(
    ev: Events, roll: InfluenceBoostFrame, text: str, spent: int, success: bool | None
) -> None:
    """Log the influence die; success None means culture tokens may still lift it."""
    ev.emit(
        "influence_roll",
        text,
        player=roll["player"],
        hexes=[roll["from"], roll["at"]],
        die=roll["die"],
        need=roll["need"],
        range_tokens=spent,
        success=success,
    )


def _succeed(state: State, roll: Mapping[str, Any], ev: Events) -> None:
    """The influence succeeds (``roll``: the influence_boost record, new or answered)."""
    p, key = roll["player"], roll["at"]
    player = state["players"][p]
    mark_once(state, roll, SUCCESS_ONCE)
    bump_stat(state, "influence_success")
    if grants(player, "influence.conversion"):
        player["culture"] += 1
        ev.emit("conversion", f"Conversion: {player['name']} gains a culture token.", player=p)
    pieces = takeable(state, p, key)
    if len(pieces) == 1:
        _swap(state, p, key, pieces[0], ev)
        return
    take: InfluencePieceFrame = {"kind": "influence_piece", "player": p, "city": key}
    state["stack"].append(take)


def _swap(state: State, p: int, key: str, piece: str, ev: Events) -> None:
    city = state["cities"][key]
    before = city["pieces"][piece]
    city["pieces"][piece] = p
    name = state["players"][p]["name"]
    ev.emit(
        "influence_success",
        f"{name}'s culture takes over the {piece} of {city_name(state, key)}: it still serves "
        f"{state['players'][city['owner']]['name']} but now scores for {name}.",
        player=p,
        hexes=[key],
        piece=piece,
        previous_owner=before,
    )


def _influence_label(state: State, frame: Frame, a: Action) -> str:
    text = f"Cultural influence from {place(state, a.args[0])} on {city_name(state, a.args[1])}"
    if "art" in a.args[2:]:
        text += " (Art and Sculptures: a culture token instead of an action)"
    return text


CHECKS = [
    action_paid,
    art_owned,
    art_unused,
    own_source,
    foreign_target,
    big_enough,
    piece_to_take,
    art_token,
    in_range,
]

INFLUENCE = ActionKind(
    "influence",
    parse,
    CHECKS,
    candidates,
    apply_attempt,
    category="influence",
    gate=[not_yet_succeeded],
    # candidates() applies every check itself: its pairs run from the player's own cities
    # to other players' cities with a piece the player does not hold (so of size 2 or
    # more), in range, with an action or Art and Sculptures' token to pay.
    ensured=CHECKS,
    wide=wide_attempts,
    arity=(2, 3),
    usage="influence <your city> <target city> [art]",
    example="influence 1,1 3,0",
    label=_influence_label,
)


# -- after the roll: boost with culture tokens, or accept the failure ----------------------


@RULES.check(
    "influence.boost-tokens",
    "You do not hold enough culture tokens to lift the roll to the target.",
    SECTION,
)
def boost_tokens(state: State, frame: Frame, args: Any) -> bool:
    return me(state, frame)["culture"] >= frame["cost"]


@RULES.check(
    "influence.boost-forbidden",
    "The defender's Separation of Power (happy city), Totalitarianism (armies in the city) or "
    "Devotion (temple in the city) forbids culture tokens on this roll.",
    GUARDS,
)
def boost_allowed(state: State, frame: Frame, args: Any) -> bool:
    return boost_blocker(state, frame["at"]) is None


def apply_boost(state: State, frame: Frame, args: Any, ev: Events) -> None:
    state["stack"].pop()
    player = me(state, frame)
    player["culture"] -= frame["cost"]
    ev.emit(
        "influence_boost",
        f"{player['name']} spends {plural(frame['cost'], 'culture token')}: the "
        f"roll of {frame['die']} counts as {frame['need']}.",
        player=frame["player"],
        hexes=[frame["at"]],
        die=frame["die"],
        tokens=frame["cost"],
    )
    _succeed(state, frame, ev)


def apply_decline(state: State, frame: Frame, args: Any, ev: Events) -> None:
    state["stack"].pop()
    ev.emit(
        "influence_failed",
        f"{me(state, frame)['name']} keeps the tokens: the influence on "
        f"{city_name(state, frame['at'])} fails.",
        player=frame["player"],
        hexes=[frame["at"]],
    )


BOOST = ActionKind(
    "boost",
    lambda s, f, a: None,
    [boost_allowed, boost_tokens],
    lambda s, f: [act("boost")],
    apply_boost,
    category="influence",
    arity=(0, 0),
    usage="boost",
    example="boost",
    label="Spend culture tokens to lift the roll",
)
DECLINE = bare("pass", apply_decline, label="Pass: keep the tokens, the attempt fails")


# -- the influencer picks the piece ---------------------------------------------------------


@RULES.check(
    "influence.piece",
    "Choose a city piece of that city that is not yours yet (not the settlement).",
    SECTION,
)
def piece_ok(state: State, frame: Frame, args: str) -> bool:
    return args in takeable(state, frame["player"], frame["city"])


def apply_piece(state: State, frame: Frame, args: str, ev: Events) -> None:
    state["stack"].pop()
    _swap(state, frame["player"], frame["city"], args, ev)


PIECE = ActionKind(
    "piece",
    lambda s, f, a: a.args[0] if a.args else "",
    [piece_ok],
    lambda s, f: [act("piece", x) for x in takeable(s, f["player"], f["city"])],
    apply_piece,
    category="influence",
    arity=(1, 1),
    usage="piece <piece>",
    example="piece temple",
    label="Take over the {0}",
)
