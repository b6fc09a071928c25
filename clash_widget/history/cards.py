"""The card set: designs (what a card does) and decks (which cards, with rank and suit).

Static content read once from ``data/designs.json`` and ``data/decks.json``. A card in a
game is one physical card of one player's deck; its id is ``<seat>-<index>`` (``1-07`` is
card 7 of player 2's deck), and its design, rank and suit follow from the deck the seat
plays. Every card has a rank (1 to 13) and a suit, so any card can be pulled for
initiative, growth or a culture clash, as with the playing cards of the prototype.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from .poker import Card

DATA = Path(__file__).parent / "data"
TYPES = ("city", "terrain", "mod", "discovery", "event", "tech", "unit", "creation", "policy")
TYPE_NAMES = {
    "city": "City",
    "terrain": "Terrain",
    "mod": "Resource mod",
    "discovery": "Discovery event",
    "event": "Event",
    "tech": "Tech",
    "unit": "Unit",
    "creation": "Creation",
    "policy": "Policy",
}
YIELDS = ("food", "material", "trade")
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
# The ranks and suits in words, for everything a person reads ("the ace of Suns", not "A☀").
RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


class Instance(NamedTuple):
    design: str
    rank: int
    suit: str


@cache
def designs() -> Mapping[str, Mapping[str, Any]]:
    data = json.loads((DATA / "designs.json").read_text(encoding="utf-8"))
    return {d["id"]: d for d in data["designs"]}


@cache
def suits() -> Mapping[str, Mapping[str, str]]:
    data = json.loads((DATA / "designs.json").read_text(encoding="utf-8"))
    return {s["id"]: s for s in data["suits"]}


@cache
def _decks() -> Mapping[str, Any]:
    return json.loads((DATA / "decks.json").read_text(encoding="utf-8"))


@cache
def starter_decks() -> Mapping[str, Mapping[str, Any]]:
    return {d["id"]: d for d in _decks()["decks"]}


@cache
def deck_list(deck: str) -> tuple[Instance, ...]:
    """The cards of a deck, in the data's order (the index is the card's number)."""
    if deck == "plain52":
        plain = _decks()["plain52"]
        return tuple(
            Instance(plain["ranks"][str(r)][i], r, s)
            for i, s in enumerate(plain["suits"])
            for r in range(1, 14)
        )
    if deck not in starter_decks():
        raise ValueError(f"unknown deck {deck!r}")
    return tuple(
        Instance(c["design"], c["rank"], c["suit"]) for c in starter_decks()[deck]["cards"]
    )


def deck_name(deck: str) -> str:
    return "Plain 52" if deck == "plain52" else starter_decks()[deck]["name"]


def seat_deck(option: str, seat: int) -> str:
    """The deck a seat plays under the ``deck`` option."""
    if option == "starters":
        return ("riverlands", "highlands")[seat % 2]
    return option


def playing_cards(deck: str) -> tuple[Card, ...]:
    """A deck as poker cards (rank and suit only), for odds."""
    return tuple(Card(c.rank, c.suit) for c in deck_list(deck))


# -- card ids ---------------------------------------------------------------------------------
def owner(cid: str) -> int:
    return int(cid.split("-", 1)[0])


def card_id(seat: int, index: int) -> str:
    return f"{seat}-{index:02d}"


def is_card(state: dict[str, Any], cid: str) -> bool:
    try:
        seat, idx = cid.split("-", 1)
        s, i = int(seat), int(idx)
    except (ValueError, AttributeError):
        return False
    players = state["players"]
    return (
        0 <= s < len(players)
        and 0 <= i < len(deck_list(players[s]["deck"]))
        and cid == card_id(s, i)
    )


@cache
def _instance(deck: str, cid: str) -> Instance:
    return deck_list(deck)[int(cid.split("-", 1)[1])]


@cache
def _design(deck: str, cid: str) -> Mapping[str, Any]:
    return designs()[_instance(deck, cid).design]


@cache
def _seat_of(cid: str) -> int:
    return int(cid.split("-", 1)[0])


@cache
def _type(deck: str, cid: str) -> str:
    return _design(deck, cid)["type"]


def design_in(deck: str, cid: str) -> Mapping[str, Any]:
    """A card's design, given the deck of its seat (what :func:`design` reads from the state)."""
    return _design(deck, cid)


def seat_of(cid: str) -> int:
    """The seat whose deck the card comes from."""
    return _seat_of(cid)


def _deck_of(state: dict[str, Any], cid: str) -> str:
    return state["players"][_seat_of(cid)]["deck"]


def instance(state: dict[str, Any], cid: str) -> Instance:
    return _instance(_deck_of(state, cid), cid)


def design(state: dict[str, Any], cid: str) -> Mapping[str, Any]:
    return _design(state["players"][_seat_of(cid)]["deck"], cid)


def ctype(state: dict[str, Any], cid: str) -> str:
    return _type(state["players"][_seat_of(cid)]["deck"], cid)


def by_card(state: dict[str, Any]) -> Mapping[str, Mapping[str, Any]]:
    """Every card's design by card id, for the decks the seats play: :func:`design` of
    every card at once, so that a listing reads ``by_card(state)[cid]`` per card (a look-up)
    instead of calling :func:`ctype` or :func:`design` (three calls) per card."""
    return _by_card(tuple([p["deck"] for p in state["players"]]))


@cache  # a pure function of the decks; read-only (the designs are the shared ones of designs())
def _by_card(decks: tuple[str, ...]) -> Mapping[str, Mapping[str, Any]]:
    return MappingProxyType(
        {
            card_id(seat, i): designs()[c.design]
            for seat, deck in enumerate(decks)
            for i, c in enumerate(deck_list(deck))
        }
    )


def rank(state: dict[str, Any], cid: str) -> int:
    return instance(state, cid).rank


def poker_card(state: dict[str, Any], cid: str) -> Card:
    i = instance(state, cid)
    return Card(i.rank, i.suit)


def is_wonder(state: dict[str, Any], cid: str) -> bool:
    d = design(state, cid)
    return d["type"] == "creation" and d.get("kind") == "wonder"


# -- words ----------------------------------------------------------------------------------------
def rank_text(r: int) -> str:
    return RANK_NAMES.get(r, str(r))


def face(state: dict[str, Any], cid: str) -> str:
    """Rank and suit as printed on the card, e.g. ``7☾`` (drawn on the table, never in
    a sentence: see :func:`face_words`)."""
    i = instance(state, cid)
    return f"{rank_text(i.rank)}{suits()[i.suit]['symbol']}"


def rank_suit_words(rank: int, suit: str) -> str:
    """A rank and suit in words, e.g. ``7 of Moons``, ``ace of Suns``, ``queen of Leaves``."""
    return f"{RANK_WORDS.get(rank, str(rank))} of {suits()[suit]['plural']}"


def face_words(state: dict[str, Any], cid: str) -> str:
    """The card's face in words, e.g. ``7 of Moons`` (issue #37: no bare suit symbols in
    what a learner reads; the table draws :func:`face`, its legend names the suits)."""
    i = instance(state, cid)
    return rank_suit_words(i.rank, i.suit)


def faces_words(state: dict[str, Any], cids: Any) -> str:
    """Several faces in words, comma-separated: ``9 of Moons, 10 of Waves``."""
    return ", ".join(face_words(state, c) for c in cids)


def name(state: dict[str, Any], cid: str) -> str:
    """The card's name with its face in words, e.g. ``Grassland (7 of Moons)``."""
    return f"{design(state, cid)['name']} ({face_words(state, cid)})"


def _yield_words(y: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in y.items() if n)


EFFECT_WORDS = {
    "consult": lambda n: f"consult {n}",
    "culture": lambda n: f"gain {n} culture counter" + ("s" if n > 1 else ""),
    "grow": lambda n: f"+{n} population to a city you control",
    "research": lambda n: f"{n} research counters on your current research",
    "attack_bonus": lambda n: f"your units get +{n} attack until end of turn",
    "heal_all": lambda n: "remove all damage from your units",
    "cycle": lambda n: "consult, then discard a card",
}
EMPIRE_WORDS = {
    "food": lambda n: f"+{n} food in each of your cities",
    "material": lambda n: f"+{n} material in each of your cities",
    "trade": lambda n: f"+{n} trade each turn",
    "defence": lambda n: f"+{n} defence in each of your cities",
    "clash_cards": lambda n: f"+{n} card in your culture clashes",
    "defence_cards": lambda n: f"+{n} card when you defend a culture clash",
    "council_max": lambda n: f"council size +{n}",
    "explore_pulls": lambda n: f"exploring pulls {n} more card",
    "found_relief": lambda n: f"founding a city costs {n} population less",
    "attack": lambda n: f"your units get +{n} attack",
}
CITY_WORDS = {
    "food": lambda n: f"+{n} food here",
    "material": lambda n: f"+{n} material here",
    "trade": lambda n: f"+{n} trade here",
    "defence": lambda n: f"+{n} defence here",
    "clash_cards": lambda n: f"+{n} card when this city starts a culture clash",
}


def _effects(table: dict[str, Any], words: dict[str, Any]) -> list[str]:
    return [words[k](v) for k, v in table.items()]


@cache
def text(design_id: str) -> str:
    """What a design does, in words (built from the data, so it never drifts from it)."""
    d = designs()[design_id]
    t = d["type"]
    parts: list[str] = []
    if t == "city":
        parts.append("A city: yields 1 material and 1 trade itself")
    elif t in ("terrain",):
        parts.append(f"Yields {_yield_words(d['yields'])}")
    elif t == "mod":
        on = ", ".join(designs()[x]["name"] for x in d["on"])
        parts.append(f"On {on}: +{_yield_words(d['yields'])}")
    elif t in ("discovery", "event"):
        parts += _effects(d["effect"], EFFECT_WORDS)
    elif t == "tech":
        parts.append(f"Research cost {d['cost']}")
        parts += _effects(d.get("bonus", {}), EMPIRE_WORDS)
    elif t == "unit":
        parts.append(
            f"Cost {d['cost']}; attack {d['attack']}, defence {d['defence']}, "
            f"health {d['health']}, move {d['move']}"
        )
    elif t == "creation":
        parts.append(f"{d['kind'].capitalize()}, cost {d['cost']}")
        parts += _effects(d.get("city", {}), CITY_WORDS)
        parts += _effects(d.get("empire", {}), EMPIRE_WORDS)
        if "on_complete" in d:
            parts += ["when done: " + w for w in _effects(d["on_complete"], EFFECT_WORDS)]
        if "ability" in d:
            parts += ["exhaust: " + w for w in _effects(d["ability"], EFFECT_WORDS)]
    elif t == "policy":
        parts += _effects(d["empire"], EMPIRE_WORDS)
    if d.get("requires"):
        parts.append(f"needs {designs()[d['requires']]['name']}")
    words = "; ".join(parts)
    return words[:1].upper() + words[1:] + "."


def public(state: dict[str, Any], cid: str) -> dict[str, Any]:
    """A card as anybody may see it once it is face up."""
    i = instance(state, cid)
    d = designs()[i.design]
    out: dict[str, Any] = {
        "id": cid,
        "design": i.design,
        "name": d["name"],
        "type": d["type"],
        "type_name": TYPE_NAMES[d["type"]],
        "rank": i.rank,
        "suit": i.suit,
        "face": face(state, cid),
        "face_words": face_words(state, cid),
        "owner": owner(cid),
        "text": text(i.design),
    }
    if "kind" in d:
        out["kind"] = d["kind"]
    if "cost" in d:
        out["cost"] = d["cost"]
    return out
