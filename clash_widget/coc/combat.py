"""Battles and capture.

Primer: "Battles and Capturing"; French rulings p. 12. Each round both sides
roll one die per fighting unit (armies on land, ships at sea) plus bonus dice,
divide the total by 5 (rounded down) for hits; after each round the attacker
may retreat or fight on. Settlers never fight and die if left alone.

A Fortress adds a die and cancels a hit in the first round only; an attacker with
Siegecraft chooses, once before that round, what to pay against it. The refugee
settler of a capture and Fanaticism's free army go to a city of the receiver's
choice that has room (decision frames when there are several).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, act, rng
from ..engine.frames import ActionKind, bare
from ..engine.game import Events, Frame, State
from . import paying
from .board import cities_of, city_size, is_sea, stack_count
from .cards import action_cards, card_base, combat_cards, in_hand, parse_play, tactics_owned
from .common import bump_stat, me
from .economy import can_pay, describe_cost, gain, pay
from .effects import grants
from .places import at as at_place
from .places import city_name, from_to, worded
from .rulebook import RULES
from .setup import add_unit
from .state_types import (
    Award,
    BarbarianCityFrame,
    BattleRoundFrame,
    CasualtiesFrame,
    CombatCardFrame,
    FanaticismCityFrame,
    RefugeeCityFrame,
    Side,
    SiegecraftFrame,
)
from .vocab import ANGRY, BARBARIANS, plural

SECTION = "Primer: Battles and Capturing; French rulings p. 12"
FORTRESS = "Primer: Increase City Size (Fortress); Advances (Siegecraft)"
FANATICISM = "Primer: Advances (Fanaticism)"

FORTRESS_FIRST_ROUND = RULES.rule(
    "combat.fortress-first-round",
    "A Fortress helps the defender of its city in the first combat round only: one extra die "
    "and one of the attacker's hits cancelled.",
    FORTRESS,
)
SETTLERS_DEFEATED = RULES.rule(
    "combat.settlers-defeated",
    "Settlers cannot fight: settlers left alone among enemy units are defeated (an attacker's "
    "settlers too, when its armies are all lost).",
    SECTION,
)
SETTLERS_RETREAT = RULES.rule(
    "combat.settlers-retreat",
    "When the attacker retreats, the settlers that came with its armies go back with them.",
    SECTION,
    source="ours",
)
FANATICISM_TEMPLE = RULES.rule(
    "combat.fanaticism-temple",
    "Fanaticism's free army comes only to a player who loses a battle fought (dice rolled) in "
    "a city with a Temple, whoever owns the Temple. The defender loses when the city is "
    "captured; the attacker when it is not: its armies all fell (the defender's too), or it "
    "retreated (unless the option fanaticism_retreat_no_loss).",
    FANATICISM,
)
FANATICISM_NO_ROOM = RULES.rule(
    "combat.fanaticism-no-room",
    "When none of your cities has room under the units-per-space limit, Fanaticism's free "
    "army is lost.",
    FANATICISM,
    source="ours",
)
CAPTURE_GOLD = RULES.rule(
    "capture.gold-happy-or-neutral",
    "Capturing a happy or neutral city (a kept barbarian city too) gives gold equal to its size "
    "and the previous owner a refugee settler; an angry city gives neither (a rules option "
    "gives both whatever the mood, as the French rulings read). A city the barbarians take "
    "sends its refugee the same way (they take no gold).",
    "Primer: Battles and Capturing; French rulings p. 12",
)
REFUGEE_NO_ROOM = RULES.rule(
    "capture.refugee-no-room",
    "When none of the previous owner's cities has room under the units-per-space limit, the "
    "refugee settler is lost.",
    "Primer: Battles and Capturing",
    source="ours",
)


def _name(state: State, p: int, *, start: bool = True) -> str:
    """A side's name; ``start``: at the start of a sentence ("The barbarians")."""
    if p == BARBARIANS:
        return "The barbarians" if start else "the barbarians"
    return state["players"][p]["name"]


def _possessive(state: State, p: int) -> str:
    """ "Blue's", "The barbarians'"."""
    return _name(state, p) + ("'" if p == BARBARIANS else "'s")


def _verb(p: int, verb: str) -> str:
    """The verb agreeing with _name: "the barbarians roll", "Blue rolls"."""
    return verb if p == BARBARIANS else verb + "s"


def _fighters(state: State, owner: int, key: str, naval: bool) -> list[str]:
    kind = "ship" if naval else "army"
    return sorted(
        (
            uid
            for uid, u in state["units"].items()
            if u["hex"] == key
            and u["owner"] == owner
            and u["kind"] == kind
            and (naval or u["on"] is None)
        ),
        key=lambda x: int(x[1:]),
    )


def start_battle(state: State, p: int, src: str, to: str, moving: list[str], ev: Events) -> None:
    naval = is_sea(state, to)
    defenders = {u["owner"] for u in state["units"].values() if u["hex"] == to and u["owner"] != p}
    city = state["cities"].get(to)
    if city is not None and city["owner"] != p:
        defenders.add(city["owner"])
    d = min(defenders) if defenders else BARBARIANS
    battle: BattleRoundFrame = {
        "kind": "battle_round",
        "player": p,
        "defender": d,
        "from": src,
        "at": to,
        "naval": naval,
        "round": 0,
        "disembark": is_sea(state, src) and not naval,
    }
    bump_stat(state, "battle")
    # Primer: "A battle occurs if your units move into a space with enemy units or cities";
    # those units (and any riders) took part in it, dice rolled or not (move.fought).
    for uid in moving:
        state["units"][uid]["fought"] = True
        for v in state["units"].values():
            if v["on"] == uid:
                v["fought"] = True
    ev.emit(
        "battle",
        f"{_name(state, p)} {_verb(p, 'attack')} {_name(state, d, start=False)} "
        f"{at_place(state, to)}.",
        player=p,
        hexes=[to],
    )
    if not _fighters(state, d, to, naval):
        _resolve(state, battle, ev)
        return
    if _fortress(state, battle) and p >= 0 and grants(state["players"][p], "combat.siegecraft"):
        if len(siege_options(state, p)) > 1:  # a real choice: ask once, before round 1
            siege: SiegecraftFrame = {"kind": "siegecraft", "player": p, "at": to, "battle": battle}
            state["stack"].append(siege)
            return
    _round(state, battle, ev)


def _fortress(state: State, b: BattleRoundFrame) -> bool:
    """The battle's space is the defender's city and it has a Fortress."""
    city = state["cities"].get(b["at"])
    return city is not None and city["owner"] == b["defender"] and "fortress" in city["pieces"]


# -- Siegecraft: the attacker may pay to cancel the Fortress's effects -------------------

SIEGE_COSTS: dict[str, dict[str, int]] = {
    "nothing": {},
    "wood": {"wood": 2},
    "ore": {"ore": 2},
    "both": {"wood": 2, "ore": 2},
}
SIEGE_TEXT = {
    "wood": "the Fortress rolls no extra die",
    "ore": "the Fortress cancels no hit",
    "both": "the Fortress rolls no extra die and cancels no hit",
}


def siege_options(state: State, p: int) -> list[str]:
    """What the attacker can pay for Siegecraft (gold stands in, as for every payment)."""
    player = state["players"][p]
    return [k for k, cost in SIEGE_COSTS.items() if can_pay(player, cost)]


@RULES.check(
    "combat.siegecraft-payment",
    "Siegecraft: pay nothing, 2 wood (the Fortress rolls no extra die), 2 ore (it cancels no "
    "hit) or both, and only what you can pay.",
    FORTRESS,
)
def siege_ok(state: State, frame: Frame, args: Any) -> bool:
    return args["choice"] in siege_options(state, frame["player"])


def parse_siege(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    named = paying.read(a.args[1]) if len(a.args) > 1 else None
    return {"choice": a.args[0] if a.args else "", "for": "siege", "payment": named}


def apply_siege(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    """The attacker chose what to pay (and how: gold or wood and ore); round 1 follows."""
    take = paying.settle(state, frame, "siege", args)
    if take is None:
        return  # asked: gold or the wood and ore; the battle goes on from the answer
    state["stack"].pop()
    b = frame["battle"]
    choice = args["choice"]
    b["siege"] = choice
    p = frame["player"]
    player = state["players"][p]
    if choice != "nothing":
        pay(player, take)
        text = (
            f"{_name(state, p)} pays {describe_cost(take)} for Siegecraft: "
            f"{SIEGE_TEXT[choice]} {at_place(state, b['at'])} in the first round."
        )
    else:
        text = f"{_name(state, p)} pays nothing for Siegecraft {at_place(state, b['at'])}."
    ev.emit("siegecraft", text, player=p, hexes=[b["at"]])
    _round(state, b, ev)


def _siege_label(state: State, frame: Frame, a: Action) -> str:
    choice = a.args[0]
    if choice == "nothing":
        return "Siegecraft: pay nothing"
    cost = " and ".join(f"{n} {r}" for r, n in SIEGE_COSTS[choice].items())
    return f"Siegecraft: pay {cost} ({SIEGE_TEXT[choice]})"


paying.register("siege", lambda s, f, a: [dict(SIEGE_COSTS[a["choice"]])], apply_siege)

SIEGE = ActionKind(
    "siege",
    parse_siege,
    [siege_ok, paying.named_ok],
    lambda s, f: [act("siege", k) for k in SIEGE_COSTS],
    apply_siege,
    category="battle",
    arity=(1, 2),
    usage="siege nothing|wood|ore|both [<payment>]",
    example="siege both",
    label=_siege_label,
)


def _dice(state: State, n: int) -> list[int]:
    return [rng.roll(state) for _ in range(n)]


def _round(state: State, b: BattleRoundFrame, ev: Events) -> None:
    """Start a combat round: first each side may play a combat card, then the dice."""
    b["round"] += 1
    b["cards"] = {}
    _next_card_or_fight(state, b, ev)


def _side_player(b: BattleRoundFrame, side: Side) -> int:
    return b["player"] if side == "attacker" else b["defender"]


def _next_card_or_fight(state: State, b: BattleRoundFrame, ev: Events) -> None:
    """Ask the attacker, then the defender, for a combat card when they really have one.

    The barbarians never play cards; a player they raid is asked like any
    defender (the raids of an event wait in a ``barbarian_raid`` frame meanwhile).
    """
    for side in ("attacker", "defender"):
        if side in b["cards"]:
            continue
        who = _side_player(b, side)
        if who >= 0 and combat_cards(state, who):
            ask: CombatCardFrame = {"kind": "combat_card", "player": who, "side": side, "battle": b}
            state["stack"].append(ask)
            return
        b["cards"][side] = None
    _fight(state, b, ev)


def card_chosen(state: State, frame: Frame, card: str | None, ev: Events) -> None:
    """A side answered its combat-card frame (a card, or None to pass)."""
    state["stack"].pop()
    b = frame["battle"]
    b["cards"][frame["side"]] = card
    _next_card_or_fight(state, b, ev)


def _card_effect(b: BattleRoundFrame, side: Side, effect: str) -> int:
    card = b["cards"].get(side)
    if not card:
        return 0
    spec = action_cards()[card_base(card)].get("combat") or {}
    return spec.get("n", 0) if spec.get("effect") == effect else 0


@dataclass
class _Round:
    """One combat round's tally: the dice, totals and hits of both sides, and why they changed."""

    attacker: dict[str, Any] | None  # the attacking player (None for the barbarians)
    defender: dict[str, Any] | None
    first: bool
    attacker_roll: list[int] = field(default_factory=list)
    defender_roll: list[int] = field(default_factory=list)
    attacker_total: int = 0
    defender_total: int = 0
    attacker_hits: int = 0  # hits the attacker scores (the defender's losses)
    defender_hits: int = 0
    notes: list[str] = field(default_factory=list)


def _fight(state: State, b: BattleRoundFrame, ev: Events) -> None:
    """Roll one combat round; casualties are then chosen by the side taking them."""
    p, d = b["player"], b["defender"]
    r = _Round(
        attacker=state["players"][p] if p >= 0 else None,
        defender=state["players"][d] if d >= 0 else None,
        first=b["round"] == 1,
    )
    # The Fortress helps in the first round only; Siegecraft paid before it may cancel either part.
    fortress = r.first and _fortress(state, b)
    siege = b.get("siege", "nothing")
    fort_die = fortress and siege not in ("wood", "both")
    fort_cancel = fortress and siege not in ("ore", "both")
    if fort_die:
        r.notes.append("the fortress adds a die")
    if fortress and siege != "nothing":
        r.notes.append(f"Siegecraft: {SIEGE_TEXT[siege]}")
    _roll_dice(state, b, r, fort_die)
    _fanaticism_bonus(state, b, r)
    div = state["options"]["hit_divisor"]
    r.attacker_hits, r.defender_hits = r.attacker_total // div, r.defender_total // div
    _steel_weapons(b, r)
    if fort_cancel and r.attacker_hits:
        r.attacker_hits -= 1
        r.notes.append("the fortress cancels one hit")
    _warships(b, r)
    _card_cancels(b, r)
    for u in state["units"].values():
        if u["hex"] == b["at"]:  # every unit there took part: the settlers and riders too
            u["fought"] = True
    _report_round(state, b, r, ev)
    b["losses"] = {"defender": max(0, r.attacker_hits), "attacker": max(0, r.defender_hits)}
    _next_casualties(state, b, ev)


def _roll_dice(state: State, b: BattleRoundFrame, r: _Round, fort_die: bool) -> None:
    """One die per fighting unit, plus the Fortress's die and the combat cards' dice and bonus."""
    att = _fighters(state, b["player"], b["at"], b["naval"])
    dfd = _fighters(state, b["defender"], b["at"], b["naval"])
    r.attacker_roll = _dice(state, len(att) + _card_effect(b, "attacker", "dice"))
    extra = (1 if fort_die else 0) + _card_effect(b, "defender", "dice")
    r.defender_roll = _dice(state, len(dfd) + extra)
    r.attacker_total = sum(r.attacker_roll) + _card_effect(b, "attacker", "bonus")
    r.defender_total = sum(r.defender_roll) + _card_effect(b, "defender", "bonus")
    for side in ("attacker", "defender"):
        if b["cards"].get(side):
            r.notes.append(f"{_name(state, _side_player(b, side))} plays a combat card")


def _fanaticism_bonus(state: State, b: BattleRoundFrame, r: _Round) -> None:
    """Fanaticism: +2 to a side's first-round total in a city with a Temple."""
    city = state["cities"].get(b["at"])
    if not (r.first and city is not None and "temple" in city["pieces"]):
        return
    if r.attacker is not None and grants(r.attacker, "combat.fanaticism"):
        r.attacker_total += 2
        r.notes.append("Fanaticism +2 to the attacker")
    if r.defender is not None and grants(r.defender, "combat.fanaticism"):
        r.defender_total += 2
        r.notes.append("Fanaticism +2 to the defender")


def _steel_weapons(b: BattleRoundFrame, r: _Round) -> None:
    """Steel Weapons: +1 hit in a first land round, unless the other side has them too."""
    if not r.first or b["naval"]:
        return
    a, d = r.attacker, r.defender
    if (
        a is not None
        and grants(a, "combat.steel-weapons")
        and not (d and grants(d, "combat.steel-weapons"))
    ):
        r.attacker_hits += 1
        r.notes.append("Steel Weapons: +1 hit to the attacker")
    if (
        d is not None
        and grants(d, "combat.steel-weapons")
        and not (a and grants(a, "combat.steel-weapons"))
    ):
        r.defender_hits += 1
        r.notes.append("Steel Weapons: +1 hit to the defender")


def _warships(b: BattleRoundFrame, r: _Round) -> None:
    """Warships cancel one hit in the first round at sea (or of a landing from the sea)."""
    if not (r.first and (b["naval"] or b["disembark"])):
        return
    if r.attacker is not None and grants(r.attacker, "combat.warships") and r.defender_hits:
        r.defender_hits -= 1
        r.notes.append("Warships cancel one hit against the attacker")
    if (
        b["naval"]
        and r.defender is not None
        and grants(r.defender, "combat.warships")
        and r.attacker_hits
    ):
        r.attacker_hits -= 1
        r.notes.append("Warships cancel one hit against the defender")


def _card_cancels(b: BattleRoundFrame, r: _Round) -> None:
    """Combat cards that cancel hits against the side that played them."""
    cancel = min(_card_effect(b, "attacker", "cancel"), r.defender_hits)
    if cancel:
        r.defender_hits -= cancel
        r.notes.append(f"a combat card cancels {plural(cancel, 'hit')} against the attacker")
    cancel = min(_card_effect(b, "defender", "cancel"), r.attacker_hits)
    if cancel:
        r.attacker_hits -= cancel
        r.notes.append(f"a combat card cancels {plural(cancel, 'hit')} against the defender")


def _report_round(state: State, b: BattleRoundFrame, r: _Round, ev: Events) -> None:
    p, d, at = b["player"], b["defender"], b["at"]
    a_name, d_name = _name(state, p, start=False), _name(state, d, start=False)
    text = (
        f"Round {b['round']} {at_place(state, at)}: {a_name} {_verb(p, 'roll')} "
        f"{r.attacker_roll} = {r.attacker_total} ({plural(r.attacker_hits, 'hit')}), "
        f"{d_name} {_verb(d, 'roll')} "
        f"{r.defender_roll} = {r.defender_total} ({plural(r.defender_hits, 'hit')})"
    )
    if r.notes:
        text += "; " + "; ".join(r.notes)
    ev.emit(
        "combat_round",
        text + ".",
        player=p,
        hexes=[at],
        attacker_dice=r.attacker_roll,
        defender_dice=r.defender_roll,
        attacker_hits=r.attacker_hits,
        defender_hits=r.defender_hits,
        cards=dict(b["cards"]),
    )


def casualty_choice(state: State, uids: list[str], n: int) -> bool:
    """A real choice: some but not all units die, and they differ (ships' cargo)."""
    if not 0 < n < len(uids):
        return False
    return len({_cargo(state, uid) for uid in uids}) > 1


def _cargo(state: State, uid: str) -> tuple[str, ...]:
    return tuple(sorted(u["kind"] for u in state["units"].values() if u["on"] == uid))


def _next_casualties(state: State, b: BattleRoundFrame, ev: Events) -> None:
    """Remove each side's losses; a side with a real choice picks them itself."""
    for side in ("defender", "attacker"):
        n = b["losses"][side]
        if not n:
            continue
        who = _side_player(b, side)
        uids = _fighters(state, who, b["at"], b["naval"])
        if who >= 0 and casualty_choice(state, uids, n):
            hits: CasualtiesFrame = {
                "kind": "casualties",
                "player": who,
                "side": side,
                "battle": b,
                "left": n,
            }
            state["stack"].append(hits)
            return
        _remove(state, uids[:n])
        b["losses"][side] = 0
    _after_round(state, b, ev)


def _unit_words(state: State, uid: str) -> str:
    """'a ship carrying 1 army', 'an army'."""
    kind = state["units"][uid]["kind"]
    text = f"{'an' if kind == 'army' else 'a'} {kind}"
    cargo = _cargo(state, uid)
    if not cargo:
        return text + (" (empty)" if kind == "ship" else "")
    plural = {"army": "armies", "settler": "settlers", "ship": "ships"}
    counts = [
        f"{n} {k if n == 1 else plural.get(k, k + 's')}"
        for k in sorted(set(cargo))
        for n in [cargo.count(k)]
    ]
    return f"{text} carrying {' and '.join(counts)}"


def lose_unit(state: State, frame: Frame, uid: str, ev: Events) -> None:
    """The side taking hits removed one unit of its choice."""
    b = frame["battle"]
    what = _unit_words(state, uid)  # plain words for the log, never the unit's id
    _remove(state, [uid])
    frame["left"] -= 1
    b["losses"][frame["side"]] = frame["left"]
    ev.emit(
        "casualty",
        f"{_name(state, frame['player'])} loses {what}.",
        player=frame["player"],
        hexes=[b["at"]],
    )
    if frame["left"] and casualty_choice(
        state, _fighters(state, frame["player"], b["at"], b["naval"]), frame["left"]
    ):
        return  # keep choosing
    state["stack"].pop()
    _next_casualties(state, b, ev)


def _after_round(state: State, b: BattleRoundFrame, ev: Events) -> None:
    p, d, at, naval = b["player"], b["defender"], b["at"], b["naval"]
    att_left = _fighters(state, p, at, naval)
    dfd_left = _fighters(state, d, at, naval)
    if att_left and dfd_left:
        if p == BARBARIANS:
            _round(state, b, ev)  # barbarians never retreat
            return
        state["stack"].append(b)  # the attacker decides: fight on or retreat
        return
    _resolve(state, b, ev)


def _remove(state: State, uids: list[str]) -> None:
    for uid in uids:
        state["units"].pop(uid, None)
        for vid in [v for v, u in state["units"].items() if u["on"] == uid]:
            del state["units"][vid]  # riders sink with their ship


def _resolve(state: State, b: BattleRoundFrame, ev: Events) -> None:
    p, d, at, naval = b["player"], b["defender"], b["at"], b["naval"]
    att_left = _fighters(state, p, at, naval)
    dfd_left = _fighters(state, d, at, naval)
    city = state["cities"].get(at)
    # Fanaticism: only a battle fought (dice rolled) in a city with a Temple, whoever owns it.
    temple = b["round"] > 0 and city is not None and "temple" in city["pieces"]
    awards: list[Award] = []
    if att_left and not dfd_left:
        # Defeated side: settlers (and any other of its units) left alone are lost.
        doomed = [uid for uid, u in state["units"].items() if u["hex"] == at and u["owner"] != p]
        _remove(state, doomed)
        ev.emit(
            "battle_won",
            f"{_name(state, p)} {_verb(p, 'win')} {at_place(state, at)}.",
            player=p,
            hexes=[at],
        )
        if city is not None and city["owner"] != p and not naval:
            awards += capture(state, p, at, ev)
        if temple:
            awards += _fanaticism(state, d)
    else:
        if not att_left:
            ev.emit(
                "battle_lost",
                f"{_possessive(state, p)} attack {at_place(state, at)} fails.",
                player=p,
                hexes=[at],
            )
            # The attacker's settlers that came with its armies are left alone: defeated.
            _settlers_defeated(state, p, at, ev)
            if temple:
                awards += _fanaticism(state, p)
        if not dfd_left and not att_left and not naval:
            doomed = [
                uid for uid, u in state["units"].items() if u["hex"] == at and u["owner"] == d
            ]
            _remove(state, doomed)
    grant(state, awards, ev)


def _settlers_defeated(state: State, p: int, at: str, ev: Events) -> None:
    lost = [uid for uid, u in state["units"].items() if u["hex"] == at and u["owner"] == p]
    if lost:
        _remove(state, lost)
        n = len(lost)
        ev.emit(
            "settlers_lost",
            f"{_possessive(state, p)} {n} settler{'s' if n > 1 else ''} {at_place(state, at)} "
            f"{'are' if n > 1 else 'is'} defeated.",
            player=p,
            hexes=[at],
        )


def _fanaticism(state: State, loser: int) -> list[Award]:
    if loser < 0 or not grants(state["players"][loser], "combat.fanaticism"):
        return []
    return [{"what": "fanaticism", "player": loser}]


# -- units given after a battle: the refugee settler, Fanaticism's free army --------------
# The player receiving the unit picks one of their cities with room (a frame when there
# are several); the awards of one battle are handled in order, one frame at a time.

AWARDED_UNIT = {"refugee": "settler", "fanaticism": "army"}


def cities_with_room(state: State, p: int) -> list[str]:
    limit = state["options"]["max_units_per_space"]
    return sorted(k for k in cities_of(state, p) if stack_count(state, k) < limit)


def grant(state: State, awards: list[Award], ev: Events) -> None:
    """Give each award in turn; stop at a frame when its receiver has a real choice."""
    while awards:
        award = awards.pop(0)
        who, what = award["player"], award["what"]
        room = cities_with_room(state, who)
        if len(room) > 1:
            ask: RefugeeCityFrame | FanaticismCityFrame
            if what == "refugee":
                ask = {"kind": "refugee_city", "player": who, "awards": awards}
            else:
                ask = {"kind": "fanaticism_city", "player": who, "awards": awards}
            state["stack"].append(ask)
            return
        if room:
            _place(state, what, who, room[0], ev)
            continue
        name = _name(state, who)
        if what == "refugee":
            where = "has no city with room" if cities_of(state, who) else "has no city left"
            text = f"{name} {where} for the refugee settler: it is lost."
            rule = REFUGEE_NO_ROOM
        else:
            text = f"Fanaticism: {name} has no city with room for the free army: it is lost."
            rule = FANATICISM_NO_ROOM
        ev.emit(what, text, player=who, rule_id=rule.id, source=rule.source)


def _place(state: State, what: str, who: int, key: str, ev: Events) -> None:
    add_unit(state, who, AWARDED_UNIT[what], key)
    name = _name(state, who)
    if what == "refugee":
        text = f"A refugee settler of {name} reaches {city_name(state, key)}."
    else:
        text = f"Fanaticism: {name} gains an army in {city_name(state, key)}."
    ev.emit(what, text, player=who, hexes=[key])


def _room_ok(state: State, frame: Frame, key: Any) -> bool:
    return key in cities_with_room(state, frame["player"])


def _apply_award(what: str) -> Any:
    def apply(state: State, frame: Frame, key: str, ev: Events) -> None:
        state["stack"].pop()
        _place(state, what, frame["player"], key, ev)
        grant(state, frame["awards"], ev)

    return apply


refugee_city_ok = RULES.check(
    "capture.refugee-city",
    "Choose one of your own cities with room (units-per-space limit) for the refugee settler.",
    "Primer: Battles and Capturing",
)(_room_ok)
fanaticism_city_ok = RULES.check(
    "combat.fanaticism-army-city",
    "Choose one of your own cities with room (units-per-space limit) for Fanaticism's free army.",
    FANATICISM,
)(_room_ok)

REFUGEE = ActionKind(
    "refugee",
    lambda s, f, a: a.args[0] if a.args else "",
    [refugee_city_ok],
    lambda s, f: [act("refugee", k) for k in cities_with_room(s, f["player"])],
    _apply_award("refugee"),
    category="city",
    arity=(1, 1),
    usage="refugee <city>",
    example="refugee 2,1",
    label=worded("Place the refugee settler in {0}", city_name),
)
FANATIC = ActionKind(
    "fanatic",
    lambda s, f, a: a.args[0] if a.args else "",
    [fanaticism_city_ok],
    lambda s, f: [act("fanatic", k) for k in cities_with_room(s, f["player"])],
    _apply_award("fanaticism"),
    category="battle",
    arity=(1, 1),
    usage="fanatic <city>",
    example="fanatic 2,1",
    label=worded("Place Fanaticism's free army in {0}", city_name),
)


def _capture_gold(state: State, was_content: bool) -> bool:
    """Primer: gold and refugee only for a happy or neutral city; the option reads the
    French rulings (both whatever the mood)."""
    return was_content or bool(state["options"].get("capture_rewards_always", False))


def capture(state: State, p: int, key: str, ev: Events) -> list[Award]:
    """Capture (Primer): swap the old owner's pieces, gold, refugee settler, city angry.

    Returns the refugee settler still to be placed (by the previous owner's choice).
    """
    city = state["cities"][key]
    old = city["owner"]
    size = city_size(city)
    bump_stat(state, "capture")
    was_content = city["mood"] != ANGRY
    name = city_name(state, key)  # as it was called before it changes hands
    if p == BARBARIANS:  # no gold for them, but the refugee flees all the same (rulings p. 12)
        city["owner"] = BARBARIANS
        city["capital"] = False
        city["mood"] = ANGRY
        for piece, owner in list(city["pieces"].items()):
            if owner == old:
                city["pieces"][piece] = BARBARIANS
        ev.emit("capture", f"The barbarians take {name}.", hexes=[key])
        return [{"what": "refugee", "player": old}] if _capture_gold(state, was_content) else []
    if old == BARBARIANS:
        keep: BarbarianCityFrame = {"kind": "barbarian_city", "player": p, "city": key}
        state["stack"].append(keep)
        ev.emit(
            "capture",
            f"{_name(state, p)} takes {name}.",
            player=p,
            hexes=[key],
        )
        return []
    city["owner"] = p
    city["capital"] = False
    for piece, owner in list(city["pieces"].items()):
        if owner == old:
            city["pieces"][piece] = p
    city["mood"] = ANGRY
    player = state["players"][p]
    text = f"{player['name']} captures {name}"
    if _capture_gold(state, was_content):
        gain(state, player, "gold", size)
        text += f" and takes {size} gold"
    ev.emit("capture", text + ".", player=p, hexes=[key])
    return [{"what": "refugee", "player": old}] if _capture_gold(state, was_content) else []


# -- the attacker's choice after a round -----------------------------------


@RULES.check("battle.choice", "After a round the attacker either fights on or retreats.", SECTION)
def valid_choice(state: State, frame: Frame, args: Any) -> bool:
    return args in ("continue", "retreat")


def apply_choice(state: State, frame: Frame, args: Any, ev: Events) -> None:
    battle: BattleRoundFrame = state["stack"].pop()  # the frame is the battle's own record
    if args == "continue":
        _round(state, battle, ev)
        return
    p, at, src = frame["player"], frame["at"], frame["from"]
    # Everything of the attacker's goes back: its armies (or ships with their cargo) and the
    # settlers that came with them (combat.settlers-retreat); none stays among the enemy.
    movers = sorted(
        (uid for uid, u in state["units"].items() if u["hex"] == at and u["owner"] == p),
        key=lambda x: int(x[1:]),
    )
    for uid in movers:
        state["units"][uid]["hex"] = src
    if is_sea(state, src) and not frame["naval"]:  # back aboard, each ship up to its capacity
        for uid in movers:
            state["units"][uid]["on"] = _ship_with_room(state, p, src)
    ev.emit(
        "retreat",
        f"{_name(state, p)} retreats {from_to(state, at, src)}.",
        player=p,
        hexes=[at, src],
    )
    city = state["cities"].get(at)
    if (
        city is not None
        and "temple" in city["pieces"]
        and not state["options"].get("fanaticism_retreat_no_loss", False)
    ):  # a round was fought (the attacker decides only after one): the attack failed
        grant(state, _fanaticism(state, p), ev)


def _ship_with_room(state: State, p: int, sea: str) -> str | None:
    ships = sorted(
        (
            uid
            for uid, u in state["units"].items()
            if u["hex"] == sea and u["owner"] == p and u["kind"] == "ship"
        ),
        key=lambda x: int(x[1:]),
    )
    cap = state["options"]["ship_capacity"]
    for sid in ships:
        if sum(1 for v in state["units"].values() if v["on"] == sid) < cap:
            return sid
    return ships[0] if ships else None  # they came from these ships: room was there


def _battle_label(state: State, frame: Frame, a: Action) -> str:
    return {"continue": "Fight another round", "retreat": "Retreat"}[a.args[0]]


CHOICE = ActionKind(
    "battle",
    lambda s, f, a: a.args[0] if a.args else "",
    [valid_choice],
    lambda s, f: [act("battle", "continue"), act("battle", "retreat")],
    apply_choice,
    category="battle",
    arity=(1, 1),
    usage="battle continue|retreat",
    example="battle retreat",
    label=_battle_label,
)


@RULES.check(
    "capture.barbarian-choice",
    "Choose to keep the barbarian city or raze it for 1 gold.",
    "Primer: Battles and Capturing",
)
def barbarian_choice(state: State, frame: Frame, args: Any) -> bool:
    return args in ("keep", "raze")


def apply_barbarian_choice(state: State, frame: Frame, args: Any, ev: Events) -> None:
    state["stack"].pop()
    key, p = frame["city"], frame["player"]
    city = state["cities"][key]
    player = state["players"][p]
    name = city_name(state, key)  # before it is razed or changes hands
    if args == "raze":
        del state["cities"][key]
        gain(state, player, "gold", 1)
        ev.emit(
            "raze",
            f"{player['name']} razes {name} for 1 gold.",
            player=p,
            hexes=[key],
        )
        return
    # Kept: the rest of the primer's capture list applies (gold if it was happy or neutral).
    was_content = city["mood"] != ANGRY
    city["owner"] = p
    city["mood"] = ANGRY
    for piece, owner in list(city["pieces"].items()):
        if owner == BARBARIANS:  # culturally influenced pieces keep their owner
            city["pieces"][piece] = p
    text = f"{player['name']} keeps {name}"
    if _capture_gold(state, was_content):
        size = city_size(city)
        gain(state, player, "gold", size)
        text += f" and takes {size} gold"
    ev.emit("capture", text + ".", player=p, hexes=[key])


def _barbarian_city_label(state: State, frame: Frame, a: Action) -> str:
    return {"keep": "Keep the barbarian city", "raze": "Raze the barbarian city for 1 gold"}[
        a.args[0]
    ]


BARBARIAN_CITY = ActionKind(
    "city",
    lambda s, f, a: a.args[0] if a.args else "",
    [barbarian_choice],
    lambda s, f: [act("city", "keep"), act("city", "raze")],
    apply_barbarian_choice,
    category="city",
    arity=(1, 1),
    usage="city keep|raze",
    example="city raze",
    label=_barbarian_city_label,
)


# -- the side taking hits picks its casualties (when they differ) ---------------------


@RULES.check(
    "battle.casualty", "Choose one of your own units fighting in this battle to remove.", SECTION
)
def casualty_ok(state: State, frame: Frame, uid: str) -> bool:
    b = frame["battle"]
    return uid in _fighters(state, frame["player"], b["at"], b["naval"])


def _lose_label(state: State, frame: Frame, a: Action) -> str:
    return f"Lose {_unit_words(state, a.args[0])}"


CASUALTY = ActionKind(
    "lose",
    lambda s, f, a: a.args[0] if a.args else "",
    [casualty_ok],
    lambda s, f: [
        act("lose", uid)
        for uid in _fighters(s, f["player"], f["battle"]["at"], f["battle"]["naval"])
    ],
    lose_unit,
    category="battle",
    arity=(1, 1),
    usage="lose <unit>",
    example="lose u12",
    label=_lose_label,
)


# -- the battle's combat-card frame (Tactics): a card or a pass, then the round goes on --


def apply_tactic(state: State, frame: Frame, card: str, ev: Events) -> None:
    spec = action_cards()[card_base(card)]
    player = me(state, frame)
    player["actions_hand"].remove(card)
    state["discards"]["actions"].append(card)
    ev.emit(
        "action_card",
        f"{player['name']} plays {spec['name']} in battle: {spec['combat']['text']}",
        player=frame["player"],
        card=card,
    )
    bump_stat(state, "action_card_played")
    bump_stat(state, "combat_card_played")
    card_chosen(state, frame, card, ev)


def _no_tactic(state: State, frame: Frame, args: Any, ev: Events) -> None:
    card_chosen(state, frame, None, ev)


def _tactic_label(state: State, frame: Frame, a: Action) -> str:
    spec = action_cards()[card_base(a.args[0])]
    return f"Play {spec['name']} in battle: {spec['combat']['text']}"


TACTIC = ActionKind(
    "tactic",
    parse_play,
    [tactics_owned, in_hand],
    lambda s, f: [act("tactic", c) for c in combat_cards(s, f["player"])],
    apply_tactic,
    category="card",
    arity=(1, 1),
    usage="tactic <card>",
    example="tactic bumper_crop#0",
    label=_tactic_label,
)
NO_TACTIC = bare("pass", _no_tactic, label="Pass: no card this round")
