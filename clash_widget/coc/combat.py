"""Battles and capture.

Primer: "Battles and Capturing"; French rulings p. 12. Each round both sides
roll one die per fighting unit (armies on land, ships at sea) plus bonus dice,
divide the total by 5 (rounded down) for hits; after each round the attacker
may retreat or fight on. Settlers never fight and die if left alone.
"""

from __future__ import annotations

from typing import Any

from ..engine import act, rng
from ..engine.frames import ActionKind
from ..engine.game import Events, Frame, State
from .board import cities_of, city_size, is_sea, stack_count
from .common import bump_stat
from .economy import can_pay, gain, has, pay, plan_payment
from .rulebook import RULES
from .setup import add_unit
from .vocab import ANGRY, BARBARIANS

SECTION = "Primer: Battles and Capturing; French rulings p. 12"


def _name(state: State, p: int) -> str:
    return "The barbarians" if p == BARBARIANS else state["players"][p]["name"]


def _fighters(state: State, owner: int, key: str, naval: bool) -> list[str]:
    kind = "ship" if naval else "army"
    return sorted(
        (
            uid
            for uid, u in state["units"].items()
            if u["h"] == key and u["o"] == owner and u["k"] == kind and (naval or u["on"] is None)
        ),
        key=lambda x: int(x[1:]),
    )


def start_battle(state: State, p: int, src: str, to: str, moving: list[str], ev: Events) -> None:
    naval = is_sea(state, to)
    defenders = {u["o"] for u in state["units"].values() if u["h"] == to and u["o"] != p}
    city = state["cities"].get(to)
    if city is not None and city["owner"] != p:
        defenders.add(city["owner"])
    d = min(defenders) if defenders else BARBARIANS
    battle = {
        "kind": "retreat",
        "player": p,
        "defender": d,
        "from": src,
        "at": to,
        "naval": naval,
        "round": 0,
        "disembark": is_sea(state, src) and not naval,
    }
    bump_stat(state, "battle")
    ev.emit("battle", f"{_name(state, p)} attacks {_name(state, d)} at {to}.", player=p, hexes=[to])
    if not _fighters(state, d, to, naval):
        _resolve(state, battle, ev)
        return
    _round(state, battle, ev)


def _dice(state: State, n: int) -> list[int]:
    return [rng.roll(state) for _ in range(n)]


def _round(state: State, b: dict[str, Any], ev: Events) -> None:
    """Start a combat round: first each side may play a combat card, then the dice."""
    b["round"] += 1
    b["cards"] = {}
    _next_card_or_fight(state, b, ev)


def _side_player(b: dict[str, Any], side: str) -> int:
    return b["player"] if side == "attacker" else b["defender"]


def _next_card_or_fight(state: State, b: dict[str, Any], ev: Events) -> None:
    """Ask the attacker, then the defender, for a combat card when they really have one.

    The barbarians never play cards; a player they raid is asked like any
    defender (the raids of an event wait in a ``barbarian_raid`` frame meanwhile).
    """
    from .cards import combat_cards

    for side in ("attacker", "defender"):
        if side in b["cards"]:
            continue
        who = _side_player(b, side)
        if who >= 0 and combat_cards(state, who):
            state["stack"].append({"kind": "combat_card", "player": who, "side": side, "battle": b})
            return
        b["cards"][side] = None
    _fight(state, b, ev)


def card_chosen(state: State, frame: Frame, card: str | None, ev: Events) -> None:
    """A side answered its combat-card frame (a card, or None to pass)."""
    state["stack"].pop()
    b = frame["battle"]
    b["cards"][frame["side"]] = card
    _next_card_or_fight(state, b, ev)


def _card_effect(b: dict[str, Any], side: str, effect: str) -> int:
    from .cards import action_cards, card_base

    card = b["cards"].get(side)
    if not card:
        return 0
    spec = action_cards()[card_base(card)].get("combat") or {}
    return spec.get("n", 0) if spec.get("effect") == effect else 0


def _fight(state: State, b: dict[str, Any], ev: Events) -> None:
    """Roll one combat round; casualties are then chosen by the side taking them."""
    p, d, at, naval = b["player"], b["defender"], b["at"], b["naval"]
    first = b["round"] == 1
    att = _fighters(state, p, at, naval)
    dfd = _fighters(state, d, at, naval)
    city = state["cities"].get(at)
    ap = state["players"][p] if p >= 0 else None
    dp = state["players"][d] if d >= 0 else None
    fortress = city is not None and city["owner"] == d and "fortress" in city["pieces"]
    fort_die, fort_cancel = fortress, fortress and first
    notes = []
    if fortress and ap is not None and has(ap, "siegecraft"):
        if can_pay(ap, {"wood": 2}):
            pay(ap, plan_payment(ap, {"wood": 2}) or {})
            fort_die = False
            notes.append("Siegecraft (2 wood) cancels the fortress die")
        if fort_cancel and can_pay(ap, {"ore": 2}):
            pay(ap, plan_payment(ap, {"ore": 2}) or {})
            fort_cancel = False
            notes.append("Siegecraft (2 ore) cancels the fortress hit cancel")
    a_roll = _dice(state, len(att) + _card_effect(b, "attacker", "dice"))
    d_roll = _dice(state, len(dfd) + (1 if fort_die else 0) + _card_effect(b, "defender", "dice"))
    a_total = sum(a_roll) + _card_effect(b, "attacker", "bonus")
    d_total = sum(d_roll) + _card_effect(b, "defender", "bonus")
    for side in ("attacker", "defender"):
        if b["cards"].get(side):
            notes.append(f"{_name(state, _side_player(b, side))} plays a combat card")
    temple_here = city is not None and "temple" in city["pieces"]
    if first and temple_here:
        if ap is not None and has(ap, "fanaticism"):
            a_total += 2
            notes.append("Fanaticism +2 to the attacker")
        if dp is not None and has(dp, "fanaticism"):
            d_total += 2
            notes.append("Fanaticism +2 to the defender")
    div = state["options"]["hit_divisor"]
    a_hits, d_hits = a_total // div, d_total // div
    if first and not naval:
        if ap is not None and has(ap, "steel_weapons") and not (dp and has(dp, "steel_weapons")):
            a_hits += 1
            notes.append("Steel Weapons: +1 hit to the attacker")
        if dp is not None and has(dp, "steel_weapons") and not (ap and has(ap, "steel_weapons")):
            d_hits += 1
            notes.append("Steel Weapons: +1 hit to the defender")
    if fort_cancel and a_hits:
        a_hits -= 1
        notes.append("the fortress cancels one hit")
    if first and (naval or b["disembark"]):
        if ap is not None and has(ap, "warships") and d_hits:
            d_hits -= 1
            notes.append("Warships cancel one hit against the attacker")
        if naval and dp is not None and has(dp, "warships") and a_hits:
            a_hits -= 1
            notes.append("Warships cancel one hit against the defender")
    for side, hits in (("attacker", "d_hits"), ("defender", "a_hits")):
        cancel = min(_card_effect(b, side, "cancel"), d_hits if hits == "d_hits" else a_hits)
        if cancel and hits == "d_hits":
            d_hits -= cancel
        elif cancel:
            a_hits -= cancel
        if cancel:
            notes.append(f"a combat card cancels {cancel} hit(s) against the {side}")
    for uid in att + dfd:
        state["units"][uid]["f"] = True
    text = (
        f"Round {b['round']} at {at}: {_name(state, p)} rolls {a_roll} = {a_total} "
        f"({a_hits} hits), {_name(state, d)} rolls {d_roll} = {d_total} ({d_hits} hits)"
    )
    if notes:
        text += "; " + "; ".join(notes)
    ev.emit(
        "combat_round",
        text + ".",
        player=p,
        hexes=[at],
        attacker_dice=a_roll,
        defender_dice=d_roll,
        attacker_hits=a_hits,
        defender_hits=d_hits,
        cards=dict(b["cards"]),
    )
    b["losses"] = {"defender": max(0, a_hits), "attacker": max(0, d_hits)}
    _next_casualties(state, b, ev)


def casualty_choice(state: State, uids: list[str], n: int) -> bool:
    """A real choice: some but not all units die, and they differ (ships' cargo)."""
    if not 0 < n < len(uids):
        return False
    return len({_cargo(state, uid) for uid in uids}) > 1


def _cargo(state: State, uid: str) -> tuple[str, ...]:
    return tuple(sorted(u["k"] for u in state["units"].values() if u["on"] == uid))


def _next_casualties(state: State, b: dict[str, Any], ev: Events) -> None:
    """Remove each side's losses; a side with a real choice picks them itself."""
    for side in ("defender", "attacker"):
        n = b["losses"][side]
        if not n:
            continue
        who = _side_player(b, side)
        uids = _fighters(state, who, b["at"], b["naval"])
        if who >= 0 and casualty_choice(state, uids, n):
            state["stack"].append(
                {"kind": "casualties", "player": who, "side": side, "battle": b, "left": n}
            )
            return
        _remove(state, uids[:n])
        b["losses"][side] = 0
    _after_round(state, b, ev)


def lose_unit(state: State, frame: Frame, uid: str, ev: Events) -> None:
    """The side taking hits removed one unit of its choice."""
    b = frame["battle"]
    _remove(state, [uid])
    frame["left"] -= 1
    b["losses"][frame["side"]] = frame["left"]
    ev.emit(
        "casualty",
        f"{_name(state, frame['player'])} loses {uid}.",
        player=frame["player"],
        hexes=[b["at"]],
    )
    if frame["left"] and casualty_choice(
        state, _fighters(state, frame["player"], b["at"], b["naval"]), frame["left"]
    ):
        return  # keep choosing
    state["stack"].pop()
    _next_casualties(state, b, ev)


def _after_round(state: State, b: dict[str, Any], ev: Events) -> None:
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


def _resolve(state: State, b: dict[str, Any], ev: Events) -> None:
    p, d, at, naval = b["player"], b["defender"], b["at"], b["naval"]
    att_left = _fighters(state, p, at, naval)
    dfd_left = _fighters(state, d, at, naval)
    if att_left and not dfd_left:
        # Defeated side: settlers (and any other of its units) left alone are lost.
        doomed = [uid for uid, u in state["units"].items() if u["h"] == at and u["o"] != p]
        _remove(state, doomed)
        ev.emit("battle_won", f"{_name(state, p)} wins at {at}.", player=p, hexes=[at])
        _fanaticism_refund(state, d, ev)
        city = state["cities"].get(at)
        if city is not None and city["owner"] != p and not naval:
            capture(state, p, at, ev)
    else:
        if not att_left:
            ev.emit(
                "battle_lost", f"{_name(state, p)}'s attack at {at} fails.", player=p, hexes=[at]
            )
            _fanaticism_refund(state, p, ev)
        if not dfd_left and not att_left and not naval:
            doomed = [uid for uid, u in state["units"].items() if u["h"] == at and u["o"] == d]
            _remove(state, doomed)


def _fanaticism_refund(state: State, loser: int, ev: Events) -> None:
    if loser < 0 or not has(state["players"][loser], "fanaticism"):
        return
    for key in sorted(cities_of(state, loser)):
        if stack_count(state, key) < state["options"]["max_units_per_space"]:
            add_unit(state, loser, "army", key)
            ev.emit(
                "fanaticism",
                f"Fanaticism: {_name(state, loser)} gains an army at {key}.",
                hexes=[key],
            )
            return


def capture(state: State, p: int, key: str, ev: Events) -> None:
    """Capture (Primer): swap the old owner's pieces, gold, refugee settler, city angry."""
    city = state["cities"][key]
    old = city["owner"]
    size = city_size(city)
    bump_stat(state, "capture")
    if p == BARBARIANS:
        city["owner"] = BARBARIANS
        city["capital"] = False
        city["mood"] = ANGRY
        for piece, owner in list(city["pieces"].items()):
            if owner == old:
                city["pieces"][piece] = BARBARIANS
        ev.emit("capture", f"The barbarians take the city at {key}.", hexes=[key])
        return
    if old == BARBARIANS:
        state["stack"].append({"kind": "barbarian_city", "player": p, "city": key})
        ev.emit(
            "capture",
            f"{_name(state, p)} takes the barbarian city at {key}.",
            player=p,
            hexes=[key],
        )
        return
    was_content = city["mood"] != ANGRY
    city["owner"] = p
    city["capital"] = False
    for piece, owner in list(city["pieces"].items()):
        if owner == old:
            city["pieces"][piece] = p
    city["mood"] = ANGRY
    player = state["players"][p]
    text = f"{player['name']} captures the city at {key}"
    if was_content:
        gain(state, player, "gold", size)
        text += f" and takes {size} gold"
        refuge = sorted(cities_of(state, old))
        if refuge:
            add_unit(state, old, "settler", refuge[0])
            text += f"; a refugee settler reaches {refuge[0]}"
    ev.emit("capture", text + ".", player=p, hexes=[key])


# -- the attacker's choice after a round -----------------------------------


@RULES.check("battle.choice", "After a round the attacker either fights on or retreats.", SECTION)
def valid_choice(state: State, frame: Frame, args: Any) -> bool:
    return args in ("continue", "retreat")


def apply_choice(state: State, frame: Frame, args: Any, ev: Events) -> None:
    state["stack"].pop()
    if args == "continue":
        _round(state, frame, ev)
        return
    p, at, src = frame["player"], frame["at"], frame["from"]
    for uid in _fighters(state, p, at, frame["naval"]):
        u = state["units"][uid]
        u["h"] = src
        if is_sea(state, src) and u["k"] != "ship":
            ship = next(
                (
                    sid
                    for sid, s in state["units"].items()
                    if s["h"] == src and s["o"] == p and s["k"] == "ship"
                ),
                None,
            )
            u["on"] = ship
    ev.emit("retreat", f"{_name(state, p)} retreats from {at} to {src}.", player=p, hexes=[at, src])


CHOICE = ActionKind(
    "battle",
    lambda s, f, a: a.args[0] if a.args else "",
    [valid_choice],
    lambda s, f: [act("battle", "continue"), act("battle", "retreat")],
    apply_choice,
    category="battle",
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
    if args == "raze":
        del state["cities"][key]
        gain(state, player, "gold", 1)
        ev.emit(
            "raze",
            f"{player['name']} razes the barbarian city at {key} for 1 gold.",
            player=p,
            hexes=[key],
        )
        return
    city["owner"] = p
    city["mood"] = ANGRY
    for piece, owner in list(city["pieces"].items()):
        if owner == BARBARIANS:  # culturally influenced pieces keep their owner
            city["pieces"][piece] = p
    ev.emit(
        "capture",
        f"{player['name']} keeps the former barbarian city at {key}.",
        player=p,
        hexes=[key],
    )


BARBARIAN_CITY = ActionKind(
    "city",
    lambda s, f, a: a.args[0] if a.args else "",
    [barbarian_choice],
    lambda s, f: [act("city", "keep"), act("city", "raze")],
    apply_barbarian_choice,
    category="city",
)


# -- the side taking hits picks its casualties (when they differ) ---------------------


@RULES.check(
    "battle.casualty", "Choose one of your own units fighting in this battle to remove.", SECTION
)
def casualty_ok(state: State, frame: Frame, uid: str) -> bool:
    b = frame["battle"]
    return uid in _fighters(state, frame["player"], b["at"], b["naval"])


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
)
