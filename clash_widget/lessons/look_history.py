"""Read a History CCG position the way notebook 22 talks about it.

Check cells use these instead of the state's keys, so a check reads like the rule it checks:
``capital_city(m, 0).controller == 0``, ``ccg_turn(m).phase == "action"``,
``last_clash(m).attacker_hand == "Rainbow"``, ``standing(m, 1).population >= 20``. Players
are seats (seat 0 is "Player 1" on the table); cities are named by their card ("0-07") for
action keys, and carry their name in words. Each helper takes a ``Match`` or a widget
showing one, and returns a snapshot.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from clash_widget.engine.seats import default_name
from clash_widget.history import cards as card_set
from clash_widget.history import odds, zones

from .moves import as_match, events_of


def deck_types(deck: str) -> Counter:
    """How many cards of each type a deck holds ("City": 4, "Resource mod": 3...)."""
    return Counter(
        card_set.TYPE_NAMES[card_set.designs()[c.design]["type"]] for c in card_set.deck_list(deck)
    )


# -- the map ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardCity:
    """A city on a player's map: its card, name, controller, population and what is next to it."""

    card: str  # its card ("0-07"), as action keys name it
    name: str  # in words, with its face: "Riverside (ace of Suns)"
    controller: int  # the seat controlling it
    population: int
    terrains: tuple[str, ...]  # names
    creations: tuple[str, ...]  # buildings and wonders finished here (names)
    capital: bool  # some player's capital


def city_card(board_or_match: Any, card: str) -> CardCity | None:
    """The city of that card, or None if it is not on the map."""
    state = as_match(board_or_match).state
    c = state["cities"].get(card)
    if c is None:
        return None
    return CardCity(
        card=card,
        name=zones.city_name(state, card),
        controller=c["controller"],
        population=c["population"],
        terrains=tuple(card_set.name(state, t) for t in c["terrains"]),
        creations=tuple(card_set.name(state, x) for x in c["creations"]),
        capital=any(p["capital"] == card for p in state["players"]),
    )


def capital_city(board_or_match: Any, seat: int) -> CardCity | None:
    """A player's capital as it stands on the map (None before it is placed)."""
    cap = as_match(board_or_match).state["players"][seat]["capital"]
    return None if cap is None else city_card(board_or_match, cap)


def units_on_map(board_or_match: Any) -> list[str]:
    """Every unit on the map, by name."""
    state = as_match(board_or_match).state
    return [card_set.name(state, u) for u in state["units"]]


@dataclass(frozen=True)
class Zones:
    """How many cards a player has in each of their zones, and which ones lie in the landfill
    (face up, so anyone may read them)."""

    treasury: int
    council: int
    landfill: tuple[str, ...]  # card names, the top card last


def zones_of(board_or_match: Any, seat: int) -> Zones:
    state = as_match(board_or_match).state
    p = state["players"][seat]
    return Zones(
        treasury=len(p["treasury"]),
        council=len(p["council"]),
        landfill=tuple(card_set.name(state, c) for c in p["landfill"]),
    )


@dataclass(frozen=True)
class Standing:
    """How near a player is to each way of winning."""

    population: int  # all their cities together
    wonders: int  # wonders in the cities they control (captured ones count)
    holds_capital: bool  # they still control their own capital


def standing(board_or_match: Any, seat: int) -> Standing:
    state = as_match(board_or_match).state
    return Standing(
        population=zones.population(state, seat),
        wonders=len(zones.wonders(state, seat)),
        holds_capital=zones.holds_capital(state, seat),
    )


# -- the turn and the end -----------------------------------------------------------------------
@dataclass(frozen=True)
class CardTurn:
    """The turn: its number, its phase ("trade", "action"...), the initiative order (seats)."""

    number: int
    phase: str
    order: tuple[int, ...]
    to_move: int | None  # None once the game is over
    names: tuple[str, ...] = ()  # the seats' names, as the table shows them

    @property
    def order_in_words(self) -> str:
        """The initiative order as the table says it: "Orange, then Blue"."""
        return ", then ".join(_named(self.names, seat) for seat in self.order)


def ccg_turn(board_or_match: Any) -> CardTurn:
    m = as_match(board_or_match)
    t = m.state["turn"]
    names = tuple(m.names)
    return CardTurn(t["number"], t["phase"], tuple(t["order"]), m.current_player, names)


@dataclass(frozen=True)
class Result:
    """How the game ended: the winners (seats), each one's ways of winning, the turn."""

    winners: tuple[int, ...]
    ways: dict[int, tuple[str, ...]]  # seat -> "capital", "wonders", "population" or "time"
    turn: int
    names: tuple[str, ...] = ()  # the seats' names, as the table shows them

    def __str__(self) -> str:
        who = " and ".join(
            f"{_named(self.names, s)} ({', '.join(self.ways.get(s, ()))})" for s in self.winners
        )
        return f"Won at turn {self.turn} by {who}"


def ccg_result(board_or_match: Any) -> Result | None:
    """The end of the game (None while it goes on)."""
    m = as_match(board_or_match)
    r = m.state["result"]
    if r is None:
        return None
    ways = {int(s): tuple(how) for s, how in r["ways"].items()}
    return Result(tuple(r["winners"]), ways, r["turn"], tuple(m.names))


def _named(names: tuple[str, ...], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else default_name(seat)


# -- what was pulled ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Growth:
    """A city's growth pull: the ranks it pulled added up, what it needed, and if it grew."""

    city: str  # its card
    total: int
    need: int
    grew: bool
    text: str


def growth_pulls(happened: Any) -> list[Growth]:
    """The growth pulls in an outcome or a log, in order."""
    return [
        Growth(e["city"], e["total"], e["need"], e["kind"] == "growth", e["text"])
        for e in events_of(happened)
        if e["kind"] in ("growth", "no_growth")
    ]


@dataclass(frozen=True)
class Clash:
    """The last culture clash, as the table shows it to everybody."""

    attacker: int
    defender: int
    attacker_hand: str  # the best poker hand's name: "Rainbow", "Two pair"...
    defender_hand: str
    winner: int
    tie: bool  # equal hands (the defender wins them)


def last_clash(board_or_match: Any) -> Clash | None:
    shown = as_match(board_or_match).view(None)["shown"]["clash"]
    if shown is None:
        return None
    return Clash(
        attacker=shown["attacker"],
        defender=shown["defender"],
        attacker_hand=shown["attack_name"],
        defender_hand=shown["defence_name"],
        winner=shown["winner"],
        tie=shown["tie"],
    )


@dataclass(frozen=True)
class Chance:
    """An estimated chance and its 95 % interval."""

    win: float
    low: float
    high: float


def clash_chance(
    attacker_deck: str,
    defender_deck: str,
    attacker_counters: int,
    defender_counters: int,
    samples: int = 2000,
    seed: int = 0,
) -> Chance:
    """The attacker's chance to win a culture clash (ties lose), by seeded sampling."""
    r = odds.clash_odds(
        attacker_deck, defender_deck, attacker_counters, defender_counters, samples, seed
    )
    return Chance(r["win"], r["low"], r["high"])


__all__ = [
    "CardCity",
    "CardTurn",
    "Chance",
    "Clash",
    "Growth",
    "Result",
    "Standing",
    "capital_city",
    "ccg_result",
    "ccg_turn",
    "city_card",
    "clash_chance",
    "deck_types",
    "growth_pulls",
    "last_clash",
    "standing",
    "units_on_map",
]
