"""Combat (ours: the seed says "read the section about combat later" and has none).

``attack <your city> <rival city>``: every fresh unit of yours in your city attacks and
is exhausted. The battle is one exchange of blows (rule battle.strike):

* the attackers strike with their attack (plus bonuses: Statue of Zeus, War Cry);
* every unit in the attacked city defends, fresh or exhausted (rule battle.defenders,
  seed), striking with its defence, and the city itself adds its defence (1, a capital 2,
  plus Walls and the Great Wall);
* each damage counter goes on the unit with the most health left (the earliest unit on a
  tie), so damage spreads; a unit whose damage reaches its health is destroyed.

If no defender is left and an attacker survives, the city is captured (rule
battle.capture): its controller changes, with its terrains, mods and creations (wonders
count for the new controller); what it was producing is destroyed; the surviving
attackers move in. Damage stays on survivors until they heal.
"""

from __future__ import annotations

from ..engine import Action, Events
from ..engine.frames import ActionKind, explained
from ..engine.game import Frame, State
from . import cards as card_set
from . import wide, zones
from .maintenance import acted
from .reading import seat_reading
from .rulebook import BOOK, CAPTURE, COMBAT, Args, parse_args


def attackers(state: State, seat: int, city: str) -> list[str]:
    return sorted(
        u
        for u in zones.units_at(state, city)
        if state["units"][u]["controller"] == seat and not state["units"][u]["tired"]
    )


def attack_strength(state: State, seat: int, units: list[str]) -> int:
    bonus = zones.empire(state, seat)["attack"] + state["turn"]["bonus"].get(str(seat), 0)
    return sum(zones.unit_stat(state, u, "attack") + bonus for u in units)


def defence_strength(state: State, city: str, units: list[str]) -> int:
    return sum(zones.unit_stat(state, u, "defence") for u in units) + zones.city_defence(
        state, city
    )


def spread(state: State, units: list[str], damage: int) -> list[str]:
    """Place damage counters one by one on the unit with the most health left; return the
    units destroyed (rule battle.strike)."""
    alive = list(units)
    for _ in range(damage):
        if not alive:
            break
        target = max(alive, key=lambda u: (zones.health_left(state, u), -alive.index(u)))
        state["units"][target]["damage"] += 1
        if zones.health_left(state, target) <= 0:
            alive.remove(target)
    return [u for u in units if u not in alive]


@explained(lambda s, f, a: "not a city you control")
@BOOK.check("attack.from-city", "Attack from a city you control.", COMBAT, source="ours")
def from_city_ok(state: State, frame: Frame, a: Args) -> bool:
    return zones.controls(state, frame["player"], a.get(0))


@BOOK.check(
    "attack.fresh-units",
    "Only fresh units attack, and that city has no fresh unit of yours that can strike.",
    COMBAT,
    source="ours",
)
def has_fighters(state: State, frame: Frame, a: Args) -> bool:
    units = attackers(state, frame["player"], a.get(0))
    return any(zones.unit_stat(state, u, "attack") > 0 for u in units)


@explained(lambda s, f, a: "not a city another player controls")
@BOOK.check("attack.rival-city", "Attack a city another player controls.", COMBAT, source="ours")
def target_ok(state: State, frame: Frame, a: Args) -> bool:
    c = state["cities"].get(a.get(1))
    return c is not None and c["controller"] != frame["player"]


def attack_candidates(state: State, frame: Frame) -> list[Action]:
    """Every city of the seat's with a fresh unit that can strike (``from_city_ok``,
    ``has_fighters``) against every rival city (``target_ok``)."""
    seat = frame["player"]
    r = seat_reading(state, seat)
    # has_fighters for every city at once: one pass over the units, not one per city
    by = r.by
    units = state["units"]
    fighting = {units[u]["city"] for u in r.fresh if by[u]["attack"] > 0}
    if not fighting:
        return []
    rivals = sorted([c for c, x in state["cities"].items() if x["controller"] != seat])
    return [Action("attack", (mine, t)) for mine in r.mine if mine in fighting for t in rivals]


def apply_attack(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, home, target = frame["player"], a.get(0), a.get(1)
    resolve_battle(state, seat, home, target, ev)


def resolve_battle(state: State, seat: int, home: str, target: str, ev: Events) -> None:
    city = state["cities"][target]
    defender = city["controller"]
    att = attackers(state, seat, home)
    dfn = sorted(zones.units_at(state, target))
    for u in att:
        state["units"][u]["tired"] = True
    hit = attack_strength(state, seat, att)
    back = defence_strength(state, target, dfn)
    fallen_d = spread(state, dfn, hit)
    fallen_a = spread(state, att, back)
    for u in fallen_a + fallen_d:
        del state["units"][u]
        zones.to_landfill(state, u, ev)
    names = lambda us: ", ".join(card_set.name(state, u) for u in us) or "none"  # noqa: E731
    zones.stats(state, "battles")
    ev.emit(
        "battle",
        f"{zones.player_name(state, seat)} attacks {zones.city_name(state, target)} from "
        f"{zones.city_name(state, home)} with {names(att)} (strength {hit}) against "
        f"{names(dfn)} and the city (strength {back}). Destroyed: attackers {names(fallen_a)}; "
        f"defenders {names(fallen_d)}.",
        player=seat,
        defender=defender,
        city=target,
        attack=hit,
        defence=back,
    )
    state["shown"]["battle"] = {
        "attacker": seat,
        "defender": defender,
        "city": target,
        "attackers": att,
        "defenders": dfn,
        "attack": hit,
        "defence": back,
        "fallen": fallen_a + fallen_d,
    }
    survivors = [u for u in att if u in state["units"]]
    if survivors and not any(u in state["units"] for u in dfn):
        capture(state, seat, target, survivors, ev)


def capture(state: State, seat: int, target: str, survivors: list[str], ev: Events) -> None:
    city = state["cities"][target]
    loser = city["controller"]
    if city["production"] is not None:
        zones.to_landfill(state, city["production"], ev)
        city["production"], city["progress"] = None, 0
    city["controller"] = seat
    for u in survivors:
        state["units"][u]["city"] = target
    ev.emit(
        "city_captured",
        f"{zones.player_name(state, seat)} captures {card_set.name(state, target)} from "
        f"{zones.player_name(state, loser)}.",
        player=seat,
        loser=loser,
        city=target,
        rule=CAPTURE.id,
    )
    if state["players"][loser]["capital"] == target:
        zones.stats(state, "capitals_lost")
        ev.emit(
            "capital_lost",
            f"{zones.player_name(state, loser)} has lost their capital.",
            player=loser,
            city=target,
        )


ATTACK = ActionKind(
    "attack",
    parse_args,
    [from_city_ok, has_fighters, target_ok],
    attack_candidates,
    acted(apply_attack),
    arity=(2, 2),
    usage="use: attack <your city> <rival city>",
    example="attack 0-00 1-00",
    ensured=[from_city_ok, has_fighters, target_ok],
    wide=lambda s, f: [
        Action("attack", (c, t)) for c in wide.every_city(s) for t in wide.every_city(s)
    ],
)
