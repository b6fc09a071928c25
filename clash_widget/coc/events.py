"""Event cards, drawn when a Mood or Culture track reaches 3, 5 or 7.

Primer: "Research an Advance" (events resolve at once) and the immunities in
"Advances": Irrigation ignores Famine, Sanitation ignores Plague and Epidemic,
Myths may pay a mood token instead of a city losing mood. Our event set is in
data/cards.json; barbarians are a non-player side (owner -1). When an event
lowers the mood of "one of your cities", the player chooses the city (and,
with Myths, whether to pay a mood token instead) in an ``event_mood`` frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from ..engine import Action, act, rng
from ..engine.frames import ActionKind, fixed
from ..engine.game import Events, Frame, State
from .board import board_neighbours, cities_of, is_land, own_cities, terrain
from .cards import _draw, card_base
from .combat import start_battle
from .common import bump_stat
from .content import advances, load
from .economy import gain
from .effects import grants, source
from .places import at, city_name, place, worded
from .roads import ring_two
from .rulebook import RULES
from .setup import add_unit, new_city
from .state_types import BarbarianRaidFrame, EventMoodFrame
from .vocab import ANGRY, BARBARIANS, mood_name
from .windows import HELD_BACK, could_gain, offer


@cache
def event_cards() -> Mapping[str, Mapping[str, Any]]:
    return {e["id"]: e for e in load("cards")["events"]}


def draw_event(state: State, p: int, ev: Events) -> None:
    card = _draw(state, "events")
    if card is None:
        return
    state["discards"]["events"].append(card)
    spec = event_cards()[card_base(card)]
    player = state["players"][p]
    ev.emit(
        "event_card",
        f"Event for {player['name']}: {spec['name']}. {spec['text']}",
        player=p,
        barrier=True,
    )
    bump_stat(state, "event_card")
    EFFECTS[spec["effect"]](state, p, ev)


MOOD_FRAME: Final = "event_mood"
MYTHS = "Primer: Advances, SPIRITUALITY (Myths)"


def _mood_targets(state: State, p: int) -> list[str]:
    """The cities of p whose mood an event can really lower (those not angry yet)."""
    return [k for k in own_cities(state, p) if state["cities"][k]["mood"] > ANGRY]


def _lower_mood(state: State, p: int, ev: Events, cause: str, *, angry: bool = False) -> None:
    """One city of p, of the player's choice, loses a mood step (``angry``: becomes angry).

    Myths: the player may pay a mood token instead. Asked only when there is a
    real choice: more than one city, or Myths with a token to pay.
    """
    player = state["players"][p]
    targets = _mood_targets(state, p)
    if not targets:
        return  # every city is angry already: the mood cannot drop
    myths = grants(player, "event.myths") and player["mood"] + could_gain(state, p, "mood") >= 1
    if len(targets) == 1 and not myths:
        _hit(state, p, targets[0], cause, angry, ev)
        return
    ask: EventMoodFrame = {"kind": MOOD_FRAME, "player": p, "cause": cause, "angry": angry}
    state["stack"].append(ask)
    if myths:
        offer(state, p, "mood", 1)  # no token for Myths: free cards first


def _hit(state: State, p: int, key: str, cause: str, angry: bool, ev: Events) -> None:
    c = state["cities"][key]
    c["mood"] = ANGRY if angry else c["mood"] - 1
    ev.emit(
        "event_effect",
        f"{cause}: {city_name(state, key)} becomes {mood_name(c['mood'])}.",
        player=p,
        hexes=[key],
    )


def _parse_city(state: State, frame: Frame, a: Action) -> str:
    return a.args[0] if a.args else ""


@RULES.check(
    "event.mood-city",
    "The event lowers the mood of one of your cities that is not angry yet: choose which.",
    "Primer: Research an Advance (events); our event cards",
    source="ours",
)
def mood_city_ok(state: State, frame: Frame, key: str) -> bool:
    return key in _mood_targets(state, frame["player"])


def apply_mood_city(state: State, frame: Frame, key: str, ev: Events) -> None:
    state["stack"].pop()
    _hit(state, frame["player"], key, frame["cause"], frame["angry"], ev)


@RULES.check(
    "event.myths",
    "Only with Myths and a mood token may you pay 1 mood token instead of a city losing mood.",
    MYTHS,
    frame_only=True,
)
def myths_ok(state: State, frame: Frame, args: Any) -> bool:
    player = state["players"][frame["player"]]
    return grants(player, "event.myths") and player["mood"] >= 1


def apply_myths(state: State, frame: Frame, args: Any, ev: Events) -> None:
    state["stack"].pop()
    player = state["players"][frame["player"]]
    player["mood"] -= 1
    ev.emit(
        "event_effect",
        f"Myths: {player['name']} pays a mood token against the {frame['cause'].lower()}.",
        player=frame["player"],
    )


MOOD_CITY = ActionKind(
    "lower",
    _parse_city,
    [mood_city_ok],
    lambda s, f: [act("lower", k) for k in _mood_targets(s, f["player"])],
    apply_mood_city,
    category="event",
    ensured=[mood_city_ok],
    wide=lambda s, f: [act("lower", k) for k in sorted(s["cities"])],  # every city on the board
    arity=(1, 1),
    usage="lower <city>",
    example="lower 1,1",
    label=worded("{0} takes the event's mood loss", city_name),
)
PAY_MYTHS = ActionKind(
    "myths",
    lambda s, f, a: None,
    [myths_ok],
    fixed(act("myths")),
    apply_myths,
    category="event",
    arity=(0, 0),
    usage="myths",
    example="myths",
    label="Myths: pay 1 mood token instead",
)


def _by(effect: str) -> str:
    """The name of the advance that grants ``effect`` (for the log)."""
    return str(advances()[source(effect)]["name"])


def famine(state: State, p: int, ev: Events, *, asked: bool = False) -> None:
    """Lose 1 food; with none, one of your cities (your choice) becomes angry. With no food
    but a free card that gives some, the player may play it first (``asked`` once they had
    that window)."""
    player = state["players"][p]
    if grants(player, "event.famine-immune"):
        ev.emit(
            "event_effect",
            f"{_by('event.famine-immune')} protects {player['name']} from the famine.",
        )
        return
    if player["res"]["food"] >= 1:
        player["res"]["food"] -= 1
        ev.emit("event_effect", f"{player['name']} loses 1 food to the famine.", player=p)
        return
    if not asked and offer(state, p, "food", 1, then="famine"):
        return  # the famine strikes when the window closes
    _lower_mood(state, p, ev, "Famine", angry=True)


HELD_BACK["famine"] = lambda state, p, ev: famine(state, p, ev, asked=True)


def harvest(state: State, p: int, ev: Events) -> None:
    gain(state, state["players"][p], "food", 2)


def plague(state: State, p: int, ev: Events) -> None:
    player = state["players"][p]
    if grants(player, "event.plague-immune"):
        ev.emit(
            "event_effect",
            f"{_by('event.plague-immune')} protects {player['name']} from the plague.",
        )
        return
    _lower_mood(state, p, ev, "Plague")


def epidemic(state: State, p: int, ev: Events) -> None:
    player = state["players"][p]
    if grants(player, "event.plague-immune"):
        ev.emit(
            "event_effect",
            f"{_by('event.plague-immune')} protects {player['name']} from the epidemic.",
        )
        return
    mine = sorted((int(uid[1:]), uid) for uid, u in state["units"].items() if u["owner"] == p)
    if mine:
        uid = mine[-1][1]
        for rid in [v for v, u in state["units"].items() if u["on"] == uid]:
            del state["units"][rid]
        ev.emit(
            "event_effect",
            f"The epidemic costs {player['name']} a unit.",
            player=p,
            hexes=[state["units"][uid]["hex"]],
        )
        del state["units"][uid]


def spawn_sites(state: State, p: int) -> list[str]:
    """Free fertile land 2 spaces from one of p's cities and next to no city."""
    hexes = state["hexes"]
    # Only the board's hexes 2 spaces from one of p's cities are looked at (not every hex).
    near = {k for c in cities_of(state, p) for k in ring_two(c) if k in hexes}
    if not near:
        return []
    occupied = {u["hex"] for u in state["units"].values()}
    out = []
    for key in sorted(near):
        if not is_land(state, key) or terrain(state, key) == "barren":
            continue
        if key in state["cities"] or key in occupied:
            continue
        if any(n in state["cities"] for n in board_neighbours(state, key)):
            continue
        out.append(key)
    return out


def barbarian_spawn(state: State, p: int, ev: Events) -> None:
    if not state["options"]["barbarians"]:
        return
    sites = spawn_sites(state, p)
    if not sites:
        ev.emit("event_effect", "The barbarians find no room to settle.")
        return
    key = sites[rng.below(state, len(sites))]
    where = at(state, key)  # named before the settlement stands there
    state["cities"][key] = new_city(BARBARIANS)
    add_unit(state, BARBARIANS, "army", key)
    ev.emit("barbarian_spawn", f"A barbarian settlement appears {where}.", hexes=[key])
    bump_stat(state, "barbarian_spawn")


RAID: Final = "barbarian_raid"


def barbarian_attack(state: State, p: int, ev: Events) -> None:
    """Every barbarian army next to one of p's cities attacks it, one raid after another.

    The raids wait in a ``barbarian_raid`` frame: a battle may stop to ask the
    defender for a combat card (Tactics), and the next raid starts once it is over.
    Armies are taken in the order of their ids; each raids a city p still holds
    when its turn comes (not one an earlier raid has already taken).
    """
    queue = [
        uid
        for uid, u in sorted(state["units"].items(), key=lambda x: int(x[0][1:]))
        if u["owner"] == BARBARIANS and u["kind"] == "army"
    ]
    raids: BarbarianRaidFrame = {"kind": RAID, "player": p, "queue": queue}
    state["stack"].append(raids)
    continue_raids(state, ev)


def continue_raids(state: State, ev: Events) -> None:
    """Run the pending raids of the ``barbarian_raid`` frame on top of the stack.

    Stops when a battle waits for a decision (the game settles back here once it
    is answered) and removes the frame when no raid is left.
    """
    frame = state["stack"][-1]
    while frame["queue"]:
        uid = frame["queue"].pop(0)
        u = state["units"].get(uid)
        if u is None:  # lost in an earlier raid
            continue
        mine = set(cities_of(state, frame["player"]))
        targets = sorted(n for n in board_neighbours(state, u["hex"]) if n in mine)
        if not targets:
            continue
        src, to = u["hex"], targets[0]
        u["hex"] = to
        ev.emit(
            "barbarian_attack",
            f"Barbarians from {place(state, src)} attack {city_name(state, to)}.",
            hexes=[src, to],
        )
        bump_stat(state, "barbarian_attack")
        start_battle(state, BARBARIANS, src, to, [uid], ev)
        if state["stack"][-1] is not frame:
            return  # the defender is asked; the raids resume after the battle
    state["stack"].pop()


def vp(state: State, p: int, ev: Events) -> None:
    state["players"][p]["event_vp"] += 1


EFFECTS = {
    "famine": famine,
    "harvest": harvest,
    "plague": plague,
    "epidemic": epidemic,
    "barbarian_spawn": barbarian_spawn,
    "barbarian_attack": barbarian_attack,
    "vp": vp,
}
