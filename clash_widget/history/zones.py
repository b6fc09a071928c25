"""Cards moving between the zones, and what a player controls.

Zones (seed): the **treasury** (face down, top = last item), the **council** (the hand,
hidden), the **map** (cities with their terrains, mods, production and creations; units;
techs; policies) and the **landfill** (face up). Pulled cards lie face up on the table
until the action that pulled them is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..engine.game import Events, State
from ..engine.rng import shuffle
from ..engine.seats import name as seat_name
from . import cards as card_set

EMPIRE_KEYS = (
    "food",
    "material",
    "trade",
    "defence",
    "clash_cards",
    "defence_cards",
    "council_max",
    "explore_pulls",
    "found_relief",
    "attack",
)


def player_name(state: State, seat: int) -> str:
    """The seat's name (engine.seats): ``state["players"][s]["name"]`` is kept for old files."""
    return seat_name(state, seat)


def n_players(state: State) -> int:
    return len(state["players"])


# -- treasury, council, landfill -------------------------------------------------------------------
def reshuffle_if_empty(state: State, seat: int, ev: Events) -> bool:
    """Rule zones.reshuffle: an empty treasury takes the shuffled landfill. False: both empty."""
    p = state["players"][seat]
    if p["treasury"]:
        return True
    if not p["landfill"]:
        return False
    p["treasury"], p["landfill"] = p["landfill"], []
    p["treasury"].sort()
    shuffle(state, p["treasury"])
    stats(state, "reshuffle")
    ev.emit(
        "reshuffle",
        f"{player_name(state, seat)} shuffles the landfill into the empty treasury.",
        player=seat,
    )
    return True


def take_top(state: State, seat: int, ev: Events) -> str | None:
    """The top card of the treasury. Rule zones.reshuffle: the moment the last card leaves,
    the landfill is shuffled in (the cards of a pull still on the table are not in it)."""
    if not reshuffle_if_empty(state, seat, ev):
        return None
    card = state["players"][seat]["treasury"].pop()
    reshuffle_if_empty(state, seat, ev)
    return card


def consult(state: State, seat: int, n: int, ev: Events) -> list[str]:
    """Consult ``n``: top cards of the treasury into the council (private to the seat)."""
    got = []
    for _ in range(n):
        c = take_top(state, seat, ev)
        if c is None:
            break
        state["players"][seat]["council"].append(c)
        got.append(c)
    if got:
        ev.emit(
            "consult",
            f"{player_name(state, seat)} consults {len(got)} card{'s' if len(got) > 1 else ''}.",
            player=seat,
            count=len(got),
            private={"seat": seat, "cards": list(got)},
        )
    return got


def pull(state: State, seat: int, n: int, ev: Events) -> list[str]:
    """Pull ``n`` (rule zones.pull): reveal top cards; the caller lands them when done."""
    got = []
    for _ in range(n):
        c = take_top(state, seat, ev)
        if c is None:
            break
        got.append(c)
        state["table"].append(c)
    return got


def land(state: State, cards: list[str], ev: Events) -> None:
    """Pulled cards go to their owners' landfills (rule zones.pull); an owner whose treasury
    is empty shuffles them in at once (rule zones.reshuffle)."""
    owners = set()
    for c in cards:
        if c in state["table"]:
            state["table"].remove(c)
            state["players"][card_set.owner(c)]["landfill"].append(c)
            owners.add(card_set.owner(c))
    for seat in sorted(owners):
        reshuffle_if_empty(state, seat, ev)


def lift(state: State, cid: str) -> None:
    """Take a pulled card off the table (it is being deployed)."""
    state["table"].remove(cid)


def discard(state: State, seat: int, cid: str, ev: Events, why: str = "discards") -> None:
    p = state["players"][seat]
    p["council"].remove(cid)
    p["landfill"].append(cid)
    ev.emit(
        "discard", f"{player_name(state, seat)} {why} {card_set.name(state, cid)}.", player=seat
    )
    reshuffle_if_empty(state, seat, ev)


def to_landfill(state: State, cid: str, ev: Events) -> None:
    """Rule zones.destroy: a card leaves the map for its owner's landfill."""
    state["players"][card_set.owner(cid)]["landfill"].append(cid)
    reshuffle_if_empty(state, card_set.owner(cid), ev)


def stats(state: State, key: str, n: int = 1) -> None:
    s = state["stats"]
    s[key] = s.get(key, 0) + n


# -- control---------------------------------------------------------------------------------------
def cities_of(state: State, seat: int) -> list[str]:
    return [cid for cid, c in state["cities"].items() if c["controller"] == seat]


def units_of(state: State, seat: int) -> list[str]:
    return [uid for uid, u in state["units"].items() if u["controller"] == seat]


def units_at(state: State, city: str) -> list[str]:
    return [uid for uid, u in state["units"].items() if u["city"] == city]


def controls(state: State, seat: int, city: str) -> bool:
    c = state["cities"].get(city)
    return c is not None and c["controller"] == seat


def population(state: State, seat: int) -> int:
    return sum(c["population"] for c in state["cities"].values() if c["controller"] == seat)


def wonders(state: State, seat: int) -> list[str]:
    return [
        w
        for c in state["cities"].values()
        if c["controller"] == seat
        for w in c["creations"]
        if card_set.is_wonder(state, w)
    ]


def holds_capital(state: State, seat: int) -> bool:
    cap = state["players"][seat]["capital"]
    return cap is not None and controls(state, seat, cap)


def known_designs(state: State, seat: int) -> set[str]:
    """The designs of the techs ``seat`` knows (:func:`knows` for many designs at once)."""
    return {card_set.instance(state, t).design for t in state["players"][seat]["techs"]}


def knows(state: State, seat: int, tech_design: str) -> bool:
    return any(
        card_set.instance(state, t).design == tech_design for t in state["players"][seat]["techs"]
    )


# -- yields and bonuses----------------------------------------------------------------------------
def empire(state: State, seat: int) -> dict[str, int]:
    """Bonuses a player has from known techs, policies and creations in their cities."""
    p = state["players"][seat]
    creations = [
        x for c in state["cities"].values() if c["controller"] == seat for x in c["creations"]
    ]
    decks = tuple(q["deck"] for q in state["players"])
    return dict(_empire(decks, tuple(p["techs"]), tuple(p["policies"]), tuple(creations)))


@lru_cache(maxsize=4096)  # a pure function of the cards (asked for every city's yields)
def _empire(
    decks: tuple[str, ...],
    techs: tuple[str, ...],
    policies: tuple[str, ...],
    creations: tuple[str, ...],
) -> Mapping[str, int]:
    """:func:`empire` from the seats' decks (which say what each card is) and the cards."""
    out = dict.fromkeys(EMPIRE_KEYS, 0)

    def design(cid: str) -> Mapping[str, Any]:  # card_set.design, with the decks at hand
        return card_set.design_in(decks[card_set.seat_of(cid)], cid)

    sources: list[dict[str, Any]] = []
    sources += [design(t).get("bonus", {}) for t in techs]
    sources += [design(x).get("empire", {}) for x in policies]
    sources += [design(x).get("empire", {}) for x in creations]
    for src in sources:
        for k, v in src.items():
            out[k] += v
    return out


def city_bonus(state: State, city: str, key: str) -> int:
    return sum(
        card_set.design(state, x).get("city", {}).get(key, 0)
        for x in state["cities"][city]["creations"]
    )


def city_yields(state: State, city: str) -> dict[str, int]:
    """Food, material and trade of a city: its terrains and their mods, 1 material and 1
    trade from the city itself, its creations, and the controller's empire bonuses."""
    c = state["cities"][city]
    terrains, mods = c["terrains"], c["mods"]
    y = dict(
        _city_yields(
            tuple(q["deck"] for q in state["players"]),
            tuple(terrains),
            tuple(mods.get(t) for t in terrains),
            tuple(c["creations"]),
        )
    )
    e = empire(state, c["controller"])
    y["food"] += e["food"]
    y["material"] += e["material"]
    return y


@lru_cache(maxsize=4096)  # a pure function of the cards (asked at every growth and production)
def _city_yields(
    decks: tuple[str, ...],
    terrains: tuple[str, ...],
    mods: tuple[str | None, ...],
    creations: tuple[str, ...],
) -> Mapping[str, int]:
    """:func:`city_yields` before the empire bonuses, from the seats' decks (which say what
    each card is), the city's terrains, each terrain's mod (or None) and its creations."""

    def design(cid: str) -> Mapping[str, Any]:  # card_set.design, with the decks at hand
        return card_set.design_in(decks[card_set.seat_of(cid)], cid)

    y = {"food": 0, "material": 1, "trade": 1}
    for t, mod in zip(terrains, mods, strict=True):
        for k, v in design(t)["yields"].items():
            y[k] += v
        if mod:
            for k, v in design(mod)["yields"].items():
                y[k] += v
    for k in card_set.YIELDS:
        y[k] += sum(design(x).get("city", {}).get(k, 0) for x in creations)
    return y


def trade_total(state: State, seat: int) -> int:
    return (
        sum(city_yields(state, c)["trade"] for c in cities_of(state, seat))
        + empire(state, seat)["trade"]
    )


def council_max(state: State, seat: int) -> int:
    return state["options"]["council_max"] + empire(state, seat)["council_max"]


def city_defence(state: State, city: str) -> int:
    c = state["cities"][city]
    cap = state["players"][card_set.owner(city)]["capital"] == city
    base = state["options"]["capital_defence"] if cap else 1
    return base + city_bonus(state, city, "defence") + empire(state, c["controller"])["defence"]


def unit_stat(state: State, uid: str, stat: str) -> int:
    return card_set.design(state, uid)[stat]


def health_left(state: State, uid: str) -> int:
    return unit_stat(state, uid, "health") - state["units"][uid]["damage"]


def research_need(state: State, seat: int) -> int:
    p = state["players"][seat]
    if p["research"] is None:
        return 0
    return card_set.design(state, p["research"])["cost"] - p["counters"]


def meets_requirement(state: State, seat: int, cid: str) -> bool:
    req = card_set.design(state, cid).get("requires")
    return not req or knows(state, seat, req)


def city_name(state: State, city: str) -> str:
    """A city in words: its name and face, and whose it is when another player holds it."""
    c = state["cities"].get(city)
    text = card_set.name(state, city)
    if c is not None and c["controller"] != card_set.owner(city):
        text += f", taken from {player_name(state, card_set.owner(city))}"
    return text
